"""Lobby calls that carry a table's secret (a seat or host token, an invite code), throttled per
client address and per table (``service/guesses.py``): 429 with Retry-After once the wrong tries
are spent, before the secret is looked at."""

from __future__ import annotations

from collections.abc import Coroutine
from http import HTTPStatus
from typing import Any, TypeVar

from fastapi import HTTPException, Request

from aerodeck.web.routers.deps import answer
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.limits import TooManyTriesError
from aerodeck.web.service.tables import Table

T = TypeVar("T")


def client_address(request: Request) -> str:
    """The client's address: the socket's peer, or what a trusted proxy forwarded (serve.py)."""
    return request.client.host if request.client else "unknown"


async def with_secret(request: Request, hub: Hub, table: Table, work: Coroutine[Any, Any, T]) -> T:
    """``answer(work)`` for a call carrying ``table``'s secret, counted when it is wrong (401)."""
    address = client_address(request)
    try:
        hub.guesses.spent(address, table.id)
    except TooManyTriesError as refused:
        work.close()  # never awaited
        headers = {"Retry-After": str(refused.retry_after)}
        raise HTTPException(429, str(refused), headers=headers) from None
    try:
        return await answer(work)
    except HTTPException as refused:
        if refused.status_code == HTTPStatus.UNAUTHORIZED:
            hub.guesses.wrong(address, table.id, f"secret on {request.url.path}")
        raise
