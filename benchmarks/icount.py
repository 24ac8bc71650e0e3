"""Random playouts in instructions per decision (docs/performance.md, *Race to Ace, the fourth
round* and *Down In Flames with several aircraft, the fifth round*): load-independent, so an A/B
on a shared machine is one run of each tree.

Under valgrind's ``cachegrind`` (``PYTHONHASHSEED=0``: string hashing otherwise moves counts by a
few percent) the script plays ``--warm`` seeded random games, then ``--games`` more, muted, with
the loop of ``benchmarks/playouts.py``; the same run without the measured games is subtracted, so
the interpreter's start-up, the imports and the warm-up drop out. It also prints a hash of every
legal list and the returns of the measured games: two trees that count the same games print the
same hash.

``--game uno`` counts RLCard's bare ``UnoGame`` the same way, with the loop of
``benchmarks.peers.rlcard_uno`` (a machine-independent peer figure; needs RLCard, as in
``benchmarks/.venv-peers``).

Usage: ``python -m benchmarks.icount [--game race_to_ace] [--players 2 3 4 5] [--warm 300]
[--games 150]`` (needs valgrind); ``--inner`` plays the games once without valgrind (what
valgrind runs).
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import random
import re
import subprocess
import sys
import tempfile
from collections.abc import Callable
from typing import Any

import aerodeck
from aerodeck.core.api import Game


def _warm_up(game: Game, warm: int) -> None:
    """Seeded random games before the measured ones (imports, caches and interning done)."""
    rng = random.Random(1)
    for seed in range(10_000, 10_000 + warm):
        state = game.new_game(seed=seed).mute_events()
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))


def _uno_game(players: int, warm: int) -> tuple[Any, Callable[[int], Any]]:
    """RLCard's bare ``UnoGame`` after ``warm`` seeded random games (the loop of
    ``benchmarks.peers.rlcard_uno``), and numpy's ``RandomState`` that seeds each game."""
    import numpy as np  # noqa: PLC0415 - optional peer
    from rlcard.games.uno.game import UnoGame  # type: ignore[import-not-found]  # noqa: PLC0415

    game = UnoGame(num_players=players)
    rng = random.Random(1)
    for seed in range(10_000, 10_000 + warm):
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
    return game, np.random.RandomState


def play_uno(players: int, warm: int, games: int, hashed: bool = True) -> tuple[int, str]:
    """``play`` (``play_bare`` unless ``hashed``) on RLCard's UNO: the legal lists and the
    payoffs of the measured games hashed. Unhashed it counts 109,450 instructions a decision
    where a loop without the test and the payoffs' hash counted 109,186 (+0.24 %)."""
    game, seeded = _uno_game(players, warm)
    digest = hashlib.sha256()
    decisions = 0
    rng = random.Random(2)
    for seed in range(games):
        game.np_random = seeded(seed)
        game.init_game()
        while not game.is_over():
            legal = game.get_legal_actions()
            if hashed:
                digest.update(" ".join(map(str, legal)).encode())
            game.step(rng.choice(legal))
            decisions += 1
        digest.update(repr(game.get_payoffs()).encode())
    return decisions, digest.hexdigest()[:16]


def play(game_id: str, players: int, warm: int, games: int) -> tuple[int, str]:
    """``warm`` games, then ``games`` measured ones: (decisions measured, hash of their course)."""
    if game_id == "uno":
        return play_uno(players, warm, games)
    game = aerodeck.make(game_id, players=players)
    _warm_up(game, warm)
    digest = hashlib.sha256()
    decisions = 0
    rng = random.Random(2)
    for seed in range(games):
        state = game.new_game(seed=seed).mute_events()
        while not state.is_terminal:
            legal = state.legal_actions()
            digest.update(" ".join(map(str, legal)).encode())
            state.apply_unchecked(rng.choice(legal))
            decisions += 1
        digest.update(repr(state.returns()).encode())
    return decisions, digest.hexdigest()[:16]


def play_bare(game_id: str, players: int, warm: int, games: int) -> int:
    """The measured loop without the hash (what the instructions are counted on)."""
    if game_id == "uno":
        return play_uno(players, warm, games, hashed=False)[0]
    game = aerodeck.make(game_id, players=players)
    _warm_up(game, warm)
    decisions = 0
    rng = random.Random(2)
    for seed in range(games):
        state = game.new_game(seed=seed).mute_events()
        while not state.is_terminal:
            state.apply_unchecked(rng.choice(state.legal_actions()))
            decisions += 1
    return decisions


def instructions(game_id: str, players: int, warm: int, games: int) -> int:
    """Instructions valgrind counts for one inner run."""
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "cg.out")
        command = [
            "valgrind",
            "--tool=cachegrind",
            "--cache-sim=no",
            f"--cachegrind-out-file={out}",
            sys.executable,
            "-m",
            "benchmarks.icount",
            "--inner",
            "--game",
            game_id,
            "--players",
            str(players),
            "--warm",
            str(warm),
            "--games",
            str(games),
        ]
        # one OpenBLAS thread: the idle pool numpy starts on import (--game uno) is counted too
        # and moved UNO's instructions/decision by -6% to +13% between otherwise equal runs
        env = {**os.environ, "PYTHONHASHSEED": "0", "OPENBLAS_NUM_THREADS": "1"}
        subprocess.run(command, check=True, env=env, capture_output=True)
        with open(out, encoding="utf-8") as summary:
            found = re.search(r"^summary:\s+(\d+)", summary.read(), re.MULTILINE)
        assert found is not None
        return int(found.group(1))


def main(argv: list[str]) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="race_to_ace")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 4, 5])
    parser.add_argument("--warm", type=int, default=300)
    parser.add_argument("--games", type=int, default=150)
    parser.add_argument("--inner", action="store_true")
    args = parser.parse_args(argv)
    if args.game == "uno" and importlib.util.find_spec("rlcard") is None:
        raise SystemExit("RLCard is not installed: make bench-peers")
    if args.inner:
        for players in args.players:
            play_bare(args.game, players, args.warm, args.games)
        return
    for players in args.players:
        decisions, course = play(args.game, players, args.warm, args.games)
        total = instructions(args.game, players, args.warm, args.games)
        base = instructions(args.game, players, args.warm, 0)
        print(
            f"{args.game} {players}p: {(total - base) / decisions:,.0f} instructions/decision "
            f"({decisions} decisions, course {course})",
            flush=True,
        )


if __name__ == "__main__":
    main(sys.argv[1:])
