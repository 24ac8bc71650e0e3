"""A turn-based table's move clock runs out while the server is down: two people at a table with
a one-hour clock whose host chose forfeits; the server stops mid-turn, its stored turn start is
rewound two hours (as if it had been down that long, without waiting), and it starts again on the
same address. Both pages reconnect by themselves and show the end: the seat to move ran out of
time and lost."""

from __future__ import annotations

import sqlite3
from datetime import datetime, timedelta
from typing import Any

from aerodeck.web.settings import SQLITE_FILE
from tests.browser.people import STATE, Person
from tests.web.server import Server

SQLITE_TIME = "%Y-%m-%d %H:%M:%S.%f"  # how SQLAlchemy keeps a DateTime in SQLite


def test_a_move_clock_that_runs_out_during_a_restart_ends_the_game_on_both_pages(
    browser: Any, own_web: Server
) -> None:
    ann, bea = Person(browser, own_web.base, seed=1), Person(browser, own_web.base, seed=2)
    page = ann.page
    page.goto(own_web.base + "/")
    page.select_option("#game", "aces_versus_aces")
    page.select_option("#players", "2")
    page.select_option("#seat1", "human")
    page.select_option("#clock", "3600")
    page.select_option("#on-timeout", "forfeit")
    page.click("#create-button")
    page.wait_for_selector("#created:not([hidden])")
    link = page.locator("[data-invite]").first.input_value()
    page.click("#go")
    ann.wait_welcome()
    bea.accept(link, "bea")
    for person in (ann, bea):
        person.page.wait_for_function(f"{STATE}.status === 'playing'")
    to_move = ann if ann.state()["legal"] else bea
    table = page.evaluate(f"{STATE}.table") or page.url.rsplit("/", 1)[-1].split("#")[0]

    own_web.stop()
    with sqlite3.connect(own_web.data_dir / SQLITE_FILE) as conn:
        query = "SELECT turn_began_at FROM tables WHERE id = ?"
        (began,) = conn.execute(query, (table,)).fetchone()
        earlier = datetime.strptime(began, SQLITE_TIME) - timedelta(hours=2)
        conn.execute(
            "UPDATE tables SET turn_began_at = ? WHERE id = ?",
            (earlier.strftime(SQLITE_TIME), table),
        )
    own_web.restart(new_port=False)

    loser = to_move.state()["seat"]
    for person in (ann, bea):
        person.page.wait_for_function(f"{STATE}.end !== null", timeout=60000)
        forfeit = person.page.evaluate(f"{STATE}.end.forfeit")
        assert forfeit["seat"] == loser and forfeit["reason"].endswith("ran out of time")
        said = person.page.locator("#forfeit")
        said.wait_for(timeout=10000)
        name = "You" if person.state()["seat"] == loser else forfeit["reason"].split(" ran ")[0]
        assert said.inner_text() == f"{name} ran out of time and lost the game."
    for person in (ann, bea):
        person.check_protocol()
        person.close()
