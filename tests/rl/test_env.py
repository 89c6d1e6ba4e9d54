"""The PettingZoo and Gymnasium environments: PettingZoo's own API and seed tests for every
game and player count, fixed shapes, masks, rewards, reproducible seeding, no leaks."""

from __future__ import annotations

import gc
import json
import random
import warnings
import zlib
from pathlib import Path

import gymnasium
import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from pettingzoo.test import api_test, seed_test

import inkhorn.rl as rl
from inkhorn import games
from inkhorn.core import IllegalAction, InkhornError, OptionError
from inkhorn.core.checks import leaked_name, secrets
from inkhorn.games import all_games
from inkhorn.rl.encoding import (
    HISTORY_BUCKETS,
    HISTORY_DEPTH,
    SLOT_BUCKETS,
    Encoder,
    IdCodes,
    SeatVector,
    write_history,
    write_slots,
    write_tail_parts,
)

COUNTS = [(g.id, n) for g in all_games() for n in range(max(g.min_players, 2), g.max_players + 1)]


@pytest.mark.parametrize("game, players", COUNTS)
def test_pettingzoo_api_and_seed_tests_pass(game, players):
    api_test(rl.env(game, players=players), num_cycles=2_000)
    seed_test(lambda: rl.env(game, players=players), num_cycles=300)


def test_solo_coop_novelist_is_an_environment_too():
    api_test(rl.env("novelist", players=1, coop="penny-hack"), num_cycles=2_000)


def _play_out(env, seed):
    """Random masked play to the end; the rewards each agent was last given."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final = {}
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, _ = env.last()
        final[agent] = reward
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert obs["observation"].shape == env.observation_space(agent)["observation"].shape
        env.step(int(rng.choice(legal)))
    return final


@pytest.mark.parametrize("game, players", [("scriptoria", 3), ("ancients", 2), ("verse_variant", 4)])
def test_win_rewards_split_a_shared_win_and_end_with_the_game(game, players):
    env = rl.env(game, players=players)
    final = _play_out(env, 5)
    state = env.unwrapped.state
    winners = state.winners()
    for seat in range(players):
        expected = 1 / len(winners) if seat in winners else 0.0
        assert final[f"seat_{seat}"] == pytest.approx(expected)


def test_margin_rewards_are_score_minus_best_other():
    env = rl.env("scriptoria", players=3, reward="margin")
    final = _play_out(env, 9)
    scores = env.unwrapped.state.scores()
    for seat in range(3):
        best_other = max(s for i, s in enumerate(scores) if i != seat)
        assert final[f"seat_{seat}"] == pytest.approx(scores[seat] - best_other)


def test_reset_with_a_seed_deals_that_game_and_episodes_repeat():
    import inkhorn

    env = rl.env("ancients", players=3)
    env.reset(seed=11)
    same = inkhorn.new_game("ancients", 3, seed=11)
    assert env.unwrapped.state.observation(0) == same.observation(0)
    first = [env.unwrapped.state.seed]
    for _ in range(3):
        env.reset()
        first.append(env.unwrapped.state.seed)
    env.reset(seed=11)
    again = [env.unwrapped.state.seed]
    for _ in range(3):
        env.reset()
        again.append(env.unwrapped.state.seed)
    assert first == again and len(set(first)) == 4


def test_every_legal_action_has_a_slot_with_room_to_spare():
    """Measured over seeded random games at every player count: the longest legal list
    stays under half the game's slots, so no action a bot can play is out of reach."""
    import inkhorn

    for game, players in COUNTS:
        slots = rl.ACTION_SLOTS[game]
        for seed in range(3):
            state = inkhorn.new_game(game, players, seed=seed)
            rng = random.Random(seed)
            while not state.is_terminal():
                legal = state.legal_actions()
                assert len(legal) <= slots // 2, (game, players, seed, len(legal))
                state.apply_trusted(rng.choice(legal))


def test_masked_out_and_malformed_slots_are_refused_and_change_nothing():
    env = rl.env("scriptoria", players=2).unwrapped
    env.reset(seed=3)
    before = env.state.to_json()
    mask = env.observe(env.agent_selection)["action_mask"]
    for bad in (int(mask.sum()), -1, "0", 1.5, True):
        with pytest.raises(IllegalAction):
            env.step(bad)
    assert env.state.to_json() == before and len(env.log) == 0


