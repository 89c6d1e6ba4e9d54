"""Set-up, turn order, the five actions, the Active Text Area, round end and the end trigger."""

from __future__ import annotations

import pytest

from inkhorn.core.errors import IllegalAction
from inkhorn.games.manuscript.grid import COPY_TABLE, cubes_for
from inkhorn.games.manuscript.rules import Retain, Turn
from inkhorn.games.manuscript.state import OVER, RETAIN
from tests.manuscript.helpers import card, copy_text, give_active, new, take, text_cells, turn_of


# ---- set-up ---------------------------------------------------------------------------------
@pytest.mark.rule("Setup.1", "Setup.3", "Setup.4")
@pytest.mark.parametrize("players", [2, 3, 4])
def test_setup_cubes_shop_and_exemplars(players):
    state = new(players, seed=7)
    assert state.hand == [8] * players and state.own == [8] * players
    assert len([c for c in state.shop if c >= 0]) == 10
    assert len(state.deck) == 61 - 10
    assert len(state.exemplars) == players + 2 == len(set(state.exemplars))
    assert state.deco_owner == [-1] * (players + 2)
    assert state.current_seat() == state.first


# ---- purchase -------------------------------------------------------------------------------
@pytest.mark.rule("Action.1")
def test_purchase_costs_by_position_and_slides_toward_the_discard_pile():
    state = turn_of(new(), 0)
    row = state.shop[:5]
    top = state.deck[-1]
    state.apply("buy:" + state.content.texts[row[2]].id)
    assert state.hand[0] == 8 - 2
    assert state.shop[:5] == [row[0], row[1], row[3], row[4], top]
    state.apply("pool")
    assert state.pool[0] == (row[2],)


@pytest.mark.rule("Action.1")
def test_purchase_is_limited_by_cubes_held():
    state = turn_of(new(), 0)
    state.hand[0] = state.own[0] = 1
    buys = [a for a in state.legal_actions() if a.startswith("buy:")]
    assert buys == ["buy:" + state.content.texts[state.shop[i]].id for i in (0, 1, 5, 6)]


@pytest.mark.rule("Action.1")
def test_purchase_reshuffles_the_discard_pile_when_the_draw_pile_runs_out():
    state = turn_of(new(), 0)
    state.discard = state.deck[:-1]
    state.deck = state.deck[-1:]
    size = len(state.discard)
    state.apply("buy:" + state.content.texts[state.shop[0]].id)
    assert state.discard == [] and len(state.deck) == size


# ---- the Active Text Area -------------------------------------------------------------------
@pytest.mark.rule("Copying.Basics")
def test_new_text_may_go_active_when_the_area_is_empty_or_not_begun():
    state = turn_of(new(), 0)
    first = state.shop[0]
    state.apply("buy:" + state.content.texts[first].id)
    assert state.legal_actions() == ["active", "pool"]
    state.apply("active")
    turn_of(state, 0)
    second = state.shop[0]
    state.apply("buy:" + state.content.texts[second].id)
    state.apply("active")  # the first, not begun, goes back to the pool
    assert state.active[0] == second and state.pool[0] == (first,)


@pytest.mark.rule("Action.3", "Copying.Basics")
def test_new_text_goes_to_the_pool_while_another_is_being_copied():
    state = new()
    copy_text(state, 0, "guy-of-warwick", ["page:1", "single", "at:r1:c1"], [2])
    turn_of(state, 0)
    bought = state.shop[0]
    state.apply("buy:" + state.content.texts[bought].id)
    assert state.pool[0] == (bought,) and state.active[0] == card(state, "guy-of-warwick")
    assert state.current_seat() != 0 or state.decision().__class__ is Turn


@pytest.mark.rule("Action.3", "Copying.Basics")
def test_copy_with_an_empty_area_takes_a_pool_text_free():
    state = turn_of(new(), 0)
    lanval = take(state, "lanval")
    state.pool[0] = (lanval,)
    state.apply("copy")
    assert state.legal_actions() == ["activate:lanval"]
    state.apply("activate:lanval")
    assert state.hand[0] == 8 and state.active[0] == lanval and state.pool[0] == ()


@pytest.mark.rule("Action.3")
def test_a_text_is_copied_only_once():
    state = new()
    copy_text(state, 0, "lanval", ["page:1", "single", "at:r1:c1"], [4])
    turn_of(state, 0)
    assert "copy" not in state.legal_actions()  # only Lanval in the pool, already copied
    # a copy of a copied text may be bought but never made active
    state.pool[0] = ()
    state.shop[0] = card(state, "lanval")
    state.apply("buy:lanval")
    assert state.pool[0] == (card(state, "lanval"),)


