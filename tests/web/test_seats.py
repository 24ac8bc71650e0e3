"""Seats that belong to players, against a real server: a hello without a token takes the seat of
the connection's player (in as many tabs as the seat allows), the host re-issues a claimed seat's
invite and its old holder's access ends at once, my games list what the seat may see, and a
rematch starts a new table when every human accepted. One server for the module."""

from __future__ import annotations

import asyncio
import random
from typing import Any

import httpx
import pytest
import websockets

from aerodeck.web.routers.players import COOKIE
from tests.web.play import drive
from tests.web.server import Client, Server

GAME = "race_to_ace"
SHORT = {"kills_to_win": 1, "max_turns": 10}  # a game of some fifteen moves
TWO = {"wingmen": True}  # two pilots fly with wingmen
UNAUTHORIZED = 4401


class Guest:
    """A browser: its own session cookie, made by a first visit to the lobby page."""

    def __init__(self, server: Server) -> None:
        self.server = server
        # a page of this server's: its cookie-carrying calls name their origin
        self.http = httpx.Client(
            base_url=server.base, timeout=30.0, headers={"Origin": server.base}
        )
        assert self.http.get("/").status_code == 200
        self.cookie = f"{COOKIE}={self.http.cookies[COOKIE]}"
        self.id: str = self.http.get("/api/me").json()["id"]

    def post(self, path: str, body: dict[str, Any]) -> httpx.Response:
        return self.http.post(path, json=body)

    def client(self, table: str, token: str | None = None) -> Client:
        return Client(self.server.ws_url, table, token, self.cookie)

    def games(self) -> dict[str, Any]:
        mine: dict[str, Any] = self.http.get("/api/me/games").json()
        return mine


def table_for(
    host: Guest, guests: list[Guest], bots: int = 0, free: int = 0
) -> tuple[str, str, list[str]]:
    """A table hosted by ``host`` in seat 0 with ``guests`` in the next seats (each joining with
    their invite), ``free`` human seats nobody takes, and ``bots`` random bots after them: its
    id, the host token, the seat tokens."""
    humans = 1 + len(guests) + free
    seats = [{"kind": "human"}] * humans + [{"kind": "bot", "bot": "random"}] * bots
    response = host.post(
        "/api/tables",
        {
            "game": GAME,
            "players": len(seats),
            "options": SHORT | TWO if len(seats) == 2 else SHORT,
            "seats": seats,
            "claim": 0,
            "name": "ann",
            "listed": False,
        },
    )
    assert response.status_code == 201, response.text
    created = response.json()
    tokens = [created["token"]]
    for guest, invite in zip(guests, created["invites"], strict=False):
        joined = guest.post(
            f"/api/tables/{created['table']}/join",
            {"seat": invite["seat"], "invite": invite["code"], "name": f"guest{invite['seat']}"},
        )
        assert joined.status_code == 200, joined.text
        tokens.append(joined.json()["token"])
    return created["table"], created["host_token"], tokens


async def pong(client: Client) -> list[dict[str, Any]]:
    """The frames before the pong of a fresh ping."""
    start = len(client.frames)
    await client.send({"type": "ping"})
    await client.until("pong")
    return client.frames[start:-1]


def test_the_players_cookie_takes_their_seat_in_every_tab(server: Server) -> None:
    ann, bea, stranger = Guest(server), Guest(server), Guest(server)
    table, _host, tokens = table_for(ann, [bea])

    async def run() -> None:
        first, second = ann.client(table), ann.client(table)
        welcomes = [await first.connect(), await second.connect()]
        assert [w["seat"] for w in welcomes] == [0, 0], "no token: the seat of the cookie's player"
        assert (await bea.client(table).connect())["seat"] == 1
        assert (await stranger.client(table).connect())["seat"] is None
        assert (await Client(server.ws_url, table, None).connect())["seat"] is None
        elsewhere = ann.client(table)  # a page of another origin: the cookie takes no seat
        elsewhere.origin = "http://elsewhere.example"
        with pytest.raises(websockets.InvalidStatus):  # the handshake itself is refused
            await elsewhere.connect()
        # a token still wins over the cookie, and a bad token is refused whatever the cookie
        assert (await ann.client(table, tokens[1]).connect())["seat"] == 1
        forged = ann.client(table, "x" * 43)
        assert (await forged.connect())["type"] == "error"
        assert await forged.closed_with() == UNAUTHORIZED
        # either tab plays the seat, and both hear every move
        mover = welcomes[0]["current_player"]
        tabs = [first, second] if mover == 0 else [bea.client(table), bea.client(table)]
        if mover != 0:
            for tab in tabs:
                assert (await tab.connect())["seat"] == 1
        for tab in tabs:
            await pong(tab)
        legal = tabs[0].frames[0]["legal"]
        assert legal == tabs[1].frames[0]["legal"] and legal
        await tabs[1].act("t2", 0, legal[0])
        assert (await tabs[1].until("ack"))["version"] == 1
        assert (await tabs[0].until("update"))["version"] == 1

    asyncio.run(run())


