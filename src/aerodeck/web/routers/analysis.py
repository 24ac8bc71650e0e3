"""A finished table's analysis (``/api/tables/<id>/analysis``: GET its status and result, POST
to start it, once per game) and the hints of a table that allows them (``POST
/api/tables/<id>/seats/<seat>/hint`` with the seat's token). docs/server.md, "Analysis" and
"Hints"."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Depends, Request
from starlette.requests import HTTPConnection

from aerodeck.core.api import JSON
from aerodeck.web.routers.bodies import SeatProof
from aerodeck.web.routers.deps import HubDep, answer, table_or_404
from aerodeck.web.routers.players import PlayerDep
from aerodeck.web.routers.wrong_secrets import with_secret
from aerodeck.web.service.analysis import Analyses
from aerodeck.web.service.hints import Hints

router = APIRouter(prefix="/api/tables/{table_id}")


def analyses_of(connection: HTTPConnection) -> Analyses:
    analyses: Analyses = connection.app.state.analyses
    return analyses


AnalysesDep = Annotated[Analyses, Depends(analyses_of)]


def hints_of(connection: HTTPConnection) -> Hints:
    hints: Hints = connection.app.state.hints
    return hints


HintsDep = Annotated[Hints, Depends(hints_of)]


@router.get("/analysis", tags=["analysis"])
async def analysis(table_id: str, hub: HubDep, analyses: AnalysesDep) -> JSON:
    """The finished game's analysis: ``status`` (none, queued, running, done, failed), the
    decisions judged of the total, and the ``result`` once done."""
    table = await table_or_404(hub, table_id)
    return await answer(analyses.status(table))


@router.post("/analysis", tags=["analysis"])
async def start_analysis(table_id: str, hub: HubDep, analyses: AnalysesDep) -> JSON:
    """Analyse the finished game (once: asked again, the same analysis's status)."""
    table = await table_or_404(hub, table_id)
    return await answer(analyses.request(table))


@router.post("/seats/{seat}/hint", tags=["seats"])
async def hint(
    table_id: str,
    seat: int,
    body: SeatProof,
    request: Request,
    hub: HubDep,
    player: PlayerDep,
    hints: HintsDep,
) -> JSON:
    """The ``hard`` search's move for the seat to move, with a one-line reason (a table whose
    host allowed hints; told to the seat alone)."""
    table = await table_or_404(hub, table_id)
    asking = hints.suggest(table, seat, body.token, None if player is None else player.id)
    return await with_secret(request, hub, table, asking)
