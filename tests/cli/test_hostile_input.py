"""Hostile input to every command and flag: one clear line and exit code 2 (or a normal run,
exit 0), never a Python traceback, and nothing a user made overwritten."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from inkhorn.cli import app

runner = CliRunner()

HOSTILE = [
    "[/]", "[bold]x[/red]", "\x00", "../../..", "é\u202eabc", "-1", "1e999", "NaN", "", "a" * 5000,
    "{}", "~", "key=[/]", ":", "mcts:iters=[/]",
]

COMMANDS = [
    lambda x: ["rules", x],
    lambda x: ["play", x, "--seats", "random,random"],
    lambda x: ["play", "scriptoria", "--seats", x],
    lambda x: ["play", "scriptoria", "--seats", "random,random", "--option", x],
    lambda x: ["play", "scriptoria", "--seats", "random,random", "--option", f"master={x}"],
    lambda x: ["play", "scriptoria", "--seats", "random,random", "--option", f"content={x}"],
    lambda x: ["play", "scriptoria", "--seats", "random,random", "--seed", x],
    lambda x: ["play", "scriptoria", "--seats", "random,random", "--save", x],
    lambda x: ["simulate", "scriptoria", "--games", "1", "--agents", x],
    lambda x: ["simulate", "scriptoria", "--games", "1", "--players", x],
    lambda x: ["simulate", "scriptoria", "--games", "1", "--out", x],
    lambda x: ["arena", "scriptoria", "--games", "1", "--agents", f"random,{x}"],
    lambda x: ["arena", "scriptoria", "--games", "1", "--agents", "random,random", "--out", x],
    lambda x: ["replay", x],
]


def _clean(result) -> None:
    assert result.exit_code in (0, 2), (result.exit_code, result.output[-800:])
    assert "Traceback" not in result.output, result.output[-2000:]
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(result.exception)


@pytest.mark.parametrize("command", range(len(COMMANDS)))
def test_hostile_values_for_every_flag_end_in_one_clear_line(command, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    for value in HOSTILE:
        result = runner.invoke(app, COMMANDS[command](value))
        _clean(result)
        if result.exit_code == 2:
            lines = [line for line in result.output.splitlines() if line.strip()]
            assert lines and len(lines) <= 6, result.output[-800:]  # one message (wrapped), no dump


def test_hostile_lines_typed_at_the_play_prompt_are_answered_not_fatal(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    typed = "\n".join([*HOSTILE[:5], "999", "0", "help", "log", "board", "quit"]) + "\n"
    result = runner.invoke(app, ["play", "scriptoria", "--seats", "human,random", "--seed", "4"], input=typed)
    _clean(result)
    assert "Game left before its end" in result.output
    assert "[/]" in result.output  # shown as typed, not read as markup


def test_replay_of_a_log_with_an_illegal_action_or_a_bad_seed(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    assert runner.invoke(app, ["play", "scriptoria", "--seats", "random,random", "--seed", "5",
                               "--save", "ok.json"]).exit_code == 0
    good = json.loads((tmp_path / "ok.json").read_text())
    for field, value in [("actions", [*good["actions"][:3], "bogus:[/]"]), ("seed", "abc"), ("seed", 1.5),
                         ("seed", "9" * 5000), ("players", 1e300)]:
        bad = {**good, field: value}
        (tmp_path / "bad.json").write_text(json.dumps(bad))
        result = runner.invoke(app, ["replay", "bad.json"])
        _clean(result)
        assert result.exit_code == 2 and "error" in result.output
    result = runner.invoke(app, ["replay", "ok.json", "--seat", "7"])
    assert result.exit_code == 2 and "no seat 7" in result.output


def test_output_paths_are_checked_before_any_game_and_never_overwritten(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "taken.json").write_text("a game someone kept")
    for args in (["play", "scriptoria", "--seats", "random,random", "--save", str(tmp_path)],
                 ["play", "scriptoria", "--seats", "random,random", "--save", "taken.json"],
                 ["play", "scriptoria", "--seats", "random,random", "--save", "no/such/folder/g.json"],
                 ["simulate", "scriptoria", "--games", "1", "--out", str(tmp_path)],
                 ["simulate", "scriptoria", "--games", "1", "--out", "taken.json"],
                 ["arena", "scriptoria", "--games", "1", "--agents", "random,greedy", "--out", str(tmp_path)],
                 ["arena", "scriptoria", "--games", "1", "--agents", "random,greedy", "--out", "taken.json"]):
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and "error:" in result.output, args
        assert "Day 1" not in result.output  # refused before the game started
    assert (tmp_path / "taken.json").read_text() == "a game someone kept"
    result = runner.invoke(app, ["simulate", "scriptoria", "--games", "1", "--out", "taken.json", "--force"])
    assert result.exit_code == 0 and json.loads((tmp_path / "taken.json").read_text())["game"] == "scriptoria"


@pytest.mark.parametrize("agents", ["greedy", "random,random", ","])
def test_an_arena_of_fewer_than_two_agents_is_refused(agents):
    result = runner.invoke(app, ["arena", "scriptoria", "--games", "1", "--agents", agents])
    assert result.exit_code == 2 and "at least two different agents" in result.output


def test_version():
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0 and result.output.startswith("inkhorn ")


def test_play_without_a_seed_deals_a_new_game_and_never_overwrites_a_log(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    first = runner.invoke(app, ["play", "scriptoria", "--seats", "random,random"])
    second = runner.invoke(app, ["play", "scriptoria", "--seats", "random,random", "--seed", "7"])
    third = runner.invoke(app, ["play", "scriptoria", "--seats", "random,random", "--seed", "7"])
    assert first.exit_code == second.exit_code == third.exit_code == 0
    logs = sorted(p.name for p in tmp_path.glob("inkhorn-scriptoria-*.json"))
    assert "inkhorn-scriptoria-seed7.json" in logs and "inkhorn-scriptoria-seed7-2.json" in logs
    assert len(logs) == 3
    fixed = {"inkhorn-scriptoria-seed7.json", "inkhorn-scriptoria-seed7-2.json"}
    seed = next(json.loads((tmp_path / n).read_text())["seed"] for n in logs if n not in fixed)
    assert f"seed {seed}" in first.output


def test_an_agents_unknown_option_names_the_agents_options():
    result = runner.invoke(app, ["play", "scriptoria", "--seats", "random,mcts:foo=1"])
    assert result.exit_code == 2
    assert "options of the mcts agent" in result.output and "iters" in result.output


@pytest.mark.parametrize("game", ["scriptoria", "verse_variant", "manuscript", "novelist", "ancients"])
def test_simulate_prints_game_length_figures_for_every_game_in_plain_numbers(game):
    result = runner.invoke(app, ["simulate", game, "--games", "2", "--agents", "random"])
    assert result.exit_code == 0, result.output[-500:]
    figures = result.output.split("Per game")[1]
    assert any(word in figures for word in ("rounds", "days", "sessions"))
    assert "e+0" not in result.output and "stats: {}" not in result.output


@pytest.mark.parametrize("typed", ["x" * 10_000, "place:B53" + "x" * 10_000])
def test_a_huge_line_at_the_prompt_is_refused_and_not_echoed_in_full(tmp_path, monkeypatch, typed):
    monkeypatch.chdir(tmp_path)
    result = runner.invoke(app, ["play", "scriptoria", "--seats", "human,random", "--seed", "4"],
                           input=f"{typed}\nquit\n")
    _clean(result)
    assert "Game left before its end" in result.output
    assert "x" * 300 not in result.output and "characters" in result.output
