"""Components (rulebook §2 and the published spreads) and the dictionary."""

from __future__ import annotations

import gc
import json
from collections import Counter
from pathlib import Path

import pytest

from inkhorn.core.errors import ContentError, OptionError
from inkhorn.games.novelist.content import COST_SPREAD, SHIPPED, load_content
from inkhorn.games.novelist.words import load_dictionary


@pytest.mark.rule("§2")
def test_genre_cards_match_published_spreads():
    content = load_content()
    genre_cards = [content.cards[c] for c in content.genre_card_ids]
    assert len(genre_cards) == 140
    letters = Counter(c.letter for c in genre_cards)
    for letter in "abcdefghijklmnopqrstuvwxyz":
        assert letters[letter] == (6 if letter in "acefiknprw" else 5), letter
    for genre in ("adventure", "horror", "mystery", "romance"):
        mine = [c for c in genre_cards if c.genre == genre]
        assert len(mine) == 35
        assert len({c.letter for c in mine}) == 26  # every letter once, plus 9 extras
        assert dict(Counter(c.cost for c in mine)) == COST_SPREAD
        assert sum(c.classic for c in mine) == 4
    assert sum(c.classic for c in genre_cards) == 16


@pytest.mark.rule("§2")
def test_benefit_patterns_lean_by_genre():
    content = load_content()
    by = {g: [content.cards[c] for c in content.genre_card_ids if content.cards[c].genre == g]
          for g in ("adventure", "horror", "mystery", "romance")}
    assert sum(c.buy_prestige > 0 for c in by["adventure"]) >= 15  # about half give prestige when bought
    assert {c.special for c in by["adventure"]} >= {"trash_self"}
    assert {c.special for c in by["horror"]} >= {"coin_or_prestige", "ink_or_remover"}
    assert {c.special for c in by["mystery"]} >= {"uncover", "jail"}
    assert {c.special for c in by["romance"]} >= {"double", "trash_other"}
    scaling = {c.special for cs in by.values() for c in cs} & {"per_genre", "per_ink", "per_wild"}
    assert scaling == {"per_genre", "per_ink", "per_wild"}
    for cs in by.values():
        for c in cs:
            assert c.coins <= 3 and c.prestige <= 5
            assert c.genre_coins <= 2 and c.genre_prestige <= 2


@pytest.mark.rule("§2")
def test_starting_cards_events_rivals_and_tables():
    content = load_content()
    start = [content.cards[c] for c in content.coin_ids[0]]
    assert "".join(c.letter for c in start) == "aeilnrst" and all(c.coins == 1 and c.cost == 0 for c in start)
    prestige = [content.cards[c] for c in content.prestige_ids]
    assert "".join(c.letter for c in prestige) == "bcdghmopuy" and all(c.prestige == 1 for c in prestige)
    assert len(content.events) == 25 and len({e.key for e in content.events}) == 25
    assert len(content.rivals) == 2
    assert [(a.length, a.prestige) for a in content.awards] == [(7, 5), (8, 6), (9, 7), (10, 9), (11, 12), (12, 15)]
    assert [(a.cost, a.prestige) for a in content.adverts] == [(6, 3), (9, 3), (12, 4), (15, 5), (18, 5)]
    assert len(content.powers) == 10
    costs = {p.key: p.ink for p in content.powers}
    assert costs == {"borrow": 3, "flourish": 2, "research": 3, "ghostwriter": 2, "glance": 1,
                     "triangle": 3, "smudge": 3, "shrink": 0, "heckle": 2, "detour": 3}
    assert content.ink_supply == 38 and content.remover_supply == 18



def test_card_actions_are_each_cards_id_made_once():
    content = load_content()
    assert set(content.card_actions) == {"wild", "up", "buy", "remove"}
    for kind, ids in content.card_actions.items():
        assert ids == tuple(f"{kind}:{c}" for c in range(len(content.cards)))
    assert content.card_actions is content.card_actions

def _copy_content(tmp_path: Path) -> Path:
    for name in ("cards.json", "events.json", "tables.json"):
        (tmp_path / name).write_text((SHIPPED / name).read_text())
    return tmp_path


def test_malformed_content_names_file_and_problem(tmp_path):
    folder = _copy_content(tmp_path)
    data = json.loads((folder / "cards.json").read_text())
    data["genre_cards"][0]["cost"] = 3  # breaks the adventure cost spread
    (folder / "cards.json").write_text(json.dumps(data))
    with pytest.raises(ContentError, match="cards.json.*cost spread"):
        load_content(str(folder))
    (folder / "cards.json").write_text("{not json")
    with pytest.raises(ContentError, match="not valid JSON"):
        load_content(str(folder) + "/")


def test_edited_content_loads_through_the_option(tmp_path):
    from tests.novelist.helpers import new

    folder = _copy_content(tmp_path)
    data = json.loads((folder / "tables.json").read_text())
    data["hand_size"] = 6
    (folder / "tables.json").write_text(json.dumps(data))
    state = new(2, 0, content=str(folder))
    assert len(state.hand[0]) == 6


@pytest.mark.rule("§5.Letters")
def test_dictionary_is_large_with_inflections_and_no_names():
    d = load_dictionary()
    assert len(d) >= 80_000
    for word in ("cats", "walked", "running", "happier", "mice", "quartz", "ox", "qi"):
        assert word in d, word
    for bad in ("london", "nasa", "kb", "ls", "a", "i"):
        assert bad not in d, bad
    # 112,000 words and indexes that never change: nothing the cycle collector walks
    gc.collect()
    assert not any(gc.is_tracked(part) for part in (d.words, d.index.sigs, d.index.words))


@pytest.mark.rule("§5.Letters")
def test_dictionary_option_loads_another_list(tmp_path):
    from tests.novelist.helpers import new

    path = tmp_path / "tiny.txt"
    path.write_text("Tea\nate\neat\nx\nzzz1\n")
    d = load_dictionary(str(path))
    assert set(d.words) == {"tea", "ate", "eat"}
    state = new(2, 0, dictionary=str(path))
    assert state.dictionary is d
    with pytest.raises(OptionError, match="no such file"):
        new(2, 0, dictionary=str(tmp_path / "missing.txt"))
