"""Information-set Monte Carlo tree search (single observer), for every game.

Each iteration plays in one world the bot's seat cannot tell apart from the real game
(``state.determinize(seat, seed)``) and walks one shared tree in it. The first ``worlds``
iterations each sample a new world; later ones play in a copy of one of them, drawn at
random, with a fresh future (its random source re-seeded), since re-dealing a world costs
a game like Novelist more than the rest of an iteration:

* **Selection.** Edges are action ids. Only the children legal in the sampled world take
  part; each of them counts one *availability* (SO-ISMCTS), and UCT uses that count in
  place of the parent's visits, so a move legal in few worlds is not under-explored.
  Each node belongs to the seat that moved into it and keeps that seat's returns: every
  seat maximises its own result.
* **Progressive widening.** At open steps (candidate lists) and at long action lists, a node
  grows at most ``ceil(widen * visits**widen_alpha)`` children, so a word or placement
  with hundreds of candidates is searched in depth rather than tried once each. Untried
  candidates are taken in the order of the mover's heuristic (ranked once per node) at the
  root and, below it, at nodes of more than ``widen_above`` actions, so a placement among
  many is judged by its good ones, not by random ones; at smaller open steps (a word list)
  below the root, at random, as ranking them at every node costs more than it gains.
* **Details.** Below the root, a step that only settles how a choice is carried out
  (``Step.detail``: a page, a number of cubes, an anchor) is not searched: its node grows
  the one child best by the mover's heuristic. Otherwise the value of "copy a text" would
  be the average over every poor way of laying it out, and the search would shun it.
* **Evaluation.** By default a new leaf is valued at once by the game's leaf value of every
  seat (``Game.leaf_value``, one call), squashed to [0, 1]: its heuristics, or where the
  game ships one a fit learned from greedy games that keeps one scale across the game
  (``inkhorn.core.value``; ``leaf=heuristic`` keeps the heuristic). A rollout (``depth`` random
  decisions; greedy ones on the heuristic, which costs a heuristic call per candidate
  at every step; or the game's quick moves, ``Game.playout``) can come first. Valuing
  the leaf at once is about three times faster than three greedy rollout steps
  (bench/mcts.py); bench/ladder compares their strength.
* **Turns played out** (``finish_turn``). A new leaf in the middle of a seat's turn (the
  seat that moved into it is to move again) is first played on by the rollout policy until
  another seat is to move. A heuristic read between two steps of one turn misses what the
  rest of the turn brings (in Scriptoria, the sketch still to place and the quill Supply's
  points when the turn ends), and a tree whose leaves stop at different points of a turn
  prefers the lines it happens to have searched deepest, not the better move. Off by
  default, as what it gains depends on the game and on the policy that finishes the turns:
  at 300 iterations it lifts Ancients' search from 66.7% to 78.3% against greedy with the
  search's own random moves, and sinks Scriptoria's, whose turns random or quick moves
  finish badly and greedy ones cost five to forty times an iteration
  (bench/results/README.md).
* **Per game.** A game may tune these settings (``Game.search_settings``, found with the
  ladders of bench/ladder); a bot spec's own parameters win over them.
* **Implicit minimax** (``minimax`` > 0; Lanctot, Winands, Pepels and Sturtevant, 2014). Each
  node also keeps the heuristic values of its best line: a new leaf its own, a node those of
  the child best for the seat choosing there. A child is then judged by a mix of its mean
  return and that value, so a good heuristic is not drowned in the average over the poor
  replies the search tries while it explores.
* **Progressive bias** (``bias`` > 0; Chaslot, Winands, van den Herik, Uiterwijk and
  Bouzy, 2008). At the root, a move's UCT value also gets the mover's heuristic of it,
  rescaled to [0, 1] among the root's moves, times ``bias``, over its visits + 1: while the
  search cannot yet tell the moves apart, the heuristic's choice leads, and the search
  overrules it only with the visits to back that. With ``bias_visits``, every node below the
  root that has had that many visits gets the same for its mover, so the tree expects each
  seat to answer as its heuristic says until its own visits say otherwise.
* **Replies** (``replies`` = k). At a node where another seat moves, the tree grows only
  that seat's k best moves by its own heuristic (ranked once per node), so the search
  plans against the answers a sensible player gives rather than the average of every
  answer it happens to try; the seat's own nodes are searched as before. With
  ``replies_by=playout`` the one answer first grown is the seat's quick move
  (``Game.playout``) instead: a heuristic call per legal move at every such node is what
  makes ranked replies cost about twice an iteration.
* **Confidence** (``confidence`` = d). At the end, the move the mover's heuristic ranks best
  is kept unless the search's choice beats its mean return by at least d. Between moves
  whose means differ by less than the noise of the leaves, the search's pick is a coin
  toss, and a game whose heuristic is a good one-step guide loses by it.
* **Horizon** (``turns`` = k). A path below the root holds at most k turns (runs of one
  seat's decisions, the searcher's first); a node where the next turn would begin is a leaf,
  valued anew in each world that reaches it. Every leaf then stands at the same point of the
  round, and a budget beyond what fills the tree to that horizon goes to more worlds there
  rather than to lines whose leaves the heuristic judges from further off.
* **Heuristic at** (``heuristic_at`` = step kinds). At the kinds of step named, the bot plays
  the move its heuristic ranks best, as greedy does (a tie broken at random), and does not
  search: played against the search everywhere on the same games, it measures what the
  search gains at each kind of decision (bench/results/README.md).
* **Returns.** Per seat, in [0, 1]: the win share (ties share), the normalised score
  margin against the best other seat, a mix of both, or the game's heuristic of the final
  state squashed as at a cut. With the first three, a lost game can come out worse than a
  cut line before it at the same margin (the squashed heuristic hopes where the result
  does not), and a seat behind puts off the end; the last puts finished and cut lines on
  one scale, for a game whose heuristic at the end is its score margin. By default UCT
  rescales the children's mean returns to [0, 1] at each node (min-max), so a seat far
  behind or far ahead, whose returns all lie close together, still tells its moves apart.

The bot reads nothing of the real state but its legal actions (which depend only on what
its seat knows) and the worlds sampled from it; the worlds depend only on the seat's
knowledge and the seed. So with an iteration budget and the same seed, two states that
differ only in what the seat cannot see get the very same decision. A time budget stops
by the clock and is not reproducible.
"""

