"""The CPU cost of a move in each part of the cluster: the `aerodeck serve` processes, PostgreSQL
and nginx, measured under benchmarks/web_load.py's clients playing through the proxy at a
moderate rate (docs/scale.md). A benchmark, not a test: the figures depend on the machine.

`aerodeck cluster`'s parts are started (``--workers`` processes, a throwaway PostgreSQL cluster
with fsync on, nginx on a free loopback port); web_load's client processes seat ``--tables``
tables of four human seats through nginx and play them. After ``--warmup`` seconds, each part's
CPU time is read from /proc (user + system of every process of its tree, reaped children
included: the processes' bot threads, PostgreSQL's backends and writers, nginx's workers), with
the moves the processes have stored (their /metrics); again ``--seconds`` later (the warm-up
counted from the clients' first move; they are stopped after the window). The cost of a part is
its CPU seconds per 1,000 moves over that window. CPU time, not wall time: it holds when
the machine is shared, as long as no part runs short of a core.

Run: PYTHONPATH=src:. nice -n 10 .venv/bin/python -m benchmarks.web_costs --tables 100
     --think 0.5 --warmup 20 --seconds 60 --json out.json

Backs: docs/scale.md, "Measured".
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import signal
import sys
import tempfile
import time
from pathlib import Path

import httpx

from aerodeck.core.api import JSON
from aerodeck.testing.server import free_port
from aerodeck.web.cluster import Cluster
from benchmarks.web_common import BENCH_FLAGS, elapsed, series_sum
from benchmarks.web_load import Phase, client_process

TICKS = os.sysconf("SC_CLK_TCK")
PARTS = ("servers", "postgresql", "nginx")
START = 180.0  # seconds the client processes may take to make their first move
Snapshot = dict[str, float]


def _stat(pid: int) -> tuple[int, float] | None:
    """The parent and the CPU seconds (user, system, and reaped children's) of ``pid``."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text[text.rindex(")") + 2 :].split()  # after the command, which may hold spaces
    parent = int(fields[1])
    utime, stime, cutime, cstime = (int(f) for f in fields[11:15])
    return parent, (utime + stime + cutime + cstime) / TICKS


def tree_cpu_seconds(root: int) -> float:
    """CPU seconds of ``root`` and every live process under it (reaped ones are in their
    parent's children's times)."""
    stats = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit() and (stat := _stat(int(entry))) is not None:
            stats[int(entry)] = stat
    children: dict[int, list[int]] = {}
    for pid, (parent, _) in stats.items():
        children.setdefault(parent, []).append(pid)
    total, todo = 0.0, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            total += stats[pid][1]
            todo += children.get(pid, [])
    return total


def snapshot(cluster: Cluster) -> Snapshot:
    """Each part's CPU seconds and the processes' stored moves and commit time, now."""
    assert cluster.postgres is not None and cluster.nginx is not None
    taken: Snapshot = {"at": time.monotonic()}
    taken["servers_cpu"] = sum(
        tree_cpu_seconds(w.process.pid) for w in cluster.workers if w.process is not None
    )
    taken["postgresql_cpu"] = tree_cpu_seconds(cluster.postgres.pid())
    nginx_pid = cluster.nginx.pid()
    taken["nginx_cpu"] = tree_cpu_seconds(nginx_pid) if nginx_pid is not None else 0.0
    for name in ("moves", "caught_up", "commits", "commit_seconds", "acks", "ack_seconds"):
        taken[name] = 0.0
    for worker in cluster.workers:
        text = httpx.get(f"http://{worker.address}/metrics", timeout=30.0).text
        taken["moves"] += series_sum(text, "aerodeck_moves_total")
        taken["caught_up"] += series_sum(text, "aerodeck_moves_caught_up_total")
        taken["commits"] += series_sum(text, "aerodeck_store_commit_seconds_count")
        taken["commit_seconds"] += series_sum(text, "aerodeck_store_commit_seconds_sum")
        taken["acks"] += series_sum(text, "aerodeck_act_to_ack_seconds_count")
        taken["ack_seconds"] += series_sum(text, "aerodeck_act_to_ack_seconds_sum")
    return taken


def _first_moves(cluster: Cluster) -> None:
    """Until the processes have stored a move (the clients are up), at most ``START`` seconds."""
    deadline = time.monotonic() + START
    while snapshot(cluster)["moves"] == 0:
        if time.monotonic() > deadline:
            raise RuntimeError(f"no move stored in {START:.0f} s: the clients did not start")
        time.sleep(0.5)


def _mean_ms(before: Snapshot, after: Snapshot, total: str, count: str) -> float | None:
    """The mean of a histogram between two snapshots, in ms (None without samples)."""
    samples = after[count] - before[count]
    return round((after[total] - before[total]) / samples * 1000, 2) if samples else None


def costs(before: Snapshot, after: Snapshot) -> JSON:
    """CPU seconds per 1,000 moves of each part between two snapshots (RuntimeError when no
    move was stored between them)."""
    moves = after["moves"] - before["moves"]
    seconds = after["at"] - before["at"]
    if moves == 0:
        raise RuntimeError(f"no move stored in the {seconds:.0f} s window")
    used = {part: after[f"{part}_cpu"] - before[f"{part}_cpu"] for part in PARTS}
    return {
        "window_seconds": round(seconds, 1),
        "moves": int(moves),
        "moves_per_second": round(moves / seconds, 1),
        # moves another process made, caught up by a process for its own connections: 0 when
        # every table's connections are on one process (nginx routes /ws?table=ID by table)
        "moves_caught_up": int(after["caught_up"] - before["caught_up"]),
        "cpu_seconds_per_1000_moves": {p: round(used[p] / moves * 1000, 3) for p in PARTS},
        "cores_busy": {p: round(used[p] / seconds, 3) for p in PARTS},
        # as the server times them: a move's commit (its group commit included), and from the
        # move reaching the hub to its ack (the commit included)
        "move_commit_ms_mean": _mean_ms(before, after, "commit_seconds", "commits"),
        "act_to_ack_ms_mean": _mean_ms(before, after, "ack_seconds", "acks"),
    }


def run(
    workers: int,
    tables: int,
    processes: int,
    think: float,
    warmup: float,
    seconds: float,
    run_dir: Path,
) -> JSON:
    started = time.monotonic()
    with Cluster(run_dir, workers, port=free_port(), serve_flags=BENCH_FLAGS) as cluster:
        share = [
            tables // processes + (1 if i < tables % processes else 0) for i in range(processes)
        ]
        firsts = [sum(share[:i]) for i in range(processes)]
        context = multiprocessing.get_context("spawn")
        # the clients speak to nginx only and play until they are stopped: the window is timed
        # here, from their first move (spawned interpreters start slowly on a loaded machine)
        playing = START + warmup + seconds
        pool = context.Pool(processes)
        phases = [Phase(time.monotonic(), time.monotonic() + playing, think)]
        try:
            pool.starmap_async(
                client_process,
                [(cluster.url, firsts[i], share[i], phases) for i in range(processes)],
            )
            _first_moves(cluster)
            time.sleep(warmup)
            before = snapshot(cluster)
            time.sleep(seconds)
            after = snapshot(cluster)
        finally:
            pool.terminate()
            pool.join()
        healthy = httpx.get(f"{cluster.url}/healthz", timeout=30.0).status_code == 200
    return {
        "workers": workers,
        "tables": tables,
        "clients": tables * 4,
        "client_processes": processes,
        "think_seconds": think,
        "through": "nginx",
        "store": "postgresql (throwaway cluster, fsync on)",
        **costs(before, after),
        "healthy_at_end": healthy,
        "cpus": os.cpu_count(),
        "load_average_at_end": [round(x, 1) for x in os.getloadavg()],
        "seconds": elapsed(started),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--workers", type=int, default=1, help="`aerodeck serve` processes")
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--think", type=float, default=2.0, help="mean seconds before a move")
    parser.add_argument("--warmup", type=float, default=15.0)
    parser.add_argument("--seconds", type=float, default=60.0, help="the clients' measured time")
    parser.add_argument("--json", type=Path, help="write the summary here")
    parser.add_argument("--run-dir", type=Path, help="keep nginx's and the processes' logs here")
    args = parser.parse_args(argv)
    # the cluster's parts run in sessions of their own: a SIGTERM (`timeout`) stops them as a
    # Ctrl-C does, through the cluster's with block
    signal.signal(signal.SIGTERM, signal.default_int_handler)
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-costs-") as tmp:
        run_dir = args.run_dir or Path(tmp)
        summary = run(
            args.workers,
            args.tables,
            args.processes,
            args.think,
            args.warmup,
            args.seconds,
            run_dir,
        )
    text = json.dumps(summary, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0 if summary["healthy_at_end"] and summary["moves"] > 0 else 1


if __name__ == "__main__":
    sys.exit(main())
