"""Environment steps per second: every aerodeck game through its PettingZoo environment and
through the batches of ``aerodeck.rl.batch``, beside RLCard's UNO environment and PettingZoo's
classic Leduc and Texas Hold'em, in one run.

A step is one decision of one game, observation included: PettingZoo ``last()`` (the observation
and action mask) then ``step(a)``, a uniformly random legal action; RLCard ``env.step(a)``, which
returns the next encoded state; a batch's ``step(actions)`` of ``--batch`` games counts one step
per game that decided (the vector env counts the learner's decisions only: its bots' moves and
its autoreset steps are work it does but no step). Goal (issue 32): the batch at least RLCard's
UNO env for Aces versus Aces and Down In Flames, and at least twice PettingZoo classic's Leduc.

Then, for Aces versus Aces and Down In Flames, the CPU time per decision of each part of a
batch's step (``--decisions`` recorded decisions, best of five passes): the view, the
view-based encoder, the state writer that replaces both, the move, the legal moves and mask.

Run: .venv/bin/python benchmarks/rl_speed.py [--seconds 4] [--rounds 4] [--batch 64]
[--decisions 5000] [--json out.json] (RLCard and PettingZoo classic need
``pip install -e '.[rl,rl-bench]'``; their rows are skipped without it.)

Backs: docs/rl.md, "Speed": environment steps per second beside RLCard and PettingZoo.
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
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

import aerodeck
from aerodeck.rl.batch import AerodeckVectorEnv, SelfPlayBatch
from aerodeck.rl.encode import encoder_for
from aerodeck.rl.pettingzoo import env as aerodeck_env

Row = dict[str, Any]


def timed(seconds: float, episode: Callable[[int], int], first_seed: int = 0) -> Row:
    """Run ``episode(seed) -> steps`` for ``seconds`` of this process's CPU time.

    CPU time, not wall time: the machine is shared, and the cost of a step is what we compare;
    every loop here is single-threaded, so the two agree on an idle machine."""
    episodes = steps = 0
    started = time.process_time()
    while time.process_time() - started < seconds or episodes == 0:
        steps += episode(first_seed + episodes)
        episodes += 1
    elapsed = time.process_time() - started
    return {"steps_per_s": steps / elapsed, "episodes_per_s": episodes / elapsed,
            "steps_per_episode": steps / episodes, "episodes": episodes}  # fmt: skip


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


class NullEnv(AECEnv):  # type: ignore[misc]
    """A two-agent AEC env that does nothing for 50 steps: PettingZoo's own cost per step."""

    metadata = {"name": "null_v0", "is_parallelizable": False}  # noqa: RUF012

    def __init__(self) -> None:
        super().__init__()
        self.possible_agents = ["player_0", "player_1"]
        obs = {"observation": np.zeros(8, np.float32), "action_mask": np.ones(4, np.int8)}
        self._obs = obs
        space = spaces.Dict({"observation": spaces.Box(0, 1, (8,), np.float32),
                             "action_mask": spaces.Box(0, 1, (4,), np.int8)})  # fmt: skip
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {a: spaces.Discrete(4) for a in self.possible_agents}

    def observation_space(self, agent: str) -> Any:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> Any:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection, self.moves = "player_0", 0

    def observe(self, agent: str) -> Any:
        return self._obs

    def step(self, action: Any) -> None:
        if self.terminations[self.agent_selection]:
            self._was_dead_step(action)
            return
        self.moves += 1
        if self.moves >= 50:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.possible_agents[self.moves % 2]
        self._accumulate_rewards()


def null_env() -> Any:
    """``NullEnv`` wrapped as aerodeck's and PettingZoo classic's environments are."""
    env: Any = wrappers.TerminateIllegalWrapper(NullEnv(), illegal_reward=-1)
    return wrappers.OrderEnforcingWrapper(wrappers.AssertOutOfBoundsWrapper(env))


