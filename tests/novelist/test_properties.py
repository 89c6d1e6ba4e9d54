"""Seeded random games for every player count and variant: they end, conserve cards and
tokens, keep hands and deck order out of other seats' observations, replay and round-trip."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import check_random_game
from inkhorn.games import get_game
from tests.novelist.helpers import check_conservation

VARIANTS = {
    "base": {},
    "awards+adverts": {"awards": True, "adverts": True},
    "passive-powers": {"powers": "passive"},
    "aggressive-powers": {"powers": "aggressive"},
    "events": {"events": True},
    "digital-rules": {"flush_rule": "digital", "discard_oldest": True},
    "coop-hack": {"coop": "penny-hack"},
    "coop-gossip": {"coop": "gossip-sheet", "events": True, "powers": "aggressive"},
    "everything": {"awards": True, "adverts": True, "powers": "passive", "events": True},
}


@pytest.mark.parametrize("players", [2, 3, 4, 5])
@given(seed=st.integers(0, 10**6))
@settings(max_examples=8)
def test_random_games_all_player_counts(players, seed):
    check_random_game(get_game("novelist"), players, seed, {}, every=60, extra=check_conservation)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@given(seed=st.integers(0, 10**6))
@settings(max_examples=8)
def test_random_games_each_variant(variant, seed):
    options = VARIANTS[variant]
    players = 1 + seed % 5 if options.get("coop") else 2 + seed % 4
    check_random_game(get_game("novelist"), players, seed, options, every=60, extra=check_conservation)


@given(seed=st.integers(0, 10**6))
@settings(max_examples=2)
def test_random_solo_coop(seed):
    check_random_game(get_game("novelist"), 1, seed, {"coop": "penny-hack", "awards": True}, every=30,
                      extra=check_conservation)
