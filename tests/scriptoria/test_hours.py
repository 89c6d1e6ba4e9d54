"""First Hour (inks) and Second Hour (lecterns), with the rulebook's Examples 1 to 5."""

from __future__ import annotations

import pytest

from inkhorn.core.checks import snapshot
from inkhorn.core.errors import IllegalAction
from inkhorn.games.scriptoria.rules import ChooseReceiver, GiveLectern, InkTurn, LastTurn, PickLectern
from inkhorn.games.scriptoria.state import LAST, LECTERNS

from .helpers import inks, new


def _cup(state, **counts):
    for col in range(5):
        state.ink_bag[col] += state.cup[col]
    state.cup = inks(**counts)
    for col in range(5):
        state.ink_bag[col] -= state.cup[col]


# ---- First Hour ------------------------------------------------------------------------------


@pytest.mark.rule("First-Hour")
def test_first_hour_archivist_starts_and_play_goes_clockwise():
    state = new(3)
    state.archivist = state.turn = 1
    state.stack = [InkTurn(1)]
    state.apply("take:red+blue")
    assert state.current_seat() == 2
    state.apply("take:red")
    assert state.current_seat() == 0


@pytest.mark.rule("First-Hour")
def test_first_hour_up_to_two_different_inks():
    state = new(3)
    _cup(state, red=3, blue=1)
    legal = state.legal_actions()
    assert {"take:red", "take:blue", "take:red+blue", "grimoire"} == set(legal)
    assert not any(a.count("red") == 2 for a in legal)
    state.apply("take:red+blue")
    assert state.ink_row(0) == inks(red=1, blue=1)
    assert state.cup == inks(red=2)


@pytest.mark.rule("First-Hour")
def test_first_hour_no_gold_with_black():
    state = new(3)
    _cup(state, gold=2, black=2)
    legal = state.legal_actions()
    assert "take:black+gold" not in legal
    assert {"take:black", "take:gold"} <= set(legal)
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="gold and black"):
        state.apply("take:black+gold")
    assert snapshot(state) == before


@pytest.mark.rule("First-Hour")
def test_first_hour_grimoire_withdraws_from_the_hour():
    state = new(3)
    _cup(state, red=4, blue=4)
    state.apply("take:red+blue")  # seat 0
    state.apply("grimoire")  # seat 1 withdraws
    assert state.grimoire == 1 and state.ink_row(1) == [0] * 5
    state.apply("take:red+blue")  # seat 2
    assert state.current_seat() == 0  # seat 1 is skipped from now on
    state.apply("take:red+blue")
    assert state.current_seat() == 2
    assert "grimoire" not in state.legal_actions()  # a single Grimoire


@pytest.mark.rule("First-Hour")
def test_first_hour_ends_when_the_cup_is_empty_even_if_someone_got_nothing():
    state = new(3)
    _cup(state, green=2)
    state.apply("take:green")
    state.apply("take:green")
    assert state.phase == LECTERNS
    assert state.ink_row(2) == [0] * 5
    assert not isinstance(state.decision(), InkTurn)


@pytest.mark.rule("First-Hour")
def test_example_1_two_red_inks_left():
    state = new(3)
    _cup(state, red=2)
    # Sister Alexandra (seat 0) can take only one: two of the same colour is not allowed
    assert "take:red" in state.legal_actions()
    with pytest.raises(IllegalAction):
        state.apply("take:red+red")
    state.apply("take:red")
    state.apply("take:red")  # Sister Anna takes the last one
    assert state.cup == [0] * 5 and state.phase == LECTERNS


@pytest.mark.rule("First-Hour")
def test_example_2_black_and_gold_left():
    state = new(3)
    _cup(state, gold=2, black=2, red=1, blue=1)
    state.apply("take:red+gold")  # Brother Fabianus
    state.apply("take:blue+black")  # Brother Florentius
    assert state.cup == inks(black=1, gold=1)
    legal = state.legal_actions()  # Brother Philippus must choose one or the other
    assert "take:black+gold" not in legal and {"take:black", "take:gold"} <= set(legal)
    state.apply("take:black")
    assert state.current_seat() == 0
    state.apply("take:gold")  # the next copyist takes the remaining ink
    assert state.phase == LECTERNS
    assert state.ink_row(0) == inks(red=1, gold=2)


@pytest.mark.rule("First-Hour")
def test_example_3_sister_solina_studies():
    state = new(3)
    _cup(state, gold=1, black=1, red=2, green=1, blue=1)
    state.apply("take:red+gold")  # Sister Anna
    state.apply("take:blue+black")  # Sister Alexandra
    state.apply("grimoire")  # Sister Solina studies
    assert state.current_seat() == 0
    state.apply("take:red+green")  # Sister Anna takes the remaining inks
    assert state.phase == LECTERNS
    assert state.grimoire == 2
    assert state.ink_row(0) == inks(red=2, green=1, gold=1)
    assert state.ink_row(2) == [0] * 5


# ---- Second Hour -----------------------------------------------------------------------------


def _to_lecterns(state, grimoire=None):
    for col in range(5):
        state.ink_bag[col] += state.cup[col]
    state.cup = [0] * 5
    state.grimoire = -1 if grimoire is None else grimoire
    state.stack = []
    state.phase = LECTERNS
    state.giver = state.archivist
    state.advance()
    return state


def _lectern_ids(state):
    return [state.content.lectern_ids[k] for k in state.lecterns]


