"""Ancients: build monuments on a six-column Timeline and let them decline into your Past."""

from __future__ import annotations

from typing import Any

from pydantic import Field

from inkhorn.core.errors import ContentError
from inkhorn.core.features import SeatFeatures
from inkhorn.core.game import Game
from inkhorn.core.options import GameOptions
from inkhorn.core.rng import StateRng
from inkhorn.core.scene import Scene
from inkhorn.core.value import margins
from inkhorn.games.ancients import rules
from inkhorn.games.ancients.content import cached_content
from inkhorn.games.ancients.effects import EFFECT_STEPS
from inkhorn.games.ancients.rules import END_AT, RULE_STEPS
from inkhorn.games.ancients.scoring import total
from inkhorn.games.ancients.state import EMPTY, TOKEN_VALUE, AncientsState
from inkhorn.games.ancients.view import holdings as view_holdings


class AncientsOptions(GameOptions):
    content: str | None = Field(
        None, description="folder with edited monuments.json, artifacts.json, technologies.json"
    )
    first_game: bool = Field(
        False, description="deal the fixed starting hands (6 cards) instead of draw 10 keep 6"
    )
    extra_card: bool = Field(
        True, description="in 3-4 players the third and fourth builders draw one more card at set-up"
    )
    hand_limit: int = Field(10, ge=1, le=30, description="most cards a builder may hold after drawing")
    max_rounds: int = Field(
        40, ge=1, le=200, description="safety stop: the game ends after this many rounds (see the rulings)"
    )


class AncientsGame(Game):
    id = "ancients"
    name = "Ancients"
    min_players = 2
    max_players = 4
    default_players = 3
    Options = AncientsOptions
    State = AncientsState
    json_types = (*RULE_STEPS, *EFFECT_STEPS)
    # A leaf left in the middle of a builder's turn (one action of two taken, a payment
    # pending) is played on at random to the end of that turn before the heuristic reads it:
    # read mid-turn, the heuristic is off by up to 9 points between the builder in its turn
    # and the others (against final margins of greedy games, bench/calibration.py), and the
    # search then follows whichever line it happened to search deepest. On the
    # ladder's games mcts beats greedy in 78.3% at 300 iterations (66.7% without; the old
    # search 73.3%) and in 75.8% at 1000 (74.2%); bench/results/ancients-300-finish-turn-random
    # and ancients-finish-turn.
    search_settings = {"finish_turn": True}

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> AncientsState:
        assert isinstance(options, AncientsOptions)  # Game.options() made them
        c = cached_content(options.content)
        first = rng.randrange(players)
        order = [(first + k) % players for k in range(players)]
        hands: list[list[int]] = [[] for _ in range(players)]
        builders = list(range(c.n_builders))
        phase = "setup"
        if options.first_game:
            decks = [1, 2, 3, 4]
            if any(len(c.start_decks[d]) == 0 for d in decks):
                raise ContentError(
                    c.source, "the first-game option needs four starting decks (start_deck 1-4)"
                )
            rng.shuffle(decks)
            for k, s in enumerate(order):
                hands[s] = list(c.start_decks[decks[k]])
            dealt = {x for h in hands for x in h}
            builders = [x for x in builders if x not in dealt]
            phase = "setup_done"
        rng.shuffle(builders)
        if not options.first_game:
            for k, s in enumerate(order):
                late_seat = options.extra_card and players >= 3 and k >= 2
                extra = 1 if late_seat else 0
                for _ in range(10 + extra):
                    hands[s].append(builders.pop())
        lvl1 = list(c.level1)
        lvl2 = list(c.level2)
        rng.shuffle(lvl1)
        rng.shuffle(lvl2)
        tiles = tuple(tuple(deck.pop() for _ in range(3)) for deck in (lvl1, lvl1, lvl2))
        n_all = len(c.all)
        return AncientsState(
            num_players=players,
            seed=seed,
            options=options,
            rng=rng,
            phase=phase,
            turn=first,
            first=first,
            actions_left=2,
            round=1,
            end_triggered=False,
            flipped=False,
            declining=False,
            placing=EMPTY,
            hands=hands,
            kept_aside=((),) * players,
            deck=builders,
            discard=[],
            timeline=[EMPTY] * (12 * players),
            tokens=[0] * n_all,
            rotated=(0,) * n_all,
            past=((),) * players,
            artifacts=((),) * players,
            techs=((),) * players,
            lost=[0] * players,
            banked=[0] * players,
            reserve=TOKEN_VALUE,
            tiles=tiles,
            tile_level=(1, 1, 2),
            tech_deck=(tuple(lvl1), tuple(lvl2)),
            tech_discard=((), ()),
            work=[],
            content=c,
        )

    def advance(self, state: AncientsState) -> None:
        rules.advance(state)

    def scores(self, state: AncientsState) -> list[float]:
        return [float(total(state, s)) for s in range(state.num_players)]

    def tiebreak(self, state: AncientsState, seat: int) -> tuple[float, ...]:
        return (-state.lost[seat],)

    def heuristic(self, state: AncientsState, seat: int) -> float:
        return self.heuristics(state)[seat]

    def heuristics(self, state: AncientsState) -> list[float]:
        return margins([potential(state, s) for s in range(state.num_players)])

    def check_integrity(self, state: AncientsState) -> None:
        state.check_integrity()
        rules.check_work(state)

    def hidden_names(self, state: AncientsState, seat: int | None) -> set[str]:
        return state.hidden_names(seat)

    def stats(self, state: AncientsState) -> dict[str, float]:
        """Rounds played, and whether the end was triggered by the rules or the round limit."""
        return {"rounds": float(state.round), "end_triggered": float(state.end_triggered)}

    def picture(self, state: Any, seat: int | None) -> Any:
        from inkhorn.games.ancients.view import picture

        return picture(state, seat)

    def legend(self) -> tuple[tuple[str, str], ...]:
        from inkhorn.games.ancients.view import LEGEND

        return LEGEND

    def endings(self, options: Any) -> tuple[str, ...]:
        return ("a Past reached 14 monuments", f"the round limit ({options.max_rounds} rounds; our safety net, not a rule)")

    def ending(self, state: AncientsState) -> str:
        return self.endings(state.options)[0 if state.end_triggered else 1]

    def chapter(self, state: AncientsState) -> str:
        return f"Round {state.round}"

    def holdings(self, state: Any) -> Any:
        return view_holdings(state)

    def features(self, players: int, options: GameOptions) -> SeatFeatures[AncientsState]:
        from inkhorn.games.ancients.features import AncientsFeatures

        assert isinstance(options, AncientsOptions)
        return AncientsFeatures(players, cached_content(options.content))

    def scene(self, observation: dict[str, Any], seat: int | None, options: GameOptions) -> Scene:
        from inkhorn.games.ancients.scene import scene

        return scene(observation, seat, options)

    def render(self, state: AncientsState, seat: int | None) -> Any:
        from inkhorn.games.ancients.view import render

        return render(state, seat)


