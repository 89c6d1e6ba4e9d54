"""RL environment speed: AEC steps/s with random masked actions, every game, one core.

The yardstick, measured in the same run and in the same loop, in turns with each game
(``side_by_side.py``), is PettingZoo's own tic-tac-toe (``pettingzoo.classic.tictactoe_v3``,
which needs ``pygame``; both come with the ``bench`` extra). Each step is what a learner pays:
``last()`` (the observation vector and mask), a masked random sample from the action space,
and ``step``. Target: a ratio of at least 1.0 for every game. Beside it, "vector free": the
same loop with the observation vector never written (the legal list, mask, history and game
step as before), the most that any speed-up of the encoding itself can give.

Where a step's time goes: the median µs of ``last()``, the masked sample and ``step`` in the
same loop, for the yardstick and each game, and the yardstick's own three when one step of
the game (a legal slot drawn with Python's random) runs between two of its steps: what a
step of ours leaves of the yardstick's code and data in the caches, for its sample and its
step to fetch again. (Gymnasium's sample takes longer in our loop than in the yardstick's
for that reason, not for anything in the mask.)

Training at scale runs many environments in worker processes with Gymnasium's own
``AsyncVectorEnv`` over the single-seat environment (random opponents, the mask in the
observation, ``copy=False``): its steps/s on 1 and 2 workers, for each game, and their
ratio (target: 2 workers at least 1.6 times 1), each the median of ``--rounds`` rounds in
which the two vector envs take turns in slices, as the AEC figures do; above them, the
yardstick in the same form and loop (tic-tac-toe with one seat learning against a random
one), and below, the same with stand-ins whose steps take no time at all. Beside them, the "lockstep bound":
``AsyncVectorEnv`` steps its environments together and waits for the slowest, so with no
overhead at all 2 workers give at most 2 * mean / E[max of two steps] times one, a figure
of the game's step times alone (a learner's step holds every other seat's turn, so their
number of decisions varies, and with it the step's time).

``--sweep`` asks what 2 / 1 a faster or slower environment could reach: stand-ins whose steps
take the game's measured step times scaled from half to four times, once with their spread
as measured (a learner's step holds a varying number of other seats' decisions) and once all
alike (their mean), which shows what that spread costs the lockstep.

    python bench/rl.py [--seconds 3] [--games scriptoria,novelist] [--json out.json] [--no-vector]
                       [--opponents greedy] [--rounds 3] [--sweep]
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import json
import statistics
import time
from collections.abc import Callable
from typing import Any

from side_by_side import Meter, Work, machine, side_by_side

CHUNK = 256  # steps per unit of work
# The yardstick and a game take turns in slices this long (a few units each): a shared
# machine's speed drifts from second to second, and short turns let both see the same. (One
# game's ratio, five runs of 2 s each: from 0.90 to 1.11 in four turns, 0.98 to 1.05 in forty.)
SLICE = 0.05
# Every stream, the yardstick's and each game's, first runs this long unmeasured: what is
# compared is steady play, as a learner's millions of steps see it, not a process's first
# steps (a game's first few thousand steps in a fresh process ran up to a quarter slower).
WARM_UP = 0.5


def random_steps(make_env: Callable[[], Any], seed: int = 0, free_vector: bool = False) -> Work:
    """Random masked play, ``CHUNK`` steps per unit (episodes run on across units).
    ``free_vector``: the observation vector is never written (it stays all zero), so a step
    costs what it would if encoding took no time at all."""
    env = make_env()
    if free_vector:
        env.encoder.write = lambda *args: None
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    while True:
        started = time.perf_counter()
        steps = 0
        while steps < CHUNK:
            for agent in env.agent_iter():
                obs, _, terminated, truncated, _ = env.last()
                action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
                env.step(action)
                steps += 1
                if steps >= CHUNK:
                    break
            else:
                env.reset()
        yield steps, time.perf_counter() - started


def step_parts(make_env: Callable[[], Any], steps: int = 4000, seed: int = 0,
               between: Callable[[], None] | None = None) -> tuple[float, float, float]:
    """Median µs of the loop's three parts (``last()``, the masked sample, ``step``) over
    ``steps`` steps after as many unmeasured; ``between``: run after each step, not timed."""
    env = make_env()
    env.reset(seed=seed)
    for i, agent in enumerate(env.possible_agents):
        env.action_space(agent).seed(seed + i)
    parts: list[tuple[float, float, float]] = []
    clock = time.perf_counter
    while len(parts) < 2 * steps:
        for agent in env.agent_iter():
            started = clock()
            obs, _, terminated, truncated, _ = env.last()
            observed = clock()
            action = None if terminated or truncated else env.action_space(agent).sample(obs["action_mask"])
            sampled = clock()
            env.step(action)
            parts.append((observed - started, sampled - observed, clock() - sampled))
            if between is not None:
                between()
            if len(parts) >= 2 * steps:
                break
        else:
            env.reset()
    kept = parts[steps:]
    last, sample, step = (statistics.median(p[k] for p in kept) * 1e6 for k in range(3))
    return last, sample, step


def one_step_each_time(make_env: Callable[[], Any], seed: int = 1) -> Callable[[], None]:
    """A function that plays one step of another environment at each call (a legal slot picked
    with Python's own random, not Gymnasium's sample): run between the yardstick's steps, it
    shows what our step's code and data leave of the yardstick's in the caches."""
    import random

    env = make_env()
    env.reset(seed=seed)
    pick = random.Random(seed)
    turns = [env.agent_iter()]

    def play() -> None:
        while True:
            for _agent in turns[0]:
                obs, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                else:
                    env.step(pick.choice(obs["action_mask"].nonzero()[0].tolist()))
                return
            env.reset()
            turns[0] = env.agent_iter()

    return play


def turns(seconds: float) -> int:
    """How many turns each takes in ``seconds``: slices of about ``SLICE``."""
    return max(4, round(seconds / SLICE))


def warmed(stream: Work) -> Meter:
    """A meter of ``stream`` after ``WARM_UP`` seconds of it, not counted."""
    Meter(stream).run(WARM_UP)
    return Meter(stream)


VECTOR_UNIT = 16  # batches per unit of work of the vector form (a few ms)


def vector_stream(envs: Any, workers: int, seed: int = 0) -> Work:
    """Batches of Gymnasium's AsyncVectorEnv ``envs`` of ``workers`` environments, each
    step a random slot of its mask (any slot after an episode ends: the env resets);
    each unit ``VECTOR_UNIT`` batches, counted in environment steps."""
    import numpy as np

    rng = np.random.default_rng(seed)
    seen, _ = envs.reset(seed=seed)
    while True:
        started = time.perf_counter()
        for _ in range(VECTOR_UNIT):
            # one masked uniform draw for the whole batch, as a learner samples its batch: the
            # largest random key among each row's legal slots (slot 0 where none is legal)
            mask = seen["action_mask"]
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
            seen, _, _, _, _ = envs.step(actions)
        yield VECTOR_UNIT * workers, time.perf_counter() - started


def single_seat(game: str, opponents: str) -> Callable[[int], Callable[[], Any]]:
    """Each worker's factory: the game's single-seat environment, its mask in the observation
    (written into shared memory with the vector, not pickled with the info)."""
    from inkhorn.rl import SingleSeatEnv

    return lambda _k: functools.partial(SingleSeatEnv, game, opponents=opponents, mask="observation")


def stand_ins(game: str, times: list[float]) -> Callable[[int], Callable[[], Any]]:
    """Each worker's factory: a stand-in taking ``times`` (``stand_in``)."""
    return lambda k: functools.partial(stand_in, game, times, k)


