"""Agents by name: ``make_agent("greedy", seed)``, ``make_agent("mcts:iters=2000", seed)``."""

from __future__ import annotations

from inkhorn.agents.base import Agent
from inkhorn.agents.greedy import GreedyAgent
from inkhorn.agents.mcts import MCTSAgent
from inkhorn.agents.random_agent import RandomAgent
from inkhorn.core.errors import AgentError, OptionError, clip
from inkhorn.core.options import parse_key_values

# The bot a person plays against unless they choose another: searched, and never more than
# about a second a move (bench/bot_time.py measures how closely it keeps to that).
DEFAULT_BOT = "mcts:time=1"

AGENTS: dict[str, type[Agent]] = {
    RandomAgent.name: RandomAgent,
    GreedyAgent.name: GreedyAgent,
    MCTSAgent.name: MCTSAgent,
}


def split_agents(text: str) -> list[str]:
    """Agent specs from one comma-separated text, as the command line takes them: a piece
    with ``=`` and no agent name before it (``depth=3``) is one more parameter of the agent
    before it, so ``"mcts:iters=300,depth=3,greedy"`` is two agents."""
    specs: list[str] = []
    for piece in (p.strip() for p in text.split(",")):
        if not piece:
            continue
        if specs and "=" in piece and ":" not in piece.partition("=")[0]:
            specs[-1] += "," + piece
        else:
            specs.append(piece)
    return specs


def make_agent(spec: str, seed: int = 0) -> Agent:
    name, _, params = spec.strip().partition(":")
    cls = AGENTS.get(name)
    if cls is None:
        raise AgentError(f"unknown agent {clip(name)}; agents: {', '.join(sorted(AGENTS))}")
    try:
        values = parse_key_values(p for p in params.split(",") if p.strip())
        return cls(seed, values)
    except OptionError as exc:
        raise AgentError(f"agent {name}: {exc}") from None


__all__ = ["AGENTS", "DEFAULT_BOT", "Agent", "make_agent", "split_agents"]
