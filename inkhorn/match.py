"""Playing one game between agents: the loop behind ``simulate``, ``arena`` and the lab."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass
from typing import Any

from inkhorn import games
from inkhorn.agents import Agent, make_agent
from inkhorn.core.errors import InkhornError, OptionError
from inkhorn.core.game import Game
from inkhorn.core.state import GameState


@dataclass
class MatchResult:
    game: str
    seed: int
    players: int
    agents: list[str]
    options: dict[str, Any]
    scores: list[float]
    winners: list[int]
    decisions: int
    seconds: float
    actions: list[str]
    stats: dict[str, float]
    ending: str = ""  # which of the game's endings ended it (Game.ending)

    def record(self, with_actions: bool = False) -> dict[str, Any]:
        """One JSON line of ``inkhorn simulate``."""
        data = asdict(self)
        if not with_actions:
            data.pop("actions")
        return data


def agent_seed(match_seed: int, seat: int) -> int:
    """Each seat's agent gets its own reproducible stream, unrelated to the game's."""
    return random.Random(f"agent:{match_seed}:{seat}").randrange(1 << 62)


def play_match(
    game_id: str | Game,
    agents: Sequence[str | Agent],
    seed: int,
    options: Mapping[str, Any] | None = None,
    on_decision: Callable[[GameState, int, str], None] | None = None,
    max_decisions: int = 200_000,
) -> MatchResult:
    """Play one game to its end; a game that does not end within ``max_decisions`` is an
    error naming the game and seed (a rules or bot loop), never a silent hang. ``game_id`` may
    be a :class:`Game` itself, for a game outside the registry (one under development)."""
    game = game_id if isinstance(game_id, Game) else games.get_game(game_id)
    game_id = game.id
    players = game.check_players(len(agents))
    seated = [a if isinstance(a, Agent) else make_agent(a, agent_seed(seed, i)) for i, a in enumerate(agents)]
    state = game.new_game(players, seed, options)
    started = time.perf_counter()
    decisions = 0
    while not state.is_terminal():
        seat = state.current_seat()
        assert seat is not None
        action = seated[seat].choose(state, seat)
        if on_decision is not None:
            on_decision(state, seat, action)
        state.apply(action)
        decisions += 1
        if decisions >= max_decisions and not state.is_terminal():
            raise InkhornError(
                f"{game_id} seed {seed} with {', '.join(a.spec() for a in seated)} did not end within "
                f"{max_decisions} decisions"
            )
    return MatchResult(
        game=game_id,
        seed=seed,
        players=players,
        agents=[a.spec() for a in seated],
        options=state.options.model_dump(mode="json"),
        scores=state.scores(),
        winners=state.winners(),
        decisions=decisions,
        seconds=time.perf_counter() - started,
        actions=list(state.history),
        stats=game.stats(state),
        ending=game.ending(state),
    )


def check_agent_count(agents: Sequence[str], players: int) -> None:
    if len(agents) != players:
        raise OptionError(f"{players} players need {players} agents, got {len(agents)}: {', '.join(agents)}")
