"""Last Hour: placing sketches, paying inks, gold, borders, Supplies, Help, achievements."""

from __future__ import annotations

import pytest

from inkhorn.core.checks import snapshot
from inkhorn.core.errors import IllegalAction
from inkhorn.games.scriptoria.rules import (
    ChooseSide,
    DiscardSketch,
    HelpTake,
    LastTurn,
    PayGold,
    PayOrFree,
    QuillChoice,
)
from inkhorn.games.scriptoria.state import EMPTY, END_OF_DAY

from .helpers import (
    fill_slots,
    find_sketch,
    give_stock,
    idx,
    inks,
    new,
    set_inks,
    set_lectern_sketches,
    to_last_hour,
)

CORNER_KR = {"red": 1, "black": 1}  # a corner costing 1 red + 1 black
TEXT_KK = {"black": 2}


def _slot(state, slot_id):
    return state.content.slot_ids.index(slot_id)


@pytest.mark.rule("Last-Hour")
def test_last_hour_starts_with_archivist_and_goes_clockwise():
    state = to_last_hour(new(3), seat=1)
    assert isinstance(state.decision(), LastTurn) and state.current_seat() == 1
    state.apply("end")
    assert state.current_seat() == 2
    state.apply("end")
    assert state.current_seat() == 0
    state.apply("end")
    assert state.phase == END_OF_DAY or state.day == 2


@pytest.mark.rule("Last-Hour")
def test_last_hour_place_from_lectern_or_from_own_stock():
    state = to_last_hour(new(3), lectern="red")
    a = find_sketch(state, "text", TEXT_KK)
    b = find_sketch(state, "text", TEXT_KK, exclude=(a,))
    set_lectern_sketches(state, 0, a)
    give_stock(state, 0, b)
    set_inks(state, 0, black=4)
    legal = state.legal_actions()
    assert f"place:{a}" in legal and f"place:{b}" in legal
    state.apply(f"place:{a}")
    state.apply(f"place:{b}")
    assert state.stocks[0] == () and state.lectern_sketches[state.lectern_of(0)] == ()
    assert state.ink_row(0) == [0] * 5
    assert state.points[0] == 2 * state.content.sketches[idx(state, a)].points


@pytest.mark.rule("Last-Hour")
def test_last_hour_sketch_of_another_copyist_cannot_be_placed():
    state = to_last_hour(new(3))
    other = give_stock(state, 1, find_sketch(state, "text", TEXT_KK))[0]
    set_inks(state, 0, black=4)
    sid = state.content.sketches[other].id
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="neither on your lectern nor in your stock"):
        state.apply(f"place:{sid}")
    assert snapshot(state) == before


@pytest.mark.rule("Last-Hour")
def test_placement_follows_slot_types_and_one_sketch_per_slot():
    state = to_last_hour(new(3), lectern="red")
    c = state.content
    text = find_sketch(state, "text", TEXT_KK)
    give_stock(state, 0, text)
    set_inks(state, 0, black=2)
    fill_slots(state, 0, ["T1", "T2", "T3"])  # every text slot taken
    assert f"place:{text}" not in state.legal_actions()
    with pytest.raises(IllegalAction, match="no free slot"):
        state.apply(f"place:{text}")
    # a corner goes only to a corner, and the copyist picks the page
    corner = find_sketch(state, "corner", CORNER_KR)
    give_stock(state, 0, corner)
    set_inks(state, 0, black=1, red=1)
    state.apply(f"place:{corner}")
    assert isinstance(state.decision(), ChooseSide)
    assert state.legal_actions() == ["side:left", "side:right"]
    state.apply("side:right")
    i = idx(state, corner)
    slot = state.scrolls[0].index(i)
    assert c.slot_ids[slot] == "RC1" and c.slot_kind[slot] == c.sketches[i].kind


