"""Turn-based play: the move clock's deadline derives from the stored start of the turn, so a
restart resumes the time left and a clock that ran out while the server was down acts at once;
a timed-out seat has its move made by the fallback bot or forfeits, as the host chose.

The hub runs in-process over a real SQLite store; the clock's "now" is injected (no waiting on
real time). One test runs a real server process and rewinds its stored clock while it is down.
"""

from __future__ import annotations

import asyncio
import sqlite3
from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any

from aerodeck.cli.remote_table import RemoteTable
from aerodeck.client import TableClient
from aerodeck.core.records import replay
from aerodeck.web.db import migrate
from aerodeck.web.db.store import Store, make_engine
from aerodeck.web.service.bots import Autoplay
from aerodeck.web.service.clock import deadline, seconds_left
from aerodeck.web.service.hub import Hub, SeatSpec
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tables import Table
from aerodeck.web.settings import SQLITE_FILE, Settings
from tests.web.server import Client, Server

HOUR = 3600
WAIT = 60.0  # seconds a move the clock makes may take, at most (a bound, never a sleep)
SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"  # how SQLAlchemy keeps a DateTime in SQLite


def test_the_deadline_is_the_turns_start_plus_the_clock() -> None:
    began = datetime(2026, 11, 27, 12, 0, 0)
    assert deadline(began, 3 * 24 * HOUR) == datetime(2026, 11, 30, 12, 0, 0)
    assert seconds_left(began, HOUR, began) == HOUR
    assert seconds_left(began, HOUR, began + timedelta(minutes=59, seconds=30)) == 30
    assert seconds_left(began, HOUR, began + timedelta(seconds=HOUR)) == 0
    assert seconds_left(began, HOUR, began + timedelta(days=2)) == 0  # ran out: act at once


