"""The authored texts, exemplars and decoration tiles, and content validation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from inkhorn.core.errors import ContentError, OptionError
from inkhorn.games.manuscript.content import FILES, load_content
from tests.manuscript.helpers import GAME, new

SHIPPED = Path(__file__).resolve().parents[2] / "inkhorn" / "games" / "manuscript" / "content"


@pytest.mark.rule("Contents")
def test_component_counts_match_the_contents_list():
    c = load_content()
    assert (len(c.texts), len(c.exemplars), len(c.decorations)) == (61, 14, 14)
    assert len(set(c.deco_of)) == 14  # one tile per exemplar


@pytest.mark.parametrize(
    "slug, shape, single, double",
    [
        ("lanval", ("verse", 4, 3), 2, None),
        ("perceval", ("verse", 4, 8), 8, 14),
        ("courtiers-trifles", ("prose", 56), 15, None),
        ("saturn-solomon", ("prose", 24), None, 11),
    ],
)
@pytest.mark.rule("Contents")
def test_rulebook_example_cards_are_exact(slug, shape, single, double):
    t = load_content().texts[load_content().text_index[slug]]
    got = (t.form, t.line_length, t.lines) if t.form == "verse" else (t.form, t.squares)
    assert got == shape
    if single is not None:
        assert t.points_single == single
    if double is not None:
        assert t.points_double == double


@pytest.mark.rule("Contents")
def test_points_grow_with_squares_and_double_spacing_pays_more():
    texts = load_content().texts
    by_size = sorted(texts, key=lambda t: t.total)
    for small, big in zip(by_size, by_size[1:]):
        assert small.points_single <= big.points_single
    assert all(t.points_double > t.points_single for t in texts)


@pytest.mark.rule("Contents")
def test_exemplars_list_real_components_from_the_texts():
    c = load_content()
    harley = c.exemplars[c.exemplar_index["harley-978"]]
    assert "lanval" in harley.texts
    nero = c.exemplars[c.exemplar_index["cotton-nero"]]
    assert set(nero.texts) == {"pearl", "cleanness", "patience", "gawain"}
    tars = [e.id for e in c.exemplars if "king-of-tars" in e.texts]
    assert set(tars) == {"auchinleck", "vernon"}
    for e in c.exemplars:
        assert 1 <= e.partial_needs < len(e.texts) and e.partial_bonus < e.total_bonus


@pytest.mark.rule("Contents")
def test_every_text_fits_a_page():
    state = new()
    for t in state.content.texts:
        assert state.geo.layout((t.line_length,) * t.lines if t.form == "verse" else (min(12, t.squares),) *
                                (t.squares // min(12, t.squares)), False, 0, 0) is not None


def edited(tmp_path, change):
    data = {f: json.loads((SHIPPED / f).read_text()) for f in FILES}
    change(data)
    for f, d in data.items():
        (tmp_path / f).write_text(json.dumps(d))
    return str(tmp_path)


def test_edited_content_folder_loads(tmp_path):
    def cheaper(d):
        d["texts.json"]["texts"][0]["points_single"] = 3
    path = edited(tmp_path, cheaper)
    state = GAME.new_game(2, 0, {"content": path})
    assert state.content.texts[0].points_single == 3


@pytest.mark.parametrize(
    "change, message",
    [
        (lambda d: d["texts.json"]["texts"][0].pop("lines"), "texts.json: entry lanval"),
        (lambda d: d["texts.json"]["texts"].append(dict(d["texts.json"]["texts"][0])), "duplicate id 'lanval'"),
        (lambda d: d["exemplars.json"]["exemplars"][0]["texts"].append("no-such-text"), "unknown component text"),
        (lambda d: d["exemplars.json"]["exemplars"][0].update(partial_bonus=99), "total_bonus must exceed"),
        (lambda d: d["decorations.json"]["decorations"][0].update(shape=["#", "##"]), "equal length"),
        (lambda d: d["texts.json"]["texts"][0].update(points_double=1), "double-spaced points"),
    ],
)
def test_malformed_content_names_file_and_problem(tmp_path, change, message):
    path = edited(tmp_path, change)
    with pytest.raises(ContentError, match=message):
        GAME.new_game(2, 0, {"content": path})


def test_missing_content_file(tmp_path):
    with pytest.raises(ContentError, match="file not found"):
        GAME.new_game(2, 0, {"content": str(tmp_path)})


@pytest.mark.parametrize(
    "options, message",
    [
        ({"no_such": 1}, "unknown option"),
        ({"page_rows": 17}, "even number of rows"),
        ({"page_rows": 4}, "page_rows"),
        ({"shop_costs": "1,1,2"}, "comma-separated"),
    ],
)
def test_bad_options(options, message):
    with pytest.raises(OptionError, match=message):
        GAME.new_game(2, 0, options)


@pytest.mark.rule("Setup.1")
@pytest.mark.parametrize("players", [1, 5])
def test_two_to_four_scribes(players):
    with pytest.raises(OptionError):
        GAME.new_game(players, 0)
