"""Slow-loris against the table server: many sockets that send the start of a request and never
finish its headers, reopened as soon as the server closes them, while a client times the lobby's
calls (create a table, join it, load the lobby page). A benchmark, not a test: the figures
depend on the machine (docs/server.md, "The edge").

One `aerodeck serve` (SQLite, its default limits but for the creation limit, lifted: the lobby
client creates a table every round) is started. The attack leaves from 127.0.0.2, the lobby
client from 127.0.0.1. First the calls are timed with no attack (``--rounds`` rounds), then
``--sockets`` half-open sockets are opened (the issue's attack: held until the server closes
them; with ``--reopen``, each reopened at once, for ``--seconds`` seconds) and the calls are
timed again, round after round, for ``--seconds`` seconds.

With ``--through-nginx`` the same measurement runs against nginx in front of the server, as
`aerodeck cluster` starts them (one server process, a throwaway PostgreSQL cluster, nginx on a
free loopback port), and also counts the half-open sockets that reached the server process
itself (nginx holds them: none expected).

Run: PYTHONPATH=src:. nice -n 10 .venv/bin/python -m benchmarks.web_slowloris --sockets 2300
     --seconds 60 --json out.json [--reopen] [--through-nginx]

Backs: docs/server.md, "The edge: slow-loris" and "Behind a proxy".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any

import httpx

from aerodeck.core.api import JSON
from aerodeck.testing.server import free_port
from aerodeck.web.cluster import Cluster
from benchmarks.web_common import ServerProcess, elapsed, percentiles

PARTIAL = b"GET /healthz HTTP/1.1\r\nHost: x\r\n"  # headers begun, never ended
CALL_TIMEOUT = 30.0  # seconds a timed call may take before it counts as failed
GAME = "aces_versus_aces"
FLAGS = ["--creations-per-ip", "1000000"]


class Counts:
    """The attack's counts, shared with the measuring process."""

    def __init__(self, context: Any) -> None:
        self.opened = context.Value("i", 0)
        self.held = context.Value("i", 0)
        self.closed_by_server = context.Value("i", 0)
        self.refused = context.Value("i", 0)

    @staticmethod
    def add(value: Any, amount: int) -> None:
        with value.get_lock():
            value.value += amount


async def _one_socket(port: int, reopen: bool, stopping: asyncio.Event, counts: Counts) -> None:
    """One half-open socket from 127.0.0.2, reopened when the server closes it if ``reopen``."""
    while not stopping.is_set():
        try:
            reader, writer = await asyncio.open_connection(
                "127.0.0.1", port, local_addr=("127.0.0.2", 0)
            )
        except OSError:
            counts.add(counts.refused, 1)
            await asyncio.sleep(0.1)
            continue
        counts.add(counts.opened, 1)
        counts.add(counts.held, 1)
        try:
            writer.write(PARTIAL)
            await writer.drain()
            stop = asyncio.create_task(stopping.wait())
            read = asyncio.create_task(reader.read())
            done, _ = await asyncio.wait({stop, read}, return_when=asyncio.FIRST_COMPLETED)
            if read in done:
                counts.add(counts.closed_by_server, 1)
            for task in (stop, read):
                task.cancel()
        except OSError:
            counts.add(counts.closed_by_server, 1)
        finally:
            counts.add(counts.held, -1)
            writer.close()
        if not reopen:
            return


def attack(port: int, sockets: int, reopen: bool, seconds: float, counts: Counts) -> None:
    """The attacking process: ``sockets`` half-open sockets for ``seconds`` seconds (its own
    process, so its event loop does not slow the measuring client's)."""

    async def go() -> None:
        stopping = asyncio.Event()
        asyncio.get_running_loop().call_later(seconds, stopping.set)
        await asyncio.gather(*(_one_socket(port, reopen, stopping, counts) for _ in range(sockets)))

    asyncio.run(go())


def _timed_round(client: httpx.Client, base: str) -> dict[str, tuple[int, float]]:
    """Create a table, join its free seat, load the lobby page: (status, seconds) of each."""
    answers: dict[str, tuple[int, float]] = {}

    def call(name: str, method: str, path: str, body: JSON | None = None) -> httpx.Response | None:
        began = time.perf_counter()
        try:
            response = client.request(method, base + path, json=body)
        except httpx.HTTPError:
            answers[name] = (0, time.perf_counter() - began)
            return None
        answers[name] = (response.status_code, time.perf_counter() - began)
        return response

    body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    created = call("create", "POST", "/api/tables", body)
    if created is not None and created.status_code == 201:
        table = created.json()
        invite = table["invites"][0]
        join = {"seat": invite["seat"], "invite": invite["code"]}
        call("join", "POST", f"/api/tables/{table['table']}/join", join)
    call("page", "GET", "/")
    return answers