def tic_tac_toe_seat() -> Any:
    """The yardstick in the vector form: PettingZoo's tic-tac-toe with one seat learning and
    the other playing uniformly random legal moves (as SingleSeatEnv's random opponents do),
    the board as a float32 vector beside the int8 mask in a dict, as ours."""
    import gymnasium
    import numpy as np
    from pettingzoo.classic import tictactoe_v3

    class TicTacToeSeat(gymnasium.Env):
        action_space = gymnasium.spaces.Discrete(9)
        observation_space = gymnasium.spaces.Dict({"observation": gymnasium.spaces.Box(0, 1, (18,), np.float32),
                                                   "action_mask": gymnasium.spaces.Box(0, 1, (9,), np.int8)})
        learner = "player_1"

        def __init__(self) -> None:
            self.aec = tictactoe_v3.env()

        def _observation(self) -> tuple[np.ndarray, dict]:
            seen = self.aec.observe(self.learner)
            return {"observation": seen["observation"].astype(np.float32).ravel(),
                    "action_mask": seen["action_mask"].astype(np.int8)}, {}

        def _opponent(self) -> None:
            aec = self.aec
            while not aec.terminations[self.learner] and aec.agent_selection != self.learner:
                legal = np.flatnonzero(aec.observe(aec.agent_selection)["action_mask"])
                aec.step(int(legal[self.np_random.integers(len(legal))]))

        def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple:
            super().reset(seed=seed)
            self.aec.reset(seed=seed)
            self._opponent()
            return self._observation()

        def step(self, action: Any) -> tuple:
            self.aec.step(int(action))
            self._opponent()
            done = self.aec.terminations[self.learner] or self.aec.truncations[self.learner]
            reward = float(self.aec.rewards[self.learner]) if done else 0.0
            observation, info = self._observation()
            return observation, reward, bool(done), False, info

    return TicTacToeSeat()


