"""A finished table's result, seat by seat, and the rulings on who it rates.

Each seat's result is its place (1 + the seats with a better return, so tied seats share a
place), its return, and who sat there: the player the seat belongs to (``Seat.player_id``) or the
bot's level. Whether a seat counts for the ratings is decided here (docs/server.md, Ratings):

- the table was created rated (the host's option ``rated``, on by default);
- a human seat counts for its player only if the person made at least half of the seat's moves:
  a seat whose moves were made mostly by a bot (handed to one, or the move clock's fallback bot)
  is recorded but unrated, so nobody gains or loses rating by a bot's play;
- a human seat that belongs to no player (held by token only, a program) is recorded, unrated;
- a player at several seats of one table is unrated at all of them (no rating from a game
  against oneself);
- a bot seat counts for its level (``heuristic`` is ``medium``, and the levels' older names their
  level); two seats of the same level count once, with the better of their returns;
- a game rates nobody unless a rated player and at least one other rated subject remain.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import datetime

from aerodeck.agents.levels import ALIASES
from aerodeck.web.service.records import StoredTable

BOT_SOURCES = frozenset({"bot", "clock"})  # moves of a human seat made by a bot
LEVEL_OF = {**ALIASES, "heuristic": "medium"}  # medium is the heuristic bot itself


def bot_level(name: str) -> str:
    """The level a bot name plays at (its own name for a game's other bots)."""
    return LEVEL_OF.get(name, name)


@dataclass(frozen=True)
class SeatResult:
    """One seat of a finished game: where it finished and who played it."""

    table_id: str
    seat: int
    game: str
    players: int
    place: int
    value: float  # the seat's return: winners share 1.0
    player_id: str | None  # the player the seat belongs to, if any
    bot: str | None  # the level of the bot seat, if it is one
    name: str  # the seat's name at the end (a player's current name is read from the player)
    moves: int
    bot_moves: int  # of ``moves``, those a bot made (handed over, or the clock's fallback)
    rated: bool
    finished_at: datetime

    @property
    def subject(self) -> str | None:
        """Who the result rates: ``player:<id>``, ``bot:<level>``, or None."""
        if self.bot is not None:
            return bot_subject(self.bot)
        if self.player_id is not None:
            return player_subject(self.player_id)
        return None


def player_subject(player_id: str) -> str:
    return f"player:{player_id}"


def bot_subject(level: str) -> str:
    return f"bot:{level}"


def mostly_bot(moves: int, bot_moves: int) -> bool:
    """The ruling on a seat a bot played for part of the game: over half its moves by a bot."""
    return 2 * bot_moves > moves


def places(returns: Sequence[float], placings: Sequence[Sequence[int]] | None = None) -> list[int]:
    """Each seat's place: from the game's ``State.placings`` when given (the end screen's), else
    1 + the seats with a better return; tied seats share a place."""
    if placings is None:
        return [1 + sum(other > value for other in returns) for value in returns]
    place = [0] * len(returns)
    ahead = 0
    for tied in placings:
        for seat in tied:
            place[seat] = 1 + ahead
        ahead += len(tied)
    return place


def seat_results(
    stored: StoredTable,
    returns: Sequence[float],
    finished_at: datetime,
    placings: Sequence[Sequence[int]] | None = None,
) -> list[SeatResult]:
    """The result of every seat of a finished table, with the rulings above applied; the places
    the game's ``placings`` give, where the caller has them."""
    record = stored.table
    moves = Counter(move.seat for move in stored.moves)
    by_bot = Counter(move.seat for move in stored.moves if move.source in BOT_SOURCES)
    seats_of = Counter(seat.player_id for seat in stored.seats if seat.kind == "human")
    results = []
    placed = places(returns, placings)
    for index, (seat, place) in enumerate(zip(stored.seats, placed, strict=True)):
        bot = bot_level(seat.bot or "") if seat.kind == "bot" else None
        player_id = seat.player_id if seat.kind == "human" else None
        if bot is not None:
            counts = True
        else:
            counts = (
                player_id is not None
                and seats_of[player_id] == 1
                and not mostly_bot(moves[index], by_bot[index])
            )
        results.append(
            SeatResult(
                table_id=record.id,
                seat=index,
                game=record.game,
                players=record.players,
                place=place,
                value=float(returns[index]),
                player_id=player_id,
                bot=bot,
                name=seat.name,
                moves=moves[index],
                bot_moves=moves[index] if bot is not None else by_bot[index],
                rated=record.rated and counts,
                finished_at=finished_at,
            )
        )
    rated = [r for r in results if r.rated]
    people = any(r.player_id is not None for r in rated)
    if not people or len({r.subject for r in rated}) < 2:
        return [replace(r, rated=False) for r in results]
    return results
