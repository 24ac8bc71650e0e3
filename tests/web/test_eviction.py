"""Which tables a process lets go of from memory (``Hub.evict``), on one process over a real
SQLite store: an unfinished table stays (this process runs its bots and clock), a finished one
nobody watches leaves once idle and is read back from the store when asked for; a table asked
for again counts as idle from then. With several
processes, a table served and run elsewhere leaves too (tests/web/test_proxy.py)."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from aerodeck.web.db import migrate
from aerodeck.web.db.store import Store, make_engine
from aerodeck.web.service.hub import Hub, SeatSpec
from aerodeck.web.service.tables import Table
from aerodeck.web.settings import Settings


async def _play_out(hub: Hub, table: Table) -> None:
    """Both seats' first legal move until the game ends (seat 1 is the bot's)."""
    for _ in range(2000):
        state = table.state
        if state.is_terminal:
            return
        seat = state.current_player
        assert seat is not None
        move = str(state.legal_actions()[0])
        source = "bot" if seat == 1 else "human"
        frame = await hub.submit(table, seat, move, None, table.version, source)
        assert frame["type"] == "ack", frame
    raise AssertionError("the game did not end")


def test_a_finished_table_leaves_memory_once_idle_and_an_unfinished_one_stays(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[int, bool, bool, int, bool]:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        hub = Hub(Store(engine), Settings(data_dir=tmp_path))

        async def new_table() -> Table:
            created = await hub.create(
                "ace_race", 2, {}, [SeatSpec("human"), SeatSpec("bot", "random")],
                listed=False, clock=None, fallback_bot="random", claim=0, name="ann",
            )  # fmt: skip
            return created.table

        playing, finished = await new_table(), await new_table()
        await _play_out(hub, finished)
        later = time.monotonic() + 1
        let_go = hub.evict(later, later)  # both idle since before: only the finished one goes
        kept = playing.id in hub.tables
        gone = finished.id not in hub.tables
        again = await hub.get(finished.id)  # read back from the store, the game replayed
        assert again is not None and again is not finished
        moves = again.version
        again.idle_since = 0.0  # idle for long, then asked for again: kept until idle again
        assert await hub.get(finished.id) is again
        staying = hub.evict(time.monotonic() - 60, time.monotonic() - 60) == 0
        await engine.dispose()
        return let_go, kept, gone, moves - finished.version, staying

    let_go, kept, gone, missing, staying = asyncio.run(run())
    assert let_go == 1 and kept and gone
    assert missing == 0, "the table read back is the game as it ended"
    assert staying
