"""The table server behind Debian's nginx, as `aerodeck cluster` runs it (deploy/nginx/,
docs/deploy.md): a game played through the proxy, half-open sockets against nginx, a forged
X-Forwarded-For, a body over the limit, and the cluster command started and stopped.

One cluster (one server process on a PostgreSQL database, nginx on a free loopback port) serves
the module. Each test speaks from a loopback address of its own (127.0.0.x), so the per-address
limits of one test never meet another's. Skipped with one line without nginx (`make nginx`).
"""

from __future__ import annotations

import asyncio
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets

from aerodeck.core.errors import ConfigError
from aerodeck.testing.server import child_environment, free_port
from aerodeck.web.cluster import Cluster
from aerodeck.web.cluster.nginx import binary
from aerodeck.web.cluster.workers import Worker
from tests.benchmark_runs import read_json, run_benchmark
from tests.web.server import Client

pytestmark = pytest.mark.slow

GAME = "aces_versus_aces"
CREATIONS = 3  # per client address, as the server counts them
HALF_OPEN = 300
HEADER_TIMEOUT = 5.0  # nginx's client_header_timeout (deploy/nginx/aerodeck.conf)
BOUND = 30.0  # seconds any wait of these tests may take before it is a failure
FLAGS = ["--creations-per-ip", str(CREATIONS)]
MOVES = 4  # the moves of the two-process game


def _nginx_or_skip() -> None:
    try:
        binary()
    except ConfigError as missing:
        pytest.skip(str(missing))


@pytest.fixture(scope="module")
def cluster(
    tmp_path_factory: pytest.TempPathFactory, postgres_cluster: Callable[[], str]
) -> Iterator[Cluster]:
    _nginx_or_skip()
    run_dir = tmp_path_factory.mktemp("proxy")
    running = Cluster(run_dir, 1, port=free_port(), database=postgres_cluster(), serve_flags=FLAGS)
    with running:
        yield running


def http_from(address: str) -> httpx.Client:
    """An HTTP client whose requests leave from ``address`` (a 127.0.0.x of the test's own)."""
    return httpx.Client(transport=httpx.HTTPTransport(local_address=address), timeout=BOUND)


def create(client: httpx.Client, base: str, **more: Any) -> httpx.Response:
    body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    return client.post(f"{base}/api/tables", json=body | more)


def ws_url(cluster: Cluster) -> str:
    return cluster.url.replace("http://", "ws://") + "/ws"


# --- playing --------------------------------------------------------------------------------


async def _play(url: str, table: str, token: str, moves: int) -> list[int]:
    """``moves`` moves of seat 0 against the server's bot; the version of each ack."""
    client = Client(url, table, token)
    frame = await client.connect()
    acked: list[int] = []
    due = 0  # the version of the next move of ours
    for _ in range(500):
        if len(acked) == moves or frame["type"] == "end":
            break
        ours = frame["type"] in ("welcome", "update") and frame["legal"]
        if ours and frame["version"] >= due:
            await client.act(f"m{len(acked)}", frame["version"], frame["legal"][0])
            due = (await client.until("ack"))["version"]
            acked.append(due)
        frame = await client.recv()
    await client.close()
    return acked


def test_a_game_is_played_over_a_websocket_through_nginx(cluster: Cluster) -> None:
    with http_from("127.0.0.3") as client:
        created = create(
            client,
            cluster.url,
            seats=[{"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
            claim=0,
        )
    assert created.status_code == 201, created.text
    table = created.json()
    acked = asyncio.run(_play(ws_url(cluster), table["table"], table["token"], 3))
    assert len(acked) == 3 and acked == sorted(acked)


# --- slow-loris -----------------------------------------------------------------------------

Held = list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]


async def _hold_half_open(port: int, count: int) -> Held:
    """``count`` sockets from 127.0.0.2 that begin a request and never finish its headers."""
    held = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=("127.0.0.2", 0)
        )
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        await writer.drain()
        held.append((reader, writer))
    return held


async def _closed_by_nginx(held: Held) -> int:
    """How many of the ``held`` sockets nginx closed (each read bounded)."""
    ends = await asyncio.gather(
        *(asyncio.wait_for(reader.read(), BOUND) for reader, _ in held), return_exceptions=True
    )
    for _, writer in held:
        writer.close()
    return sum(1 for end in ends if end == b"")


