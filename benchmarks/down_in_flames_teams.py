"""Team play in Down In Flames: Locked-On: the heuristic bot's side against random players.

Run: .venv/bin/python benchmarks/down_in_flames_teams.py [games] [seed] [players] [option=value ...]
Seats of side 0 (even seats) are heuristic in even games, the odd seats in odd games; prints the
heuristic side's wins, draws and losses (a shared win counts as a draw).
"""

from __future__ import annotations

import sys

import aerodeck
from aerodeck.agents import RandomAgent
from aerodeck.core.api import Agent
from aerodeck.core.rng import derive_seed
from aerodeck.games.down_in_flames.bot import HeuristicBot
from aerodeck.sim.match import play


def main(games: int = 200, seed: int = 1, players: int = 3, **options: str) -> None:
    game = aerodeck.make("down_in_flames", players=players, **options)
    wins = draws = losses = 0
    for number in range(games):
        side = number % 2
        agents: list[Agent] = []
        for seat in range(players):
            agent_seed = derive_seed(seed, number, seat)
            if seat % 2 == side:
                agents.append(HeuristicBot(game, agent_seed))  # type: ignore[arg-type]
            else:
                agents.append(RandomAgent(game, agent_seed))
        state = play(game.new_game(seed=derive_seed(seed, number)), agents)
        share = sum(state.returns()[s] for s in range(players) if s % 2 == side)
        wins += share == 1.0
        losses += share == 0.0
        draws += 0.0 < share < 1.0
    print(
        f"heuristic side vs random side, {players} players {options}, {games} games, seed {seed}:"
    )
    print(f"  {wins} wins, {draws} draws, {losses} losses")


if __name__ == "__main__":
    numbers = [int(a) for a in sys.argv[1:] if "=" not in a]
    main(*numbers, **dict(a.split("=", 1) for a in sys.argv[1:] if "=" in a))
