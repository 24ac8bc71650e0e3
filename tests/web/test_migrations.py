"""An old database upgrades with its tables, seats and moves intact, on SQLite and PostgreSQL.

The database is built at revision 0002 (the schema of the first released table server) with
plain SQL, holding a game in progress; opening the store upgrades it to the newest revision, and
the table comes back move for move."""

from __future__ import annotations

import asyncio
from datetime import datetime
from pathlib import Path

from sqlalchemy import text

import aerodeck
from aerodeck.web.db import migrate
from aerodeck.web.db.store import Store, make_engine
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tables import Table
from aerodeck.web.settings import Settings

OLD = "0002"
SEED = 20261127


def _moves(count: int) -> list[tuple[int, str]]:
    """The first ``count`` moves of a seeded two-player Ace Race, as (seat, notation)."""
    state = aerodeck.make("ace_race", 2).new_game(seed=SEED)
    moves = []
    for _ in range(count):
        seat, move = state.current_player, state.legal_actions()[0]
        moves.append((seat, str(move)))
        state.apply(move)
    return moves


async def _old_database(url: str, moves: list[tuple[int, str]]) -> None:
    engine = make_engine(url)
    try:
        await migrate.upgrade(engine, OLD)
        at = datetime(2026, 11, 1, 12, 0, 0)
        async with engine.begin() as conn:
            await conn.execute(
                text(
                    "INSERT INTO tables (id, game, players, options, seed, status, version,"
                    " listed, host_hash, created_at, updated_at, clock, fallback_bot)"
                    " VALUES ('old1', 'ace_race', 2, '{}', :seed, 'playing', :version, true,"
                    " :host, :at, :at, 60, 'medium')"
                ),
                {"seed": SEED, "version": len(moves), "host": "h" * 64, "at": at},
            )
            for seat, (kind, bot, token) in enumerate(
                [("human", None, "a" * 64), ("bot", "medium", None)]
            ):
                await conn.execute(
                    text(
                        "INSERT INTO seats (table_id, seat, kind, bot, name, token_hash)"
                        " VALUES ('old1', :seat, :kind, :bot, :name, :token)"
                    ),
                    {"seat": seat, "kind": kind, "bot": bot, "name": f"p{seat}", "token": token},
                )
            for seq, (seat, move) in enumerate(moves):
                await conn.execute(
                    text(
                        "INSERT INTO moves (table_id, seq, seat, move, client_id, source,"
                        " created_at) VALUES ('old1', :seq, :seat, :move, :client, 'human', :at)"
                    ),
                    {"seq": seq, "seat": seat, "move": move, "client": f"m{seq}", "at": at},
                )
    finally:
        await engine.dispose()


def test_an_old_database_upgrades_with_its_tables_and_moves_intact(
    database: str, tmp_path: Path
) -> None:
    settings = Settings(data_dir=tmp_path, database=database)
    moves = _moves(6)

    async def run() -> None:
        await _old_database(settings.database_url, moves)
        store = await Store.open(settings)  # upgrades to the newest revision
        try:
            assert await migrate.current_revision(store.engine) == migrate.head_revision()
            stored = await store.load("old1")
            assert stored is not None
            assert stored.table.status is TableStatus.PLAYING and stored.table.clock == 60
            assert stored.table.fallback_bot == "medium"
            # revision 0005: the turn in progress began at the table's last change; clocks play
            assert stored.table.turn_began_at == datetime(2026, 11, 1, 12, 0, 0)
            assert (stored.table.on_timeout, stored.table.forfeited_seat) == ("bot", None)
            assert [(s.kind, s.bot, s.name, s.token_hash) for s in stored.seats] == [
                ("human", None, "p0", "a" * 64),
                ("bot", "medium", "p1", None),
            ]
            assert [(m.seat, m.move, m.client_id) for m in stored.moves] == [
                (seat, move, f"m{seq}") for seq, (seat, move) in enumerate(moves)
            ]
            assert all(seat.player_id is None for seat in stored.seats)
            table = Table.rebuild(stored)
            assert table.version == len(moves)
        finally:
            await store.close()

    asyncio.run(run())