@pytest.mark.rule("Last-Hour")
def test_side_is_not_asked_when_only_one_page_has_room():
    state = to_last_hour(new(3), lectern="red")
    fill_slots(state, 0, ["LC1", "LC2"])
    corner = find_sketch(state, "corner", CORNER_KR)
    give_stock(state, 0, corner)
    set_inks(state, 0, black=1, red=1)
    state.apply(f"place:{corner}")
    assert isinstance(state.decision(), LastTurn)
    assert state.scrolls[0][_slot(state, "RC1")] == idx(state, corner)


@pytest.mark.rule("Last-Hour")
def test_ink_costs_are_paid_and_return_to_the_bag():
    state = to_last_hour(new(3), lectern="quill")
    text = find_sketch(state, "text", {"black": 2, "red": 1})
    give_stock(state, 0, text)
    set_inks(state, 0, black=1, red=1)
    assert f"place:{text}" not in state.legal_actions()  # one black short
    set_inks(state, 0, black=3, red=1)
    bag = state.ink_bag[:]
    state.apply(f"place:{text}")
    assert state.ink_row(0) == inks(black=1)
    assert state.ink_bag == [bag[0] + 1, bag[1], bag[2], bag[3] + 2, bag[4]]
    assert state.points[0] == state.content.sketches[idx(state, text)].points


@pytest.mark.rule("Last-Hour")
def test_gold_replaces_any_colour_but_black():
    state = to_last_hour(new(3), lectern="quill")
    text = find_sketch(state, "text", {"black": 2, "red": 1})
    give_stock(state, 0, text)
    set_inks(state, 0, black=2, gold=1)  # gold pays the red
    assert f"place:{text}" in state.legal_actions()
    state.apply(f"place:{text}")
    assert state.ink_row(0) == [0] * 5
    other = find_sketch(state, "text", TEXT_KK)
    give_stock(state, 0, other)
    set_inks(state, 0, black=1, gold=3)  # gold never pays black
    assert f"place:{other}" not in state.legal_actions()


@pytest.mark.rule("Last-Hour")
def test_payment_choice_is_asked_only_when_both_gold_and_colour_could_pay():
    state = to_last_hour(new(3), lectern="quill")
    mini = find_sketch(state, "miniature", {"black": 1, "red": 2, "blue": 1})
    give_stock(state, 0, mini)
    set_inks(state, 0, black=1, red=1, blue=1, gold=2)
    state.apply(f"place:{mini}")
    step = state.decision()
    assert isinstance(step, PayGold) and len(step.golds) == 0
    # red needs 2, 1 red held: at least 1 gold; blue needs none of the gold so both 1 and 2 fit
    assert state.legal_actions() == ["gold:1", "gold:2"]
    state.apply("gold:2")
    # both golds are gone: blue must be paid with blue, no question asked
    assert isinstance(state.decision(), LastTurn)
    assert state.ink_row(0) == inks(red=1)


@pytest.mark.rule("Last-Hour")
def test_payment_never_offers_an_unpayable_split():
    state = to_last_hour(new(3), lectern="quill")
    mini = find_sketch(state, "miniature", {"black": 1, "red": 2, "blue": 1})
    give_stock(state, 0, mini)
    set_inks(state, 0, black=1, red=2, gold=1)  # the gold must be kept for the blue
    state.apply(f"place:{mini}")
    assert isinstance(state.decision(), LastTurn)
    assert state.ink_row(0) == [0] * 5


@pytest.mark.rule("Last-Hour", "Course-of-a-Day")
def test_example_6_border_paid_and_border_placed_free():
    state = to_last_hour(new(3), lectern="quill")
    b1 = find_sketch(state, "border", {"black": 1, "gold": 1, "green": 1})
    b2 = find_sketch(state, "border", {"black": 1, "gold": 1, "green": 1}, exclude=(b1,))
    give_stock(state, 0, b1, b2)
    set_inks(state, 0, black=1, gold=1, green=1)
    state.apply(f"place:{b1}")  # Brother Fabianus executes the first border
    state.apply("side:left")
    assert isinstance(state.decision(), PayOrFree)
    state.apply("pay")
    assert state.points[0] == 3 and state.ink_row(0) == [0] * 5
    state.apply(f"place:{b2}")  # the second is placed free on a free border slot
    state.apply("side:left")
    assert isinstance(state.decision(), LastTurn)  # no inks: placed free without asking
    assert state.points[0] == 3
    assert idx(state, b2) in state.scrolls[0]