from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Literal

from pydantic import Field

from inkhorn.agents.base import Agent, AgentParams
from inkhorn.core.errors import OptionError, clip
from inkhorn.core.game import Game
from inkhorn.core.options import parse_options
from inkhorn.core.state import GameState
from inkhorn.core.step import Step
from inkhorn.core.value import LeafValue

DEFAULT_ITERS = 300
FINISH_CAP = 64  # decisions a leaf's turn is played on at most (finish_turn)


class MCTSParams(AgentParams):
    iters: int | None = Field(
        None, ge=1, description=f"iterations per decision (default {DEFAULT_ITERS} when no time is set)"
    )
    time: float | None = Field(None, gt=0, description="seconds per decision (not reproducible)")
    c: float = Field(1.0, ge=0, description="UCT exploration constant (returns, or rescaled means, in [0, 1])")
    normalize: bool = Field(
        True, description="UCT on the children's mean returns rescaled to [0, 1] at each node"
    )
    rollout: Literal["random", "greedy", "playout"] = Field(
        "random", description="rollout policy: random, greedy on the heuristic, or the game's quick playout move"
    )
    depth: int = Field(
        0, ge=-1, description="rollout decisions before the heuristic cut; -1: to the end, 0: at once"
    )
    candidates: int = Field(3, ge=1, description="actions a greedy rollout compares per decision")
    epsilon: float = Field(0.1, ge=0, le=1, description="share of random moves in a greedy rollout")
    reward: Literal["win", "margin", "mix", "heuristic"] = Field(
        "mix",
        description="what a seat maximises: win share, score margin, a mix, or the game's heuristic of the "
        "final state squashed as at a cut (finished and cut lines then compare on one scale)",
    )
    margin_weight: float = Field(0.3, ge=0, le=1, description="weight of the margin in 'mix'")
    leaf: Literal["game", "heuristic"] = Field(
        "game", description="what a cut leaf is valued by: the game's leaf value (Game.leaf_value, learned "
        "where the game ships a fit) or its heuristic",
    )
    cut_scale: float | None = Field(
        None, gt=0, description="heuristic value worth a return of 0.88 at a cut (default: mean |heuristic| seen)"
    )
    worlds: int = Field(
        64, ge=1, description="distinct worlds sampled per search; later iterations replay one with a fresh future"
    )
    widen: float = Field(2.0, gt=0, description="progressive widening: children <= widen * visits**alpha")
    widen_alpha: float = Field(0.5, gt=0, le=1, description="progressive widening exponent")
    widen_above: int = Field(24, ge=1, description="widen nodes with more legal actions than this (and open steps)")
    order: Literal["heuristic", "root", "random"] = Field(
        "heuristic",
        description="order in which widened nodes try their candidates: by the mover's heuristic (at the root "
        "and at nodes of more than widen_above actions), at the root only, or at random",
    )
    order_candidates: int = Field(200, ge=1, description="candidates of a widened node ranked by the heuristic")
    minimax: float = Field(
        0.0, ge=0, le=1, description="weight of the heuristic's best line (implicit minimax) in a child's value"
    )
    bias: float = Field(
        0.0, ge=0, description="progressive bias at the root: the mover's heuristic of each move, rescaled to "
        "[0, 1], times this, fading as 1 / (visits + 1)",
    )
    bias_visits: int | None = Field(
        None, ge=1, description="progressive bias (weight bias) also at every node below the root once it has "
        "this many visits, for that node's mover (default: at the root only)",
    )
    replies: int | None = Field(
        None, ge=1, description="below the root, another seat's node grows only its this many best moves by "
        "its own heuristic (default: every move, as for the searching seat)",
    )
    replies_by: Literal["heuristic", "playout"] = Field(
        "heuristic",
        description="how another seat's few answers are chosen (replies): ranked by its heuristic, or its "
        "quick move (Game.playout) first, far cheaper",
    )
    confidence: float = Field(
        0.0, ge=0, description="keep the move the mover's heuristic ranks best unless the search's choice beats "
        "its mean return by at least this much (0: the search's choice always)",
    )
    finish_turn: bool = Field(
        False, description="a new leaf in the middle of a seat's turn (the seat that moved into it is to move "
        "again) is played on by the rollout policy until another seat is to move, so every leaf is valued "
        "between turns",
    )
    turns: int | None = Field(
        None, ge=1, description="a path below the root holds at most this many turns (runs of one seat's "
        "decisions, the searcher's own first): where the next would begin, the leaf is valued, so every leaf "
        "stands at the same point of the round (turns=3 at three seats: when the searcher is to move again); "
        "the iterations beyond go to more worlds at that horizon (default: no horizon)",
    )
    heuristic_at: str = Field(
        "", description="kinds of step (their names joined by '/', e.g. LastTurn/HelpTake) at which the bot "
        "plays the move its heuristic ranks best, as greedy does, without a search: to measure what the "
        "search gains at each kind of decision",
    )
    details: Literal["heuristic", "search"] = Field(
        "heuristic",
        description="steps that only settle how a choice is carried out (Step.detail), below the root: "
        "the best by the mover's heuristic, or searched",
    )


