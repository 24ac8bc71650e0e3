"""The terminal's ``history``: every move so far in words, as one seat saw it.

A move reads as the sentences of the events it caused, each as the seat saw it
(``events_since(n, seat)``: another seat's face-down card stays face down), the same lines the
table's log printed as the game went on, numbered by move. No notation: that is only what a
player types. A move that caused no event the seat could read (a turn ended, a secret choice)
still has its line, naming who moved.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field

from aerodeck.core.api import JSON, State
from aerodeck.core.i18n import _
from aerodeck.core.text import seat_name
from aerodeck.core.words import as_seen_by


@dataclass(frozen=True)
class MoveInWords:
    """One move as a seat may know it: its number (from 1), who made it, and the events it
    caused as that seat saw them."""

    number: int
    seat: int
    events: list[JSON] = field(default_factory=list)


def moves_in_words(state: State, seat: int | None) -> list[MoveInWords]:
    """Every move of ``state`` with the events it caused, as ``seat`` saw them.

    The game is played again from its seed to learn which events each move caused (the event
    log does not say): a few milliseconds for a whole game. The moves' notation is only read to
    replay; what comes out is the events, redacted for ``seat``.
    """
    game = state.game
    again = game.new_game(seed=state.seed, setup=state.setup)
    moves = []
    for number, (actor, move) in enumerate(
        zip(state.actors(), state.record()["actions"], strict=True), start=1
    ):
        seen = again.event_count
        again.apply(move)
        moves.append(MoveInWords(number, actor, again.events_since(seen, seat)))
    return moves


def attach_events(
    moves: Iterable[tuple[int, int]], events: Iterable[tuple[int, JSON]]
) -> list[MoveInWords]:
    """Moves ``(number, seat)`` with the events ``(move number, event)`` that each caused (a
    remote table's frames say which move caused each event; 0 is the deal before the first)."""
    caused: dict[int, list[JSON]] = {}
    for number, event in events:
        caused.setdefault(number, []).append(event)
    return [MoveInWords(number, seat, caused.get(number, [])) for number, seat in moves]


def move_sentences(move: MoveInWords, describe: Callable[[JSON], str]) -> list[str]:
    """The lines of one move: its events in words, or who moved when none can be read."""
    lines = [describe(event) for event in move.events]
    lines = [line for line in lines if line]
    return lines or [_("{seat} makes a move", seat=seat_name(move.seat))]


def numbered(number: int, lines: Sequence[str]) -> list[str]:
    """A move's lines under its number: ``  12 the first line`` and the rest beneath it."""
    head = f"[cyan]{number:>4}[/cyan] "
    return [head + lines[0], *("     " + line for line in lines[1:])]


def told(
    moves: Iterable[MoveInWords], describe: Callable[[JSON], str], seat: int | None
) -> list[str]:
    """Every move in words as ``seat`` reads it (its own seat as "you"), numbered (rich
    markup): what `history` and `replay --seat` print."""
    lines = []
    for move in moves:
        sentences = [as_seen_by(line, seat) for line in move_sentences(move, describe)]
        lines += numbered(move.number, sentences)
    return lines
