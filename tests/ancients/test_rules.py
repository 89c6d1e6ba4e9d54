"""Rulebook sections 3-6: set-up, the five actions, Timeline and Decline phases, the
midgame flip, the end of the game and final scoring."""

from __future__ import annotations

import pytest

from inkhorn.core.errors import IllegalAction
from inkhorn.games.ancients.effects import ChooseOrder
from inkhorn.games.ancients.rules import (
    ArchiveCard,
    ChooseAction,
    ChooseColumn,
    ChooseLevel,
    FlipTile,
    KeepCards,
    PayCards,
)
from inkhorn.games.ancients.scoring import breakdown
from inkhorn.games.ancients.state import EMPTY
from tests.ancients.helpers import (
    GAME,
    cid,
    clear_board,
    conservation,
    find,
    fresh,
    give,
    give_artifact,
    give_tech,
    place,
    take_tech,
    to_past,
)


def plain(c) -> bool:
    """A monument without choices when created (no immediate effect, not locked)."""
    return getattr(c, "kind", None) is not None and not c.locked and not any(
        e.when in ("immediate", "passive") for e in c.effects
    )


def board(players=2):
    state = fresh(players, seed=3)
    clear_board(state)
    state.stack.clear()
    state.turn = 0
    state.actions_left = 2
    state.phase = "action"
    state.push(ChooseAction(0))
    return state


def fillers(state, seat, n):
    """Give ``n`` artifact cards to discard as costs."""
    ids = [a.id for a in state.content.artifacts if cid(state, a.id) in state.deck][:n]
    give(state, seat, *ids)
    return ids


# ---- 3. Setup -------------------------------------------------------------------------------


@pytest.mark.rule("§3.2", "R3")
def test_setup_two_players_draw_ten_keep_six_in_secret():
    state = GAME.new_game(2, 11)
    assert isinstance(state.decision(), KeepCards) and KeepCards.sealed
    assert [len(h) for h in state.hands] == [10, 10]
    first = state.current_seat()
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert len(state.kept_aside[first]) == 4 and state.discard == []
    other = 1 - first
    assert state.observation(other)["boards"][first]["set_aside"] == 4
    assert state.observation(other)["set_aside"] == []
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    assert [len(h) for h in state.hands] == [6, 6] and len(state.discard) == 8
    assert isinstance(state.decision(), ChooseAction) and state.current_seat() == state.first


@pytest.mark.rule("§3.2", "R4")
def test_setup_third_and_fourth_builders_draw_one_more():
    state = GAME.new_game(4, 5)
    order = [(state.first + k) % 4 for k in range(4)]
    assert [len(state.hands[s]) for s in order] == [10, 10, 11, 11]
    state = GAME.new_game(4, 5, {"extra_card": False})
    assert [len(h) for h in state.hands] == [10] * 4


@pytest.mark.rule("§3.2", "§3.1")
def test_setup_tiles_decks_and_reserve():
    state = GAME.new_game(3, 2)
    assert state.tile_level == (1, 1, 2) and [len(t) for t in state.tiles] == [3, 3, 3]
    assert [len(d) for d in state.tech_deck] == [21, 15]
    assert state.reserve == 40 + 50
    assert len(state.deck) == 144 - 10 - 10 - 11


@pytest.mark.rule("§3.First-Game", "R23")
def test_first_game_starting_hands_are_whole_symbol_decks():
    state = GAME.new_game(4, 9, {"first_game": True})
    decks = set()
    for h in state.hands:
        assert len(h) == 6
        symbols = {state.content.all[x].start_deck for x in h}
        assert len(symbols) == 1
        decks |= symbols
    assert decks == {1, 2, 3, 4}
    assert isinstance(state.decision(), ChooseAction)


# ---- 4. Turn ------------------------------------------------------------------------------------


@pytest.mark.rule("§4", "§4.A")
def test_two_actions_then_the_next_builder_and_repeats_allowed():
    state = board()
    state.apply("search")
    assert state.current_seat() == 0 and "search" in state.legal_actions()
    state.apply("search")
    assert state.turn == 1 and len(state.hands[0]) == 2


# ---- 5. CREATE ------------------------------------------------------------------------------------


