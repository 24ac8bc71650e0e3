"""Pure Python against the mypyc-compiled build (issue 9), back to back, game by game.

    make bench-compiled        # builds build/compiled if needed, then runs this
    .venv/bin/python benchmarks/compiled.py [--seconds 3] [--states 30] [--json out.json] [game ...]

Each game is measured twice in a row, in two fresh child processes of the same interpreter: once
on the sources and once with the compiled copy first on ``PYTHONPATH`` (``scripts/
build_compiled.py``), alternating which goes first from game to game so a change of load hurts
both alike. Per game and player count: random-playout decisions/s and the per-call cost of clone,
legal_actions, apply and view (best of five rounds, as ``benchmarks/peers.py``); then ISMCTS
simulated decisions/s per game (``peers.ours_ismcts``). The load average is printed before and
after.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
COMPILED = ROOT / "build" / "compiled" / "src"

if __package__ in (None, ""):  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(ROOT))

Row = dict[str, Any]


def compiled_modules_loaded() -> list[str]:
    """The aerodeck modules imported from a compiled extension (empty on the sources)."""
    return sorted(
        name
        for name, module in sys.modules.items()
        if name.startswith("aerodeck") and str(getattr(module, "__file__", "")).endswith(".so")
    )


def child(kind: str, game_id: str, seconds: float, states: int, iterations: int) -> list[Row]:
    """Runs in the child: one game's rows on whichever aerodeck is first on the path."""
    import aerodeck  # noqa: PLC0415 - imported after the parent chose the path
    from benchmarks.peers import ours_ismcts, per_call_best  # noqa: PLC0415
    from benchmarks.playouts import mid_game_states, playouts  # noqa: PLC0415

    rows: list[Row] = []
    if kind == "playouts":
        info = next(i for i in aerodeck.list_games() if i.id == game_id)
        for players in info.player_counts:
            row: Row = {"name": game_id, "players": players}
            row.update(playouts(game_id, players, seconds))
            row.update(per_call_best(mid_game_states(game_id, players, states)))
            rows.append(row)
    else:
        rows = [r for r in ours_ismcts(iterations, 4) if r["name"] == game_id or game_id == "all"]
    compiled = compiled_modules_loaded()
    for row in rows:
        row["compiled_modules"] = len(compiled)
    return rows


def run_child(build: str, kind: str, game_id: str, args: argparse.Namespace) -> list[Row]:
    env = dict(os.environ)
    if build == "compiled":
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(COMPILED), env.get("PYTHONPATH")]))
    command = [sys.executable, str(Path(__file__).resolve()), "--child", kind, game_id]
    command += ["--seconds", str(args.seconds), "--states", str(args.states)]
    command += ["--iterations", str(args.iterations)]
    done = subprocess.run(command, env=env, capture_output=True, text=True, check=True)
    rows: list[Row] = json.loads(done.stdout.strip().splitlines()[-1])
    if build == "compiled" and not all(r["compiled_modules"] for r in rows):
        raise SystemExit(f"no compiled module was imported from {COMPILED}: build it first")
    if build == "pure" and any(r["compiled_modules"] for r in rows):
        raise SystemExit("the pure run imported compiled modules: is PYTHONPATH set?")
    for row in rows:
        row["build"] = build
    return rows


def _pure_and_compiled(
    kind: str, games: list[str], args: argparse.Namespace, per_call: bool
) -> list[dict[str, Any]]:
    """Each game on both builds back to back (which goes first alternates), printed as it comes;
    rows carry ``x_pure``, their decisions/s over the pure build's."""
    rows: list[dict[str, Any]] = []
    for k, game_id in enumerate(games):
        order = ("pure", "compiled") if k % 2 == 0 else ("compiled", "pure")
        runs = {build: run_child(build, kind, game_id, args) for build in order}
        for pure, comp in zip(runs["pure"], runs["compiled"], strict=True):
            for row in (pure, comp):
                row["x_pure"] = row["decisions_per_s"] / pure["decisions_per_s"]
                rows.append(row)
                line = (
                    f"{row['name']:18} {row['players']:>2} {row['build']:9} "
                    f"{row['decisions_per_s']:>12,.0f} {row['x_pure']:>7.2f}"
                )
                if per_call:
                    line += (
                        f" {row['clone_us']:>9.2f} {row['legal_actions_us']:>9.2f}"
                        f" {row['apply_us']:>9.2f} {row['view_us']:>9.2f}"
                    )
                print(line, flush=True)
    return rows


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=3.0, help="playout time per row")
    parser.add_argument("--states", type=int, default=30, help="mid-game states for per-call times")
    parser.add_argument("--iterations", type=int, default=300, help="ISMCTS iterations per search")
    parser.add_argument("--skip-ismcts", action="store_true", help="random playouts only")
    parser.add_argument("--skip-playouts", action="store_true", help="ISMCTS only")
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--child", nargs=2, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        kind, game_id = args.child
        print(json.dumps(child(kind, game_id, args.seconds, args.states, args.iterations)))
        return {}
    import aerodeck  # noqa: PLC0415 - the parent only lists the games

    games = [i.id for i in aerodeck.list_games() if not args.games or i.id in args.games]
    result: dict[str, Any] = {"load_start": os.getloadavg(), "playouts": [], "ismcts": []}
    started = time.time()
    print(f"load average at start: {result['load_start']}")
    header = f"{'game':18} {'n':>2} {'build':9} {'decisions/s':>12} {'x pure':>7}"
    print(header + f" {'clone us':>9} {'legal us':>9} {'apply us':>9} {'view us':>9}")
    if not args.skip_playouts:
        result["playouts"] = _pure_and_compiled("playouts", games, args, per_call=True)
    if not args.skip_ismcts:
        print(f"\n{'ISMCTS':18} {'n':>2} {'build':9} {'sim dec/s':>12} {'x pure':>7}")
        result["ismcts"] = _pure_and_compiled("ismcts", games, args, per_call=False)
    result["load_end"] = os.getloadavg()
    result["wall_seconds"] = time.time() - started
    print(f"load average at end: {result['load_end']}; {result['wall_seconds']:.0f} s")
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
