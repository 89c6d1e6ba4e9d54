"""The findings of a results folder, as numbers (the report turns them into words and plots).

* **seat advantage**: per player count, each seat's win share against ``1/players``, with an
  exact interval and an exact binomial test, judged over all seats at once (Holm);
* **how games end**: the share of games each of the game's endings (``Game.endings``) ended;
* **variants**: each variant against the baseline on the same games (paired): differences
  in the first seat's win share, the score spread, the game length (decisions and every
  figure of ``Game.stats``) and the lead changes, each with a t interval and a paired test,
  judged over a variant's measures at once (Holm);
* **components**: for every component some seat took (acquired or played), in the
  baseline's games: how often it was taken, the taking seats' win share against what
  comparable seats win (same player count, seat and agent, and about as many components
  taken: taking many cards goes with winning, whichever they are), with an interval; flagged
  *dominant* or *weak* when an exact binomial test against the comparable seats' share says
  so after Holm's adjustment over every component judged, *dead* when taken in under 2 % of
  seat-games;
* **ladder**: with several agents, OpenSkill ratings and head-to-head shares (as ``inkhorn
  arena``).
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections import defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from operator import itemgetter
from pathlib import Path
from typing import Any

from openskill.models import PlackettLuce

from inkhorn import games as registry
from inkhorn.core.errors import InkhornError
from inkhorn.lab.query import connect
from inkhorn.lab.spec import BASELINE, LabError
from inkhorn.lab.stats import ALPHA, Estimate, holm, paired, share_interval, share_p_value
from inkhorn.lab.store import Results
from inkhorn.stats import beats, rate_game

DEAD_SHARE = 0.02
MIN_TAKEN = 20  # fewer takers: no verdict on a component's strength
BUCKETS = 3  # takers are compared with seats that took about as many components


@dataclass
class SeatLine:
    players: int
    seat: int
    games: int
    wins: float
    expected: float
    ci: tuple[float, float]
    p_value: float
    mean_score: float
    adjusted: float = 1.0  # Holm-adjusted over every seat of the run

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def significant(self) -> bool:
        return self.adjusted < ALPHA


@dataclass
class VariantLine:
    variant: str
    pairs: int
    measures: dict[str, Estimate]  # measure -> paired difference (variant minus baseline)
    baseline_means: dict[str, float]
    adjusted: dict[str, float] = field(default_factory=dict)  # measure -> Holm-adjusted p

    def significant(self, measure: str) -> bool:
        return self.adjusted.get(measure, 1.0) < ALPHA


@dataclass
class ComponentLine:
    component: str
    taken: int  # seat-games in which it was acquired or played
    share: float  # of all seat-games
    wins: float
    expected: float  # summed baseline win share of the taking seats
    ci: tuple[float, float]
    kinds: dict[str, int]
    p_value: float = 1.0  # exact binomial test against the comparable seats' share
    adjusted: float = 1.0  # Holm-adjusted over every component judged

    @property
    def rate(self) -> float:
        return self.wins / self.taken if self.taken else 0.0

    @property
    def baseline(self) -> float:
        return self.expected / self.taken if self.taken else 0.0

    @property
    def lift(self) -> float:
        return self.wins / self.expected if self.expected else 0.0

    @property
    def flag(self) -> str:
        if self.share < DEAD_SHARE:
            return "dead"
        if self.taken < MIN_TAKEN or self.adjusted >= ALPHA:
            return ""
        return "dominant" if self.rate > self.baseline else "weak"


@dataclass
class AgentLine:
    agent: str
    seats: int
    wins: float
    ci: tuple[float, float]
    mu: float
    sigma: float
    ordinal: float

    @property
    def rate(self) -> float:
        return self.wins / self.seats if self.seats else 0.0


@dataclass
class Analysis:
    spec: dict[str, Any]
    games: int
    variants: list[str]
    seat_lines: list[SeatLine]
    scores: dict[int, list[list[float]]]  # players -> per seat, baseline scores
    lengths: dict[str, list[float]]  # decisions and each stat -> baseline values
    endings: dict[str, tuple[int, int, tuple[float, float]]]  # ending -> (games it ended, games, ci)
    variant_lines: list[VariantLine]
    components: list[ComponentLine]
    agents: list[AgentLine] = field(default_factory=list)
    head_to_head: dict[tuple[str, str], tuple[float, float, tuple[float, float]]] = field(default_factory=dict)

    def seat(self, players: int, seat: int) -> SeatLine:
        return next(s for s in self.seat_lines if s.players == players and s.seat == seat)

    def variant(self, name: str) -> VariantLine:
        return next(v for v in self.variant_lines if v.variant == name)

    def component(self, name: str) -> ComponentLine:
        return next(c for c in self.components if c.component == name)


def _rows(con: Any, sql: str) -> list[dict[str, Any]]:
    cur = con.execute(sql)
    cols = [d[0] for d in cur.description]
    return [dict(zip(cols, r)) for r in cur.fetchall()]


def analyse(root: str | Path) -> Analysis:
    results = Results(root)
    meta = results.meta()
    if not any((results.root / "games").glob("part-*.parquet")):
        raise LabError(f"{results.root} holds no finished games yet")
    con = connect(root)
    try:
        games = _rows(con, "SELECT * FROM games ORDER BY variant, players, game_index")
        seats = _rows(con, "SELECT * FROM seats ORDER BY variant, players, game_index, seat")
        has_events = any((results.root / "events").glob("part-*.parquet"))
        taken = _rows(con, """
            SELECT players, game_index, seat, component, list(DISTINCT kind) AS kinds
            FROM events WHERE variant = 'baseline' AND kind IN ('acquired', 'played')
            GROUP BY ALL""") if has_events else []
    finally:
        con.close()
    variants = [BASELINE] + [v for v in meta["spec"].get("variants", {}) if any(g["variant"] == v for g in games)]
    base_games = [g for g in games if g["variant"] == BASELINE]
    base_seats = [s for s in seats if s["variant"] == BASELINE]
    stat_names = sorted(k for k in (games[0] if games else {}) if k.startswith("stat_"))

    # ---- seat advantage ------------------------------------------------------------------
    by_seat: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for s in base_seats:
        by_seat[s["players"], s["seat"]].append(s)
    seat_lines = []
    for (players, seat), rows in sorted(by_seat.items()):
        wins = sum(r["win"] for r in rows)
        seat_lines.append(SeatLine(players, seat, len(rows), wins, 1 / players, share_interval(wins, len(rows)),
                                   share_p_value(wins, len(rows), 1 / players),
                                   sum(r["score"] for r in rows) / len(rows)))
    for seat_line, p in zip(seat_lines, holm([x.p_value for x in seat_lines])):
        seat_line.adjusted = p
    scores: dict[int, list[list[float]]] = {}
    for (players, seat), rows in sorted(by_seat.items()):
        scores.setdefault(players, [[] for _ in range(players)])[seat] = [r["score"] for r in rows]

    # ---- lengths and end conditions ------------------------------------------------------
    lengths = {"decisions": [float(g["decisions"]) for g in base_games]}
    for name in stat_names:
        values = [g[name] for g in base_games if g[name] is not None]
        if values and not set(values) <= {0.0, 1.0}:  # yes/no figures are told by the endings
            lengths[name[5:]] = values
    endings = _endings(meta["spec"], base_games)

    # ---- variants against the baseline (paired on the same game) -------------------------
    first_win = {(s["variant"], s["players"], s["game_index"]): s["win"] for s in seats if s["seat"] == 0}
    index = {(g["variant"], g["players"], g["game_index"]): g for g in games}
    measures: dict[str, Callable[[dict[str, Any]], Any]] = {
        "first seat win share": lambda g: first_win[g["variant"], g["players"], g["game_index"]],
        "score spread": lambda g: g["spread"], "decisions": lambda g: g["decisions"],
        "lead changes": lambda g: g["lead_changes"]}
    for name in stat_names:
        measures[name[5:].replace("_", " ")] = itemgetter(name)
    variant_lines = []
    for v in variants[1:]:
        pairs = [(index[(BASELINE, g["players"], g["game_index"])], g)
                 for g in games if g["variant"] == v and (BASELINE, g["players"], g["game_index"]) in index]
        diffs, means = {}, {}
        for label, f in measures.items():
            values = [(f(b), f(x)) for b, x in pairs if f(b) is not None and f(x) is not None]
            diffs[label] = paired([x - b for b, x in values])
            means[label] = sum(b for b, _ in values) / len(values) if values else float("nan")
        tested = [label for label, e in diffs.items() if e.n > 1]
        adjusted = dict(zip(tested, holm([diffs[label].p_value for label in tested])))
        variant_lines.append(VariantLine(v, len(pairs), diffs, means, adjusted))

    # ---- components (baseline games) -----------------------------------------------------
    # A seat that takes many components tends to win whatever they are, so a taker is
    # compared with seats of the same player count, seat and agent that took about as many
    # components (the same third of the spread), not with every seat.
    breadth: dict[tuple[int, int, int], int] = defaultdict(int)
    for t in taken:
        breadth[t["players"], t["game_index"], t["seat"]] += 1
    spread_of: dict[tuple[int, str], list[int]] = defaultdict(list)
    for s in base_seats:
        spread_of[s["players"], s["agent"]].append(breadth[s["players"], s["game_index"], s["seat"]])
    for values in spread_of.values():
        values.sort()

    def cell(s: dict[str, Any]) -> tuple[int, int, str, int]:
        values = spread_of[s["players"], s["agent"]]
        k = breadth[s["players"], s["game_index"], s["seat"]]
        return (s["players"], s["seat"], s["agent"], BUCKETS * bisect_left(values, k) // len(values))

    base_rate: dict[tuple[int, int, str, int], list[float]] = defaultdict(list)
    seat_row: dict[tuple[int, int, int], dict[str, Any]] = {}
    for s in base_seats:
        base_rate[cell(s)].append(s["win"])
        seat_row[s["players"], s["game_index"], s["seat"]] = s
    mean_rate = {k: sum(v) / len(v) for k, v in base_rate.items()}
    acc: dict[str, list[Any]] = {}
    for t in taken:
        taker = seat_row.get((t["players"], t["game_index"], t["seat"]))
        if taker is None:
            continue
        line = acc.setdefault(t["component"], [0, 0.0, 0.0, defaultdict(int)])
        line[0] += 1
        line[1] += taker["win"]
        line[2] += mean_rate[cell(taker)]
        for kind in t["kinds"]:
            line[3][kind] += 1
    n_seat_games = len(base_seats) or 1
    components = sorted(
        (ComponentLine(name, n, n / n_seat_games, w, e, share_interval(w, n), dict(k),
                       share_p_value(w, n, e / n) if n >= MIN_TAKEN else 1.0)
         for name, (n, w, e, k) in acc.items()),
        key=lambda c: (-c.lift, c.component),
    )
    judged = [c for c in components if c.taken >= MIN_TAKEN and c.share >= DEAD_SHARE]
    for c, p in zip(judged, holm([c.p_value for c in judged])):
        c.adjusted = p

    analysis = Analysis(meta["spec"], len(games), variants, seat_lines, scores, lengths, endings,
                        variant_lines, components)
    _ladder(analysis, base_seats)
    return analysis


def _endings(spec: dict[str, Any], games: list[dict[str, Any]]) -> dict[str, tuple[int, int, tuple[float, float]]]:
    """How many games each ending of the game ended, every declared ending listed (those that
    never happened too), then any other found (results of an older version)."""
    try:
        game = registry.get_game(spec["game"])
        declared = list(game.endings(game.options(spec.get("options") or {})))
    except InkhornError:
        declared = []
    seen = [g.get("ending") or "not recorded (results of an older version)" for g in games]
    names = declared + sorted(set(seen) - set(declared))
    n = len(seen)
    return {name: (seen.count(name), n, share_interval(seen.count(name), n)) for name in names}


# OpenSkill updates one game at a time, so its ratings depend on the order the games are fed
# in. A lab's games have no order of their own (they are seat rotations in index order, which
# rated in that order put an agent that won most of its seats below one it beat head to head),
# so a rating is the mean over this many shuffles of the games, with a fixed seed.
RATING_ORDERS = 16
RATING_UPDATES = 40_000  # at most this many game updates in all: fewer shuffles for big runs


def _ratings(n_agents: int, played: list[tuple[list[int], list[float], list[int]]]) -> list[list[float]]:
    """Each agent's OpenSkill mu, sigma and ordinal, averaged over shuffled orders of
    ``played`` (seating as agent numbers, scores, winners per game)."""
    orders = max(1, min(RATING_ORDERS, RATING_UPDATES // max(1, len(played))))
    rng = random.Random(0)
    means = [[0.0, 0.0, 0.0] for _ in range(n_agents)]
    games = list(played)
    for _ in range(orders):
        rng.shuffle(games)
        model = PlackettLuce()
        ratings = [model.rating() for _ in range(n_agents)]
        for seating, scores, winners in games:
            rate_game(model, ratings, seating, scores, winners)
        for mean, r in zip(means, ratings):
            for j, value in enumerate((r.mu, r.sigma, r.ordinal())):
                mean[j] += value / orders
    return means


def _ladder(analysis: Analysis, seats: list[dict[str, Any]]) -> None:
    """OpenSkill ratings and head-to-head shares when more than one agent played."""
    agents = sorted({s["agent"] for s in seats})
    if len(agents) < 2:
        return
    number = {a: i for i, a in enumerate(agents)}
    by_game: dict[tuple[int, int], list[dict[str, Any]]] = defaultdict(list)
    for s in seats:
        by_game[s["players"], s["game_index"]].append(s)
    wins: dict[str, float] = defaultdict(float)
    count: dict[str, int] = defaultdict(int)
    h2h: dict[tuple[str, str], list[float]] = defaultdict(lambda: [0.0, 0.0])
    played: list[tuple[list[int], list[float], list[int]]] = []
    for key in sorted(by_game):
        rows = sorted(by_game[key], key=lambda r: r["seat"])
        sc = [r["score"] for r in rows]
        winners = [r["seat"] for r in rows if r["win"] > 0]
        played.append(([number[r["agent"]] for r in rows], sc, winners))
        for r in rows:
            wins[r["agent"]] += r["win"]
            count[r["agent"]] += 1
        for a in rows:
            for b in rows:
                if a["agent"] != b["agent"]:
                    cell = h2h[a["agent"], b["agent"]]
                    cell[0] += beats(a["seat"], b["seat"], sc, winners)
                    cell[1] += 1
    analysis.agents = sorted(
        (AgentLine(a, count[a], wins[a], share_interval(wins[a], count[a]), *rating)
         for a, rating in zip(agents, _ratings(len(agents), played))),
        key=lambda x: -x.ordinal,
    )
    analysis.head_to_head = {k: (v[0] / v[1], v[1], share_interval(v[0], v[1])) for k, v in h2h.items()}
