"""Hints: "suggest a move" for the seat to move, at a table whose host allowed them.

Only an unrated table may allow them (``Hub.create`` refuses hints on a rated one), so a hinted
game never counts for the ratings (service/results.py rates only rated tables). The hint is the
``hard`` search's best move found (``agents.analysis.suggestion``: the same rollouts over worlds
sampled from the seat's view, with the server's analysis budget), computed off the event loop on
a snapshot, from the asking seat's observation only: what others hold cannot change it (as
service/why.py's answers). It is told to the asker alone, with a one-line reason from the
search's values.
"""

from __future__ import annotations

import asyncio

from aerodeck.agents.analysis import Budget, suggestion
from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.core.words import in_sentences
from aerodeck.web.service.errors import ConflictError, NotFoundError, WrongSecretError
from aerodeck.web.service.tables import Table


def _percent(value: float) -> int:
    return round(100 * value)


def reason(value: float | None, next_value: float | None) -> str:
    """The hint's one line from the search's values (the seat's expected share of the win)."""
    if value is None:
        return _("It is your only move.")
    if next_value is None:
        return _("It keeps a {value}% chance to win.", value=_percent(value))
    return _(
        "It keeps a {value}% chance to win; the next best move, {other}%.",
        value=_percent(value),
        other=_percent(next_value),
    )


class Hints:
    """Answers the hints of every table of the process, one at a time per table (a search costs
    up to a second of CPU: a second request while one is worked out is refused, 409)."""

    def __init__(self, budget: Budget) -> None:
        self.budget = budget
        self.busy: set[str] = set()  # tables whose hint is being worked out

    async def suggest(
        self, table: Table, seat: int, token: str | None, player_id: str | None
    ) -> JSON:
        """A hint for ``seat`` (proved by its token, or by the signed-in player it belongs
        to): the move's notation, what it does in words and the reason."""
        if not 0 <= seat < len(table.seats):
            raise NotFoundError(_("no seat {n} at this table", n=seat))
        held = table.seats[seat]
        owner = player_id is not None and held.claimed and held.player_id == player_id
        if not owner and (token is None or table.seat_of(token) != seat):
            raise WrongSecretError(_("that is not seat {n}'s token", n=seat))
        if not table.hints:
            raise ConflictError(_("The host did not allow hints at this table."))
        if not table.playing or table.state.current_player != seat:
            raise ConflictError(_("It is not your decision now."))
        if table.id in self.busy:
            raise ConflictError(_("A hint is being worked out: wait for it."))
        self.busy.add(table.id)
        try:
            snapshot = table.state.clone()  # the thread's own copy: the table is never mutated
            version = table.version
            hint = await asyncio.to_thread(suggestion, snapshot, seat, self.budget)
        finally:
            self.busy.discard(table.id)
        describe = table.game.describe_event
        lines = [describe(event) for event in hint["events"]]
        return {
            "move": hint["move"],
            "version": version,
            "words": in_sentences(lines, seat),
            "reason": reason(hint["value"], hint["next_value"]),
        }
