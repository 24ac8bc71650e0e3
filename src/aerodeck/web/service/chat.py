"""The table's chat (docs/web-protocol.md, Chat).

Two channels per table: the players talk in ``players``, spectators in ``spectators``; a
connection's channel is implied by who it is (a seat or a spectator) and nobody posts in the
other. Everyone at the table may read both (table talk is public, as on Board Game Arena and
lichess; the page lets a player hide the spectators' channel). A message is checked (not empty,
at most ``MAX_CHAT_CHARS`` characters, no control characters), rate-limited per connection and
per author, stored with the table and committed before anyone is sent it. The host may close the
chat and open it again (stored with the table).

Chat frames carry no view data: an author's name, key and seat, the channel, the text, the time.
They go only to connections that asked for the chat in their hello (the page does; a terminal
client or a bot program gets the game alone).

The author key names the author for a reader's mute (kept by the page) and for the rate per
author: ``player:ID`` for a connection with a signed-in player (service/players.py: the same
person in every tab and seat), else ``seat:N`` for a seat and a random id per connection for a
spectator. The name shown is the seat's display name, else the player's, else "seat N" or
"spectator" and the first characters of the random id.
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import unicodedata
from collections import deque
from dataclasses import dataclass
from typing import TYPE_CHECKING

from aerodeck.core.api import JSON
from aerodeck.core.i18n import N_, _
from aerodeck.web.service.connection import Connection, send_json
from aerodeck.web.service.errors import DuplicateError, StoreError, WrongSecretError
from aerodeck.web.service.limits import TokenBucket
from aerodeck.web.service.peers import ALONE, CHAT, CHAT_STATE, Peers
from aerodeck.web.service.records import (
    MAX_CHAT_CHARS,
    ChatRecord,
    StoredChat,
    TableStore,
    utcnow,
)
from aerodeck.web.settings import Settings

if TYPE_CHECKING:
    from aerodeck.web.service.tables import Table

log = logging.getLogger("aerodeck.web")

PLAYERS = "players"
SPECTATORS = "spectators"
TRANSCRIPT_LIMIT = 5000  # messages the replay page shows at most
IDLE_AUTHORS = 256  # author buckets kept before the full (idle) ones are dropped
# characters that would let a message rewrite how the page lays out text around it
BIDI_CONTROLS = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
REFUSED_CATEGORIES = {"Cc": N_("a control character"), "Cs": N_("a lone surrogate")}
REFUSED_CATEGORIES |= {"Zl": N_("a line separator"), "Zp": N_("a paragraph separator")}


class ChatRefusedError(Exception):
    """A message not taken: ``code`` for programs, ``reason`` in words."""

    def __init__(self, code: str, reason: str) -> None:
        super().__init__(reason)
        self.code = code
        self.reason = reason

    def frame(self) -> JSON:
        return {"type": "chat_refusal", "code": self.code, "reason": self.reason}


def checked_text(text: str, limit: int = MAX_CHAT_CHARS) -> str:
    """The message as kept (spaces at its ends dropped); ChatRefusedError says why not."""
    text = text.strip()
    if not text:
        raise ChatRefusedError("empty", _("an empty message is not sent"))
    if len(text) > limit:
        reason = _(
            "a message has at most {limit} characters, not {count}", limit=limit, count=len(text)
        )
        raise ChatRefusedError("too_long", reason)
    for char in text:
        what = REFUSED_CATEGORIES.get(unicodedata.category(char))
        if what is None and char in BIDI_CONTROLS:
            what = N_("a text direction control")
        if what is not None:
            code = f"U+{ord(char):04X}"
            raise ChatRefusedError(
                "control", _("the message holds {what} ({code})", what=_(what), code=code)
            )
    return text


def message_json(message: ChatRecord) -> JSON:
    """A message as the frames carry it (no view data)."""
    return {
        "id": message.seq,
        "channel": message.channel,
        "author": message.author_name,
        "key": message.author_key,
        "seat": message.seat,
        "text": message.text,
        "time": message.created_at.isoformat(timespec="seconds") + "+00:00",
    }


@dataclass
class Listener:
    """A connection at the table, as the chat knows it."""

    key: str  # the author key its messages carry
    player_name: str | None  # the display name of its signed-in player, if any
    bucket: TokenBucket
    hears: bool  # asked for chat frames in its hello


class ChatRoom:
    """One table's chat in memory: open or closed, the latest messages of each channel, the
    connections and the authors' rate buckets. Messages are stored and sent one at a time."""

    def __init__(self, stored: StoredChat, history: int) -> None:
        self.open = stored.open
        self.next_seq = stored.next_seq
        self.recent: dict[str, deque[ChatRecord]] = {
            PLAYERS: deque(maxlen=history),
            SPECTATORS: deque(maxlen=history),
        }
        for message in stored.messages:
            if message.channel in self.recent:
                self.recent[message.channel].append(message)
        self.listeners: dict[Connection, Listener] = {}
        self.authors: dict[str, TokenBucket] = {}
        self.lock = asyncio.Lock()

    def log(self) -> list[ChatRecord]:
        """The latest messages of both channels, in order."""
        return sorted((*self.recent[PLAYERS], *self.recent[SPECTATORS]), key=lambda m: m.seq)

    def broadcast(self, frame: JSON) -> None:
        for conn, listener in list(self.listeners.items()):
            if listener.hears:
                send_json(conn, frame)

    def author_bucket(self, key: str, rate: float, burst: int) -> TokenBucket:
        bucket = self.authors.get(key)
        if bucket is None:
            if len(self.authors) >= IDLE_AUTHORS:
                self._forget_idle_authors()
            bucket = self.authors[key] = TokenBucket(rate, burst)
        return bucket

    def _forget_idle_authors(self) -> None:
        for key, bucket in list(self.authors.items()):
            bucket.take()  # refills it from the time passed; a full one lost nothing by it
            if bucket.level + 1.0 >= bucket.burst:
                del self.authors[key]


