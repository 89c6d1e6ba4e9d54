"""A small complete game used to test the core contract: sealed bids.

Cards 1..3n are shuffled; each seat is dealt 3 hidden cards. Each of 3 rounds, every seat
plays a card face down (a sealed, simultaneous choice); then all are revealed and the
highest card scores its value for its player. Most points wins; ties share.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from inkhorn.core import Game, GameOptions, GameState, StateRng, Step


class SealedBidsOptions(GameOptions):
    rounds: int = 3



@dataclass(frozen=True)
class PlayCard(Step):
    sealed = True

    def legal_actions(self, state: GameState) -> list[str]:
        return [f"play:{c}" for c in sorted(state.hands[self.seat])]

    def resolve(self, state: GameState, action: str) -> None:
        card = int(action.split(":")[1])
        state.hands[self.seat].remove(card)
        state.face_down[self.seat] = card

    def prompt(self, state: GameState) -> str:
        return "Play a card face down"

@dataclass(kw_only=True, eq=False)
class SealedBidsState(GameState):
    hands: list[list[int]]
    face_down: list[int | None]
    points: list[int]
    rounds_left: int
    revealed: list[list[int]]
    deck: list[int]

    def observe(self, seat: int | None) -> dict[str, Any]:
        return {
            "hand": sorted(self.hands[seat]) if seat is not None else None,
            "hand_sizes": [len(h) for h in self.hands],
            "has_played": [c is not None for c in self.face_down],
            "my_face_down": self.face_down[seat] if seat is not None else None,
            "revealed": [list(r) for r in self.revealed],
            "points": list(self.points),
            "to_act": self.current_seat(),
        }

    def resample_hidden(self, seat: int | None) -> None:
        unseen = sorted(
            [
                c
                for s in range(self.num_players)
                if s != seat
                for c in [*self.hands[s], *([self.face_down[s]] if self.face_down[s] is not None else [])]
            ]
            + self.deck
        )
        self.rng.shuffle(unseen)
        for s in range(self.num_players):
            if s == seat:
                continue
            n = len(self.hands[s])
            self.hands[s] = unseen[:n]
            unseen = unseen[n:]
            if self.face_down[s] is not None:
                self.face_down[s] = unseen.pop()
        self.deck = unseen

    def clone(self) -> SealedBidsState:
        new = self._clone_base()
        new.hands = [h.copy() for h in self.hands]
        new.face_down = self.face_down.copy()
        new.points = self.points.copy()
        new.rounds_left = self.rounds_left
        new.revealed = [r.copy() for r in self.revealed]
        new.deck = self.deck.copy()
        return new


class SealedBids(Game):
    id = "sealed_bids"
    name = "Sealed Bids"
    min_players = 2
    max_players = 5
    default_players = 3
    Options = SealedBidsOptions
    State = SealedBidsState
    json_types = (PlayCard,)

    def initial_state(self, players: int, seed: int, options: GameOptions, rng: StateRng) -> GameState:
        deck = list(range(1, 3 * players + 4))
        rng.shuffle(deck)
        hands = [sorted(deck[3 * i : 3 * i + 3]) for i in range(players)]
        return SealedBidsState(
            num_players=players,
            seed=seed,
            options=options,
            rng=rng,
            hands=hands,
            face_down=[None] * players,
            points=[0] * players,
            rounds_left=options.rounds,
            revealed=[],
            deck=deck[3 * players :],
        )

    def advance(self, state: SealedBidsState) -> None:
        if all(c is not None for c in state.face_down):
            played = [c for c in state.face_down if c is not None]
            best = max(played)
            state.points[played.index(best)] += best
            state.revealed.append(played)
            state.face_down = [None] * state.num_players
            state.rounds_left -= 1
        if state.rounds_left > 0:
            state.push(*(PlayCard(seat) for seat in range(state.num_players)))

    def scores(self, state: SealedBidsState) -> list[float]:
        return [float(p) for p in state.points]

    def heuristic(self, state: GameState, seat: int) -> float:
        return state.points[seat] - max(state.points)

    def hidden_names(self, state: GameState, seat: int | None) -> set[str]:
        """Cards in other hands, face down on the table or left in the deck, named as the
        words (and ids) of the game name them: ``play:7``."""
        unseen = set(state.deck)
        for s in range(state.num_players):
            if s != seat:
                unseen.update(state.hands[s])
                if state.face_down[s] is not None:
                    unseen.add(state.face_down[s])
        return {f"play:{c}" for c in unseen}

    def render(self, state: GameState, seat: int | None) -> Any:
        return str(state.observation(seat))


GAME = SealedBids()