@pytest.mark.rule("Second-Hour")
def test_second_hour_grimoire_holder_picks_first():
    state = _to_lecterns(new(3), grimoire=2)
    assert isinstance(state.decision(), PickLectern) and state.current_seat() == 2
    choice = _lectern_ids(state)[1]
    state.apply(f"lectern:{choice}")
    assert state.lectern_owner[1] == 2
    # then the Archivist gives, and nobody may give to the Grimoire holder again
    assert isinstance(state.decision(), GiveLectern) and state.current_seat() == 0
    assert f"lectern:{choice}" not in state.legal_actions()
    state.apply(state.legal_actions()[0])
    assert state.legal_actions() == ["to:seat1"] or state.lectern_owner.count(1) == 1


@pytest.mark.rule("Second-Hour")
def test_example_4_giving_chain_comes_back_to_the_archivist():
    state = _to_lecterns(new(3))
    ids = _lectern_ids(state)
    state.apply(f"lectern:{ids[0]}")  # Brother Fabianus (seat 0, Archivist) ...
    assert isinstance(state.decision(), ChooseReceiver)
    assert state.legal_actions() == ["to:seat1", "to:seat2"]
    state.apply("to:seat1")  # ... gives Brother Florentius a lectern
    assert state.current_seat() == 1
    state.apply(f"lectern:{ids[1]}")
    state.apply("to:seat2")  # Florentius gives Brother Philippus one
    assert state.current_seat() == 2
    state.apply(f"lectern:{ids[2]}")  # Philippus must give Fabianus one: no receiver choice
    assert state.lectern_owner[:3] == [1, 2, 0]
    assert isinstance(state.decision(), LastTurn)


@pytest.mark.rule("Second-Hour")
def test_example_5_a_copyist_gives_twice():
    state = _to_lecterns(new(3))
    ids = _lectern_ids(state)
    state.apply(f"lectern:{ids[0]}")
    state.apply("to:seat1")  # Sister Alexandra gives Sister Anna a lectern
    state.apply(f"lectern:{ids[1]}")
    state.apply("to:seat0")  # Sister Anna gives Sister Alexandra one back
    assert state.current_seat() == 0  # Alexandra gives again ...
    assert isinstance(state.decision(), GiveLectern)
    state.apply(f"lectern:{ids[2]}")  # ... to Sister Solina, the only one left
    assert state.lectern_owner[:3] == [1, 0, 2]


@pytest.mark.rule("Second-Hour")
def test_second_hour_one_and_only_one_lectern_each_and_last_to_scriptorium():
    state = _to_lecterns(new(4, seed=5))
    before = len(state.scriptorium)
    while state.phase == LECTERNS:
        state.apply(state.legal_actions()[-1])
    owners = state.lectern_owner
    assert sorted(o for o in owners if o >= 0) == [0, 1, 2, 3]
    left = owners.index(-1)
    assert state.lectern_sketches[left] == ()
    assert len(state.scriptorium) == before + 4
    assert state.phase == LAST


@pytest.mark.rule("Two-Copyists", "Second-Hour")
def test_two_player_rule_grimoire_holder_then_other_chooses():
    state = _to_lecterns(new(2), grimoire=1)
    assert isinstance(state.decision(), PickLectern) and state.current_seat() == 1
    ids = _lectern_ids(state)
    state.apply(f"lectern:{ids[0]}")
    # the other copyist chooses their own among the two left
    assert isinstance(state.decision(), PickLectern) and state.current_seat() == 0
    assert state.legal_actions() == [f"lectern:{ids[1]}", f"lectern:{ids[2]}"]
    state.apply(f"lectern:{ids[2]}")
    assert state.lectern_owner == [1, -1, 0]
    assert state.phase == LAST


@pytest.mark.rule("Second-Hour", "Two-Copyists")
def test_two_player_without_grimoire_follows_the_giving_chain():
    state = _to_lecterns(new(2))
    ids = _lectern_ids(state)
    assert isinstance(state.decision(), GiveLectern) and state.current_seat() == 0
    state.apply(f"lectern:{ids[0]}")  # only one possible receiver: seat 1
    assert state.lectern_owner[0] == 1
    assert isinstance(state.decision(), GiveLectern) and state.current_seat() == 1
    state.apply(f"lectern:{ids[1]}")
    assert state.lectern_owner == [1, 0, -1]


@pytest.mark.rule("Second-Hour")
def test_second_hour_archivist_holding_the_grimoire_still_starts_the_chain():
    state = _to_lecterns(new(4), grimoire=0)
    ids = _lectern_ids(state)
    state.apply(f"lectern:{ids[4]}")  # the Archivist keeps a lectern as Grimoire holder
    assert isinstance(state.decision(), GiveLectern) and state.current_seat() == 0
    state.apply(f"lectern:{ids[0]}")
    assert state.legal_actions() == ["to:seat1", "to:seat2", "to:seat3"]
    state.apply("to:seat3")
    assert state.current_seat() == 3
    state.apply(f"lectern:{ids[1]}")
    assert state.legal_actions() == ["to:seat1", "to:seat2"]  # never back to the Archivist


@pytest.mark.rule("Second-Hour", "Master")
def test_master_variant_four_players_reuses_four_of_yesterdays_lecterns():
    state = new(4, seed=2, master=True)
    left_out, used = set(state.prev_unused), set(state.lecterns)
    while state.day == 1:
        state.apply(state.legal_actions()[-1])
    today = set(state.lecterns)
    assert left_out <= today and len(today & used) == 4
