"""The information-set MCTS bot: budgets, seeds, returns, widening, and no peeking."""

from __future__ import annotations

import math
import random
import time

import pytest

from inkhorn import games
from inkhorn.agents import make_agent
from inkhorn.agents.mcts import MCTSAgent
from inkhorn.core import AgentError
from inkhorn.core.checks import snapshot
from inkhorn.core.errors import OptionError
from tests.agents.toy_games import CRAFT, NIM, PICK


def _sealed_midround(sealed, seed: int = 3):
    """Seat 0 has played a card face down; seat 1 is to play and cannot see it."""
    state = sealed.new_game(3, seed)
    state.apply(state.legal_actions()[1])
    assert state.current_seat() == 1
    return state


def _record_calls(monkeypatch, method: str, keep):
    """Spy on ``MCTSAgent.<method>``: what ``keep`` takes from each call's arguments, in order."""
    seen: list = []
    given = getattr(MCTSAgent, method)

    def spy(self, *args):
        seen.append(keep(*args))
        return given(self, *args)

    monkeypatch.setattr(MCTSAgent, method, spy)
    return seen


def test_mcts_is_registered_with_validated_params():
    agent = make_agent("mcts:iters=50,c=1.2,rollout=greedy,depth=5")
    assert isinstance(agent, MCTSAgent)
    assert agent.spec() == "mcts:iters=50,c=1.2,rollout=greedy,depth=5"
    with pytest.raises(AgentError, match="iters"):
        make_agent("mcts:iters=0")
    with pytest.raises(AgentError, match="rollout"):
        make_agent("mcts:rollout=clever")
    with pytest.raises(AgentError, match="unknown option 'budget'"):
        make_agent("mcts:budget=3")


def test_iteration_budget_and_seed_give_the_same_move(sealed):
    state = _sealed_midround(sealed)
    first = make_agent("mcts:iters=300", seed=9)
    second = make_agent("mcts:iters=300", seed=9)
    assert first.choose(state, 1) == second.choose(state, 1)
    assert first.last.visits == second.last.visits and first.last.values == second.last.values
    assert first.last.iterations == 300
    assert sum(first.last.visits.values()) == 300


def test_other_seeds_search_other_worlds(sealed):
    state = _sealed_midround(sealed)
    stats = set()
    for seed in range(4):
        agent = make_agent("mcts:iters=200", seed=seed)
        agent.choose(state, 1)
        stats.add(tuple(sorted(agent.last.visits.items())))
    assert len(stats) > 1


def test_worlds_past_the_pool_are_copies_with_a_fresh_future(sealed, monkeypatch):
    """Only the first ``worlds`` iterations re-deal a world; the rest replay one of them,
    each with its own future draws."""
    state = _sealed_midround(sealed)
    dealt = []
    determinize = type(state).determinize

    def counting(self, seat, seed):
        dealt.append(seed)
        return determinize(self, seat, seed)

    monkeypatch.setattr(type(state), "determinize", counting)
    agent = make_agent("mcts:iters=200,worlds=16", seed=3)
    agent.choose(state, 1)
    assert len(dealt) == 16 and agent.last.iterations == 200
    futures = []
    iterate = agent._iterate

    def watching(root, world, rng):
        futures.append(world.rng.seed)
        return iterate(root, world, rng)

    monkeypatch.setattr(agent, "_iterate", watching)
    agent.choose(state, 1)
    assert len(set(futures)) == len(futures) == 200, "every iteration has its own future"


def _swap_hidden(state, seed: int):
    """The same game for seat 1, with the cards seat 1 cannot see (seat 0's face-down card
    and the hands of seats 0 and 2) dealt among those places differently; the deck is
    left alone (the fixture's re-deal reads the deck apart from the hands)."""
    other = state.clone()
    pool = [*other.hands[0], other.face_down[0], *other.hands[2]]
    random.Random(seed).shuffle(pool)
    n0 = len(other.hands[0])
    other.hands[0] = sorted(pool[:n0])
    other.face_down[0] = pool[n0]
    other.hands[2] = sorted(pool[n0 + 1 :])
    return other