@pytest.mark.rule("§5.Create", "R6")
def test_create_monument_pays_cost_places_tokens_on_start_column():
    state = board()
    card = [c for c in state.content.monuments if plain(c) and c.cost == 2 and c.tokens > 0][0]
    give(state, 0, card.id)
    pay = fillers(state, 0, 3)
    x = cid(state, card.id)
    state.apply(f"create:{card.id}")
    assert isinstance(state.decision(), ChooseColumn)
    assert f"col:{card.column}" in state.legal_actions()
    state.apply(f"col:{card.column}")
    assert isinstance(state.decision(), PayCards)
    state.apply(f"pay:{pay[0]}")
    state.apply(f"pay:{pay[1]}")
    assert state.slot_of(0, x) == (card.column - 1) * 2
    assert state.tokens[x] == card.tokens and state.reserve == 90 - card.tokens
    assert len(state.hands[0]) == 1
    conservation(state)


@pytest.mark.rule("§5.Create", "§7")
def test_create_elsewhere_costs_one_discard_per_column():
    state = board()
    card = [c for c in state.content.monuments if plain(c) and c.cost == 0 and c.column == 3][0]
    give(state, 0, card.id)
    fillers(state, 0, 1)
    state.apply(f"create:{card.id}")
    assert state.legal_actions() == ["col:2", "col:3", "col:4"], "only affordable columns"
    assert "discard 1" in state.action_label("col:4")
    state.apply("col:4")
    assert state.hands[0] == [] and state.slot_of(0, cid(state, card.id)) == 6


@pytest.mark.rule("§5.Create")
def test_rulebook_example_space_three_to_one_discards_two():
    state = board()
    card = [c for c in state.content.monuments if plain(c) and c.cost == 0 and c.column == 3][0]
    give(state, 0, card.id)
    pay = fillers(state, 0, 3)
    state.apply(f"create:{card.id}")
    assert "discard 2" in state.action_label("col:1")
    state.apply("col:1")
    state.apply(f"pay:{pay[0]}")
    state.apply(f"pay:{pay[2]}")
    assert state.timeline[0] == cid(state, card.id) and len(state.hands[0]) == 1


@pytest.mark.rule("§5.Create", "§7", "R7")
def test_locked_monument_only_on_its_starting_column():
    state = board()
    card = [c for c in state.content.monuments if c.locked and c.cost == 0][0]
    give(state, 0, card.id)
    fillers(state, 0, 4)
    state.apply(f"create:{card.id}")
    assert state.slot_of(0, cid(state, card.id)) == (card.column - 1) * 2 or state.placing == cid(state, card.id)
    while state.placing != EMPTY:
        state.apply(state.legal_actions()[0])
    assert state.slot_of(0, cid(state, card.id)) // 2 + 1 == card.column


@pytest.mark.rule("§5.Create", "R7")
def test_locked_monument_is_not_creatable_when_its_column_is_full():
    state = board()
    card = [c for c in state.content.monuments if c.locked and c.cost == 0][0]
    give(state, 0, card.id)
    others = find(state, lambda c: getattr(c, "kind", None) and c.id != card.id)[:2]
    place(state, 0, others[0], card.column)
    place(state, 0, others[1], card.column, row=1)
    assert f"create:{card.id}" not in state.legal_actions()


@pytest.mark.rule("§5.Create", "R9")
def test_stacking_at_most_two_below_or_above_and_lone_card_slides_down():
    state = board()
    cards = [c for c in state.content.monuments if plain(c) and c.cost == 0 and c.column == 3][:2]
    old = place(state, 0, find(state, lambda c: plain(c) and c.id not in {x.id for x in cards})[0], 3)
    give(state, 0, cards[0].id)
    state.apply(f"create:{cards[0].id}")
    state.apply("col:3")
    assert isinstance(state.decision(), ChooseLevel)
    state.apply("below")
    new = cid(state, cards[0].id)
    assert state.timeline[4] == new and state.timeline[5] == old
    give(state, 0, cards[1].id)
    fillers(state, 0, 2)
    state.apply(f"create:{cards[1].id}")
    assert "col:3" not in state.legal_actions(), "a column holds at most two monuments"
    state.take_from_timeline(0, new)
    assert state.timeline[4] == old and state.timeline[5] == EMPTY


@pytest.mark.rule("§5.Create")
def test_create_runs_the_immediate_effect():
    state = board()
    card = [c for c in state.content.monuments if not c.locked and c.cost == 0 and c.effects[0].when == "immediate"
            and c.effects[0].cond is None and [o.op for o in c.effects[0].do] == ["draw"]][0]
    give(state, 0, card.id)
    state.apply(f"create:{card.id}")
    state.apply(f"col:{card.column}")
    assert len(state.hands[0]) == card.effects[0].do[0].n


