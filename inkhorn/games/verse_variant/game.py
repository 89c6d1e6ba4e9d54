"""Verse & Variant: Fragments of Antiquity — metadata, options, set-up, heuristic."""

from __future__ import annotations

import random
from typing import Any, Literal

from pydantic import Field

from inkhorn.core.features import SeatFeatures
from inkhorn.core.game import Game
from inkhorn.core.options import GameOptions
from inkhorn.core.rng import StateRng
from inkhorn.core.scene import Scene
from inkhorn.core.value import margins
from inkhorn.games.verse_variant import rules
from inkhorn.games.verse_variant import tools as _tools  # noqa: F401  (registers the Tool steps)
from inkhorn.games.verse_variant.content import CARD_BY_NAME, NUM_WITNESSES, load_content
from inkhorn.games.verse_variant.scoring import final_totals, ladder, majority_table
from inkhorn.games.verse_variant.state import FEATURE_TOKENS, LACUNA_TOKENS, TRACK_SPACES, VerseState
from inkhorn.games.verse_variant.steps import Ask, SealedAsk
from inkhorn.games.verse_variant.view import holdings as view_holdings

GRANTS = {3: 5, 4: 4, 5: 3}
CUBES = {3: 5, 4: 4, 5: 4}
# Stack sizes from the highest space down (set-up step 4).
STACKS = {3: (1, 2), 4: (2, 2), 5: (2, 3)}


class VerseOptions(GameOptions):
    content: str | None = Field(None, description="folder with edited witnesses.json / tools.json / institutions.json")
    slot_stars: Literal["final", "placed"] = Field(
        "final", description="Institution slot stars scored at Final Scoring (7.3) or when the cube is placed (5.2); R6"
    )
    tool_lead: Literal["first_witness", "no_lead"] = Field(
        "first_witness", description="when a Tool leads: the first Witness played sets the Lead, or the bout has no Lead; R11"
    )
    tool_follow: Literal["must_follow", "tools_free"] = Field(
        "must_follow", description="holding the Lead colour forbids a Tool as Primary, or Tools may always be played; R12"
    )
    majority_lead: Literal["last_bout", "most_led"] = Field(
        "last_bout", description="Lead colour of Majority Scoring: the Session's last bout, or the colour led most often; R7"
    )
    majority_ties: Literal["full", "split"] = Field(
        "full", description="tied scholars each take their place's award, or share the awards of the places they fill; R8"
    )
    footnote_feint: Literal["that_session", "lasting"] = Field(
        "that_session",
        description="Footnote Feint (T-5c) counts as one Feature token at that Session's Majority Scoring and at "
        "Final Scoring only (as T-5c reads), or becomes a lasting token from the supply; R13",
    )
    embargo_card: Literal["next_bout", "this_bout"] = Field(
        "next_bout",
        description="Publication Embargo stays on its Institution and joins the Desk at the start of the next bout "
        "(as T-11e reads), or joins this bout's Desk at once; R43",
    )


def build_tracks(players: int) -> list[list[int]]:
    a, b = STACKS[players]
    top_down = [a if i % 2 == 0 else b for i in range(TRACK_SPACES)]
    return [list(reversed(top_down)) for _ in range(5)]


def _bout_leader(state: VerseState) -> int:
    """The seat whose Primary ranks first so far in the bout being played, or -1."""
    if state.phase not in ("play", "rank") or not state.turn:
        return -1
    spot = state.spotlight()
    rank_key = rules.rank_key
    played = [(rank_key(state, x, spot, i), x) for i, x in enumerate(state.order) if state.primary[x] >= 0]
    return max(played)[1] if played else -1


def _desk_value(state: VerseState) -> float:
    """Rough worth of the Desk being built: its Features and Lacuna, minus Corruption."""
    worth = state.content.desk_worth
    v = 2.0 * sum(state.desk_tok[:5]) + sum(state.desk_tok[5:])
    for x in state.order:
        c = state.primary[x]
        if c >= 0:
            v += worth[c]
    for c in state.desk:
        v += worth[c]
    return v + 3.0 * len(state.order)


def _sessions_left(state: VerseState) -> float:
    """The share of the game's Sessions still to come: a Grant is worth 10 times it."""
    return max(0.0, 1.0 - state.sessions_done / state.num_players)