def paired_rounds(make: Callable[[int], Callable[[], Any]], seconds: float, rounds: int) -> tuple[float, float, float]:
    """Steps/s of ``make``'s environments on 1 and 2 workers of AsyncVectorEnv (``make(k)``
    the factory of worker ``k``'s) and their ratio: both vector envs open at once and taking
    turns in slices (``side_by_side``), so both see the machine's load of the same moments
    (the one waiting has its workers blocked on their pipes, using no processor), ``rounds``
    times; the medians of each figure and of the rounds' 2 / 1 ratios."""
    from gymnasium.vector import AsyncVectorEnv

    # copy=False: the batch of observations is the vector env's own shared-memory view, read
    # before the next step (a learner copies it into its rollout buffer, as CleanRL's
    # ``obs[step] = next_obs`` does, and needs no copy made for it first)
    with contextlib.ExitStack() as opened:  # both closed, whichever fails
        one = opened.enter_context(contextlib.closing(AsyncVectorEnv([make(0)], context="spawn", copy=False)))
        two = opened.enter_context(contextlib.closing(
            AsyncVectorEnv([make(k) for k in range(2)], context="spawn", copy=False)))
        streams = vector_stream(one, 1), vector_stream(two, 2)
        ones, twos, ratios = [], [], []
        for _ in range(rounds):
            single, double = warmed(streams[0]), warmed(streams[1])
            ratio = side_by_side(single, double, seconds, turns(seconds))
            assert ratio is not None
            ones.append(single.rate)
            twos.append(double.rate)
            ratios.append(ratio)
        return statistics.median(ones), statistics.median(twos), statistics.median(ratios)


SWEEP_SCALES = (0.5, 1.0, 2.0, 4.0)


def stand_in_sweep(game: str, times: list[float], seconds: float, rounds: int) -> list[dict[str, float]]:
    """2 / 1 of stand-ins at each of ``SWEEP_SCALES`` times the game's step times: as measured,
    and all taking their mean."""
    mean = sum(times) / len(times)
    rows = []
    for scale in SWEEP_SCALES:
        spread, alike = [t * scale for t in times], [mean * scale]
        ratios = [paired_rounds(stand_ins(game, ts), seconds, rounds)[2] for ts in (spread, alike)]
        rows.append({"scale": scale, "step_us": mean * scale, "as_measured": ratios[0], "all_alike": ratios[1]})
    return rows


def lockstep_bound(times: list[float]) -> float:
    """2 * mean / E[max of two independent steps] over the measured times: what 2 workers
    stepped together give at most against one, the vector form's own costs left out."""
    ordered = sorted(times)
    n = len(ordered)
    # in a sample of n, the i-th smallest (from 0) is the larger of two draws with chance (2i + 1) / n^2
    larger = sum(t * (2 * i + 1) for i, t in enumerate(ordered)) / (n * n)
    return 2 * (sum(ordered) / n) / larger