@pytest.mark.rule("Last-Hour", "Course-of-a-Day")
def test_border_free_placement_offered_when_affordable():
    state = to_last_hour(new(3), lectern="quill")
    b = find_sketch(state, "border", {"black": 1, "gold": 1, "green": 1})
    give_stock(state, 0, b)
    set_inks(state, 0, black=1, gold=1, green=1)
    state.apply(f"place:{b}")
    state.apply("side:right")
    state.apply("free")
    assert state.points[0] == 0 and state.ink_row(0) == inks(black=1, gold=1, green=1)


@pytest.mark.rule("Last-Hour", "Appendix-I")
@pytest.mark.parametrize("colour", ["red", "blue", "green", "black"])
def test_supply_inkwell_waives_its_colour_for_the_turn(colour):
    state = to_last_hour(new(3), lectern=colour)
    cost = {"black": 1, colour: 1} if colour != "black" else {"black": 2}
    kind = "corner" if colour != "black" else "text"
    sid = find_sketch(state, kind, cost)
    give_stock(state, 0, sid)
    held = {k: v for k, v in cost.items() if k != colour}
    set_inks(state, 0, **held)
    assert f"place:{sid}" in state.legal_actions()
    state.apply(f"place:{sid}")
    if isinstance(state.decision(), ChooseSide):
        state.apply("side:left")
    assert state.ink_row(0) == [0] * 5
    assert state.points[0] == state.content.sketches[idx(state, sid)].points


@pytest.mark.rule("Last-Hour", "Appendix-I")
def test_gold_leaf_waives_gold_cost_but_not_gold_standing_in_for_a_colour():
    state = to_last_hour(new(3), lectern="gold")
    text = find_sketch(state, "text", {"black": 2, "gold": 1})
    give_stock(state, 0, text)
    set_inks(state, 0, black=2)
    state.apply(f"place:{text}")
    assert state.ink_row(0) == [0] * 5
    text2 = find_sketch(state, "text", {"black": 2, "red": 1})
    give_stock(state, 0, text2)
    set_inks(state, 0, black=2, gold=1)
    state.apply(f"place:{text2}")
    assert state.ink_row(0) == [0] * 5  # the gold replacing red was spent


@pytest.mark.rule("Last-Hour", "Appendix-I")
def test_supply_only_during_its_owners_turn():
    state = to_last_hour(new(3), lectern="red")
    assert state.supply_of(0) == 0
    corner = find_sketch(state, "corner", CORNER_KR)
    give_stock(state, 1, corner)
    set_inks(state, 1, black=1)
    state.apply("end")
    assert state.current_seat() == 1
    assert f"place:{corner}" not in state.legal_actions()  # seat 1's lectern does not waive red


@pytest.mark.rule("Last-Hour", "Appendix-I")
@pytest.mark.parametrize("choice", ["quill:archivist", "quill:points"])
def test_quill_supply_choice(choice):
    state = to_last_hour(new(3), seat=0, lectern="quill")
    state.apply("end")
    assert isinstance(state.decision(), QuillChoice)
    state.apply(choice)
    if choice == "quill:points":
        assert state.points[0] == 2 and state.next_archivist == -1
    else:
        assert state.points[0] == 0 and state.next_archivist == 0
    state.apply("end")
    state.apply("end")
    while state.decision() is not None and state.day == 1:
        state.apply(state.legal_actions()[0])
    assert state.archivist == (0 if choice == "quill:archivist" else 1)


