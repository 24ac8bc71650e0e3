"""The hub: every table of the process, the move path, and the seat changes the lobby asks for.

The move path is the same for humans, bots and timed-out seats: under the table's lock, check the
seat, the turn and the version; apply the move to a clone; store it and commit; then swap the
clone in, acknowledge, and broadcast. Nothing is acknowledged or broadcast before it is durable,
and a client message id resent by a seat is acknowledged again but applied once (in memory, and
by the store's unique constraint behind it).
"""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, replace
from datetime import timedelta
from typing import Any

from aerodeck.agents.registry import agent_names
from aerodeck.core.api import JSON
from aerodeck.core.errors import (
    AerodeckError,
    ConfigError,
    IllegalActionError,
    NotationError,
    excerpt,
)
from aerodeck.core.i18n import N_, _, using
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.core.userdata import check_remote_options
from aerodeck.web.service.chat import TableChat
from aerodeck.web.service.clock import MAX_CLOCK, MIN_CLOCK, ON_TIMEOUT
from aerodeck.web.service.connection import Connection, send_json
from aerodeck.web.service.errors import (
    CapacityError,
    ConflictError,
    DuplicateError,
    NotFoundError,
    StoreError,
    WrongSecretError,
)
from aerodeck.web.service.frames import BAD_TOKEN, GOING_AWAY, NO_TABLE
from aerodeck.web.service.guesses import SecretGuesses
from aerodeck.web.service.metrics import NO_METER, Meter
from aerodeck.web.service.peers import ALONE, END, MOVE, PRESENCE, SEATS, Peers
from aerodeck.web.service.records import Seat, StoredTable, TableRecord, TableStore, utcnow
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tables import Table
from aerodeck.web.service.tokens import digest, matches, new_invite, new_table_id, new_token
from aerodeck.web.settings import Settings

UNKNOWN_BOT = N_("unknown bot {name} (bots: {bots})")
log = logging.getLogger("aerodeck.web")

MAX_NAME_CHARS = 32
SEED_BITS = 62  # fits a signed 64-bit column


@dataclass(frozen=True)
class SeatSpec:
    kind: str  # human or bot
    bot: str | None = None


@dataclass
class Created:
    table: Table
    host_token: str
    seat: int | None
    token: str | None
    invites: list[tuple[int, str]]


def _refusal(client_id: str | None, code: str, reason: str) -> JSON:
    return {"type": "refusal", "id": client_id, "reason": reason, "code": code}