def test_bot_cannot_see_hidden_information(sealed):
    """Two games that differ only in cards seat 1 cannot see give the bot identical
    inputs (the same sampled worlds), hence the same search and the same decision."""
    state = _sealed_midround(sealed)
    twin = next(_swap_hidden(state, s) for s in range(50) if snapshot(_swap_hidden(state, s)) != snapshot(state))
    assert twin.observation(1) == state.observation(1)
    assert twin.face_down[0] != state.face_down[0] or twin.hands[0] != state.hands[0]
    decisions = []
    for world in (state, twin):
        agent = make_agent("mcts:iters=400", seed=5)
        decisions.append((agent.choose(world, 1), agent.last.visits, agent.last.values))
    assert decisions[0] == decisions[1]


def _checkpoints(game_id: str, seed: int, count: int = 3, limit: int = 400):
    game = games.get_game(game_id)
    state = game.new_game(None, seed)
    rng = random.Random(seed)
    total = 0
    probe = state.clone()
    while not probe.is_terminal() and total < limit:
        probe.apply_trusted(rng.choice(probe.legal_actions()))
        total += 1
    marks = {max(1, total * (k + 1) // (count + 1)) for k in range(count)}
    rng = random.Random(seed)
    for index in range(total):
        if index in marks and not state.is_terminal():
            yield state.clone()
        state.apply_trusted(rng.choice(state.legal_actions()))


@pytest.mark.parametrize("game_id", games.game_ids())
def test_bot_cannot_see_hidden_information_in_real_games(game_id):
    """Worlds re-dealt for the deciding seat (others' hands, decks, bag order and the
    future, whatever the game keeps hidden) give it the same search and decision as the
    real game."""
    for state in _checkpoints(game_id, seed=17):
        seat = state.current_seat()
        worlds = [state, state.determinize(seat, 1), state.determinize(seat, 2)]
        picks = []
        for world in worlds:
            agent = make_agent("mcts:iters=25,depth=15", seed=4)
            action = agent.choose(world, seat)
            assert action in state.legal_actions()
            picks.append((action, agent.last.visits))
        assert picks[0] == picks[1] == picks[2], f"{game_id}: the decision depends on hidden information"


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_seat_valued_in_one_pass_agrees_with_each_seat_alone(game_id):
    """``heuristics`` (a leaf valued for every seat at once) is ``heuristic`` seat by seat,
    in random positions and at the end of a game."""
    game = games.get_game(game_id)
    states = list(_checkpoints(game_id, seed=5, count=6, limit=100_000))
    end = game.new_game(None, 5)
    rng = random.Random(5)
    while not end.is_terminal():
        end.apply_trusted(rng.choice(end.legal_actions()))
    for state in [*states, end]:
        one_pass = game.heuristics(state)
        assert one_pass == pytest.approx([game.heuristic(state, s) for s in range(state.num_players)])


def test_a_game_tunes_the_settings_a_spec_leaves_out(monkeypatch):
    monkeypatch.setattr(type(NIM), "search_settings", {"iters": 7, "depth": 2})
    state = NIM.new_game(2, 0)
    agent = make_agent("mcts:depth=1", seed=1)
    agent.choose(state, 0)
    assert agent.last.iterations == 7
    assert agent.settings(NIM).depth == 1  # the spec's own parameter wins
    assert agent.spec() == "mcts:depth=1"  # the spec is what was asked for
    given = make_agent("mcts:iters=5", seed=1)
    given.choose(state, 0)
    assert given.last.iterations == 5


@pytest.mark.parametrize("game_id", games.game_ids())
def test_every_games_search_settings_are_mcts_parameters(game_id):
    game = games.get_game(game_id)
    settings = make_agent("mcts").settings(game)
    for key, value in game.search_settings.items():
        assert getattr(settings, key) == value


def test_progressive_bias_leans_the_root_to_the_heuristics_choice(monkeypatch):
    """Where the search cannot tell the moves apart (every leaf valued alike), the bias gives
    the heuristic's best move the most visits; without it, the visits spread evenly."""
    monkeypatch.setattr(type(NIM), "heuristics", lambda self, state: [0.0] * state.num_players)
    state = NIM.new_game(2, 0, {"stones": 21})
    biased = make_agent("mcts:iters=60,bias=1", seed=2)
    assert biased.choose(state, 0) == "take:1"
    plain = make_agent("mcts:iters=60", seed=2)
    plain.choose(state, 0)
    assert max(plain.last.visits.values()) - min(plain.last.visits.values()) <= 1
    assert biased.last.visits["take:1"] > plain.last.visits["take:1"]


def test_progressive_bias_below_the_root_leans_each_mover_to_its_heuristics_choice(monkeypatch):
    """With ``bias_visits``, a node below the root that has had that many visits gets the
    bias for its own mover (the opponent too); without it, only the root does."""
    movers = _record_calls(monkeypatch, "_bias_of", lambda world, legal, seat: seat)
    state = NIM.new_game(2, 0, {"stones": 21})
    make_agent("mcts:iters=200,bias=1", seed=2).choose(state, 0)
    assert movers == [0]
    movers.clear()
    make_agent("mcts:iters=200,bias=1,bias_visits=5", seed=2).choose(state, 0)
    assert movers[0] == 0 and 1 in movers[1:] and 0 in movers[1:]  # the opponent's nodes, and deeper own ones
    movers.clear()
    make_agent("mcts:iters=200,bias_visits=5", seed=2).choose(state, 0)
    assert movers == []  # no weight, no bias


def test_replies_grow_only_the_other_seats_best_moves_by_its_heuristic(monkeypatch):
    """With ``replies=1``, every node where the opponent moves grows one child, the move its
    heuristic ranks first; the searching seat's own nodes still try every move."""
    nodes = _record_calls(monkeypatch, "_pick_untried", lambda node, untried, rng: node)
    state = NIM.new_game(2, 0, {"stones": 21})
    make_agent("mcts:iters=300,replies=1", seed=2).choose(state, 0)
    theirs = [n for n in nodes if n.children and next(iter(n.children.values())).mover == 1]
    ours = [n for n in nodes if n.children and next(iter(n.children.values())).mover == 0]
    assert theirs and all(len(n.children) == 1 for n in theirs)
    assert max(len(n.children) for n in ours) == 3  # take 1, 2 or 3
    ranked = [n for n in theirs if n.order is not None]  # unranked: one stone left, one move
    assert ranked and all(n.order[next(iter(n.children))] == 0 for n in ranked)  # the heuristic's first
    nodes.clear()
    make_agent("mcts:iters=300", seed=2).choose(state, 0)
    assert max(len(n.children) for n in nodes if n.children and next(iter(n.children.values())).mover == 1) == 3


def test_replies_by_playout_grow_the_other_seats_quick_move_without_ranking(monkeypatch):
    """With ``replies_by=playout``, the opponent's one answer is its quick move
    (``Game.playout``; here: always the fewest stones), and no opponent node is ranked by the
    heuristic: the answer costs one quick move instead of a heuristic call per move."""
    monkeypatch.setattr(type(NIM), "playout", lambda self, state, legal, rng: legal[0])
    ranked = _record_calls(monkeypatch, "_rank", lambda world, legal, seat, rng: seat)
    nodes = _record_calls(monkeypatch, "_pick_untried", lambda node, untried, rng: node)
    state = NIM.new_game(2, 0, {"stones": 21})
    make_agent("mcts:iters=300,replies=1,replies_by=playout", seed=2).choose(state, 0)
    theirs = [n for n in nodes if n.children and next(iter(n.children.values())).mover == 1]
    assert theirs and all(list(n.children) == ["take:1"] for n in theirs)
    assert 1 not in ranked
    ours = [n for n in nodes if n.children and next(iter(n.children.values())).mover == 0]
    assert max(len(n.children) for n in ours) == 3


def test_confidence_keeps_the_heuristics_move_where_the_search_cannot_tell(monkeypatch):
    """Where every leaf is valued alike, ``confidence`` plays the heuristic's best move (22
    stones: take two, leaving a multiple of four) instead of the first of equally visited moves."""
    monkeypatch.setattr(type(NIM), "heuristics", lambda self, state: [0.0] * state.num_players)
    state = NIM.new_game(2, 0, {"stones": 22})
    assert make_agent("mcts:iters=60", seed=2).choose(state, 0) == "take:1"
    assert make_agent("mcts:iters=60,confidence=0.01", seed=2).choose(state, 0) == "take:2"


def test_confidence_yields_to_a_search_that_clearly_beats_the_heuristic(monkeypatch):
    """A misleading heuristic (take the most) ranks the moves, exact values judge the leaves:
    the search's winning move stands when it beats the heuristic's by the margin, and the
    heuristic's move is kept only when no margin could be reached (returns lie in [0, 1])."""
    exact = type(NIM).heuristic
    monkeypatch.setattr(type(NIM), "heuristics", lambda self, state: [exact(self, state, s) for s in range(2)])
    monkeypatch.setattr(type(NIM), "heuristic", lambda self, state, seat: -float(state.pile))
    state = NIM.new_game(2, 0)  # ten stones: taking two leaves eight and wins
    assert make_agent("mcts:iters=300,confidence=0.05", seed=1).choose(state, 0) == "take:2"
    assert make_agent("mcts:iters=300,confidence=1", seed=1).choose(state, 0) == "take:3"


def test_heuristic_at_plays_the_heuristics_move_without_a_search(monkeypatch):
    """At a kind of step named in ``heuristic_at`` the bot plays as greedy does, even where
    its search would not: a misleading heuristic (take the most) against exact leaves."""
    exact = type(NIM).heuristic
    monkeypatch.setattr(type(NIM), "heuristics", lambda self, state: [exact(self, state, s) for s in range(2)])
    monkeypatch.setattr(type(NIM), "heuristic", lambda self, state, seat: -float(state.pile))
    state = NIM.new_game(2, 0)  # ten stones: taking two wins, the heuristic takes three
    searching = make_agent("mcts:iters=300", seed=1)
    assert searching.choose(state, 0) == "take:2" and searching.last.iterations == 300
    deferring = make_agent("mcts:iters=300,heuristic_at=Take", seed=1)
    assert deferring.choose(state, 0) == "take:3" and deferring.last.iterations == 0


def test_heuristic_at_breaks_ties_at_random_as_greedy_does(monkeypatch):
    monkeypatch.setattr(type(NIM), "heuristic", lambda self, state, seat: 0.0)
    state = NIM.new_game(2, 0)
    chosen = {make_agent("mcts:iters=10,heuristic_at=Take", seed=seed).choose(state, 0) for seed in range(24)}
    assert chosen == set(state.legal_actions())


def test_heuristic_at_names_only_steps_of_the_game():
    agent = make_agent("mcts:iters=10,heuristic_at=Take/Draw", seed=1)
    with pytest.raises(OptionError, match="Nim has no step 'Draw'; its steps: Take"):
        agent.choose(NIM.new_game(2, 0), 0)


def test_mcts_finds_the_winning_nim_move():
    """Ten stones: taking two leaves eight, a multiple of four, and wins."""
    state = NIM.new_game(2, 0)
    agent = make_agent("mcts:iters=3000,reward=win", seed=1)
    assert agent.choose(state, 0) == "take:2"
    state.apply("take:2")
    state.apply("take:3")  # five left: take one to leave four
    assert agent.choose(state, 0) == "take:1"


def test_cut_rollouts_use_the_heuristic():
    """With rollouts cut at once, the exact Nim heuristic alone must point to the win."""
    state = NIM.new_game(2, 0, {"stones": 21})
    agent = make_agent("mcts:iters=400,depth=0", seed=2)
    assert agent.choose(state, 0) == "take:1"
    assert agent.last.values["take:1"] > max(agent.last.values["take:2"], agent.last.values["take:3"])


def test_cuts_are_valued_by_the_games_leaf_value_unless_told_the_heuristic(monkeypatch):
    """A cut leaf is valued by ``Game.leaf_value`` (asked once per bot and table, as a learned
    value keeps what it wrote); ``leaf=heuristic`` values it by the heuristics instead."""
    asked, valued = [], []

    def leaf_value(self, players, options):
        asked.append(players)

        def value(state):
            valued.append(state)
            return self.heuristics(state)
        return value

    monkeypatch.setattr(type(NIM), "leaf_value", leaf_value)
    state = NIM.new_game(2, 0, {"stones": 21})
    agent = make_agent("mcts:iters=50,depth=0", seed=2)
    agent.choose(state, 0)
    agent.choose(state, 1)
    assert asked == [2] and len(valued) >= 50
    valued.clear()
    make_agent("mcts:iters=50,depth=0,leaf=heuristic", seed=2).choose(state, 0)
    assert valued == []


def test_greedy_rollouts_play_to_the_end():
    state = NIM.new_game(2, 0, {"stones": 9})
    agent = make_agent("mcts:iters=800,rollout=greedy,epsilon=0", seed=2)
    assert agent.choose(state, 0) == "take:1"


def test_playout_rollouts_take_the_games_quick_move(monkeypatch):
    """With ``rollout=playout`` every rollout decision with a choice is the game's quick move,
    from the legal actions of the world the search plays in."""
    asked = []

    def quick(self, state, legal, rng):
        assert legal == state.legal_actions()
        asked.append(len(legal))
        return legal[-1]

    monkeypatch.setattr(type(NIM), "playout", quick)
    state = NIM.new_game(2, 0, {"stones": 21})
    agent = make_agent("mcts:iters=50,rollout=playout,depth=-1", seed=2)
    assert agent.choose(state, 0) in state.legal_actions()
    assert len(asked) > 50 and min(asked) > 1


def test_progressive_widening_bounds_the_root_and_ranks_by_heuristic():
    state = PICK.new_game(2, 0)
    assert state.decision().open and len(state.legal_actions()) == 300
    agent = make_agent("mcts:iters=400", seed=3)
    assert agent.choose(state, 0) == "n:137"
    assert len(agent.last.visits) <= math.ceil(2.0 * 401**0.5) < 300
    unordered = make_agent("mcts:iters=400,order=random", seed=3)
    unordered.choose(state, 0)
    assert len(unordered.last.visits) <= math.ceil(2.0 * 401**0.5)


def test_detail_steps_below_the_root_are_settled_by_the_heuristic():
    """Crafting is worth 10 carried out the best way and 0.5 on average over the ways: judged
    by its best way (the default) the bot crafts; searching every way, it takes the sure 5."""
    state = CRAFT.new_game(2, 0)
    for seed in range(3):
        assert make_agent("mcts:iters=40", seed=seed).choose(state, 0) == "craft"
        assert make_agent("mcts:iters=40,details=search", seed=seed).choose(state, 0) == "plain"
    state.apply("craft")
    agent = make_agent("mcts:iters=40", seed=0)
    assert agent.choose(state, 0) == "way:13"  # at the root, a detail step is searched as any other
    assert len(agent.last.visits) == 20


def test_a_leaf_in_the_middle_of_a_turn_is_valued_once_its_turn_is_played_out():
    """Crafting leaves seat 0 to pick a way, in the same turn: valued there, it looks worth
    nothing and the bot takes the sure 5; with ``finish_turn`` the rollout policy (greedy,
    every way compared) plays the turn out first, and crafting is seen to be worth 10."""
    state = CRAFT.new_game(2, 0)
    base = "mcts:iters=2,details=search,rollout=greedy,epsilon=0,candidates=20"
    for seed in range(3):
        assert make_agent(base, seed=seed).choose(state, 0) == "plain"
        assert make_agent(base + ",finish_turn=true", seed=seed).choose(state, 0) == "craft"


def test_finishing_turns_changes_nothing_where_every_turn_is_one_decision():
    state = NIM.new_game(2, 0, {"stones": 13})
    for seed in range(3):
        plain = make_agent("mcts:iters=60", seed=seed)
        finishing = make_agent("mcts:iters=60,finish_turn=true", seed=seed)
        assert plain.choose(state, 0) == finishing.choose(state, 0)
        assert plain.last.visits == finishing.last.visits and plain.last.values == finishing.last.values


def _deepest_turns(node, last=-1, now=0):
    """The most turns (runs of one seat's moves) on any path below ``node``."""
    deepest = now
    for child in node.children.values():
        count = now + (child.mover != last)
        deepest = max(deepest, _deepest_turns(child, child.mover, count))
    return deepest


@pytest.mark.parametrize("horizon", [1, 2, 3])
def test_a_horizon_of_turns_bounds_every_path_and_spends_the_rest_on_worlds(horizon):
    """With ``turns=k`` no path below the root holds more than k turns (Nim: a turn is a
    move); the iterations beyond a full tree revisit the leaves at the horizon, each valued
    anew, so the budget is spent all the same."""
    state = NIM.new_game(2, 0, {"stones": 21})
    agent = make_agent(f"mcts:iters=300,turns={horizon}", seed=1)
    agent.choose(state, 0)
    assert _deepest_turns(agent.last.root) == horizon
    assert agent.last.iterations == 300
    assert sum(agent.last.visits.values()) == 300
    free = make_agent("mcts:iters=300", seed=1)
    free.choose(state, 0)
    assert _deepest_turns(free.last.root) > 3


def test_implicit_minimax_judges_a_choice_by_its_best_line():
    """Crafting searched way by way (its best way ranked first) averages 0.5 over the ways
    tried, yet its best line is worth 10: with implicit minimax the bot crafts, without it
    it takes the sure 5."""
    state = CRAFT.new_game(2, 0)
    for seed in range(3):
        plain = make_agent("mcts:iters=200,details=search,widen_above=10", seed=seed)
        assert plain.choose(state, 0) == "plain"
        mixed = make_agent("mcts:iters=200,details=search,widen_above=10,minimax=0.5", seed=seed)
        assert mixed.choose(state, 0) == "craft"
        assert mixed.last.visits["craft"] > mixed.last.visits["plain"]


@pytest.mark.parametrize("minimax", [0.0, 0.5])
def test_each_seat_maximises_its_own_return(minimax):
    """Three seats name numbers in turn: every seat, searched, gets near the target
    (the others' later picks are noise in its return, so allow a step or two)."""
    state = PICK.new_game(3, 0, {"candidates": 40, "target": 23})
    for seat in range(3):
        agent = make_agent(f"mcts:iters=300,minimax={minimax}", seed=seat)
        assert abs(int(agent.choose(state, seat)[2:]) - 23) <= 2
        state.apply("n:23" if seat else "n:5")


def test_returns_win_margin_and_mix(sealed):
    state = sealed.new_game(3, 0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    scores, winners = state.scores(), state.winners()
    win = make_agent("mcts:reward=win").terminal_rewards(state)
    margin = make_agent("mcts:reward=margin").terminal_rewards(state)
    mix = make_agent("mcts:reward=mix,margin_weight=0.5").terminal_rewards(state)
    assert win == [1 / len(winners) if s in winners else 0.0 for s in range(3)]
    best = max(range(3), key=lambda s: scores[s])
    assert margin[best] >= 0.5 and all(0.0 <= m <= 1.0 for m in margin)
    assert mix == pytest.approx([(w + m) / 2 for w, m in zip(win, margin)])


def test_heuristic_returns_value_a_finished_game_as_a_cut(sealed):
    """reward=heuristic: a finished game is valued as a cut leaf is, on the same scale."""
    import math

    state = sealed.new_game(3, 0)
    while not state.is_terminal():
        state.apply(state.legal_actions()[0])
    values = sealed.heuristics(state)
    returns = make_agent("mcts:reward=heuristic,cut_scale=10").terminal_rewards(state)
    assert returns == pytest.approx([0.5 + 0.5 * math.tanh(v / 10) for v in values])
    assert len(set(values)) > 1


def test_time_budget_stops_by_the_clock(sealed):
    state = _sealed_midround(sealed)
    agent = make_agent("mcts:time=0.05", seed=1)
    started = time.perf_counter()
    action = agent.choose(state, 1)
    assert time.perf_counter() - started < 0.5
    assert action in state.legal_actions() and agent.last.iterations > 10



def test_a_timed_search_starts_no_iteration_that_would_overrun(sealed, monkeypatch):
    """With iterations of 70 ms and a second to spend, the search keeps 50 ms (5%) in
    reserve: it stops after the iteration ending near 980 ms rather than start one that
    would end near 1,050 ms."""
    state = _sealed_midround(sealed)
    agent = make_agent("mcts:time=1", seed=1)
    iterate = agent._iterate

    def slow(root, world, rng):
        time.sleep(0.07)
        return iterate(root, world, rng)

    monkeypatch.setattr(agent, "_iterate", slow)
    started = time.perf_counter()
    agent.choose(state, 1)
    assert 0.9 < time.perf_counter() - started < 1.035 and agent.last.iterations in (13, 14)

def test_forced_move_needs_no_search():
    state = NIM.new_game(2, 0, {"stones": 1})
    agent = make_agent("mcts:iters=100")
    assert agent.choose(state, 0) == "take:1" and agent.last.iterations == 0


def test_the_shape_of_a_search_sums_its_paths_by_decisions_and_turns():
    """``SearchStats.shape`` counts, per iteration, the decisions on its path below the root,
    the searching seat's own and the turns of each side; in Nim every decision is a turn,
    seats alternate, and the first decision below the root is always the searcher's."""
    state = NIM.new_game(2, 0, {"stones": 21})
    agent = make_agent("mcts:iters=200", seed=2)
    agent.choose(state, 0)
    shape = agent.last.shape()
    assert shape["own_turns"] == pytest.approx(shape["own_decisions"])
    assert shape["other_turns"] == pytest.approx(shape["decisions"] - shape["own_decisions"])
    assert shape["own_turns"] >= 1.0  # every path starts with the searcher's own move
    assert 0.0 < shape["reached_third_turn"] <= shape["reached_second_turn"] <= 1.0
    assert shape["own_turns"] == pytest.approx(1.0 + shape["reached_second_turn"] + shape["reached_third_turn"]
                                               + _reached_beyond(agent.last.root, 0, 3) / 200)
    one = NIM.new_game(2, 0, {"stones": 1})
    agent.choose(one, 0)  # one legal move: no search, no shape
    assert agent.last.shape() == {}


def _reached_beyond(node, seat, turns, last=-1, now=0):
    """Visits of the nodes where the searcher's turns past ``turns`` begin."""
    total = 0
    for child in node.children.values():
        count = now + (child.mover == seat and last != seat)
        if count > turns and count != now:
            total += child.visits
        total += _reached_beyond(child, seat, turns, child.mover, count)
    return total
