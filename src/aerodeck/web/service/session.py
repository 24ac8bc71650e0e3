"""One connection's session (docs/web-protocol.md): the hello, then acts, chat and pings, each frame
checked for size, rate and shape before it reaches the move path."""

from __future__ import annotations

import asyncio
import logging

from aerodeck.web.service.connection import Connection, FrameError, send_json
from aerodeck.web.service.frames import (
    BAD_TOKEN,
    GOING_AWAY,
    MALFORMED,
    NO_TABLE,
    RATE_LIMIT,
    TOO_BIG,
    TOO_MANY,
    Act,
    ClientFrame,
    Hello,
    MalformedFrameError,
    Ping,
    RematchAnswer,
    Say,
    Why,
    parse_frame,
)
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.limits import TokenBucket, TooManyTriesError
from aerodeck.web.service.rematch import Rematches
from aerodeck.web.service.tables import Table
from aerodeck.web.service.why import why_not

log = logging.getLogger("aerodeck.web")


async def _next_text(conn: Connection, limit: int) -> str | None:
    """The next frame's text; None when the peer left; FrameError when it is too big."""
    text = await conn.receive()
    if text is not None and (
        len(text) > limit or len(text.encode("utf-8", "surrogatepass")) > limit
    ):
        raise FrameError(TOO_BIG, f"frame too big: over {limit} bytes")
    return text


def _parse(text: str) -> ClientFrame:
    try:
        return parse_frame(text)
    except MalformedFrameError as error:
        raise FrameError(MALFORMED, str(error)) from None


async def run_session(
    hub: Hub, conn: Connection, rematches: Rematches, routed: str | None = None
) -> None:
    """Serve ``conn`` from its hello until the peer leaves or the connection is closed.
    ``routed``: the table the connection's URL named (``/ws?table=ID``), which the proxy routed
    it by; a hello for another table is refused (4400)."""
    settings = hub.settings
    try:
        try:
            text = await asyncio.wait_for(
                _next_text(conn, settings.max_frame_bytes), settings.hello_timeout
            )
        except TimeoutError:
            raise FrameError(MALFORMED, "no hello") from None
        if text is None:
            return
        hello = _parse(text)
        if not isinstance(hello, Hello):
            raise FrameError(MALFORMED, "the first frame must be a hello")
        if routed is not None and hello.table != routed:
            raise FrameError(MALFORMED, "the hello names another table than the URL's ?table=")
        table = await hub.get(hello.table)
        if table is None:
            raise FrameError(NO_TABLE, "no such table")
        if hello.token is not None:
            try:
                hub.guesses.spent(conn.address, table.id)
            except TooManyTriesError as refused:
                raise FrameError(RATE_LIMIT, str(refused)) from None
            seat = table.seat_of(hello.token)
            if seat is None:  # claimed on another process: read the store (or heard of)
                await hub.refresh(table)
                seat = table.seat_of(hello.token)
            if seat is None:
                hub.guesses.wrong(conn.address, table.id, "seat token in a hello")
                raise FrameError(BAD_TOKEN, "bad token: no seat of this table has it")
        else:  # the seat that belongs to the signed-in player, in any tab or device
            seat = table.seat_owned_by(conn.player_id)
            if seat is None and conn.player_id is not None:
                await hub.refresh(table)
                seat = table.seat_owned_by(conn.player_id)
        full = hub.admission(table, seat)
        if full is not None:
            raise FrameError(TOO_MANY, full)
    except FrameError as refuse:
        conn.close(refuse.code, refuse.reason)
        return
    conn.seat = seat
    if seat is None:
        bucket = TokenBucket(settings.spectator_rate, settings.spectator_burst)
    else:
        bucket = TokenBucket(settings.player_rate, settings.player_burst)
    try:
        await hub.attach(table, conn, hello.last_version)
        await hub.chat.join(table, conn, hello.chat)
        await rematches.greet(table, conn)
        await _serve(hub, table, conn, bucket, rematches)
    except FrameError as refuse:
        conn.close(refuse.code, refuse.reason)
    except Exception:  # a peer gone mid-send and the like: this connection only
        log.debug("connection to table %s ended", table.id, exc_info=True)
    finally:
        hub.chat.leave(table, conn)
        await hub.detach(table, conn)


async def _serve(
    hub: Hub, table: Table, conn: Connection, bucket: TokenBucket, rematches: Rematches
) -> None:
    """Read frames until the peer leaves or the connection is closed."""
    # a spectator that sends nothing (not even a ping) for spectator_idle seconds is closed
    idle = hub.settings.spectator_idle if conn.seat is None else None
    while not conn.closing:
        try:
            text = await asyncio.wait_for(_next_text(conn, hub.settings.max_frame_bytes), idle)
        except TimeoutError:
            raise FrameError(GOING_AWAY, "idle spectator: reconnect to watch on") from None
        if text is None or conn.closing:
            return
        if not bucket.take():
            raise FrameError(RATE_LIMIT, "rate limit: too many frames")
        frame = _parse(text)
        if isinstance(frame, Ping):
            conn.send('{"type":"pong"}')
        elif isinstance(frame, Act):
            await hub.submit(table, conn.seat, frame.move, frame.id, frame.version, "human", conn)
        elif isinstance(frame, Say):
            await hub.chat.say(table, conn, frame.text)
        elif isinstance(frame, RematchAnswer):
            await rematches.answer(table, conn, frame.answer)
        elif isinstance(frame, Why):
            send_json(conn, why_not(table, conn.seat, frame.move))
        else:
            raise FrameError(MALFORMED, "a second hello")