@pytest.mark.rule("Last-Hour", "Course-of-a-Day")
def test_lectern_leftovers_go_to_stock_at_end_of_turn():
    state = to_last_hour(new(3), lectern="red")
    left = state.lectern_sketches[state.lectern_of(0)]
    assert len(left) == 4
    state.apply("end")
    assert state.stocks[0] == left
    assert state.lectern_sketches[state.lectern_of(0)] == ()


@pytest.mark.rule("Last-Hour", "Appendix-II")
def test_help_from_the_scriptorium_spends_the_token():
    state = to_last_hour(new(3))
    target = state.scriptorium[0]
    sid = state.content.sketches[target].id
    state.apply("help:scriptorium")
    assert isinstance(state.decision(), HelpTake)
    state.apply(f"take:{sid}")
    assert target in state.stocks[0] and target not in state.scriptorium
    assert state.help_left[0] == 2 and state.help_received == [0, 0, 0]
    assert isinstance(state.decision(), LastTurn)


@pytest.mark.rule("Last-Hour", "Appendix-II")
def test_help_from_another_copyists_stock_hands_them_the_token():
    state = to_last_hour(new(3))
    text = give_stock(state, 2, find_sketch(state, "text", TEXT_KK))[0]
    set_inks(state, 0, black=2)
    assert "help:seat2" in state.legal_actions() and "help:seat1" not in state.legal_actions()
    state.apply("help:seat2")
    sid = state.content.sketches[text].id
    state.apply(f"take:{sid}")
    assert state.help_left[0] == 2 and state.help_received[2] == 1
    # taken before placing, placed at once in the same turn
    state.apply(f"place:{sid}")
    assert text in state.scrolls[0]
    assert state.scores()[2] == 2 * (3 + 1)


@pytest.mark.rule("Last-Hour", "Appendix-II")
def test_help_never_from_a_lectern():
    state = to_last_hour(new(3))
    k = state.lectern_of(1)
    sid = state.content.sketches[state.lectern_sketches[k][0]].id
    state.stocks[1] = ()
    assert not any(a.startswith("help:seat1") for a in state.legal_actions())
    state.apply("help:scriptorium")
    assert f"take:{sid}" not in state.legal_actions()


@pytest.mark.rule("Last-Hour", "Appendix-II")
def test_help_needs_an_unused_token_and_received_tokens_are_not_spendable():
    state = to_last_hour(new(3))
    state.help_left[0] = 0
    state.help_received[0] = 2
    assert not any(a.startswith("help:") for a in state.legal_actions())
    before = snapshot(state)
    with pytest.raises(IllegalAction, match="Help token"):
        state.apply("help:scriptorium")
    assert snapshot(state) == before


def _complete_left_frieze(state, seat):
    fill_slots(state, seat, ["LC1", "LC2", "LB1", "LB2"])
    b = find_sketch(state, "border", {"black": 1, "gold": 1, "green": 1})
    give_stock(state, seat, b)
    state.apply(f"place:{b}")
    if isinstance(state.decision(), ChooseSide):
        state.apply("side:left")
    if isinstance(state.decision(), PayOrFree):
        state.apply("free")
    return b


@pytest.mark.rule("Last-Hour", "Appendix-III")
def test_achievement_on_completing_a_part_five_then_three_then_two():
    state = to_last_hour(new(3))
    c = state.content
    _complete_left_frieze(state, 0)
    assert [c.achievements[a >> 4][a & 15][2] for a in state.achievements[0]] == [5]
    assert state.scores()[0] == 5 + 6
    state.stack = [LastTurn(1)]
    state.turn = 1
    _complete_left_frieze(state, 1)
    state.stack = [LastTurn(2)]
    state.turn = 2
    _complete_left_frieze(state, 2)
    pts = [[c.achievements[a >> 4][a & 15][2] for a in state.achievements[s]] for s in range(3)]
    assert pts == [[5], [3], [2]]


@pytest.mark.rule("Last-Hour", "Appendix-III")
def test_achievement_pile_empty_gives_nothing():
    state = to_last_hour(new(3))
    state.pile_taken[0] = 3
    _complete_left_frieze(state, 0)
    assert state.achievements[0] == ()


