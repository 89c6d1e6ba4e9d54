"""The lab end to end: real Dask clusters (embedded and separate processes), real Parquet
files, statistics checked against games of known odds."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest

from inkhorn.lab.analysis import analyse
from inkhorn.lab.play import play_task
from inkhorn.lab.run import run_experiment
from inkhorn.lab.spec import LabError, load_spec, make_spec
from tests.lab.helpers import LAB, ROOT, lab

SMALL = """
game = "scriptoria"
players = [2]
agents = ["random"]
games = 6
seed = 11
[variants.literal_discards]
discards_to_scriptorium = false
"""


def rows(folder: Path, table: str) -> list[tuple]:
    """Every row of a table, seconds aside, in a fixed order (chunks finish in any order)."""
    parts = sorted((folder / table).glob("part-*.parquet"))
    out = []
    for p in parts:
        for r in pq.read_table(p).to_pylist():
            out.append(tuple(sorted((k, v) for k, v in r.items() if not k.endswith("_seconds"))))
    return sorted(out, key=repr)


def test_same_spec_same_rows_on_one_and_two_workers(tmp_path):
    spec_file = tmp_path / "small.toml"
    spec_file.write_text(SMALL)
    spec = load_spec(spec_file)
    one = run_experiment(spec, tmp_path / "one", workers=1, chunk=3)
    two = run_experiment(spec, tmp_path / "two", workers=2, chunk=3)
    assert one.played == two.played == 12
    for table in ("games", "seats", "events"):
        a, b = rows(tmp_path / "one", table), rows(tmp_path / "two", table)
        assert a and a == b, table
    # a second run finds everything done and plays nothing
    again = run_experiment(spec, tmp_path / "one", workers=1)
    assert (again.played, again.skipped) == (0, 12)


def test_ctrl_c_saves_what_finished_quietly(tmp_path):
    """Ctrl-C reaches the whole process group, as in a terminal. The run is far too long to
    end first (no race with the signal); what it saved is exactly what those games give."""
    spec_file = tmp_path / "spec.toml"
    spec_file.write_text(SMALL.replace("games = 6", "games = 2000"))
    stopped = tmp_path / "stopped"
    # started as from a terminal, where Ctrl-C is answered: a process started with SIGINT
    # ignored or blocked keeps it so through exec (a shell's background job, or a test runner
    # whose process ignores it), and such a run rightly plays on to its end
    in_terminal = ("import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); "
                   "signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGINT]); os.execv(sys.argv[1], sys.argv[1:])")
    proc = subprocess.Popen([sys.executable, "-c", in_terminal, *LAB, "run", str(spec_file), "--out", str(stopped),
                             "--workers", "2", "--chunk", "2"],
                            cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            start_new_session=True)
    deadline = time.monotonic() + 300
    while time.monotonic() < deadline and len(list((stopped / "games").glob("part-*.parquet"))) < 2:
        time.sleep(0.2)
    os.killpg(proc.pid, signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "run again to resume" in " ".join(err.split())  # the message may wrap with a long path
    assert "Traceback" not in err and "WARNING" not in err, err[-2000:]
    saved = rows(stopped, "games")
    assert 0 < len(saved) < 4000
    tasks = {(t["variant"], t["players"], t["index"]): t for t in load_spec(spec_file).tasks()}
    for row in pq.read_table(sorted((stopped / "games").glob("part-*.parquet"))).to_pylist()[:6]:
        again = play_task(tasks[row["variant"], row["players"], row["game_index"]])["game"]
        assert {k: v for k, v in again.items() if not k.endswith("_seconds")} == \
               {k: v for k, v in row.items() if not k.endswith("_seconds")}


def test_a_resumed_run_equals_an_uninterrupted_one(tmp_path):
    spec = load_spec_text(tmp_path, SMALL.replace("games = 6", "games = 12"))
    part = tmp_path / "part"
    first = run_experiment(spec, part, workers=2, chunk=2, limit=7)
    assert first.played == 7
    resumed = lab("run", str(tmp_path / "spec.toml"), "--out", str(part), "--workers", "2")
    assert resumed.returncode == 0, resumed.stderr
    assert "17 games played, 7 already done" in resumed.stdout.replace("\n", " ")
    whole = tmp_path / "whole"
    run_experiment(spec, whole, workers=2)
    for table in ("games", "seats", "events"):
        assert rows(part, table) == rows(whole, table), table


def load_spec_text(tmp_path: Path, text: str):
    (tmp_path / "spec.toml").write_text(text)
    return load_spec(tmp_path / "spec.toml")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_runs_on_a_separate_dask_scheduler_and_worker(tmp_path):
    port = free_port()
    address = f"tcp://127.0.0.1:{port}"
    bin_dir = Path(sys.executable).parent
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    scheduler = subprocess.Popen([str(bin_dir / "dask"), "scheduler", "--host", "127.0.0.1", "--port", str(port),
                                  "--no-dashboard"], cwd=tmp_path, env=env,
                                 stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    worker = subprocess.Popen([str(bin_dir / "dask"), "worker", address, "--nthreads", "1", "--nworkers", "1",
                               "--no-dashboard"], cwd=tmp_path, env=env,
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        out = tmp_path / "remote"
        done = lab("run", "--game", "ancients", "--players", "2", "--agents", "random", "--games", "4",
                   "--scheduler", address, "--out", str(out))
        assert done.returncode == 0, done.stderr
        assert "4 games played" in done.stdout and "1 workers" in done.stdout
        assert len(rows(out, "games")) == 4
        answer = lab("query", str(out), "SELECT count(*) AS n FROM seats")
        assert answer.returncode == 0 and "8" in answer.stdout
    finally:
        for p in (worker, scheduler):
            p.send_signal(signal.SIGINT)
        for p in (worker, scheduler):
            try:
                p.wait(timeout=30)
            except subprocess.TimeoutExpired:
                p.kill()


def test_a_fair_coin_shows_no_seat_advantage_and_no_variant_effect(coin):
    a = analyse(coin)
    for seat in (0, 1):
        line = a.seat(2, seat)
        assert line.games == 400 and not line.significant and line.p_value > 0.05
    salted = a.variant("salted").measures["first seat win share"]
    assert salted.n == 400 and not salted.excludes(0)
    assert abs(salted.mean) < 0.1


def test_a_planted_ten_points_for_seat_one_shows_a_large_effect(coin):
    planted = analyse(coin).variant("planted")
    effect = planted.measures["first seat win share"]
    # seat 0 wins ~50% in the baseline and always with 10 extra points
    assert effect.excludes(0) and effect.low > 0.4 and effect.mean < 0.6
    spread = planted.measures["score spread"]
    assert spread.excludes(0) and spread.mean > 8


def test_components_of_known_strength_are_flagged(coin):
    a = analyse(coin)
    heads, tails = a.component("Heads"), a.component("Tails")
    assert heads.flag == "dominant" and tails.flag == "weak"
    assert heads.taken + tails.taken == 800


def test_query_runs_sql_over_the_parquet_files(coin):
    done = lab("query", str(coin), "SELECT variant, count(*) AS games FROM games GROUP BY variant ORDER BY variant")
    assert done.returncode == 0, done.stderr
    for name in ("baseline", "planted", "salted"):
        assert name in done.stdout
    assert done.stdout.count("400") == 3


@pytest.mark.parametrize("args, message", [
    (["query", "{coin}", "SELECT nope FROM games"], "query failed"),
    (["query", "/nonexistent-folder", "SELECT 1"], "holds no lab results"),
    (["query", "{coin}", ""], "no SQL given"),
    (["query", "{coin}", "   "], "no SQL given"),
    (["query", "{coin}", ";"], "no SQL given"),
    (["query", "{coin}", "COPY (SELECT * FROM games) TO '{tmp}/copy.csv'"], "COPY is refused"),
    (["query", "{coin}", "CREATE TABLE t AS SELECT 1"], "CREATE is refused"),
    (["query", "{coin}", "ATTACH '{tmp}/other.db'"], "ATTACH is refused"),
    (["query", "{coin}", "SELECT 1; SELECT 2"], "one statement at a time"),
    (["run", "--game", "chess"], "chess"),
    (["run", "--game", "scriptoria", "--option", "colour=blue"], "unknown option 'colour'"),
    (["run", "--game", "scriptoria", "--agents", "wizard"], "unknown agent 'wizard'"),
    (["run", "--game", "scriptoria", "--variant", "x:master=maybe"], "variant x"),
    (["report", "/nonexistent-folder"], "holds no lab results"),
])
def test_bad_input_is_one_clear_line(coin, tmp_path, args, message):
    args = [a.replace("{coin}", str(coin)).replace("{tmp}", str(tmp_path)) for a in args]
    if args[0] == "run":
        args += ["--out", str(tmp_path / "r")]
    done = lab(*args)
    assert done.returncode == 2
    assert message in done.stderr and "Traceback" not in done.stderr
    assert len(done.stderr.strip().splitlines()) <= 2
    assert not list(tmp_path.iterdir()) or args[0] == "run"  # a refused query wrote nothing


def test_a_game_that_fails_is_named_for_replay_and_the_others_are_kept(tmp_path):
    """A game in development that fails on one deal: the run stops with one line naming that
    game as a person replays it (its seed and who sat where), and keeps what finished."""
    (tmp_path / "spec.toml").write_text("""
