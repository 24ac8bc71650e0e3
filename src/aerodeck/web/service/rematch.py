"""Rematch: at the end of a game, the same people, bots and options at a new table.

A seat of a finished table offers a rematch (its own answer is "accepted"); every other human
seat accepts or declines from its table page, bot seats accept at once. A decline ends the
offer (anyone may offer again). When every human has accepted, the new table starts at once:
the same game, options, clock (and what its running out does), fallback bot, listing and
rating, a new seed, and the seats moved one place on (seat i sits at seat i+1, the last at
seat 0), so the first to play changes from game to game as the colours do in a rematch on
lichess. Each human seat of the new table belongs to the same player as the old one, so a
signed-in page takes it by its session; its fresh token goes only to the old seat's own
connections (for programs and tabs holding a token only). The player who offered hosts the new
table, and the host token goes to the offering seat's connections.

A human seat of the old table that nobody holds any more (released, or re-issued and not taken)
is played by the table's fallback bot in the rematch.

Every frame about the offer is built per recipient: the answers and the new table's id are
public (who accepted is shown at the table); a token reaches only its own seat.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

from aerodeck.core.api import JSON
from aerodeck.web.service.connection import Connection, send_json
from aerodeck.web.service.errors import StoreError
from aerodeck.web.service.peers import REMATCH
from aerodeck.web.service.records import Seat, TableRecord, utcnow
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tokens import digest, new_table_id, new_token

if TYPE_CHECKING:
    from aerodeck.web.service.hub import Hub
    from aerodeck.web.service.tables import Table

log = logging.getLogger("aerodeck.web")
PENDING, ACCEPTED, DECLINED = "pending", "accepted", "declined"


@dataclass
class Offer:
    """A rematch offered by ``offered_by``: each seat's answer, and the new table once every
    human accepted."""

    offered_by: int
    answers: list[str]
    table: str | None = None

    @property
    def declined(self) -> bool:
        return DECLINED in self.answers

    @property
    def accepted(self) -> bool:
        return all(answer == ACCEPTED for answer in self.answers)


@dataclass(frozen=True)
class Started:
    """What the new table's seats get on the old table's connections: seat -> (new seat, token),
    and the host token for the seat that offered."""

    seats: dict[int, tuple[int, str | None]]
    host_token: str


class RematchStore(Protocol):
    """What rematches need of the store (``aerodeck.web.db.store.Store`` implements it)."""

    async def save_rematch(self, table_id: str, offer: Offer) -> None: ...

    async def load_rematch(self, table_id: str) -> Offer | None: ...


def _holder(seat: Seat) -> bool:
    """A human seat somebody holds (by token, and by player when signed in)."""
    return seat.kind == "human" and seat.claimed


def moved_on(seat: int, players: int) -> int:
    """Where the occupant of ``seat`` sits in the rematch."""
    return (seat + 1) % players


class Rematches:
    """The rematch offers of the hub's finished tables (kept in the store, cached here)."""

    def __init__(self, hub: Hub, store: RematchStore) -> None:
        self.hub = hub
        self.store = store
        self._offers: dict[str, Offer] = {}
        self._started: dict[str, Started] = {}  # tokens of a rematch just started, in memory

    async def offer_of(self, table: Table) -> Offer | None:
        """The table's offer: cached once there is one (a table without one is asked again,
        so finished tables that never had an offer take no memory here)."""
        offer = self._offers.get(table.id)
        if offer is None:
            offer = await self.store.load_rematch(table.id)
            if offer is not None:
                self._offers[table.id] = offer
        return offer

    async def greet(self, table: Table, conn: Connection) -> None:
        """A connection to a finished table hears of its rematch offer, if there is one."""
        if not table.over:
            return
        offer = await self.offer_of(table)
        if offer is not None:
            send_json(conn, self.frame(table, offer, conn.seat))

    async def answer(self, table: Table, conn: Connection, answer: str) -> None:
        """Offer, accept or decline for ``conn``'s seat; everyone hears the offer as it is now,
        and when every human has accepted the new table starts."""
        async with table.lock:
            refusal = await self._answer(table, conn.seat, answer)
            if refusal is not None:
                send_json(
                    conn, {"type": "refusal", "id": None, "code": "rematch", "reason": refusal}
                )
                return
            offer = self._offers[table.id]
            for recipient in list(table.connections):
                send_json(recipient, self.frame(table, offer, recipient.seat))
            self.hub.peers.tell(table, REMATCH)

    async def heard(self, table: Table) -> None:
        """Another process changed the table's offer (several processes): everyone here hears
        it as it is stored. A new table's seat tokens stay with the process that started it
        (a signed-in page takes its seat by its session)."""
        async with table.lock:
            try:
                offer = await self.store.load_rematch(table.id)
            except StoreError:
                log.warning("table %s: the rematch offer could not be read", table.id)
                return
            if offer is None:
                return
            self._offers[table.id] = offer
            for recipient in list(table.connections):
                send_json(recipient, self.frame(table, offer, recipient.seat))

    async def _answer(self, table: Table, seat: int | None, answer: str) -> str | None:
        """Apply the answer (held: the table's lock); why it is refused, or None."""
        if seat is None:
            return "a spectator cannot answer a rematch"
        if not table.over:
            return "a rematch is offered once the game is over"
        offer = await self.offer_of(table)
        if offer is not None and offer.table is not None:
            return "the rematch has started"
        if answer == "offer" or (answer == "accept" and (offer is None or offer.declined)):
            offer = Offer(seat, [PENDING if _holder(s) else ACCEPTED for s in table.seats])
            offer.answers[seat] = ACCEPTED
        elif offer is None or offer.declined:
            return "no rematch is offered"
        else:
            offer = Offer(offer.offered_by, list(offer.answers))  # the cache changes once stored
            offer.answers[seat] = ACCEPTED if answer == "accept" else DECLINED
        try:
            if offer.accepted:
                if self.hub.unfinished() >= self.hub.settings.max_tables:
                    return "the server holds its maximum of tables"
                offer.table = await self._start(table, offer)
            await self.store.save_rematch(table.id, offer)
        except StoreError:
            log.exception("table %s: the store did not take a rematch answer", table.id)
            return "the server could not store the answer"
        self._offers[table.id] = offer
        return None

    async def _start(self, table: Table, offer: Offer) -> str:
        """The new table, every seat moved one place on, playing at once."""
        players = len(table.seats)
        seats: dict[int, Seat] = {}
        tokens: dict[int, tuple[int, str | None]] = {}
        for index, old in enumerate(table.seats):
            place = moved_on(index, players)
            if _holder(old):
                token = new_token()
                seats[place] = Seat(
                    "human", None, old.name, digest(token), None, None, old.player_id
                )
                tokens[index] = (place, token)
            else:
                bot = old.bot if old.kind == "bot" and old.bot else table.fallback_bot
                seats[place] = Seat("bot", bot, bot, None, None, None)
                tokens[index] = (place, None)
        host_token = new_token()
        stored = await self.hub.store.load(table.id)  # the host's options the table keeps
        now = utcnow()
        record = TableRecord(
            id=new_table_id(),
            game=table.game.id,
            players=players,
            options=dict(table.game.options),
            seed=self.hub.new_seed(),
            status=TableStatus.PLAYING,
            listed=table.listed,
            host_hash=digest(host_token),
            created_at=now,
            clock=table.clock,
            fallback_bot=table.fallback_bot,
            on_timeout=table.on_timeout,
            turn_began_at=now,
            rated=stored.table.rated if stored is not None else True,
            host_player_id=table.seats[offer.offered_by].player_id,
            rematch_of=table.id,
            hints=table.hints,  # the same table again (hints only where it was unrated)
        )
        await self.hub.open_table(record, [seats[place] for place in range(players)])
        self._started[table.id] = Started(tokens, host_token)
        return record.id

    def frame(self, table: Table, offer: Offer, seat: int | None) -> JSON:
        """The offer as ``seat`` may see it: the answers and the new table for everyone; the new
        seat's token and the host token only for their own seat, and only as the table starts."""
        frame: JSON = {
            "type": "rematch",
            "offered_by": offer.offered_by,
            "answers": list(offer.answers),
            "table": offer.table,
            "seat": None,
        }
        if offer.table is None or seat is None:
            return frame
        frame["seat"] = moved_on(seat, len(table.seats))
        started = self._started.get(table.id)
        if started is not None:
            frame["token"] = started.seats[seat][1]
            if seat == offer.offered_by:
                frame["host_token"] = started.host_token
        return frame
