"""Why a move is not offered (docs/web-protocol.md: ``why``): a seated player names a move they
expected and the engine says which rule forbids it, answered to the asker alone.

The answer must tell the asker nothing they cannot see. So the move is read and tried on a
determinization of the game from the asker's seat (``State.determinize``: everything hidden from
that seat redrawn at random), never on the real state: what another seat holds cannot change the
answer, because the answer is computed without it. A spectator, and a seat whose decision it is
not, get no engine answer at all.
"""

from __future__ import annotations

import logging
import random

from aerodeck.core.api import JSON
from aerodeck.core.errors import IllegalActionError, NotationError
from aerodeck.core.i18n import _
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tables import Table

log = logging.getLogger("aerodeck.web")
WORLD_SEED = 0  # the redrawn hidden cards: any seed gives the same answer (nothing depends on it)


def _answer(move: str, code: str, reason: str) -> JSON:
    return {"type": "why", "move": move, "code": code, "reason": reason}


def why_not(table: Table, seat: int | None, move: str) -> JSON:
    """The ``why`` frame for ``seat`` asking about ``move``: ``code`` ``legal`` (the move is
    offered now), ``illegal`` (``reason``: the rule), ``notation`` (no move of this game), or
    ``spectator``, ``not_started``, ``game_over``, ``not_your_turn`` (no engine answer)."""
    if seat is None:
        return _answer(move, "spectator", _("Only a player at the table can ask about a move."))
    if table.status is TableStatus.WAITING:
        return _answer(move, "not_started", _("The game has not started yet."))
    if table.over:
        return _answer(move, "game_over", _("The game is over: no more moves."))
    if table.state.current_player != seat:
        return _answer(move, "not_your_turn", _("It is not your decision now."))
    world = table.state.determinize(seat, random.Random(WORLD_SEED))
    try:
        action = table.game.parse_action(world, move)
        world.apply(action)
    except NotationError as error:
        return _answer(move, "notation", str(error))
    except IllegalActionError as error:
        return _answer(move, "illegal", str(error))
    except Exception:  # an engine bug met by hostile text: no answer, the table untouched
        log.exception("table %s: the engine failed on why %r", table.id, move[:80])
        return _answer(move, "notation", _("That is not a move of this game."))
    return _answer(move, "legal", _("This move is allowed now."))
