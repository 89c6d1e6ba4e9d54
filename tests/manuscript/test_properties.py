"""Seeded random games for 2, 3 and 4 scribes: they end, stay consistent and leak nothing."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import check_random_game
from inkhorn.games import get_game
from inkhorn.games.manuscript.rules import Acquire, text_shapes
from inkhorn.games.manuscript.state import CUBES, DECO, ManuscriptState


def conservation(state: ManuscriptState) -> None:
    """Every text card is in exactly one place; grids, masks and records agree; cubes add up."""
    n = state.num_players
    places = [c for c in state.shop if c >= 0] + state.deck + state.discard
    for s in range(n):
        places += list(state.pool[s]) + list(state.kept[s]) + ([state.active[s]] if state.active[s] >= 0 else [])
    places += [step.card for step in state.stack if isinstance(step, Acquire)]
    assert sorted(places) == list(range(len(state.content.texts))), "a text card was lost or duplicated"
    geo = state.geo
    pc = geo.page_cells
    for s in range(n):
        grid = state.grid[s]
        for page in (0, 1):
            tm = dm = 0
            for x in range(pc):
                v = grid[page * pc + x]
                if 0 < v < DECO:
                    tm |= 1 << x
                elif v >= DECO:
                    dm |= 1 << x
            assert tm == state.tmask[2 * s + page] and dm == state.dmask[2 * s + page], "masks differ from grid"
        cards = [r[0] for r in state.records[s]]
        assert len(cards) == len(set(cards)), "a text was copied twice"
        for c, points in state.finished[s]:
            rec = next(r for r in state.records[s] if r[0] == c)
            lens = text_shapes(state, c, rec[4])[0]
            cells = geo.layout(lens, rec[5], rec[2], rec[3])
            assert all(grid[rec[1] * pc + x] == c + 1 for x in cells), "a finished text has a gap"
            assert points == state.content.points[c][1 if rec[5] else 0]
        assert state.locked[s] == sum(1 for f in state.followers if s in f)
        assert 0 <= state.own[s] <= state.hand[s]
        assert state.locked[s] + state.reserved[s] <= CUBES
        if state.plan[s]:
            assert state.records[s][-1][0] == state.active[s]
    # no two texts of one scribe touch
    for s in range(n):
        for page in (0, 1):
            masks = {}
            for x in range(pc):
                v = state.grid[s][page * pc + x]
                if 0 < v < DECO:
                    masks[v] = masks.get(v, 0) | 1 << x
            items = list(masks.values())
            for i, a in enumerate(items):
                for b in items[i + 1:]:
                    assert not geo.dilate(a) & b, "two texts touch"


def run(players: int, seed: int) -> None:
    state = check_random_game(get_game("manuscript"), players, seed, every=40, extra=conservation)
    assert state.is_terminal()


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_games_two_scribes(seed):
    run(2, seed)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_games_three_scribes(seed):
    run(3, seed)


@settings(max_examples=5, deadline=None)
@given(seed=st.integers(0, 10**6))
def test_random_games_four_scribes(seed):
    run(4, seed)


def test_short_game_with_other_options():
    state = check_random_game(get_game("manuscript"), 3, 11,
        {"page_rows": 12, "round_limit": 4, "diagonal_gap": False, "decoration_passes_on": False,
         "shop_costs": "1,1,1,2,2"},
        every=10, extra=conservation,
    )
    assert state.round <= 4


@pytest.mark.rule("End.Conditions")
def test_greedy_games_reach_the_end_trigger():
    from inkhorn.match import play_match

    ended = [play_match("manuscript", ["greedy"] * 3, seed).stats for seed in (300, 301, 302)]
    triggered = [s for s in ended if s["end_triggered"] == 1.0]
    assert len(triggered) >= 2 and all(s["rounds"] < 20 for s in triggered)


def _stuck_turns(seeds, players=2):
    """Turns, in seeded greedy games before the last round, of a scribe with nothing under
    way and no text in its pool, Active Text Area, the shop or another scribe's pool (to
    borrow) that fits its pages, until a scrape of a few lines."""
    from inkhorn.agents import make_agent
    from inkhorn.games.manuscript import rules
    from inkhorn.games.manuscript.game import cheapest_scrape

    for seed in seeds:
        state = get_game("manuscript").new_game(players, seed)
        bots = [make_agent("greedy", seed * 10 + s) for s in range(players)]
        while not state.is_terminal():
            seat = state.current_seat()
            top = state.decision()
            last_round = state.end_trigger >= 0  # then no scrape can pay for itself
            if isinstance(top, rules.Turn) and not state.plan[seat] and not last_round and "scrape" in state.legal_actions():
                held = [*state.pool[seat], *([state.active[seat]] if state.active[seat] >= 0 else [])]
                lendable = [c for other in range(players) if other != seat for c in state.pool[other]]
                texts = [c for c in [*held, *state.shop, *lendable]
                         if c >= 0 and not rules.already_copied(state, seat, c)]
                if texts and not any(rules.text_fits(state, seat, c) for c in texts) and cheapest_scrape(
                    state, seat, texts
                ) is not None:
                    yield state.clone(), seat
            state.apply(bots[seat].choose(state, seat))


@pytest.mark.rule("End.Conditions")
def test_a_stuck_scribe_scrapes_rather_than_buy_texts_that_fit_nowhere():
    """Only a scrape lets a stuck scribe's manuscript, and the game's end, go on, and the
    greedy bot mostly takes it (buying a text may still bring a shop card that fits: the bot
    judges in one world dealt at random, so each turn is asked of three bots)."""
    from inkhorn.agents import make_agent

    choices = []
    for turn, (state, seat) in enumerate(_stuck_turns(range(100))):
        choices += [make_agent("greedy", bot).choose(state, seat) for bot in range(3)]
        if turn == 9:
            break
    assert len(choices) == 30 and choices.count("scrape") >= 21, choices


def test_laying_steps_rank_their_choices_as_their_best_placements_rank():
    """The copy chain (page, width, spacing, anchor) is settled step by step by the bots; a
    text being laid out is valued by the best placement the choices so far still allow. So
    a spacing is worth, against the other, what its best anchor is worth against the other's
    (and a width or page the same way, estimated from anchors spread over each)."""
    from tests.manuscript.helpers import give_active, new, turn_of

    state = new(2, 0)
    state.tmask[1] = sum(state.geo.col_masks[:8])  # the right page: columns 10-12 stay usable
    give_active(state, 0, "ancrene-riwle")  # prose, 44 squares
    turn_of(state, 0)
    for action in ("copy", "page:1", "width:4"):
        state.apply(action)
    game = state.game

    def value(s, action):
        child = s.clone()
        child.apply(action)
        return game.heuristic(child, 0), child

    laid, best_anchor = {}, {}
    for spacing in state.legal_actions():
        laid[spacing], child = value(state, spacing)
        best_anchor[spacing] = max(value(child, a)[0] for a in child.legal_actions())
    assert set(laid) == {"single", "double"}
    assert laid["single"] - laid["double"] == pytest.approx(best_anchor["single"] - best_anchor["double"])


@pytest.mark.rule("Action.3", "Copying.Arrangement")
def test_a_text_held_counts_placed_at_its_best_so_beginning_its_copy_costs_nothing():
    """A text held counts as it will once begun: its points and what its best placement does
    to the pages. So choosing to copy it adds only BEGUN (less the small worth of a text
    waiting in the Active Text Area), and each best step of the layout chain keeps that
    worth, or finds an anchor better than the spread ones the estimate tried; the copy begun
    at the best anchor is worth what the chain promised. A search looking down the chain
    then finds no cost the first step hid, and does not put off beginning a copy."""
    from inkhorn.games.manuscript import rules
    from inkhorn.games.manuscript.game import BEGUN, LAYING
    from tests.manuscript.helpers import give_active, new, turn_of

    state = new(2, 0)
    state.tmask[1] = sum(state.geo.col_masks[:8])
    give_active(state, 0, "ancrene-riwle")
    turn_of(state, 0)
    game = state.game
    values = [game.heuristic(state, 0)]
    state.apply("copy")
    while isinstance(state.decision(), LAYING):
        values.append(game.heuristic(state, 0))
        best = max(state.legal_actions(), key=lambda a: game.heuristic(_after(state, a), 0))
        state.apply(best)
    assert isinstance(state.decision(), rules.CopyCubes) and state.plan[0]
    values.append(game.heuristic(state, 0) - 0.3)  # the cubes about to be spent (own_value)
    assert values[1] - values[0] == pytest.approx(BEGUN - 0.2)
    assert all(later >= earlier - 1e-9 for earlier, later in zip(values[1:], values[2:])), values
    assert values[-1] == pytest.approx(values[-2])


def _after(state, action):
    child = state.clone()
    child.apply(action)
    return child


def _seven_texts_each(lead: int):
    """Both scribes have seven texts finished and four luxury pairs; the first leads by
    ``lead`` points (trails, if negative). Its last text, Isopet (five squares wide), fits
    only against the right edge of its right page (no margin left there: luxury 20 falls
    to 5) and ends the game there."""
    from tests.manuscript.helpers import give_active, new, turn_of

    state = new(2, 0)
    geo = state.geo
    isopet = state.content.text_index["isopet"]
    # the first scribe: every quadrant but its right page's right half; the second: room left
    columns = [sum(geo.col_masks[2:10]), sum(geo.col_masks[2:6]), sum(geo.col_masks[2:10]), sum(geo.col_masks[2:6])]
    state.tmask[:4] = columns
    cards = [c for c in state.deck if c != isopet][:14]
    for c in cards:
        state.deck.remove(c)
    state.finished[0] = tuple((c, 5 + (max(lead, 0) if i == 0 else 0)) for i, c in enumerate(cards[:7]))
    state.finished[1] = tuple((c, 5 + (max(-lead, 0) if i == 0 else 0)) for i, c in enumerate(cards[7:]))
    give_active(state, 0, "isopet")
    return turn_of(state, 0)


@pytest.mark.rule("End.Conditions")
def test_a_leading_scribe_pays_its_margins_to_end_the_game():
    """Only the trigger ends the game. A scribe whose last text costs its margins still
    copies it when it would win by ending the game (12 ahead: 15 margin points lost, 11
    gained), and not when it would lose (4 behind)."""
    from inkhorn.agents import make_agent

    def copies(lead):
        state = _seven_texts_each(lead)
        return sum(make_agent("mcts:iters=300", seed).choose(state, 0) == "copy" for seed in range(6))

    assert copies(12) >= 5
    assert copies(-4) <= 1


@pytest.mark.rule("End.Conditions")
def test_only_the_scribe_who_would_close_the_game_in_the_lead_counts_on_ending_it():
    """Holding a text that would end the game is worth a share of the ending to the scribe
    who would then lead (Isopet scores more than the four margin pairs it costs against a
    lead of 12), and nothing to one who would still trail; the same for rivals' views."""
    from inkhorn.games.manuscript.game import HELD_CLOSING, closing

    assert closing(_seven_texts_each(12), 0) == HELD_CLOSING
    assert closing(_seven_texts_each(-4), 0) == 0.0
    assert closing(_seven_texts_each(12), 1) == 0.0


