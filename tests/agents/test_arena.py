"""The arena: seat rotation, statistics, ratings, JSON lines and the rendered table."""

from __future__ import annotations

import itertools
import json
from collections import Counter

import pytest
from rich.console import Console

from inkhorn.arena import render_report, run_arena, seatings, wilson
from inkhorn.core import AgentError, OptionError


@pytest.mark.parametrize("agents,players", [(3, 3), (2, 2), (4, 4), (5, 5), (2, 4), (2, 3), (3, 4), (1, 3),
                                            (3, 2), (5, 3), (5, 4)])
def test_every_agent_sits_in_every_seat_equally(agents, players):
    block = seatings(agents, players)
    for seat in range(players):
        counts = Counter(game[seat] for game in block)
        assert sorted(counts) == list(range(agents)), f"seat {seat} misses an agent"
        assert len(set(counts.values())) == 1, f"seat {seat} is unbalanced: {counts}"
    if agents <= players:
        assert all(set(game) == set(range(agents)) for game in block), "every agent plays every game"
    else:
        met = Counter(pair for game in block for pair in itertools.permutations(game, 2))
        assert len(met) == agents * (agents - 1) and len(set(met.values())) == 1, "every two agents meet equally"


def test_three_agents_at_three_seats_play_all_orders():
    assert len(seatings(3, 3)) == 6 and len({tuple(g) for g in seatings(3, 3)}) == 6


def test_more_agents_than_seats_take_every_ordered_choice_of_seats():
    assert len(seatings(5, 3)) == 60 and len({tuple(g) for g in seatings(5, 3)}) == 60
    with pytest.raises(OptionError, match="blocks of 30240 games"):
        seatings(10, 5)


def test_wilson_interval_matches_known_values():
    lo, hi = wilson(5, 10)
    assert lo == pytest.approx(0.2366, abs=1e-4) and hi == pytest.approx(0.7634, abs=1e-4)
    lo, hi = wilson(0, 20)
    assert lo == 0.0 and hi == pytest.approx(0.1611, abs=1e-4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_arena_report_and_json_lines(sealed, tmp_path):
    out = tmp_path / "arena.jsonl"
    seen = []
    report = run_arena(
        "sealed_bids", 3, ["greedy", "random", "random"], games=12, seed=4,
        out_path=out, progress=lambda done, total, result: seen.append((done, total)),
    )
    assert seen[-1] == (12, 12) and len(seen) == 12
    lines = [json.loads(x) for x in out.read_text().splitlines()]
    assert len(lines) == 12
    assert set(lines[0]) >= {"game", "seed", "players", "agents", "scores", "winners", "decisions"}
    assert "actions" not in lines[0]
    # blocks of 6 orders share one deal seed
    assert [x["seed"] for x in lines] == [4] * 6 + [5] * 6
    assert Counter(x["agents"][0] for x in lines) == {"greedy": 4, "random": 8}
    labels = [a.label for a in report.agents]
    assert labels == ["greedy", "random#1", "random#2"]
    total_wins = sum(a.wins for a in report.agents)
    assert total_wins == pytest.approx(12.0)
    assert all(a.games == 12 and a.seats == 12 for a in report.agents)
    for h in report.head_to_head:
        back = report.pair(h.second, h.first)
        assert h.rate + back.rate == pytest.approx(1.0)
        assert h.trials == 12
    # margins from the JSON lines
    margins = []
    for x in lines:
        s = x["agents"].index("greedy")
        margins.append(x["scores"][s] - max(v for i, v in enumerate(x["scores"]) if i != s))
    assert report.agents[0].margin == pytest.approx(sum(margins) / len(margins))
    assert all(a.sigma < 25 / 3 for a in report.agents), "ratings were updated"
    data = report.to_json()
    json.dumps(data)
    assert data["agents"][0]["win_ci"][0] <= data["agents"][0]["win_rate"] <= data["agents"][0]["win_ci"][1]
    console = Console(record=True, width=140)
    console.print(render_report(report))
    text = console.export_text()
    assert "greedy" in text and "head-to-head" in text and "95% CI" in text


def test_arena_is_reproducible(sealed):
    a = run_arena("sealed_bids", 3, ["mcts:iters=40", "greedy"], games=4, seed=1)
    b = run_arena("sealed_bids", 3, ["mcts:iters=40", "greedy"], games=4, seed=1)
    assert a.to_json() | {"seconds": 0} == b.to_json() | {"seconds": 0}


def test_stronger_agent_rates_higher(toys):
    """In Nim (exact heuristic) greedy wins every game it starts from a winning pile."""
    report = run_arena("nim", 2, ["greedy", "random"], games=40, seed=0, options={"stones": 14})
    greedy, rand = report.agents
    assert greedy.ordinal > rand.ordinal
    assert report.pair("greedy", "random").rate > 0.75
    assert greedy.win_ci[0] > 0.6 and greedy.margin > 0


def test_mcts_beats_random_at_nim(toys):
    report = run_arena("nim", 2, ["mcts:iters=300", "random"], games=20, seed=0, options={"stones": 15})
    assert report.pair("mcts:iters=300", "random").rate >= 0.85


def test_bad_arena_inputs_fail_before_playing(sealed):
    with pytest.raises(AgentError):
        run_arena("sealed_bids", 3, ["greedy", "wizard"], games=2)
    with pytest.raises(OptionError):
        run_arena("sealed_bids", 3, ["greedy"], games=0)
    with pytest.raises(OptionError):
        run_arena("sealed_bids", 3, ["greedy"], games=1, options={"nope": 1})


def test_arena_tables_read_whole_in_an_80_column_terminal():
    """Long agent specs and intervals are never cut ("mcts:ite…", "72.2%–100…")."""
    from rich.console import Console

    from inkhorn.arena import render_report, run_arena

    specs = ["greedy:max_candidates=50", "random", "mcts:iters=10,rollout=random"]
    report = run_arena("scriptoria", 3, specs, 6, 0, {}, None)
    console = Console(width=80, record=True, color_system=None)
    console.print(render_report(report))
    text = console.export_text()
    assert "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
    for spec in specs:
        assert spec in text


def test_ctrl_c_reports_the_games_finished_so_far():
    def interrupt(done, total, result):
        if done == 3:
            raise KeyboardInterrupt

    report = run_arena("scriptoria", 2, ["greedy", "random"], 10, seed=1, progress=interrupt)
    assert (report.games, report.planned) == (3, 10)
    assert sum(line.seats for line in report.agents) == 6
    console = Console(record=True, width=140)
    console.print(render_report(report))
    assert "interrupted after 3 of 10" in console.export_text()