class _Node:
    __slots__ = ("children", "visits", "avail", "total", "mover", "order", "best", "prior")

    def __init__(self, mover: int) -> None:
        self.children: dict[str, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.total = 0.0
        self.mover = mover
        self.order: dict[str, int] | None = None
        self.best: list[float] | None = None  # every seat's value at the end of the best line (minimax)
        self.prior: dict[str, float] | None = None  # progressive bias below the root (bias_visits)


@dataclass
class SearchStats:
    """What the last search saw: for tests, benchmarks and curious people."""

    iterations: int = 0
    seconds: float = 0.0
    visits: dict[str, int] = field(default_factory=dict)
    values: dict[str, float] = field(default_factory=dict)
    root: _Node | None = field(default=None, repr=False)  # the tree, kept until the next search

    @property
    def per_second(self) -> float:
        return self.iterations / self.seconds if self.seconds > 0 else 0.0

    def shape(self) -> dict[str, float]:
        """Where the iterations went, per iteration's path below the root: its decisions, the
        searching seat's own decisions, and its turns and the other seats' (a turn: a run
        of one seat's decisions); and the share of iterations that reached the seat's second
        and third turn: how far ahead of its own choice a search looks at its own plans,
        and how much of it goes to the other seats' answers (bench/search_shape.py)."""
        if self.root is None or self.iterations == 0:
            return {}
        seat = self.root.mover
        sums = {"decisions": 0.0, "own_decisions": 0.0, "own_turns": 0.0, "other_turns": 0.0,
                "reached_second_turn": 0.0, "reached_third_turn": 0.0}
        stack = [(self.root, -1, 0)]  # node, the seat that moved into it (-1: the root), own turns so far
        while stack:
            node, last, turns = stack.pop()
            for child in node.children.values():
                v = child.visits
                mover = child.mover
                sums["decisions"] += v
                now = turns
                if mover == seat:
                    sums["own_decisions"] += v
                    if last != seat:
                        now += 1
                        sums["own_turns"] += v
                        if now == 2:
                            sums["reached_second_turn"] += v
                        elif now == 3:
                            sums["reached_third_turn"] += v
                elif mover != last:
                    sums["other_turns"] += v
                stack.append((child, mover, now))
        return {key: total / self.iterations for key, total in sums.items()}


class MCTSAgent(Agent):
    name = "mcts"
    Params = MCTSParams
    params: MCTSParams

    def __init__(self, seed: int = 0, params=None):
        super().__init__(seed, params)
        self.last = SearchStats()
        self._p = self.params
        self._by_game: dict[str, MCTSParams] = {}
        self._prior: dict[str, float] | None = None
        self._cut_sum = 0.0  # the leaf values' mean |value| this search: the squashing scale of a cut
        self._cut_n = 0
        self._leaf_values: dict[tuple[str, int, str], LeafValue] = {}  # per game, player count, options
        self._leaf_value: LeafValue | None = None
        self._seat = 0  # the seat searching now

    def settings(self, game: Game) -> MCTSParams:
        """What a search in ``game`` uses: the spec's parameters, and the game's
        ``search_settings`` for those the spec leaves out."""
        settled = self._by_game.get(game.id)
        if settled is None:
            given = self.params.model_dump(exclude_unset=True)
            settled = parse_options(MCTSParams, {**game.search_settings, **given}, owner="the mcts agent")
            kinds = sorted({t.__name__ for t in game.json_types if isinstance(t, type) and issubclass(t, Step)})
            for kind in _step_kinds(settled):
                if kind not in kinds:
                    raise OptionError(f"the mcts agent's heuristic_at: {game.name} has no step {clip(kind)}; "
                                      f"its steps: {'/'.join(kinds)}")
            self._by_game[game.id] = settled
        return settled

    # ---- the decision -------------------------------------------------------------------
    def choose(self, state: GameState, seat: int) -> str:
        legal = state.legal_actions()
        decision_seed = self.rng.getrandbits(62)
        if len(legal) == 1:
            self.last = SearchStats(visits={legal[0]: 0})
            return legal[0]
        if type(state.stack[-1]).__name__ in _step_kinds(self.settings(state.game)):
            self.last = SearchStats(visits=dict.fromkeys(legal, 0))
            world = state.determinize(seat, decision_seed)
            return state.game.best_after(world, legal, seat, random.Random(decision_seed))  # as greedy chooses
        return self.search(state, seat, decision_seed)

    def search(self, state: GameState, seat: int, decision_seed: int) -> str:
        p = self._p = self.settings(state.game)
        self._prior = None
        iters = p.iters if p.iters is not None else (None if p.time is not None else DEFAULT_ITERS)
        deadline = None if p.time is None else time.perf_counter() + p.time
        rng = random.Random(decision_seed)
        root = _Node(seat)
        self._seat = seat
        root_legal = state.legal_actions()
        self._cut_sum = 0.0
        self._cut_n = 0
        self._leaf_value = self._leaf_value_of(state)
        started = time.perf_counter()
        done = 0
        pool: list[GameState] = []
        # a timed search starts no iteration that its longest one so far (after the first,
        # which also ranks the root's candidates) would carry past the deadline, keeping at
        # most 5% of the budget in reserve
        longest = 0.0
        reserve_cap = 0.05 * p.time if p.time is not None else 0.0
        now = started
        while True:
            if iters is not None and done >= iters:
                break
            if deadline is not None and done > 0:
                last = time.perf_counter()
                if done > 1 and last - now > longest:
                    longest = min(last - now, reserve_cap)
                now = last
                if now + longest >= deadline:
                    break
            if len(pool) < p.worlds:
                world = state.determinize(seat, rng.getrandbits(62))
                pool.append(world.clone())
            else:
                world = pool[rng.randrange(len(pool))].clone()
                world.rng.reseed(rng.getrandbits(62))
            if done == 0 and p.order != "random" and self._widened(state, len(root_legal)):
                root.order = self._rank(world, root_legal, seat, rng)
            if done == 0 and p.bias > 0:
                self._prior = self._bias_of(world, root_legal, seat)
            self._iterate(root, world, rng)
            done += 1
        seconds = time.perf_counter() - started
        stats = SearchStats(iterations=done, seconds=seconds, root=root)
        best = None
        best_key = None
        for index, action in enumerate(root_legal):
            child = root.children.get(action)
            if child is None:
                continue
            mean = child.total / child.visits if child.visits else 0.0
            stats.visits[action] = child.visits
            stats.values[action] = mean
            key = (child.visits, mean, -index)
            if best_key is None or key > best_key:
                best, best_key = action, key
        if p.confidence > 0 and best is not None and pool:
            best = self._confident(root, best, pool[0], root_legal, seat)
        self.last = stats
        return best if best is not None else root_legal[0]

    def _confident(self, root: _Node, best: str, world: GameState, legal: list[str], seat: int) -> str:
        """The heuristic's best move, unless the search's choice beats it by ``confidence``:
        between moves the search can hardly tell apart it picks by the noise of its leaves,
        and the heuristic's order is then the better guide."""
        if root.order is not None:
            first = min(root.order, key=root.order.__getitem__)
        else:
            first = max(_after(world, legal, seat), key=lambda av: av[1])[0]
        ours, theirs = root.children[best], root.children.get(first)
        if first == best or theirs is None or not theirs.visits:
            return best
        if ours.total / ours.visits - theirs.total / theirs.visits < self._p.confidence:
            return first
        return best

    # ---- one iteration ----------------------------------------------------------------
    def _widened(self, world: GameState, n_legal: int) -> bool:
        step = world.stack[-1]
        return step.open or n_legal > self._p.widen_above

    def _rank(self, world: GameState, legal: list[str], seat: int, rng: random.Random) -> dict[str, int]:
        """Candidates in the order of the mover's heuristic (best first)."""
        pool = legal if len(legal) <= self._p.order_candidates else rng.sample(legal, self._p.order_candidates)
        scored = sorted((-value, index, action) for index, (action, value) in enumerate(_after(world, pool, seat)))
        return {action: rank for rank, (_, _, action) in enumerate(scored)}

    def _bias_of(self, world: GameState, legal: list[str], seat: int) -> dict[str, float]:
        """``bias`` times the mover's heuristic after each of its moves, rescaled to [0, 1]."""
        values = dict(_after(world, legal, seat))
        low = min(values.values())
        spread = max(values.values()) - low
        w = self._p.bias
        return {a: w * (v - low) / spread if spread > 1e-12 else 0.0 for a, v in values.items()}

    def _iterate(self, root: _Node, world: GameState, rng: random.Random) -> None:
        p = self._p
        c = p.c
        normalize = p.normalize
        mix = p.minimax
        ordered = p.order == "heuristic"
        settle = p.details == "heuristic"
        log = math.log
        sqrt = math.sqrt
        node = root
        path = [root]
        bias_visits = p.bias_visits if p.bias > 0 else None
        replies = p.replies
        widen_above = p.widen_above
        me = self._seat
        horizon = p.turns
        turns = 0
        last = -1
        while world.stack:
            step = world.stack[-1]
            mover = step.seat
            if horizon is not None and mover != last:
                turns += 1
                last = mover
                if turns > horizon:
                    break  # the horizon: this node is a leaf
            legal = step.legal_actions(world)
            children = node.children
            if bias_visits is not None and node.prior is None and node is not root and node.visits >= bias_visits:
                node.prior = self._bias_of(world, legal, mover) if len(legal) > 1 else {}
            untried = None
            limit = None
            answer = False
            if settle and node is not root and step.detail and len(legal) > 1:
                limit = 1  # a detail: the mover's best way of carrying out its choice
            elif replies is not None and mover != me and len(legal) > replies:
                limit = replies  # another seat's answer: its best few
                answer = True
            if limit is not None:
                if node.order is None:
                    if answer and p.replies_by == "playout":
                        node.order = {world.game.playout(world, legal, rng): 0}
                    else:
                        node.order = self._rank(world, legal, mover, rng)
            elif step.open or len(legal) > widen_above:
                limit = math.ceil(p.widen * (node.visits + 1) ** p.widen_alpha)
                if node.order is None and ordered and len(legal) > widen_above:
                    node.order = self._rank(world, legal, mover, rng)
            best = None
            best_value = -1.0
            available = []
            for action in legal:
                child = children.get(action)
                if child is None:
                    if untried is None:
                        untried = [action]
                    else:
                        untried.append(action)
                else:
                    child.avail += 1  # it could be chosen here: counted, whatever is chosen
                    available.append((action, child))
            if untried is not None and (limit is None or len(children) < limit or not available):
                action = self._pick_untried(node, untried, rng)
                child = _Node(mover)
                children[action] = child
                world.apply_trusted(action)
                path.append(child)
                break
            chosen = None
            qs = [child.total / child.visits for _, child in available]
            if mix:
                qs = [(1.0 - mix) * q + mix * child.best[child.mover] if child.best is not None else q
                      for q, (_, child) in zip(qs, available)]
            if normalize and len(available) > 1:
                low = min(qs)
                spread = max(qs) - low
                scale = 1.0 / spread if spread > 1e-12 else 0.0
            else:
                low, scale = 0.0, 1.0
            prior = self._prior if node is root else node.prior
            for (action, child), q in zip(available, qs):
                value = (q - low) * scale + c * sqrt(log(child.avail) / child.visits)
                if prior is not None:
                    value += prior.get(action, 0.0) / (child.visits + 1)
                if value > best_value:
                    chosen, best, best_value = action, child, value
            assert chosen is not None and best is not None  # ``available`` is never empty here
            world.apply_trusted(chosen)
            node = best
            path.append(node)
        if p.finish_turn and world.stack and len(path) > 1:
            # a leaf in the middle of a turn: the seat that moved into it plays its turn out
            self._play(world, rng, FINISH_CAP, path[-1].mover)
        if not world.stack:
            rewards = self.terminal_rewards(world)
            leaf_value = rewards
        elif p.depth == 0:
            rewards = leaf_value = self._cut_rewards(world)
        else:
            leaf_value = self._cut_rewards(world) if mix else []
            rewards = self._rollout(world, rng)
        for n in path:
            n.visits += 1
            n.total += rewards[n.mover]
        if mix:
            _back_up_best(path, leaf_value)

    def _pick_untried(self, node: _Node, untried: list[str], rng: random.Random) -> str:
        if node.order is not None:
            order = node.order
            last = len(order)
            return min(untried, key=lambda a: order.get(a, last))
        return untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]

    # ---- rollouts and returns ---------------------------------------------------------------
    def _rollout(self, world: GameState, rng: random.Random) -> list[float]:
        """Play on from a new leaf; returns per seat."""
        self._play(world, rng, self._p.depth)
        if world.stack:
            return self._cut_rewards(world)
        return self.terminal_rewards(world)

    def _play(self, world: GameState, rng: random.Random, cap: int, seat: int = -1) -> None:
        """Rollout moves: at most ``cap`` decisions (-1: no cap), and only while ``seat`` is to
        move (-1: whoever is)."""
        p = self._p
        steps = 0
        if p.rollout == "random":
            while world.stack and steps != cap and (seat < 0 or world.stack[-1].seat == seat):
                legal = world.stack[-1].legal_actions(world)
                world.apply_trusted(legal[rng.randrange(len(legal))])
                steps += 1
        elif p.rollout == "playout":
            playout = world.game.playout
            while world.stack and steps != cap and (seat < 0 or world.stack[-1].seat == seat):
                legal = world.stack[-1].legal_actions(world)
                world.apply_trusted(legal[0] if len(legal) == 1 else playout(world, legal, rng))
                steps += 1
        else:
            best_after = world.game.best_after
            k = p.candidates
            eps = p.epsilon
            while world.stack and steps != cap and (seat < 0 or world.stack[-1].seat == seat):
                legal = world.stack[-1].legal_actions(world)
                if len(legal) == 1 or rng.random() < eps:
                    world.apply_trusted(legal[rng.randrange(len(legal))])
                else:
                    pool = legal if len(legal) <= k else rng.sample(legal, k)
                    world.apply_trusted(best_after(world, pool, world.stack[-1].seat))
                steps += 1

    def terminal_rewards(self, world: GameState) -> list[float]:
        p = self._p
        if p.reward == "heuristic":
            return self._cut_rewards(world)
        n = world.num_players
        if p.reward != "margin":
            winners = world.winners()
            share = 1.0 / len(winners) if winners else 0.0
            win = [share if s in winners else 0.0 for s in range(n)]
            if p.reward == "win":
                return win
        scores = world.scores()
        norm = max(1.0, max(abs(x) for x in scores))
        margin = []
        for s in range(n):
            other = max(scores[o] for o in range(n) if o != s) if n > 1 else 0.0
            m = 0.5 + 0.5 * (scores[s] - other) / norm
            margin.append(0.0 if m < 0.0 else 1.0 if m > 1.0 else m)
        if p.reward == "margin":
            return margin
        w = p.margin_weight
        return [(1.0 - w) * win[s] + w * margin[s] for s in range(n)]

    def _leaf_value_of(self, state: GameState) -> LeafValue:
        """What this table's cut leaves are valued by: the game's leaf value (kept, since a
        learned one remembers what it wrote), or its heuristics (``leaf=heuristic``)."""
        if self.settings(state.game).leaf == "heuristic":
            return state.game.heuristics
        key = (state.game.id, state.num_players, state.options.model_dump_json())
        value = self._leaf_values.get(key)
        if value is None:
            value = self._leaf_values[key] = state.game.leaf_value(state.num_players, state.options)
        return value

    def _cut_rewards(self, world: GameState) -> list[float]:
        """A rollout cut short: every seat's leaf value, in one call, squashed to (0, 1)."""
        value = self._leaf_value
        if value is None:  # valued outside a search (a finished game's returns)
            value = self._leaf_value = self._leaf_value_of(world)
        values = value(world)
        scale = self._p.cut_scale
        if scale is None:
            self._cut_sum += sum(abs(v) for v in values)
            self._cut_n += len(values)
            scale = self._cut_sum / self._cut_n if self._cut_sum > 0 else 1.0
        tanh = math.tanh
        return [0.5 + 0.5 * tanh(v / scale) for v in values]


def _step_kinds(p: MCTSParams) -> list[str]:
    return [kind for kind in p.heuristic_at.split("/") if kind]


def _after(world: GameState, actions: list[str], seat: int) -> list[tuple[str, float]]:
    """Each action with ``seat``'s heuristic of the world it leads to."""
    heuristic = world.game.heuristic
    out = []
    for action in actions:
        after = world.clone()
        after.apply_trusted(action)
        out.append((action, heuristic(after, seat)))
    return out


def _back_up_best(path: list[_Node], leaf_value: list[float]) -> None:
    """The new leaf's values, then for each node above it those of its child best for the
    seat choosing there (every seat maximises its own value)."""
    leaf = path[-1]
    if leaf.best is None:
        leaf.best = leaf_value
    for node in reversed(path[:-1]):
        best = None
        top = -1.0
        for child in node.children.values():
            values = child.best
            if values is not None and values[child.mover] > top:
                best, top = values, values[child.mover]
        if best is None or best is node.best:
            return  # nothing above changes
        node.best = best