# ---- copying ------------------------------------------------------------------------------
@pytest.mark.rule("Action.3")
def test_copy_table():
    assert COPY_TABLE[1:] == (1, 4, 8, 12, 18, 28)
    assert [cubes_for(n) for n in (1, 2, 4, 5, 12, 13, 28, 60)] == [1, 2, 2, 3, 4, 5, 6, 6]


@pytest.mark.rule("Action.3")
def test_copy_spends_cubes_and_fills_in_reading_order():
    state = new()
    copy_text(state, 0, "guy-of-warwick", ["page:1", "single", "at:r2:c2"], [3])  # 7 x 8
    cells = sorted(text_cells(state, 0, "guy-of-warwick"))
    assert cells == [(1, 2, c) for c in range(2, 9)] + [(1, 3, 2)]
    assert state.progress[0] == 8


@pytest.mark.rule("Action.3", "Copying.Basics")
def test_copying_continues_the_active_text_without_choosing_again():
    state = new()
    copy_text(state, 0, "guy-of-warwick", ["page:1", "single", "at:r1:c1"], [2])
    turn_of(state, 0)
    state.apply("copy")
    assert state.decision().__class__.__name__ == "CopyCubes"


# ---- borrow ---------------------------------------------------------------------------------
@pytest.mark.rule("Action.2")
def test_borrow_paying_two_cubes():
    state = turn_of(new(), 0)
    c = take(state, "lanval")
    state.pool[1] = (c,)
    state.apply("borrow:lanval")
    assert state.legal_actions() == ["pay:2", "give"]
    state.apply("pay:2")
    assert state.hand == [6, 8] and state.pool[1] == ()
    state.apply("pool")
    assert state.pool[0] == (c,)


@pytest.mark.rule("Action.2")
def test_borrow_giving_a_cube_that_the_owner_spends_this_round():
    state = turn_of(new(), 0)
    state.hand[1] = state.own[1] = 0
    c = take(state, "lanval")
    state.pool[1] = (c,)
    state.apply("borrow:lanval")
    state.apply("give")
    state.apply("pool")
    assert state.hand == [7, 1] and state.own == [7, 0]
    # scribe 1 had run out but now holds a cube, so takes a turn; it cannot pass the cube on
    assert state.current_seat() == 1
    state.pool[0] = (take(state, "bisclavret"),)
    assert not any(a.startswith("borrow:") for a in state.legal_actions())


@pytest.mark.rule("Action.2", "Copying.Basics")
def test_borrow_never_takes_the_owners_active_text():
    state = turn_of(new(), 0)
    give_active(state, 1, "lanval")
    assert not any(a.startswith("borrow:") for a in state.legal_actions())


# ---- follow exemplar ---------------------------------------------------------------------
def finish(state, seat, slugs):
    for slug in slugs:
        c = card(state, slug)
        for zone in (state.shop, state.deck, state.discard):
            if c in zone:
                take(state, slug)
        state.finished[seat] = state.finished[seat] + ((c, state.content.points[c][0]),)


def with_exemplar(state, ex_id):
    e = state.content.exemplar_index[ex_id]
    state.exemplars = (e,) + tuple(x for x in state.exemplars[1:] if x != e)
    return 0


@pytest.mark.rule("Action.4")
def test_follow_needs_the_partial_threshold_and_locks_the_cube():
    state = turn_of(new(), 0)
    slot = with_exemplar(state, "cotton-nero")
    finish(state, 0, ["pearl"])
    assert "follow:cotton-nero" not in state.legal_actions()
    finish(state, 0, ["patience"])
    state.apply("follow:cotton-nero")
    assert state.locked[0] == 1 and state.hand[0] == 7 and state.followers[slot] == (0,)
    # the first follower takes the decoration and places it on the grid
    assert state.deco_owner[slot] == 0
    assert state.legal_actions()[0].startswith("deco:")
    state.apply("deco:p1:r1:c1")
    assert sum(1 for v in state.grid[0] if v >= 128) == 9  # the 3x3 miniature
    turn_of(state, 0)
    assert "follow:cotton-nero" not in state.legal_actions()  # once per exemplar


