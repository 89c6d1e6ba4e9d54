import pytest

from inkhorn.agents import make_agent
from inkhorn.core import AgentError
from inkhorn.match import play_match


def test_unknown_agent_lists_the_agents():
    with pytest.raises(AgentError, match="unknown agent 'wizard'.*greedy.*random"):
        make_agent("wizard")


def test_bad_agent_parameter_is_named():
    with pytest.raises(AgentError, match="max_candidates"):
        make_agent("greedy:max_candidates=0")
    with pytest.raises(AgentError, match="unknown option 'depth'"):
        make_agent("greedy:depth=3")


def test_agent_spec_round_trips():
    assert make_agent("greedy:max_candidates=5").spec() == "greedy:max_candidates=5"
    assert make_agent("random").spec() == "random"


def test_match_is_reproducible_from_its_seed(sealed):
    a = play_match("sealed_bids", ["greedy", "random", "random"], seed=11)
    b = play_match("sealed_bids", ["greedy", "random", "random"], seed=11)
    assert a.actions == b.actions and a.scores == b.scores
    assert a.decisions == 9 and a.winners


def test_a_game_that_does_not_end_is_an_error_not_a_hang(sealed):
    from inkhorn.core import InkhornError

    with pytest.raises(InkhornError, match="sealed_bids seed 2 .* did not end within 4 decisions"):
        play_match("sealed_bids", ["random", "random"], seed=2, max_decisions=4)