def test_calls_out_of_order_are_refused_as_pettingzoos_order_enforcing_wrapper_would():
    env = rl.env("scriptoria", players=2)
    for name in ("agent_selection", "agents", "rewards", "terminations", "truncations", "infos", "num_agents"):
        with pytest.raises(AttributeError, match="before reset"):
            getattr(env, name)
    with pytest.raises(AttributeError, match="before reset"):
        env.last()
    for call in (lambda: env.step(0), lambda: env.observe("seat_0"), lambda: env.agent_iter()):
        with pytest.raises(InkhornError, match="reset"):
            call()
    env.reset(seed=1)
    turns = iter(env.agent_iter())
    agent = next(turns)
    with pytest.raises(InkhornError, match=f"step\\(\\) {agent}"):
        next(turns)
    env.step(0)
    assert next(turns) == env.agent_selection
    _play_out(env, seed=2)
    assert env.agents == []
    with pytest.raises(InkhornError, match="call reset"):
        env.step(None)


def test_bad_construction_is_a_clear_error():
    with pytest.raises(OptionError):
        rl.env("scriptoria", players=9)
    with pytest.raises(OptionError):
        rl.env("scriptoria", players=3, reward="points")
    with pytest.raises(OptionError):
        rl.env("scriptoria", players=3, no_such_option=1)


@pytest.mark.parametrize("game, players", [(g, n) for g, n in COUNTS if n == 3] + [("scriptoria", 2)])
def test_observation_depends_only_on_what_the_seat_may_know(game, players):
    """Re-dealing everything a seat cannot see (``determinize``) never changes its vector,
    worked out from nothing in the world: the game's features read only what the seat may
    know (or the encoder is handed only ``observation(seat)``), with the seat's view of the
    actions and its own legal ids."""
    env = rl.env(game, players=players).unwrapped
    env.reset(seed=21)
    rng = np.random.default_rng(21)
    for step in range(400):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        if step % 25 == 0:
            for seat in range(players):
                name = f"seat_{seat}"
                world = env.state.determinize(seat, int(rng.integers(1 << 30)))
                legal = world.legal_actions() if name == agent else []
                mine = env.observe(name)["observation"]
                theirs = env.vector_of(world, seat, env.log.seen_by(seat, -8), legal)
                assert np.array_equal(mine, theirs), (game, seat, step)
        obs = env.observe(agent)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_action_id_and_raw_observation():
    env = rl.env("verse_variant", players=4).unwrapped
    env.reset(seed=2)
    agent = env.agent_selection
    seat = int(agent.split("_")[1])
    assert env.raw_observation(agent) == env.state.observation(seat)
    assert env.action_id(agent, 0) == env.state.legal_actions()[0]
    other = next(a for a in env.agents if a != agent)
    with pytest.raises(IllegalAction):
        env.action_id(other, 0)


def test_single_seat_gymnasium_env_plays_against_bots():
    env = rl.SingleSeatEnv("scriptoria", players=3, seat=1, opponents="random")
    obs, info = env.reset(seed=4)
    assert env.observation_space.contains(obs)
    again, _ = rl.SingleSeatEnv("scriptoria", players=3, seat=1, opponents="random").reset(seed=4)
    assert np.array_equal(obs, again)
    rng = np.random.default_rng(4)
    total, done = 0.0, False
    while not done:
        assert env.aec.state.current_seat() == 1
        assert np.array_equal(env.action_masks(), info["action_mask"])
        obs, reward, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(env.action_masks()))))
        assert env.observation_space.contains(obs)
        total += reward
        assert not truncated
    winners = env.aec.state.winners()
    assert total == pytest.approx(1 / len(winners) if 1 in winners else 0.0)


@pytest.mark.parametrize("game", ["manuscript", "novelist"])
def test_a_single_seat_observation_belongs_to_its_caller(game):
    """Whatever the learner does to an observation it was given, the env's next ones are the
    vectors worked out from nothing."""
    env = rl.SingleSeatEnv(game, seat=0, opponents="random")
    obs, info = env.reset(seed=2)
    rng = np.random.default_rng(2)
    for _ in range(60):
        obs[:] = 7.0  # the learner scribbles on what it holds
        aec = env.aec
        fresh = aec.vector_of(aec.state, 0, aec.log.seen_by(0, -8), aec._legal_for(aec.agents[0]))
        assert np.array_equal(aec.observe(aec.agents[0])["observation"], fresh)
        obs, _, done, truncated, info = env.step(int(rng.choice(np.flatnonzero(info["action_mask"]))))
        if done or truncated:
            obs, info = env.reset()