def step_times(make_env: Callable[[], Any], steps: int = 3000, seed: int = 0) -> list[float]:
    """A single-seat environment's step times (µs) in this process, a reset counted with the
    step that ended the game."""
    import numpy as np

    env = make_env()
    seen, _ = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    times = []
    for _ in range(steps):
        action = int(rng.choice(np.flatnonzero(seen["action_mask"])))
        started = time.perf_counter()
        seen, _, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            seen, _ = env.reset()
        times.append((time.perf_counter() - started) * 1e6)
    return times


def stand_in(game: str, times: list[float], offset: int) -> Any:
    """A stand-in for a game's single-seat environment: the same spaces and mask, and each
    step only takes as long as a step measured in the game (``step_times``). Its 2 / 1
    ratio is what AsyncVectorEnv itself allows at those step times on this machine."""
    import gymnasium

    from inkhorn.rl import SingleSeatEnv

    model = SingleSeatEnv(game, opponents="random", mask="observation")
    seen, _ = model.reset(seed=0)

    class Replay(gymnasium.Env):
        observation_space = model.observation_space
        action_space = model.action_space

        def __init__(self) -> None:
            self.at = offset * 7919  # each worker its own stretch of the same times

        def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple:
            return {key: value.copy() for key, value in seen.items()}, {}

        def step(self, action: Any) -> tuple:
            until = time.perf_counter() + times[self.at % len(times)] / 1e6
            self.at += 1
            while time.perf_counter() < until:
                pass
            return {key: value.copy() for key, value in seen.items()}, 0.0, False, False, {}

    return Replay()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--games", default="")
    parser.add_argument("--json", default="")
    parser.add_argument("--no-vector", action="store_true", help="skip the AsyncVectorEnv figures")
    parser.add_argument("--rounds", type=int, default=3,
                        help="1- and 2-worker measurements, side by side, per vector figure; medians are shown")
    parser.add_argument("--opponents", default="random",
                        help="the other seats of the vector form's single-seat games (SingleSeatEnv's default: greedy)")
    parser.add_argument("--sweep", action="store_true",
                        help="also 2 / 1 of stand-ins at 0.5 to 4 times each game's step times (minutes per game)")
    args = parser.parse_args()

    import inkhorn.rl as rl
    from inkhorn.games import all_games

    try:
        from pettingzoo.classic import tictactoe_v3
    except ImportError as exc:
        raise SystemExit(f"the yardstick needs PettingZoo's classic games and pygame: {exc}") from None

    yardstick = random_steps(tictactoe_v3.env)
    Meter(yardstick).run(WARM_UP)
    wanted = [g for g in args.games.split(",") if g]
    rows: list[dict[str, Any]] = []
    total = Meter()
    for game in all_games():
        if wanted and game.id not in wanted:
            continue
        players = game.default_players
        make = functools.partial(rl.env, game, players=players)
        theirs = Meter(yardstick)
        ours = warmed(random_steps(make))
        ratio = side_by_side(theirs, ours, args.seconds, turns(args.seconds))
        total.add(theirs)
        again = Meter(yardstick)
        free = warmed(random_steps(make, free_vector=True))
        free_ratio = side_by_side(again, free, args.seconds, turns(args.seconds))
        total.add(again)
        rows.append({"game": game.id, "players": players, "steps_per_s": ours.rate, "ratio": ratio,
                     "vector_free_ratio": free_ratio, "parts_us": step_parts(make),
                     "yardstick_parts_us_after_ours": step_parts(tictactoe_v3.env, between=one_step_each_time(make))})
    where = machine()
    print(f"machine: {where}")
    print(f"yardstick: PettingZoo tictactoe_v3 {total.rate:,.0f} steps/s")
    print(f"{'game':<14} {'players':>7} {'steps/s':>10} {'ratio':>6} {'vector free':>12}")
    for row in rows:
        print(f"{row['game']:<14} {row['players']:>7} {row['steps_per_s']:>10,.0f} {row['ratio']:>6.2f} "
              f"{row['vector_free_ratio']:>12.2f}")
    yardstick_parts = step_parts(tictactoe_v3.env)
    print("\nµs per step (medians): last(), the masked sample and step(); beside them, the yardstick's own "
          "parts when one step of the game runs between two of its steps")
    print(f"{'':<14} {'last()':>7} {'sample':>7} {'step':>7} {'yardstick then:':>16} {'last()':>7} {'sample':>7} {'step':>7}")
    print(f"{'(yardstick)':<14} " + " ".join(f"{x:>7.1f}" for x in yardstick_parts))
    for row in rows:
        print(f"{row['game']:<14} " + " ".join(f"{x:>7.1f}" for x in row["parts_us"]) + f" {'':>16} "
              + " ".join(f"{x:>7.1f}" for x in row["yardstick_parts_us_after_ours"]))
    vector: list[dict[str, Any]] = []
    if not args.no_vector:
        print(f"\nGymnasium AsyncVectorEnv over SingleSeatEnv ({args.opponents} opponents), and over tic-tac-toe "
              "with one random seat; 'stand-in': the same with environments that only take the game's measured "
              "step times")
        print(f"{'game':<14} {'1 worker':>10} {'2 workers':>10} {'2 / 1':>6} {'step µs':>8} {'stand-in 2 / 1':>15} "
              f"{'lockstep bound':>15}")
        times_of: dict[str, list[float]] = {}  # each game's step times, for the sweep
        # the yardstick first: PettingZoo's own tic-tac-toe in the same form and the same loop
        times = step_times(tic_tac_toe_seat)
        one, two, scaling = paired_rounds(lambda _k: tic_tac_toe_seat, args.seconds, args.rounds)
        mean, bound = sum(times) / len(times), lockstep_bound(times)
        vector.append({"game": "tictactoe_v3", "yardstick": True, "steps_per_s_1": one, "steps_per_s_2": two,
                       "scaling": scaling, "step_us": mean, "lockstep_bound": bound})
        print(f"{'(tic-tac-toe)':<14} {one:>10,.0f} {two:>10,.0f} {scaling:>6.2f} {mean:>8.0f} {'':>15} {bound:>15.2f}")
        for row in rows:
            make = single_seat(row["game"], args.opponents)
            times = step_times(make(0))
            one, two, scaling = paired_rounds(make, args.seconds, args.rounds)
            like = paired_rounds(stand_ins(row["game"], times), args.seconds, args.rounds)[2]
            mean = sum(times) / len(times)
            bound = lockstep_bound(times)
            vector.append({"game": row["game"], "steps_per_s_1": one, "steps_per_s_2": two, "scaling": scaling,
                           "step_us": mean, "stand_in_scaling": like, "lockstep_bound": bound})
            times_of[row["game"]] = times
            print(f"{row['game']:<14} {one:>10,.0f} {two:>10,.0f} {scaling:>6.2f} {mean:>8.0f} {like:>15.2f} "
                  f"{bound:>15.2f}")
        if rows:  # the vector form's own cost: stand-ins whose steps take no time at all
            idle = paired_rounds(stand_ins(rows[0]["game"], [0.0]), args.seconds, args.rounds)
            print(f"{'(no work)':<14} {idle[0]:>10,.0f} {idle[1]:>10,.0f} {idle[2]:>6.2f} {0:>8.0f}")
            vector.append({"game": None, "steps_per_s_1": idle[0], "steps_per_s_2": idle[1],
                           "scaling": idle[2], "step_us": 0.0})
        if args.sweep:
            print("\n2 / 1 of stand-ins at a multiple of each game's step times: with their spread as measured, "
                  "and all alike (their mean)")
            print(f"{'game':<14} {'x step':>6} {'step µs':>8} {'as measured':>12} {'all alike':>10}")
            for row in vector:
                if row["game"] not in times_of:
                    continue
                row["sweep"] = stand_in_sweep(row["game"], times_of[row["game"]], args.seconds, args.rounds)
                for point in row["sweep"]:
                    print(f"{row['game']:<14} {point['scale']:>6.1f} {point['step_us']:>8.0f} "
                          f"{point['as_measured']:>12.2f} {point['all_alike']:>10.2f}")
    if args.json:
        with open(args.json, "w") as out:
            json.dump({"machine": where, "yardstick": total.rate, "yardstick_parts_us": yardstick_parts, "rows": rows,
                       "vector": vector, "opponents": args.opponents}, out, indent=1)


if __name__ == "__main__":
    main()
