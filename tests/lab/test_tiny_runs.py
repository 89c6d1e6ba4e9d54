"""The report never fails: every game, on the tiny pilots a designer runs first (1 and 3
games), where most seats and most cards never win, and with a variant compared on too few
pairs. The games are played by the lab's own worker function and written by its own store
(the Dask side is tested end to end in ``test_lab.py``)."""

from __future__ import annotations

import math

import pytest

from inkhorn import games
from inkhorn.lab.analysis import analyse
from inkhorn.lab.play import play_task
from inkhorn.lab.report import write_report
from inkhorn.lab.spec import make_spec
from inkhorn.lab.store import Results

VARIANT = {"scriptoria": {"discards_to_scriptorium": False}, "manuscript": {"round_limit": 20},
           "novelist": {"max_rounds": 60}, "ancients": {"max_rounds": 20}, "verse_variant": {}}


def run(folder, game_id: str, n: int, variants: dict | None = None):
    spec = make_spec({"game": game_id, "agents": ["random", "greedy"], "games": n, "seed": 5,
                      "variants": variants or {}})
    results = Results(folder)
    results.open_for(spec)
    results.write_chunk([play_task(task) for task in spec.tasks()])
    return folder


@pytest.mark.parametrize("n", [1, 3])
@pytest.mark.parametrize("game_id", games.game_ids())
def test_a_tiny_run_of_every_game_reports(tmp_path, game_id, n):
    variants = {"tweak": VARIANT[game_id]} if VARIANT[game_id] and n == 3 else None
    folder = run(tmp_path / "results", game_id, n, variants)
    out = tmp_path / "report.html"
    a = write_report(folder, out)
    text = out.read_text()
    assert "nan%" not in text and "How games end" in text
    # a seat that never won: its interval starts at 0 and holds its share
    never = [s for s in a.seat_lines if s.wins == 0]
    assert never and all(s.ci[0] == 0.0 <= s.ci[1] <= 1.0 for s in never)
    for line in a.seat_lines + a.components:
        assert 0.0 <= line.ci[0] <= line.rate <= line.ci[1] <= 1.0
    # every ending the game declares is listed, and they add up to every game
    game = games.get_game(game_id)
    declared = game.endings(game.options(a.spec["options"]))
    assert list(a.endings)[:len(declared)] == list(declared)
    assert sum(hits for hits, _, _ in a.endings.values()) == n
    for v in a.variant_lines:
        assert all(math.isnan(e.mean) or e.n == v.pairs for e in v.measures.values())


def test_the_endings_of_many_games_add_up_and_name_the_most_frequent(tmp_path):
    folder = run(tmp_path / "results", "scriptoria", 6)
    a = analyse(folder)
    counts = {name: hits for name, (hits, _, _) in a.endings.items()}
    assert sum(counts.values()) == 6 and len(counts) >= 2
    write_report(folder, tmp_path / "r.html")
    most = max(counts, key=counts.get)
    text = (tmp_path / "r.html").read_text()
    if counts[most] == 6:
        assert f"Every game ends with {most} (6 of 6)." in text
    else:
        assert f"Most games end with {most}" in text


def test_agents_that_differ_in_budget_get_a_strength_curve(tmp_path):
    """Three agents at two seats (every ordered choice of seats): the report draws each
    budget's head-to-head share against the agent outside the family."""
    spec = make_spec({"game": "tests.agents.toy_games:NIM", "agents": ["mcts:iters=3", "mcts:iters=200", "random"],
                      "games": 18, "seed": 1, "events": False})
    assert len({tuple(t["agents"]) for t in spec.tasks()}) == 6
    results = Results(tmp_path / "results")
    results.open_for(spec)
    results.write_chunk([play_task(task) for task in spec.tasks()])
    a = write_report(tmp_path / "results", tmp_path / "r.html")
    text = (tmp_path / "r.html").read_text()
    assert "mcts: strength against its budget (iters)" in text
    weak, n_weak, _ = a.head_to_head[("mcts:iters=3", "random")]
    strong, n_strong, _ = a.head_to_head[("mcts:iters=200", "random")]
    assert n_weak == n_strong == 6 and strong == 1.0 and strong > weak


def test_endings_are_told_as_every_game_when_alike_and_as_most_when_not():
    """One ending for every game is "every game", not "most"; a mix names the most frequent
    and the others with their shares."""
    from types import SimpleNamespace

    from inkhorn.lab.report import _endings

    alike = _endings(SimpleNamespace(endings={"the bag empty": (6, 6, (0.6, 1.0)), "a scroll full": (0, 6, (0.0, 0.4))}))
    assert "Every game ends with the bag empty (6 of 6)." in alike and "Most" not in alike
    mixed = _endings(SimpleNamespace(endings={"the bag empty": (4, 6, (0.3, 0.9)), "a scroll full": (2, 6, (0.1, 0.7))}))
    assert "Most games end with the bag empty (4 of 6, 66.7%); the others with a scroll full in 33.3%." in mixed
