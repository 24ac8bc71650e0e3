"""The hardened edge against one real server process on loopback (docs/server.md, The edge):
half-open sockets, forged X-Forwarded-For, wrong types, wrong tokens, spectators, security
headers, metrics and the readiness check.

Each test speaks from a loopback address of its own (127.0.0.x: Linux routes all of 127/8 to
the loopback), so the per-address limits of one test never meet another's.
"""

from __future__ import annotations

import asyncio
import importlib
import inspect
import re
import time
from collections.abc import Callable, Iterator
from typing import Any

import httpx
import pytest
import websockets
from pydantic import BaseModel, ValidationError

from tests.web.server import Client, Server

GAME = "aces_versus_aces"
HALF_OPEN = 300  # the 2,300: benchmarks/web_slowloris.py
HEADER_TIMEOUT = 2.0
WRONG_PER_ADDRESS = 3
WRONG_PER_TABLE = 6
CREATIONS = 5  # per address; the tests that use 127.0.0.1 create four tables
SPECTATOR_IDLE = 4.0
BOUND = 30.0  # seconds any wait of these tests may take before it is a failure
ARGS = [
    "--creations-per-ip",
    str(CREATIONS),
    "--header-timeout",
    str(HEADER_TIMEOUT),
    "--wrong-secrets-per-address",
    str(WRONG_PER_ADDRESS),
    "--wrong-secrets-per-table",
    str(WRONG_PER_TABLE),
    "--max-table-spectators",
    "1",
    "--spectator-idle",
    str(SPECTATOR_IDLE),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("edge") / "serve", "", *ARGS).start()
    yield running
    running.stop()


def http_from(address: str) -> httpx.Client:
    """An HTTP client whose requests leave from ``address`` (a 127.0.0.x of the test's own)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(transport=transport, timeout=BOUND)


def create(client: httpx.Client, server: Server) -> httpx.Response:
    body = {"game": GAME, "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}
    return client.post(f"{server.base}/api/tables", json=body)


# --- slow-loris -----------------------------------------------------------------------------


Held = list[tuple[asyncio.StreamReader, asyncio.StreamWriter]]


async def _hold_half_open(port: int, count: int) -> Held:
    """``count`` sockets that send the start of a request and never finish its headers (the
    writers are kept: a writer collected closes its socket)."""
    held = []
    for _ in range(count):
        reader, writer = await asyncio.open_connection(
            "127.0.0.1", port, local_addr=("127.0.0.2", 0)
        )
        writer.write(b"GET /healthz HTTP/1.1\r\nHost: x\r\n")
        await writer.drain()
        held.append((reader, writer))
    return held


async def _all_closed(held: Held) -> int:
    """How many of the ``held`` sockets the server closed (each read bounded)."""
    ends = await asyncio.gather(
        *(asyncio.wait_for(reader.read(), BOUND) for reader, _ in held), return_exceptions=True
    )
    for _, writer in held:
        writer.close()
    return sum(1 for end in ends if end == b"")


def _timed(call: Any) -> tuple[float, httpx.Response]:
    began = time.perf_counter()
    response = call()
    return time.perf_counter() - began, response


def test_half_open_sockets_leave_the_lobby_answering(server: Server) -> None:
    def fresh(call: Callable[[httpx.Client], httpx.Response]) -> tuple[float, httpx.Response]:
        """One call on a connection of its own. A kept-alive connection waits for its next
        headers like any other and is pushed out or timed out the same way (a browser retries
        a request whose reused connection was closed under it; httpx does not)."""
        with http_from("127.0.0.3") as client:
            return _timed(lambda: call(client))

    async def scenario() -> tuple[list[tuple[float, int]], int]:
        assert fresh(lambda c: create(c, server))[1].status_code == 201  # the game's first table
        held = await _hold_half_open(server.port, HALF_OPEN)
        created = await asyncio.to_thread(fresh, lambda c: create(c, server))
        table = created[1].json()
        invite = table["invites"][0]
        join_body = {"seat": invite["seat"], "invite": invite["code"]}
        join_url = f"{server.base}/api/tables/{table['table']}/join"
        joined = await asyncio.to_thread(fresh, lambda c: c.post(join_url, json=join_body))
        page = await asyncio.to_thread(fresh, lambda c: c.get(f"{server.base}/"))
        answers = [(s, r.status_code) for s, r in (created, joined, page)]
        return answers, await _all_closed(held)

    answers, closed = asyncio.run(scenario())
    assert [status for _, status in answers] == [201, 200, 200]
    assert max(seconds for seconds, _ in answers) < 1.0, answers
    assert closed == HALF_OPEN  # pushed out by newer ones, or timed out after two seconds
    metrics = server.get("/metrics").text
    timed_out = _series(metrics, 'aerodeck_header_wait_closed_total{why="timeout"}')
    pushed_out = _series(metrics, 'aerodeck_header_wait_closed_total{why="pushed_out"}')
    assert timed_out + pushed_out >= HALF_OPEN  # which of the two: how fast they were opened


def test_a_kept_alive_connection_is_not_cut_while_it_is_used(server: Server) -> None:
    with http_from("127.0.0.3") as client:
        for _ in range(3):
            assert client.get(f"{server.base}/healthz").status_code == 200


# --- forwarded addresses --------------------------------------------------------------------


def test_a_forged_forwarded_for_does_not_reset_the_creation_limit(server: Server) -> None:
    body = {"game": GAME, "players": 2}
    with http_from("127.0.0.4") as client:
        statuses = [
            client.post(f"{server.base}/api/tables", json=body).status_code
            for _ in range(CREATIONS + 1)
        ]
        assert statuses == [201] * CREATIONS + [429]
        forged = client.post(
            f"{server.base}/api/tables", json=body, headers={"X-Forwarded-For": "10.9.9.9"}
        )
    assert forged.status_code == 429


def test_a_configured_proxy_s_forwarded_for_names_the_client(
    new_server: Callable[..., Server],
) -> None:
    proxied = new_server("", None, "--forwarded-allow-ips", "127.0.0.1", "--creations-per-ip", "1")
    body = {"game": GAME, "players": 2}

    def created(source: str, forwarded: str) -> int:
        with http_from(source) as client:
            answer = client.post(
                f"{proxied.base}/api/tables", json=body, headers={"X-Forwarded-For": forwarded}
            )
        return answer.status_code

    # through the proxy: each forwarded address is a client of its own
    assert [created("127.0.0.1", "10.0.0.1") for _ in range(2)] == [201, 429]
    assert created("127.0.0.1", "10.0.0.2") == 201
    # a peer that is not the proxy is itself, whatever it forwards
    assert [created("127.0.0.9", f"10.0.1.{n}") for n in range(2)] == [201, 429]


# --- strict types ---------------------------------------------------------------------------

ROUTER_MODULES = ["bodies", "chat", "accounts", "api_tokens"]
# a value of each JSON type; a field refuses every value whose type its schema does not allow
OF_JSON_TYPE: dict[str, list[Any]] = {
    "string": ["60", "0", "yes", "true"],
    "integer": [60, 0, 1],
    "boolean": [True, False],
    "number": [1.0, 0.5],
    "object": [{"a": 1}],
    "array": [[1]],
}


def _bodies() -> list[type[BaseModel]]:
    found = []
    for name in ROUTER_MODULES:
        module = importlib.import_module(f"aerodeck.web.routers.{name}")
        for _, value in inspect.getmembers(module, inspect.isclass):
            ours = value.__module__ == module.__name__
            if ours and issubclass(value, BaseModel) and value.model_fields:
                found.append(value)
    return found


def _json_types(schema: dict[str, Any]) -> set[str]:
    """The JSON types a property's schema allows (number allows integer, as JSON does)."""
    kinds: set[str] = set()
    for option in schema.get("anyOf", [schema]):
        if "type" in option:
            kinds.add(option["type"])
        elif "$ref" in option:
            kinds.add("object")
        elif "const" in option or "enum" in option:
            kinds.update({type(v).__name__ for v in option.get("enum", [option.get("const")])})
    kinds = {{"str": "string", "int": "integer", "bool": "boolean"}.get(k, k) for k in kinds}
    return kinds | ({"integer"} if "number" in kinds else set())


