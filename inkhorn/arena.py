"""The strength ladder: agents play many seat-rotated games and are compared.

Seating
=======
Games are played in *blocks*. All games of a block share one deal seed (block ``b`` of
``run_arena(..., seed=S)`` uses game seed ``S + b``), so luck of the deal cancels out
between the agents, and within a block every agent sits in every seat equally often:

* as many agents as players: every permutation of the agents over the seats (up to 4
  players, 24 orders), else the cyclic rotations;
* fewer agents than players: the agents fill the seats alternately (A, B, A, B...) and the
  pattern is rotated once per agent, so over a block each agent sits in each seat exactly
  once (it may have several seats in one game);
* more agents than players is an error.

With ``games`` not a multiple of the block size the last block is cut short and the seat
balance is only approximate; the report says how many games were played.

Results
=======
* **win rate**: share of games won (a shared win counts ``1/k`` to each of the ``k``
  winning seats), with a 95 % Wilson interval;
* **margin**: mean score minus the best other seat's score, over the agent's seats;
* **head-to-head**: for each pair of agents, over the games where both play, the share of
  seat pairs the first beats the second (a winner beats a non-winner, else the higher
  score; equal counts half), with a 95 % Wilson interval;
* **rating**: OpenSkill (Plackett-Luce) ordinal, each game ranked by winning then score,
  an agent with several seats ranked by its best one.

Every game is written as one JSON line, the same record as ``inkhorn simulate`` writes.
"""

from __future__ import annotations

import itertools
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from inkhorn import games as registry
from inkhorn.agents import make_agent
from inkhorn.core.errors import OptionError
from inkhorn.match import MatchResult, play_match
from inkhorn.stats import Z95, beats, rate_game, wilson  # noqa: F401  (Z95, wilson: arena's public names)

MAX_BLOCK = 5040


def seatings(n_agents: int, players: int) -> list[list[int]]:
    """One block of seat assignments: ``block[g][seat]`` is an agent index.

    Every agent sits in every seat equally often. With more agents than seats, a block is
    every ordered choice of agents for the seats, so every two agents also meet equally
    often (5 agents at 3 seats: 60 games a block)."""
    if n_agents < 1:
        raise OptionError("an arena needs at least one agent")
    if n_agents > players:
        block = [list(p) for p in itertools.permutations(range(n_agents), players)]
        if len(block) > MAX_BLOCK:
            raise OptionError(f"{n_agents} agents at {players} seats make blocks of {len(block)} games "
                              f"(at most {MAX_BLOCK}); list fewer agents")
        return block
    if n_agents == players:
        if players <= 4:
            return [list(p) for p in itertools.permutations(range(players))]
        return [[(s + r) % players for s in range(players)] for r in range(players)]
    return [[(s + r) % n_agents for s in range(players)] for r in range(n_agents)]


@dataclass
class AgentLine:
    label: str
    spec: str
    games: int = 0
    seats: int = 0
    wins: float = 0.0
    margin_sum: float = 0.0
    seat_wins: list[float] = field(default_factory=list)
    seat_games: list[int] = field(default_factory=list)
    mu: float = 0.0
    sigma: float = 0.0
    ordinal: float = 0.0

    @property
    def win_rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def win_ci(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)

    @property
    def margin(self) -> float:
        return self.margin_sum / self.seats if self.seats else 0.0


@dataclass
class HeadToHead:
    first: str
    second: str
    score: float = 0.0
    trials: float = 0.0

    @property
    def rate(self) -> float:
        return self.score / self.trials if self.trials else 0.0

    @property
    def ci(self) -> tuple[float, float]:
        return wilson(self.score, self.trials)


@dataclass
class ArenaReport:
    game: str
    players: int
    games: int
    seed: int
    options: dict[str, Any]
    block: int
    agents: list[AgentLine]
    head_to_head: list[HeadToHead]
    seconds: float = 0.0
    decisions: int = 0
    planned: int = 0  # games asked for; more than ``games`` when the run was interrupted

    def pair(self, first: str, second: str) -> HeadToHead:
        for h in self.head_to_head:
            if h.first == first and h.second == second:
                return h
        raise KeyError((first, second))

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        for line, out in zip(self.agents, data["agents"]):
            out.update(win_rate=line.win_rate, win_ci=list(line.win_ci), margin=line.margin)
        for h, out in zip(self.head_to_head, data["head_to_head"]):
            out.update(rate=h.rate, ci=list(h.ci))
        return data


def _labels(specs: Sequence[str]) -> list[str]:
    labels = []
    for i, spec in enumerate(specs):
        label = spec
        if specs.count(spec) > 1:
            label = f"{spec}#{specs[: i + 1].count(spec)}"
        labels.append(label)
    return labels