@pytest.mark.rule("§5.Create", "§7", "R8")
def test_artifacts_take_one_of_five_spaces_and_never_slide():
    state = board()
    arts = [a for a in state.content.artifacts if a.cost == 0][:6]
    give(state, 0, *[a.id for a in arts])
    state.actions_left = 10
    for a in arts[:5]:
        state.apply(f"create:{a.id}")
    assert len(state.artifacts[0]) == 5
    assert f"create:{arts[5].id}" not in state.legal_actions()
    before = state.artifacts[0]
    state.stack.clear()
    state.actions_left = 0
    state.advance()
    while state.turn == 0:
        state.apply(state.legal_actions()[0])
    assert state.artifacts[0] == before


# ---- LEARN ------------------------------------------------------------------------------------


@pytest.mark.rule("§5.Learn", "R10")
def test_learn_checks_requirements():
    state = board()
    tech = [t for t in state.content.techs if t.level == 1 and t.requires.kind == "past" and t.requires.of is None][0]
    t = take_tech(state, tech.id)
    bumped = state.tiles[0][0]
    state.tiles = ((t, *state.tiles[0][1:]), *state.tiles[1:])
    state.tech_discard = ((*state.tech_discard[0], bumped), state.tech_discard[1])
    conservation(state)
    assert f"learn:{tech.id}" not in state.legal_actions()
    to_past(state, 0, *find(state, lambda c: getattr(c, "kind", None) == "pyramid")[: tech.requires.n])
    assert f"learn:{tech.id}" in state.legal_actions()
    state.apply(f"learn:{tech.id}")
    assert t in state.techs[0] and t not in state.tiles[0]


@pytest.mark.rule("§5.Learn", "R11")
def test_learn_refills_a_tile_left_with_one_card():
    from inkhorn.games.ancients.rules import learn

    state = board()
    a, b, last = state.tiles[2]
    state.tiles = (state.tiles[0], state.tiles[1], (a, last))
    state.tech_deck = (state.tech_deck[0], (*state.tech_deck[1], b))
    learn(state, 0, a)
    assert last in state.tech_discard[1] and len(state.tiles[2]) == 3
    assert a in state.techs[0]
    conservation(state)


@pytest.mark.rule("§5.Learn", "R11")
def test_learn_reshuffles_the_discard_and_removes_a_tile_that_cannot_refill():
    from inkhorn.games.ancients.rules import refill_tile

    state = board()
    deck = state.tech_deck[0]
    # the tile is empty, the deck holds one card and the discard the rest
    state.tech_discard = ((*state.tiles[0], *deck[:-1]), state.tech_discard[1])
    state.tech_deck = (deck[-1:], state.tech_deck[1])
    state.tiles = ((), *state.tiles[1:])
    refill_tile(state, 0, 1)
    assert len(state.tiles[0]) == 3 and state.tile_level[0] == 1 and not state.tech_discard[0]
    conservation(state)
    # now only 2 level I cards are left outside the tiles and the other tile
    spare = [*state.tech_deck[0]]
    give = spare[:-2]
    state.tech_deck = (tuple(spare[-2:]), state.tech_deck[1])
    state.techs = ((*state.techs[0], *give), *state.techs[1:])
    state.tech_discard = ((*state.tech_discard[0], *state.tiles[0]), state.tech_discard[1])
    state.techs = ((*state.techs[0], *state.tech_discard[0]), *state.techs[1:])
    state.tech_discard = ((), state.tech_discard[1])
    state.tiles = ((), *state.tiles[1:])
    refill_tile(state, 0, 1)
    assert state.tile_level[0] == 0 and state.tiles[0] == ()
    assert len(state.tech_deck[0]) == 2, "the few cards stay in the deck for the other tile"
    conservation(state)


# ---- ARCHIVE / EXCAVATE / SEARCH ------------------------------------------------------------------


@pytest.mark.rule("§5.Archive", "R13")
def test_archive_needs_knowledge_and_removes_one_per_card():
    state = board()
    fillers(state, 0, 3)
    assert "archive" not in state.legal_actions()
    m = place(state, 0, find(state, plain)[0], 3, tokens=2)
    state.apply("archive")
    assert isinstance(state.decision(), ArchiveCard) and "done" not in state.legal_actions()
    state.apply(state.legal_actions()[0])
    assert state.tokens[m] == 1
    assert "done" in state.legal_actions()
    state.apply(state.legal_actions()[0])
    assert state.tokens[m] == 0
    assert isinstance(state.decision(), ChooseAction), "no knowledge left: archiving stops"
    assert len(state.hands[0]) == 1
    conservation(state)