def _field_refused(model: type[BaseModel], field: str, value: Any) -> bool:
    try:
        model.model_validate({field: value})
    except ValidationError as error:
        return any(e["loc"][:1] == (field,) and e["type"] != "missing" for e in error.errors())
    return False


@pytest.mark.parametrize("model", _bodies(), ids=lambda m: m.__name__)
def test_every_body_field_refuses_a_value_of_another_json_type(model: type[BaseModel]) -> None:
    properties = model.model_json_schema()["properties"]
    coerced = []
    for field, schema in properties.items():
        allowed = _json_types(schema)
        assert allowed, f"{model.__name__}.{field}: no JSON type read from {schema}"
        for kind, values in OF_JSON_TYPE.items():
            if kind in allowed:
                continue
            coerced += [(field, v) for v in values if not _field_refused(model, field, v)]
    assert coerced == []


@pytest.mark.parametrize(
    ("field", "value"), [("clock", "60"), ("claim", "0"), ("listed", "yes"), ("players", "2")]
)
def test_a_string_where_a_number_or_yes_no_is_due_is_a_422(
    server: Server, field: str, value: str
) -> None:
    body = {"game": GAME, "players": 2, field: value}
    response = httpx.post(f"{server.base}/api/tables", json=body, timeout=BOUND)
    assert response.status_code == 422, response.text
    assert response.json()["detail"].startswith(f"{field}:")


# --- wrong tokens ---------------------------------------------------------------------------


def _close_code(port: int, address: str, table: str, token: str) -> int:
    async def hello() -> int:
        ws = await websockets.connect(
            f"ws://127.0.0.1:{port}/ws", local_addr=(address, 0), open_timeout=BOUND
        )
        client = Client("", table, token)
        client.ws = ws
        await client.send({"type": "hello", "table": table, "token": token})
        return await client.closed_with()

    return asyncio.run(hello())