@dataclass
class Served:
    """A hub over a store, with its bots and clocks; ``restart`` builds the next process's."""

    folder: Path
    now: Callable[[], datetime]
    store: Store | None = None
    hub: Hub | None = None
    autoplay: Autoplay | None = None

    async def start(self) -> Hub:
        self.folder.mkdir(parents=True, exist_ok=True)
        engine = make_engine(f"sqlite+aiosqlite:///{self.folder / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        self.store = Store(engine)
        self.hub = Hub(self.store, Settings(data_dir=self.folder))
        self.autoplay = Autoplay(self.hub, now=self.now)
        await self.hub.restore()
        return self.hub

    async def stop(self) -> None:
        assert self.store is not None and self.hub is not None and self.autoplay is not None
        self.autoplay.stop()
        self.hub.shutdown()
        for table in self.hub.tables.values():
            for task in list(table.tasks):
                task.cancel()
        await self.store.close()


async def seated_table(hub: Hub, game: str, players: int, clock: int, on_timeout: str) -> Table:
    """A table of ``players`` human seats, every one claimed: it plays at once."""
    created = await hub.create(
        game, players, {}, [SeatSpec("human")] * players, listed=False, clock=clock,
        fallback_bot="random", claim=0, name="ann", on_timeout=on_timeout,
    )  # fmt: skip
    for seat, code in created.invites:
        await hub.join(created.table, seat, code, f"p{seat}")
    assert created.table.status is TableStatus.PLAYING
    return created.table


async def until_over_or_moved(hub: Hub, table_id: str) -> Table:
    """The table once it has a move or is over (the clock acted), within ``WAIT`` seconds."""
    changed = asyncio.Event()
    hub.listeners.append(lambda table: changed.set() if table.id == table_id else None)
    table = hub.tables[table_id]
    if table.version == 0 and not table.over:
        await asyncio.wait_for(changed.wait(), WAIT)
    return table


def test_a_restored_table_resumes_the_time_left_not_a_fresh_clock(tmp_path: Path) -> None:
    async def run() -> tuple[datetime | None, float | None, float | None]:
        moments: list[datetime] = []
        served = Served(tmp_path, lambda: moments[-1])
        moments.append(datetime(2000, 1, 1))  # before anything: the first process's clock idles
        hub = await served.start()
        table = await seated_table(hub, "aces_versus_aces", 2, 3 * HOUR, "bot")
        began = table.turn_began
        await served.stop()
        assert began is not None
        # the next process starts 40 minutes into the turn, its clock already running
        moments.append(began + timedelta(minutes=40))
        again = Served(tmp_path, lambda: moments[-1])
        hub = await again.start()
        restored = hub.tables[table.id]
        assert again.autoplay is not None
        left = again.autoplay.seconds_left(restored)
        moments.append(began + timedelta(hours=2, minutes=59))
        later = again.autoplay.seconds_left(restored)
        await again.stop()
        return restored.turn_began, left, later

    stored_start, left, later = asyncio.run(run())
    assert stored_start is not None
    assert left == 3 * HOUR - 40 * 60  # the time left, not a fresh three hours
    assert later == 60


def test_a_clock_that_ran_out_while_the_server_was_down_acts_at_once_on_restore(
    tmp_path: Path,
) -> None:
    async def run() -> tuple[int, str]:
        moments = [datetime(2000, 1, 1)]
        served = Served(tmp_path, lambda: moments[-1])
        hub = await served.start()
        table = await seated_table(hub, "aces_versus_aces", 2, HOUR, "bot")
        assert table.turn_began is not None
        moments.append(table.turn_began + timedelta(days=1))  # down for a day
        await served.stop()
        again = Served(tmp_path, lambda: moments[-1])
        hub = await again.start()
        moved = await until_over_or_moved(hub, table.id)
        await again.stop()
        store = Store(make_engine(f"sqlite+aiosqlite:///{tmp_path / 'store.sqlite3'}"))
        stored = await store.load(table.id)
        await store.close()
        assert stored is not None
        return moved.version, stored.moves[0].source

    version, source = asyncio.run(run())
    assert (version, source) == (1, "clock")  # the fallback bot's move, made on restore


def forfeited(tmp_path: Path, players: int) -> tuple[Table, Table, dict[str, Any]]:
    """A table of ``players`` humans whose seat 0 runs out of time (forfeit) while the server is
    down: the table after the restart, the same table rebuilt from the store by a third
    process, and the answer to a move offered after the end."""

    async def run() -> tuple[Table, Table, dict[str, Any]]:
        moments = [datetime(2000, 1, 1)]
        served = Served(tmp_path, lambda: moments[-1])
        hub = await served.start()
        game = "race_to_ace" if players > 2 else "aces_versus_aces"
        table = await seated_table(hub, game, players, HOUR, "forfeit")
        assert table.turn_began is not None and table.state.current_player == 0
        moments.append(table.turn_began + timedelta(hours=2))
        await served.stop()
        again = Served(tmp_path, lambda: moments[-1])
        hub = await again.start()
        over = await until_over_or_moved(hub, table.id)
        late = await hub.submit(over, 0, str(over.state.legal_actions()[0]), "late", 0, "human")
        await again.stop()
        third = Served(tmp_path, lambda: moments[-1])
        hub = await third.start()
        rebuilt = await hub.get(table.id)
        await third.stop()
        assert rebuilt is not None
        return over, rebuilt, late

    return asyncio.run(run())


def test_a_forfeit_at_three_or_four_players_ends_the_game_and_the_others_share_the_win(
    tmp_path: Path,
) -> None:
    """The ruling (docs/server.md, Turn-based play): the timed-out seat loses, alone in last
    place; every other seat, bots included, shares first place; the game ends at once."""
    for players in (3, 4):
        over, rebuilt, late = forfeited(tmp_path / str(players), players)
        assert over.status is TableStatus.OVER and over.forfeited == 0
        assert over.version == 0 and not over.state.is_terminal  # no move was made for it
        for seat in (None, 0, 1):
            end = over.end(seat)
            assert end["returns"] == [0.0] + [1.0] * (players - 1)
            assert end["winners"] == list(range(1, players))
            assert [s["place"] for s in end["standings"]] == [1] * (players - 1) + [players]
            assert end["forfeit"] == {"seat": 0, "reason": "ann ran out of time"}
            assert end["record"]["forfeit"] == end["forfeit"]
            assert replay(end["record"]).move_number == 0  # the whole record, as far as it went
        assert late["code"] == "game_over"
        assert over.welcome(1, None)["current_player"] is None  # nobody is to move any more
        assert rebuilt.end(1) == over.end(1)  # stored with the table
        assert rebuilt.describe()["forfeit"] == over.forfeit_json()


def test_a_two_player_forfeit_is_a_win_for_the_other_seat(tmp_path: Path) -> None:
    over, _, _ = forfeited(tmp_path, 2)
    end = over.end(None)
    assert (end["returns"], end["winners"]) == ([0.0, 1.0], [1])
    client = TableClient("http://127.0.0.1:9", over.id)  # never connected: the end is given
    client.end = over.end(1)
    outcome = RemoteTable(client, print).outcome()  # what `aerodeck connect` prints at the end
    assert outcome is not None and outcome.winners == [1]
    assert outcome.summary == "ann ran out of time: the game ends, every other seat shares the win."


def test_a_clock_that_runs_out_while_the_server_is_down_moves_on_restart(
    new_server: Callable[..., Server], tmp_path: Path
) -> None:
    """A real server process: stopped mid-turn, its stored turn starts rewound two hours (as if
    it had been down that long, without waiting), started again: at the table whose host chose
    the bot, the fallback bot moves at once and the waiting player hears of it; at the table whose
    host chose forfeits, the game is over, seat 0 lost, and the replay page says why."""
    data = tmp_path / "serve"
    server = new_server("", data)
    tables, tokens = {}, {}
    for on_timeout in ("bot", "forfeit"):
        created = server.create(
            game="aces_versus_aces", players=2, seats=[{"kind": "human"}] * 2, clock=HOUR,
            claim=0, name="ann", listed=False, fallback_bot="random", on_timeout=on_timeout,
        )  # fmt: skip
        tables[on_timeout] = table = created["table"]
        tokens[on_timeout] = server.join(table, 1, created["invites"][0]["code"])
        described = server.get(f"/api/tables/{table}").json()
        assert described["on_timeout"] == on_timeout and described["deadline"] is not None
    server.stop()
    with sqlite3.connect(data / SQLITE_FILE) as conn:
        for table in tables.values():
            query = "SELECT turn_began_at FROM tables WHERE id = ?"
            (began,) = conn.execute(query, (table,)).fetchone()
            earlier = datetime.strptime(began, SQLITE_TIME) - timedelta(hours=2)
            conn.execute(
                "UPDATE tables SET turn_began_at = ? WHERE id = ?",
                (earlier.strftime(SQLITE_TIME), table),
            )
    server.restart(new_port=True)

    async def watch() -> tuple[int, dict[str, Any]]:
        seat1 = Client(server.ws_url, tables["bot"], tokens["bot"])
        frame = await seat1.connect(last_version=0)  # the move may be made before it connects
        while frame["version"] == 0:
            frame = await seat1.until("update")
        await seat1.close()
        loser = Client(server.ws_url, tables["forfeit"], tokens["forfeit"])
        await loser.connect(last_version=0)
        end = await loser.until("end")  # at once, or after the welcome to a finished game
        await loser.close()
        return int(frame["version"]), end

    version, end = asyncio.run(watch())
    assert version == 1
    with sqlite3.connect(data / SQLITE_FILE) as conn:
        moves = conn.execute("SELECT seat, source FROM moves WHERE table_id = ?", (tables["bot"],))
        assert moves.fetchall() == [(0, "clock")]
    assert end["winners"] == [1] and end["forfeit"] == {"seat": 0, "reason": "ann ran out of time"}
    replay_page = server.get(f"/t/{tables['forfeit']}/replay")
    assert replay_page.status_code == 200 and "ann ran out of time" in replay_page.text