@pytest.mark.rule("§5.Excavate", "R14")
def test_excavate_rotates_past_monuments_drawing_two_each():
    state = board()
    pa, pb = to_past(state, 0, *find(state, lambda c: getattr(c, "kind", None) == "pyramid")[:2])
    state.apply("excavate")
    state.apply(f"rotate:{state.content.all[pa].id}")
    assert len(state.hands[0]) == 2 and state.rotated[pa]
    assert f"rotate:{state.content.all[pa].id}" not in state.legal_actions()
    state.apply("done")
    state.apply("excavate")
    state.apply(f"rotate:{state.content.all[pb].id}")
    assert "excavate" not in (state.legal_actions() if isinstance(state.decision(), ChooseAction) else [])


@pytest.mark.rule("§5.Search", "§5.Hand-Limit", "R15")
def test_search_draws_one_and_hand_limit_is_ten():
    state = board()
    state.hands[0] = state.deck[:10]
    state.deck = state.deck[10:]
    state.apply("search")
    assert len(state.hands[0]) == 10


@pytest.mark.rule("§5.Deck-Exhaustion", "R15")
def test_deck_exhaustion_shuffles_the_discard():
    state = board()
    state.discard, state.deck = state.deck, []
    state.apply("search")
    assert len(state.hands[0]) == 1 and state.discard == [] and len(state.deck) == 143


# ---- B. Timeline phase, C. Decline phase ---------------------------------------------------------------


def timeline_cards(state, n):
    return [c for c in state.content.monuments if c.effects[0].when == "timeline" and c.effects[0].cond is None
            and [o.op for o in c.effects[0].do] == ["draw"]][:n]


@pytest.mark.rule("§4.B", "R16")
def test_timeline_phase_triggers_all_in_the_owners_order():
    state = board()
    a, b = timeline_cards(state, 2)
    place(state, 0, a.id, 3)
    place(state, 0, b.id, 5)
    art = [x for x in state.content.artifacts if x.effects[0].when == "timeline" and x.effects[0].cond is None
           and x.effects[0].do[0].op == "draw"]
    state.apply("search")
    state.apply("search")
    assert isinstance(state.decision(), ChooseOrder)
    assert sorted(state.legal_actions()) == sorted([f"first:{a.id}", f"first:{b.id}"])
    state.apply(f"first:{b.id}")
    assert len(state.hands[0]) == 4 and state.turn == 1
    assert art is not None


@pytest.mark.rule("§4.C", "R17")
def test_decline_column_one_to_the_past_tokens_lost_rest_slides_left():
    state = board()
    decl = [c for c in state.content.monuments if c.effects[0].when == "decline" and c.effects[0].cond is None
            and [o.op for o in c.effects[0].do] == ["gain"]][0]
    d = place(state, 0, decl.id, 1, tokens=3)
    stay = place(state, 0, find(state, plain)[0], 3, tokens=1)
    art = give_artifact(state, 0, "a03")
    state.apply("search")
    state.apply("search")
    assert state.past[0] == (d,) and state.lost[0] == 3 and state.tokens[d] == 0
    assert state.banked[0] == decl.effects[0].do[0].n
    assert state.slot_of(0, stay) == 2, "column 3 slid to column 2"
    assert state.artifacts[0] == (art,)
    conservation(state)


@pytest.mark.rule("§4.C", "§7", "R16")
def test_two_declining_monuments_with_effects_resolve_in_chosen_order():
    state = board()
    decl = [c for c in state.content.monuments if c.effects[0].when == "decline" and c.effects[0].cond is None
            and [o.op for o in c.effects[0].do] == ["gain"]][:2]
    a = place(state, 0, decl[0].id, 1)
    b = place(state, 0, decl[1].id, 1, row=1)
    state.apply("search")
    state.apply("search")
    assert isinstance(state.decision(), ChooseOrder)
    state.apply(f"first:{decl[1].id}")
    assert state.past[0] == (b, a)


