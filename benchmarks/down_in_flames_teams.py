"""Down In Flames: Locked-On with several aircraft: the heuristic bot's side against random
players, or against another revision's heuristic bot (an A/B of a change to ``bot.py``).

Run: .venv/bin/python benchmarks/down_in_flames_teams.py [games] [seed] [players] [option=value ...]
     [against=FILE]
Seats of side 0 (even seats) are heuristic in even games, the odd seats in odd games (in a
free-for-all of three, two seats and one seat in turn, so an even match scores 0.5); prints the
heuristic side's wins, draws and losses (a shared win counts as a draw) and its score (its share
of the wins) with a 95% Wilson interval. ``against=FILE``: the other side flies the HeuristicBot
of that file instead of random, for instance main's:
``git show main:src/aerodeck/games/down_in_flames/bot.py > /tmp/main_bot.py``.

Backs: docs/bots.md, "Down In Flames with several aircraft": the heuristic side's scores.
"""

from __future__ import annotations

import runpy
import sys

import aerodeck
from aerodeck.agents import RandomAgent
from aerodeck.core.api import Agent, AgentFactory
from aerodeck.core.rng import derive_seed
from aerodeck.games.down_in_flames.bot import HeuristicBot
from aerodeck.sim.match import play
from aerodeck.sim.stats import wilson


def main(games: int = 200, seed: int = 1, players: int = 3, **options: str) -> None:
    against = options.pop("against", "")
    other: AgentFactory = runpy.run_path(against)["HeuristicBot"] if against else RandomAgent
    heuristic: AgentFactory = HeuristicBot
    game = aerodeck.make("down_in_flames", players=players, **options)
    wins = draws = losses = 0
    score = 0.0
    for number in range(games):
        side = number % 2
        agents: list[Agent] = []
        for seat in range(players):
            agent_seed = derive_seed(seed, number, seat)
            mine = seat % 2 == side
            agents.append((heuristic if mine else other)(game, agent_seed))
        state = play(game.new_game(seed=derive_seed(seed, number)), agents)
        share = sum(state.returns()[s] for s in range(players) if s % 2 == side)
        score += share
        wins += share == 1.0
        losses += share == 0.0
        draws += 0.0 < share < 1.0
    versus = against or "random"
    print(
        f"heuristic side vs {versus} side, {players} players {options}, {games} games, seed {seed}:"
    )
    print(f"  {wins} wins, {draws} draws, {losses} losses; score {wilson(score, games)}")


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:] if "=" not in a]
    main(*numbers, **dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a))