@pytest.mark.rule("Last-Hour", "Appendix-III")
def test_full_manuscript_gives_its_own_achievement_too():
    state = to_last_hour(new(3))
    c = state.content
    every = [s for s in c.slot_ids if s != "LB3"]
    fill_slots(state, 0, every)
    b = find_sketch(state, "border", {"black": 1, "gold": 1, "green": 1})
    give_stock(state, 0, b)
    state.apply(f"place:{b}")
    got = [c.part_ids[a >> 4] for a in state.achievements[0]]
    assert got == ["left_frieze", "manuscript"]
    assert EMPTY not in state.scrolls[0]


@pytest.mark.rule("Last-Hour", "Appendix-III")
def test_achievement_takes_stock_space_and_forces_a_discard_chosen_by_owner():
    state = to_last_hour(new(3))
    stock = [find_sketch(state, "miniature")]
    for _ in range(6):
        stock.append(find_sketch(state, "text", exclude=tuple(stock)))
    give_stock(state, 0, *stock)
    assert state.stock_used(0) == 7
    _complete_left_frieze(state, 0)
    assert isinstance(state.decision(), DiscardSketch) and state.current_seat() == 0
    assert len(state.legal_actions()) == 7
    state.apply(f"discard:{stock[3]}")
    assert state.stock_used(0) == 7
    assert idx(state, stock[3]) in state.scriptorium
    assert isinstance(state.decision(), LastTurn)


@pytest.mark.rule("Last-Hour", "Appendix-III")
def test_discards_can_be_kept_out_of_the_scriptorium_by_option():
    state = to_last_hour(new(3, discards_to_scriptorium=False))
    stock = [find_sketch(state, "miniature")]
    for _ in range(6):
        stock.append(find_sketch(state, "text", exclude=tuple(stock)))
    give_stock(state, 0, *stock)
    _complete_left_frieze(state, 0)
    state.apply(f"discard:{stock[0]}")
    assert state.discards == [idx(state, stock[0])]
    assert idx(state, stock[0]) not in state.scriptorium


@pytest.mark.rule("Appendix-III", "End-of-Day")
def test_a_stock_over_seven_waits_for_the_end_of_the_day_when_no_tile_is_taken():
    """The limit of 7 is applied at the end of the Day; during the Last Hour a copyist
    discards only to make space for an Achievement tile (ruling R9)."""
    state = to_last_hour(new(3), lectern="red")
    a = find_sketch(state, "text", TEXT_KK)
    stock = [find_sketch(state, "miniature", exclude=(a,))]
    for _ in range(7):
        stock.append(find_sketch(state, "text", exclude=(a, *stock)))
    give_stock(state, 0, *stock)
    set_lectern_sketches(state, 0, a)
    set_inks(state, 0, black=2)
    assert state.stock_used(0) == 8
    state.apply(f"place:{a}")
    assert isinstance(state.decision(), LastTurn) and state.current_seat() == 0
    assert state.stock_used(0) == 8


@pytest.mark.rule("Appendix-III")
def test_seeded_games_never_discard_in_the_last_hour_without_a_tile():
    """Random two-copyist games (seed 92000 was one that did): every discard asked during a
    Last Hour turn follows a tile just taken, or another such discard."""
    from inkhorn.agents import make_agent
    from inkhorn.match import agent_seed

    for seed in (92000, 92001, 92002):
        state = new(2, seed)
        agents = [make_agent("random", agent_seed(seed, s)) for s in range(2)]
        tiles = [len(t) for t in state.achievements]
        making_space = False
        while not state.is_terminal():
            step, seat = state.decision(), state.current_seat()
            if isinstance(step, DiscardSketch) and step.in_turn:
                took = len(state.achievements[seat]) > tiles[seat]
                assert took or making_space, (seed, len(state.history))
                making_space = True
            else:
                making_space = False
            tiles = [len(t) for t in state.achievements]
            state.apply(agents[seat].choose(state, seat))
