"""Environment steps per second: every aerodeck game through its PettingZoo environment, beside
RLCard's UNO environment and PettingZoo's classic Leduc and Texas Hold'em, in one run.

A step is one decision taken through the environment's own loop, observation included:
PettingZoo ``last()`` (the observation and action mask) then ``step(a)``, a uniformly random
legal action; RLCard ``env.step(a)``, which returns the next encoded state. Goal (issue 16): every
game at least twice RLCard's UNO env and not slower than PettingZoo's classic card envs.

Run: .venv/bin/python benchmarks/rl_speed.py [--seconds 3] [--json out.json]
(RLCard and PettingZoo classic need ``pip install rlcard==1.2.0``; their rows are skipped if not.)
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import platform
import time
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pettingzoo

import aerodeck
from aerodeck.rl.pettingzoo import env as aerodeck_env

Row = dict[str, Any]


def timed(seconds: float, episode: Callable[[int], int]) -> Row:
    """Run ``episode(seed) -> steps`` for ``seconds``; steps and episodes per second."""
    episodes = steps = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or episodes == 0:
        steps += episode(episodes)
        episodes += 1
    elapsed = time.perf_counter() - started
    return {"steps_per_s": steps / elapsed, "episodes_per_s": episodes / elapsed,
            "steps_per_episode": steps / episodes}  # fmt: skip


def pettingzoo_episode(make: Callable[[], Any]) -> Callable[[int], int]:
    """One random episode through any PettingZoo AEC env (the same loop for every row)."""
    zoo = make()

    def episode(seed: int) -> int:
        zoo.reset(seed=seed)
        rng = np.random.default_rng(seed)
        steps = 0
        for _ in zoo.agent_iter():
            obs, _, terminated, truncated, _ = zoo.last()
            if terminated or truncated:
                zoo.step(None)
                continue
            zoo.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
            steps += 1
        return steps

    return episode


def rlcard_episode(name: str) -> Callable[[int], int]:
    import rlcard  # noqa: PLC0415 - an optional peer

    env = rlcard.make(name, config={"seed": 0})

    def episode(seed: int) -> int:
        env.seed(seed)
        state, _ = env.reset()
        rng = np.random.default_rng(seed)
        steps = 0
        while not env.is_over():
            legal = list(state["legal_actions"])
            state, _ = env.step(legal[int(rng.integers(len(legal)))])
            steps += 1
        return steps

    return episode


def measure(seconds: float) -> dict[str, Any]:
    rows: list[Row] = []

    def add(side: str, name: str, players: int, episode: Callable[[int], int]) -> None:
        row = {"side": side, "name": name, "players": players, **timed(seconds, episode)}
        rows.append(row)
        print(f"{side:22s} {name:18s} {players}p  {row['steps_per_s']:9.0f} steps/s", flush=True)

    for info in aerodeck.list_games():
        for players in sorted({min(info.player_counts), 4 if 4 in info.player_counts else 3}):
            make = partial(aerodeck_env, info.id, players=players)
            add("aerodeck pettingzoo", info.id, players, pettingzoo_episode(make))
    skipped = []
    if importlib.util.find_spec("rlcard") is not None:
        add("rlcard env", "uno", 2, rlcard_episode("uno"))
        for name in ("classic/leduc_holdem-v4", "classic/texas_holdem-v4"):
            make = partial(pettingzoo.make, "aec", name)
            add("pettingzoo classic", name, 2, pettingzoo_episode(make))
    else:
        skipped.append("RLCard UNO and PettingZoo classic (pip install rlcard==1.2.0)")
    return {"machine": platform.processor() or platform.machine(), "python":
            platform.python_version(), "seconds": seconds, "rows": rows, "skipped": skipped,
            "goals": goals(rows)}  # fmt: skip


def goals(rows: list[Row]) -> list[Row]:
    """Each aerodeck row against 2x RLCard UNO and against the faster PettingZoo classic env."""
    uno = next((r for r in rows if r["name"] == "uno"), None)
    classic = [r["steps_per_s"] for r in rows if r["side"] == "pettingzoo classic"]
    out = []
    for row in rows:
        if row["side"] != "aerodeck pettingzoo":
            continue
        out.append({
            "game": row["name"], "players": row["players"], "steps_per_s": row["steps_per_s"],
            "vs_rlcard_uno": None if uno is None else row["steps_per_s"] / uno["steps_per_s"],
            "vs_classic": None if not classic else row["steps_per_s"] / max(classic),
        })  # fmt: skip
    return out


def print_goals(result: dict[str, Any]) -> None:
    def mark(ratio: float | None, need: float) -> str:
        if ratio is None:
            return "not measured"
        return f"{ratio:.2f}x ({'met' if ratio >= need else 'missed'})"

    print("\n| game | players | steps/s | vs RLCard UNO env (goal 2x) | vs fastest PettingZoo "
          "classic card env (goal 1x) |\n| --- | --- | --- | --- | --- |")  # fmt: skip
    for g in result["goals"]:
        print(f"| {g['game']} | {g['players']} | {g['steps_per_s']:.0f} | "
              f"{mark(g['vs_rlcard_uno'], 2.0)} | {mark(g['vs_classic'], 1.0)} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    result = measure(args.seconds)
    print_goals(result)
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)


if __name__ == "__main__":
    main()
