"""One learning seat against inkhorn's bots, as a Gymnasium environment.

The other seats are played by inkhorn agents (``opponents="greedy"``, ``"random"``,
``"mcts:iters=100"``, or one spec per other seat). Each bot decides for its own seat only
and, as everywhere in inkhorn, uses only what that seat may know. ``action_masks()`` gives
the legal slots, the method sb3-contrib's ``MaskablePPO`` asks for.

Where the mask travels with each step: ``mask="info"`` (the default) gives the observation
vector itself (a ``Box``) and the mask in ``info["action_mask"]``, the form sb3's policies
take. ``mask="observation"`` gives the AEC's own ``Dict`` of ``"observation"`` and
``"action_mask"`` and an info without it: in Gymnasium's ``AsyncVectorEnv`` the whole
observation is written into shared memory by the worker, whereas an info is pickled,
sent through a pipe and merged by the main process, which every worker waits for.

Any action of the action space is accepted, as Gymnasium's checker and vector wrappers
expect: a slot the mask rules out (``illegal="end"``, the default) changes nothing in the
game and ends the episode with reward ``illegal_reward`` (``info["illegal_action"]`` says
why); ``illegal="raise"`` raises :class:`~inkhorn.core.errors.IllegalAction` instead, to
catch a learner that ignores the mask.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from inkhorn.agents import make_agent
from inkhorn.core.errors import InkhornError, OptionError
from inkhorn.core.game import Game
from inkhorn.match import agent_seed
from inkhorn.rl.aec import InkhornAEC

MASKS = ("info", "observation")


class SingleSeatEnv(gymnasium.Env):
    metadata = {"render_modes": ["ansi"]}

    def __init__(
        self,
        game: str | Game,
        players: int | None = None,
        *,
        seat: int = 0,
        opponents: str | Sequence[str] = "greedy",
        reward: str = "win",
        render_mode: str | None = None,
        illegal: str = "end",
        illegal_reward: float = -1.0,
        mask: str = "info",
        **options: Any,
    ):
        if illegal not in ("end", "raise"):
            raise OptionError(f"illegal must be 'end' or 'raise', not {illegal!r}")
        if mask not in MASKS:
            raise OptionError(f"mask must be 'info' or 'observation', not {mask!r}")
        self.aec = InkhornAEC(game, players, reward=reward, render_mode=render_mode, **options)
        n = self.aec.num_players
        if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
            raise OptionError(f"seat must be a seat of this {n}-player game (0 to {n - 1}), not {seat!r}")
        specs = [opponents] * (n - 1) if isinstance(opponents, str) else list(opponents)
        if len(specs) != n - 1:
            raise OptionError(f"{n - 1} opponent specs are needed for a {n}-player game, not {len(specs)}")
        self.seat = seat
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self._ended = False
        self.agent = f"seat_{seat}"
        self.opponent_specs = specs
        self.render_mode = render_mode
        self.action_space = self.aec.action_space(self.agent)
        space = self.aec.observation_space(self.agent)
        assert isinstance(space, spaces.Dict)
        self.mask_in_observation = mask == "observation"
        self.observation_space = space if self.mask_in_observation else space["observation"]
        self._opponents: dict[int, Any] = {}

    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[Any, dict]:
        super().reset(seed=seed)
        if seed is None:
            seed = int(self.np_random.integers(0, 2**62))
        self.aec.reset(seed=seed)
        self._ended = False
        others = [s for s in range(self.aec.num_players) if s != self.seat]
        # validated here, once, so a bad spec fails at reset with the agent's own message
        self._opponents = {s: make_agent(spec, agent_seed(seed, s)) for s, spec in zip(others, self.opponent_specs)}
        self._play_opponents()
        return self._observation()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        if self._ended:
            raise InkhornError("this episode has ended: call reset() to start the next one")
        if self.illegal == "end":
            try:
                legal = 0 <= int(action) < self._slots()
            except (TypeError, ValueError, OverflowError):
                legal = False
            if not legal:
                self._ended = True
                obs, info = self._observation()
                info["illegal_action"] = f"slot {action!r} is masked out: the episode ends, the game unchanged"
                return obs, self.illegal_reward, True, False, info
        self.aec.step(action)
        self._play_opponents()
        obs, info = self._observation()
        state = self.aec._require_state()
        done = state.is_terminal()
        truncated = not done and self.aec.truncations.get(self.agent, False)
        reward = self.aec._final_rewards(state)[self.agent] if done else 0.0
        self._ended = done or bool(truncated)
        return obs, float(reward), done, bool(truncated), info

    def _play_opponents(self) -> None:
        aec = self.aec
        state = aec._require_state()
        while not state.is_terminal() and state.current_seat() != self.seat:
            seat = state.current_seat()
            assert seat is not None
            legal = aec._legal_for(aec.agent_selection)  # made once, for the bot and the check
            action = self._opponents[seat].choose_among(state, seat, legal)
            if action in legal:
                aec._apply(action)  # one of the ids the game gave: no second check
            else:
                # an open action beyond the candidate list: applied directly, still checked
                aec.apply_id(action)

    def _observation(self) -> tuple[Any, dict]:
        aec = self.aec
        seen = aec.observe(self.agent)  # a fresh copy of the AEC's own vector, and a fresh mask
        aec._cache.pop(self.agent, None)  # handed to the caller alone: the AEC keeps no reference to it
        if self.mask_in_observation:
            return seen, {}
        return seen["observation"], {"action_mask": seen["action_mask"].view(bool)}

    def _slots(self) -> int:
        """How many slots, from the first, hold the learning seat's legal actions now."""
        return min(len(self.aec._legal_for(self.agent)), self.aec.slots)

    def action_masks(self) -> np.ndarray:
        # the AEC's own int8 mask (a fresh copy, of 0s and 1s), read as booleans
        return self.aec._mask(len(self.aec._legal_for(self.agent))).view(bool)

    def render(self) -> str | None:
        return self.aec.render()
