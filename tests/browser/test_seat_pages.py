"""Seats that belong to players, in chromium with a browser context per person: a closed tab
opened again takes its seat where it was, a host re-issues the seat of a person who lost their
cookie and the new person plays on, and a rematch clicked at the end moves every page to the new
table. One server for the module; short games (Race to Ace, one kill wins, ten turns at most)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from tests.browser.conftest import SERVER_ARGS
from tests.browser.people import MAX_LOOKS, POLL_MS, STATE, Person, play_to_end
from tests.web.server import Server

GAME = "race_to_ace"
SHORT = {"kills_to_win": 1, "max_turns": 10}
WHERE = (
    "(() => { const s = window.aerodeck.state; return {seat: s.seat, version: s.version,"
    " view: s.view, legal: s.legal}; })()"
)

REFUSED = (  # the close code of a hello with a token, from inside a page
    "([table, token]) => new Promise((done) => {"
    " const ws = new WebSocket(`ws://${location.host}/ws`);"
    " ws.onopen = () => ws.send(JSON.stringify({type: 'hello', table, token}));"
    " ws.onclose = (closed) => done(closed.code); })"
)


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("seats") / "serve", "", *SERVER_ARGS).start()
    yield running
    running.stop()


def seated(browser: Any, site: Server, seed: int) -> tuple[Person, Person, str]:
    """ann hosts a table of Race to Ace (a random bot in seat 2) and bea takes seat 1 by her
    invite; the table's id."""
    ann = Person(browser, site.base, seed=seed)
    bea = Person(browser, site.base, seed=seed + 1)
    links = ann.create(GAME, 3, [0, 1], SHORT, bot="random")
    bea.accept(links[1], "bea")
    ann.page.wait_for_function(f"{STATE}.status === 'playing'")
    table = ann.page.evaluate("document.getElementById('app').dataset.table")
    return ann, bea, str(table)


def test_a_closed_tab_opened_again_takes_its_seat_where_it_was(browser: Any, site: Server) -> None:
    ann, bea, table = seated(browser, site, seed=21)
    moves = 0  # a few moves, then wait for bea's decision: nothing moves until she makes it
    for _ in range(MAX_LOOKS):
        if bea.ended() or (moves >= 2 and bea.my_turn() is not None):
            break
        acted = False
        for person in (ann, bea):
            state = person.my_turn()
            if state is not None:
                person.click_a_move(state)
                moves += 1
                acted = True
        if not acted:
            bea.page.wait_for_timeout(POLL_MS)
    assert not bea.ended(), "the table's seed deals a game longer than this"
    before = bea.page.evaluate(WHERE)
    bea.page.close()  # the tab and its sessionStorage are gone; the cookie stays
    bea.page = bea.context.new_page()
    bea.page.goto(f"{site.base}/t/{table}")
    bea.wait_welcome()
    assert bea.page.evaluate("sessionStorage.length") == 0, "no token: the cookie's player"
    assert bea.page.evaluate(WHERE) == before, "the same seat, at the same position"
    assert "you are seat 1" in bea.page.inner_text("#who")
    # a second tab of the same seat: both are the seat and both hear the next move
    second = bea.context.new_page()
    second.goto(f"{site.base}/t/{table}")
    second.wait_for_function(f"{STATE} && {STATE}.seat === 1")
    state = bea.my_turn()
    assert state is not None, "bea's decision waits in the page opened again"
    bea.click_a_move(state)
    second.wait_for_function(f"{STATE}.version > {before['version']}")
    for person in (ann, bea):
        person.check_protocol()
        person.close()


def test_a_reissued_invite_seats_the_new_person_and_refuses_the_old_token(
    browser: Any, site: Server
) -> None:
    ann, bea, table = seated(browser, site, seed=31)
    old_token = bea.page.evaluate(
        f"JSON.parse(sessionStorage.getItem('aerodeck:seat:{table}')).token"
    )
    bea.close()  # bea's browser is gone, cookie and all
    page = ann.page
    page.on("dialog", lambda dialog: dialog.accept())
    page.wait_for_selector("#host-seat-1 button.new-invite")
    assert "Give the seat a new invite link" in page.inner_text("#host-seat-1")
    page.click("#host-seat-1 button.new-invite")
    box = 'input[aria-label="new invite link for seat 1"]'
    page.wait_for_selector(box)
    link = page.input_value(box)
    assert "#invite=" in link and link.endswith("&seat=1")

    code = page.evaluate(REFUSED, [table, old_token])
    assert code == 4401, "the old token is refused from now on"
    cara = Person(browser, site.base, seed=33)
    cara.accept(link, "cara")
    assert cara.page.evaluate(f"{STATE}.seat") == 1
    play_to_end([ann, cara])
    assert "bea" not in cara.page.inner_text("#seats")
    for person in (ann, cara):
        person.check_protocol()
        person.close()


def test_rematch_end_to_end(browser: Any, site: Server) -> None:
    ann, bea, table = seated(browser, site, seed=41)
    play_to_end([ann, bea])
    ann.page.click("#rematch-offer")
    bea.page.wait_for_selector("#rematch-accept")
    said = bea.page.inner_text("#rematch")
    assert "Ann offered a rematch" in said and "Ann: accepted" in said
    assert "Seat 2 (bot): accepted" in said, "bots accept at once"
    assert "You: not answered yet" in said
    bea.page.click("#rematch-accept")
    for person, seat in ((ann, 1), (bea, 2)):  # every seat one place on
        person.page.wait_for_url(lambda url: table not in url, timeout=30000)
        person.page.wait_for_function(
            f"{STATE} && {STATE}.view !== null && {STATE}.seat === {seat}"
        )
    new = ann.page.url.rsplit("/", 1)[1]
    assert new != table and bea.page.url.endswith(f"/t/{new}")
    assert ann.page.evaluate("document.getElementById('app').dataset.host") == "1"
    # my games, in the lobby: the new table in progress and the finished one with its replay
    lobby = ann.page
    lobby.goto(site.base + "/")
    lobby.wait_for_selector("#my-games:not([hidden])")
    text = lobby.inner_text("#my-games")
    assert "Race to Ace" in text and "Finished" in text and "replay" in text
    assert lobby.locator(f'#my-games li[data-table="{new}"]').count() == 1
    assert lobby.locator(f'#my-games a[href="/t/{table}/replay"]').count() == 1
    for person in (ann, bea):
        person.check_protocol()
        person.close()
