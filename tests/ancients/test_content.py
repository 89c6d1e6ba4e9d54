"""The authored card set: counts and spreads as published, every card playable, and
clear errors for edited content that does not validate."""

from __future__ import annotations

import json
import random
import shutil
from collections import Counter

import pytest

from inkhorn.core.errors import ContentError, OptionError
from inkhorn.games.ancients.content import CONTENT_DIR, describe, load_content
from inkhorn.games.ancients.effects import queue_effects
from inkhorn.games.ancients.rules import ChooseAction
from inkhorn.games.ancients.state import EMPTY
from tests.ancients.helpers import (
    GAME,
    clear_board,
    conservation,
    find,
    fresh,
    give,
    give_artifact,
    give_tech,
    place,
    to_past,
)

C = load_content()


@pytest.mark.rule("§2", "R1")
def test_monument_counts_and_spreads():
    kinds = Counter(m.kind for m in C.monuments)
    assert kinds == {"city": 36, "megalith": 36, "pyramid": 36}
    assert sum(m.locked for m in C.monuments) == 8
    assert {m.column for m in C.monuments} == set(range(1, 7))
    assert all(0 <= m.tokens <= 15 for m in C.monuments)
    assert sum(m.tokens > 10 for m in C.monuments) <= 4, "more than 10 knowledge is rare"
    assert min(m.stars for m in C.monuments) == 0 and max(m.stars for m in C.monuments) == 12
    assert {m.cost for m in C.monuments} == {0, 1, 2, 3, 4}
    mean = {k: sum(m.stars for m in C.monuments if m.kind == k) / 36 for k in kinds}
    assert mean["city"] > mean["megalith"] and mean["city"] > mean["pyramid"], "cities score highest"


def test_monument_effect_timings_match_the_published_counts():
    timing = Counter(e.when for m in C.monuments for e in m.effects)
    assert timing == {"immediate": 27, "timeline": 19, "decline": 27, "endgame": 23, "passive": 12}


@pytest.mark.rule("§2", "R1")
def test_artifact_counts():
    assert len(C.artifacts) == 36
    timing = Counter(e.when for a in C.artifacts for e in a.effects)
    assert timing == {"timeline": 20, "passive": 16}


@pytest.mark.rule("§2", "R1")
def test_technology_counts_levels_types_and_timing():
    lvl = Counter((t.level, t.type) for t in C.techs)
    assert lvl == {(1, ty): 9 for ty in ("ancient", "secret", "writing")} | {
        (2, ty): 6 for ty in ("ancient", "secret", "writing")
    }
    assert all(e.when == "immediate" for t in C.techs if t.level == 1 for e in t.effects)
    assert all(e.when == "endgame" for t in C.techs if t.level == 2 for e in t.effects)
    kinds = {t.requires.kind for t in C.techs}
    assert {"none", "artifacts", "past", "lost", "techs"} <= kinds and kinds & {"hand", "hand_max"}
    assert any(t.requires.kind == "past" and t.requires.of for t in C.techs), "N of one type in the Past"


def test_level_two_technologies_score_two_to_five():
    for t in (t for t in C.techs if t.level == 2):
        ops = [op for e in t.effects for op in e.do]
        low = sum(op.n for op in ops if op.per is None)
        high = low + sum(op.max for op in ops if op.per is not None)
        assert low >= 2 and high <= 5, t.id


@pytest.mark.rule("R1")
def test_every_card_is_playable():
    limit = 10
    for m in C.monuments:
        assert m.cost + 1 <= limit and 1 <= m.column <= 6, m.id
    for a in C.artifacts:
        assert a.cost + 1 <= limit, a.id
    type_count = Counter(t.type for t in C.techs if t.level == 1)
    for t in C.techs:
        r = t.requires
        ceiling = {"none": 0, "past": 36 if r.of else 108, "artifacts": 5, "lost": 90, "hand": limit,
                   "hand_max": limit, "techs": type_count.get(r.of, 27) if r.of else 27}[r.kind]
        assert r.n <= ceiling, t.id
        if r.kind == "past":
            assert r.n <= 14, f"{t.id}: more Past than a game usually lasts"


def test_every_card_has_a_name_and_readable_text():
    names = [c.name for c in C.all]
    assert len(set(names)) == len(names)
    for c in C.all:
        text = describe(c)
        assert getattr(c, "effects", ()) == () or text.endswith("."), c.id
        assert "None" not in text and "{" not in text, c.id


def rich_board():
    """A busy position for seat 0, with an opponent holding artifacts and monuments."""
    state = fresh(3, seed=8)
    clear_board(state)
    state.stack.clear()
    state.turn = 0
    state.actions_left = 2
    pyr = find(state, lambda c: getattr(c, "kind", None) == "pyramid" and c.effects[0].when != "passive")
    to_past(state, 0, *pyr[:8], rotated=True)
    to_past(state, 0, *pyr[8:10])
    mega = find(state, lambda c: getattr(c, "kind", None) == "megalith" and c.effects[0].when == "endgame")
    place(state, 0, mega[0], 3, tokens=2)
    place(state, 0, mega[1], 3, row=1, tokens=1)
    place(state, 0, mega[2], 5, tokens=2)
    place(state, 1, mega[3], 2, tokens=1)
    place(state, 1, mega[4], 4, tokens=1)
    for a in ("a01", "a20", "a21"):
        give_artifact(state, 1, a)
    give(state, 0, *pyr[10:14])
    give(state, 1, *pyr[14:16])
    give(state, 2, *pyr[16:17])
    state.lost[0] = 3
    state.reserve -= 3
    return state


