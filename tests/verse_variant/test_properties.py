"""Property tests: many seeded random games for 3, 4 and 5 scholars (core checks + conservation)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import check_random_game
from inkhorn.games import get_game
from tests.verse_variant.helpers import conservation


def _hidden_never_leak(state) -> None:
    """Conservation, and no card of another scholar's hand or face-down echo appears in a
    seat's observation (nor in the public one)."""
    import json

    from inkhorn.games.verse_variant.content import CARD_NAMES

    conservation(state)
    for seat in [None, *range(state.num_players)]:
        text = json.dumps(state.observation(seat))
        for other in range(state.num_players):
            if other == seat:
                continue
            secret = [*state.hands[other], *([state.echo[other]] if state.echo[other] >= 0 else [])]
            for c in secret:
                assert f'"{CARD_NAMES[c]}"' not in text, f"{CARD_NAMES[c]} of seat {other} leaks to {seat}"


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6))
def test_random_games_three_scholars(seed):
    check_random_game(get_game("verse_variant"), 3, seed, every=20, extra=_hidden_never_leak)


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6))
def test_random_games_four_scholars(seed):
    check_random_game(get_game("verse_variant"), 4, seed, every=20, extra=_hidden_never_leak)


@settings(max_examples=8)
@given(seed=st.integers(0, 10**6))
def test_random_games_five_scholars(seed):
    check_random_game(get_game("verse_variant"), 5, seed, every=20, extra=_hidden_never_leak)


@settings(max_examples=3)
@given(seed=st.integers(0, 10**6))
def test_random_games_alternative_rulings(seed):
    opts = {"slot_stars": "placed", "tool_lead": "no_lead", "majority_lead": "most_led", "majority_ties": "split", "tool_follow": "tools_free"}
    check_random_game(get_game("verse_variant"), 4, seed, opts, every=20, extra=conservation)