class Hub:
    """Every table this process serves, with the connection count."""

    def __init__(self, store: TableStore, settings: Settings) -> None:
        self.store = store
        self.settings = settings
        self.chat = TableChat(store, settings)
        self.guesses = SecretGuesses(  # wrong tokens and codes, REST and WebSocket alike
            settings.wrong_secrets_per_address,
            settings.wrong_secrets_per_table,
            settings.secret_window,
        )
        self.tables: dict[str, Table] = {}
        self.connection_count = 0
        self.meter: Meter = NO_METER  # the web layer's Prometheus meter, when it serves
        self.peers: Peers = ALONE  # the other processes on the same store (service/peers.py)
        self.listeners: list[Callable[[Table], None]] = []  # after every change (bots, clock)
        self.finishers: list[Callable[[Table], Awaitable[None]]] = []  # once a game ends
        self._loading = asyncio.Lock()
        self._created = 0  # tables created by this process (the --table-seed sequence)

    def join_cluster(self, peers: Peers) -> None:
        """Serve the store's tables with other processes (service/cluster.py)."""
        self.peers = peers
        self.chat.peers = peers

    # --- tables in memory -------------------------------------------------------------------

    async def restore(self) -> int:
        """Rebuild every unfinished table from its stored moves (start-up)."""
        for stored in await self.store.load_unfinished():
            table = self._rebuild(stored)
            if table is not None:
                self.tables[table.id] = table
        for table in list(self.tables.values()):
            self._notify(table)
        return len(self.tables)

    def _rebuild(self, stored: StoredTable) -> Table | None:
        try:
            return Table.rebuild(stored)
        except (AerodeckError, ValueError) as error:
            log.error("table %s cannot be rebuilt from its moves: %s", stored.table.id, error)
            return None

    async def get(self, table_id: str) -> Table | None:
        """The table, from memory or (a table let go of, ``evict``) from the store. A table
        asked for without a connection here is kept a while longer (the lobby's list, a page's
        calls), rather than read back at every call."""
        table = self.tables.get(table_id)
        if table is not None:
            if not table.connections:
                table.idle_since = time.monotonic()
            return table
        async with self._loading:
            table = self.tables.get(table_id)
            if table is None:
                stored = await self.store.load(table_id)
                if stored is None:
                    return None
                table = self._rebuild(stored)
                if table is None:
                    return None
                table.idle_since = time.monotonic()
                self.tables[table_id] = table
            return table

    async def refresh(self, table: Table) -> bool:
        """Read what other processes stored at ``table`` (a token this process has not seen
        yet); whether anything changed. Nothing to read for a single process."""
        async with table.lock:
            return await self.peers.catch_up(table)

    def unfinished(self) -> int:
        return sum(1 for table in self.tables.values() if table.status is not TableStatus.OVER)

    async def open_tables(self, limit: int) -> list[Table]:
        """Listed tables waiting for players or playing, newest first (at most ``limit``)."""
        ids = await self.store.listed(limit)
        found = [await self.get(table_id) for table_id in ids]  # another process's: loaded
        return [table for table in found if table is not None]

    async def ping(self) -> None:
        """Return when the store answers (StoreError when it does not)."""
        await self.store.ping()

    def _notify(self, table: Table) -> None:
        for listener in self.listeners:
            listener(table)

    def notify(self, table: Table) -> None:
        """Tell the listeners (the bots and the clock) that ``table`` changed."""
        self._notify(table)

    # --- the move path ----------------------------------------------------------------------

    async def submit(
        self,
        table: Table,
        seat: int | None,
        move: str,
        client_id: str | None,
        version: int,
        source: str,
        reply: Connection | None = None,
    ) -> JSON:
        """Make ``move`` for ``seat`` at ``version``: an ack or a refusal frame (also sent to
        ``reply``), and on an ack an update to every connection of the table."""
        began = time.perf_counter()
        async with table.lock:
            frame, applied = await self._submit(table, seat, move, client_id, version, source)
            if reply is not None:
                send_json(reply, frame)
            if applied is not None:
                table.broadcast(version, [applied])
                self.peers.tell(table, MOVE)
        if frame["type"] == "ack":
            self.meter.move_acknowledged(source, time.perf_counter() - began)
        else:
            self.meter.move_refused(str(frame.get("code")))
        if applied is not None:
            self._notify(table)
            if table.state.is_terminal:
                await self._finished(table)
        return frame

    async def _finished(self, table: Table) -> None:
        """Tell the finishers (the results and ratings) that ``table``'s game ended."""
        for finisher in self.finishers:
            try:
                await finisher(table)
            except Exception:  # the game stands; its results are missing, and logged
                log.exception("table %s: recording the end of the game failed", table.id)

    async def _submit(
        self,
        table: Table,
        seat: int | None,
        move: str,
        client_id: str | None,
        version: int,
        source: str,
    ) -> tuple[JSON, Any]:
        if seat is None:
            return _refusal(client_id, "spectator", "a spectator cannot make moves"), None
        if version != table.version:  # another process may have stored moves since: read them
            await self.peers.catch_up(table)
        if client_id is not None:
            done = table.acked.get((seat, client_id))
            if done is not None:  # a resent move: acknowledged again, applied once
                return {"type": "ack", "id": client_id, "version": done}, None
        state = table.state
        if table.status is TableStatus.WAITING:
            return _refusal(client_id, "not_started", "the table waits for players"), None
        if table.status is TableStatus.OVER or state.is_terminal:
            return _refusal(client_id, "game_over", "the game is over: no more moves"), None
        if state.current_player != seat:
            turn = f"it is seat {state.current_player}'s decision, not seat {seat}'s"
            return _refusal(client_id, "not_your_turn", turn), None
        played_by = table.seats[seat].played_by
        if source == "bot" and played_by is None:
            return _refusal(client_id, "bot", "the seat was taken back by its player"), None
        if source != "bot" and played_by is not None:
            return _refusal(client_id, "bot", f"the bot {played_by} plays this seat now"), None
        if source != "human" and not self.peers.drives(table):
            return _refusal(client_id, "bot", "another process runs this table's bots"), None
        if version != table.version:
            stale = f"version {version} is not the table's version {table.version}"
            return _refusal(client_id, "stale", stale), None
        after = state.clone()
        try:
            action = table.game.parse_action(after, move)
            after.apply(action)
        except NotationError as error:
            return _refusal(client_id, "notation", str(error)), None
        except IllegalActionError as error:
            return _refusal(client_id, "illegal", str(error)), None
        except Exception:  # an engine bug met by hostile text: refused, the table untouched
            log.exception("table %s: the engine failed on move %r", table.id, move[:80])
            return _refusal(client_id, "notation", "not a move of this game"), None
        notation = str(action)
        moved_at = utcnow()  # the next turn begins then: the same moment in memory and stored
        try:
            committing = time.perf_counter()
            fence = None if source == "human" else self.peers.fence(table)
            await self.store.append_move(
                table.id,
                version,
                seat,
                notation,
                client_id,
                source,
                after.is_terminal,
                moved_at,
                fence,
            )
            self.meter.move_committed(time.perf_counter() - committing)
        except DuplicateError:
            if client_id is not None:
                seq = await self.store.find_client_move(table.id, seat, client_id)
                if seq is not None:
                    table.acked[(seat, client_id)] = seq + 1
                    return {"type": "ack", "id": client_id, "version": seq + 1}, None
            await self.peers.catch_up(table)  # another process stored this version first
            return _refusal(client_id, "stale", "another move was stored at this version"), None
        except StoreError:  # the store is unreachable: nothing is applied, the client retries
            log.exception("table %s: the store did not take move %d", table.id, version)
            return _refusal(client_id, "server", "the server could not store the move"), None
        table.state = after
        table.marks.append(after.event_count)
        table.turn_began = None if after.is_terminal else moved_at
        if after.is_terminal:
            table.status = TableStatus.OVER
            table.idle_since = time.monotonic()
        if client_id is not None:
            table.acked[(seat, client_id)] = version + 1
        ack = {"type": "ack", "id": client_id, "version": version + 1}
        return ack, (version + 1, seat, action)

    # --- connections ------------------------------------------------------------------------

    def admission(self, table: Table, seat: int | None) -> str | None:
        """Why a new connection may not join (None: it may)."""
        s = self.settings
        if self.connection_count >= s.max_connections:
            return "the server holds its maximum of connections"
        if len(table.connections) >= s.max_table_connections:
            return "the table holds its maximum of connections"
        if seat is None:
            watching = sum(1 for c in table.connections if c.seat is None)
            if watching >= s.max_table_spectators:
                return "the table holds its maximum of spectators"
        else:
            same = sum(1 for c in table.connections if c.seat == seat)
            if same >= s.max_seat_connections:
                return "this seat holds its maximum of connections"
        return None

    def disconnect_player(self, player_id: str) -> int:
        """Close every connection opened with ``player_id``'s sessions (signed out everywhere):
        a tab holding a seat token gets its seat back on reconnecting, one that held the seat by
        its cookie alone does not. The number closed."""
        closed = 0
        for table in self.tables.values():
            for conn in list(table.connections):
                if conn.player_id == player_id and not conn.closing:
                    conn.close(BAD_TOKEN, "signed out: sign in again to take your seat")
                    closed += 1
        return closed

    async def attach(self, table: Table, conn: Connection, last_version: int | None) -> None:
        """Register ``conn`` and send its welcome (and the end of a finished game), under the
        table's lock so no update slips between them; the others hear the seat connected."""
        async with table.lock:
            if self.tables.setdefault(table.id, table) is not table:  # let go and read again
                conn.close(GOING_AWAY, "the table was reloaded: reconnect")
                return
            await self.peers.catch_up(table)  # what other processes stored: in the welcome
            table.connections.add(conn)
            self.connection_count += 1
            with using(conn.language):
                send_json(conn, table.welcome(conn.seat, last_version))
                if table.over:
                    send_json(conn, table.end(conn.seat))
            if conn.seat is not None:
                table.broadcast(table.version, [])
                self.peers.tell(table, PRESENCE)

    async def detach(self, table: Table, conn: Connection) -> None:
        async with table.lock:
            if conn in table.connections:
                table.connections.discard(conn)
                self.connection_count -= 1
                if not table.connections:
                    table.idle_since = time.monotonic()
                if conn.seat is not None:
                    table.broadcast(table.version, [])
                    self.peers.tell(table, PRESENCE)

    # --- the lobby's changes ----------------------------------------------------------------

    def new_seed(self) -> int:
        """A new table's seed: unpredictable, unless the operator fixed the sequence."""
        self._created += 1
        if self.settings.table_seed is None:
            return secrets.randbits(SEED_BITS)
        return derive_seed(self.settings.table_seed, "table", self._created) >> 1

    async def create(
        self,
        game_id: str,
        players: int | None,
        options: dict[str, Any],
        seats: Sequence[SeatSpec] | None,
        listed: bool,
        clock: int | None,
        fallback_bot: str,
        claim: int | None,
        name: str,
        on_timeout: str = "bot",
        rated: bool = True,
        player_id: str | None = None,
        hints: bool = False,
        mission: tuple[str, int] | None = None,
    ) -> Created:
        """A new table (ConfigError on a bad game, option, seat or bot); the claimed seat and
        the host's powers belong to ``player_id`` when the creator is signed in. ``mission``:
        the (campaign, mission number) the table plays (service/campaigns.py)."""
        if self.unfinished() >= self.settings.max_tables:
            raise CapacityError(_("the server holds its maximum of tables"))
        game = make(game_id, players, **check_remote_options(game_id, options))
        specs = (
            list(seats)
            if seats
            else [SeatSpec("human")]
            + [SeatSpec("bot", "heuristic") for _ in range(game.players - 1)]
        )
        if len(specs) != game.players:
            raise ConfigError(
                _(
                    "{count} seats given for {players} players",
                    count=len(specs),
                    players=game.players,
                )
            )
        bots = agent_names(game)
        for spec in specs:
            if spec.kind == "bot" and (spec.bot or "").strip().lower() not in bots:
                raise ConfigError(_(UNKNOWN_BOT, name=excerpt(spec.bot), bots=", ".join(bots)))
        if fallback_bot.strip().lower() not in bots:
            raise ConfigError(_(UNKNOWN_BOT, name=excerpt(fallback_bot), bots=", ".join(bots)))
        if on_timeout not in ON_TIMEOUT:
            raise ConfigError(_("on_timeout is one of {choices}", choices=", ".join(ON_TIMEOUT)))
        if clock is not None and not MIN_CLOCK <= clock <= MAX_CLOCK:
            raise ConfigError(
                _("the clock is {least} to {most} seconds", least=MIN_CLOCK, most=MAX_CLOCK)
            )
        if hints and rated:
            raise ConfigError(_("hints are for unrated tables: a rated game is played alone"))
        if claim is not None and not (0 <= claim < len(specs) and specs[claim].kind == "human"):
            raise ConfigError(_("seat {n} is not a human seat of this table", n=claim))
        table_id = new_table_id()
        host_token = new_token()
        token = new_token() if claim is not None else None
        invites: list[tuple[int, str]] = []
        seat_records = []
        for index, spec in enumerate(specs):
            seat = Seat(spec.kind, None, "", None, None, None)
            if spec.kind == "bot":
                seat.bot = (spec.bot or "").strip().lower()
                seat.name = seat.bot
            elif index == claim and token is not None:
                seat.token_hash = digest(token)
                seat.name = name[:MAX_NAME_CHARS]
                seat.player_id = player_id
            else:
                code = new_invite()
                invites.append((index, code))
                seat.invite_hash = digest(code)
            seat_records.append(seat)
        ready = all(s.kind == "bot" or s.token_hash for s in seat_records)
        created_at = utcnow()
        record = TableRecord(
            id=table_id,
            game=game.id,
            players=game.players,
            options=dict(game.options),
            seed=self.new_seed(),
            status=TableStatus.PLAYING if ready else TableStatus.WAITING,
            listed=listed,
            host_hash=digest(host_token),
            created_at=created_at,
            clock=clock,
            fallback_bot=fallback_bot.strip().lower(),
            on_timeout=on_timeout,
            turn_began_at=created_at if ready else None,
            rated=rated,
            host_player_id=player_id,
            hints=hints,
            campaign_id=None if mission is None else mission[0],
            campaign_mission=None if mission is None else mission[1],
        )
        table = await self.open_table(record, seat_records)
        return Created(table, host_token, claim, token, invites)

    async def open_table(self, record: TableRecord, seats: list[Seat]) -> Table:
        """Store a new table and serve it (its bots start when it is theirs to move)."""
        await self.store.create_table(record, seats)
        table = Table.rebuild(StoredTable(record, seats, []))
        self.tables[record.id] = table
        await self.peers.opened(table)
        self._notify(table)
        return table

    def _seat(self, table: Table, seat: int) -> Seat:
        if not 0 <= seat < len(table.seats):
            raise NotFoundError(
                _("no seat {n}: seats are 0 to {last}", n=seat, last=len(table.seats) - 1)
            )
        return table.seats[seat]

    def _host(self, table: Table, host_token: str | None, player_id: str | None) -> None:
        """The host is who holds the host token, or the host player signed in."""
        if not table.is_host(host_token, player_id):
            raise WrongSecretError(_("wrong host token"))

    async def _seat_changed(self, table: Table, seat: int, claim: bool = False) -> None:
        """Store the seat as it is now (and the table's start), then tell everyone: call with
        the table's lock held. ``claim``: DuplicateError when the stored seat is taken (by
        another process)."""
        start = table.status is TableStatus.WAITING and table.ready()
        status = TableStatus.PLAYING if start else None
        now = utcnow()
        stored = await self.store.update_seat(table.id, seat, table.seats[seat], status, now, claim)
        start = table.status is TableStatus.WAITING and stored is TableStatus.PLAYING
        if start:
            table.status = TableStatus.PLAYING
            table.turn_began = now  # as stored with the status: the first turn's clock
        table.broadcast(table.version, [])
        self.peers.tell(table, SEATS)

    async def join(
        self,
        table: Table,
        seat: int | None,
        invite: str | None,
        name: str,
        player_id: str | None = None,
    ) -> tuple[int, str]:
        """Claim a human seat: with its invite code, or on a listed table any free one; the seat
        belongs to ``player_id`` when the claimant is signed in."""
        async with table.lock:
            await self.peers.catch_up(table)  # seats another process changed
            if table.status is TableStatus.OVER:
                raise ConflictError(_("the game is over"))
            if seat is None:
                if not table.listed or invite is not None:
                    raise WrongSecretError(_("give the seat of your invite code"))
                free = [i for i, s in enumerate(table.seats) if s.kind == "human" and not s.claimed]
                if not free:
                    raise ConflictError(_("no free seat at this table"))
                seat = free[0]
            s = self._seat(table, seat)
            if s.kind != "human":
                raise ConflictError(_("seat {n} is a bot's seat", n=seat))
            if s.claimed:
                raise ConflictError(_("seat {n} is taken", n=seat))
            if (invite is not None or not table.listed) and not matches(invite, s.invite_hash):
                raise WrongSecretError(_("wrong or used invite code"))
            token = new_token()
            before = replace(s)
            s.token_hash, s.invite_hash, s.bot_override = digest(token), None, None
            s.name = name[:MAX_NAME_CHARS]
            s.player_id = player_id
            try:
                await self._seat_changed(table, seat, claim=True)
            except DuplicateError:  # claimed meanwhile through another process
                table.seats[seat] = before
                await self.peers.catch_up(table)
                raise ConflictError(_("seat {n} is taken", n=seat)) from None
        self._notify(table)
        return seat, token

    async def leave(self, table: Table, token: str) -> int:
        """Release the seat of ``token``: the token stops working; a bot plays the seat while
        the game goes on."""
        async with table.lock:
            await self.peers.catch_up(table)  # seats another process changed
            seat = table.seat_of(token)
            if seat is None:
                raise WrongSecretError(_("no seat of this table has that token"))
            s = table.seats[seat]
            s.token_hash, s.player_id = None, None
            if table.status is TableStatus.PLAYING:
                s.bot_override = s.bot_override or table.fallback_bot
            for conn in list(table.connections):
                if conn.seat == seat:
                    conn.close(BAD_TOKEN, "the seat was released")
            await self._seat_changed(table, seat)
        self._notify(table)
        return seat

    async def hand_to_bot(
        self,
        table: Table,
        seat: int,
        host_token: str | None,
        bot: str | None,
        player_id: str | None = None,
    ) -> JSON:
        """The host hands an absent human seat to a bot."""
        async with table.lock:
            await self.peers.catch_up(table)  # seats another process changed
            self._host(table, host_token, player_id)
            s = self._seat(table, seat)
            if s.kind != "human":
                raise ConflictError(_("seat {n} is a bot's seat", n=seat))
            if table.status is TableStatus.OVER:
                raise ConflictError(_("the game is over"))
            if table.connected(seat):
                raise ConflictError(_("seat {n}'s player is connected", n=seat))
            name = (bot or table.fallback_bot).strip().lower()
            bots = agent_names(table.game)
            if name not in bots:
                raise ConfigError(_(UNKNOWN_BOT, name=excerpt(name), bots=", ".join(bots)))
            result = await self._set_bot_override(table, seat, name)
        self._notify(table)
        return result

    async def take_back(
        self, table: Table, seat: int, token: str | None, player_id: str | None = None
    ) -> JSON:
        """The player (by the seat's token, or signed in as the seat's player) takes their seat
        back from the bot."""
        async with table.lock:
            await self.peers.catch_up(table)  # seats another process changed
            s = self._seat(table, seat)
            owner = player_id is not None and s.claimed and s.player_id == player_id
            if not owner and (token is None or table.seat_of(token) != seat):
                raise WrongSecretError(_("that is not seat {n}'s token", n=seat))
            result = await self._set_bot_override(table, seat, None)
        self._notify(table)
        return result

    async def _set_bot_override(self, table: Table, seat: int, bot: str | None) -> JSON:
        """Hand ``seat`` to ``bot`` (None: back to its player), saved; the seat as JSON. The
        caller holds the table's lock and notifies the table after releasing it."""
        table.seats[seat].bot_override = bot
        await self._seat_changed(table, seat)
        return table.seat_json(seat)

    async def new_invite(
        self, table: Table, seat: int, host_token: str | None, player_id: str | None = None
    ) -> str:
        """A fresh invite code for a human seat (the old code stops working). On a claimed
        seat the host takes the seat from its holder to hand it to whoever opens the new link
        (a person who lost their guest cookie): the seat's token and player are cleared, its
        connections closed with 4401 at once."""
        async with table.lock:
            await self.peers.catch_up(table)  # seats another process changed
            self._host(table, host_token, player_id)
            s = self._seat(table, seat)
            if s.kind != "human":
                raise ConflictError(_("seat {n} is a bot's seat", n=seat))
            if table.status is TableStatus.OVER:
                raise ConflictError(_("the game is over"))
            reissued = s.claimed
            code = new_invite()
            s.invite_hash = digest(code)
            s.token_hash, s.player_id = None, None
            if reissued:
                for conn in list(table.connections):
                    if conn.seat == seat:
                        conn.close(BAD_TOKEN, "the host gave this seat a new invite")
            await self.store.update_seat(table.id, seat, s)
            if reissued:
                table.broadcast(table.version, [])
            self.peers.tell(table, SEATS)
        if reissued:
            self._notify(table)
        return code

    async def forfeit(self, table: Table, seat: int, version: int) -> bool:
        """End the game by ``seat``'s forfeit: its move clock ran out at ``version`` (False,
        and nothing done, when the table moved on meanwhile). Stored before anyone is told."""
        async with table.lock:
            if not (
                table.playing
                and table.version == version
                and table.state.current_player == seat
                and table.seats[seat].played_by is None
            ):
                return False
            try:
                await self.store.forfeit(table.id, seat, version, self.peers.fence(table))
            except DuplicateError:  # another process stored a move, or took the table over
                log.info("table %s: seat %d's forfeit came too late", table.id, seat)
                await self.peers.catch_up(table)
                return False
            except StoreError:
                log.exception("table %s: the store did not take seat %d's forfeit", table.id, seat)
                return False
            table.status = TableStatus.OVER
            table.forfeited = seat
            table.turn_began = None
            table.idle_since = time.monotonic()
            table.broadcast(table.version, [], ended=True)
            self.peers.tell(table, END)
        log.info("table %s: seat %d ran out of time and forfeits", table.id, seat)
        self._notify(table)
        return True

    # --- retention --------------------------------------------------------------------------

    async def purge(self) -> list[str]:
        """Delete tables past retention (closing their connections with 4404) and let finished
        tables nobody watches leave memory. Returns the deleted ids."""
        s = self.settings
        now = utcnow()
        ids = await self.store.expired(
            now - _seconds(s.keep_finished),
            now - _seconds(s.keep_abandoned),
            now - _seconds(s.keep_waiting),
        )
        await self.store.delete_tables(ids)  # first: a client told 4404 finds the table gone
        for table_id in ids:
            table = self.tables.pop(table_id, None)
            if table is not None:
                self._drop(table, NO_TABLE, "the table was purged")
        idle_before = time.monotonic() - s.evict_finished_after
        self.evict(idle_before, idle_before)
        return ids

    def evict(self, finished_before: float, unserved_before: float) -> int:
        """Let go of the tables this process has no use for (a hello or a lobby call reads one
        back from the store): finished tables with no connection here, idle since before
        ``finished_before``; and, among several processes, unfinished tables with no connection
        here whose bots and clock another process runs (or none yet), idle since before
        ``unserved_before``, so their moves stop being caught up here. How many were let go."""
        evicted = 0
        for table in list(self.tables.values()):
            if table.connections or table.lock.locked():
                continue
            if table.status is TableStatus.OVER:
                before = finished_before
            elif not self.peers.drives(table):
                before = unserved_before
            else:
                continue
            if table.idle_since < before:
                self.let_go(table)
                evicted += 1
        return evicted

    def let_go(self, table: Table) -> None:
        """Drop ``table`` from memory (a hello or a lobby call reads it back from the store)."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        for task in list(table.tasks):
            task.cancel()

    async def purge_forever(self) -> None:
        """Purge now and every ``purge_every`` seconds, until cancelled."""
        while True:
            try:
                purged = await self.purge()
                if purged:
                    log.info("purged %d tables past retention", len(purged))
            except Exception:
                log.exception("purge failed; trying again later")
            await asyncio.sleep(self.settings.purge_every)

    def _drop(self, table: Table, code: int, reason: str) -> None:
        for conn in list(table.connections):
            conn.close(code, reason)
        for task in list(table.tasks):
            task.cancel()

    def shutdown(self) -> None:
        for table in self.tables.values():
            self._drop(table, GOING_AWAY, "the server is shutting down")


def _seconds(value: float) -> timedelta:
    return timedelta(seconds=value)
