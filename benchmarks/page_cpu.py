"""What the table page costs chromium per move: two people play a whole game of each game by
clicking (two browser contexts, reduced motion, seeded random legal moves, the browser tests'
harness; Race to Ace's third seat a random bot), and the CPU the pages' renderer processes used
is read from /proc.

    .venv/bin/python -m benchmarks.page_cpu [--short] [--json out.json] [game ...]

A real server on 127.0.0.1 (deals seeded: the same games every run) and Debian's chromium
headless shell. Numbers go in docs/browser.md, "What a move costs the page"; Linux only (/proc).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from pathlib import Path
from typing import Any

from scripts.shot_site import site
from tests.browser.people import Person, play_to_end
from tests.browser.test_table_pages import GAMES as WHOLE_GAMES

GAMES = ("race_to_ace", "ace_race", "aces_versus_aces", "air_racing", "down_in_flames")
PLAYERS = {"race_to_ace": 3}  # its fewest; the third seat a random bot
# --short: the options that keep the browser tests' whole games short
SHORT = {game: options for game, _, _, options in WHOLE_GAMES.values()}
TICK = os.sysconf("SC_CLK_TCK")


def renderer_seconds() -> float:
    """CPU seconds (user + system) of every chromium renderer process now running."""
    total = 0.0
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            command = Path(f"/proc/{pid}/cmdline").read_bytes().replace(b"\0", b" ")
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:  # gone meanwhile
            continue
        if b"chromium" in command and b"--type=renderer" in command:
            total += (int(fields[11]) + int(fields[12])) / TICK
    return total


def one_game(browser: Any, base: str, game: str, options: dict[str, Any]) -> dict[str, Any]:
    ann = Person(browser, base, seed=1, reduced_motion="reduce")
    bea = Person(browser, base, seed=2, reduced_motion="reduce")
    links = ann.create(game, PLAYERS.get(game, 2), [0, 1], options, bot="random")
    bea.accept(links[1], "bea")
    before, started = renderer_seconds(), time.perf_counter()
    moves = play_to_end([ann, bea])
    cpu, wall = renderer_seconds() - before, time.perf_counter() - started
    events = ann.page.evaluate("window.aerodeck.state.events.length")
    for person in (ann, bea):
        person.close()
    return {
        "game": game,
        "moves": moves,
        "log_lines": events,
        "renderer_cpu_s": round(cpu, 2),
        "renderer_cpu_ms_per_move": round(1000 * cpu / moves, 1),
        "wall_s": round(wall, 1),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", help=f"some of {', '.join(GAMES)} (all by default)")
    parser.add_argument("--short", action="store_true", help="the browser tests' short games")
    parser.add_argument("--json", type=Path, help="write the rows here")
    args = parser.parse_args(argv)
    unknown = sorted(set(args.games) - set(GAMES))
    if unknown:
        parser.error(f"no such game: {', '.join(unknown)} (the games: {', '.join(GAMES)})")
    rows = []
    with site() as (server, browser):
        for game in args.games or GAMES:
            row = one_game(browser, server.base, game, SHORT[game] if args.short else {})
            rows.append(row)
            print(
                f"{game:18} {row['moves']:4} moves {row['log_lines']:4} log lines "
                f"{row['renderer_cpu_ms_per_move']:6.1f} ms of renderer CPU a move "
                f"({row['renderer_cpu_s']} s, {row['wall_s']} s wall)",
                flush=True,
            )
    if args.json:
        args.json.write_text(json.dumps(rows, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