def _timed(call: Callable[[], httpx.Response]) -> tuple[float, int]:
    began = time.perf_counter()
    status = call().status_code
    return time.perf_counter() - began, status


def test_half_open_sockets_against_nginx_leave_the_lobby_answering(cluster: Cluster) -> None:
    base = cluster.url

    async def scenario() -> tuple[list[tuple[float, int]], int, float]:
        with http_from("127.0.0.6") as client:
            held = await _hold_half_open(cluster.port, HALF_OPEN)
            opened = time.monotonic()
            began = time.perf_counter()
            created = await asyncio.to_thread(create, client, base)
            create_took = time.perf_counter() - began
            table = created.json()
            invite = table["invites"][0]
            # the link names the proxy's port: nginx passes the Host header on with it
            assert invite["link"].startswith(f"{base}/t/")
            join = {"seat": invite["seat"], "invite": invite["code"]}
            join_url = f"{base}/api/tables/{table['table']}/join"
            joined = await asyncio.to_thread(_timed, lambda: client.post(join_url, json=join))
            page = await asyncio.to_thread(_timed, lambda: client.get(f"{base}/"))
        answers = [(create_took, created.status_code), joined, page]
        closed = await _closed_by_nginx(held)
        return answers, closed, time.monotonic() - opened

    answers, closed, held_for = asyncio.run(scenario())
    assert [status for _, status in answers] == [201, 200, 200]
    assert max(seconds for seconds, _ in answers) < 1.0, answers
    # nginx's client_header_timeout closed every one of them, the last ones opened when it ran
    # out for them (the first ones a little earlier: they were opened first)
    assert closed == HALF_OPEN
    assert held_for >= HEADER_TIMEOUT - 0.5


# --- forwarded addresses --------------------------------------------------------------------


def test_a_forged_forwarded_for_through_nginx_is_not_the_client_s_address(
    cluster: Cluster,
) -> None:
    with http_from("127.0.0.4") as client:
        statuses = [create(client, cluster.url).status_code for _ in range(CREATIONS + 1)]
        forged = client.post(
            f"{cluster.url}/api/tables",
            json={"game": GAME, "players": 2},
            headers={"X-Forwarded-For": "10.9.9.9", "X-Real-IP": "10.9.9.9"},
        )
    # the server counts 127.0.0.4 (nginx set the header to its peer), not nginx's 127.0.0.1
    # and not the forged address
    assert statuses == [201] * CREATIONS + [429]
    assert forged.status_code == 429
    with http_from("127.0.0.5") as other:  # another client address has its own count
        assert create(other, cluster.url).status_code == 201


# --- request size ---------------------------------------------------------------------------


def test_a_body_over_the_limit_is_refused_by_nginx(cluster: Cluster) -> None:
    oversized = b'{"game": "' + b"a" * (70 * 1024) + b'"}'
    with http_from("127.0.0.7") as client:
        refused = client.post(
            f"{cluster.url}/api/tables",
            content=oversized,
            headers={"Content-Type": "application/json"},
        )
        within = client.post(f"{cluster.url}/api/tables", json={"game": "x" * (32 * 1024)})
    assert refused.status_code == 413
    assert "the proxy" in refused.json()["detail"]  # nginx's answer, not the server's
    assert within.status_code == 422  # a body under the limit reaches the server


# --- per-address limits in nginx -----------------------------------------------------------

PER_ADDRESS = 64  # limit_conn in deploy/nginx/aerodeck.conf


