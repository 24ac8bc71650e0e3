"""The language switch: a link per language offered sets the `lang` cookie (a year) and goes back
to the page it was followed from (a path on this site only)."""

from __future__ import annotations

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import RedirectResponse

from aerodeck.core.i18n import LANGUAGES, _
from aerodeck.web.language import COOKIE

router = APIRouter(include_in_schema=False)
YEAR = 365 * 24 * 3600


def _local(path: str | None) -> str:
    """``path`` if it is a path of this site (never another site: ``//host`` or a scheme)."""
    if not path or not path.startswith("/") or path.startswith("//") or "\\" in path:
        return "/"
    return path


@router.get("/language/{code}")
async def choose_language(code: str, request: Request, next: str | None = None) -> RedirectResponse:
    if code not in LANGUAGES:
        raise HTTPException(404, _("no such language: {code}", code=code[:40]))
    response = RedirectResponse(_local(next), status_code=303)
    secure = request.url.scheme == "https"
    response.set_cookie(COOKIE, code, max_age=YEAR, httponly=True, samesite="lax", secure=secure)
    return response
