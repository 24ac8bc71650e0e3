"""One server process's capacity: act-to-ack p50/p95/p99 against the offered move rate, on SQLite
and on PostgreSQL, or that of N processes behind nginx (docs/server.md, "Capacity"). A benchmark,
not a test: the figures depend on the machine and on what else runs on it (each run records the
load average around it).

For every store, one server and `benchmarks.web_load`'s clients: ``--tables`` tables of four
human seats, seated during ``--warmup``, then one phase per rate, lowest first, each seat thinking
``tables / rate`` seconds on average before its move, so the tables together offer about ``rate``
moves a second; each phase settles for ``--settle`` seconds, then is measured for ``--seconds``.
The server's CPU seconds per 1,000 moves (from /proc, over the measured window) are the figure
that sharing the machine affects least.

With ``--cluster N`` the same sweep runs against N processes on one throwaway PostgreSQL store
behind nginx (deploy/nginx/'s configuration, as `aerodeck cluster` runs them): the clients seat
and play every table through nginx, which creates the tables on the process with the fewest open
connections and sends every socket of one table (``/ws?table=ID``) to the one process its id
hashes to; the table's lease follows its sockets there, so its moves cross processes only until
then; the server CPU is that of the N processes together (``--stores`` does not apply). Three
processes against one is two runs, back to back, the same but for N.

Run (about 4 minutes): PYTHONPATH=src:. python -m benchmarks.web_capacity --json out.json
     [--rates 100,200,300,500,700] [--stores sqlite,postgresql] [--tables 200] [--seconds 15]
     [--cluster N]

Backs: docs/server.md, "Capacity", and "Several processes: capacity" (``--cluster``).
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import tempfile
import time
from pathlib import Path

from aerodeck.core.api import JSON
from benchmarks.web_common import NginxCluster, elapsed, postgres_cluster
from benchmarks.web_load import play_phases, run_phases

GOAL_P95_MS = 50.0


def _sweep(store: str, url: str, rates: list[float], args: argparse.Namespace) -> list[JSON]:
    """One server on ``url`` (empty: SQLite), or ``--cluster`` processes behind nginx, through
    every rate: a summary per rate."""
    thinks = [args.tables / rate for rate in rates]
    timing = (args.tables, args.processes, thinks, args.warmup, args.seconds, args.settle)
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-capacity-") as tmp:
        if not args.cluster:
            return run_phases(*timing, url, Path(tmp))
        with NginxCluster(Path(tmp), args.cluster) as cluster:
            summaries = play_phases(cluster.base, cluster.pids(), store, *timing)
            healthy = cluster.healthy()
            spread = cluster.moves_per_process()
        return [
            {**summary, "server_healthy_at_end": healthy, "moves_acked_per_process": spread}
            for summary in summaries
        ]


def _curve(store: str, url: str, rates: list[float], args: argparse.Namespace) -> list[JSON]:
    """The sweep on one store; a row per rate."""
    before = os.getloadavg()[0]
    summaries = _sweep(store, url, rates, args)
    after = os.getloadavg()[0]
    rows = []
    for rate, summary in zip(rates, summaries, strict=True):
        p95 = summary["act_to_ack_ms"].get("p95")
        row: JSON = {
            "store": store,
            "server_processes": summary["server_processes"],
            "offered_per_second": rate,
            **{k: summary[k] for k in ("acks_per_second", "act_to_ack_ms", "max_ms")},
            "p95_under_goal": p95 is not None and p95 < GOAL_P95_MS,
            **{k: summary[k] for k in summary if "cpu" in k or k == "server_cores"},
        }
        print(" ".join(f"{k}={v}" for k, v in row.items()), flush=True)
        rows.append(row)
    last = summaries[-1]  # the run's counts, the same in every phase's summary
    return [
        {
            "store": store,
            "server_processes": last["server_processes"],
            "through": "nginx" if args.cluster else "direct",
            "load_average": [round(before, 1), round(after, 1)],
            "clients_seated_before_measuring": last["clients_seated_before_measuring"],
            "refused": last["refused"],
            "server_closes": last["server_closes"],
            "games_failed": last["games_failed"],
            "healthy": last["server_healthy_at_end"],
            "moves_acked_per_process": last.get("moves_acked_per_process", []),
            "rates": rows,
        }
    ]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rates", default="100,200,300,500,700", help="offered moves a second")
    parser.add_argument("--stores", default="sqlite,postgresql")
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--processes", type=int, default=2, help="client processes")
    parser.add_argument("--warmup", type=float, default=30.0, help="seconds to seat the tables")
    parser.add_argument("--seconds", type=float, default=15.0, help="measured time per rate")
    parser.add_argument("--settle", type=float, default=4.0, help="seconds before each next rate")
    parser.add_argument(
        "--cluster",
        type=int,
        default=0,
        metavar="N",
        help="N processes on PostgreSQL behind nginx (instead of one server per store)",
    )
    parser.add_argument("--json", type=Path, help="write the curve here")
    args = parser.parse_args(argv)
    if args.cluster < 0:
        parser.error(f"--cluster takes a number of processes, not {args.cluster}")
    rates = [float(rate) for rate in args.rates.split(",")]
    started = time.monotonic()
    rows: list[JSON] = []  # one per store
    # the cluster makes its own PostgreSQL store
    for store in ["postgresql"] if args.cluster else args.stores.split(","):
        if store not in ("sqlite", "postgresql"):
            parser.error(f"--stores takes sqlite and postgresql, not {store!r}")
        if store == "postgresql" and not args.cluster:
            with postgres_cluster() as url:
                rows += _curve(store, url, rates, args)
        else:
            rows += _curve(store, "", rates, args)
    summary: JSON = {
        "server_processes": args.cluster or 1,
        "through": "nginx" if args.cluster else "direct",
        "tables": args.tables,
        "clients": args.tables * 4,
        "client_processes": args.processes,
        "warmup_seconds": args.warmup,
        "measured_seconds": args.seconds,
        "cores": os.cpu_count(),
        "goal": f"p95 act-to-ack under {GOAL_P95_MS:g} ms",
        "stores": rows,
        "seconds": elapsed(started),
    }
    if args.json:
        args.json.write_text(json.dumps(summary, indent=1) + "\n")
    return 0 if all(row["healthy"] for row in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
