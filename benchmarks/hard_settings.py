"""Try settings of the hard level against a bot before putting them in a game's
``search_settings``: the same seeds and seats as ``aerodeck simulate --bots hard,heuristic``
(game ``i`` seeded ``derive_seed(seed, i)``, the searcher in seat ``i % 2``), two players, 95%
Wilson interval.

    .venv/bin/python -m benchmarks.hard_settings race_to_ace \
        '{"worlds": 64, "horizon": 16, "deviation_z": 0.5}' --games 80 --jobs 2

The settings are ``core.search.SearchSettings`` fields (``{"ismcts": 16}`` for the guided ISMCTS).
docs/results/hard-exploration.json holds what was tried this way, docs/bots.md reads it.
"""

from __future__ import annotations

import argparse
import json
import time
from collections.abc import Sequence
from multiprocessing import Pool
from typing import Any

from aerodeck.agents.levels import searcher
from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Action, Agent, Observation
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.core.search import SearchSettings
from aerodeck.sim.match import play
from aerodeck.sim.stats import wilson
from benchmarks.strength import PLAYERS, options_for


class _Timed:
    """A bot whose decisions with a choice are timed (CPU time of this process)."""

    def __init__(self, agent: Agent) -> None:
        self.agent, self.name = agent, agent.name
        self.seconds, self.decisions, self.slowest = 0.0, 0, 0.0

    def choose(self, observation: Observation) -> Action:
        started = time.process_time()
        action = self.agent.choose(observation)
        if len(observation.legal_actions) > 1:
            spent = time.process_time() - started
            self.seconds += spent
            self.decisions += 1
            self.slowest = max(self.slowest, spent)
        return action


def one_game(
    job: tuple[str, dict[str, Any], str, int, int],
) -> tuple[float, float, int, float]:
    """Game ``index``: the searcher's return, its CPU seconds, decisions and slowest decision."""
    game_id, settings, opponent, seed, index = job
    game = make(game_id, PLAYERS, **options_for(game_id))
    game_seed = derive_seed(seed, index)
    mine = index % PLAYERS
    chosen = SearchSettings(**settings)
    timed = _Timed(searcher(chosen, game, derive_seed(game_seed, "bot", mine), "hard"))
    other = make_agent(opponent, game, derive_seed(game_seed, "bot", 1 - mine))
    agents: list[Agent] = [other, other]
    agents[mine] = timed
    state = game.new_game(seed=game_seed).mute_events()
    play(state, agents)
    return state.returns()[mine], timed.seconds, timed.decisions, timed.slowest


def main(argv: Sequence[str] | None = None) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("settings", help="core.search.SearchSettings fields, as JSON")
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--against", default="heuristic")
    parser.add_argument("--seed", type=int, default=8)
    parser.add_argument("--first", type=int, default=0, help="the first game's index")
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args(argv)
    settings = json.loads(args.settings)
    games_run = range(args.first, args.first + args.games)
    jobs = [(args.game, settings, args.against, args.seed, i) for i in games_run]
    with Pool(args.jobs) as pool:
        games = pool.map(one_game, jobs, chunksize=1)
    share = wilson(sum(g[0] for g in games), len(games))
    decisions = sum(g[2] for g in games)
    result = {
        "game": args.game,
        "settings": settings,
        "opponent": args.against,
        "games": len(games),
        "first": args.first,
        "win_share": share.as_dict(),
        "cpu_ms_a_move": 1000 * sum(g[1] for g in games) / max(1, decisions),
        "cpu_ms_max": 1000 * max((g[3] for g in games), default=0.0),
    }
    print(json.dumps(result))
    return result


if __name__ == "__main__":
    main()