def _summary(rounds: list[dict[str, tuple[int, float]]]) -> JSON:
    out: JSON = {}
    for name in ("create", "join", "page"):
        got = [r[name] for r in rounds if name in r]
        seconds = [s * 1000 for _, s in got]
        out[name] = {
            "calls": len(got),
            "ok": sum(1 for status, _ in got if status in (200, 201)),
            "statuses": dict(sorted(Counter(str(status) for status, _ in got).items())),
            "status_503": sum(1 for status, _ in got if status == 503),
            "failed": sum(1 for status, _ in got if status == 0),
            "ms": percentiles(seconds),
            "max_ms": round(max(seconds), 1) if seconds else None,
            "over_1s": sum(1 for s in seconds if s > 1000),
        }
    return out


def _measure(base: str, port: int, sockets: int, reopen: bool, rounds: int, seconds: float) -> JSON:
    context = multiprocessing.get_context("spawn")
    counts = Counts(context)
    # a browser's Origin: the lobby page's session cookie rides on the next create (same_origin.py)
    with httpx.Client(timeout=CALL_TIMEOUT, headers={"Origin": base}) as client:
        calm = [_timed_round(client, base) for _ in range(rounds)]
        attacker = context.Process(target=attack, args=(port, sockets, reopen, seconds, counts))
        attacker.start()
        began = time.monotonic()
        while counts.opened.value < sockets and time.monotonic() - began < min(seconds, 10):
            time.sleep(0.1)  # the sockets are open (or ten seconds went by)
        opened_in = time.monotonic() - began
        under: list[dict[str, tuple[int, float]]] = []
        held_seen = []
        all_closed_in: float | None = None
        while time.monotonic() - began < seconds:
            under.append(_timed_round(client, base))
            held_seen.append(counts.held.value)
            if not reopen and counts.held.value == 0 and all_closed_in is None:
                all_closed_in = round(time.monotonic() - began, 1)
            time.sleep(0.2)
        attacker.join(CALL_TIMEOUT)
        if attacker.is_alive():
            attacker.kill()
            attacker.join(CALL_TIMEOUT)
    return {
        "calm": _summary(calm),
        "under_attack": _summary(under),
        "sockets_opened": counts.opened.value,
        "seconds_to_open_all": round(opened_in, 1),
        "seconds_until_all_closed": all_closed_in,
        "closed_by_server": counts.closed_by_server.value,
        "connects_refused": counts.refused.value,
        "attack_sockets_open_at_a_round": {
            "min": min(held_seen, default=0),
            "max": max(held_seen, default=0),
        },
    }


def run(sockets: int, reopen: bool, seconds: float, rounds: int, data_dir: Path) -> JSON:
    started = time.monotonic()
    with ServerProcess(data_dir, flags=FLAGS) as server:
        measured = _measure(server.base, server.port, sockets, reopen, rounds, seconds)
        healthy = server.healthy()
    return {
        "sockets": sockets,
        "reopened": reopen,
        "hold_seconds": seconds,
        **measured,
        "server_healthy_at_end": healthy,
        "seconds": elapsed(started),
    }


def run_through_nginx(
    sockets: int, reopen: bool, seconds: float, rounds: int, run_dir: Path
) -> JSON:
    started = time.monotonic()
    with Cluster(run_dir, 1, port=free_port(), serve_flags=FLAGS) as cluster:
        measured = _measure(cluster.url, cluster.port, sockets, reopen, rounds, seconds)
        healthy = httpx.get(f"{cluster.url}/healthz", timeout=CALL_TIMEOUT).status_code == 200
        behind = httpx.get(f"http://{cluster.workers[0].address}/metrics", timeout=CALL_TIMEOUT)
    reached = sum(
        float(line.rsplit(" ", 1)[1])
        for line in behind.text.splitlines()
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
    parser.add_argument("--seconds", type=float, default=60.0, help="how long they are held")
    parser.add_argument(
        "--reopen", action="store_true", help="reopen each socket as soon as it is closed"
    )
    parser.add_argument("--rounds", type=int, default=10, help="rounds timed before the attack")
    parser.add_argument(
        "--through-nginx", action="store_true", help="attack nginx in front of the server"
    )
    parser.add_argument("--json", type=Path, help="write the summary here")
    args = parser.parse_args(argv)
    signal.signal(signal.SIGTERM, signal.default_int_handler)  # servers stopped in order
    measure = run_through_nginx if args.through_nginx else run
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-slowloris-") as tmp:
        summary = measure(args.sockets, args.reopen, args.seconds, args.rounds, Path(tmp))
    text = json.dumps(summary, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
