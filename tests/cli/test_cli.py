"""The command line, driven on the sealed-bids fixture game."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from typer.testing import CliRunner

from inkhorn.cli import app
from inkhorn.core import ReplayLog

runner = CliRunner()


def test_games_lists_every_registered_game(sealed):
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    assert "sealed_bids" in result.output and "2-5" in result.output


def test_unknown_game_is_a_clear_error():
    result = runner.invoke(app, ["rules", "chess"])
    assert result.exit_code == 2
    assert "unknown game 'chess'" in result.output


def test_rules_show_the_options(sealed):
    result = runner.invoke(app, ["rules", "sealed_bids"])
    assert result.exit_code == 0 and "rounds" in result.output


def test_simulate_writes_one_json_line_per_game(sealed, tmp_path):
    out = tmp_path / "games.jsonl"
    result = runner.invoke(
        app, ["simulate", "sealed_bids", "--players", "3", "--games", "5", "--agents", "greedy,random,random",
              "--seed", "4", "--out", str(out)],
    )
    assert result.exit_code == 0, result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 5
    assert [line["seed"] for line in lines] == [4, 5, 6, 7, 8]
    for line in lines:
        assert {"game", "seed", "players", "agents", "scores", "winners", "decisions"} <= set(line)
        assert line["agents"] == ["greedy", "random", "random"]
    assert "win rate" in result.output and "decisions" in result.output


def test_simulate_refuses_a_bad_option_and_wrong_agent_count(sealed):
    result = runner.invoke(app, ["simulate", "sealed_bids", "--option", "colour=red"])
    assert result.exit_code == 2 and "unknown option 'colour'" in result.output
    result = runner.invoke(app, ["simulate", "sealed_bids", "--players", "3", "--agents", "random,random"])
    assert result.exit_code == 2 and "3 players need 3 agents" in result.output
    result = runner.invoke(app, ["simulate", "sealed_bids", "--agents", "oracle"])
    assert result.exit_code == 2 and "unknown agent 'oracle'" in result.output


def test_watching_bots_saves_a_log_that_replays(sealed, tmp_path):
    log = tmp_path / "game.json"
    result = runner.invoke(app, ["play", "sealed_bids", "--seats", "greedy,random", "--seed", "3",
                                 "--save", str(log)])
    assert result.exit_code == 0, result.output
    record = ReplayLog.load(log)
    assert record.agents == ["greedy", "random"] and len(record.actions) == 6
    result = runner.invoke(app, ["replay", str(log)])
    assert result.exit_code == 0 and "winners" in result.output


def test_human_play_explains_bad_input_and_saves_on_quit(sealed, tmp_path):
    log = tmp_path / "game.json"
    result = runner.invoke(
        app, ["play", "sealed_bids", "--seats", "human,random", "--seed", "3", "--save", str(log)],
        input="play:999\n42\nhelp\n1\nquit\n",
    )
    assert result.exit_code == 0, result.output
    assert "not a legal choice" in result.output and "Type a number from 1 to 3" in result.output
    assert "Commands:" in result.output
    record = ReplayLog.load(log)
    assert len(record.actions) >= 1 and record.actions[0].startswith("play:")


def test_replay_of_a_broken_log_is_a_clear_error(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text("{not json")
    result = runner.invoke(app, ["replay", str(bad)])
    assert result.exit_code == 2 and "cannot read replay log" in result.output


def test_arena_prints_win_rates_and_writes_json_lines(sealed, tmp_path):
    out = tmp_path / "arena.jsonl"
    result = runner.invoke(app, ["arena", "sealed_bids", "--players", "2", "--agents", "greedy,random",
                                 "--games", "4", "--out", str(out)])
    assert result.exit_code == 0, result.output
    assert "win rate" in result.output and "95% CI" in result.output
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert len(lines) == 4 and {tuple(line["agents"]) for line in lines} == {("greedy", "random"), ("random", "greedy")}


def test_an_agents_parameters_follow_it_in_a_comma_separated_list(sealed, tmp_path):
    out = tmp_path / "arena.jsonl"
    result = runner.invoke(app, ["arena", "sealed_bids", "--players", "2", "--agents",
                                 "mcts:iters=8,depth=1,rollout=greedy,random", "--games", "2", "--out", str(out)])
    assert result.exit_code == 0, result.output
    seatings = [json.loads(line)["agents"] for line in out.read_text().splitlines()]
    assert all(len(agents) == 2 and "random" in agents for agents in seatings)
    mcts = {a for agents in seatings for a in agents if a != "random"}
    assert len(mcts) == 1 and {"mcts:iters=8", "depth=1", "rollout=greedy"} <= set(mcts.pop().split(","))
    bad = runner.invoke(app, ["arena", "sealed_bids", "--agents", "mcts:iters=8,dept=1,random", "--games", "2"])
    assert bad.exit_code == 2 and "dept" in bad.output and "Traceback" not in bad.output


def test_arena_refuses_an_unknown_agent(sealed):
    result = runner.invoke(app, ["arena", "sealed_bids", "--agents", "greedy,oracle", "--games", "2"])
    assert result.exit_code == 2 and "unknown agent 'oracle'" in result.output


def test_hell_of_the_library_profile_moves_the_start_two_points_per_game(tmp_path):
    """Scriptoria, The Hell of the Library: each finished game adds 2 starting points."""
    profile = tmp_path / "hell.json"
    args = ["play", "scriptoria", "--seats", "random,random", "--seed", "2", "--hell-profile", str(profile),
            "--save", str(tmp_path / "log.json")]
    assert runner.invoke(app, args).exit_code == 0
    assert json.loads(profile.read_text())["games"] == 1
    args[-1] = str(tmp_path / "log2.json")  # a log never overwrites another
    result = runner.invoke(app, args)
    assert result.exit_code == 0 and "next game starts at 4 points" in result.output
    assert ReplayLog.load(tmp_path / "log2.json").options["hell_level"] == 1


def test_hell_profile_is_only_for_scriptoria(sealed, tmp_path):
    result = runner.invoke(app, ["play", "sealed_bids", "--seats", "random,random",
                                 "--hell-profile", str(tmp_path / "h.json")])
    assert result.exit_code == 2 and "Scriptoria" in result.output


@pytest.mark.parametrize("keys", [b"\nq\n", b"\n\x04"])
def test_replay_step_quits_on_q_or_ctrl_d(tmp_path, keys):
    """At a real terminal (a pseudo-terminal here), q or Ctrl-D leaves the replay cleanly."""
    assert runner.invoke(app, ["play", "scriptoria", "--seats", "random,random", "--seed", "3",
                               "--save", str(tmp_path / "g.json")]).exit_code == 0
    main, child = os.openpty()
    with subprocess.Popen([sys.executable, "-m", "inkhorn.cli", "replay", str(tmp_path / "g.json"), "--step"],
                          stdin=child, stdout=subprocess.PIPE, stderr=subprocess.STDOUT) as proc:
        os.close(child)
        os.write(main, keys)
        out, _ = proc.communicate(timeout=60)
    os.close(main)
    text = out.decode()
    assert proc.returncode == 0, text[-500:]
    assert "left the replay at action" in text and "Aborted" not in text and "Traceback" not in text


def test_watching_is_paced_at_a_terminal_and_not_when_piped():
    import io
    import time

    from rich.console import Console

    from inkhorn.terminal import WATCH_DELAY, Pacer

    piped = Console(file=io.StringIO())
    assert Pacer(piped, None).delay == 0.0  # a log or a pipe gets the game at once
    assert Pacer(piped, 0.05).delay == 0.05 and WATCH_DELAY > 0
    started = time.perf_counter()
    Pacer(piped, 0.05).wait()
    assert time.perf_counter() - started >= 0.05


@pytest.mark.parametrize("game_id", ["scriptoria", "ancients"])
def test_help_at_the_prompt_and_rules_show_the_legend(tmp_path, monkeypatch, game_id):
    from inkhorn import games

    monkeypatch.chdir(tmp_path)
    game = games.get_game(game_id)
    seats = ",".join(["human"] + ["random"] * (game.default_players - 1))
    result = runner.invoke(app, ["play", game_id, "--seats", seats, "--seed", "2"], input="help\nquit\n")
    assert "Legend: what the codes" in result.output and game.legend()[0][0] in result.output
    result = runner.invoke(app, ["rules", game_id])
    assert result.exit_code == 0 and "Legend: what the codes" in result.output