@pytest.mark.parametrize("game", games.game_ids())
def test_gymnasium_check_env_passes_on_the_single_seat_env(game):
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on unbounded Box spaces
        check_env(rl.SingleSeatEnv(game, opponents="random"), skip_render_check=True)


def test_a_masked_slot_ends_the_episode_with_a_penalty_and_leaves_the_game_alone():
    env = rl.SingleSeatEnv("scriptoria", players=2, opponents="random", illegal_reward=-2.0)
    obs, info = env.reset(seed=3)
    before = env.aec.state.to_json()
    masked = int(np.flatnonzero(~info["action_mask"])[0])
    after, reward, done, truncated, info = env.step(masked)
    assert (reward, done, truncated) == (-2.0, True, False) and "masked out" in info["illegal_action"]
    assert env.aec.state.to_json() == before and np.array_equal(obs, after) and obs is not after
    with pytest.raises(InkhornError, match="call reset"):
        env.step(int(np.flatnonzero(info["action_mask"])[0]))
    strict = rl.SingleSeatEnv("scriptoria", players=2, opponents="random", illegal="raise")
    strict.reset(seed=3)
    with pytest.raises(IllegalAction):
        strict.step(masked)
    with pytest.raises(OptionError, match="illegal must be"):
        rl.SingleSeatEnv("scriptoria", illegal="ignore")


@pytest.mark.parametrize("game", ["scriptoria", "novelist"])
def test_the_mask_can_travel_in_the_observation(game):
    """``mask="observation"`` gives the AEC's own dict: the same vector and the same mask as
    the default's observation and info, step for step, and an info without the mask."""
    plain = rl.SingleSeatEnv(game, opponents="random")
    both = rl.SingleSeatEnv(game, opponents="random", mask="observation")
    assert isinstance(both.observation_space, gymnasium.spaces.Dict)
    vector, info = plain.reset(seed=6)
    seen, extra = both.reset(seed=6)
    rng = np.random.default_rng(6)
    for _ in range(80):
        assert both.observation_space.contains(seen) and "action_mask" not in extra
        assert np.array_equal(seen["observation"], vector)
        assert np.array_equal(seen["action_mask"].view(bool), info["action_mask"])
        assert np.array_equal(both.action_masks(), plain.action_masks())
        slot = int(rng.choice(np.flatnonzero(info["action_mask"])))
        vector, reward, done, truncated, info = plain.step(slot)
        seen, other, done_too, _, extra = both.step(slot)
        assert (reward, done) == (other, done_too)
        if done or truncated:
            vector, info = plain.reset()
            seen, extra = both.reset()
    with pytest.raises(OptionError, match="mask must be 'info' or 'observation', not 'obs'"):
        rl.SingleSeatEnv(game, mask="obs")
    from gymnasium.utils.env_checker import check_env

    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # its advice on unbounded Box spaces
        check_env(rl.SingleSeatEnv(game, opponents="random", mask="observation"), skip_render_check=True)


def test_single_seat_refuses_bad_seats_and_opponent_lists():
    with pytest.raises(OptionError):
        rl.SingleSeatEnv("scriptoria", players=3, seat=3)
    with pytest.raises(OptionError):
        rl.SingleSeatEnv("scriptoria", players=3, opponents=["greedy"])


def _decisions(env, seed: int, steps: int):
    """A seeded game of random legal slots, ``steps`` decisions at most: yields the step, the
    deciding agent and its seat, and plays a slot once the caller has looked."""
    env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    for step in range(steps):
        agent = env.agent_selection
        if env.terminations[agent]:
            return
        yield step, agent, env._seat[agent]
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


@pytest.mark.parametrize("game", games.game_ids())
def test_the_encoder_goes_on_from_a_copy_of_a_seats_vector(game):
    """``Encoder.write`` is handed a seat's vector as it last left it, or a copy of it (an env
    may go on with a copy of its own); either way it writes exactly what a fresh encoder
    writes, slot bits of a longer list before included."""
    env = rl.env(game).unwrapped
    encoder = Encoder(env.slots, env.game.features(env.num_players, env.options))
    vectors: dict[int, np.ndarray] = {}
    copies = 0
    for step, _, seat in _decisions(env, 8, 300):
        legal = env.state.legal_actions()
        history = env.log.seen_by(seat, -HISTORY_DEPTH)
        out = vectors.get(seat)
        if out is None:
            out = np.zeros(encoder.size, np.float32)
        elif step % 2:
            out, copies = out.copy(), copies + 1
        encoder.write(env.state, seat, history, legal, out)
        vectors[seat] = out
        assert np.array_equal(out, env.vector_of(env.state, seat, history, legal)), (game, step)
    assert copies > 50


