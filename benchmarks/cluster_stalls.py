"""What web_cluster records so that a long gap after a kill explains itself: each kill (its number,
its victim, when), where each client was connected, and for a game with no move for
``STALL_SECONDS``, who holds its lease in the store and what each process's log says about it.

A gap is the time from a kill to the next move any client of a game under way saw; the summary
names the longest ones with the table, the kill and its victim, whether the table has a server
bot, and where each client was connected at the kill (a process, or nginx: then the processes'
logs say which one it reached, ``Cluster`` logging every presence it tells and hears at
``--log-level info``). The processes' logs stay in the run's folder.

Backs: nothing by itself: benchmarks/web_cluster.py's ``longest_gaps`` and ``stalls``.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

import asyncpg  # type: ignore[import-untyped]

from aerodeck.web.db.notify import plain_dsn
from benchmarks.web_common import percentiles

STALL_SECONDS = 15.0  # a game with no move for this long is looked into while it lasts
LOG_LINES = 12  # the last lines naming the table kept from each process's log
LONGEST = 5  # gaps named in the summary


@dataclass(frozen=True)
class Kill:
    number: int
    victim: str  # the process's name (--node-name)
    at: float  # monotonic
    wall: str  # the wall clock (UTC), as the processes' logs print it


@dataclass
class Placement:
    """Where one client connected, each time: (monotonic time of the welcome, process)."""

    name: str  # "seat 0", ..., "watcher"
    connected: list[tuple[float, str]] = field(default_factory=list)

    def at(self, moment: float) -> str:
        """The process it was connected to at ``moment`` ("nginx": whichever nginx chose)."""
        before = [where for when, where in self.connected if when <= moment]
        return before[-1] if before else "not yet connected"


class Watched(Protocol):
    """What the stall report needs of one game (web_cluster's ``Game``)."""

    table: str
    bot: bool
    moved_at: list[float]  # when a client saw the version rise
    started: float
    ended: float | None

    @property
    def placements(self) -> list[Placement]: ...

    def versions(self) -> list[int]:
        """Each client's version now."""
        ...


def last_kill(kills: list[Kill], before: float) -> Kill | None:
    earlier = [kill for kill in kills if kill.at < before]
    return earlier[-1] if earlier else None


def gaps(games: Sequence[Watched], kills: list[Kill]) -> list[dict[str, Any]]:
    """For each kill and each game under way at it: the gap to its next move seen, with the
    details (the longest first)."""
    out = []
    for kill in kills:
        for game in games:
            if game.started < kill.at and (game.ended is None or game.ended > kill.at):
                after = [t for t in game.moved_at if t > kill.at]
                if after:
                    out.append(_gap(game, kill, min(after) - kill.at))
    return sorted(out, key=lambda gap: -gap["gap_ms"])


def _gap(game: Watched, kill: Kill, seconds: float) -> dict[str, Any]:
    return {
        "gap_ms": round(1000 * seconds, 1),
        "table": game.table,
        "kill": kill.number,
        "victim": kill.victim,
        "killed_at": kill.wall,
        "bot": game.bot,
        "clients_at_the_kill": {p.name: p.at(kill.at) for p in game.placements},
        "clients_after": {p.name: p.at(kill.at + seconds) for p in game.placements},
    }


def gap_summary(games: Sequence[Watched], kills: list[Kill]) -> dict[str, Any]:
    """The gaps' percentiles, over every game and over the tables with a bot (whose next move
    after a kill waits on a lease, where the others wait on a client reconnecting), and the
    longest few with their details."""
    found = gaps(games, kills)
    every = [gap["gap_ms"] for gap in found]
    bots = [gap["gap_ms"] for gap in found if gap["bot"]]
    return {
        "games_under_way_at_a_kill": len(every),
        "gap_after_a_kill_ms": percentiles(every, (50, 95)),
        "gap_after_a_kill_ms_max": round(max(every, default=0.0), 1),
        "gap_after_a_kill_ms_bot_tables": percentiles(bots, (50, 95)),
        "gap_after_a_kill_ms_bot_tables_max": round(max(bots, default=0.0), 1),
        "longest_gaps": found[:LONGEST],
    }


def log_lines(logs: dict[str, Path], table: str) -> dict[str, list[str]]:
    """The last lines of each process's log that name ``table``."""
    out = {}
    for name, path in logs.items():
        try:
            text = path.read_text(errors="replace")
        except OSError:
            continue
        out[name] = [line for line in text.splitlines() if table in line][-LOG_LINES:]
    return out


async def lease_of(database: str, table: str) -> dict[str, Any] | None:
    """The table's lease as stored: holder, epoch, seconds left (negative: ran out)."""
    conn = await asyncpg.connect(plain_dsn(database), timeout=10)
    try:
        row = await conn.fetchrow(
            "SELECT holder, epoch, EXTRACT(EPOCH FROM expires_at - timezone('UTC', now()))"
            " AS left FROM table_leases WHERE table_id = $1",
            table,
        )
    finally:
        await conn.close(timeout=5)
    if row is None:
        return None
    return {"holder": row["holder"], "epoch": row["epoch"], "seconds_left": float(row["left"])}


@dataclass
class StallWatch:
    """Looks every second at the games under way; one with no move for STALL_SECONDS is
    reported once per silence (again if it stays silent twice as long, and so on)."""

    database: str
    logs: dict[str, Path]
    kills: list[Kill]
    stalls: list[dict[str, Any]] = field(default_factory=list)
    _reported: dict[str, float] = field(default_factory=dict)  # table -> silence reported

    async def look(self, games: Sequence[Watched]) -> None:
        now = time.monotonic()
        for game in games:
            if game.ended is not None:
                continue
            since = max([game.started, *game.moved_at])
            silent = now - since
            done = self._reported.get(game.table, 0.0)
            if silent < STALL_SECONDS or (done and silent < 2 * done):
                continue
            self._reported[game.table] = silent
            await self._report(game, now, silent)

    async def _report(self, game: Watched, now: float, silent: float) -> None:
        kill = last_kill(self.kills, now)
        try:
            lease = await lease_of(self.database, game.table)
        except (OSError, asyncpg.PostgresError, TimeoutError) as error:
            lease = {"error": repr(error)[:200]}
        self.stalls.append(
            {
                "table": game.table,
                "silent_s": round(silent, 1),
                "at": time.strftime("%H:%M:%S", time.gmtime()),
                "bot": game.bot,
                "last_kill": None if kill is None else f"{kill.number} of {kill.victim}",
                "client_versions": game.versions(),
                "clients": {p.name: p.at(now) for p in game.placements},
                "lease": lease,
                "logs": log_lines(self.logs, game.table),
            }
        )