def test_one_address_holds_at_most_64_connections_through_nginx(cluster: Cluster) -> None:
    async def open_many() -> tuple[int, int]:
        held, refused = [], 0
        for _ in range(PER_ADDRESS + 2):
            try:
                held.append(
                    await websockets.connect(
                        ws_url(cluster), local_addr=("127.0.0.9", 0), open_timeout=BOUND
                    )
                )
            except websockets.InvalidStatus as error:
                assert error.response.status_code == 429
                refused += 1
        for ws in held:
            await ws.close()
        return len(held), refused

    # limit_req (20 a second, bursts of 60) may refuse a few before limit_conn does: at most
    # 64 are ever held, and every refusal is a 429
    held, refused = asyncio.run(open_many())
    assert held <= PER_ADDRESS and refused >= 2 and held + refused == PER_ADDRESS + 2
    # the connections closed, the address is served again: once nginx has let their slots go
    # and the request rate's burst has drained (20 a second), so a 429 may come first
    answers = []
    with http_from("127.0.0.9") as client:
        for _ in range(int(BOUND / 0.05)):
            answers.append(client.get(f"{cluster.url}/healthz").status_code)
            if answers[-1] != 429:
                break
            time.sleep(0.05)
    assert answers[-1] == 200 and set(answers[:-1]) <= {429}, answers


# --- several processes on one store ---------------------------------------------------------


TRIES = 30  # tables created until nginx routes one away from its creator (half of them are)


def _healthz(worker: Worker) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"http://{worker.address}/healthz", timeout=BOUND).json()
    return answer


def _bot_moves(worker: Worker) -> float:
    text = httpx.get(f"http://{worker.address}/metrics", timeout=BOUND).text
    found = re.search(r'^aerodeck_moves_total\{source="bot"\} (\S+)$', text, re.M)
    return float(found.group(1)) if found else 0.0


async def _until(check: Callable[[], bool], what: str) -> None:
    for _ in range(int(BOUND / 0.05)):
        if check():
            return
        await asyncio.sleep(0.05)
    raise AssertionError(f"not within {BOUND:.0f} s: {what}")


def test_a_table_s_sockets_meet_on_one_process_and_its_lease_follows_them(
    tmp_path: Path, postgres_cluster: Callable[[], str]
) -> None:
    _nginx_or_skip()
    flags = ["--lease-seconds", "2"]  # a round every 0.67 s
    with Cluster(
        tmp_path, 2, port=free_port(), database=postgres_cluster(), serve_flags=flags
    ) as two:
        creator, serving = two.workers
        seats = [{"kind": "human"}, {"kind": "bot", "bot": "random"}]
        body = {"game": GAME, "players": 2, "claim": 0, "seats": seats}

        async def run() -> tuple[list[int], list[float], list[float], dict[str, Any]]:
            # tables created on one process (it takes the lease: it runs the bot), until nginx
            # sends one's sockets (a seat and a watcher, ?table=) to the other process
            for _ in range(TRIES):
                url = f"http://{creator.address}/api/tables"
                created = httpx.post(url, json=body, timeout=BOUND).json()
                table, token = created["table"], created["token"]
                held = _healthz(creator)["tables"]
                seat, watcher = Client(ws_url(two), table, token), Client(ws_url(two), table, None)
                for client in (seat, watcher):
                    assert (await client.connect())["type"] == "welcome"
                counts = [_healthz(worker)["connections"] for worker in two.workers]
                assert counts in ([2, 0], [0, 2]), f"a table's sockets on two processes: {counts}"
                if counts == [0, 2]:
                    break
                for client in (seat, watcher):
                    await client.close()
                await _until(lambda: _healthz(creator)["connections"] == 0, "the sockets closed")
            else:
                raise AssertionError(f"nginx sent no table of {TRIES} away from its creator")
            # the creator hands the lease over and lets the table go
            await _until(lambda: _healthz(creator)["tables"] == held - 1, "the creator let go")
            # the table's lobby calls go where its sockets went (least_conn would send some of
            # them to the creator, which would read the table back into its memory)
            for _ in range(6):
                got = httpx.get(f"{two.url}/api/tables/{table}", timeout=BOUND)
                assert got.status_code == 200, got.text
            assert _healthz(creator)["tables"] == held - 1, "a lobby call reached the creator"
            bots = [_bot_moves(worker) for worker in two.workers]
            await seat.close()
            acked = await _play(ws_url(two), table, token, MOVES)
            await _until(lambda: _bot_moves(serving) > bots[1], "the bot moved on the other")
            after = [_bot_moves(worker) for worker in two.workers]
            # a socket without ?table= still plays, on whichever process nginx picks
            plain = Client(ws_url(two), table, token)
            plain.ws = await websockets.connect(ws_url(two), max_size=None)
            await plain.send({"type": "hello", "table": table, "token": token})
            welcome = await plain.until("welcome")
            for client in (watcher, plain):
                await client.close()
            return acked, bots, after, welcome

        acked, bots, after, welcome = asyncio.run(run())
    assert len(acked) == MOVES and acked == sorted(acked)
    assert after[0] == bots[0], "the creator ran the bot after it handed the lease over"
    assert after[1] > bots[1]
    assert welcome["version"] >= acked[-1]