@pytest.mark.parametrize("game", ["novelist", "manuscript"])
def test_tables_emptied_at_their_limit_still_give_every_tail(game, monkeypatch):
    """The encoder's tables of hashed texts and ids are emptied when they would grow past
    their limit; the vector written at that step, and at every other, is still the one
    worked out from nothing."""
    import inkhorn.rl.encoding as encoding

    monkeypatch.setattr(encoding, "_CACHE_LIMIT", 12)
    env = rl.env(game).unwrapped
    emptied = 0
    for _, agent, seat in _decisions(env, 4, 200):
        before = len(env.encoder._action_bits) + len(env.encoder._words)
        mine = env.observe(agent)["observation"]
        emptied += len(env.encoder._action_bits) + len(env.encoder._words) < before
        history = env.log.seen_by(seat, -HISTORY_DEPTH)
        assert np.array_equal(mine, env.vector_of(env.state, seat, history, env.state.legal_actions()))
    assert emptied > 5


@pytest.mark.parametrize("game", games.game_ids())
def test_a_vector_kept_up_to_date_is_exactly_the_one_worked_out_from_nothing(game):
    """Features rewrite only what changed since a seat's last step, the hashing encoder
    reuses unchanged parts: either way every seat's vector, at every step of a whole game
    (its final scoring too), is the one a fresh encoder works out."""
    env = rl.env(game).unwrapped
    env.reset(seed=3)
    rng = np.random.default_rng(0)
    while True:
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        for name in env.agents:
            seat = env._seat[name]
            legal = env.state.legal_actions() if name == agent else []
            fresh = env.vector_of(env.state, seat, env.log.seen_by(seat, -8), legal)
            assert np.array_equal(env.observe(name)["observation"], fresh), (game, name, len(env.log))
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


@pytest.mark.parametrize("game", games.game_ids())
def test_a_seat_observed_now_and_then_gets_the_vector_worked_out_from_nothing(game):
    """As a learner steps: a seat is observed at some of its turns only, so the views of
    the last actions it is given run several actions on (or are all new), and its features
    catch up with many changes at once."""
    env = rl.env(game).unwrapped
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    while not env.terminations[env.agent_selection]:
        agent = env.agent_selection
        for name in env.agents:
            if name == agent or rng.random() < 0.1:
                seat = env._seat[name]
                legal = env.state.legal_actions() if name == agent else []
                fresh = env.vector_of(env.state, seat, env.log.seen_by(seat, -HISTORY_DEPTH), legal)
                assert np.array_equal(env.observe(name)["observation"], fresh), (game, name, len(env.log))
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


@pytest.mark.parametrize("game", games.game_ids())
def test_steps_leave_nothing_for_the_cycle_collector(game):
    """A learner's steps free what they make as they go: no reference cycles, which only the
    cycle collector frees, no record of every action kept to the game's end, and no cache that
    it must walk entry by entry at its passes (the encoder's caches hold atomic values, so the
    collector does not track them)."""
    env = rl.env(game).unwrapped
    env.reset(seed=4)
    rng = np.random.default_rng(4)
    gc.collect()
    gc.disable()
    try:
        for _ in range(1_500):
            agent = env.agent_selection
            if env.terminations[agent]:
                env.reset()
                continue
            env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))
        assert len(env.log) > 2 * HISTORY_DEPTH > len(env.log.records)  # the last few records only
        encoder = env.encoder
        assert encoder._hashes and encoder._words
        assert not gc.is_tracked(encoder._hashes) and not gc.is_tracked(encoder._words)
        assert gc.collect() == 0
    finally:
        gc.enable()


@pytest.mark.parametrize("game", games.game_ids())
def test_every_game_names_each_of_its_features(game):
    env = rl.env(game).unwrapped
    features = env.encoder.features
    assert features is not None and len(features.names) == features.size == len(set(features.names))
    assert env.encoder.head == features.size  # the table's part of the vector is the features
    space = env.observation_space("seat_0")["observation"]
    assert space.shape == (features.size + HISTORY_BUCKETS + env.slots * SLOT_BUCKETS,)