def _quick_grant(state: VerseState, step: Ask, legal: list[str]) -> str:
    """The Institution whose slot gives most for the Features paid: its stars and perk (a
    Grant back worth 10 while Sessions remain, as the heuristic counts it; a Lacuna 1), the
    2 an unused cube would cost, less the Feature ladder lost; a skip, where one is allowed,
    when nothing gains."""
    c = state.content
    seat = step.seat
    held = state.holdings(seat)
    perks = {"grant": 10 * _sessions_left(state), "lacuna": 1.0}
    best, best_gain = ("skip", 0.0) if "skip" in legal else (legal[0], float("-inf"))
    for action in legal:
        if action == "skip":
            continue
        inst = rules.colour_of(action)
        feature = c.inst_feature[inst]
        cost = 1 if step.data[0] == "gloss" else c.inst_cost[inst]
        slot = rules.slot_of(state, inst)
        count = held[feature]
        gain = c.slot_stars[slot] + perks.get(c.slot_perk[slot], 0.0) + 2 - (ladder(count) - ladder(count - cost))
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def _quick_move(state: VerseState, legal: list[str], rng: random.Random) -> str:
    """A scholar's quick move: the Primary that wins the bout with the richest Desk (or, when
    none can win, the poorest card, not to feed the winner); the echo the richest card when
    leading, the poorest otherwise; the Desk taken when it is worth the Grant; no Lacuna
    Exchange; the Institution that gains most; any other decision (a Tool's) the best of three
    by the heuristic, as a greedy rollout makes it."""
    step = state.stack[-1]
    seat = step.seat
    kind = step.kind if isinstance(step, Ask) else ""
    worth = state.content.desk_worth
    if kind == "turn":
        plays = [a for a in legal if a.startswith("play:")]
        if plays:
            spot = state.spotlight()
            keys = [rules.rank_key(state, x, spot, i) for i, x in enumerate(state.order) if state.primary[x] >= 0]
            top = max(keys) if keys else None
            idx = state.turn
            winning: list[tuple[float, float, str]] = []
            losing: list[tuple[float, float, str]] = []
            for a in plays:
                c = CARD_BY_NAME[a[5:]]
                lead = state.lead if state.lead != -1 or c >= NUM_WITNESSES else c // 9
                key = rules.card_key(state, seat, c, lead, spot, idx)
                (winning if top is None or key > top else losing).append((worth[c], rng.random(), a))
            return max(winning)[2] if winning else min(losing)[2]
    elif kind == "echo":
        leading = _bout_leader(state) == seat
        cards = [((worth[CARD_BY_NAME[a[5:]]], rng.random()), a) for a in legal]
        return (max(cards) if leading else min(cards))[1]
    elif kind == "window" and "pass" in legal:
        # a Grant is worth 10 while Sessions remain (the heuristic's count): take a richer Desk
        return "take" if "take" in legal and _desk_value(state) >= 10 * _sessions_left(state) else "pass"
    elif kind == "exchange" and "done" in legal:
        return "done"
    elif kind == "grant" and isinstance(step, Ask):
        return _quick_grant(state, step, legal)
    return state.game.best_after(state, legal if len(legal) <= 3 else rng.sample(legal, 3), seat)