def run_arena(
    game_id: str,
    players: int | None,
    agent_specs: Sequence[str],
    games: int,
    seed: int = 0,
    options: Mapping[str, Any] | None = None,
    out_path: str | Path | None = None,
    progress: Callable[[int, int, MatchResult], None] | None = None,
    with_actions: bool = False,
) -> ArenaReport:
    """Play ``games`` seat-rotated games and compare the agents (see the module doc)."""
    game = registry.get_game(game_id)
    players = game.check_players(players)
    specs = [s.strip() for s in agent_specs]
    if games < 1:
        raise OptionError(f"games must be at least 1, not {games}")
    for spec in specs:
        make_agent(spec)  # a bad spec fails before any game is played
    game.options(options)
    block = seatings(len(specs), players)
    labels = _labels(specs)
    lines = [
        AgentLine(label, spec, seat_wins=[0.0] * players, seat_games=[0] * players)
        for label, spec in zip(labels, specs)
    ]
    pairs = {
        (i, j): HeadToHead(labels[i], labels[j]) for i in range(len(specs)) for j in range(len(specs)) if i != j
    }
    model = PlackettLuce()
    ratings = [model.rating(name=label) for label in labels]
    out = open(out_path, "w") if out_path is not None else None  # noqa: SIM115 (closed in the finally below)
    total_seconds = 0.0
    total_decisions = 0
    played = 0
    try:
        for g in range(games):
            b, k = divmod(g, len(block))
            seating = block[k]
            result = play_match(game_id, [specs[a] for a in seating], seed + b, options)
            total_seconds += result.seconds
            total_decisions += result.decisions
            if out is not None:
                out.write(json.dumps(result.record(with_actions=with_actions)) + "\n")
                out.flush()
            scores, winners = result.scores, result.winners
            share = 1.0 / len(winners) if winners else 0.0
            present = sorted(set(seating))
            for s, a in enumerate(seating):
                line = lines[a]
                other = max((scores[o] for o in range(players) if o != s), default=0.0)
                line.seats += 1
                line.margin_sum += scores[s] - other
                line.seat_games[s] += 1
                if s in winners:
                    line.wins += share
                    line.seat_wins[s] += share
            for a in present:
                lines[a].games += 1
            for (i, j), h in pairs.items():
                if i not in present or j not in present:
                    continue
                mine = [s for s in range(players) if seating[s] == i]
                theirs = [s for s in range(players) if seating[s] == j]
                n = len(mine) * len(theirs)
                h.score += sum(beats(x, y, scores, winners) for x in mine for y in theirs) / n
                h.trials += 1
            rate_game(model, ratings, seating, scores, winners)
            played = g + 1
            if progress is not None:
                progress(g + 1, games, result)
    except KeyboardInterrupt:  # Ctrl-C: the games finished so far are the report
        if played == 0:
            raise
    finally:
        if out is not None:
            out.close()
    for line, rating in zip(lines, ratings):
        line.mu, line.sigma, line.ordinal = rating.mu, rating.sigma, rating.ordinal()
    return ArenaReport(
        game=game_id,
        players=players,
        games=played,
        seed=seed,
        options=game.options(options).model_dump(mode="json"),
        block=len(block),
        agents=lines,
        head_to_head=list(pairs.values()),
        seconds=total_seconds,
        decisions=total_decisions,
        planned=games,
    )


def render_report(report: ArenaReport) -> Any:
    """The report as rich tables that read whole in an 80-column terminal: one line per
    agent, then the head-to-head matrix. Agents are named by a letter in the tables and in
    full in a key below them."""
    from rich.console import Group
    from rich.markup import escape
    from rich.table import Table
    from rich.text import Text

    balanced = report.games % report.block == 0
    title = (
        f"{report.game}: {report.games} games, {report.players} players, seed {report.seed}"
        f" (blocks of {report.block}{'' if balanced else ', last block incomplete'})"
        + (f"; interrupted after {report.games} of {report.planned}" if report.planned > report.games else "")
    )
    letter = {line.label: chr(ord("A") + i) for i, line in enumerate(report.agents)}
    table = Table(title=title)
    table.add_column("agent", no_wrap=True)
    for name in ("games", "win rate", "95% CI", "mean margin", "rating", "ordinal"):
        table.add_column(name, justify="right", no_wrap=True)
    for line in sorted(report.agents, key=lambda x: -x.ordinal):
        lo, hi = line.win_ci
        table.add_row(
            letter[line.label],
            str(line.games),
            f"{line.win_rate:.1%}",
            f"{lo:.0%}–{hi:.0%}",
            f"{line.margin:+.2f}",
            f"{line.mu:.1f}±{line.sigma:.1f}",
            f"{line.ordinal:.1f}",
        )
    h2h = Table(title="head-to-head: row beats column (95% CI)")
    h2h.add_column("")
    labels = [line.label for line in report.agents]
    for label in labels:
        h2h.add_column(letter[label], justify="right", no_wrap=True)
    for first in labels:
        cells = []
        for second in labels:
            if first == second:
                cells.append("—")
                continue
            h = report.pair(first, second)
            lo, hi = h.ci
            cells.append(f"{h.rate:.0%} ({lo:.0%}–{hi:.0%})" if h.trials else "n/a")
        h2h.add_row(letter[first], *cells)
    key = Text.from_markup("\n".join(f"  {letter[label]} = {escape(label)}" for label in labels))
    note = Text("  rating: OpenSkill mu ± sigma; ordinal = mu - 3 sigma", style="dim")
    return Group(table, h2h, key, note)