def test_features_are_named_one_by_one_and_fill_their_part_of_the_vector():
    env = rl.env("scriptoria", players=3).unwrapped
    env.reset(seed=1)
    features = env.encoder.features
    assert features is not None
    vector = env.observe(env.agent_selection)["observation"]
    named = dict(zip(features.names, vector[: features.size].tolist(), strict=True))
    state = env.state
    assert named["day.number"] == state.day and named["decision.InkTurn"] == 1.0
    assert [named[f"cup.{c}"] for c in ("red", "blue", "green", "black", "gold")] == state.cup


@pytest.mark.parametrize("game, players", [(g, n) for g, n in COUNTS if n == 3] + [("scriptoria", 2)])
def test_encoder_inputs_name_nothing_hidden_from_the_seat(game, players):
    """What the encoder hashes (the seat's view of the last actions, its own legal ids, and
    for a game without features its observation) names no component hidden from it
    (``Game.hidden_names``): a history entry is judged against what was hidden both just
    before and just after that action (a card played face up from a hand was seen by all
    when it was played). The features themselves are held to re-dealt worlds above."""
    env = rl.env(game, players=players).unwrapped
    env.reset(seed=33)
    rng = np.random.default_rng(33)
    seen: list[tuple[int, dict, list[str], list[str]]] = []
    hashed: list[dict] = []
    hash_observation, write_tail = env.encoder.hash_observation, env.encoder.write_tail

    def spy_observation(observation, out, viewer=None):
        hashed.append(observation)
        return hash_observation(observation, out, viewer)

    def spy_tail(history, legal, out, viewer=None):
        seen.append((viewer, hashed.pop() if hashed else {}, list(history), list(legal)))
        return write_tail(history, legal, out, viewer)

    env.encoder.hash_observation = spy_observation
    env.encoder.write_tail = spy_tail
    hidden_before: list[dict] = []
    for _ in range(300):
        agent = env.agent_selection
        if env.terminations[agent] or env.truncations[agent]:
            break
        now = secrets(env.state)
        hidden_before.append(now)
        for name in env.agents:
            env._cache.pop(name, None)
            env.observe(name)
        for seat, observation, history, legal in seen:
            assert leaked_name(now[seat], json.dumps(observation, ensure_ascii=False)) is None, (game, seat)
            assert leaked_name(now[seat], " ".join(legal)) is None, (game, seat, legal)
            first = len(env.log) - len(history)
            for k, text in enumerate(history, start=first):
                hidden = hidden_before[k][seat] & hidden_before[k + 1][seat]
                assert leaked_name(hidden, text) is None, (game, seat, k, text)
        seen.clear()
        obs = env.observe(agent)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


