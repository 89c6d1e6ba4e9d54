"""The code passes its linter and its type checker (``ruff check`` and ``mypy``, configured in
``pyproject.toml``), so the test command is the one gate a change goes through."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], cwd=ROOT, capture_output=True, text=True, timeout=900)


def test_ruff_finds_nothing():
    done = run("ruff", "check", "--output-format", "concise", ".")
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]


def test_mypy_finds_nothing():
    done = run("mypy")
    assert done.returncode == 0, done.stdout[-5000:] + done.stderr[-2000:]
