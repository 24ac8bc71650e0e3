"""The ruling on a forfeit: what the end of a game looks like when a seat's move clock runs out
and the host chose that the seat forfeits (docs/server.md, "Turn-based play").

The game ends at once, whatever the players count: the seat that ran out of time loses (return
0, last place) and every other seat shares the win (return 1, first place), bots included. The
scores on the table are not used to rank the others: in most of these games a score before the
end says little about who would have won (a race decided on the last lap, a hand not yet
played), and the game the others signed up for ended through no fault of theirs.
"""

from __future__ import annotations

from aerodeck.core.api import JSON


def forfeit_returns(players: int, seat: int) -> list[float]:
    """Every seat's return when ``seat`` forfeits: 0 for it, 1 for each of the others."""
    return [0.0 if other == seat else 1.0 for other in range(players)]


def forfeit_winners(players: int, seat: int) -> list[int]:
    return [other for other in range(players) if other != seat]


def ran_out_of_time(name: str, seat: int) -> str:
    """Why the game ended, in words: the seat's display name, else its number."""
    return f"{name or f'seat {seat}'} ran out of time"


def forfeit_json(name: str, seat: int) -> JSON:
    """The forfeit as the end frame, the record and the lobby carry it."""
    return {"seat": seat, "reason": ran_out_of_time(name, seat)}