def test_scriptoria_features_read_the_detail_of_every_decision_that_has_one():
    """The features read a decision's public detail only for the kinds that have one; every
    other kind of decision, in whole random games, shows none."""
    from inkhorn.games.scriptoria.features import DETAILED

    game = games.get_game("scriptoria")
    rng = random.Random(0)
    for seed in range(6):
        state = game.new_game(3, seed)
        while not state.is_terminal():
            top = state.decision()
            if not isinstance(top, DETAILED) and hasattr(top, "public"):
                assert top.public(state) == {}, type(top).__name__
            state.apply_trusted(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("seed", [1, 2])
def test_manuscript_features_hold_every_scribes_running_score(seed):
    """A scribe's score is worked out again only when a part it counts changed (the
    exemplars, or that scribe's pages and texts): at every step of whole random games, every
    seat's score numbers are ``state.scores()``, from the viewer's seat on."""
    env = rl.env("manuscript", players=3).unwrapped
    at = [env.encoder.features.names.index(f"score.seat+{r}") for r in range(3)]
    checked = 0
    for step, _, _ in _decisions(env, seed, 5000):
        scores = env.state.scores()
        for name in env.agents if step % 2 else [env.agent_selection]:
            seat = env._seat[name]
            vector = env.observe(name)["observation"]
            assert [float(vector[i]) for i in at] == [scores[(seat + r) % 3] for r in range(3)], (step, name)
            checked += 1
    assert checked > 500 and env.terminations[env.agent_selection]


@pytest.mark.parametrize("mask", ["info", "observation"])
def test_gymnasium_async_vector_env_runs_single_seat_games_in_worker_processes(mask):
    """Training at scale uses Gymnasium's own vector API: two single-seat games in worker
    processes step in lockstep, each exactly as the same game played here with the same
    seed and slots, and a game that ends starts the next at the following step. The mask
    comes in the info or, written into shared memory with the rest, in the observation."""
    import functools

    from gymnasium.vector import AsyncVectorEnv

    make = functools.partial(rl.SingleSeatEnv, "scriptoria", 2, opponents="random", mask=mask)
    envs = AsyncVectorEnv([make, make], context="spawn")
    here = [make(), make()]

    def masks(obs, info):
        return obs["action_mask"].astype(bool) if mask == "observation" else info["action_mask"]

    def same(batch, i, one):
        if mask == "info":
            return np.array_equal(batch[i], one)
        return all(np.array_equal(batch[key][i], one[key]) for key in ("observation", "action_mask"))

    try:
        obs, info = envs.reset(seed=7)
        mine = [env.reset(seed=7 + i) for i, env in enumerate(here)]
        for i in range(2):
            assert same(obs, i, mine[i][0])
        rng = np.random.default_rng(7)
        done = np.zeros(2, dtype=bool)
        while not done.any():
            actions = [int(rng.choice(np.flatnonzero(m))) for m in masks(obs, info)]
            obs, reward, done, truncated, info = envs.step(np.array(actions))
            for i, env in enumerate(here):
                expected, expected_reward, expected_done, _, _ = env.step(actions[i])
                assert same(obs, i, expected) and reward[i] == expected_reward
                assert done[i] == expected_done and not truncated[i]
        restarted = [int(np.flatnonzero(m)[0]) if m.any() else 0 for m in masks(obs, info)]
        obs, _, done, _, info = envs.step(np.array(restarted))
        assert masks(obs, info).any(axis=1).all()  # both play on: the ended one in a new game
    finally:
        envs.close()


def test_a_game_without_features_has_its_observation_hashed(monkeypatch):
    """The contract lets a game give no features: its vector is then hashed from
    ``observation(seat)``, kept up to date as exactly as a fresh encoder's, and a world
    re-dealt from what the seat cannot see gives the same numbers."""
    from inkhorn.core.game import Game

    monkeypatch.setattr(Game, "features", lambda self, players, options: None)
    game = games.get_game("novelist")
    monkeypatch.setattr(type(game), "features", Game.features)
    env = rl.env("novelist", players=3).unwrapped
    assert env.encoder.features is None
    env.reset(seed=5)
    rng = np.random.default_rng(5)
    for step in range(120):
        agent = env.agent_selection
        seat = env._seat[agent]
        legal = env.state.legal_actions()
        mine = env.observe(agent)["observation"]
        assert np.array_equal(mine, env.vector_of(env.state, seat, env.log.seen_by(seat, -8), legal))
        if step % 20 == 0:
            world = env.state.determinize(seat, int(rng.integers(1 << 30)))
            assert np.array_equal(mine, env.vector_of(world, seat, env.log.seen_by(seat, -8), world.legal_actions()))
        env.step(int(rng.choice(np.flatnonzero(env.observe(agent)["action_mask"]))))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.lists(st.integers(0, HISTORY_BUCKETS - 1), max_size=6).map(bytes), max_size=HISTORY_DEPTH))
def test_the_history_part_sums_each_buckets_weights_by_age_in_full_precision(ages):
    """``write_history`` (compiled with C doubles for its sums) writes exactly the float64
    sums of 1, 1/2, 1/3 ... by age, made float32, and nothing outside its part."""
    out = np.full(HISTORY_BUCKETS + 10, 7.0, np.float32)
    write_history(SeatVector(out, 0), 5, list(ages))
    want = np.zeros(HISTORY_BUCKETS, np.float64)
    for age, buckets in enumerate(ages):
        for bucket in buckets:
            want[bucket] += 1.0 / (1 + age)
    assert np.array_equal(out[5 : 5 + HISTORY_BUCKETS], want.astype(np.float32))
    assert (out[:5] == 7.0).all() and (out[5 + HISTORY_BUCKETS :] == 7.0).all()


