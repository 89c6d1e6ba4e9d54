"""Running the lab as its users do (the ``inkhorn lab`` command) from the tests."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
LAB = [sys.executable, "-c", "from inkhorn.cli import app; app()", "lab"]


def lab(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([*LAB, *args], cwd=ROOT, capture_output=True, text=True, timeout=600)


COIN = """
game = "tests.lab.coin_game:COIN"
players = [2]
agents = ["random", "greedy"]
games = 400
[variants.salted]
salt = 1
[variants.planted]
bonus = 10
"""