def test_a_reissued_invite_ends_the_old_holders_access_at_once(server: Server) -> None:
    ann, bea, cara = Guest(server), Guest(server), Guest(server)
    table, _host, tokens = table_for(ann, [bea])
    invite = f"/api/tables/{table}/seats/1/invite"

    async def run() -> str:
        by_token, by_cookie = bea.client(table, tokens[1]), bea.client(table)
        assert (await by_token.connect())["seat"] == 1
        assert (await by_cookie.connect())["seat"] == 1
        # only the host: by the host player's cookie (no host token in the page)
        assert bea.post(invite, {}).status_code == 401
        assert httpx.post(server.base + invite, json={}).status_code == 401
        reissued = ann.post(invite, {})
        assert reissued.status_code == 200, reissued.text
        assert await by_token.closed_with() == UNAUTHORIZED
        assert await by_cookie.closed_with() == UNAUTHORIZED
        old = bea.client(table, tokens[1])
        assert (await old.connect())["type"] == "error" and await old.closed_with() == 4401
        assert (await bea.client(table).connect())["seat"] is None, "the cookie lost it too"
        code: str = reissued.json()["code"]
        return code

    code = asyncio.run(run())
    assert server.get(f"/api/tables/{table}").json()["seats"][1]["claimed"] is False
    joined = cara.post(f"/api/tables/{table}/join", {"seat": 1, "invite": code, "name": "cara"})
    assert joined.status_code == 200, joined.text

    async def cara_plays_on() -> None:
        assert (await cara.client(table).connect())["seat"] == 1, "the seat is cara's player's"

    asyncio.run(cara_plays_on())
    assert bea.games()["playing"] == [] and cara.games()["playing"][0]["seat"] == 1


def test_the_host_player_and_the_seats_player_need_no_token(server: Server) -> None:
    ann, bea, stranger = Guest(server), Guest(server), Guest(server)
    table, _host, _tokens = table_for(ann, [bea])
    to_bot, take = f"/api/tables/{table}/seats/1/bot", f"/api/tables/{table}/seats/1/take"
    assert stranger.post(to_bot, {}).status_code == 401
    handed = ann.post(to_bot, {})
    assert handed.status_code == 200 and handed.json()["played_by"] == "heuristic"
    assert stranger.post(take, {}).status_code == 401
    taken = bea.post(take, {})
    assert taken.status_code == 200 and taken.json()["played_by"] == "human"


def test_my_games_your_turn_first_then_finished_with_replay_and_record(server: Server) -> None:
    ann, bea = Guest(server), Guest(server)
    assert httpx.get(server.base + "/api/me/games").status_code == 401
    waiting, _, _ = table_for(ann, [], free=1)
    against_bot, _, _ = table_for(ann, [], bots=1)
    allowed = {"table", "game", "title", "players", "status", "seat", "names", "version", "link"}

    async def run() -> None:
        client = ann.client(against_bot)
        frame = await client.connect()
        for _ in range(200):  # the bot moves first or not: until the seat has moves (bounded)
            if frame.get("legal"):
                break
            frame = await client.recv()
        mine = ann.games()
        assert mine["waiting_for_you"] == 1
        assert [(g["table"], g["your_turn"]) for g in mine["playing"]] == [
            (against_bot, True),
            (waiting, False),
        ]
        for game in mine["playing"]:
            assert set(game) == allowed | {"your_turn"}, "nothing of a view or another's moves"
        assert bea.games() == {"waiting_for_you": 0, "playing": [], "finished": []}
        assert ann.http.get(f"/api/tables/{against_bot}/record").status_code == 409
        await drive(client, random.Random(3), frame)

    asyncio.run(run())
    (done,) = ann.games()["finished"]
    assert done["table"] == against_bot and done["replay"] == f"/t/{against_bot}/replay"
    assert set(done) == allowed | {"won", "place", "replay", "record"}
    record = ann.http.get(done["record"])
    assert record.status_code == 200 and record.json()["game"] == GAME