def batch_steps(make: Callable[[], Any], calls: int = 8) -> Callable[[int], int]:
    """``calls`` steps of one batch with uniformly random legal actions (drawn for the whole
    batch at once, as a vectorised policy would); reset from ``seed`` at the first call only,
    after that the batch autoresets. Returns the decisions taken."""
    batch = make()
    state: dict[str, Any] = {}

    def chunk(seed: int) -> int:
        if not state:
            state["obs"], _ = batch.reset(seed=seed)
            state["rng"] = np.random.default_rng(seed)
            state["over"] = np.zeros(batch.num_envs, dtype=bool)
        rng, decisions = state["rng"], 0
        for _ in range(calls):
            masks = state["obs"]["action_mask"]
            actions = (rng.random(masks.shape) * masks).argmax(axis=1)
            decisions += batch.num_envs - int(state["over"].sum())  # an autoreset decides nothing
            state["obs"], _, terminated, truncated, _ = batch.step(actions)
            if isinstance(batch, AerodeckVectorEnv):
                state["over"] = terminated | truncated
        return decisions

    return chunk


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


def measure(seconds: float, rounds: int, batch: int) -> dict[str, Any]:
    """Every row in ``rounds`` interleaved slices of ``seconds / rounds``; the best slice counts
    (the one least disturbed by other work on the machine), the median is kept beside it."""
    entries: list[tuple[str, str, int, Callable[[int], int]]] = []

    def add(side: str, name: str, players: int, episode: Callable[[int], int]) -> None:
        entries.append((side, name, players, episode))

    for info in aerodeck.list_games():
        for players in sorted({min(info.player_counts), 4 if 4 in info.player_counts else 3}):
            make = partial(aerodeck_env, info.id, players=players)
            add("aerodeck pettingzoo", info.id, players, pettingzoo_episode(make))
    for info in aerodeck.list_games():
        make = partial(SelfPlayBatch, info.id, batch)
        add("aerodeck batch self-play", info.id, 2, batch_steps(make))
    for game_id in ("aces_versus_aces", "down_in_flames"):
        make = partial(AerodeckVectorEnv, game_id, batch)
        add("aerodeck batch vector env", game_id, 2, batch_steps(make))
    add("pettingzoo floor", "null env (does nothing)", 2, pettingzoo_episode(null_env))
    skipped = []
    if importlib.util.find_spec("rlcard") is not None:
        add("rlcard env", "uno", 2, rlcard_episode("uno"))
        for name in ("classic/leduc_holdem-v4", "classic/texas_holdem-v4"):
            make = partial(pettingzoo.make, "aec", name)
            add("pettingzoo classic", name, 2, pettingzoo_episode(make))
    else:
        skipped.append("RLCard UNO and PettingZoo classic (pip install -e '.[rl,rl-bench]')")
    slices: list[list[Row]] = [[] for _ in entries]
    for r in range(rounds):
        for i, (_, _, _, episode) in enumerate(entries):
            slices[i].append(timed(seconds / rounds, episode, first_seed=r * 100_000))
    rows: list[Row] = []
    for (side, name, players, _), measured in zip(entries, slices, strict=True):
        rates = sorted(m["steps_per_s"] for m in measured)
        best = max(measured, key=lambda m: m["steps_per_s"])
        row = {"side": side, "name": name, "players": players, **best,
               "median_steps_per_s": rates[len(rates) // 2]}  # fmt: skip
        rows.append(row)
        print(f"{side:26s} {name:26s} {players}p {row['steps_per_s']:8.0f} steps/s (best), "
              f"{row['median_steps_per_s']:8.0f} (median)", flush=True)  # fmt: skip
    return {"machine": platform.processor() or platform.machine(), "python":
            platform.python_version(), "seconds": seconds, "rounds": rounds, "batch": batch,
            "rows": rows,
            "skipped": skipped, "goals": goals(rows)}  # fmt: skip


def per_decision(game_id: str, decisions: int = 5000, passes: int = 5) -> dict[str, float]:
    """Microseconds of CPU time per decision of each part of a batch's step, over ``decisions``
    recorded from seeded random two-player games (best of ``passes``): the seat's view, the
    view-based encoder (its ``prepare``, then its compiled fields), the state writer that
    replaces both, the move, and the legal moves with their mask."""
    game = aerodeck.make(game_id, players=2)
    encoder = encoder_for(game)
    index = {action: i for i, action in enumerate(game.action_table.actions)}
    recorded: list[tuple[Any, int, Any]] = []
    seed = 0
    while len(recorded) < decisions:
        state, rng = game.new_game(seed=seed).mute_events(), np.random.default_rng(seed)
        while not state.is_terminal and len(recorded) < decisions:
            legal = state.legal_actions()
            action = legal[int(rng.integers(len(legal)))]
            recorded.append((state.clone(), state.current_player, action))
            state.apply_unchecked(action)
        seed += 1
    out, mask = np.zeros(encoder.size, dtype=np.float32), np.zeros(len(index), dtype=np.int8)
    views = [state.view(seat) for state, seat, _ in recorded]
    prepare = encoder.declared.prepare
    prepared = [prepare(view) for view in views] if prepare else views

    def view(state: Any, seat: int, _: Any) -> None:
        state.view(seat)

    def legal(state: Any, seat: int, _: Any) -> None:
        mask.fill(0)
        mask[[index[action] for action in state.legal_actions()]] = 1

    def writer(state: Any, seat: int, _: Any) -> None:
        encoder.encode_state_into(state, seat, out)

    def best(part: Callable[..., None], items: list[Any]) -> float:
        fastest = float("inf")
        for _ in range(passes):
            started = time.process_time()
            for item in items:
                part(*item)
            fastest = min(fastest, time.process_time() - started)
        return 1e6 * fastest / len(items)

    def move_pass() -> float:
        fastest = float("inf")
        for _ in range(passes):
            copies = [(state.clone(), action) for state, _, action in recorded]
            started = time.process_time()
            for state, action in copies:
                state.apply_unchecked(action)
            fastest = min(fastest, time.process_time() - started)
        return 1e6 * fastest / len(recorded)

    compiled = encoder._compiled  # the fields as the view-based path runs them
    parts = {
        "view": best(view, recorded),
        "prepare": best(prepare, [(v,) for v in views]) if prepare else 0.0,
        "compiled encoder": best(
            lambda v, seat: (out.fill(0.0), compiled(v, seat, out.data, encoder._contexts[seat])),
            [(v, seat) for v, (_, seat, _) in zip(prepared, recorded, strict=True)],
        ),
        "state writer": best(writer, recorded),
        "move": move_pass(),
        "legal actions and mask": best(legal, recorded),
    }
    return {name: round(us, 2) for name, us in parts.items()}


AERODECK_SIDES = ("aerodeck pettingzoo", "aerodeck batch self-play", "aerodeck batch vector env")


def goals(rows: list[Row]) -> list[Row]:
    """Each aerodeck row against RLCard UNO (goal 1x) and PettingZoo classic Leduc (goal 2x)."""
    uno = next((r["steps_per_s"] for r in rows if r["name"] == "uno"), None)
    leduc = next((r["steps_per_s"] for r in rows if "leduc" in r["name"]), None)
    out = []
    for row in rows:
        if row["side"] not in (*AERODECK_SIDES, "pettingzoo floor"):
            continue
        out.append({
            "side": row["side"],
            "game": row["name"] if row["side"] != "pettingzoo floor" else "(PettingZoo alone)",
            "players": row["players"], "steps_per_s": row["steps_per_s"],
            "vs_rlcard_uno": None if uno is None else row["steps_per_s"] / uno,
            "vs_leduc": None if leduc is None else row["steps_per_s"] / leduc,
        })  # fmt: skip
    return out


def print_goals(result: dict[str, Any]) -> None:
    def mark(ratio: float | None, need: float) -> str:
        if ratio is None:
            return "not measured"
        return f"{ratio:.2f}x ({'met' if ratio >= need else 'missed'})"

    print(
        "\n| environment | game | players | steps/s | vs RLCard UNO env (goal 1x) | "
        "vs PettingZoo classic Leduc (goal 2x) |"
    )
    print("| --- | --- | --- | --- | --- | --- |")
    for g in result["goals"]:
        print(f"| {g['side']} | {g['game']} | {g['players']} | {g['steps_per_s']:.0f} | "
              f"{mark(g['vs_rlcard_uno'], 1.0)} | {mark(g['vs_leduc'], 2.0)} |")  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=4.0, help="CPU seconds a row")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--batch", type=int, default=64, help="games in a batch")
    parser.add_argument(
        "--decisions", type=int, default=5000, help="recorded decisions timed part by part"
    )
    parser.add_argument("--json", default="")
    args = parser.parse_args()
    result = measure(args.seconds, args.rounds, args.batch)
    print_goals(result)
    result["per_decision_us"] = {
        game_id: per_decision(game_id, args.decisions)
        for game_id in ("aces_versus_aces", "down_in_flames")
    }
    for game_id, parts in result["per_decision_us"].items():
        print(f"{game_id}: " + ", ".join(f"{name} {us} us" for name, us in parts.items()))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as out:
            json.dump(result, out, indent=2)


if __name__ == "__main__":
    main()
