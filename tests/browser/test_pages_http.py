"""The pages as plain HTTP (no browser needed): the lobby carries every game's options with their
help, the table page exists only for a table and carries no secret and names its game's board, the
static files and each game's board files are served, and nothing else of a game's package."""

from __future__ import annotations

import aerodeck
from aerodeck.core.registry import make
from tests.web.server import Server


def test_lobby_lists_every_game_option_and_help(web: Server) -> None:
    page = web.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for info in aerodeck.list_games():
        assert f'value="{info.id}"' in page.text
        for option in info.options:
            assert f'data-option="{option.name}"' in page.text
            assert f'id="{info.id}--{option.name}-help"' in page.text


def test_table_page_only_for_a_table_and_without_secrets(web: Server) -> None:
    assert web.get("/t/nosuchtable").status_code == 404
    assert web.get("/t/..%2F..%2Fetc").status_code == 404
    created = web.create(game="aces_versus_aces", players=2, claim=0)
    page = web.get(f"/t/{created['table']}")
    assert page.status_code == 200
    assert created["table"] in page.text and "Aces versus Aces" in page.text
    secrets = [created["host_token"], created["token"], *(i["code"] for i in created["invites"])]
    for secret in secrets:
        assert secret not in page.text
    listed = web.get("/").text
    assert f"/t/{created['table']}" in listed
    assert created["host_token"] not in listed and created["token"] not in listed


def test_static_modules_are_served(web: Server) -> None:
    for name in (
        "table.js",
        "lobby.js",
        "net.js",
        "cards.js",
        "render.js",
        "board_generic.js",
        "aerodeck.css",
    ):
        response = web.get(f"/static/{name}")
        assert response.status_code == 200, name
    assert "javascript" in web.get("/static/table.js").headers["content-type"]


def test_each_game_serves_the_board_of_its_package(web: Server) -> None:
    for info in aerodeck.list_games():
        folder = make(info.id).board_assets()
        for name, kind in (("board.js", "text/javascript"), ("board.css", "text/css")):
            response = web.get(f"/games/{info.id}/{name}")
            if folder is not None and (folder / name).is_file():
                assert response.status_code == 200, (info.id, name)
                assert response.headers["content-type"].startswith(kind)
                assert response.content == (folder / name).read_bytes()
            else:
                assert response.status_code == 404, (info.id, name)
    # the plug-in game brings no board at all (tests/plugin); the shipped games bring both
    assert web.get("/games/ace_race/board.js").status_code == 200
    assert web.get("/games/down_in_flames/board.css").status_code == 200


def test_only_a_registered_game_s_two_board_files_are_served(web: Server) -> None:
    for path in (
        "/games/no_such_game/board.js",
        "/games/" + "x" * 5000 + "/board.js",
        "/games/..%2F..%2Fweb/board.js",
        "/games/ace_race/..%2Fgame.py",
        "/games/ace_race/game.py",
        "/games/ace_race/board/board.js",
        "/games/ace_race/rules.md",
    ):
        response = web.get(path)
        assert response.status_code == 404, path
        assert len(response.text) < 200, path  # one short line, the id cut short


def test_the_table_page_names_its_game_s_board(web: Server) -> None:
    for game in ("aces_versus_aces", "ace_race"):
        css = (make(game).board_assets() / "board.css").is_file()  # type: ignore[operator]
        created = web.create(game=game, players=2, claim=0)
        page = web.get(f"/t/{created['table']}").text
        assert f'data-board="/games/{game}/board.js"' in page
        assert (f'href="/games/{game}/board.css"' in page) is css