async def started_frame(client: Client) -> dict[str, Any]:
    """The rematch frame that names the new table (after the offer's earlier frames)."""
    for _ in range(20):
        frame = await client.until("rematch")
        if frame["table"] is not None:
            return frame
    raise AssertionError("the rematch did not start")


def test_a_rematch_moves_every_seat_on_and_starts_when_all_accept(server: Server) -> None:
    ann, bea = Guest(server), Guest(server)
    table, _host, tokens = table_for(ann, [bea], bots=1)

    async def run() -> list[dict[str, Any]]:
        seats = [ann.client(table), bea.client(table, tokens[1])]  # bea's page holds a token
        welcomes = [await c.connect() for c in seats]
        rngs = [random.Random(0), random.Random(1)]
        await asyncio.gather(*map(drive, seats, rngs, welcomes))
        watcher = Client(server.ws_url, table, None)
        assert (await watcher.connect())["seat"] is None
        await watcher.send({"type": "rematch", "answer": "offer"})
        assert (await watcher.until("refusal"))["code"] == "rematch"
        await seats[0].send({"type": "rematch", "answer": "offer"})
        offered = [await c.until("rematch") for c in [*seats, watcher]]
        assert all(f["answers"] == ["accepted", "pending", "accepted"] for f in offered)
        await seats[1].send({"type": "rematch", "answer": "decline"})
        assert (await seats[0].until("rematch"))["answers"][1] == "declined"
        await seats[1].send({"type": "rematch", "answer": "accept"})  # bea offers it herself
        again = await seats[0].until("rematch")
        assert again["offered_by"] == 1 and again["answers"] == ["pending", "accepted", "accepted"]
        await seats[0].send({"type": "rematch", "answer": "accept"})
        return [await started_frame(c) for c in [*seats, watcher]]

    started = asyncio.run(run())
    new = started[0]["table"]
    assert new and all(frame["table"] == new for frame in started)
    ann_frame, bea_frame, watcher_frame = started
    assert ann_frame["seat"] == 1 and bea_frame["seat"] == 2, "every seat moves one place on"
    assert isinstance(ann_frame["token"], str) and isinstance(bea_frame["token"], str)
    assert "host_token" in bea_frame and "host_token" not in ann_frame, "bea offered: she hosts"
    assert watcher_frame["seat"] is None and "token" not in watcher_frame
    public = {"type", "offered_by", "answers", "table", "seat"}
    assert set(ann_frame) == public | {"token"}, "a seat's frame: its own token, nothing else"
    assert set(watcher_frame) == public
    described = server.get(f"/api/tables/{new}").json()
    assert described["status"] == "playing" and described["options"]["kills_to_win"] == 1
    assert [s["kind"] for s in described["seats"]] == ["bot", "human", "human"]
    assert [s["name"] for s in described["seats"]][1:] == ["ann", "guest1"]

    async def open_new() -> None:
        assert (await ann.client(new).connect())["seat"] == 1
        assert (await Client(server.ws_url, new, bea_frame["token"]).connect())["seat"] == 2
        late = bea.client(table)  # the old table tells a late page where the rematch is
        assert (await late.connect())["seat"] == 1
        told = await late.until("rematch")
        assert told["table"] == new and told["seat"] == 2

    asyncio.run(open_new())
    assert any(g["table"] == new for g in ann.games()["playing"])


def test_signing_out_everywhere_closes_the_players_table_connections(server: Server) -> None:
    ann, bea = Guest(server), Guest(server)
    table, _host, _tokens = table_for(ann, [bea])

    async def run() -> None:
        anns, beas = ann.client(table), bea.client(table)
        anns.origin = beas.origin = server.base
        assert (await anns.connect())["seat"] == 0 and (await beas.connect())["seat"] == 1
        assert ann.post("/api/sign-out-everywhere", {}).status_code == 200
        assert await anns.closed_with() == UNAUTHORIZED
        await pong(beas)  # the other player plays on
        again = ann.client(table)
        again.origin = server.base
        assert (await again.connect())["seat"] is None, "the old cookie holds no seat now"
        for client in (beas, again):
            await client.close()

    asyncio.run(run())


def test_the_host_player_closes_the_chat_with_their_cookie_alone(server: Server) -> None:
    ann, bea = Guest(server), Guest(server)
    table, _host, _tokens = table_for(ann, [bea])
    assert bea.post(f"/api/tables/{table}/chat", {"open": False}).status_code == 401
    closed = ann.post(f"/api/tables/{table}/chat", {"open": False})
    assert closed.status_code == 200 and closed.json() == {"open": False}
    assert ann.post(f"/api/tables/{table}/chat", {"open": True}).json() == {"open": True}
