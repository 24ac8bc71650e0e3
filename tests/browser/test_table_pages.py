"""Whole games through the browser pages: two people (two browser contexts) and bots, by clicking;
a reload and a server restart in the middle; a spectator who never sees a hidden card; refusals
shown with the rule's reason. The server is a real process on 127.0.0.1."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.people import Person, play_to_end
from tests.web.play import check_frames, states_by_version
from tests.web.server import Server

# case -> game, players, human seats, options that keep a browser game short
GAMES: dict[str, tuple[str, int, list[int], dict[str, Any]]] = {
    "aces_versus_aces": ("aces_versus_aces", 3, [0, 1], {"target": 15}),
    "ace_race": ("ace_race", 3, [0, 1], {}),
    "race_to_ace": ("race_to_ace", 3, [0, 1], {"kills_to_win": 1}),
    "air_racing": ("air_racing", 3, [0, 1], {"laps": 1, "quick_play": True}),
    "down_in_flames": ("down_in_flames", 2, [0, 1], {}),
    "down_in_flames-melee": ("down_in_flames", 3, [0, 1], {"mode": "ffa"}),
}
UNIQUE_CARDS = {"aces_versus_aces", "ace_race"}  # one deck: a card in a hand is nowhere else


class FramesOf:
    """What check_frames reads: the frames one page received while it held ``seat`` (an invited
    page watches until its person takes the seat)."""

    def __init__(self, person: Person, seat: int | None) -> None:
        self.frames: list[dict[str, Any]] = []
        holding: int | bool | None = False
        for frame in person.received:
            if frame.get("type") == "welcome":
                holding = frame["seat"]
            if frame.get("type") in ("welcome", "update") and holding == seat:
                self.frames.append(frame)


def seen_cards(person: Person) -> tuple[int, list[str]]:
    shown: tuple[int, list[str]] = tuple(  # type: ignore[assignment]
        person.page.evaluate(
            "[window.aerodeck.state.version,"
            " [...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)]"
        )
    )
    return shown


def end_record(person: Person) -> dict[str, Any]:
    ends = [f for f in person.received if f.get("type") == "end"]
    assert ends, "no end frame"
    record: dict[str, Any] = ends[-1]["record"]
    return record


def seat_of(person: Person) -> int:
    seat: int = person.page.evaluate("window.aerodeck.state.seat")
    return seat


@pytest.mark.parametrize("case", list(GAMES))
def test_whole_game_by_clicking(browser: Any, web: Server, case: str) -> None:
    game, players, humans, options = GAMES[case]
    ann = Person(browser, web.base, seed=1)
    bea = Person(browser, web.base, seed=2)
    eve = Person(browser, web.base, seed=3)
    links = ann.create(game, players, humans, options)
    assert sorted(links) == [h for h in humans if h != 0]
    assert "#invite=" in links[1]
    table_url = links[1].split("#", 1)[0]
    bea.accept(links[1], "bea")
    eve.watch(table_url)
    assert seat_of(ann) == 0 and seat_of(bea) == 1
    assert eve.page.evaluate("window.aerodeck.state.seat") is None
    glimpses: list[tuple[int, list[str]]] = []
    moves = play_to_end([ann, bea], on_look=lambda n: glimpses.append(seen_cards(eve)))
    eve.page.wait_for_function("window.aerodeck.state.end !== null")
    assert moves > 0 and ann.clicks + bea.clicks >= moves
    for person in (ann, bea, eve):
        end = person.page.locator("#end")
        assert end.is_visible()
        assert "The game is over" in end.inner_text()
        assert end.locator("a[download]").count() == 1
        person.check_protocol()
    record = end_record(ann)
    assert record["game"] == game and "seed" in record
    # every frame each page got is exactly the engine's view for its seat (and no more)
    assert check_frames(FramesOf(ann, 0), 0, record) > 0
    assert check_frames(FramesOf(bea, 1), 1, record) > 0
    assert check_frames(FramesOf(eve, None), None, record) > 0
    # the spectator's page never drew a card that was in a hand at that version
    assert eve.page.locator("#hand-box").is_hidden()
    if game in UNIQUE_CARDS:
        states = states_by_version(record)
        for version, cards in glimpses:
            hands = {c for s in range(players) for c in states[version].view(s).get("hand") or []}
            assert not hands & {c for c in cards if c != "JK"}, (version, hands & set(cards))
    # the finished game, step by step in the page
    eve.page.get_by_role("link", name="Replay it step by step").click()
    eve.page.wait_for_function("window.aerodeck && window.aerodeck.replay !== undefined")
    assert eve.page.evaluate("window.aerodeck.replay.steps") == len(record["actions"]) + 1
    eve.page.click("#next")
    assert f"Move 1: seat {record_first_seat(record)}" in eve.page.inner_text("#status")
    eve.page.keyboard.press("End")
    assert eve.page.evaluate("window.aerodeck.replay.at()") == len(record["actions"])
    eve.check_protocol()
    for person in (ann, bea, eve):
        person.close()


def record_first_seat(record: dict[str, Any]) -> int:
    state = states_by_version(record)[0]
    seat = state.current_player
    assert seat is not None
    return seat


def test_reload_and_restart_carry_on(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=4)
    bea = Person(browser, web.base, seed=5)
    links = ann.create("aces_versus_aces", 3, [0, 1], {"target": 15})
    bea.accept(links[1], "bea")

    def interrupt(moves: int) -> None:
        if moves == 6:  # a reload: the tab keeps its seat (sessionStorage) and carries on
            version = ann.state()["version"]
            ann.page.reload()
            ann.wait_welcome()
            assert ann.state()["seat"] == 0 and ann.state()["version"] >= version
        if moves == 14:  # a server restart on the same address: both pages reconnect alone
            before = bea.state()["version"]
            web.stop()
            bea.page.wait_for_function(
                "document.getElementById('link-state').textContent.includes('offline')"
            )
            web.start()
            for person in (ann, bea):
                person.page.wait_for_function(
                    "document.getElementById('link-state').textContent.includes('connected')",
                    timeout=60000,
                )
            assert bea.state()["version"] >= before  # the bots may move on at once

    play_to_end([ann, bea], on_look=interrupt)
    record = end_record(ann)
    states = states_by_version(record)
    final = states[-1]
    game = final.game
    for person, seat in ((ann, 0), (bea, 1)):
        logged = person.page.evaluate("window.aerodeck.state.events.map(e => e.text)")
        everything = [game.describe_event(e) for e in final.events_since(0, seat)]
        after_setup = everything[len(states[0].events_since(0, seat)) :]
        # nothing lost or doubled across the reload and the restart: the log is the engine's,
        # whole from the first move on (the set-up's words come with a full welcome, when sent)
        assert logged in (everything, after_setup), (len(logged), len(everything))
        assert "The game is over" in person.page.inner_text("#end")
        person.check_protocol()
        person.close()


def test_refusals_show_the_reason(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=6)
    ann.create("aces_versus_aces", 2, [0], {})
    page = ann.page
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    hand = ann.state()["hand"]
    absent = next(c for c in ("AS", "AH", "AD", "AC", "KS", "KH") if c not in hand)
    page.fill("#notation", f"play {absent}")
    page.press("#notation", "Enter")
    notice = page.locator("#notice")
    notice.wait_for(state="visible")
    assert notice.inner_text().startswith("Refused: ")
    assert absent in notice.inner_text() or "hand" in notice.inner_text().lower()
    first = notice.inner_text()
    page.fill("#notation", "loop the loop")
    page.click("#typed button")
    page.wait_for_function(
        "first => { const t = document.getElementById('notice').textContent;"
        " return t !== '' && t !== first; }",
        arg=first,
    )
    assert notice.inner_text().startswith("Refused: ")
    assert notice.inner_text() != first
    # the page still plays: a click on a card makes the move
    version = ann.state()["version"]
    page.locator("#hand button.card.playable").first.click()
    page.wait_for_function(f"window.aerodeck.state.version > {version}")
    ann.check_protocol()
    ann.close()


def test_host_hands_a_missing_seat_to_a_bot(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=7)
    ann.create("aces_versus_aces", 3, [0, 1], {"target": 10})
    page = ann.page
    assert ann.state()["status"] == "waiting"
    host = page.locator("#host")
    host.wait_for(state="visible")
    assert "Seat 1: nobody has taken it yet" in host.inner_text()
    page.get_by_role("button", name="New invite link").click()
    page.wait_for_selector('input[aria-label="new invite link for seat 1"]')
    assert "#invite=" in page.input_value('input[aria-label="new invite link for seat 1"]')
    page.get_by_role("button", name="Let a bot play it").click()
    page.wait_for_function("window.aerodeck.state.status !== 'waiting'")
    assert play_to_end([ann]) > 0
    assert "The game is over" in page.inner_text("#end")
    ann.check_protocol()
    ann.close()


def test_keyboard_alone_plays(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=8)
    ann.create("aces_versus_aces", 2, [0], {})
    page = ann.page
    on_a_move = (
        "(() => { const e = document.activeElement;"
        " return !!e && e.matches('#hand button.card.playable, #move-buttons button.move'); })()"
    )
    for _ in range(4):
        page.wait_for_function(
            "window.aerodeck.state.legal.length > 0 && !window.aerodeck.state.busy"
        )
        version = ann.state()["version"]
        for _ in range(80):  # Tab through the page to something that makes a move
            if page.evaluate(on_a_move):
                break
            page.keyboard.press("Tab")
        assert page.evaluate(on_a_move), "Tab never reached a card or a move"
        assert page.evaluate(
            "getComputedStyle(document.activeElement).outlineStyle !== 'none'"
            " || getComputedStyle(document.activeElement).transform !== 'none'"
        ), "the focused control shows no focus"
        page.keyboard.press("Enter")
        page.wait_for_function(f"window.aerodeck.state.version > {version}")
    # 200% zoom of a 1280-wide window, and a phone: nothing runs off the side of the page
    for width, height in ((640, 400), (390, 844), (320, 640)):
        page.set_viewport_size({"width": width, "height": height})
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{overflow}px too wide at {width}px"
    ann.check_protocol()
    ann.close()


def test_a_free_seat_of_a_listed_table_is_taken_from_the_lobby(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=9)
    bea = Person(browser, web.base, seed=10)
    ann.create("aces_versus_aces", 2, [0, 1], {"target": 5})
    bea.page.goto(web.base + "/")
    bea.page.get_by_role("link", name="Join").first.click()
    bea.page.wait_for_selector("#join:not([hidden])")
    assert "Seat 1 is free" in bea.page.inner_text("#join")
    bea.page.fill("#join-name", "bea")
    bea.page.click("#join-button")
    bea.page.wait_for_function("window.aerodeck.state.seat === 1")
    ann.page.wait_for_function("window.aerodeck.state.status === 'playing'")
    assert "bea (seat 1)" in ann.page.inner_text("#seats")
    assert play_to_end([ann, bea]) > 0
    for person in (ann, bea):
        person.check_protocol()
        person.close()
