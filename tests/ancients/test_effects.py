"""The effect language, one keyword at a time (FAQ: resolve every possible part of an
effect; simultaneous triggers in the owner's order; artifacts only touched by their owner)."""

from __future__ import annotations

import pytest

from inkhorn.games.ancients.content import Cond, Effect, Op
from inkhorn.games.ancients.effects import OP_RUNNERS, cond_holds
from inkhorn.games.ancients.rules import ChooseAction
from inkhorn.games.ancients.scoring import endgame_points, score_op
from inkhorn.games.ancients.state import EMPTY
from tests.ancients.helpers import (
    cid,
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

CITY = lambda c: getattr(c, "kind", None) == "city"  # noqa: E731
MEGA = lambda c: getattr(c, "kind", None) == "megalith"  # noqa: E731
PYR = lambda c: getattr(c, "kind", None) == "pyramid"  # noqa: E731


def board():
    state = fresh(3, seed=4)
    clear_board(state)
    state.turn = 0
    state.actions_left = 2
    return state


def run(state, seat, src, choices=(), **op):
    """Run one op of the vocabulary for ``seat`` with ``src`` as 'this card', answering
    its decisions with ``choices``; returns the decisions that were asked."""
    state.stack.clear()
    OP_RUNNERS[op["op"]](state, seat, src, Op(**op))
    asked = []
    choices = list(choices)
    if not state.stack:
        state.advance()
    while not isinstance(state.decision(), ChooseAction):
        asked.append(type(state.decision()).__name__)
        state.apply(choices.pop(0))
    assert not choices, f"unused choices {choices}"
    conservation(state)
    return asked


@pytest.mark.rule("§5.Hand-Limit", "R18")
def test_draw_takes_cards_and_stops_at_the_hand_limit():
    state = board()
    run(state, 0, EMPTY, op="draw", n=3)
    assert len(state.hands[0]) == 3
    state.hands[0] += [state.deck.pop() for _ in range(6)]
    run(state, 0, EMPTY, op="draw", n=3)
    assert len(state.hands[0]) == 10


@pytest.mark.rule("§5.Deck-Exhaustion", "§7", "R18")
def test_draw_from_empty_deck_reshuffles_discard_then_does_what_it_can():
    state = board()
    state.past = (*state.past[:2], tuple(state.deck[2:]))
    state.discard, state.deck = state.deck[:2], []
    run(state, 0, EMPTY, op="draw", n=3)
    assert len(state.hands[0]) == 2 and not state.deck and not state.discard


@pytest.mark.rule("§7", "R18")
def test_discard_asks_for_each_card_and_does_as_much_as_possible():
    state = board()
    a, b, c = give(state, 0, *find(state, CITY)[:3])
    asked = run(state, 0, EMPTY, ["discard:" + state.content.all[b].id], op="discard", n=1)
    assert asked == ["DiscardCards"] and b in state.discard and sorted(state.hands[0]) == sorted([a, c])
    asked = run(state, 0, EMPTY, op="discard", n=5)
    assert asked == [] and state.hands[0] == [] and len(state.discard) == 3


def test_remove_knowledge_any_asks_which_monument():
    state = board()
    m1, m2 = find(state, MEGA)[:2]
    x1 = place(state, 0, m1, 3, tokens=2)
    x2 = place(state, 0, m2, 4, tokens=1)
    asked = run(state, 0, EMPTY, [f"token:{m2}"], op="remove_knowledge", n=3)
    assert asked == ["RemoveKnowledge"], "once one monument is left, no question is asked"
    assert state.tokens[x1] == 0 and state.tokens[x2] == 0


def test_remove_knowledge_this_and_adjacent():
    state = board()
    m = find(state, MEGA)[:5]
    src = place(state, 0, m[0], 3, tokens=2)
    above = place(state, 0, m[1], 3, row=1, tokens=2)
    right = place(state, 0, m[2], 4, tokens=2)
    diagonal = place(state, 0, m[3], 4, row=1, tokens=2)
    far = place(state, 0, m[4], 6, tokens=2)
    run(state, 0, src, op="remove_knowledge", n=1, where="this")
    assert state.tokens[src] == 1
    run(state, 0, src, [f"token:{m[1]}", f"token:{m[2]}", f"token:{m[2]}"], op="remove_knowledge", n=3, where="adjacent")
    assert state.tokens[above] == 1 and state.tokens[right] == 0
    assert state.tokens[diagonal] == 2 and state.tokens[far] == 2, "diagonals and far cards are not adjacent"


def test_add_knowledge_puts_reserve_tokens_on_this_monument():
    state = board()
    x = place(state, 0, find(state, PYR)[0], 2)
    run(state, 0, x, op="add_knowledge", n=2, where="this")
    assert state.tokens[x] == 2 and state.reserve == 88


def test_recover_returns_lost_knowledge_only_as_far_as_there_is():
    state = board()
    state.lost[0] = 1
    state.reserve -= 1
    run(state, 0, EMPTY, op="recover", n=2)
    assert state.lost[0] == 0 and state.reserve == 90


@pytest.mark.rule("R7", "R18")
def test_move_is_optional_and_respects_locks_and_room():
    state = board()
    locked = [c.id for c in state.content.monuments if c.locked and c.column in (1, 3, 4)][0]
    free = [c.id for c in state.content.monuments if not c.locked][:3]
    lk = place(state, 0, locked, state.content.all[cid(state, locked)].column)
    a = place(state, 0, free[0], 2)
    place(state, 0, free[1], 5)
    place(state, 0, free[2], 5, row=1)
    legal = None

    state.stack.clear()
    OP_RUNNERS["move"](state, 0, EMPTY, Op(op="move"))
    legal = state.legal_actions()
    assert f"move:{locked}" not in legal and f"move:{free[0]}" in legal and "skip" in legal
    state.apply(f"move:{free[0]}")
    assert "col:5" not in state.legal_actions(), "a full column takes no more"
    state.apply("col:6")
    assert state.slot_of(0, a) == 10 and state.slot_of(0, lk) >= 0
    conservation(state)
    asked = run(state, 0, EMPTY, ["skip"], op="move")
    assert asked == ["MovePick"]


def test_move_into_a_column_of_one_asks_above_or_below():
    state = board()
    free = [c.id for c in state.content.monuments if not c.locked][:2]
    a = place(state, 0, free[0], 2)
    b = place(state, 0, free[1], 4)
    run(state, 0, EMPTY, [f"move:{free[0]}", "col:4", "below"], op="move")
    assert state.timeline[6] == a and state.timeline[7] == b


def test_swap_exchanges_two_monuments_of_different_columns():
    state = board()
    free = [c.id for c in state.content.monuments if not c.locked][:3]
    a = place(state, 0, free[0], 1)
    b = place(state, 0, free[1], 1, row=1)
    c = place(state, 0, free[2], 3)
    state.stack.clear()
    OP_RUNNERS["swap"](state, 0, EMPTY, Op(op="swap"))
    state.apply(f"swap:{free[0]}")
    assert f"with:{free[1]}" not in state.legal_actions(), "same column: nothing to swap"
    state.apply(f"with:{free[2]}")
    assert state.timeline[0] == c and state.timeline[4] == a and state.timeline[1] == b


def test_slide_moves_this_monument_right_while_there_is_room():
    state = board()
    m = find(state, PYR)[:3]
    x = place(state, 0, m[0], 2)
    place(state, 0, m[1], 4)
    place(state, 0, m[2], 4, row=1)
    run(state, 0, x, op="slide", n=3)
    assert state.slot_of(0, x) == 4, "it stops before the full column 4"


def test_straighten_turns_rotated_past_cards_back():
    state = board()
    cards = to_past(state, 0, *find(state, PYR)[:3], rotated=True)
    run(state, 0, EMPTY, op="straighten", n=2)
    assert sum(state.rotated[x] for x in cards) == 1


def test_gain_banks_points_counted_at_the_end():
    state = board()
    before = state.scores()[0]
    run(state, 0, EMPTY, op="gain", n=3)
    assert state.banked[0] == 3 and state.scores()[0] == before + 3


@pytest.mark.rule("R19")
def test_others_discard_asks_each_opponent_in_turn_order():
    state = board()
    c = find(state, CITY)
    give(state, 1, c[0], c[1])
    give(state, 2, c[2])
    asked = run(state, 0, EMPTY, [f"discard:{c[1]}"], op="others_discard", n=1)
    assert asked == ["DiscardCards"] and state.hands[1] == [cid(state, c[0])] and state.hands[2] == []
    assert state.current_seat() == 0


@pytest.mark.rule("R19")
def test_others_add_knowledge_opponents_choose_their_monument():
    state = board()
    m = find(state, MEGA)
    a = place(state, 1, m[0], 2)
    b = place(state, 1, m[1], 3)
    only = place(state, 2, m[2], 3)
    asked = run(state, 0, EMPTY, [f"token:{m[1]}"], op="others_add_knowledge", n=1)
    assert asked == ["AddKnowledge"]
    assert (state.tokens[a], state.tokens[b], state.tokens[only]) == (0, 1, 1)


def test_score_per_kind_every_and_max():
    state = board()
    to_past(state, 0, *find(state, CITY)[:5], *find(state, PYR)[:2])
    assert score_op(state, 0, Op(op="score", n=1, per="past", kind="city", every=2)) == 2
    assert score_op(state, 0, Op(op="score", n=1, per="past", kind="city", max=3)) == 3
    assert score_op(state, 0, Op(op="score", n=2, per="sets")) == 0
    to_past(state, 0, find(state, MEGA)[0])
    assert score_op(state, 0, Op(op="score", n=2, per="sets")) == 2
    assert score_op(state, 0, Op(op="score", n=1, per="past")) == 8
    assert score_op(state, 0, Op(op="score", n=4)) == 4


def test_score_per_artifacts_techs_rotated_timeline():
    state = board()
    for a in ("a01", "a02"):
        give_artifact(state, 0, a)
    for t in ("t1a1", "t1s1"):
        give_tech(state, 0, t)
    to_past(state, 0, *find(state, PYR)[:3], rotated=True)
    place(state, 0, find(state, CITY)[0], 5)
    assert score_op(state, 0, Op(op="score", n=1, per="artifacts")) == 2
    assert score_op(state, 0, Op(op="score", n=1, per="techs")) == 2
    assert score_op(state, 0, Op(op="score", n=1, per="techs", kind="secret")) == 1
    assert score_op(state, 0, Op(op="score", n=1, per="rotated")) == 3
    assert score_op(state, 0, Op(op="score", n=1, per="timeline")) == 1


@pytest.mark.rule("§6", "§7")
def test_endgame_effects_score_only_from_the_past():
    state = board()
    eff_card = [c for c in state.content.monuments if c.effects[0].when == "endgame" and c.effects[0].cond is None
                and c.effects[0].do[0].per == "past" and c.effects[0].do[0].kind == "city"][0]
    cities = find(state, lambda c: CITY(c) and c.id != eff_card.id)[:4]
    to_past(state, 0, *cities)
    x = place(state, 0, eff_card.id, 3)
    before = state.scores()[0]
    assert endgame_points(state, 0, x) == 2
    state.timeline[state.slot_of(0, x)] = EMPTY
    state.add_to("past", 0, x)
    assert state.scores()[0] == before - 1 + eff_card.stars + 2, "Timeline 1 point replaced by stars + effect"


@pytest.mark.parametrize(
    "cond,setup,expect",
    [
        (Cond(kind="past", n=2, of="city"), lambda s: to_past(s, 0, *find(s, CITY)[:2]), True),
        (Cond(kind="past", n=3), lambda s: to_past(s, 0, *find(s, CITY)[:2]), False),
        (Cond(kind="artifacts", n=1), lambda s: None, False),
        (Cond(kind="techs", n=0), lambda s: None, True),
        (Cond(kind="lost", n=2), lambda s: s.lost.__setitem__(0, 2), True),
        (Cond(kind="lost_max", n=1), lambda s: s.lost.__setitem__(0, 2), False),
        (Cond(kind="hand", n=1), lambda s: give(s, 0, find(s, PYR)[0]), True),
        (Cond(kind="hand_max", n=0), lambda s: give(s, 0, find(s, PYR)[0]), False),
        (Cond(kind="rotated", n=1), lambda s: to_past(s, 0, find(s, PYR)[0], rotated=True), True),
    ],
)
def test_conditions_on_past_and_board(cond, setup, expect):
    state = board()
    setup(state)
    assert cond_holds(state, 0, EMPTY, cond) is expect


def test_condition_empty_looks_at_this_card():
    state = board()
    x = place(state, 0, find(state, MEGA)[0], 2, tokens=1)
    assert not cond_holds(state, 0, x, Cond(kind="empty"))
    state.tokens[x] = 0
    assert cond_holds(state, 0, x, Cond(kind="empty"))


def test_a_condition_that_fails_skips_the_whole_effect():
    state = board()
    card = [c for c in state.content.monuments if c.effects[0].when == "immediate" and c.effects[0].cond is not None
            and c.effects[0].cond.kind == "past"][0]
    x = cid(state, card.id)
    state.stack.clear()
    state.work.append(("run", 0, x, "immediate"))
    state.advance()
    assert state.banked[0] == 0 and len(state.hands[0]) == 0


def test_effect_model_rejects_ops_in_the_wrong_timing():
    with pytest.raises(ValueError):
        Effect(when="endgame", do=(Op(op="draw"),))
    with pytest.raises(ValueError):
        Effect(when="immediate", do=(Op(op="score", n=2),))
    with pytest.raises(ValueError):
        Op(op="passive")


# ---- passive effects --------------------------------------------------------------------


def passive_card(state, key):
    return [c for c in state.content.monuments if c.effects and c.effects[0].when == "passive"
            and c.effects[0].do[0].key == key][0]


@pytest.mark.rule("§5.Hand-Limit", "R2")
def test_passive_hand_limit_raises_the_limit_while_in_the_timeline():
    state = board()
    card = passive_card(state, "hand_limit")
    place(state, 0, card.id, 3)
    assert state.hand_limit(0) == 10 + card.effects[0].do[0].n
    state.draw(0, 20)
    assert len(state.hands[0]) == state.hand_limit(0)


def test_passive_move_and_create_discounts_lower_column_costs():
    from inkhorn.games.ancients.rules import column_costs

    state = board()
    target = [c for c in state.content.monuments if not c.locked and c.cost >= 1 and c.column == 3][0]
    x = cid(state, target.id)
    plain = column_costs(state, 0, x)
    assert plain[6] == target.cost + 3
    place(state, 0, passive_card(state, "move_discount").id, 1)
    assert column_costs(state, 0, x)[6] == target.cost + 2
    place(state, 0, passive_card(state, "create_discount").id, 2)
    assert column_costs(state, 0, x)[6] == target.cost + 1


def test_passive_archive_excavate_search_bonuses():
    state = board()
    for key in ("archive_bonus", "excavate_bonus", "search_bonus"):
        place(state, 0, passive_card(state, key).id, 6 if key != "search_bonus" else 5)
    state.stack.clear()
    state.push(ChooseAction(0))
    state.apply("search")
    assert len(state.hands[0]) == 2
    to_past(state, 0, find(state, PYR)[0])
    state.apply("excavate")
    state.apply("rotate:" + find(state, PYR)[0])
    assert len(state.hands[0]) == 5


def test_passive_decline_guard_saves_tokens_from_being_lost():
    from inkhorn.games.ancients.rules import w_topast

    state = board()
    guard = passive_card(state, "decline_guard")
    place(state, 0, guard.id, 4)
    x = place(state, 0, find(state, lambda c: MEGA(c) and not c.effects or (MEGA(c) and c.effects[0].when != "passive"))[0], 1, tokens=3)
    w_topast(state, 0, x)
    assert state.lost[0] == 3 - guard.effects[0].do[0].n
    conservation(state)


def test_passive_learn_bonus_counts_for_technology_requirements():
    from inkhorn.games.ancients.rules import requirement_met

    state = board()
    tech = [t for t in state.content.techs if t.requires.kind == "past" and t.requires.of is None][0]
    t = cid(state, tech.id)
    to_past(state, 0, *find(state, PYR)[: tech.requires.n - 2])
    assert not requirement_met(state, 0, t)
    place(state, 0, passive_card(state, "learn_bonus").id, 2)
    assert requirement_met(state, 0, t)


@pytest.mark.rule("§7", "R2")
def test_passive_effects_stop_in_the_past():
    state = board()
    card = passive_card(state, "hand_limit")
    to_past(state, 0, card.id)
    assert state.hand_limit(0) == 10
