"""Bots that work for every game, and the lookup of bots by name."""

from aerodeck.agents.random_agent import RandomAgent
from aerodeck.agents.registry import agent_names, make_agent

__all__ = ["RandomAgent", "agent_names", "make_agent"]