@pytest.mark.rule("Action.4")
def test_follow_with_only_a_received_cube_swaps_with_a_spent_own_cube():
    state = turn_of(new(), 0)
    with_exemplar(state, "laud-108")
    finish(state, 0, ["havelok"])
    state.hand[0], state.own[0], state.own_spent[0] = 1, 0, 3
    state.apply("follow:laud-108")
    assert (state.hand[0], state.own_spent[0], state.locked[0]) == (0, 2, 1)
    state.hand[0], state.own[0], state.own_spent[0] = 1, 0, 0
    turn_of(state, 0)
    state.followers[0] = ()
    assert "follow:laud-108" not in state.legal_actions()


@pytest.mark.rule("Action.4", "R12")
@pytest.mark.parametrize("passes_on", [True, False, None])
def test_decoration_that_cannot_be_placed(passes_on):
    """Follow Exemplar, Bonus: the tile is the first follower's, who cannot take it with
    nowhere to place it; by default it then goes back to the box (R12)."""
    options = {} if passes_on is None else {"decoration_passes_on": passes_on}
    state = turn_of(new(**options), 0)
    slot = with_exemplar(state, "cotton-nero")
    finish(state, 0, ["pearl", "patience"])
    finish(state, 1, ["pearl", "patience"])
    # scribe 0's pages are full of (voided) text: nowhere for a 3x3 tile
    state.tmask[0] = state.tmask[1] = state.geo.full
    state.apply("follow:cotton-nero")
    assert state.followers[slot] == (0,)
    assert state.deco_owner[slot] == (-1 if passes_on else -2)
    turn_of(state, 1)
    state.apply("follow:cotton-nero")
    assert state.deco_owner[slot] == (1 if passes_on else -2)


# ---- scrape away -------------------------------------------------------------------------
@pytest.mark.rule("Action.5")
def test_scrape_erases_whole_rows_one_cube_each_and_voids_finished_texts():
    state = new()
    copy_text(state, 0, "lanval", ["page:1", "single", "at:r1:c1"], [4])  # rows 1-3
    copy_text(state, 0, "bisclavret", ["page:1", "single", "at:r5:c1"], [5])  # rows 5-8
    turn_of(state, 0)
    state.hand[0] = state.own[0] = 8
    state.apply("scrape")
    assert "done" not in state.legal_actions()  # at least one line
    assert state.legal_actions() == [f"row:p1:r{r}" for r in (1, 2, 3, 5, 6, 7, 8)]
    state.apply("row:p1:r3")
    assert state.hand[0] == 7
    assert len(text_cells(state, 0, "lanval")) == 8 and len(text_cells(state, 0, "bisclavret")) == 16
    assert state.finished[0] == ((card(state, "bisclavret"), 3),)
    assert state.voided[0] == (card(state, "lanval"),)
    assert "done" in state.legal_actions()
    for r in (1, 2, 5):
        state.apply(f"row:p1:r{r}")
    assert state.finished[0] == ()
    state.apply("row:p1:r6")  # the fifth line: the action ends by itself
    assert state.hand[0] == 3 and state.current_seat() != 0 or state.decision().__class__ is Turn
    assert sorted({r for _, r, _ in text_cells(state, 0, "bisclavret")}) == [7, 8]


@pytest.mark.rule("Action.5")
def test_scrape_spares_the_text_in_progress():
    state = new()
    copy_text(state, 0, "guy-of-warwick", ["page:1", "single", "at:r1:c1"], [3])
    turn_of(state, 0)
    assert "scrape" not in state.legal_actions()


# ---- pass and turn order -------------------------------------------------------------------
@pytest.mark.rule("Flow")
def test_turns_go_clockwise_skipping_scribes_without_cubes():
    state = new(3, seed=1)
    turn_of(state, 0)
    state.hand[1] = state.own[1] = 0
    state.apply("buy:" + state.content.texts[state.shop[0]].id)
    state.apply("pool")
    assert state.current_seat() == 2


def test_pass_only_when_no_action_is_possible():
    state = turn_of(new(), 0)
    assert "pass" not in state.legal_actions()
    state.shop = [-1] * 10
    assert state.legal_actions() == ["pass"]
    state.apply("pass")
    assert state.hand[0] == 0


# ---- round end -----------------------------------------------------------------------------
def run_out_round(state):
    for s in range(state.num_players):
        state.hand[s] = state.own[s] = 0
    state.stack = []
    state.advance()


