"""Issue 9's measurement: aerodeck against its peers, in one run on one machine.

    make bench-peers                     # creates benchmarks/.venv-peers with the peers, runs this
    python benchmarks/peers.py [--seconds 3] [--fast] [--json out.json] [--skip-sim]

Measures, in order: uniform-random playouts of every aerodeck game and player count (games/s,
decisions/s) with the per-call cost of clone, legal_actions, apply and view; the same loop over
the peers when they are importable (OpenSpiel's C++ ``crazy_eights`` driven from Python and through
its native ``evaluate_bots`` loop, RLCard's bare ``uno`` engine, OpenSpiel's pure-Python games);
ISMCTS iterations/s and simulated decisions/s per game beside OpenSpiel's Python ISMCTS on its C++
``hearts``; the simulator's speed-up from 1 to all cores and its memory over a long run. It prints
one table with the ratios (ours / peer) and the verdict on each of the issue's targets.

A decision is one action chosen by a seat. Our games draw chance inside ``apply``; OpenSpiel
exposes chance as separate steps, counted apart (``chance/s``) and never as decisions.
The peers are optional: rows whose package is missing are reported as skipped. The memory and
CPU accounting read Linux's /proc and getrusage.

Backs: docs/performance.md, "Beside the peers": OpenSpiel's crazy_eights and ISMCTS on hearts,
RLCard's UNO, the simulator's scaling and memory.
"""

from __future__ import annotations

import argparse
import dataclasses
import gc
import json
import os
import platform
import random
import resource
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make ``benchmarks`` importable
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import aerodeck
from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.core.api import State
from benchmarks.playouts import mid_game_states, playouts

Row = dict[str, Any]
CLONE_BUDGET_US = 10.0
FLAT_MEMORY_MIB = 50.0  # our reading of "flat": under 50 MiB of growth over a million games
OPENSPIEL_PY_GAMES = (
    "python_tic_tac_toe",
    "python_kuhn_poker",
    "python_liars_poker",
    "python_block_dominoes",
    "python_team_dominoes",
)
CRAZY_EIGHTS_PLAYERS = (2, 3, 4, 6)  # Ace Race's table sizes (5 as well, which crazy_eights has)


# --- our games ------------------------------------------------------------------------------


def per_call_best(states: list[State], repeat: int = 200, rounds: int = 5) -> dict[str, float]:
    """Microseconds per call over the states, the best of ``rounds`` with the collector off (as
    ``timeit`` does): on a shared machine the minimum is the figure least disturbed by others."""
    rng = random.Random(3)
    actions = [rng.choice(s.legal_actions()) for s in states]
    calls: dict[str, Callable[[], object]] = {
        "clone": lambda: [s.clone() for s in states for _ in range(repeat)],
        "legal_actions": lambda: [s.legal_actions() for s in states for _ in range(repeat)],
        "view": lambda: [s.view(s.current_player) for s in states for _ in range(repeat)],
    }
    timings: dict[str, float] = {}
    enabled = gc.isenabled()
    gc.disable()
    try:
        for name in ("clone", "legal_actions", "apply", "view"):
            best = float("inf")
            for _ in range(rounds):
                if name == "apply":  # on fresh clones, made outside the timing
                    copies = [(s.clone(), a) for s, a in zip(states, actions, strict=True)]
                    copies = [(c.clone(), a) for c, a in copies for _ in range(repeat)]
                    started = time.perf_counter()
                    for copy, action in copies:
                        copy.apply_unchecked(action)
                else:
                    started = time.perf_counter()
                    calls[name]()
                best = min(best, time.perf_counter() - started)
            timings[name + "_us"] = best / (repeat * len(states)) * 1e6
    finally:
        if enabled:
            gc.enable()
    return timings


def ours(seconds: float, states: int) -> list[Row]:
    rows = []
    for info in aerodeck.list_games():
        for players in info.player_counts:
            row: Row = {"side": "aerodeck", "name": info.id, "players": players}
            row.update(playouts(info.id, players, seconds))
            loud = playouts(info.id, players, seconds, events=True)
            row["decisions_per_s_with_events"] = loud["decisions_per_s"]
            row.update(per_call_best(mid_game_states(info.id, players, states)))
            rows.append(row)
            _progress(row)
    return rows