TEMPO = 2.0  # a monument on the way to the Past also counts toward requirements and the end
ARTIFACT_PER_TURN = 0.35
HAND_VALUE = tuple(sum(max(0.25, 1.0 - 0.1 * i) for i in range(n)) for n in range(41))


def potential(state: AncientsState, seat: int) -> float:
    """Score now plus what the Timeline, hand and Past are likely still worth.

    Cards in hand are worth less the more there are; an ARCHIVE or EXCAVATE just chosen is
    credited with what its first card will bring, so a one-step lookahead can see it."""
    c = state.content
    value = float(total(state, seat))
    late = 0.5 if state.end_triggered else 1.0
    # an artifact keeps working every turn: worth more early in the game
    turns_left = max(1, END_AT - max(len(p) for p in state.past))
    artifact = min(4.0, max(1.0, ARTIFACT_PER_TURN * turns_left))
    tok = state.tokens
    base = seat * 12
    on_timeline = 0
    for x in state.timeline[base : base + 12]:
        if x != EMPTY:
            value += late * (c.stars[x] - 1) * 0.85 - 0.8 * tok[x] + TEMPO
            on_timeline += tok[x]
    if state.placing != EMPTY and state.turn == seat:
        x = state.placing
        if c.is_monument[x]:
            value += late * c.stars[x] * 0.85 - 0.8 * c.tokens[x] + TEMPO
        else:
            value += artifact
    hand = len(state.hands[seat])
    value += HAND_VALUE[min(hand, 40)]
    value += artifact * len(state.artifacts[seat])
    rot = state.rotated
    unrot = sum(1 for x in state.past[seat] if not rot[x])
    value += 0.3 * unrot
    value += 0.5 * len(state.techs[seat])
    top = state.stack[-1] if state.stack else None
    if top is not None and top.seat == seat and getattr(top, "count", None) == 0:
        name = type(top).__name__
        if name == "ArchiveCard" and hand and on_timeline:
            value += 0.8 - (HAND_VALUE[hand] - HAND_VALUE[hand - 1])
        elif name == "ExcavateCard" and unrot:
            gain = HAND_VALUE[min(hand + 2, 40)] - HAND_VALUE[hand]
            value += gain - 0.3
    return value