@pytest.mark.rule("Round-End")
def test_round_end_retention_discards_and_shop_and_quill():
    state = new(2, seed=3)
    a, b, c, d, e = (take(state, x) for x in ("lanval", "bisclavret", "yonec", "deor", "pearl"))
    state.pool[0] = (a, b, c, d, e)
    give_active(state, 0, "beowulf")
    state.locked[1] = 1
    shop = [c for c in state.shop[:2] + state.shop[5:7] if c >= 0]
    first = state.first
    run_out_round(state)
    assert state.phase == RETAIN and isinstance(state.decision(), Retain)
    assert state.current_seat() == 0
    state.apply("keep:lanval")  # free
    state.apply("keep:bisclavret")  # one cube
    state.apply("keep:yonec")  # two cubes
    assert "keep:deor" in state.legal_actions()
    state.apply("keep:deor")  # three cubes: the most
    assert state.pool[0] == (a, b, c, d)
    assert e in state.discard and card(state, "beowulf") == state.active[0]
    assert state.hand == [8 - 3, 8 - 1]  # cubes back, less retention and the exemplar cube
    assert shop and all(c in state.discard for c in shop)
    assert state.first == (first - 1) % 2 and state.round == 2


@pytest.mark.rule("Round-End", "Flow")
@pytest.mark.parametrize("players", [3, 4])
def test_first_player_passes_counterclockwise_and_turns_go_clockwise(players):
    """"First player passes counterclockwise (i.e., in reverse turn order)"; "Players take
    turns in clockwise order". (At two scribes both directions agree: three and four tell.)"""
    state = new(players, seed=3)
    first = state.first
    assert state.current_seat() == first
    run_out_round(state)
    while state.phase == RETAIN:
        state.apply("done")
    assert state.round == 2 and state.first == (first - 1) % players
    assert state.current_seat() == state.first
    seats = []
    while len(seats) < players:  # each buys a text into their pool: one action, one turn
        seat = state.current_seat()
        seats.append(seat)
        state.apply(next(a for a in state.legal_actions() if a.startswith("buy:")))
        state.apply("pool")
        assert state.current_seat() != seat
    assert seats == [(state.first + k) % players for k in range(players)]


@pytest.mark.rule("Round-End")
def test_round_end_returns_cubes_given_away():
    state = new(2, seed=3)
    state.hand = [0, 0]
    run_out_round(state)
    assert state.hand == [8, 8] and state.own == [8, 8]


@pytest.mark.rule("Round-End")
def test_retention_limited_by_next_round_cubes():
    state = new(2, seed=3)
    state.pool[0] = tuple(take(state, x) for x in ("lanval", "bisclavret", "yonec"))
    state.locked[0] = 7
    run_out_round(state)
    state.apply("keep:lanval")
    state.apply("keep:bisclavret")
    assert state.decision() is None or state.current_seat() != 0 or state.legal_actions() == ["done"]
    assert state.hand[0] == 0


# ---- the end ---------------------------------------------------------------------------------
def fill_quadrants(state, seat):
    geo = state.geo
    for page in (0, 1):
        m = 0
        for q in geo.quadrants:
            m |= q & -q  # one square in each quadrant
        state.tmask[2 * seat + page] = m


@pytest.mark.rule("End.Conditions")
def test_end_trigger_needs_eight_texts_and_all_quadrants_then_the_round_finishes():
    state = new(2, seed=5)
    finish(state, 0, ["lanval", "bisclavret", "yonec", "deor", "pearl", "wanderer", "seafarer"])
    fill_quadrants(state, 0)
    turn_of(state, 0)
    state.apply("buy:" + state.content.texts[state.shop[0]].id)
    state.apply("pool")
    assert state.end_trigger == -1  # seven texts only
    finish(state, 0, ["judith"])
    state.tmask[1] &= state.tmask[1] - 1  # lose one quadrant
    turn_of(state, 0)
    state.apply("buy:" + state.content.texts[state.shop[0]].id)
    state.apply("pool")
    assert state.end_trigger == -1
    fill_quadrants(state, 0)
    turn_of(state, 0)
    state.apply("buy:" + state.content.texts[state.shop[0]].id)
    state.apply("pool")
    assert state.end_trigger == 0 and not state.is_terminal()  # the round is played out
    run_out_round(state)
    assert state.phase == OVER and state.is_terminal() and state.round == 1  # no round end


@pytest.mark.rule("End.Conditions")
def test_round_limit_ends_the_game():
    state = new(2, seed=5, round_limit=1)
    run_out_round(state)
    assert state.is_terminal()


def test_illegal_action_leaves_state_untouched():
    from inkhorn.core.checks import snapshot

    state = turn_of(new(), 0)
    before = snapshot(state)
    for bad in ("buy:no-such-text", "copy", "follow:harley-978x", "borrow:lanval", "cubes:9"):
        with pytest.raises(IllegalAction):
            state.apply(bad)
    assert snapshot(state) == before
