"""Every inkhorn game as a PettingZoo AEC environment.

The core already asks one seat one small decision at a time, which is exactly PettingZoo's
agent-environment cycle: ``agent_selection`` is the seat that decides, ``step`` applies one
decision, and a seat that has nothing to decide waits.

Actions: slots into the legal list
==================================

Each game and player count has one ``Discrete(slots)`` action space. Action *i* is the
*i*-th id of ``state.legal_actions()`` at that moment; ``action_mask`` marks the slots that
hold an id. We chose slots over a fixed catalogue of every possible id because three games
have decisions whose ids are open or combinatorial (Novelist's spelled words, Manuscript's
typed placements, Verse & Variant's multi-step Tools): a catalogue would be enormous or
incomplete, whereas the legal list is exactly what the bots choose from (for open
decisions it is the game's candidate list), so every action a bot can play is reachable.
The list's order is the engine's own, deterministic for a given position, and the words of
each slot's id are in the observation (see :mod:`inkhorn.rl.encoding`), so a policy sees
what each slot means. ``ACTION_SLOTS`` gives each game room well above the longest legal
list measured over seeded games at every player count (tests check the margin).

Observations
============

A ``Dict`` with ``"observation"`` (the fixed ``float32`` vector of
:mod:`inkhorn.rl.encoding`, built only from ``observation(seat)``, the seat's own view of
the actions taken and its own legal ids) and ``"action_mask"`` (``int8``, all zero for a
seat that is not deciding). ``raw_observation(agent)`` gives the dict the vector was made
from, and ``action_id(agent, slot)`` the id behind a slot.

Rewards
=======

``reward="win"`` (default): at the end each winner gets ``1 / len(winners)`` (a shared win
is split) and every other seat 0; in a co-operative game that the table loses, every seat
gets -1. ``reward="margin"``: at the end, the seat's score minus the best other score
(its own score in a solo game). Rewards are 0 before the end.

Seeding
=======

``reset(seed=s)`` deals game seed ``s`` exactly (the same game as ``inkhorn play --seed
s``); later ``reset()`` calls without a seed draw the next game seeds from a generator
seeded by ``s``, so a sequence of episodes is reproducible too.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils.env import AECIterable, AECIterator

from inkhorn.core.errors import IllegalAction, InkhornError, OptionError
from inkhorn.core.game import Game
from inkhorn.core.history import ActionLog
from inkhorn.core.state import GameState
from inkhorn.rl.encoding import HISTORY_DEPTH, Encoder

ACTION_SLOTS = {"scriptoria": 128, "verse_variant": 256, "manuscript": 640, "novelist": 64, "ancients": 64}
DEFAULT_SLOTS = 256
REWARDS = ("win", "margin")
MAX_DECISIONS = 100_000


class _MadeByReset:
    """What only ``reset()`` makes, read before it: a clear error, as PettingZoo's
    OrderEnforcingWrapper gives. Once ``reset()`` sets the attribute, the instance's own value
    is found first. (A ``__getattr__`` would do the same, but a class with one has every
    attribute read go through a slower path, a few dozen times a step.)"""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, env: object, owner: type | None = None) -> Any:
        if env is None:
            return self
        raise AttributeError(f"{self.name} cannot be read before reset(): call reset() first")


def _game(game: str | Game) -> Game:
    if isinstance(game, Game):
        return game
    from inkhorn.games import get_game  # the registry is looked up here, never in the core

    return get_game(game)


class InkhornAEC(AECEnv):
    """One inkhorn game as an AEC environment; agents are ``seat_0`` ... ``seat_{n-1}``."""

    metadata = {"render_modes": ["ansi"], "name": "inkhorn_v0", "is_parallelizable": False}
    # made by reset() (num_agents, AECEnv's property, reads agents)
    agents = _MadeByReset()
    agent_selection = _MadeByReset()
    rewards = _MadeByReset()
    terminations = _MadeByReset()
    truncations = _MadeByReset()
    infos = _MadeByReset()

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        reward: str = "win",
        slots: int | None = None,
        max_decisions: int = MAX_DECISIONS,
        render_mode: str | None = None,
        **options: Any,
    ):
        super().__init__()
        self.game = _game(game)
        self.num_players = self.game.check_players(players)
        self.options = self.game.options(options)
        if reward not in REWARDS:
            raise OptionError(f"reward must be one of {', '.join(REWARDS)}, not {reward!r}")
        if render_mode not in (None, "ansi"):
            raise OptionError(f"render_mode must be 'ansi' or None, not {render_mode!r}")
        self.reward_kind = reward
        self.render_mode = render_mode
        self.max_decisions = max_decisions
        self.slots = slots or ACTION_SLOTS.get(self.game.id, DEFAULT_SLOTS)
        self.encoder = Encoder(self.slots, self.game.features(self.num_players, self.options))
        self.metadata = {**self.metadata, "name": f"inkhorn_{self.game.id}_v0"}
        self.possible_agents = [f"seat_{i}" for i in range(self.num_players)]
        self._seat = {agent: i for i, agent in enumerate(self.possible_agents)}
        self._action_spaces = {a: spaces.Discrete(self.slots) for a in self.possible_agents}
        self._observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (self.slots,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._episodes: np.random.Generator | None = None
        self.state: GameState | None = None
        self.log = ActionLog(words=False, keep=HISTORY_DEPTH)
        self._cache: dict[str, tuple[int, dict[str, np.ndarray]]] = {}
        self._legal: list[str] | None = None  # the deciding seat's ids, once per decision
        self._vectors: dict[str, np.ndarray] = {}  # per agent, kept up to date (games with features)
        self._seen: dict[int, tuple[int, list[str]]] = {}  # per seat: the log's length, its last views
        self._masks: dict[int, np.ndarray] = {}
        self._stepped = True  # since agent_iter last gave an agent (see _Turns)

    # ---- spaces ----------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space:
        return self._observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self._action_spaces[agent]

    # ---- episodes ---------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        if seed is not None:
            game_seed = int(seed)
            self._episodes = np.random.default_rng(game_seed)
        else:
            if self._episodes is None:
                self._episodes = np.random.default_rng()
            game_seed = int(self._episodes.integers(0, 2**62))
        self.state = self.game.new_game(self.num_players, game_seed, self.options)
        self.log = ActionLog(words=False, keep=HISTORY_DEPTH)
        self._cache.clear()
        self._legal = None
        self._vectors.clear()
        self._seen.clear()
        self.encoder.forget()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self._deciding_agent()
        self._stepped = True

    def agent_iter(self, max_iter: int = 2**63) -> AECIterable:
        self._require_state()
        return _Turns(self, max_iter)

    def _deciding_agent(self) -> str:
        assert self.state is not None
        seat = self.state.current_seat()
        return self.possible_agents[seat if seat is not None else 0]

    def _legal_for(self, agent: str) -> list[str]:
        legal = self._legal
        if legal is None:
            state = self.state
            if state is None or state.is_terminal():
                return []
            legal = self._legal = state.legal_actions()
        return legal if agent == self.agent_selection else []

    # ---- what a seat sees --------------------------------------------------------------------
    def raw_observation(self, agent: str) -> dict[str, Any]:
        """The observation dict the vector is made from: ``observation(seat)`` itself."""
        return self._require_state().observation(self._seat[agent])

    def action_id(self, agent: str, slot: int) -> str:
        legal = self._legal_for(agent)
        if not 0 <= slot < len(legal):
            raise IllegalAction(slot, f"slot {slot} holds no action for {agent}", [str(i) for i in range(len(legal))])
        return legal[slot]

    def last(self, observe: bool = True) -> tuple[Any, float, bool, bool, dict[str, Any]]:
        """As PettingZoo's own, here so that it is compiled with the rest of a step."""
        agent = self.agent_selection
        return (self.observe(agent) if observe else None, self._cumulative_rewards[agent], self.terminations[agent],
                self.truncations[agent], self.infos[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        state = self._require_state()
        version = len(self.log) * 2 + (agent == self.agent_selection)
        cached = self._cache.get(agent)
        if cached is not None and cached[0] == version:
            return cached[1]
        seat = self._seat[agent]
        legal = self._legal_for(agent)
        history = self._history(seat)
        if self.encoder.features is not None:
            kept = self._vectors.get(agent)
            if kept is None:
                kept = self._vectors[agent] = np.zeros(self.encoder.size, dtype=np.float32)
            self.encoder.write(state, seat, history, legal, kept)
            # The caller keeps what it was given, the env its own. Handing out the kept vector
            # itself, read-only, and writing it again once nothing refers to it (two a seat, in
            # turn) was measured slower: each is brought up to date from older memory, and the
            # seats' copies no longer reuse the one block the allocator freed last.
            vector = kept.copy()
        else:
            vector = self.encoder.encode(state.observation(seat), history, legal, seat)
        result = {"observation": vector, "action_mask": self._mask(len(legal))}
        self._cache[agent] = (version, result)
        return result

    def _history(self, seat: int) -> list[str]:
        """What ``seat`` saw of the last ``HISTORY_DEPTH`` actions: the views it was given
        before and those of the actions since (a record's view never changes)."""
        now = len(self.log)
        known = self._seen.get(seat)
        if known is None or now - known[0] >= HISTORY_DEPTH:
            texts = self.log.seen_by(seat, -HISTORY_DEPTH)
        elif known[0] == now:
            return known[1]
        else:
            texts = (known[1] + self.log.seen_by(seat, known[0]))[-HISTORY_DEPTH:]
        self._seen[seat] = (now, texts)
        return texts

    def vector_of(self, state: GameState, seat: int, history: list[str], legal: list[str]) -> np.ndarray:
        """The vector of ``seat`` at ``state`` worked out from nothing (a fresh encoder):
        what ``observe`` keeps up to date step by step must equal it."""
        fresh = Encoder(self.slots, self.game.features(self.num_players, self.options))
        if fresh.features is None:
            return fresh.encode(state.observation(seat), history, legal)
        out = np.zeros(fresh.size, dtype=np.float32)
        fresh.write(state, seat, history, legal, out)
        return out

    def _mask(self, legal: int) -> np.ndarray:
        """A fresh mask of the first ``legal`` slots (copied from one made once per count)."""
        made = self._masks.get(legal)
        if made is None:
            made = self._masks[legal] = np.zeros(self.slots, dtype=np.int8)
            made[: min(legal, self.slots)] = 1
        return made.copy()

    # ---- decisions -----------------------------------------------------------------------------
    def step(self, action: Any) -> None:
        self._require_state()
        if not self.agents:
            raise InkhornError("every seat has left the finished game: call reset() to start the next one")
        self._stepped = True
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        legal = self._legal_for(agent)
        if type(action) is not int and (isinstance(action, (bool, np.bool_)) or not isinstance(action, (int, np.integer))):
            raise IllegalAction(action, "an action is a slot number", [str(i) for i in range(len(legal))])
        slot = int(action)
        slots = min(len(legal), self.slots)
        if not 0 <= slot < slots:
            raise IllegalAction(slot, f"slot {slot} is masked out for {agent}", [str(i) for i in range(slots)])
        self._cumulative_rewards[agent] = 0.0
        self._apply(legal[slot])

    def apply_id(self, action: str) -> None:
        """Apply an action by its id, checked (a bot's open action beyond the slots)."""
        self._require_state().check(action)
        self._apply(action)

    def _apply(self, action: str) -> None:
        state = self._require_state()
        self.log.apply_trusted(state, action)
        self._legal = None
        if state.is_terminal():
            self.rewards = self._final_rewards(state)
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
            self._accumulate_rewards()
        elif len(self.log) >= self.max_decisions:
            self.truncations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.agents[0]
        else:
            # rewards stay 0 until the end: nothing to add up before it
            self.agent_selection = self.possible_agents[state.stack[-1].seat]

    def _final_rewards(self, state: GameState) -> dict[str, float]:
        n = self.num_players
        if self.reward_kind == "margin":
            scores = state.scores()
            return {
                a: float(scores[i] - max((scores[j] for j in range(n) if j != i), default=0.0))
                for i, a in enumerate(self.possible_agents)
            }
        winners = state.winners()
        if not winners:
            return {a: -1.0 for a in self.possible_agents}
        return {a: (1.0 / len(winners) if i in winners else 0.0) for i, a in enumerate(self.possible_agents)}

    def _require_state(self) -> GameState:
        if self.state is None:
            raise InkhornError("call reset() before using the environment")
        return self.state

    # ---- people ----------------------------------------------------------------------------
    def render(self) -> str | None:
        if self.render_mode != "ansi":
            return None
        self._require_state()
        from rich.console import Console

        console = Console(width=100, record=True, file=None, force_terminal=False)
        with console.capture() as capture:
            console.print(self.game.render(self._require_state(), None))
        return capture.get()

    def close(self) -> None:
        self.state = None


class _Turns(AECIterable):
    """``agent_iter``: each agent it gives must be stepped before it gives the next."""

    def __iter__(self) -> AECIterator:
        return _TurnIterator(self.env, self.max_iter)


class _TurnIterator(AECIterator):
    def __next__(self) -> str:
        env = self.env
        if not env._stepped:
            raise InkhornError(f"step() {env.agent_selection} before asking agent_iter for the next agent")
        if not env.agents or self.iters_til_term <= 0:  # as PettingZoo's AECIterator
            raise StopIteration
        self.iters_til_term -= 1
        env._stepped = False
        return env.agent_selection


def env(game: str | Game, players: int | None = None, **kwargs: Any) -> AECEnv:
    """``env("scriptoria", players=3)``: the AEC environment.

    It needs no PettingZoo wrapper: it refuses calls out of order itself, as
    ``OrderEnforcingWrapper`` would (reading what ``reset()`` makes, or stepping, observing,
    rendering or iterating before it; asking ``agent_iter`` for the next agent before
    stepping the last), and a slot out of bounds or masked out with an ``IllegalAction``
    that names the legal slots. A wrapper layer costs every attribute ``last()`` reads: about
    9 µs a step, a sixth of tic-tac-toe's whole step (bench/rl.py's loop)."""
    return InkhornAEC(game, players, **kwargs)
