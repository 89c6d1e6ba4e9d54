"""Final scoring, as pure functions of a state (also used as the running score)."""

from __future__ import annotations

from inkhorn.games.ancients.content import KINDS, Op
from inkhorn.games.ancients.effects import cond_holds
from inkhorn.games.ancients.state import AncientsState


def per_count(state: AncientsState, seat: int, op: Op) -> int:
    per = op.per
    if per == "past":
        return state.past_count(seat, op.kind)
    if per == "artifacts":
        return len(state.artifacts[seat])
    if per == "techs":
        return state.tech_count(seat, op.kind)
    if per == "rotated":
        return state.rotated_count(seat)
    if per == "timeline":
        return len(state.monuments_in_timeline(seat))
    return min(state.past_count(seat, k) for k in KINDS)  # sets


def score_op(state: AncientsState, seat: int, op: Op) -> int:
    if op.per is None:
        return op.n
    points = op.n * (per_count(state, seat, op) // op.every)
    return points if op.max is None else min(points, op.max)


def endgame_points(state: AncientsState, seat: int, card: int) -> int:
    total = 0
    for eff in state.content.by_trigger["endgame"][card]:
        if cond_holds(state, seat, card, eff.cond):
            total += sum(score_op(state, seat, op) for op in eff.do if op.op == "score")
    return total


def breakdown(state: AncientsState, seat: int) -> dict[str, int]:
    """The score sheet of one builder."""
    c = state.content
    past = state.past[seat]
    level2 = [t for t in state.techs[seat] if c.all[t].level == 2]  # type: ignore[union-attr]
    return {
        "past_stars": sum(c.stars[x] for x in past),
        "past_effects": sum(endgame_points(state, seat, x) for x in past),
        "technologies": sum(endgame_points(state, seat, t) for t in level2),
        "timeline": len(state.monuments_in_timeline(seat)),
        "effects_gained": state.banked[seat],
        "lost_knowledge": -state.lost[seat],
    }


def total(state: AncientsState, seat: int) -> int:
    return sum(breakdown(state, seat).values())
