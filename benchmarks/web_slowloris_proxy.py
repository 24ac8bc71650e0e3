"""benchmarks/web_slowloris.py's attack against nginx in front of the server, as `aerodeck
cluster` runs it (docs/server.md, "Behind a proxy"). A benchmark, not a test.

The cluster's parts are started (one server process, creation limit lifted; a throwaway
PostgreSQL cluster; nginx on a free loopback port). The lobby calls (create a table, join it,
load the lobby page) are timed from 127.0.0.1 through nginx in calm rounds, then ``--sockets``
half-open sockets from 127.0.0.2 are opened against nginx (held, or with ``--reopen`` reopened
as soon as they are closed) and the calls are timed again for ``--seconds`` seconds: the same
measurement as web_slowloris.py's, with nginx where the server was.

Run: PYTHONPATH=src:. .venv/bin/python -m benchmarks.web_slowloris_proxy --sockets 2300
     --seconds 30 --json out.json [--reopen]

Backs: docs/server.md, "Behind a proxy".
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import tempfile
import time
from pathlib import Path

import httpx

from aerodeck.core.api import JSON
from aerodeck.testing.server import free_port
from aerodeck.web.cluster import Cluster
from benchmarks.web_common import elapsed
from benchmarks.web_slowloris import FLAGS, _measure


def run(sockets: int, reopen: bool, seconds: float, rounds: int, run_dir: Path) -> JSON:
    started = time.monotonic()
    with Cluster(run_dir, 1, port=free_port(), serve_flags=FLAGS) as cluster:
        measured = _measure(cluster.url, cluster.port, sockets, reopen, rounds, seconds)
        healthy = httpx.get(f"{cluster.url}/healthz", timeout=30.0).status_code == 200
        behind = httpx.get(f"http://{cluster.workers[0].address}/metrics", timeout=30.0).text
    # half-open sockets that reached the server process itself (nginx holds them): none expected
    reached = sum(
        float(line.rsplit(" ", 1)[1])
        for line in behind.splitlines()
        if line.startswith("aerodeck_header_wait_closed_total")
    )
    return {
        "through": "nginx",
        "sockets": sockets,
        "reopened": reopen,
        "hold_seconds": seconds,
        **measured,
        "closed_by_the_server_process_itself": reached,
        "healthy_at_end": healthy,
        "seconds": elapsed(started),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sockets", type=int, default=2300, help="half-open sockets held")
    parser.add_argument("--seconds", type=float, default=30.0, help="how long they are held")
    parser.add_argument(
        "--reopen", action="store_true", help="reopen each socket as soon as it is closed"
    )
    parser.add_argument("--rounds", type=int, default=10, help="rounds timed before the attack")
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # the cluster is stopped
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-slowloris-proxy-") as tmp:
        summary = run(args.sockets, args.reopen, args.seconds, args.rounds, Path(tmp))
    text = json.dumps(summary, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