@pytest.mark.parametrize("when", ["immediate", "timeline", "decline"])
@pytest.mark.rule("§7")
def test_every_card_effect_runs_and_leaves_other_artifacts_alone(when):
    """FAQ: artifacts are affected only by their owner's effects; every effect resolves."""
    rng = random.Random(3)
    for x, card in enumerate(C.all):
        if not C.by_trigger[when][x]:
            continue
        state = rich_board()
        if C.is_monument[x]:
            if x in state.deck:
                state.deck.remove(x)
            else:
                continue
            col = 1 if when == "decline" else 2
            state.timeline[col * 2 - 2] = x
        elif C.is_artifact[x]:
            if x in state.deck:
                give_artifact(state, 0, card.id)
            else:
                continue
        else:
            give_tech(state, 0, card.id)
        other_artifacts = state.artifacts[1]
        if when == "decline":
            state.declining = True
            state.work.append(("slide", 0))
            state.work.append(("trig", 0, "decline", (x,)))
            state.phase = "after"
        else:
            queue_effects(state, 0, x, when)
            state.phase = "action"
        state.advance()
        steps = 0
        while not isinstance(state.decision(), ChooseAction) and not (when == "decline" and state.turn != 0):
            state.apply(rng.choice(state.legal_actions()))
            steps += 1
            assert steps < 50, card.id
        conservation(state)
        assert state.artifacts[1] == other_artifacts, card.id


def test_every_card_is_used_in_random_games():
    """No card is unplayable: across seeded random games each one is created or learned."""
    used: set[int] = set()
    for seed in range(60):
        state = GAME.new_game(4, seed)
        rng = random.Random(seed)
        while not state.is_terminal():
            state.apply_trusted(rng.choice(state.legal_actions()))
        for s in range(4):
            used |= set(state.past[s]) | set(state.artifacts[s]) | set(state.techs[s])
            used |= {x for x in state.timeline[s * 12 : s * 12 + 12] if x != EMPTY}
        if len(used) == len(C.all):
            break
    missing = [C.all[x].id for x in range(len(C.all)) if x not in used]
    assert not missing, f"never played: {missing}"


# ---- edited content ----------------------------------------------------------------------------


def edited(tmp_path, name, change):
    folder = tmp_path / "content"
    shutil.copytree(CONTENT_DIR, folder)
    data = json.loads((folder / name).read_text())
    change(data)
    (folder / name).write_text(json.dumps(data))
    return folder


def test_edited_content_loads_through_the_option(tmp_path):
    def richer(data):
        data[0]["stars"] = 12
        data[0]["name"] = "Test Citadel"

    folder = edited(tmp_path, "monuments.json", richer)
    state = GAME.new_game(2, 1, {"content": str(folder)})
    assert state.content.all[0].name == "Test Citadel"
    again = GAME.state_from_json(json.loads(json.dumps(state.to_json())))
    assert again.content.all[0].name == "Test Citadel"


@pytest.mark.parametrize(
    "name,change,words",
    [
        ("monuments.json", lambda d: d[0].__setitem__("column", 7), "column"),
        ("monuments.json", lambda d: d[1].__setitem__("effects", [{"when": "endgame", "do": [{"op": "draw"}]}]), "draw"),
        ("monuments.json", lambda d: d[2].__setitem__("effects", [{"when": "immediate", "do": [{"op": "fly"}]}]), "op"),
        ("monuments.json", lambda d: d[3].__setitem__("id", d[4]["id"]), "twice"),
        ("artifacts.json", lambda d: d[0].__setitem__("effects", [{"when": "decline", "do": [{"op": "draw"}]}]), "artifact"),
        ("technologies.json", lambda d: d[0].__setitem__("requires", {"kind": "past", "of": "castle"}), "requirement"),
        ("technologies.json", lambda d: d[0].__setitem__("level", 3), "level"),
    ],
)
def test_malformed_content_names_the_file_and_problem(tmp_path, name, change, words):
    folder = edited(tmp_path, name, change)
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert words in str(err.value)
    if "twice" not in words:
        assert name in str(err.value)


def test_content_folder_missing_or_not_json(tmp_path):
    with pytest.raises(ContentError):
        GAME.new_game(2, 1, {"content": str(tmp_path / "nowhere")})
    folder = tmp_path / "c"
    shutil.copytree(CONTENT_DIR, folder)
    (folder / "artifacts.json").write_text("{oops")
    with pytest.raises(ContentError) as err:
        load_content(folder)
    assert "artifacts.json" in str(err.value)


def test_bad_options_and_player_counts():
    with pytest.raises(OptionError):
        GAME.new_game(2, 1, {"colour": "red"})
    with pytest.raises(OptionError):
        GAME.new_game(2, 1, {"hand_limit": 0})
    with pytest.raises(OptionError):
        GAME.new_game(5, 1)
    with pytest.raises(OptionError):
        GAME.new_game(1, 1)
