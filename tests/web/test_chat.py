"""The table chat's service in process, over a real SQLite store: the text's checks, the two
channels, the rates, the host closing the chat, and what a table keeps of it."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, TypeVar

import pytest

from aerodeck.web.db import migrate
from aerodeck.web.db.store import Store, make_engine
from aerodeck.web.service.chat import (
    PLAYERS,
    SPECTATORS,
    ChatRefusedError,
    checked_text,
    readable_in_replay,
)
from aerodeck.web.service.errors import WrongSecretError
from aerodeck.web.service.frames import Hello, MalformedFrameError, Say, parse_frame
from aerodeck.web.service.hub import Hub, SeatSpec
from aerodeck.web.service.players import Players
from aerodeck.web.service.tables import Table
from aerodeck.web.settings import Settings

T = TypeVar("T")


class Peer:
    """A connection as the service sees it, keeping the frames it is sent."""

    def __init__(self, seat: int | None, player_id: str | None = None) -> None:
        self.seat = seat
        self.player_id = player_id
        self.language = "en"
        self.closing = False
        self.frames: list[dict[str, Any]] = []

    async def receive(self) -> str | None:
        return None

    def send(self, text: str) -> None:
        self.frames.append(json.loads(text))

    def close(self, code: int, reason: str) -> None:
        self.closing = True

    def of(self, kind: str) -> list[dict[str, Any]]:
        return [frame for frame in self.frames if frame["type"] == kind]


def at_a_table(folder: Path, work: Callable[[Hub, Table, str], Awaitable[T]], **limits: Any) -> T:
    """Run ``work(hub, table, host_token)`` on a fresh two-seat table of a hub over SQLite."""

    async def run() -> T:
        engine = make_engine(f"sqlite+aiosqlite:///{folder / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        hub = Hub(Store(engine), Settings(data_dir=folder, **limits))
        created = await hub.create(
            "aces_versus_aces", 2, {}, [SeatSpec("human"), SeatSpec("human")],
            listed=True, clock=None, fallback_bot="random", claim=0, name="ann",
        )  # fmt: skip
        try:
            return await work(hub, created.table, created.host_token)
        finally:
            await engine.dispose()

    return asyncio.run(run())


async def seated(hub: Hub, table: Table, *seats: int | None, hears: bool = True) -> list[Peer]:
    peers = [Peer(seat) for seat in seats]
    for peer in peers:
        await hub.chat.join(table, peer, hears)
    return peers


def test_a_message_is_kept_trimmed_and_refused_with_a_reason_when_it_cannot_be() -> None:
    assert checked_text("  gg, well flown  ") == "gg, well flown"
    assert checked_text("nice ✈️ 👍🏽 ÿ") == "nice ✈️ 👍🏽 ÿ"  # emoji joiners and selectors pass
    assert checked_text("x" * 500) == "x" * 500
    refused = {
        "": "empty",
        " \t ": "empty",
        "x" * 501: "too_long",
        "ring\x07": "control",
        "two\nlines": "control",
        "back\u202eward": "control",
        "sep\u2028arated": "control",
        "lone \ud800": "control",
    }
    for text, code in refused.items():
        with pytest.raises(ChatRefusedError) as refusal:
            checked_text(text)
        assert refusal.value.code == code, text
        assert refusal.value.frame() == {
            "type": "chat_refusal",
            "code": code,
            "reason": refusal.value.reason,
        }
    with pytest.raises(ChatRefusedError, match="at most 500 characters, not 501"):
        checked_text("x" * 501)


def test_say_and_the_chat_flag_of_a_hello_parse_strictly() -> None:
    assert parse_frame('{"type":"say","text":"hi"}') == Say(type="say", text="hi")
    hello = parse_frame('{"type":"hello","table":"abc","chat":true}')
    assert isinstance(hello, Hello) and hello.chat
    assert not Hello(type="hello", table="abc").chat
    for bad in (
        '{"type":"say"}',
        '{"type":"say","text":5}',
        '{"type":"hello","table":"a","chat":1}',
    ):
        with pytest.raises(MalformedFrameError):
            parse_frame(bad)


def test_players_and_spectators_post_in_their_own_channel_and_everyone_hears_both(
    tmp_path: Path,
) -> None:
    async def work(hub: Hub, table: Table, _host: str) -> list[Peer]:
        ann, bea, watcher = await seated(hub, table, 0, 1, None)
        (deaf,) = await seated(hub, table, None, hears=False)
        await hub.chat.say(table, ann, "<b>x</b><script>")
        await hub.chat.say(table, watcher, "hello from the rail")
        await hub.chat.say(table, deaf, "I hear nothing but may speak")
        return [ann, bea, watcher, deaf]

    ann, bea, watcher, deaf = at_a_table(tmp_path, work)
    for peer in (ann, bea, watcher):
        (log,) = peer.of("chat_log")
        assert {k: v for k, v in log.items() if k != "key"} == {
            "type": "chat_log",
            "open": True,
            "channel": PLAYERS if peer.seat is not None else SPECTATORS,
            "messages": [],
        }
        if peer.seat is None:
            assert log["key"].startswith("spectator:")
        else:
            assert log["key"] == f"seat:{peer.seat}"
        chats = peer.of("chat")
        assert [c["text"] for c in chats] == [
            "<b>x</b><script>",
            "hello from the rail",
            "I hear nothing but may speak",
        ]
        assert [(c["id"], c["channel"], c["seat"]) for c in chats] == [
            (1, PLAYERS, 0),
            (2, SPECTATORS, None),
            (3, SPECTATORS, None),
        ]
        assert chats[0]["author"] == "ann" and chats[0]["key"] == "seat:0"
        assert chats[1]["author"].startswith("spectator ")
        assert chats[1]["key"] != chats[2]["key"], "each spectator connection is its own author"
        assert chats[1]["key"] == watcher.of("chat_log")[0]["key"], "told its own key"
        assert set(chats[0]) == {"type", "id", "channel", "author", "key", "seat", "text", "time"}
    assert bea.of("chat") == ann.of("chat") == watcher.of("chat")
    assert deaf.frames == [], "a connection that did not ask for the chat is sent none of it"


def test_a_new_connection_gets_the_latest_messages_of_each_channel(tmp_path: Path) -> None:
    async def work(hub: Hub, table: Table, _host: str) -> tuple[Peer, list[int]]:
        ann, watcher = await seated(hub, table, 0, None)
        for n in range(4):
            await hub.chat.say(table, ann, f"player {n}")
            await hub.chat.say(table, watcher, f"spectator {n}")
        table.chat = None  # as after a restart: the room is loaded again from the store
        (late,) = await seated(hub, table, 1)
        return late, [m["id"] for m in late.frames[0]["messages"]]

    late, ids = at_a_table(tmp_path, work, chat_history=2, chat_burst=10)
    assert ids == [5, 6, 7, 8], "the last two of each channel, in order"
    texts = [m["text"] for m in late.frames[0]["messages"]]
    assert texts == ["player 2", "spectator 2", "player 3", "spectator 3"]


def test_messages_are_rate_limited_per_connection_and_per_author(tmp_path: Path) -> None:
    async def work(hub: Hub, table: Table, _host: str) -> list[list[str]]:
        tab_one, tab_two = await seated(hub, table, 0, 0)  # one seat, two tabs: one author
        (watcher,) = await seated(hub, table, None)
        answers = [
            [(await hub.chat.say(table, tab_one, f"a{n}"))["type"] for n in range(3)],
            [(await hub.chat.say(table, tab_two, f"b{n}"))["type"] for n in range(2)],
            [(await hub.chat.say(table, watcher, f"c{n}"))["type"] for n in range(4)],
        ]
        answers.append([f["code"] for f in tab_two.of("chat_refusal")])
        return answers

    answers = at_a_table(tmp_path, work, chat_burst=3, chat_rate=0.001)
    assert answers[0] == ["chat"] * 3
    assert answers[1] == ["chat_refusal"] * 2, "the seat's author bucket is spent by its first tab"
    assert answers[2] == ["chat"] * 3 + ["chat_refusal"], "the connection's own bucket"
    assert answers[3] == ["rate", "rate"]


def test_a_signed_in_person_is_one_author_in_every_tab_under_their_name(tmp_path: Path) -> None:
    async def work(hub: Hub, table: Table, _host: str) -> tuple[str, list[dict[str, Any]]]:
        players = Players(hub.store)  # type: ignore[arg-type]  # the store is both
        guest, _secret = await players.new_guest()
        dora = await players.rename(guest, "dora")
        first, second = Peer(None, dora.id), Peer(None, dora.id)
        for tab in (first, second):
            await hub.chat.join(table, tab, True)
        answers = [await hub.chat.say(table, tab, "hi") for tab in (first, second, second)]
        return dora.id, answers

    player_id, answers = at_a_table(tmp_path, work, chat_burst=2, chat_rate=0.001)
    assert [(a["author"], a["key"], a["seat"]) for a in answers[:2]] == [
        ("dora", f"player:{player_id}", None)
    ] * 2
    assert answers[2]["code"] == "rate", "both tabs draw on one author's bucket"


def test_the_host_closes_the_chat_and_opens_it_again_and_the_table_keeps_it(
    tmp_path: Path,
) -> None:
    async def work(hub: Hub, table: Table, host: str) -> dict[str, Any]:
        ann, watcher = await seated(hub, table, 0, None)
        await hub.chat.say(table, ann, "before")
        with pytest.raises(WrongSecretError):
            await hub.chat.set_open(table, "not the host token", None, False)
        closed = await hub.chat.set_open(table, host, None, False)
        refused = await hub.chat.say(table, watcher, "while closed")
        table.chat = None  # loaded again from the store: still closed
        (again,) = await seated(hub, table, 1)
        reopened = await hub.chat.set_open(table, host, None, True)
        await hub.chat.say(table, again, "after")
        return {
            "closed": closed,
            "refused": refused,
            "states": [f["open"] for f in ann.of("chat_state")],
            "again": again.frames[0],
            "reopened": reopened,
            "replay": await hub.chat.transcript(table, game_over=True),
            "in_play": await hub.chat.transcript(table, game_over=False),
        }

    seen = at_a_table(tmp_path, work)
    assert seen["closed"] is False and seen["reopened"] is True
    assert seen["refused"]["code"] == "closed"
    assert seen["states"] == [False], "the states after the room was reloaded went to its peers"
    assert seen["again"]["open"] is False and [m["text"] for m in seen["again"]["messages"]] == [
        "before"
    ]
    assert [m["text"] for m in seen["replay"]] == ["before", "after"]
    assert readable_in_replay(False) == (PLAYERS,)


def test_the_replay_shows_the_spectators_channel_only_once_the_game_is_over(
    tmp_path: Path,
) -> None:
    async def work(hub: Hub, table: Table, _host: str) -> tuple[list[str], list[str]]:
        ann, watcher = await seated(hub, table, 0, None)
        await hub.chat.say(table, ann, "players' talk")
        await hub.chat.say(table, watcher, "spectators' talk")
        during = await hub.chat.transcript(table, game_over=False)
        after = await hub.chat.transcript(table, game_over=True)
        return [m["text"] for m in during], [m["text"] for m in after]

    during, after = at_a_table(tmp_path, work)
    assert during == ["players' talk"]
    assert after == ["players' talk", "spectators' talk"]


def test_a_purged_table_takes_its_chat_with_it(tmp_path: Path) -> None:
    async def work(hub: Hub, table: Table, _host: str) -> int:
        (ann,) = await seated(hub, table, 0)
        await hub.chat.say(table, ann, "soon gone")
        await hub.store.delete_tables([table.id])
        stored = await hub.store.load_chat(table.id, 10)
        return len(stored.messages)

    assert at_a_table(tmp_path, work) == 0


def test_a_store_that_cannot_answer_leaves_the_game_playing_and_refuses_a_message(
    tmp_path: Path,
) -> None:
    garbage = tmp_path / "garbage.sqlite3"
    garbage.write_bytes(b"not a database, " * 512)

    async def work(hub: Hub, table: Table, _host: str) -> list[dict[str, Any]]:
        broken = Store(make_engine(f"sqlite+aiosqlite:///{garbage}"))
        hub.chat.store = broken
        try:
            (ann,) = await seated(hub, table, 0)  # no chat log, and no error either
            await hub.chat.say(table, ann, "anyone?")
        finally:
            await broken.close()
        return ann.frames

    (refusal,) = at_a_table(tmp_path, work)
    assert refusal["type"] == "chat_refusal" and refusal["code"] == "server"
