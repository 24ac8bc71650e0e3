"""The table page tells the state honestly and keeps what to do in view: the lobby offers the four
levels (medium first chosen); before the game starts no seat is "to move"; others' cards fly from
their seat box to where they land and the last change stays marked; while the server cannot be
heard, nobody's presence is shown; a frame rebuilds only what changed."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.benchmark_runs import run_benchmark
from tests.browser.conftest import chromium_path
from tests.browser.people import STATE, Person
from tests.web.server import Server


def test_the_lobby_offers_five_levels_and_medium_first(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=21)
    page = ann.page
    page.goto(web.base + "/")
    page.select_option("#game", "race_to_ace")
    offered = page.eval_on_selector_all("#seat1 option", "os => os.map(o => o.value)")
    assert offered == ["human", "bot:easy", "bot:medium", "bot:hard", "bot:expert", "bot:random"]
    assert page.input_value("#seat1") == "bot:medium"
    assert page.locator("#level-help li").count() == 5
    # the quick preset fills in the options it declares, and a changed option makes it custom
    page.select_option("#race_to_ace--preset", "quick")
    assert page.input_value("#race_to_ace--kills_to_win") == "3"
    page.fill("#race_to_ace--kills_to_win", "4")
    page.dispatch_event("#race_to_ace--kills_to_win", "change")
    assert page.input_value("#race_to_ace--preset") == "custom"
    ann.close()


def test_nobody_is_to_move_before_the_game_starts(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=22)
    ann.create("aces_versus_aces", 2, [0, 1], {})
    page = ann.page
    assert ann.state()["status"] == "waiting"
    assert "Waiting for players" in page.inner_text("#status")
    assert page.locator("#seats .badge.turn").count() == 0
    assert page.locator("#seats .seat-box.to-move").count() == 0
    ann.close()


def test_others_plays_fly_from_their_seat_and_the_last_change_stays_marked(
    browser: Any, web: Server
) -> None:
    ann = Person(browser, web.base, seed=23)
    ann.create("ace_race", 2, [0], {"max_turns": 20})
    page = ann.page
    bot_moved = f"{STATE}.history.some(m => m.seat === 1 && /^play /.test(m.move))"
    for _ in range(40):  # play until the bot has laid a card on the table
        if page.evaluate(bot_moved) or ann.ended():
            break
        state = ann.my_turn()
        if state is None:
            page.wait_for_timeout(25)
            continue
        ann.click_a_move(state)
    assert page.evaluate(bot_moved), "the bot never played a card"
    assert page.evaluate(f"{STATE}.flights") >= 1
    assert page.locator("#board .last-change, #seats .last-change").count() == 1
    ann.check_protocol()
    ann.close()


def test_presence_is_not_shown_while_the_server_cannot_be_heard(
    browser: Any, own_web: Server
) -> None:
    ann = Person(browser, own_web.base, seed=24)
    ann.create("aces_versus_aces", 2, [0], {})
    page = ann.page
    page.wait_for_selector("#seats .badge.on")
    own_web.stop()
    page.wait_for_function("!document.querySelector('#link-state').classList.contains('connected')")
    assert page.locator("#seats .badge.on, #seats .badge.off").count() == 0
    ann.close()


WATCH_JS = """() => {
  const seen = {boards: 0, logRemoved: 0};
  new MutationObserver((records) => { seen.boards += records.length; })
    .observe(document.getElementById("board"), {childList: true});
  new MutationObserver((records) => {
    for (const r of records) seen.logRemoved += r.removedNodes.length;
  }).observe(document.getElementById("log"), {childList: true});
  window.drawnSeen = seen;
}"""


def test_a_frame_appends_its_log_lines_and_a_click_leaves_the_board_as_it_was(
    browser: Any, web: Server
) -> None:
    """The page draws again at every click (a card selected, a move sent) and every frame, but
    the board's elements are replaced only when what it shows changed, and the log's lines once
    written stay: a frame appends its own."""
    ann = Person(browser, web.base, seed=25, reduced_motion="reduce")
    ann.create("race_to_ace", 3, [0], {"kills_to_win": 3})
    page = ann.page
    page.evaluate(WATCH_JS)
    frames_before = len(ann.received)
    moves = 0
    while moves < 6 and not ann.ended():
        state = ann.my_turn()
        if state is None:
            page.wait_for_timeout(25)
            continue
        ann.click_a_move(state)
        moves += 1
    seen = page.evaluate("window.drawnSeen")
    views = [f for f in ann.received[frames_before:] if f.get("type") in ("welcome", "update")]
    # a board drawn again is one record: one per frame at most, none for a click
    assert moves >= 1 and ann.clicks >= moves
    assert 0 < seen["boards"] <= len(views), (seen, len(views), ann.clicks)
    assert seen["logRemoved"] == 0, seen
    # read together: the bots play on, and a frame between two reads would add to one of them
    lines, events = page.evaluate(
        f"[document.querySelectorAll('#log li').length, {STATE}.events.length]"
    )
    assert lines == events and lines, (lines, events)
    ann.check_protocol()
    ann.close()


@pytest.mark.slow
def test_the_page_cost_benchmark_measures_a_short_game(tmp_path: Path) -> None:
    """benchmarks/page_cpu.py, whose figures are in docs/browser.md, on one short game."""
    if chromium_path() is None:
        pytest.skip("no chromium found: the page cost benchmark skipped (apt-get install chromium)")
    out = tmp_path / "page.json"
    run_benchmark("page_cpu", "--short", "race_to_ace", "--json", str(out))
    (row,) = json.loads(out.read_text(encoding="utf-8"))
    assert row["game"] == "race_to_ace" and row["moves"] > 0 and row["log_lines"] > 0
    assert row["renderer_cpu_s"] > 0 and row["renderer_cpu_ms_per_move"] > 0