game = "tests.lab.coin_game:COIN"
agents = ["random", "greedy"]
games = 60
seed = 5
options = {broken = 25}
""")
    done = lab("run", str(tmp_path / "spec.toml"), "--out", str(tmp_path / "r"), "--workers", "2")
    assert done.returncode == 2
    said = " ".join(done.stderr.split())
    assert re.search(r"game (40 \(2 players, seed 25, seats: random, greedy\)|41 \(2 players, seed 25, seats: "
                     r"greedy, random\)) failed on a worker: ValueError: no coin to flip in deal 25$", said), said
    assert "Traceback" not in done.stderr
    assert 0 < len(rows(tmp_path / "r", "games")) < 60


def test_sql_that_starts_with_a_comment_is_sql_not_an_option(coin):
    done = lab("query", str(coin), "-- games per variant\nSELECT count(*) AS n FROM games")
    assert done.returncode == 0, done.stderr
    assert "1200" in done.stdout


def test_a_results_folder_belongs_to_one_experiment(coin):
    other = make_spec({"game": "scriptoria", "games": 2})
    with pytest.raises(LabError, match="another experiment"):
        run_experiment(other, coin, workers=1)


def test_a_variant_with_an_edited_content_folder_next_to_the_spec(tmp_path):
    """``content = "edited/"`` is read relative to the spec file, so workers anywhere find it."""
    import json
    import shutil

    shipped = ROOT / "inkhorn" / "games" / "scriptoria" / "content"
    shutil.copytree(shipped, tmp_path / "edited")
    sketches = json.loads((tmp_path / "edited" / "sketches.json").read_text())
    for sketch in sketches["sketches"]:
        sketch["points"] = min(50, sketch["points"] + 5)
    (tmp_path / "edited" / "sketches.json").write_text(json.dumps(sketches))
    spec_file = tmp_path / "spec.toml"
    spec_file.write_text(SMALL.replace("games = 6", "games = 2").replace(
        "[variants.literal_discards]\ndiscards_to_scriptorium = false", '[variants.richer]\ncontent = "edited"'))
    spec = load_spec(spec_file)
    assert spec.variants["richer"]["content"] == str((tmp_path / "edited").resolve())
    run_experiment(spec, tmp_path / "out", workers=1)
    assert len(rows(tmp_path / "out", "games")) == 4
    total = {"baseline": 0.0, "richer": 0.0}
    for r in pq.read_table(tmp_path / "out" / "seats").to_pylist():
        total[r["variant"]] += r["score"]
    assert total["richer"] > total["baseline"]  # random bots make the same moves; sketches pay more