def test_wrong_tokens_are_slowed_down_per_address_and_per_table(server: Server) -> None:
    table = server.create(game=GAME, players=2)["table"]
    leave = f"{server.base}/api/tables/{table}/leave"
    guess = "not-a-token-" * 3
    with http_from("127.0.0.5") as first:
        tries = [first.post(leave, json={"token": guess}) for _ in range(WRONG_PER_ADDRESS + 1)]
    assert [r.status_code for r in tries] == [401] * WRONG_PER_ADDRESS + [429]
    assert int(tries[-1].headers["Retry-After"]) >= 1
    assert "from this address" in tries[-1].json()["detail"]
    assert _close_code(server.port, "127.0.0.5", table, guess) == 4408  # the hello too

    with http_from("127.0.0.6") as second:  # the table's own count: 3 more, then it is spent
        more = [second.post(leave, json={"token": guess}) for _ in range(WRONG_PER_ADDRESS)]
    assert [r.status_code for r in more] == [401] * WRONG_PER_ADDRESS
    with http_from("127.0.0.8") as fresh:
        spent = fresh.post(leave, json={"token": guess})
    assert spent.status_code == 429 and "at this table" in spent.json()["detail"]
    other = server.create(game=GAME, players=2)["table"]  # another table is not slowed
    with http_from("127.0.0.7") as third:
        answer = third.post(f"{server.base}/api/tables/{other}/leave", json={"token": guess})
    assert answer.status_code == 401
    log = server.log.read_text(errors="replace")
    assert f"table {table}: wrong secret on /api/tables/{table}/leave from 127.0.0.5" in log
    assert guess not in log


# --- spectators -----------------------------------------------------------------------------


def test_spectators_are_capped_per_table_and_closed_when_idle(server: Server) -> None:
    table = server.create(game=GAME, players=2)["table"]

    async def watch() -> tuple[str, int, int]:
        first, second = Client(server.ws_url, table, None), Client(server.ws_url, table, None)
        welcome = await first.connect()
        refused = await second.connect()
        return welcome["type"], refused["code"], await first.closed_with()

    welcome, refused, idle = asyncio.run(watch())
    assert (welcome, refused, idle) == ("welcome", 4429, 1001)


# --- headers, metrics, readiness ------------------------------------------------------------

HEADERS = {
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}


@pytest.mark.parametrize(
    "path", ["/", "/api/games", "/healthz", "/static/lobby.js", "/t/nosuchtable", "/nowhere"]
)
def test_every_answer_carries_the_security_headers(server: Server, path: str) -> None:
    response = server.get(path)
    for name, value in HEADERS.items():
        assert response.headers[name] == value
    policy = response.headers["content-security-policy"]
    assert "script-src 'self'" in policy and "frame-ancestors 'none'" in policy
    assert "unsafe-inline" not in policy and "unsafe-eval" not in policy
    assert re.fullmatch(r"[0-9a-f]{16}", response.headers["x-request-id"])


def _series(text: str, name: str) -> float:
    """The sum of every sample of ``name`` (all labels) in a Prometheus text answer."""
    pattern = re.compile(rf"^{re.escape(name)}(?:\{{[^}}]*\}})? (\S+)$", re.MULTILINE)
    return sum(float(value) for value in pattern.findall(text))


def test_metrics_move_with_the_moves_and_readiness_covers_the_store(server: Server) -> None:
    before = server.get("/metrics").text
    created = server.create(game=GAME, players=2, claim=0)  # seat 1 is the heuristic bot's

    async def play() -> int:
        """Three moves of seat 0 (the bot answers each), frames read one at a time (bounded)."""
        client = Client(server.ws_url, created["table"], created["token"])
        frame = await client.connect()
        moves, due = 0, 0  # due: the version of the next move of ours
        for _ in range(500):
            if moves == 3 or frame["type"] == "end":
                break
            ours = frame["type"] in ("welcome", "update") and frame["legal"]
            if ours and frame["version"] >= due:
                await client.act(f"m{moves}", frame["version"], frame["legal"][0])
                due = (await client.until("ack"))["version"]
                moves += 1
            frame = await client.recv()
        await client.close()
        return moves

    made = asyncio.run(play())
    after = server.get("/metrics").text
    assert made >= 1
    human = 'aerodeck_moves_total{source="human"}'
    assert _series(after, human) - _series(before, human) == made
    assert _series(after, "aerodeck_act_to_ack_seconds_count") > _series(
        before, "aerodeck_act_to_ack_seconds_count"
    )
    assert _series(after, "aerodeck_store_commit_seconds_count") > _series(
        before, "aerodeck_store_commit_seconds_count"
    )
    assert _series(after, "aerodeck_bot_decision_seconds_count") >= 1
    assert _series(after, "aerodeck_tables") >= 1
    assert "aerodeck_connections " in after
    ready = server.get("/readyz")
    assert ready.status_code == 200 and ready.json()["ready"] is True