@pytest.mark.rule("Action.2")
def test_a_cube_given_to_a_texts_owner_counts_for_the_owner():
    """A cube given for a borrowed text is one its owner spends as its own this round, so
    the bots count it to the owner: when the owner is the best rival, giving costs the
    borrower as much as paying two cubes; when another scribe leads, one cube less."""
    from inkhorn.games.manuscript.game import CUBE
    from tests.manuscript.helpers import GAME, new, take, turn_of

    def borrower_value(payment: str, leader: int) -> float:
        state = turn_of(new(3, 0), 0)
        state.hand[leader] += 3  # blank pages everywhere: the cubes alone rank the scribes
        judith = take(state, "judith")
        state.pool[1] = (judith,)
        state.apply("borrow:judith")
        state.apply(payment)
        return GAME.heuristic(state, 0)

    assert borrower_value("give", leader=1) == pytest.approx(borrower_value("pay:2", leader=1))
    assert borrower_value("give", leader=2) - borrower_value("pay:2", leader=2) == pytest.approx(CUBE)


def test_margins_the_texts_still_needed_cannot_keep_count_for_less():
    """Luxury is worth to the bots what the texts still to copy leave of it: with both pages
    full between their margins, the eighth text must break a page's margins (two pairs
    fewer), so with seven texts the four pairs count as two (and the open room lacks one
    text: SHORT_OF_ROOM). With eight no text is needed, and both count in full (the worth of
    luxury grows as the end nears: seven eighths of it with one text still to copy)."""
    from inkhorn.games.manuscript import scoring
    from inkhorn.games.manuscript.game import LUXURY_WEIGHT, SHORT_OF_ROOM, layout_value
    from tests.manuscript.helpers import new

    state = new(2, 0)
    state.tmask[0] = state.tmask[1] = sum(state.geo.col_masks[2:10])
    cards = list(state.deck)
    values = {}
    for texts in (7, 8):
        state.finished[0] = tuple((c, 5) for c in cards[:texts])
        values[texts] = layout_value(state, 0)
    lost = LUXURY_WEIGHT * (scoring.LUXURY_TABLE[4] - scoring.LUXURY_TABLE[2] * 7 / 8)
    assert values[8] - values[7] == pytest.approx(lost + SHORT_OF_ROOM)