# --- peers ----------------------------------------------------------------------------------


def _timed_loop(seconds: float, one_game: Callable[[int], tuple[int, int]]) -> Row:
    """Run ``one_game(seed) -> (decisions, chance steps)`` for ``seconds``; rates per second."""
    games = decisions = chance = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        made, drawn = one_game(games)
        decisions += made
        chance += drawn
        games += 1
    elapsed = time.perf_counter() - started
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": decisions / elapsed,
        "decisions_per_game": decisions / games,
        "chance_per_s": chance / elapsed,
    }


def openspiel_python_loop(name: str, seconds: float, params: dict[str, Any] | None = None) -> Row:
    """A uniform-random game driven step by step from Python (the way a Python agent plays)."""
    import pyspiel  # noqa: PLC0415 - optional peer

    game = pyspiel.load_game(name, params or {})
    rng = random.Random(1)

    def one_game(seed: int) -> tuple[int, int]:
        state = game.new_initial_state()
        decisions = chance = 0
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
                chance += 1
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        return decisions, chance

    return _timed_loop(seconds, one_game)


def openspiel_native(name: str, seconds: float, params: dict[str, Any], per_game: float) -> Row:
    """OpenSpiel's C++ ``evaluate_bots`` with uniform-random bots: the native ceiling. It does not
    report lengths, so decisions/s uses the mean length measured by the Python loop."""
    import pyspiel  # noqa: PLC0415 - optional peer

    game = pyspiel.load_game(name, params)
    bots = [pyspiel.make_uniform_random_bot(p, 100 + p) for p in range(game.num_players())]
    games = 0
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or games == 0:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
        games += 1
    elapsed = time.perf_counter() - started
    return {
        "games_per_s": games / elapsed,
        "decisions_per_s": games / elapsed * per_game,
        "decisions_per_game": per_game,
    }


def rlcard_uno(players: int, seconds: float) -> Row:
    """RLCard's bare Uno engine (``UnoGame``, no env wrapper, no state encoding)."""
    import numpy as np  # noqa: PLC0415 - optional peer
    from rlcard.games.uno.game import UnoGame  # noqa: PLC0415 - optional peer

    game = UnoGame(num_players=players)
    rng = random.Random(1)

    def one_game(seed: int) -> tuple[int, int]:
        game.np_random = np.random.RandomState(seed)
        game.init_game()
        decisions = 0
        while not game.is_over():
            game.step(rng.choice(game.get_legal_actions()))
            decisions += 1
        return decisions, 0

    return _timed_loop(seconds, one_game)