# --- the command ----------------------------------------------------------------------------


def _refused(port: int) -> bool:
    with socket.socket() as sock:
        sock.settimeout(BOUND)
        return sock.connect_ex(("127.0.0.1", port)) != 0


def test_the_cluster_command_serves_and_stops_everything_on_ctrl_c(tmp_path: Path) -> None:
    _nginx_or_skip()
    port = free_port()
    # started as from a terminal, with SIGINT at its default: a test run that a script started
    # in the background (`make test &`: the shell makes it ignore SIGINT) passes SIGINT down
    # ignored, Python then keeps ignoring it, and the Ctrl-C below would never reach the command
    command = ["env", "--default-signal=INT", sys.executable, "-m", "aerodeck.cli.app"]
    command += ["cluster", "--port", str(port)]
    command += ["--run-dir", str(tmp_path / "run"), "--", "--max-tables", "5"]
    out = tmp_path / "out.txt"
    env = child_environment()
    env.pop("AEROCLUSTER_DATABASE_URL", None)  # the throwaway PostgreSQL cluster
    with out.open("wb") as sink:
        running = subprocess.Popen(command, stdout=sink, stderr=subprocess.STDOUT, env=env)
    try:
        for _ in range(1200):  # x 0.1 s: initdb, a server process, nginx on a loaded machine
            if "Ctrl-C" in out.read_text() or running.poll() is not None:
                break
            time.sleep(0.1)
        text = out.read_text()
        assert f"lobby at http://127.0.0.1:{port}/" in text, text
        assert httpx.get(f"http://127.0.0.1:{port}/healthz", timeout=BOUND).status_code == 200
        ports = [int(p) for p in re.findall(r"127\.0\.0\.1:(\d+)", text)]
        running.send_signal(signal.SIGINT)
        try:
            assert running.wait(timeout=60) == 0
        except subprocess.TimeoutExpired:  # say which part did not stop
            logs = sorted((tmp_path / "run").rglob("*.log"))
            tails = {log.name: log.read_text(errors="replace")[-600:] for log in logs}
            raise AssertionError(f"the cluster did not stop: {out.read_text()} {tails}") from None
    finally:
        if running.poll() is None:  # a failure above: SIGTERM stops the parts too
            running.terminate()
            running.wait(timeout=60)
    assert "stopping" in out.read_text()
    # nginx, the server process and PostgreSQL are gone: nothing listens on their ports
    assert len(ports) >= 3 and all(_refused(p) for p in ports)


def test_the_cluster_command_refuses_a_sqlite_store_in_one_line() -> None:
    command = [sys.executable, "-m", "aerodeck.cli.app", "cluster"]
    command += ["--database", "sqlite+aiosqlite:///x.sqlite3"]
    done = subprocess.run(
        command, capture_output=True, env=child_environment(), timeout=BOUND * 2, check=False
    )
    assert done.returncode == 2
    assert done.stderr.decode().strip().splitlines() == [
        "error: the cluster's processes share a PostgreSQL store, not SQLite"
    ]


# --- the cost benchmark (docs/scale.md) -----------------------------------------------------


def test_the_cost_benchmark_measures_each_part_through_nginx(tmp_path: Path) -> None:
    _nginx_or_skip()
    out = tmp_path / "costs.json"
    argv = ["--tables", "2", "--processes", "1", "--think", "0.1", "--warmup", "2"]
    run_benchmark("web_costs", *argv, "--seconds", "4", "--json", str(out))
    summary = read_json(out)
    assert summary["moves"] > 0 and summary["healthy_at_end"]
    costs = summary["cpu_seconds_per_1000_moves"]
    # a few seconds of a small load: nginx and PostgreSQL may stay under the clock's tick
    assert set(costs) == {"servers", "postgresql", "nginx"} and costs["servers"] > 0
    assert min(costs.values()) >= 0
