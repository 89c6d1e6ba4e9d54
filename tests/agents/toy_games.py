"""Two tiny perfect-information games with known best moves, for testing search bots.

* ``Nim``: one pile, each turn take 1-3 stones; who takes the last stone wins. The winning
  move leaves a multiple of four.
* ``Pick``: an open step with hundreds of candidates: each seat names a number once; the
  closer to a target the better (score ``-(n - target)**2``). Exercises progressive
  widening over a candidate list.
* ``Craft``: seat 0 either takes a sure 5 points or crafts, then picks one of twenty ways to
  carry the craft out (a ``detail`` step): one way is worth 10, the others nothing. Crafting
  is right, but only when the craft is judged by its best way, not by the average one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inkhorn.core import Game, GameOptions, GameState, IllegalAction, StateRng, Step


class NimOptions(GameOptions):
    stones: int = 10


@dataclass(frozen=True)
class Take(Step):
    def legal_actions(self, state: GameState) -> list[str]:
        return [f"take:{k}" for k in range(1, min(3, state.pile) + 1)]

    def resolve(self, state: GameState, action: str) -> None:
        state.pile -= int(action[5:])
        if state.pile == 0:
            state.winner = self.seat
        else:
            state.to_move = 1 - self.seat


@dataclass(kw_only=True, eq=False)
class NimState(GameState):
    pile: int
    to_move: int
    winner: int | None

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"pile": self.pile, "to_move": self.to_move, "winner": self.winner}

    def resample_hidden(self, seat: int | None) -> None:
        """Nothing is hidden."""

    def clone(self) -> NimState:
        new = self._clone_base()
        new.pile = self.pile
        new.to_move = self.to_move
        new.winner = self.winner
        return new


class Nim(Game):
    id = "nim"
    name = "Nim"
    min_players = 2
    max_players = 2
    default_players = 2
    Options = NimOptions
    State = NimState
    json_types = (Take,)

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        return NimState(num_players=players, seed=seed, options=options, rng=rng, pile=options.stones,
                        to_move=0, winner=None)

    def advance(self, state: NimState) -> None:
        if state.winner is None:
            state.push(Take(state.to_move))

    def scores(self, state: NimState) -> list[float]:
        return [1.0 if state.winner == s else 0.0 for s in range(2)]

    def heuristic(self, state: GameState, seat: int) -> float:
        """Exact: the seat to move wins unless the pile is a multiple of four."""
        if state.winner is not None:
            return 1.0 if state.winner == seat else -1.0
        mover_wins = state.pile % 4 != 0
        return 1.0 if mover_wins == (state.to_move == seat) else -1.0

    def hidden_names(self, state: GameState, seat: int | None) -> set[str]:
        """Nothing is hidden."""
        return set()

    def render(self, state: GameState, seat: int | None) -> Any:
        return str(state.observation(seat))


class PickOptions(GameOptions):
    target: int = 137
    candidates: int = 300


@dataclass(frozen=True)
class Name(Step):
    open = True

    def legal_actions(self, state: GameState) -> list[str]:
        return [f"n:{i}" for i in range(state.options.candidates)]

    def check(self, state: GameState, action: str) -> None:
        head, _, tail = action.partition(":")
        if head != "n" or not tail.isdigit():
            raise IllegalAction(action, "name a number as n:<digits>", seat=self.seat)

    def resolve(self, state: GameState, action: str) -> None:
        state.picks[self.seat] = int(action[2:])


@dataclass(kw_only=True, eq=False)
class PickState(GameState):
    picks: list[int | None]

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"picks": list(self.picks)}

    def resample_hidden(self, seat: int | None) -> None:
        """Nothing is hidden."""

    def clone(self) -> PickState:
        new = self._clone_base()
        new.picks = self.picks.copy()
        return new


class Pick(Game):
    id = "pick"
    name = "Pick"
    min_players = 2
    max_players = 3
    default_players = 2
    Options = PickOptions
    State = PickState
    json_types = (Name,)

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        return PickState(num_players=players, seed=seed, options=options, rng=rng, picks=[None] * players)

    def advance(self, state: PickState) -> None:
        if not state.history:
            state.push(*(Name(s) for s in range(state.num_players)))

    def scores(self, state: PickState) -> list[float]:
        target = state.options.target
        return [float(-((p - target) ** 2)) if p is not None else 0.0 for p in state.picks]

    def heuristic(self, state: GameState, seat: int) -> float:
        return state.scores()[seat] if state.picks[seat] is not None else -1e6

    def hidden_names(self, state: GameState, seat: int | None) -> set[str]:
        """Nothing is hidden."""
        return set()

    def render(self, state: GameState, seat: int | None) -> Any:
        return str(state.picks)


@dataclass(frozen=True)
class Choose(Step):
    def legal_actions(self, state: GameState) -> list[str]:
        return ["plain", "craft"]

    def resolve(self, state: GameState, action: str) -> None:
        if action == "plain":
            state.points = 5
        else:
            state.push(Way(self.seat))


@dataclass(frozen=True)
class Way(Step):
    detail = True

    def legal_actions(self, state: GameState) -> list[str]:
        return [f"way:{i}" for i in range(20)]

    def resolve(self, state: GameState, action: str) -> None:
        state.points = 10 if action == "way:13" else 0


@dataclass(kw_only=True, eq=False)
class CraftState(GameState):
    points: int | None

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {"points": self.points}

    def resample_hidden(self, seat: int | None) -> None:
        """Nothing is hidden."""

    def clone(self) -> CraftState:
        new = self._clone_base()
        new.points = self.points
        return new


class Craft(Game):
    id = "craft"
    name = "Craft"
    min_players = 2
    max_players = 2
    default_players = 2
    Options = GameOptions
    State = CraftState
    json_types = (Choose, Way)

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        return CraftState(num_players=players, seed=seed, options=options, rng=rng, points=None)

    def advance(self, state: CraftState) -> None:
        if not state.history:
            state.push(Choose(0))

    def scores(self, state: CraftState) -> list[float]:
        return [float(state.points or 0), 5.0]

    def heuristic(self, state: GameState, seat: int) -> float:
        ours = float(state.points or 0)
        return ours - 5.0 if seat == 0 else 5.0 - ours

    def hidden_names(self, state: GameState, seat: int | None) -> set[str]:
        """Nothing is hidden."""
        return set()

    def render(self, state: GameState, seat: int | None) -> Any:
        return str(state.points)


NIM = Nim()
PICK = Pick()
CRAFT = Craft()
