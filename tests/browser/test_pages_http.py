"""The pages as plain HTTP (no browser needed): the lobby carries every game's options with their
help, the table page exists only for a table and carries no secret, the static files are served."""

from __future__ import annotations

import aerodeck
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
    for name in ("table.js", "lobby.js", "net.js", "cards.js", "render.js", "aerodeck.css"):
        response = web.get(f"/static/{name}")
        assert response.status_code == 200, name
    assert "javascript" in web.get("/static/table.js").headers["content-type"]
