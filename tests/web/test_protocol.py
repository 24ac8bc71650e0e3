"""The protocol's refusals, close codes and reconnection, against a real server process."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets

import aerodeck
from aerodeck.core.errors import IllegalActionError
from tests.web.play import states_by_version
from tests.web.server import Client, Server

GAME = "aces_versus_aces"


def two_humans(server: Server, game: str = GAME, **options: Any) -> tuple[str, list[str]]:
    created = server.create(
        game=game,
        players=2,
        options=options,
        seats=[{"kind": "human"}, {"kind": "human"}],
        claim=0,
        listed=False,
    )
    (invite,) = created["invites"]
    return created["table"], [created["token"], server.join(created["table"], 1, invite["code"])]


async def seated(server: Server, table: str, tokens: list[str]) -> tuple[list[Client], int]:
    """Both seats connected; the seat to decide first."""
    clients = [Client(server.ws_url, table, token) for token in tokens]
    welcomes = [await client.connect() for client in clients]
    assert all(w["type"] == "welcome" for w in welcomes)
    for client in clients:
        await ping(client)  # the seats-only update of the other seat's connection
    mover = welcomes[0]["current_player"]
    assert welcomes[mover]["legal"] and not welcomes[1 - mover]["legal"]
    return clients, mover


async def ping(client: Client) -> list[dict[str, Any]]:
    """Every frame up to the pong of a fresh ping (nothing else is on its way after it)."""
    start = len(client.frames)
    await client.send({"type": "ping"})
    await client.until("pong")
    return client.frames[start:-1]


def test_an_illegal_move_is_refused_with_the_rule_and_nothing_moves(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> tuple[dict[str, Any], str]:
        clients, mover = await seated(server, table, tokens)
        legal = set(clients[mover].frames[0]["legal"])
        game = aerodeck.make(GAME, 2)
        illegal = next(str(a) for a in game.action_table.actions if str(a) not in legal)
        await clients[mover].act("x1", 0, illegal)
        refusal = await clients[mover].recv()
        assert await ping(clients[mover]) == []
        assert await ping(clients[1 - mover]) == [], "nobody hears of a refused move"
        for client in clients:
            await client.close()
        return refusal, illegal

    refusal, illegal = asyncio.run(run())
    assert refusal["type"] == "refusal" and refusal["id"] == "x1"
    assert refusal["code"] == "illegal"
    assert server.get(f"/api/tables/{table}").json()["version"] == 0
    # the reason is the engine's, word for word: replay the table to check
    record = _record_after_bots(server, table, tokens)
    state = states_by_version(record)[0]
    with pytest.raises(IllegalActionError) as error:
        state.apply(illegal)
    assert refusal["reason"] == str(error.value)


def _record_after_bots(server: Server, table: str, tokens: list[str]) -> dict[str, Any]:
    """Hand both seats to bots (players gone) and wait for the end frame: the full record."""
    for seat in (0, 1):
        response = server.post(f"/api/tables/{table}/seats/{seat}/bot", {"host_token": "x"})
        assert response.status_code == 401
    raise_unless = server.get(f"/api/tables/{table}").json()
    assert raise_unless["status"] == "playing"

    async def run() -> dict[str, Any]:
        watcher = Client(server.ws_url, table, None)
        await watcher.connect()
        # leaving hands the seat to the table's fallback bot while the game goes on
        for token in tokens:
            assert server.post(f"/api/tables/{table}/leave", {"token": token}).status_code == 200
        end = await watcher.until("end", 5000)
        await watcher.close()
        record: dict[str, Any] = end["record"]
        return record

    return asyncio.run(run())


def test_malformed_notation_is_refused_as_notation(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> dict[str, Any]:
        clients, mover = await seated(server, table, tokens)
        await clients[mover].act("n1", 0, "fly to the moon")
        refusal = await clients[mover].recv()
        for client in clients:
            await client.close()
        return refusal

    refusal = asyncio.run(run())
    assert refusal["code"] == "notation" and refusal["reason"]


def test_a_stale_version_is_refused(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> list[dict[str, Any]]:
        clients, mover = await seated(server, table, tokens)
        move = clients[mover].frames[0]["legal"][0]
        out = []
        for version in (1, -1, 10**6):
            await clients[mover].act(f"s{version}", version, move)
            out.append(await clients[mover].recv())
        out += await ping(clients[1 - mover])
        for client in clients:
            await client.close()
        return out

    frames = asyncio.run(run())
    assert [f["code"] for f in frames] == ["stale"] * 3, frames
    assert server.get(f"/api/tables/{table}").json()["version"] == 0


def test_a_resent_message_id_is_acked_once_more_and_applied_once(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
        clients, mover = await seated(server, table, tokens)
        move = clients[mover].frames[0]["legal"][0]
        await clients[mover].act("once", 0, move)
        first = [await clients[mover].recv(), await clients[mover].recv()]  # ack, update
        await clients[mover].act("once", 0, move)  # resent: the same frame again
        again = await ping(clients[mover])
        other = await ping(clients[1 - mover])
        for client in clients:
            await client.close()
        return first + again, other

    mine, other = asyncio.run(run())
    assert [f["type"] for f in mine] == ["ack", "update", "ack"]
    assert mine[0] == mine[2] == {"type": "ack", "id": "once", "version": 1}
    assert [f["type"] for f in other] == ["update"], "one update for one move"
    assert server.get(f"/api/tables/{table}").json()["version"] == 1


def test_out_of_turn_and_spectator_moves_are_refused(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> list[dict[str, Any]]:
        clients, mover = await seated(server, table, tokens)
        move = clients[mover].frames[0]["legal"][0]
        await clients[1 - mover].act("o1", 0, move)
        refused = [await clients[1 - mover].recv()]
        watcher = Client(server.ws_url, table, None)
        welcome = await watcher.connect()
        assert welcome["seat"] is None and welcome["legal"] == []
        await watcher.act("w1", 0, move)
        refused.append(await watcher.recv())
        for client in [*clients, watcher]:
            await client.close()
        return refused

    refused = asyncio.run(run())
    assert [f["code"] for f in refused] == ["not_your_turn", "spectator"]


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ("not json", 4400),
        ("[1, 2]", 4400),
        ('{"type": "act", "id": "a", "version": 0, "move": "pass"}', 4400),  # not a hello
        ('{"type": "hello", "table": 5}', 4400),
        ('{"type": "hello", "table": "nosuchtable0000"}', 4404),
        ('{"type": "hello", "table": "TABLE", "token": "wrong-token"}', 4401),
        ('{"type": "hello", "table": "TABLE", "last_version": "7"}', 4400),
        ("x" * 20_000, 4413),
    ],
    ids=["not-json", "array", "act-first", "wrong-type", "no-table", "bad-token", "str-int", "big"],
)
def test_bad_first_frames_close_with_their_code(server: Server, frame: str, code: int) -> None:
    table, _ = two_humans(server)

    async def run() -> int:
        client = Client(server.ws_url, table, None)
        import websockets

        client.ws = await websockets.connect(server.ws_url, max_size=None)
        await client.send(frame.replace("TABLE", table))
        closed = await client.closed_with()
        error = client.frames[-1] if client.frames else {}
        assert error.get("type") == "error" and error.get("code") == code
        return closed

    assert asyncio.run(run()) == code
    assert server.get("/api/tables/nosuchtable0000").status_code == 404, "hello creates nothing"


def test_a_hello_for_another_table_than_the_url_s_is_refused(server: Server) -> None:
    table, tokens = two_humans(server)
    other, _ = two_humans(server)

    async def run() -> tuple[int, dict[str, Any]]:
        client = Client(server.ws_url, table, tokens[0])
        client.ws = await websockets.connect(f"{server.ws_url}?table={other}", max_size=None)
        await client.send({"type": "hello", "table": table, "token": tokens[0]})
        return await client.closed_with(), client.frames[-1]

    code, error = asyncio.run(run())
    assert code == 4400 and error["type"] == "error" and "?table=" in error["reason"]


def test_a_socket_without_the_table_in_its_url_still_plays(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> dict[str, Any]:
        clients = [Client(server.ws_url, table, token) for token in tokens]
        welcomes = []
        for client, token in zip(clients, tokens, strict=True):
            client.ws = await websockets.connect(server.ws_url, max_size=None)  # no ?table=
            await client.send({"type": "hello", "table": table, "token": token})
            welcomes.append(await client.until("welcome"))
        mover = welcomes[0]["current_player"]
        await clients[mover].act("q1", welcomes[mover]["version"], welcomes[mover]["legal"][0])
        answer = await clients[mover].until("ack")
        for client in clients:
            await client.close()
        return answer

    assert asyncio.run(run())["version"] == 1


@pytest.mark.parametrize(
    ("frame", "code"),
    [
        ('{"type": "hello", "table": "TABLE"}', 4400),  # a second hello
        ('{"type": "act", "id": "", "version": 0, "move": "pass"}', 4400),
        ('{"type": "act", "id": "a", "version": true, "move": "pass"}', 4400),
        ('{"type": "act", "id": "a", "version": 0, "move": "' + "p" * 300 + '"}', 4400),
        ('{"type": "dance"}', 4400),
        ('"just a string"', 4400),
        ("y" * 17_000, 4413),
    ],
    ids=["hello-again", "empty-id", "bool-version", "long-move", "unknown", "string", "big"],
)
def test_bad_frames_after_hello_close_with_their_code(
    server: Server, frame: str, code: int
) -> None:
    table, tokens = two_humans(server)

    async def run() -> int:
        client = Client(server.ws_url, table, tokens[0])
        await client.connect()
        await client.send(frame.replace("TABLE", table))
        return await client.closed_with()

    assert asyncio.run(run()) == code


def test_a_flood_of_frames_closes_with_the_rate_limit(server: Server) -> None:
    table, _ = two_humans(server)

    async def run() -> int:
        client = Client(server.ws_url, table, None)  # spectators: 5 per second, bursts of 20
        await client.connect()
        for _ in range(60):
            try:
                await client.send({"type": "ping"})
            except Exception:  # closed under us: the point of the test
                break
        return await client.closed_with()

    assert asyncio.run(run()) == 4408


def test_reconnect_with_last_version_gets_exactly_the_missed_events(server: Server) -> None:
    table, tokens = two_humans(server, target=30)

    async def run() -> None:
        clients, _ = await seated(server, table, tokens)
        twin = Client(server.ws_url, table, tokens[0])  # seat 0 again, connected throughout
        await twin.connect()
        await clients[0].close()
        left_at = twin.frames[0]["version"]
        mover = clients[1]  # seat 1 plays on; seat 0's twin plays for seat 0 when it must
        version, played = left_at, 0
        while played < 6:
            for client in (mover, twin):
                frames = await ping(client)
                for frame in frames:
                    if frame["type"] == "update":
                        version = frame["version"]
                        client.frames.append({"legal_at": version, "legal": frame["legal"]})
            for client in (mover, twin):
                last = [f for f in client.frames if "legal_at" in f]
                legal = last[-1]["legal"] if last else client.frames[0]["legal"]
                if legal and (not last or last[-1]["legal_at"] == version):
                    await client.act(f"r{version}", version, legal[0])
                    assert (await client.until("ack"))["version"] == version + 1
                    played += 1
                    break
        await ping(twin)
        missed = [
            e
            for f in twin.frames
            if f.get("type") == "update" and f["version"] > left_at
            for e in f["events"]
        ]
        back = Client(server.ws_url, table, tokens[0])
        welcome = await back.connect(last_version=left_at)
        assert welcome["full"] is False and welcome["history"] is None
        assert welcome["events"] == missed and missed
        # each event names the move that caused it: here the moves since seat 0 left
        assert {e["move"] for e in missed} <= set(range(left_at + 1, welcome["version"] + 1))
        assert welcome["view"] == [f for f in twin.frames if f.get("type") == "update"][-1]["view"]
        for stale in (None, -1, welcome["version"] + 5):
            other = Client(server.ws_url, table, tokens[0])
            full = await other.connect(last_version=stale)
            assert full["full"] is True and len(full["history"]) == full["version"]
            assert len(full["events"]) >= len(missed)
            numbers = [e["move"] for e in full["events"]]
            assert numbers == sorted(numbers) and numbers[0] == 0  # the deal, then move by move
            await other.close()
        for client in (mover, twin, back):
            await client.close()

    asyncio.run(run())


def test_lobby_join_leave_and_hand_a_seat_to_a_bot_and_back(server: Server) -> None:
    created = server.create(game=GAME, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    table = created["table"]
    assert created["token"] is None and len(created["invites"]) == 2
    listed = server.get("/api/tables").json()["tables"]
    assert any(t["table"] == table and t["status"] == "waiting" for t in listed)
    secrets = [created["host_token"], *(i["code"] for i in created["invites"])]
    assert not any(secret in json.dumps(listed) for secret in secrets)
    assert "_hash" not in json.dumps(listed)
    bad = server.post(f"/api/tables/{table}/join", {"seat": 0, "invite": "wrong"})
    assert bad.status_code == 401
    first = server.post(f"/api/tables/{table}/join", {"name": "ann"}).json()  # listed: any seat
    assert first["seat"] == 0
    used = server.post(
        f"/api/tables/{table}/join", {"seat": 0, "invite": created["invites"][0]["code"]}
    )
    assert used.status_code == 409
    second = server.post(
        f"/api/tables/{table}/join", {"seat": 1, "invite": created["invites"][1]["code"]}
    ).json()
    assert server.get(f"/api/tables/{table}").json()["status"] == "playing"
    host = created["host_token"]
    handed = server.post(f"/api/tables/{table}/seats/1/bot", {"host_token": host, "bot": "random"})
    assert handed.status_code == 200 and handed.json()["played_by"] == "random"
    wrong = server.post(f"/api/tables/{table}/seats/1/take", {"token": first["token"]})
    assert wrong.status_code == 401
    taken = server.post(f"/api/tables/{table}/seats/1/take", {"token": second["token"]})
    assert taken.status_code == 200 and taken.json()["played_by"] == "human"
    left = server.post(f"/api/tables/{table}/leave", {"token": second["token"]})
    assert left.json() == {"seat": 1}
    again = server.post(f"/api/tables/{table}/leave", {"token": second["token"]})
    assert again.status_code == 401, "a released token stops working"


def test_the_host_cannot_hand_a_connected_seat_to_a_bot(server: Server) -> None:
    table, tokens = two_humans(server)
    host = server.create(game=GAME, players=2)["host_token"]  # another table's host token

    async def run() -> tuple[int, int]:
        client = Client(server.ws_url, table, tokens[0])
        await client.connect()
        wrong = server.post(f"/api/tables/{table}/seats/0/bot", {"host_token": host})
        await client.close()
        return wrong.status_code, 0

    assert asyncio.run(run())[0] == 401


@pytest.mark.parametrize(
    ("body", "status"),
    [
        ({"game": "air_racing", "options": {"course": "/etc/passwd"}}, 400),
        ({"game": "down_in_flames", "players": 2, "options": {"data": "/etc/passwd"}}, 400),
        ({"game": "down_in_flames", "players": 2, "options": {"campaign": "../x"}}, 400),
        ({"game": "race_to_ace", "options": {"kills_to_win": 1.5}}, 422),
        ({"game": "race_to_ace", "options": {"kills_to_win": 999}}, 400),
        ({"game": "no_such_game"}, 400),
        ({"game": "race_to_ace", "players": 9}, 400),
        ({"game": "race_to_ace", "players": 3, "seats": [{"kind": "bot", "bot": "x"}] * 3}, 400),
        ({"game": "race_to_ace", "players": 3, "seats": [{"kind": "human"}] * 2}, 400),
        ({"game": "race_to_ace", "extra": 1}, 422),
    ],
    ids=[
        "course-path",
        "data-path",
        "campaign",
        "float",
        "range",
        "game",
        "players",
        "bot",
        "seat-count",
        "extra-field",
    ],
)
def test_bad_tables_are_refused_with_one_line(
    server: Server, body: dict[str, Any], status: int
) -> None:
    response = server.post("/api/tables", body)
    assert response.status_code == status, response.text
    assert response.json()["detail"]


def test_a_shipped_campaign_is_accepted(server: Server) -> None:
    created = server.create(
        game="down_in_flames", players=2, options={"campaign": "1973-yom-kippur-war"}
    )
    assert created["table_state"]["options"]["campaign"] == "1973-yom-kippur-war"


@pytest.mark.parametrize(
    "body",
    [
        '{"game": "race_to_ace", "players": 1' + "0" * 5000 + "}",
        '{"game": "race_to_ace", "name": "\\ud800"}',  # a lone surrogate, escaped in JSON
        '{"game": "down_in_flames", "players": 2, "options": {"site": "\\udfff"}}',
        '{"game": "race_to_ace", "options": {"\\ud800": 1}}',
    ],
    ids=["huge-int", "surrogate", "surrogate-value", "surrogate-key"],
)
def test_raw_bodies_the_store_cannot_keep_are_refused_cleanly(server: Server, body: str) -> None:
    response = httpx.post(
        f"{server.base}/api/tables",
        content=body,
        headers={"content-type": "application/json"},
        timeout=30,
    )
    assert response.status_code in (400, 422), response.text  # FastAPI's reader, or the model's
    assert response.json()["detail"]


def test_a_seat_number_of_any_size_in_a_path_is_refused_cleanly(server: Server) -> None:
    table = server.create(game=GAME, players=2)["table"]
    for seat in ("9" * 5000, "-1", "x"):
        response = server.post(f"/api/tables/{table}/seats/{seat}/take", {"token": "t"})
        assert response.status_code in (401, 404, 422), response.text


def test_the_lobby_s_two_player_race_to_ace_flies_with_wingmen(server: Server) -> None:
    """The lobby sends only the options changed; two pilots get the wingmen variant (R17)."""
    created = server.create(game="race_to_ace", players=2, options={"kills_to_win": 3})
    described = server.get(f"/api/tables/{created['table']}").json()
    assert described["options"]["wingmen"] is True


BROWSER = {"Accept": "text/html,application/xhtml+xml,*/*;q=0.8"}


def test_a_browser_opening_a_bad_address_gets_a_page_and_the_api_keeps_json(
    server: Server,
) -> None:
    """A mistyped or stale link shows the reason on a page with the way back, never raw JSON."""
    unfinished = server.create(game=GAME, players=2)["table"]
    pages = {
        "/t/nonsense": (404, "no such table", None),
        f"/t/{unfinished}/replay": (409, "the game is not over", f"/t/{unfinished}"),
        "/nowhere": (404, "there is no page at this address", None),
    }
    for path, (status, words, table_link) in pages.items():
        response = httpx.get(f"{server.base}{path}", headers=BROWSER, timeout=60)
        assert response.status_code == status, path
        assert response.headers["content-type"].startswith("text/html"), path
        assert words in response.text and 'href="/"' in response.text, path
        assert (table_link is not None) == (f'href="{table_link}"' in response.text), path
    api = httpx.get(f"{server.base}/api/tables/nonsense", headers=BROWSER, timeout=60)
    assert api.status_code == 404 and api.json() == {"detail": "no such table"}
    script = server.get("/t/nonsense")  # no page asked for (a script, curl): JSON
    assert script.json() == {"detail": "no such table"}


def test_a_request_body_over_the_limit_is_refused(server: Server) -> None:
    response = server.post("/api/tables", {"game": GAME, "name": "x" * 70_000})
    assert response.status_code == 413


def test_a_table_of_bots_starts_at_once_and_can_be_watched(server: Server) -> None:
    seats = [{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "heuristic"}]
    created = server.create(game=GAME, players=2, options={"target": 5}, seats=seats)
    assert created["invites"] == [] and created["table_state"]["status"] == "playing"

    async def watch() -> dict[str, Any]:
        watcher = Client(server.ws_url, created["table"], None)
        await watcher.connect()
        end = await watcher.until("end", 5000)
        await watcher.close()
        return end

    assert aerodeck.replay(asyncio.run(watch())["record"]).is_terminal


def test_leaving_closes_the_seat_s_connections_with_4401(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> int:
        client = Client(server.ws_url, table, tokens[1])
        await client.connect()
        left = server.post(f"/api/tables/{table}/leave", {"token": tokens[1]})
        assert left.status_code == 200
        code = await client.closed_with()
        again = Client(server.ws_url, table, tokens[1])
        refused = await again.connect()
        assert refused["type"] == "error" and refused["code"] == 4401
        return code

    assert asyncio.run(run()) == 4401


def test_the_lobby_has_openapi_docs(server: Server) -> None:
    spec = server.get("/openapi.json").json()
    assert {"/api/tables", "/api/tables/{table_id}/join", "/api/games"} <= set(spec["paths"])
    assert server.get("/docs").status_code == 200
    games = server.get("/api/games").json()
    assert {g["id"] for g in games} == {info.id for info in aerodeck.list_games()}


def test_the_host_hands_a_fresh_invite_for_a_seat_left_free(server: Server) -> None:
    created = server.create(game=GAME, players=2, seats=[{"kind": "human"}] * 2, listed=False)
    table, host_token = created["table"], created["host_token"]
    old = created["invites"][1]["code"]
    assert server.post(f"/api/tables/{table}/join", {"seat": 1}).status_code == 401, "unlisted"
    token = server.join(table, 1, old)
    assert server.post(f"/api/tables/{table}/leave", {"token": token}).status_code == 200
    wrong_host = server.post(f"/api/tables/{table}/seats/1/invite", {"host_token": token})
    assert wrong_host.status_code == 401
    fresh = server.post(f"/api/tables/{table}/seats/1/invite", {"host_token": host_token}).json()
    assert fresh["code"] != old
    assert fresh["link"].endswith(f"#invite={fresh['code']}&seat={fresh['seat']}")
    stale = server.post(f"/api/tables/{table}/join", {"seat": 1, "invite": old})
    assert stale.status_code == 401
    assert server.join(table, 1, fresh["code"])


def test_a_full_welcome_carries_the_deal_before_the_first_move(server: Server) -> None:
    """A full welcome holds every event from the start, as docs/web-protocol.md says: the deal
    before the first move included, redacted for the seat."""
    table, tokens = two_humans(server)

    async def run() -> list[dict[str, Any]]:
        clients, _ = await seated(server, table, tokens)
        welcome = clients[0].frames[0]
        for client in clients:
            await client.close()
        return list(welcome["events"])

    events = asyncio.run(run())
    record = _record_after_bots(server, table, tokens)
    state = states_by_version(record)[0]
    assert [e["event"] for e in events] == state.events_since(0, 0)
    assert events and all(e["text"] for e in events)
