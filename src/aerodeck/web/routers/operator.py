"""What an operator's tools read: ``/metrics`` (Prometheus) and ``/readyz`` (the store answers,
and with several processes the pub/sub listens: send this process traffic). ``/healthz``
(routers/lobby.py) stays the liveness check."""

from __future__ import annotations

import asyncio

from fastapi import APIRouter, HTTPException, Request, Response
from prometheus_client import CONTENT_TYPE_LATEST, CollectorRegistry, generate_latest

from aerodeck.core.api import JSON
from aerodeck.web.routers.deps import HubDep
from aerodeck.web.service.errors import StoreError

router = APIRouter(tags=["server"])
READY_TIMEOUT = 2.0  # seconds the store has to answer the readiness check


@router.get("/metrics", include_in_schema=False)
async def metrics(request: Request) -> Response:
    """This process's metrics in Prometheus's text format."""
    registry: CollectorRegistry = request.app.state.metrics
    return Response(generate_latest(registry), media_type=CONTENT_TYPE_LATEST)


@router.get("/readyz")
async def readyz(hub: HubDep) -> JSON:
    """Ready to serve: the store answers within two seconds (503 otherwise)."""
    try:
        await asyncio.wait_for(hub.ping(), READY_TIMEOUT)
    except (StoreError, TimeoutError, OSError):
        raise HTTPException(503, "not ready: the store does not answer") from None
    why = hub.peers.ready()  # several processes: the pub/sub listener is connected
    if why is not None:
        raise HTTPException(503, f"not ready: {why}")
    return {"ready": True, "store": "ok"}