class VerseGame(Game):
    id = "verse_variant"
    name = "Verse & Variant: Fragments of Antiquity"
    min_players = 3
    max_players = 5
    default_players = 4
    Options = VerseOptions
    State = VerseState
    json_types = (Ask, SealedAsk)
    # A leaf is valued after three quick moves, not at once: the heuristic reads a bout half
    # played poorly (it gives the bout's leader half the Desk, whoever plays after). On the
    # ladder's games, same seeds: at 300 iterations mcts beats greedy in 76.0% of head-to-head
    # results (valued at once: 67.2%; the old search's greedy rollouts, five times slower:
    # 78.3%), at 1000 in 74.5% (69.0%); bench/results/verse_variant-300-playout and -playout.
    search_settings = {"rollout": "playout", "depth": 3}

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> VerseState:
        assert isinstance(options, VerseOptions)  # Game.options() made them
        content = load_content(options.content)
        tools: list[int] = []
        aside: list[int] = []
        for rank in range(15):
            group = [NUM_WITNESSES + rank * 5 + v for v in range(5)]
            pick = rng.randrange(5)
            tools.append(group[pick])
            aside.extend(c for i, c in enumerate(group) if i != pick)
        n = players
        tracks = build_tracks(players)
        supply = [FEATURE_TOKENS - sum(t) for t in tracks] + [LACUNA_TOKENS]
        return VerseState(
            num_players=n, seed=seed, options=options, rng=rng, content=content,
            phase="session_start", session=1, sessions_done=0, quill=rng.randrange(n),
            deck_cards=tuple(sorted([*range(NUM_WITNESSES), *tools])), set_aside=tuple(sorted(aside)),
            hands=[[] for _ in range(n)], tableau=[[] for _ in range(n)], desk=[], desk_tok=[0] * 6,
            desk_cor=(0,) * 5, discard=[], tracks=tracks, supply=supply, ledger=[0] * (6 * n),
            vault=(0,) * (6 * n), grants=(GRANTS[n],) * n, spent=(0,) * n, lockdown=(1,) * n,
            cubes=(CUBES[n],) * n, slots=(-1,) * 15, nostar=(0,) * 15, laureate=-1, eureka=[0] * n,
            prestige=[0] * n, turn=0, order=(), primary=(-1,) * n, echo=(-1,) * n, boost=(0,) * n,
            elevated=[0] * n, lead=-1, lead_seat=0, winner=-1, finish=(), widx=0, lead_counts=(0,) * 5,
            last_lead=-1, claimer=-1, cl_stage=0, haul=[], cl_double=-1, cl_archive=-1, cl_lac=0,
            cl_rapid=0, cl_surge=0, spot_next=-1, spot_bout=-1, spot_lock=-1, old_guard=0, excluded=0,
            no_eureka=0, embargo=-1, end_flag=0, quill_claim=-1, mom_exchange=0, wash=0, glossator=0,
            maj_mod=(0,) * (5 * n), maj_stat=(), picks=(-1,) * n, game_end=0, final=(),
        )

    def advance(self, state: VerseState) -> None:
        rules.advance(state)

    def scores(self, state: VerseState) -> list[float]:
        return [float(p) for p in state.prestige]

    def tiebreak(self, state: VerseState, seat: int) -> tuple[float, ...]:
        h = state.holdings(seat)
        spot = state.final[0] if state.final else -1
        return (
            float(state.grants[seat]),
            float(h[5]),
            float(sum(h[:5])),
            float(h[spot]) if spot >= 0 else 0.0,
        )

    def heuristic(self, state: VerseState, seat: int) -> float:
        return self.heuristics(state)[seat]

    def playout(self, state: VerseState, legal: list[str], rng: random.Random) -> str:
        return _quick_move(state, legal, rng)

    def heuristics(self, state: VerseState) -> list[float]:
        """Prestige so far, what Final Scoring and this Session's Majority Scoring would give
        now, unused Grants valued by the claims they still allow, the chance of winning the
        bout in progress, against the best opponent."""
        n = state.num_players
        vals: list[float]
        if state.phase == "over":
            vals = [float(p) for p in state.prestige]
        else:
            left = _sessions_left(state)
            held = [state.holdings(x) for x in range(n)]
            majority = majority_table(state, held)
            lead = _bout_leader(state)
            desk = _desk_value(state)
            final = final_totals(state, held)
            vals = []
            for x in range(n):
                v: float = state.prestige[x] + final[x] + sum(majority[x])
                v += state.grants[x] * 10 * left + 1.5 * state.eureka[x] + 0.5 * len(state.hands[x])
                if x == lead:
                    v += 0.5 * desk
                vals.append(v)
        return margins(vals)

    def check_integrity(self, state: VerseState) -> None:
        state.check_integrity([*rules.PHASES, "over"])

    def hidden_names(self, state: VerseState, seat: int | None) -> set[str]:
        return state.hidden_names(seat)

    def stats(self, state: VerseState) -> dict[str, float]:
        """Collation Sessions played and the Reading Desks claimed in them."""
        return {"sessions": float(state.sessions_done), "grants_spent": float(sum(state.spent))}

    def picture(self, state: Any, seat: int | None) -> Any:
        from inkhorn.games.verse_variant.view import picture

        return picture(state, seat)

    def legend(self) -> tuple[tuple[str, str], ...]:
        from inkhorn.games.verse_variant.view import LEGEND

        return LEGEND

    def endings(self, options: Any) -> tuple[str, ...]:
        return ("as many Sessions as scholars (Hands = Players)", "a single scholar with Grants left "
                "(Single-Grant Survivor)", "every Grant spent mid-Session (Grant Exhaustion)")

    def ending(self, state: VerseState) -> str:
        names = self.endings(state.options)
        if state.game_end:
            return names[2]
        return names[0] if state.sessions_done >= state.num_players else names[1]

    def chapter(self, state: VerseState) -> str:
        return f"Collation Session {state.session}"

    def holdings(self, state: Any) -> Any:
        return view_holdings(state)

    def features(self, players: int, options: GameOptions) -> SeatFeatures[VerseState]:
        from inkhorn.games.verse_variant.features import VerseFeatures

        return VerseFeatures(players)

    def scene(self, observation: dict[str, Any], seat: int | None, options: GameOptions) -> Scene:
        from inkhorn.games.verse_variant.scene import scene

        return scene(observation, seat, options)

    def render(self, state: VerseState, seat: int | None) -> Any:
        from inkhorn.games.verse_variant.view import render

        return render(state, seat)


