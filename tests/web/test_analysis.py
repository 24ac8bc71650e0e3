"""A finished table's analysis (service/analysis.py: queued once, run off the event loop,
stored) and hints (service/hints.py: unrated tables whose host allowed them, the seat's
token)."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import Server

pytestmark = pytest.mark.slow  # a real server process
WAIT = 120.0  # seconds an analysis of a short game may take on a loaded machine


@pytest.fixture(scope="module")
def served(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(
        tmp_path_factory.mktemp("serve"),
        "",
        "--creations-per-ip",
        "10000",
        "--analysis-worlds",
        "2",
    ).start()
    yield running
    running.stop()


def finished_table(server: Server) -> str:
    """A short game of bots played to its end."""
    return server.finished_bot_game("aces_versus_aces", ["random", "random"], {"target": 10})


def analysed(server: Server, table_id: str) -> dict[str, Any]:
    """Poll the analysis until it is done (bounded)."""
    ends = time.monotonic() + WAIT
    while time.monotonic() < ends:
        answer: dict[str, Any] = server.get(f"/api/tables/{table_id}/analysis").json()
        assert answer["status"] in ("queued", "running", "done"), answer
        if answer["status"] == "done":
            return answer
        time.sleep(0.2)
    raise AssertionError(f"no analysis in {WAIT} s")


def test_a_finished_game_is_analysed_once_and_stored(served: Server) -> None:
    table_id = finished_table(served)
    before = served.get(f"/api/tables/{table_id}/analysis").json()
    assert before == {"status": "none", "done": 0, "total": 0, "result": None}
    started = served.post(f"/api/tables/{table_id}/analysis", {})
    assert started.status_code == 200 and started.json()["status"] in ("queued", "running", "done")
    total = started.json()["total"]
    answer = analysed(served, table_id)
    result = answer["result"]
    assert answer["done"] == answer["total"] == total == len(result["decisions"]) > 0
    assert [s["seat"] for s in result["summary"]] == [0, 1]
    for decision in result["decisions"]:
        assert 0 <= decision["value"] <= 1 and decision["loss"] >= 0
        assert isinstance(decision["best_words"], str)
    again = served.post(f"/api/tables/{table_id}/analysis", {}).json()
    assert again["status"] == "done" and again["result"] == result  # once per game


def test_an_unfinished_game_is_not_analysed(served: Server) -> None:
    table_id = served.create(game="ace_race", players=2, listed=False)["table"]
    refused = served.post(f"/api/tables/{table_id}/analysis", {})
    assert refused.status_code == 409 and "not over" in refused.json()["detail"]


def test_hints_are_refused_at_a_rated_table(served: Server) -> None:
    refused = served.post(
        "/api/tables", {"game": "ace_race", "players": 2, "hints": True, "rated": True}
    )
    assert refused.status_code == 400 and "unrated" in refused.json()["detail"]


def test_a_hint_names_a_legal_move_for_the_seat_to_move_only(served: Server) -> None:
    created = served.create(
        game="aces_versus_aces",
        players=2,
        options={"target": 10},
        seats=[{"kind": "human"}, {"kind": "human"}],
        claim=0,
        rated=False,
        hints=True,
        listed=False,
    )
    table_id, token = created["table"], created["token"]
    other = served.join(table_id, 1, created["invites"][0]["code"])
    described = served.get(f"/api/tables/{table_id}").json()
    assert described["hints"] is True
    hint = served.post(f"/api/tables/{table_id}/seats/0/hint", {"token": token})
    assert hint.status_code == 200, hint.text
    body = hint.json()
    assert body["move"].startswith("play ") and "chance to win" in body["reason"]
    wrong = served.post(f"/api/tables/{table_id}/seats/0/hint", {"token": other})
    assert wrong.status_code == 401


def test_a_table_without_hints_gives_none(served: Server) -> None:
    created = served.create(game="ace_race", players=2, claim=0, rated=False, listed=False)
    table_id = created["table"]
    refused = served.post(f"/api/tables/{table_id}/seats/0/hint", {"token": created["token"]})
    assert refused.status_code == 409


def test_the_analysis_is_run_again_after_a_restart(tmp_path: Path) -> None:
    """An analysis still running when the server stops is run again when it starts (the
    analysis is deterministic: the same result)."""
    flags = ("--creations-per-ip", "10000", "--analysis-worlds", "2")
    with Server(tmp_path / "serve", "", *flags) as server:
        table_id = finished_table(server)
        started = server.post(f"/api/tables/{table_id}/analysis", {}).json()
        server.kill9()  # queued or running (a second or two of work): left so in the store
        server.restart()
        answer = analysed(server, table_id)
        assert len(answer["result"]["decisions"]) == started["total"]