@pytest.mark.rule("§4.C", "R17")
def test_decline_effect_cannot_move_into_column_one():
    state = board()
    mover = [c for c in state.content.monuments if c.effects[0].when == "decline" and c.effects[0].do[0].op == "move"][0]
    place(state, 0, mover.id, 1)
    other = place(state, 0, find(state, plain)[0], 3)
    state.apply("search")
    state.apply("search")
    state.apply(f"move:{state.content.all[other].id}")
    assert "col:1" not in state.legal_actions()


@pytest.mark.rule("§4.C", "R12")
def test_seven_in_the_past_flips_a_level_one_tile_of_the_builders_choice():
    state = board()
    to_past(state, 0, *find(state, lambda c: getattr(c, "kind", None) == "pyramid")[:6])
    place(state, 0, find(state, plain)[0], 1)
    old = list(state.tiles[1])
    state.apply("search")
    state.apply("search")
    assert isinstance(state.decision(), FlipTile) and state.legal_actions() == ["flip:1", "flip:2"]
    state.apply("flip:2")
    assert state.tile_level == (1, 2, 2) and all(state.content.all[t].level == 2 for t in state.tiles[1])
    assert set(old) <= set(state.tech_discard[0])
    conservation(state)


@pytest.mark.rule("§4.C", "§6", "R20")
def test_fourteen_in_the_past_ends_the_game_after_the_round():
    state = board(3)
    state.first = 0
    state.flipped = True
    to_past(state, 1, *find(state, lambda c: getattr(c, "kind", None) == "pyramid")[:13])
    place(state, 1, find(state, plain)[0], 1)
    state.apply("search")
    state.apply("search")
    assert state.turn == 1
    assert len(state.past[1]) == 13 and not state.end_triggered  # 13 in a Past: the game goes on
    state.apply("search")
    state.apply("search")
    assert len(state.past[1]) == 14  # the decline brought the fourteenth
    assert state.end_triggered and not state.is_terminal() and state.turn == 2
    state.apply("search")
    state.apply("search")
    assert state.is_terminal()


# ---- 6. Scoring ---------------------------------------------------------------------------------------


@pytest.mark.rule("§6", "R21")
def test_final_scoring_adds_past_effects_level_two_timeline_and_subtracts_lost():
    state = board()
    past = [c for c in state.content.monuments if not any(e.when == "endgame" for e in c.effects)][:3]
    to_past(state, 0, *[c.id for c in past])
    place(state, 0, find(state, plain)[0], 4)
    l2 = [t for t in state.content.techs if t.level == 2 and t.effects[0].do[0].per is None
          and len(t.effects[0].do) == 1][0]
    give_tech(state, 0, l2.id)
    state.lost[0] = 2
    state.reserve -= 2
    state.banked[0] = 1
    sheet = breakdown(state, 0)
    assert sheet == {
        "past_stars": sum(c.stars for c in past),
        "past_effects": 0,
        "technologies": l2.effects[0].do[0].n,
        "timeline": 1,
        "effects_gained": 1,
        "lost_knowledge": -2,
    }
    assert state.scores()[0] == sum(sheet.values())


@pytest.mark.rule("§6", "R22")
def test_tiebreak_fewest_lost_knowledge_then_shared():
    state = board()
    state.stack.clear()
    state.lost = [1, 3]
    state.banked = [3, 5]
    state.reserve -= 4
    assert state.scores() == [2.0, 2.0]
    assert state.winners() == [0]
    state.lost = [2, 2]
    state.banked = [2, 2]
    assert state.winners() == [0, 1]


# ---- bad input ------------------------------------------------------------------------------------------


def test_illegal_actions_raise_and_leave_the_state_untouched():
    from inkhorn.core.checks import snapshot

    state = board()
    before = snapshot(state)
    for bad in ("create:c01", "learn:zzz", "col:3", "archive", "create:", "search:2", 7):
        with pytest.raises(IllegalAction) as err:
            state.apply(bad)
        assert "legal now" in str(err.value) or "text id" in str(err.value)
        assert snapshot(state) == before


# ---- terminal view ---------------------------------------------------------------------------------------


def test_render_shows_the_board_and_only_the_viewers_hand():
    from rich.console import Console

    state = fresh(3, seed=12)
    for seat in (None, 0, 1):
        console = Console(width=160, record=True)
        console.print(GAME.render(state, seat))
        text = console.export_text()
        assert "Technology tiles" in text and "Builder 2" in text
        for s in range(3):
            for x in state.hands[s]:
                name = state.content.all[x].name
                if s == seat:
                    assert name in text
                else:
                    assert name not in text, f"{name} of builder {s} shown to {seat}"