def channel_of(seat: int | None) -> str:
    """The channel a connection posts in: players for a seat, spectators for a spectator."""
    return SPECTATORS if seat is None else PLAYERS


def readable_in_replay(game_over: bool) -> tuple[str, ...]:
    """The channels a replay shows: the players' always, the spectators' once the game is over
    (the spectators' talk may be about the game in progress)."""
    return (PLAYERS, SPECTATORS) if game_over else (PLAYERS,)


class TableChat:
    """The chat of every table: rooms loaded from the store on first use and kept on the table
    (so they leave memory with it)."""

    def __init__(self, store: TableStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.peers: Peers = ALONE  # the other processes on the store (service/peers.py)
        self._loading = asyncio.Lock()

    async def room(self, table: Table) -> ChatRoom:
        if table.chat is None:
            async with self._loading:
                if table.chat is None:
                    stored = await self.store.load_chat(table.id, self.settings.chat_history)
                    table.chat = ChatRoom(stored, self.settings.chat_history)
        return table.chat

    def _author_key(self, conn: Connection) -> str:
        if conn.player_id is not None:
            return f"player:{conn.player_id}"
        if conn.seat is not None:
            return f"seat:{conn.seat}"
        return f"spectator:{secrets.token_urlsafe(6)}"

    async def join(self, table: Table, conn: Connection, hears: bool) -> None:
        """Count ``conn`` in; when it asked for the chat, send it the chat's state and latest
        messages (later messages follow as they are sent)."""
        try:
            room = await self.room(table)
            player_name = None
            if conn.player_id is not None:
                player_name = await self.store.player_name(conn.player_id)
        except StoreError:  # the game goes on without the chat; a say is refused
            log.warning("table %s: the chat could not be loaded", table.id, exc_info=True)
            return
        s = self.settings
        async with room.lock:
            room.listeners[conn] = Listener(
                self._author_key(conn),
                player_name,
                TokenBucket(s.chat_rate, s.chat_burst),
                hears,
            )
            if hears:
                send_json(
                    conn,
                    {
                        "type": "chat_log",
                        "open": room.open,
                        "channel": channel_of(conn.seat),
                        "key": room.listeners[conn].key,
                        "messages": [message_json(m) for m in room.log()],
                    },
                )

    def leave(self, table: Table, conn: Connection) -> None:
        if table.chat is not None:
            table.chat.listeners.pop(conn, None)

    def _author_name(self, table: Table, seat: int | None, listener: Listener) -> str:
        if seat is not None:
            return table.seats[seat].name or listener.player_name or f"seat {seat}"
        return listener.player_name or f"spectator {listener.key.rsplit(':', 1)[-1][:4]}"

    async def say(self, table: Table, conn: Connection, text: str) -> JSON:
        """Post ``text`` in the connection's channel: the chat frame sent to everyone who hears
        the chat, or a chat_refusal sent to ``conn`` alone."""
        try:
            frame = await self._post(table, conn, text)
        except ChatRefusedError as refusal:
            frame = refusal.frame()
            send_json(conn, frame)
        return frame

    async def _post(self, table: Table, conn: Connection, text: str) -> JSON:
        listener = None if table.chat is None else table.chat.listeners.get(conn)
        if table.chat is None or listener is None:  # the store failed when it joined
            raise ChatRefusedError("server", _("the chat could not be loaded: reconnect"))
        room = table.chat
        if not room.open:
            raise ChatRefusedError("closed", _("the host closed the chat"))
        kept = checked_text(text)
        s = self.settings
        author = room.author_bucket(listener.key, s.chat_rate, s.chat_burst)
        if not (listener.bucket.take() and author.take()):
            raise ChatRefusedError("rate", _("too many messages: wait a moment"))
        async with room.lock:
            message = ChatRecord(
                table_id=table.id,
                seq=room.next_seq,
                channel=channel_of(conn.seat),
                author_key=listener.key,
                author_name=self._author_name(table, conn.seat, listener),
                seat=conn.seat,
                text=kept,
                created_at=utcnow(),
            )
            try:
                await self.store.append_chat(message)
            except StoreError as error:
                if isinstance(error, DuplicateError):  # the seq was taken: the next one is free
                    room.next_seq += 1
                reason = "the message was not stored: send it again"
                raise ChatRefusedError("server", reason) from None
            room.next_seq += 1
            room.recent[message.channel].append(message)
            frame = {"type": "chat", **message_json(message)}
            room.broadcast(frame)
            self.peers.tell(table, CHAT)
        return frame

    async def set_open(
        self, table: Table, host_token: str | None, player_id: str | None, open_: bool
    ) -> bool:
        """The host (token or host player) closes the chat (no one may post) or opens it again;
        stored, then told to everyone who hears the chat."""
        if not table.is_host(host_token, player_id):
            raise WrongSecretError(_("wrong host token"))
        room = await self.room(table)
        async with room.lock:
            if room.open != open_:
                await self.store.set_chat_open(table.id, open_)
                room.open = open_
                room.broadcast({"type": "chat_state", "open": open_})
                self.peers.tell(table, CHAT_STATE)
        return room.open

    async def catch_up(self, table: Table) -> None:
        """What another process stored of the table's chat (several processes): its messages
        since this process's last, and the host's switch, sent to those here who hear it."""
        room = table.chat
        if room is None:  # nobody here asked for it: loaded fresh on first use
            return
        stored = await self.store.load_chat(table.id, self.settings.chat_history)
        async with room.lock:
            for message in stored.messages:
                if message.seq >= room.next_seq:
                    room.recent[message.channel].append(message)
                    room.broadcast({"type": "chat", **message_json(message)})
            room.next_seq = max(room.next_seq, stored.next_seq)
            if stored.open != room.open:
                room.open = stored.open
                room.broadcast({"type": "chat_state", "open": stored.open})

    async def transcript(self, table: Table, game_over: bool) -> list[JSON]:
        """The messages a replay shows, in order."""
        channels = readable_in_replay(game_over)
        messages = await self.store.chat_transcript(table.id, channels, TRANSCRIPT_LIMIT)
        return [message_json(message) for message in messages]