def _available(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def peers(seconds: float) -> tuple[list[Row], list[str]]:
    rows: list[Row] = []
    skipped: list[str] = []

    def add(side: str, name: str, players: int, measure: Callable[[], Row]) -> Row:
        row: Row = {"side": side, "name": name, "players": players, **measure()}
        rows.append(row)
        _progress(row)
        return row

    if _available("pyspiel"):
        from open_spiel.python import games as _registers_python_games  # noqa: F401, PLC0415

        for n in CRAZY_EIGHTS_PLAYERS:
            params = {"players": n}
            loop = add(
                "openspiel-py-loop",
                "crazy_eights",
                n,
                lambda p=params: openspiel_python_loop("crazy_eights", seconds, p),
            )
            add(
                "openspiel-native",
                "crazy_eights",
                n,
                lambda p=params, k=loop["decisions_per_game"]: openspiel_native(
                    "crazy_eights", seconds, p, k
                ),
            )
        for name in OPENSPIEL_PY_GAMES:
            import pyspiel  # noqa: PLC0415 - optional peer

            players = pyspiel.load_game(name).num_players()
            add(
                "openspiel-python-game",
                name,
                players,
                lambda g=name: openspiel_python_loop(g, seconds),
            )
    else:
        skipped.append(
            "OpenSpiel (pip install open_spiel): crazy_eights, evaluate_bots, Python games"
        )
    if _available("rlcard"):
        for n in (2, 4):
            add("rlcard-bare", "uno", n, lambda n=n: rlcard_uno(n, seconds))
    else:
        skipped.append("RLCard (pip install rlcard): uno")
    return rows, skipped


# --- ISMCTS -----------------------------------------------------------------------------------


def _decision_states(state_source: Callable[[int], State | None], count: int) -> list[State]:
    found = [state_source(seed) for seed in range(count * 3)]
    return [s for s in found if s is not None][:count]


def ours_ismcts(iterations: int, positions: int) -> list[Row]:
    """Searches from mid-game decision points with several legal actions (single-choice points
    return at once and would not measure the search)."""
    rows = []
    for info in aerodeck.list_games():
        game = aerodeck.make(info.id)

        def mid_game(seed: int, game: Any = game) -> State | None:
            rng = random.Random(seed)
            state = game.new_game(seed=seed)
            trail = []
            while not state.is_terminal:
                if len(state.legal_actions()) > 1:
                    trail.append(state.clone())
                state.apply_unchecked(rng.choice(state.legal_actions()))
            return trail[len(trail) // 2] if trail else None

        searched = simulated = 0
        elapsed = 0.0
        for k, state in enumerate(_decision_states(mid_game, positions)):
            seat = state.current_player
            assert seat is not None
            observation = state.observation(seat)
            worlds: list[State] = []

            def sample(
                rng: random.Random, observation: Any = observation, worlds: list[State] = worlds
            ) -> State:
                world = observation.sampler(rng)
                worlds.append(world)
                return world

            counted = dataclasses.replace(observation, sampler=sample)
            agent = IsmctsAgent(game, seed=k, iterations=iterations)
            started = time.perf_counter()
            agent.choose(counted)
            elapsed += time.perf_counter() - started
            searched += len(worlds)
            simulated += sum(w.move_number - state.move_number for w in worlds)
        row: Row = {
            "side": "aerodeck-ismcts",
            "name": info.id,
            "players": game.players,
            "iterations_per_s": searched / elapsed,
            "decisions_per_s": simulated / elapsed,
            "decisions_per_iteration": simulated / max(1, searched),
        }
        rows.append(row)
        _progress(row)
    return rows


def openspiel_ismcts_hearts(iterations: int, positions: int) -> Row:
    """OpenSpiel's Python ISMCTS (random rollouts) on its C++ ``hearts``, counted the same way:
    every decision applied to a sampled world, in the tree descent and in the rollout."""
    import numpy as np  # noqa: PLC0415 - optional peer
    import pyspiel  # noqa: PLC0415 - optional peer
    from open_spiel.python.algorithms import ismcts, mcts  # noqa: PLC0415 - optional peer

    game = pyspiel.load_game("hearts")
    counts = {"rollout": 0, "chance": 0}

    class CountingRollouts(mcts.RandomRolloutEvaluator):  # type: ignore[misc]
        """OpenSpiel's random rollout, with its decisions counted."""

        def evaluate(self, state: Any) -> Any:
            working = state.clone()
            while not working.is_terminal():
                if working.is_chance_node():
                    actions, probs = zip(*working.chance_outcomes(), strict=True)
                    working.apply_action(self._random_state.choice(actions, p=probs))
                    counts["chance"] += 1
                else:
                    working.apply_action(self._random_state.choice(working.legal_actions()))
                    counts["rollout"] += 1
            return np.array(working.returns())

    class CountingBot(ismcts.ISMCTSBot):  # type: ignore[misc]
        """Keeps the sampled worlds to count the decisions of the tree descent afterwards."""

        worlds: list[Any]

        def sample_root_state(self, state: Any) -> Any:
            world = super().sample_root_state(state)
            self.worlds.append(world)
            return world

    def mid_game(seed: int) -> Any:
        rng = random.Random(seed)
        state = game.new_initial_state()
        decisions = 0
        while not state.is_terminal() and decisions < 30:
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(rng.choices(outcomes, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
                decisions += 1
        ok = not state.is_terminal() and len(state.legal_actions()) > 1
        return state if ok else None

    searched = descent = 0
    elapsed = 0.0
    for k, state in enumerate(_decision_states(mid_game, positions)):
        evaluator = CountingRollouts(1, np.random.RandomState(k))
        bot = CountingBot(game, evaluator, 2.0, iterations, random_state=np.random.RandomState(k))
        bot.worlds = []
        started = time.perf_counter()
        bot.step(state)
        elapsed += time.perf_counter() - started
        searched += len(bot.worlds)
        descent += sum(w.move_number() - state.move_number() for w in bot.worlds)
    simulated = descent + counts["rollout"]
    row: Row = {
        "side": "openspiel-py-ismcts",
        "name": "hearts",
        "players": game.num_players(),
        "iterations_per_s": searched / elapsed,
        "decisions_per_s": simulated / elapsed,
        "decisions_per_iteration": simulated / max(1, searched),
        "chance_per_s": counts["chance"] / elapsed,
    }
    _progress(row)
    return row


# --- the simulator ----------------------------------------------------------------------------


def job_counts(cores: int, limit: int | None = None) -> list[int]:
    """1, 2, 4, ... and all cores (at most ``limit``): the scaling curve without a run per core."""
    top = min(cores, limit or cores)
    counts = [1]
    while counts[-1] * 2 <= top:
        counts.append(counts[-1] * 2)
    return counts if counts[-1] == top else [*counts, top]


def simulator_scaling(game_id: str, games: int, jobs_limit: int | None = None) -> list[Row]:
    """Wall time of the same run with 1, 2, ... all cores (random bots, records kept in memory
    as the runner does without --out), with the CPU time spent by this process (the parent,
    which also plays every game when jobs is 1) and by the worker processes: on a shared machine
    the wall-clock speed-up says little, the CPU split still shows what the parent costs."""
    from aerodeck.sim.runner import SimSpec, run  # noqa: PLC0415

    game = aerodeck.make(game_id)
    spec = SimSpec(game=game_id, players=game.players, bots=("random",), games=games, seed=9)
    rows = []
    base = 0.0
    for jobs in job_counts(os.cpu_count() or 1, jobs_limit):
        before = (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN),
        )
        started = time.perf_counter()
        run(spec, jobs=jobs)
        elapsed = time.perf_counter() - started
        after = (
            resource.getrusage(resource.RUSAGE_SELF),
            resource.getrusage(resource.RUSAGE_CHILDREN),
        )
        parent, workers = (
            (a.ru_utime + a.ru_stime) - (b.ru_utime + b.ru_stime)
            for b, a in zip(before, after, strict=True)
        )
        base = base or elapsed
        row: Row = {
            "side": "simulator",
            "name": game_id,
            "players": game.players,
            "jobs": jobs,
            "games": games,
            "seconds": elapsed,
            "games_per_s": games / elapsed,
            "speedup": base / elapsed,
            "parent_cpu_s": parent,
            "workers_cpu_s": workers,
        }
        rows.append(row)
        _progress(row)
    return rows


def _rss_kib(pid: int) -> int:
    """Resident memory of a process and its children (Linux /proc), in KiB."""
    total = 0
    pids = [pid]
    try:
        children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        pids += [int(c) for c in children]
    except OSError:
        pass
    for each in pids:
        try:
            for line in Path(f"/proc/{each}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total


def memory_child(mode: str, game_id: str, games: int, out: str) -> None:
    """The long run whose memory the parent samples (a subprocess, so its RSS is its own).

    ``runner``: the simulator itself (``run`` with ``--out``, one job; ``runner-j2``: two worker
    processes, their memory counted with the parent's). ``engine``: the same
    games through ``play_game`` with every result dropped at once: the engine alone."""
    from aerodeck.agents.registry import make_agent  # noqa: PLC0415
    from aerodeck.sim.match import play_game  # noqa: PLC0415
    from aerodeck.sim.runner import SimSpec, run  # noqa: PLC0415

    game = aerodeck.make(game_id)
    if mode.startswith("runner"):
        spec = SimSpec(game=game_id, players=game.players, bots=("random",), games=games, seed=5)
        run(spec, jobs=2 if mode == "runner-j2" else 1, out=Path(out))
    else:
        agents = [make_agent("random", game, seat) for seat in range(game.players)]
        for index in range(games):
            play_game(game, agents, seed=index)


def memory_run(mode: str, game_id: str, seconds: float, rate: float) -> Row:
    """RSS of a run sized to last about ``seconds``, sampled four times a second; the growth per
    1000 games after warm-up, extrapolated linearly to a million games."""
    games = max(50, int(rate * seconds))
    with tempfile.TemporaryDirectory() as folder:
        command = [
            sys.executable,
            str(Path(__file__).resolve()),
            "--memory-child",
            mode,
            game_id,
            str(games),
            str(Path(folder) / "run"),
        ]
        child = subprocess.Popen(command)
        started = time.perf_counter()
        samples: list[tuple[float, int]] = []
        while child.poll() is None:
            rss = _rss_kib(child.pid)
            if rss:
                samples.append((time.perf_counter() - started, rss))
            time.sleep(0.25)
        elapsed = time.perf_counter() - started
    if child.returncode:
        raise RuntimeError(f"memory run {mode} failed ({child.returncode})")
    samples = [s for s in samples if s[0] > 1.0] or samples  # after the interpreter's start-up
    if not samples:
        raise RuntimeError(f"memory run {mode} ended before its memory could be read")
    # From 20 % to 90 % of the run: after the warm-up, before worker processes exit at the end.
    warm = [s for s in samples if elapsed * 0.2 <= s[0] <= elapsed * 0.9] or samples
    first, last = warm[0], warm[-1]
    played_between = games * (last[0] - first[0]) / elapsed
    per_thousand = (last[1] - first[1]) / max(1.0, played_between) * 1000
    row: Row = {
        "side": f"memory-{mode}",
        "name": game_id,
        "games": games,
        "seconds": elapsed,
        "rss_start_mib": samples[0][1] / 1024,
        "rss_after_warmup_mib": first[1] / 1024,
        "rss_end_mib": last[1] / 1024,
        "rss_peak_mib": max(s[1] for s in samples) / 1024,
        "growth_kib_per_1000_games": per_thousand,
        "extrapolated_1m_games_mib": last[1] / 1024
        + per_thousand * (1_000_000 - games) / 1e3 / 1024,
    }
    _progress(row)
    return row


# --- the table --------------------------------------------------------------------------------


def _progress(row: Row) -> None:
    shown = {k: (round(v, 2) if isinstance(v, float) else v) for k, v in row.items()}
    print("  measured:", json.dumps(shown), file=sys.stderr, flush=True)


def _find(rows: list[Row], side: str, name: str, players: int | None = None) -> Row | None:
    for row in rows:
        same = row["side"] == side and row["name"] == name
        if same and (players is None or row.get("players") == players):
            return row
    return None


def targets(result: dict[str, Any]) -> list[Row]:
    """The issue's targets, each with its measured ratio and whether it is met."""
    peer_rows = result["peers"]
    verdicts: list[Row] = []

    def verdict(
        name: str, value: float | None, goal: float, detail: str, most: bool = False
    ) -> None:
        """``value`` must reach ``goal`` (or stay at or under it when ``most``)."""
        met = None if value is None else (value <= goal if most else value >= goal)
        verdicts.append(
            {
                "target": name,
                "value": value,
                "goal": goal,
                "at_most": most,
                "met": met,
                "detail": detail,
            }
        )

    for row in result["ours"]:
        if row["name"] != "ace_race":
            continue
        peer = _find(peer_rows, "openspiel-py-loop", "crazy_eights", row["players"])
        value = None if peer is None else row["decisions_per_s"] / peer["decisions_per_s"]
        verdict(
            f"ace_race {row['players']}p decisions/s / crazy_eights {row['players']}p Python loop",
            value,
            1.0,
            "" if peer else "OpenSpiel not installed",
        )
    uno = _find(peer_rows, "rlcard-bare", "uno", 2)
    worst = min(result["ours"], key=lambda r: r["decisions_per_s"])
    verdict(
        f"slowest game ({worst['name']} {worst['players']}p) decisions/s / RLCard uno 2p",
        None if uno is None else worst["decisions_per_s"] / uno["decisions_per_s"],
        2.0,
        "" if uno else "RLCard not installed",
    )
    hearts = result.get("openspiel_ismcts")
    for row in result["ismcts"]:
        verdict(
            f"ISMCTS {row['name']} simulated decisions/s / OpenSpiel Python ISMCTS hearts",
            None if hearts is None else row["decisions_per_s"] / hearts["decisions_per_s"],
            1.0,
            "" if hearts else "OpenSpiel not installed",
        )
    two = [r for r in result["simulator"] if r["jobs"] == 2]
    verdict(
        "simulator speed-up, 2 cores / 1 core",
        two[0]["speedup"] if two else None,
        1.8,
        "" if two else "not measured (--skip-sim, or a single core)",
    )
    clone = max(result["ours"], key=lambda r: r["clone_us"])
    verdict(
        f"slowest clone ({clone['name']} {clone['players']}p) within 10 us: 10 / clone us",
        CLONE_BUDGET_US / clone["clone_us"],
        1.0,
        f"{clone['clone_us']:.2f} us",
    )
    for row in result["memory"]:
        if row["side"].startswith("memory-runner"):
            growth = row["growth_kib_per_1000_games"] * 1000 / 1024
            jobs = "2 jobs" if row["side"].endswith("j2") else "1 job"
            verdict(
                f"simulator memory flat ({jobs}): RSS growth extrapolated to 1M games (MiB) of "
                f"{row['games']} measured",
                growth,
                FLAT_MEMORY_MIB,
                f"{row['growth_kib_per_1000_games']:.0f} KiB per 1000 games",
                most=True,
            )
    return verdicts


def _with_events(row: Row) -> str:
    """Our decisions/s with the event log kept (a table's game), beside the muted figure."""
    loud = row.get("decisions_per_s_with_events")
    return "" if loud is None else f"{loud:,.0f}"


def print_table(result: dict[str, Any]) -> None:
    uno = _find(result["peers"], "rlcard-bare", "uno", 2)
    print()
    print(
        f"{'side':22} {'name':22} {'n':>2} {'games/s':>9} {'decisions/s':>12} {'dec/game':>9}",
        end="",
    )
    print(
        f" {'chance/s':>9} {'clone us':>9} {'legal us':>9} {'apply us':>9} {'view us':>9}", end=""
    )
    print(f" {'x C8 py':>8} {'x uno':>7} {'events on':>10}")
    for row in result["ours"] + result["peers"]:
        crazy = _find(result["peers"], "openspiel-py-loop", "crazy_eights", row["players"])
        ratio_c8 = ratio_uno = ""
        if row["side"] == "aerodeck":
            if crazy and row["name"] == "ace_race":
                ratio_c8 = f"{row['decisions_per_s'] / crazy['decisions_per_s']:.2f}"
            if uno:
                ratio_uno = f"{row['decisions_per_s'] / uno['decisions_per_s']:.2f}"
        calls = [row.get(k) for k in ("clone_us", "legal_actions_us", "apply_us", "view_us")]
        shown_calls = " ".join(f"{c:>9.2f}" if c is not None else f"{'':>9}" for c in calls)
        chance = row.get("chance_per_s")
        print(
            f"{row['side']:22} {row['name']:22} {row['players']:>2} {row['games_per_s']:>9.1f} "
            f"{row['decisions_per_s']:>12,.0f} {row['decisions_per_game']:>9.1f} "
            f"{'' if chance is None else f'{chance:,.0f}':>9} {shown_calls} "
            f"{ratio_c8:>8} {ratio_uno:>7} {_with_events(row):>10}"
        )
    hearts = result.get("openspiel_ismcts")
    print()
    print(
        f"{'ISMCTS':22} {'name':22} {'n':>2} {'iter/s':>9} {'sim dec/s':>12} {'dec/iter':>9}",
        end="",
    )
    print(f" {'x hearts':>9}")
    for row in result["ismcts"] + ([hearts] if hearts else []):
        ratio = f"{row['decisions_per_s'] / hearts['decisions_per_s']:.2f}" if hearts else ""
        print(
            f"{row['side']:22} {row['name']:22} {row['players']:>2} "
            f"{row['iterations_per_s']:>9.1f} {row['decisions_per_s']:>12,.0f} "
            f"{row['decisions_per_iteration']:>9.1f} {ratio:>9}"
        )
    print()
    for row in result["simulator"]:
        print(
            f"simulator {row['name']} {row['players']}p random x{row['games']}: "
            f"{row['jobs']} job(s) {row['seconds']:.2f} s, {row['games_per_s']:.0f} games/s, "
            f"speed-up {row['speedup']:.2f}; CPU parent {row['parent_cpu_s']:.1f} s, "
            f"workers {row['workers_cpu_s']:.1f} s"
        )
    for row in result["memory"]:
        print(
            f"{row['side']} {row['name']}: {row['games']} games in {row['seconds']:.0f} s, RSS "
            f"{row['rss_start_mib']:.0f} -> {row['rss_after_warmup_mib']:.0f} (warm) -> "
            f"{row['rss_end_mib']:.0f} MiB, {row['growth_kib_per_1000_games']:.0f} KiB/1000 games,"
            f" ~{row['extrapolated_1m_games_mib']:.0f} MiB extrapolated to 1M games"
        )
    print()
    for row in result["targets"]:
        state = {True: "MET   ", False: "MISSED", None: "n/a   "}[row["met"]]
        sign = "<=" if row["at_most"] else ">="
        value = "" if row["value"] is None else f"{row['value']:.2f} (goal {sign} {row['goal']})"
        print(f"{state} {row['target']}: {value} {row['detail']}")
    for line in result["skipped"]:
        print(f"skipped: {line}")


def _machine() -> dict[str, Any]:
    cpu = ""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {
        "python": platform.python_version(),
        "implementation": platform.python_implementation(),
        "cpu": cpu,
        "cores": os.cpu_count(),
        "system": platform.platform(),
        "load_average": os.getloadavg() if hasattr(os, "getloadavg") else None,
    }


def main(argv: list[str]) -> dict[str, Any]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=3.0, help="time per playout row")
    parser.add_argument("--states", type=int, default=30, help="mid-game states for per-call times")
    parser.add_argument("--iterations", type=int, default=300, help="ISMCTS iterations per search")
    parser.add_argument("--positions", type=int, default=4, help="ISMCTS searches per game")
    parser.add_argument(
        "--sim-games",
        type=int,
        default=20000,
        help="games per simulator run (amortises pool start-up)",
    )
    parser.add_argument(
        "--memory-seconds", type=float, default=120.0, help="length of each memory run"
    )
    parser.add_argument("--fast", action="store_true", help="tiny budgets: checks that it runs")
    parser.add_argument(
        "--skip-sim", action="store_true", help="no simulator scaling or memory run"
    )
    parser.add_argument("--json", help="write the results here")
    parser.add_argument("--memory-child", nargs=4, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.memory_child:
        mode, game_id, games, out = args.memory_child
        memory_child(mode, game_id, int(games), out)
        return {}
    if args.fast:
        args.seconds, args.states, args.iterations, args.positions = 0.05, 3, 10, 1
        args.sim_games, args.memory_seconds = 40, 1.0
    started = time.time()
    result: dict[str, Any] = {"machine": _machine(), "command": ["benchmarks/peers.py", *argv]}
    result["ours"] = ours(args.seconds, args.states)
    result["peers"], result["skipped"] = peers(args.seconds)
    result["ismcts"] = ours_ismcts(args.iterations, args.positions)
    result["openspiel_ismcts"] = (
        openspiel_ismcts_hearts(args.iterations, args.positions) if _available("pyspiel") else None
    )
    result["simulator"] = []
    result["memory"] = []
    if not args.skip_sim:
        fastest = max(
            (r for r in result["ours"] if r["players"] == aerodeck.make(r["name"]).players),
            key=lambda r: r["games_per_s"],
        )
        limit = 2 if args.fast else None
        result["simulator"] = simulator_scaling(fastest["name"], args.sim_games, limit)
        rate = result["simulator"][0]["games_per_s"]
        for mode in ("engine", "runner", "runner-j2"):
            result["memory"].append(memory_run(mode, fastest["name"], args.memory_seconds, rate))
    result["targets"] = targets(result)
    result["machine"]["load_average_end"] = os.getloadavg() if hasattr(os, "getloadavg") else None
    result["wall_seconds"] = time.time() - started
    print_table(result)
    if args.json:
        Path(args.json).parent.mkdir(parents=True, exist_ok=True)
        Path(args.json).write_text(json.dumps(result, indent=1), encoding="utf-8")
    return result


if __name__ == "__main__":
    main(sys.argv[1:])
