"""The analysis on the replay page and a hint at the table, in chromium: a short game of bots
analysed with a tiny budget (the button, the progress, then accuracies, the chart and the marked
moves; a decision clicked moves the replay there), and a table created in the lobby with hints
allowed, whose "Suggest a move" names one of the seat's legal moves."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import SERVER_ARGS
from tests.browser.people import Person
from tests.web.server import Server

PHONE = {"width": 390, "height": 844}
WIDTH = "document.documentElement.scrollWidth"
WAIT_MS = 120_000  # an analysis of a short game with two worlds a decision, on a loaded machine


@pytest.fixture(scope="module")
def analysing(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("serve"), "", *SERVER_ARGS, "--analysis-worlds", "2")
    yield running.start()
    running.stop()


def finished_table(server: Server) -> str:
    return server.finished_bot_game("aces_versus_aces", ["random", "random"], {"target": 10})


def test_the_replay_page_analyses_the_game_and_jumps_to_a_move(
    browser: Any, analysing: Server
) -> None:
    table_id = finished_table(analysing)
    person = Person(browser, analysing.base, seed=1)
    page = person.page
    page.goto(f"{analysing.base}/t/{table_id}/replay")
    page.click("#analyse")
    page.wait_for_selector(".accuracy li", timeout=WAIT_MS)
    assert page.locator("#analyse").is_hidden() and page.locator("#analysis-progress").is_hidden()
    result = analysing.get(f"/api/tables/{table_id}/analysis").json()["result"]
    decisions = result["decisions"]
    assert page.locator(".accuracy li").count() == 2
    assert page.locator("svg.evaluation circle").count() == len(decisions)
    rows = page.locator(".all-decisions .decision")
    assert rows.count() == len(decisions)
    target = decisions[len(decisions) // 2]["number"]
    page.click(".all-decisions summary")
    page.click(f'.all-decisions .decision[data-move="{target}"] .link-button')
    assert page.evaluate("window.aerodeck.replay.at()") == target
    assert page.locator(f'.all-decisions .decision.current[data-move="{target}"]').count() == 1
    text = page.inner_text("#analysis")
    for raw in ("undefined", "NaN", "null", "[object Object]", "best_words"):
        assert raw not in text
    page.set_viewport_size(PHONE)
    assert page.evaluate(WIDTH) <= PHONE["width"], "the analysis is wider than a phone"
    person.check_protocol()
    person.close()


def test_a_table_with_hints_suggests_one_of_the_seats_moves(
    browser: Any, analysing: Server
) -> None:
    person = Person(browser, analysing.base, seed=2)
    page = person.page
    page.goto(analysing.base + "/")
    page.select_option("#game", "aces_versus_aces")
    page.select_option("#players", "2")
    page.fill("#name", "ann")
    page.select_option("#seat1", "bot:random")
    page.check("#hints")
    assert not page.is_checked("#rated"), "hints make the game unrated"
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    page.click("#go")
    person.wait_welcome()
    page.wait_for_function("window.aerodeck.state.legal.length > 0", timeout=30_000)
    page.click("#hint-ask")
    page.wait_for_selector("#hint-answer code", timeout=WAIT_MS)
    suggested = page.inner_text("#hint-answer code")
    assert suggested in person.state()["legal"]
    assert "chance to win" in page.inner_text("#hint-answer")
    person.check_protocol()
    person.close()
