"""The list of planted rule errors (``tests/mutants.toml``) stays true to the code: every
change still applies to exactly one place, changes something, and names a rulebook clause."""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from tests.mutants import GAMES, load

CLAUSES = Path(__file__).parent / "clauses"


def clause_ids(game: str) -> set[str]:
    return set(tomllib.loads((CLAUSES / f"{game}.toml").read_text(encoding="utf-8"))["clauses"])


@pytest.mark.parametrize("mutant", load(), ids=lambda m: f"{m.game}: {m.what}")
def test_each_planted_change_applies_once_and_names_a_clause(mutant):
    assert mutant.game in GAMES
    assert mutant.source().count(mutant.find) == 1, f"{mutant.file} no longer holds {mutant.find!r} exactly once"
    assert mutant.replace != mutant.find
    assert mutant.rule in clause_ids(mutant.game), f"{mutant.rule!r} is no clause of {mutant.game}"
