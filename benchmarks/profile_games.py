"""Where the time goes: cProfile of random playouts and of one ISMCTS search, per game.

    .venv/bin/python benchmarks/profile_games.py [--playouts 50] [--iterations 300] [--top 12]

For each game at its default table: ``--playouts`` uniform-random playouts (one playout is too
short for stable shares), then one ISMCTS search of ``--iterations`` from a mid-game decision
point. Prints the functions with the most own time (tottime), as a share of the profiled total.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import sys
from pathlib import Path

if __package__ in (None, ""):  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aerodeck
from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.core.api import Game, State
from aerodeck.sim.runner import SimSpec, play_one


def random_playouts(game: Game, count: int) -> None:
    rng = random.Random(1)
    for seed in range(count):
        state = game.new_game(seed=seed)
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))


def decision_point(game: Game) -> State:
    """Halfway through a random game, at a point with more than one legal action."""
    for seed in range(100):
        rng = random.Random(seed)
        state = game.new_game(seed=seed)
        trail = []
        while not state.is_terminal:
            if len(state.legal_actions()) > 1:
                trail.append(state.clone())
            state.apply_unchecked(rng.choice(state.legal_actions()))
        if trail:
            return trail[len(trail) // 2]
    raise RuntimeError(f"{game.info.title}: no decision point with a choice")


def report(profile: cProfile.Profile, title: str, top: int) -> str:
    stats = pstats.Stats(profile)
    entries = stats.stats  # type: ignore[attr-defined]
    total = sum(row[2] for row in entries.values()) or 1.0
    ranked = sorted(entries.items(), key=lambda item: item[1][2], reverse=True)[:top]
    lines = [f"## {title}: {total:.3f} s profiled"]
    for (path, line, function), (_, calls, own, cumulative, _) in ranked:
        where = f"{Path(path).parent.name}/{Path(path).name}:{line}" if line else path
        lines.append(
            f"  {own / total:6.1%} own {cumulative / total:6.1%} cum {calls:>9,} calls  "
            f"{function} ({where})"
        )
    return "\n".join(lines)


def main(argv: list[str]) -> str:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--playouts", type=int, default=50)
    parser.add_argument("--iterations", type=int, default=300)
    parser.add_argument("--top", type=int, default=12)
    args = parser.parse_args(argv)
    sections = []
    for info in aerodeck.list_games():
        if args.games and info.id not in args.games:
            continue
        game = aerodeck.make(info.id)
        profile = cProfile.Profile()
        profile.runcall(random_playouts, game, args.playouts)
        sections.append(
            report(profile, f"{info.id} {game.players}p, {args.playouts} random playouts", args.top)
        )
        state = decision_point(game)
        seat = state.current_player
        assert seat is not None
        agent = IsmctsAgent(game, seed=1, iterations=args.iterations)
        observation = state.observation(seat)
        profile = cProfile.Profile()
        profile.runcall(agent.choose, observation)
        title = f"{info.id} {game.players}p, one ISMCTS search of {args.iterations} iterations"
        sections.append(report(profile, title, args.top))
        spec = SimSpec(info.id, game.players, ("random",), args.playouts, seed=1)
        profile = cProfile.Profile()
        profile.runcall(lambda spec=spec: [play_one(spec, i) for i in range(spec.games)])
        title = (
            f"{info.id} {game.players}p, {args.playouts} simulator games (play_one), random bots"
        )
        sections.append(report(profile, title, args.top))
        print(*sections[-3:], sep="\n", flush=True)
    return "\n".join(sections)


if __name__ == "__main__":
    main(sys.argv[1:])
