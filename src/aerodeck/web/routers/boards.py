"""Each game's board for the table and replay pages, served from the game's own package.

A game's ``board_assets()`` names a folder holding ``board.js`` (an ES module) and optionally
``board.css``; they are served at /games/<id>/board.js and /games/<id>/board.css for any
registered game, and nothing else of that folder is. A game with no board gets the generic one,
/static/board_generic.js, which also documents the module interface.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib.resources.abc import Traversable

from fastapi import APIRouter, HTTPException
from fastapi.responses import Response

from aerodeck.core.api import Game
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.registry import game_classes

GENERIC_BOARD = "/static/board_generic.js"
ASSETS = {  # the only files of a game's board folder the server sends, with their types
    "board.js": "text/javascript; charset=utf-8",
    "board.css": "text/css; charset=utf-8",
}

router = APIRouter(include_in_schema=False)


@dataclass(frozen=True, slots=True)
class BoardUrls:
    """Where a page loads its game's board module and styles (None: no styles of its own)."""

    js: str
    css: str | None


def _asset(folder: Traversable | None, name: str) -> Traversable | None:
    if folder is None:
        return None
    file = folder / name
    return file if file.is_file() else None


def board_urls(game: Game) -> BoardUrls:
    """The board a page of ``game`` loads: the game's own, or the generic one."""
    folder = game.board_assets()
    if _asset(folder, "board.js") is None:
        return BoardUrls(GENERIC_BOARD, None)
    css = f"/games/{game.id}/board.css" if _asset(folder, "board.css") else None
    return BoardUrls(f"/games/{game.id}/board.js", css)


def _board_folder(game_id: str) -> Traversable | None:
    """A registered game's board folder; None for an unknown id or a game without one."""
    game_class = game_classes().get(game_id)
    return None if game_class is None else _folder_of(game_class)


@cache
def _folder_of(game_class: type[Game]) -> Traversable | None:
    try:
        game = game_class()  # its default configuration: the board is the same for any
    except ConfigError:
        return None
    return game.board_assets()


def _serve(game_id: str, name: str) -> Response:
    file = _asset(_board_folder(game_id), name)
    if file is None:
        raise HTTPException(404, f"no {name} for the game {excerpt(game_id)}")
    return Response(file.read_bytes(), media_type=ASSETS[name])


@router.get("/games/{game_id}/board.js")
async def board_module(game_id: str) -> Response:
    """The game's board module."""
    return _serve(game_id, "board.js")


@router.get("/games/{game_id}/board.css")
async def board_styles(game_id: str) -> Response:
    """The game's board styles."""
    return _serve(game_id, "board.css")
