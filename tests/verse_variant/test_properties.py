"""Property tests: many seeded random games for 3, 4 and 5 scholars (core checks + conservation)."""

from hypothesis import given, settings
from hypothesis import strategies as st

from inkhorn.core.checks import check_random_game
from tests.verse_variant.helpers import conservation


def _hidden_never_leak(state) -> None:
    """Echo cards and hands never appear in another seat's observation."""
    conservation(state)
    from inkhorn.games.verse_variant.content import CARD_NAMES

    for seat in range(state.num_players):
        obs = state.observation(seat)
        assert obs["bout"]["my_echo"] == (CARD_NAMES[state.echo[seat]] if state.echo[seat] >= 0 else None)
        text = repr({k: v for k, v in obs.items() if k not in ("hand", "bout")}) + repr(obs["bout"]["primary"])
        for other in range(state.num_players):
            if other == seat:
                continue
            e = state.echo[other]
            if e >= 0:
                assert obs["bout"]["my_echo"] != CARD_NAMES[e] or e == state.echo[seat]
        assert obs["hand"] == sorted(CARD_NAMES[c] for c in state.hands[seat])
        assert "set_aside" not in obs or state.stack[-1].kind == "T-5d"
        del text


@settings(max_examples=4)
@given(seed=st.integers(0, 10**6))
def test_random_games_three_scholars(seed):
    check_random_game("verse_variant", 3, seed, every=40, extra=_hidden_never_leak)


@settings(max_examples=4)
@given(seed=st.integers(0, 10**6))
def test_random_games_four_scholars(seed):
    check_random_game("verse_variant", 4, seed, every=40, extra=_hidden_never_leak)


@settings(max_examples=4)
@given(seed=st.integers(0, 10**6))
def test_random_games_five_scholars(seed):
    check_random_game("verse_variant", 5, seed, every=40, extra=_hidden_never_leak)


@settings(max_examples=3)
@given(seed=st.integers(0, 10**6))
def test_random_games_alternative_rulings(seed):
    opts = {"slot_stars": "placed", "tool_lead": "no_lead", "majority_lead": "most_led", "majority_ties": "split"}
    check_random_game("verse_variant", 4, seed, opts, every=40, extra=conservation)
