"""Set-up per player count and the authored components (rulebook: Contents, Set-up)."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from inkhorn.core.errors import ContentError
from inkhorn.games.scriptoria.content import COLOURS, KINDS, SHIPPED, SUPPLIES, load_content
from inkhorn.games.scriptoria.rules import InkTurn
from inkhorn.games.scriptoria.state import HELP_TOKENS

from .helpers import new


@pytest.mark.rule("Setup", "Day-Setup")
@pytest.mark.parametrize("players,expected", [(2, 20), (3, 12), (4, 0)])
def test_setup_scriptorium_sketches_per_player_count(players, expected):
    state = new(players)
    assert len(state.scriptorium) == expected


@pytest.mark.rule("Setup", "Day-Setup")
@pytest.mark.parametrize("players,lecterns", [(2, 3), (3, 4), (4, 5)])
def test_setup_lecterns_per_player_count_with_four_sketches_each(players, lecterns):
    state = new(players, seed=7)
    assert len(state.lecterns) == lecterns
    assert all(len(s) == 4 for s in state.lectern_sketches)
    assert len(set(state.lecterns)) == lecterns
    assert sorted(state.prev_unused + tuple(state.lecterns)) == list(range(6))


@pytest.mark.rule("Setup", "Day-Setup")
@pytest.mark.parametrize("players,cup", [(2, 11), (3, 17), (4, 23)])
def test_setup_cup_inks_per_player_count(players, cup):
    state = new(players, seed=3)
    assert sum(state.cup) == cup
    assert sum(state.cup) + sum(state.ink_bag) == 78


@pytest.mark.rule("Setup")
def test_setup_help_tokens_scores_and_first_decision():
    state = new(3)
    assert state.help_left == [HELP_TOKENS] * 3 == [3, 3, 3]
    assert state.points == [0, 0, 0]
    assert state.day == 1
    assert isinstance(state.decision(), InkTurn)
    assert state.current_seat() == state.archivist == 0


@pytest.mark.rule("Setup", "Appendix-III")
def test_setup_achievements_sorted_five_three_two():
    c = load_content()
    assert [len(p) for p in c.achievements] == [3, 3, 3, 3, 3]
    assert all([a[2] for a in pile] == [5, 3, 2] for pile in c.achievements)
    assert c.part_ids == ("left_frieze", "right_frieze", "letters", "miniature", "manuscript")


@pytest.mark.rule("Contents")
def test_content_counts_match_the_published_box():
    c = load_content()
    kinds = Counter(KINDS[s.kind] for s in c.sketches)
    assert kinds == {"border": 60, "corner": 26, "text": 20, "miniature": 28, "dropcap": 6}
    assert sum(c.ink_counts) == 78
    assert all(n > 0 for n in c.ink_counts)
    assert sorted(SUPPLIES[s] for s in c.lectern_supply) == sorted(SUPPLIES)
    assert len(c.lectern_ids) == 6
    assert sum(len(p) for p in c.achievements) == 15


@pytest.mark.rule("Contents")
def test_content_most_sketches_need_black():
    c = load_content()
    with_black = sum(1 for s in c.sketches if s.cost[COLOURS.index("black")] > 0)
    assert with_black > len(c.sketches) * 0.75


@pytest.mark.rule("Contents")
def test_content_scroll_layout():
    c = load_content()
    kinds = Counter(KINDS[k] for k in c.slot_kind)
    assert kinds["text"] == 3 and kinds["corner"] == 4
    left, right, letters, miniature, whole = c.part_slots
    assert {KINDS[c.slot_kind[i]] for i in left} == {"corner", "border"} == {KINDS[c.slot_kind[i]] for i in right}
    assert {c.slot_side[i] for i in left} == {"left"} and {c.slot_side[i] for i in right} == {"right"}
    assert {KINDS[c.slot_kind[i]] for i in letters} == {"text", "dropcap"}
    assert {KINDS[c.slot_kind[i]] for i in miniature} == {"miniature"}
    assert sorted(whole) == list(range(len(c.slot_ids)))


def _write(tmp_path, name, data):
    p = tmp_path / name
    p.write_text(json.dumps(data))
    return str(p)


@pytest.mark.rule("Contents")
def test_content_option_loads_an_edited_file(tmp_path):
    c = load_content()
    path = _write(tmp_path, "mine.json", {"inks": {"colours": [
        {"colour": col, "name": col, "count": 30} for col in COLOURS]}})
    state = new(3, content=path)
    assert state.content.ink_counts == (30,) * 5
    assert sum(state.cup) + sum(state.ink_bag) == 150
    assert state.content.sketches == c.sketches


@pytest.mark.rule("Contents")
def test_content_option_loads_a_folder(tmp_path):
    shipped = json.loads((SHIPPED / "sketches.json").read_text())
    shipped["sketches"][0]["points"] = 9
    _write(tmp_path, "sketches.json", shipped)
    state = new(2, content=str(tmp_path))
    assert state.content.sketches[0].points == 9


@pytest.mark.parametrize(
    "data,problem",
    [
        ({"inks": {"colours": [{"colour": "purple", "name": "x", "count": 3}]}}, "colour"),
        ({"sketches": {"sketches": [{"id": "X", "kind": "border", "name": "x", "cost": {"black": -1}, "points": 1}]}}, "ink count"),
        ({"lecterns": {"lecterns": [{"id": "a", "name": "a", "supply": "quill"}]}}, "at least 5 lecterns"),
        ({"achievements": {"achievements": [{"id": "a", "part": "nowhere", "name": "a", "points": 5}]}}, "unknown part"),
        ({"pages": {}}, "unknown section"),
    ],
)
@pytest.mark.rule("Contents")
def test_content_malformed_raises_content_error_naming_file(tmp_path, data, problem):
    path = _write(tmp_path, "bad.json", data)
    with pytest.raises(ContentError) as err:
        new(3, content=path)
    assert problem in str(err.value)
    assert "bad.json" in str(err.value)


@pytest.mark.rule("Contents")
def test_content_not_json_and_missing_file(tmp_path):
    p = tmp_path / "broken.json"
    p.write_text("{not json")
    with pytest.raises(ContentError, match="not valid JSON"):
        new(3, content=str(p))
    with pytest.raises(ContentError, match="not found"):
        new(3, content=str(tmp_path / "nothing.json"))