def test_the_compiled_history_sums_have_a_place_for_every_bucket():
    """The compiled build sums the history in a C array of fixed size (``encoding.pxd``), so
    its size and the source's spelled-out list must be ``HISTORY_BUCKETS``."""
    import inkhorn.rl.encoding as encoding

    folder = Path(str(encoding.__file__)).parent
    assert f"cython.double[{HISTORY_BUCKETS}]" in (folder / "encoding.pxd").read_text()
    assert f"totals = [0.0] * {HISTORY_BUCKETS}  #" in (folder / "encoding.py").read_text()


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=28), st.binary(max_size=28))
def test_the_slot_part_holds_each_codes_bits_and_clears_what_the_last_list_left(before, codes):
    """``write_slots`` (compiled as C loops; numpy's for lists of over 20) writes each slot
    code's bits, the lowest first, then zeros over the slots that the last list written in
    that vector filled beyond this one, and nothing else."""
    out = np.full(3 + (max(len(before), len(codes)) + 1) * SLOT_BUCKETS, 7.0, np.float32)
    vector = SeatVector(out, 0)
    write_slots(vector, 3, bytearray(before))
    write_slots(vector, 3, bytearray(codes))
    end = 3 + len(codes) * SLOT_BUCKETS
    cleared = 3 + max(len(before), len(codes)) * SLOT_BUCKETS
    want = np.unpackbits(np.frombuffer(codes, dtype=np.uint8), bitorder="little").astype(np.float32)
    assert np.array_equal(out[3:end], want)
    assert (out[end:cleared] == 0.0).all() and (out[cleared:] == 7.0).all() and (out[:3] == 7.0).all()
    assert vector.codes == codes
    assert SLOT_BUCKETS == 8  # spelled out in write_slots


def test_the_id_table_keeps_every_code_it_is_given_as_it_grows():
    """The legal ids' codes by hash: every key kept (negative ones too, as ``hash()`` gives)
    is found again with its code after the table has doubled several times, a key never
    kept is not found, and ``clear`` empties it."""
    rng = random.Random(5)
    table = IdCodes()
    kept = {}
    while len(kept) < 5000:
        key = rng.randrange(-(1 << 63), 1 << 63)
        if key not in kept:
            kept[key] = rng.randrange(256)
            table.put(key, kept[key])
    assert len(table) == 5000
    assert all(table.get(key) == code for key, code in kept.items())
    assert sum(table.get(rng.randrange(-(1 << 63), 1 << 63)) >= 0 for _ in range(1000)) == 0
    table.clear()
    assert len(table) == 0 and all(table.get(key) == -1 for key in list(kept)[:100])


def test_a_tail_hashes_a_text_or_id_it_has_not_seen_and_keeps_it():
    """``write_tail_parts`` takes each history text's buckets and each legal id's bits from
    its tables; one missing is hashed there (CRC-32 of its words, as the module's docstring
    says) and kept, and the vector is the one it then writes with nothing missing."""
    out = np.full(HISTORY_BUCKETS + 2 * SLOT_BUCKETS, 7.0, np.float32)
    vector = SeatVector(out, 0)
    words, bits, hashes = {"seen": b"\x01"}, IdCodes(), {}
    bits.put(hash("go"), 3)
    write_tail_parts(vector, 0, ["seen", "new text"], ["go", "stop"], words, bits, hashes)

    def bucket(text, buckets):
        return (zlib.crc32(text.encode()) >> 1) % buckets

    assert words["new text"] == bytes([bucket("h:new", HISTORY_BUCKETS), bucket("h:text", HISTORY_BUCKETS)])
    assert bits.get(hash("stop")) == 1 << bucket("a:stop", SLOT_BUCKETS) and bits.get(hash("go")) == 3
    assert len(bits) == 2
    again = np.full_like(out, 7.0)
    kept = IdCodes()
    for action in ("go", "stop"):
        kept.put(hash(action), bits.get(hash(action)))
    write_tail_parts(SeatVector(again, 0), 0, ["seen", "new text"], ["go", "stop"], dict(words), kept, {})
    assert np.array_equal(out, again)
    # the newest text weighs 1, the one before 1/2
    assert out[1] == 0.5 + (bucket("h:new", HISTORY_BUCKETS) == 1) + (bucket("h:text", HISTORY_BUCKETS) == 1)
    assert out[HISTORY_BUCKETS : HISTORY_BUCKETS + 2].tolist() == [1.0, 1.0]
