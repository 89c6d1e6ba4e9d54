"""A game of known odds for checking the lab's statistics: every seat flips one fair coin.

A head scores 1 point and is "acquired" as a component named Heads (a tail as Tails).
Options: ``bonus`` gives the first seat that many extra points (a planted, large seat
advantage); ``salt`` burns draws before the flips, so the coins fall differently but stay
fair (a variant that must show no effect); ``broken`` is a seed whose game fails, as a game
in development may. Registered nowhere: the lab loads it as
``tests.lab.coin_game:COIN``.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from inkhorn.core import Game, GameOptions, GameState, StateRng, Step


class CoinOptions(GameOptions):
    bonus: int = 0
    salt: int = 0
    broken: int = -1


@dataclass(frozen=True)
class Flip(Step):
    def legal_actions(self, state: GameState) -> list[str]:
        return ["flip"]

    def resolve(self, state: GameState, action: str) -> None:
        state.coins[self.seat] = state.rng.randrange(2)
        state.flipped += 1


@dataclass(kw_only=True, eq=False)
class CoinState(GameState):
    coins: list[int]
    flipped: int

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"coins": list(self.coins)}

    def resample_hidden(self, seat: int | None) -> None:
        """Nothing is hidden."""

    def clone(self) -> CoinState:
        new = self._clone_base()
        new.coins = self.coins.copy()
        new.flipped = self.flipped
        return new


class Coin(Game):
    id = "coin"
    name = "Coin"
    min_players = 2
    max_players = 3
    default_players = 2
    Options = CoinOptions
    State = CoinState
    json_types = (Flip,)

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        if seed == options.broken:
            raise ValueError(f"no coin to flip in deal {seed}")
        for _ in range(options.salt):
            rng.random()
        return CoinState(num_players=players, seed=seed, options=options, rng=rng, coins=[-1] * players,
                         flipped=0)

    def advance(self, state: CoinState) -> None:
        if state.flipped < state.num_players:
            state.push(Flip(state.flipped))

    def scores(self, state: CoinState) -> list[float]:
        return [max(0, c) + (state.options.bonus if s == 0 else 0) for s, c in enumerate(state.coins)]

    def heuristic(self, state: GameState, seat: int) -> float:
        return self.scores(state)[seat]

    def hidden_names(self, state: GameState, seat: int | None) -> set[str]:
        return set()

    def render(self, state: GameState, seat: int | None) -> Any:
        return str(state.coins)

    def stats(self, state: CoinState) -> dict[str, float]:
        return {"heads": float(sum(c == 1 for c in state.coins)), "all_heads": float(all(c == 1 for c in state.coins))}

    def holdings(self, state: CoinState) -> list[dict[str, Counter[str]]]:
        return [{"acquired": Counter({"Heads": 1} if c == 1 else {"Tails": 1} if c == 0 else {})}
                for c in state.coins]


COIN = Coin()
