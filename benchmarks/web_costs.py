"""The CPU cost of a move in each part of the cluster: the `aerodeck serve` processes, PostgreSQL
and nginx, measured under benchmarks/web_load.py's clients playing through the proxy at a
moderate rate (docs/scale.md). A benchmark, not a test: the figures depend on the machine.

`aerodeck cluster`'s parts are started (``--workers`` processes, a throwaway PostgreSQL cluster
with fsync on, nginx on a free loopback port); web_load's client processes seat ``--tables``
tables of four human seats through nginx and play them. After ``--warmup`` seconds, each part's
CPU time is read from /proc (user + system of every process of its tree, reaped children
included: the processes' bot threads, PostgreSQL's backends and writers, nginx's workers), with
the moves the processes have stored (their /metrics); again ``--seconds`` later. The cost of a
part is its CPU seconds per 1,000 moves over that window. CPU time, not wall time: it holds when
the machine is shared, as long as no part runs short of a core.

Run: PYTHONPATH=src:. nice -n 10 .venv/bin/python -m benchmarks.web_costs --tables 100
     --seconds 60 --json docs/results/web-costs.json

Backs: docs/scale.md, "Measured".
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
import re
import sys
import tempfile
import time
from pathlib import Path

import httpx

from aerodeck.core.api import JSON
from aerodeck.testing.server import free_port
from aerodeck.web.cluster import Cluster
from benchmarks.web_common import BENCH_FLAGS, elapsed, percentiles
from benchmarks.web_load import client_process

TICKS = os.sysconf("SC_CLK_TCK")
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


def _series(text: str, name: str) -> float:
    """The sum of every sample of ``name`` (all labels) in a Prometheus text answer."""
    pattern = re.compile(rf"^{re.escape(name)}(?:\{{[^}}]*\}})? (\S+)$", re.MULTILINE)
    return sum(float(value) for value in pattern.findall(text))


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
    for name in ("moves", "commits", "commit_seconds"):
        taken[name] = 0.0
    for worker in cluster.workers:
        text = httpx.get(f"http://{worker.address}/metrics", timeout=30.0).text
        taken["moves"] += _series(text, "aerodeck_moves_total")
        taken["commits"] += _series(text, "aerodeck_store_commit_seconds_count")
        taken["commit_seconds"] += _series(text, "aerodeck_store_commit_seconds_sum")
    return taken


def costs(before: Snapshot, after: Snapshot) -> JSON:
    """CPU seconds per 1,000 moves of each part between two snapshots."""
    moves = after["moves"] - before["moves"]
    seconds = after["at"] - before["at"]
    per_thousand = {
        part: round((after[f"{part}_cpu"] - before[f"{part}_cpu"]) / moves * 1000, 3)
        for part in ("servers", "postgresql", "nginx")
    }
    commits = after["commits"] - before["commits"]
    return {
        "window_seconds": round(seconds, 1),
        "moves": int(moves),
        "moves_per_second": round(moves / seconds, 1),
        "cpu_seconds_per_1000_moves": per_thousand,
        "cores_busy": {
            part: round((after[f"{part}_cpu"] - before[f"{part}_cpu"]) / seconds, 3)
            for part in ("servers", "postgresql", "nginx")
        },
        # each move's commit as the server times it (its group commit included)
        "move_commit_ms_mean": round(
            (after["commit_seconds"] - before["commit_seconds"]) / commits * 1000, 2
        )
        if commits
        else None,
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
        with context.Pool(processes) as pool:
            # the clients speak to nginx only; their own clock runs warm-up then seconds
            pending = pool.starmap_async(
                client_process,
                [
                    (cluster.url, str(run_dir), firsts[i], share[i], think, warmup, seconds)
                    for i in range(processes)
                ],
            )
            time.sleep(warmup + 5.0)  # their start-up (spawned interpreters) and warm-up
            before = snapshot(cluster)
            time.sleep(seconds - 10.0)  # ends before the clients' own window
            after = snapshot(cluster)
            parts = pending.get(timeout=warmup + seconds + 300)
        healthy = httpx.get(f"{cluster.url}/healthz", timeout=30.0).status_code == 200
    samples = [s for part in parts for s in part["samples"]]
    return {
        "workers": workers,
        "tables": tables,
        "clients": tables * 4,
        "client_processes": processes,
        "think_seconds": think,
        "through": "nginx",
        "store": "postgresql (throwaway cluster, fsync on)",
        **costs(before, after),
        "act_to_ack_ms": percentiles(samples),
        "acks_measured_by_clients": len(samples),
        "refused": sum(p["refused"] for p in parts),
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
    parser.add_argument("--seconds", type=float, default=60.0, help="measured time (> 10)")
    parser.add_argument("--json", type=Path, help="write the summary here")
    parser.add_argument("--run-dir", type=Path, help="keep nginx's and the processes' logs here")
    args = parser.parse_args(argv)
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
