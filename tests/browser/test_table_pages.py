"""Whole games through the browser pages: two people (two browser contexts) and bots, by clicking;
a reload and a server restart in the middle; a spectator who never sees a hidden card; refusals
shown with the rule's reason. The server is a real process on 127.0.0.1."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest

from aerodeck.core.words import as_seen_by
from aerodeck.games.down_in_flames.data import RANGES
from tests.browser.people import MAX_LOOKS, POLL_MS, Person, play_to_end
from tests.web.play import check_frames, states_by_version
from tests.web.server import Server

# case -> game, players, human seats, options that keep a browser game short
GAMES: dict[str, tuple[str, int, list[int], dict[str, Any]]] = {
    "aces_versus_aces": ("aces_versus_aces", 3, [0, 1], {"target": 8}),
    "ace_race": ("ace_race", 3, [0, 1], {"max_turns": 20}),  # then the fewest cards win (R14)
    "race_to_ace": ("race_to_ace", 3, [0, 1], {"kills_to_win": 1, "max_turns": 10}),
    "air_racing": ("air_racing", 3, [0, 1], {"laps": 1, "quick_play": True, "stock_speed": 12}),
    "down_in_flames": ("down_in_flames", 2, [0, 1], {}),
}
UNIQUE_CARDS = {"aces_versus_aces", "ace_race"}  # one deck: a card in a hand is nowhere else
# ann's page shows the motion (cards fly, log lines slide in) in the shorter games; the other
# pages, and every page in Down In Flames' games of some 150 clicked moves, ask for reduced
# motion (test_motion_is_light_and_yields_to_reduced_motion checks both): chromium drawing an
# animation at every update of three pages was most of these tests' work
MOTION_FOR_ANN = {"aces_versus_aces", "ace_race", "race_to_ace", "air_racing"}


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


# a move button in notation rather than words: RtA's V0>2, DIF's me-1, foe+1 and @2, a bare number
RAW_NOTATION = re.compile(r"\b[VR]\d+>\d+\b|\b(me|foe)[+-]\d|@\d|^\s*\d+\s*$")
PAIRS_JS = (
    "[window.aerodeck.state.version, [...document.querySelectorAll('#board .pair')].map(p =>"
    " [p.dataset.pair, p.dataset.range, Number(p.dataset.rel)])]"
)
LOG_JS = "[...document.querySelectorAll('#log li')].map(li => li.textContent)"


def dif_pairs(state: Any) -> dict[str, tuple[str, int]]:
    """The engine's pairs of opposing aircraft: key -> (mutual range or "" while the altitudes
    are hidden, the first aircraft's position on the second)."""
    out = {}
    for a in range(state.n_aircraft):
        for b in range(state.n_aircraft):
            flying = state.alive[a] and state.alive[b]
            if a == b or state.sides[a] == state.sides[b] or not flying:
                continue
            out[f"{a}-{b}"] = (
                RANGES[state.mutual(a, b)] if state.altitudes_shown else "",
                state.rel(a, b),
            )
    return out


def assert_fits(page: Any) -> None:
    """Nothing runs off the side at 320 px, 390 px (phones) and 640 px (1280 px at 200% zoom)."""
    for width, height in ((320, 640), (390, 844), (640, 400)):
        page.set_viewport_size({"width": width, "height": height})
        overflow = page.evaluate(
            "document.documentElement.scrollWidth - document.documentElement.clientWidth"
        )
        assert overflow <= 0, f"{overflow}px too wide at {width}px"
    page.set_viewport_size({"width": 1280, "height": 800})


class Interruptions:
    """A reload of the first person's tab after its 2nd move, a server restart after the 4th:
    every page reconnects by itself and carries on (the log and the frames are checked later)."""

    def __init__(self, web: Server, people: list[Person], watcher: Person) -> None:
        self.web, self.people, self.watcher = web, people, watcher
        self.done: list[str] = []

    def __call__(self, moves: int) -> None:
        ann = self.people[0]
        if moves == 2 and not ann.ended():
            version = ann.state()["version"]
            ann.page.reload()
            ann.wait_welcome()
            assert ann.state()["seat"] == 0 and ann.state()["version"] >= version
            self.done.append("reload")
        if moves == 4 and not ann.ended():
            before = ann.state()["version"]
            self.web.stop()
            ann.page.wait_for_function(
                "document.getElementById('link-state').textContent.includes('offline')"
            )
            self.web.start()
            # the players' browsers say they are back online (the page retries at once, as on a
            # network's return); the spectator's waits out its backoff alone
            for person in self.people:
                person.page.evaluate("window.dispatchEvent(new Event('online'))")
            for person in [*self.people, self.watcher]:
                person.page.wait_for_function(
                    "document.getElementById('link-state').textContent.includes('connected')",
                    timeout=60000,
                )
            assert ann.state()["version"] >= before  # the bots may move on at once
            self.done.append("restart")


@pytest.mark.parametrize("case", list(GAMES))
def test_whole_game_by_clicking(browser: Any, own_web: Server, case: str) -> None:
    """Two people and bots to the end by clicking, a spectator watching; in the middle a reload
    and a server restart, after which everyone carries on with nothing lost."""
    game, players, humans, options = GAMES[case]
    motion = "no-preference" if game in MOTION_FOR_ANN else "reduce"
    ann = Person(browser, own_web.base, seed=1, reduced_motion=motion)
    bea = Person(browser, own_web.base, seed=2, reduced_motion="reduce")
    eve = Person(browser, own_web.base, seed=3, reduced_motion="reduce")
    links = ann.create(game, players, humans, options)
    assert sorted(links) == [h for h in humans if h != 0]
    assert "#invite=" in links[1] and links[1].endswith("&seat=1")  # the link names its seat
    table_url = links[1].split("#", 1)[0]
    bea.accept(links[1], "bea")
    eve.watch(table_url)
    assert seat_of(ann) == 0 and seat_of(bea) == 1
    assert eve.page.evaluate("window.aerodeck.state.seat") is None
    glimpses: list[tuple[int, list[str]]] = []
    pairs: list[tuple[int, list[list[Any]]]] = []
    interrupt = Interruptions(own_web, [ann, bea], eve)

    def on_look(moves: int) -> None:
        glimpses.append(seen_cards(eve))
        if moves == 3:  # a game under way fits a phone and a 1280 window at 200% zoom
            for page in (ann.page, eve.page):
                assert_fits(page)
        if game == "down_in_flames":
            pairs.append(tuple(ann.page.evaluate(PAIRS_JS)))  # type: ignore[arg-type]
        interrupt(moves)

    moves = play_to_end([ann, bea], on_look=on_look)
    eve.page.wait_for_function("window.aerodeck.state.end !== null")
    assert interrupt.done == ["reload", "restart"], interrupt.done
    assert moves > 0 and ann.clicks + bea.clicks >= moves
    for person in (ann, bea, eve):
        end = person.page.locator("#end")
        assert end.is_visible()
        assert "The game is over" in end.inner_text()
        assert end.locator("a[download]").count() == 1
        if game == "down_in_flames":  # each seat's aircraft, its fate and its side's kills
            scores = end.locator(".places .score").all_inner_texts()
            assert len(scores) == players, scores
            assert all(re.search(r": (flying|shot down) · kills by its side \d", s) for s in scores)
        person.check_protocol()
    # every move button read as words, never as bare notation (which stays in the tooltip)
    for person in (ann, bea):
        raw = [label for label in person.labels if RAW_NOTATION.search(label)]
        assert not raw, raw[:5]
    record = end_record(ann)
    assert record["game"] == game and "seed" in record
    # every frame each page got is exactly the engine's view for its seat (and no more)
    assert check_frames(FramesOf(ann, 0), 0, record) > 0
    assert check_frames(FramesOf(bea, 1), 1, record) > 0
    assert check_frames(FramesOf(eve, None), None, record) > 0
    states = states_by_version(record)
    final = states[-1]
    # nothing lost or doubled across the reload and the restart: each log is the engine's, whole,
    # in the seat's words ("you"), and the page names the other people
    for person, seat in ((ann, 0), (bea, 1), (eve, None)):
        logged = person.page.evaluate("window.aerodeck.state.events.map(e => e.text)")
        everything = [
            as_seen_by(final.game.describe_event(e), seat) for e in final.events_since(0, seat)
        ]
        assert logged == everything, (len(logged), len(everything))
        shown = person.page.evaluate(LOG_JS)
        if seat is not None:
            assert not [line for line in shown if re.search(rf"\b[Ss]eat {seat}\b", line)]
            assert any(re.search(r"\b[Yy]ou(r)?\b", line) for line in shown)
        other = "bea" if seat != 1 else "ann"
        assert any(other in line for line in shown), f"{other} is not named in the log"
    # Down In Flames: every pair the page drew is the engine's (range, position) at that version
    for version, drawn in pairs:
        expected = dif_pairs(states[version])
        got = {key: (rng, rel) for key, rng, rel in drawn}
        assert {frozenset(k.split("-")) for k in got} == {
            frozenset(k.split("-")) for k in expected
        }, (version, got, expected)
        for key, value in got.items():
            assert expected[key] == value, (version, key, value, expected[key])
    if game == "down_in_flames":
        assert pairs and any(rng for _, drawn in pairs for _, rng, _ in drawn)
    # the spectator's page never drew a card that was in a hand at that version
    assert eve.page.locator("#hand-box").is_hidden()
    if game in UNIQUE_CARDS:
        for version, cards in glimpses:
            hands = {c for s in range(players) for c in states[version].view(s).get("hand") or []}
            assert not hands & {c for c in cards if c != "JK"}, (version, hands & set(cards))
    # the finished game, step by step in the page
    eve.page.get_by_role("link", name="Replay it step by step").click()
    eve.page.wait_for_function("window.aerodeck && window.aerodeck.replay !== undefined")
    assert eve.page.evaluate("window.aerodeck.replay.steps") == len(record["actions"]) + 1
    eve.page.click("#next")
    seats = json.loads(eve.page.get_attribute("#app", "data-seats") or "[]")
    first = seats[record_first_seat(record)]  # the replay names seats as the table did
    mover = first["name"] if first["kind"] != "bot" else f"seat {first['seat']}"
    assert f"Move 1: {mover}." in eve.page.inner_text("#status")
    assert all(s["name"] in eve.page.inner_text("#hands") for s in seats if s["kind"] != "bot")
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


def test_refusals_show_the_reason(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=6)
    ann.create("aces_versus_aces", 2, [0], {})
    page = ann.page
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    hand = ann.state()["hand"]
    absent = next(c for c in ("AS", "AH", "AD", "AC", "KS", "KH") if c not in hand)
    page.click("#typed-box summary")
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
    page.fill("#notation", "pl")  # writing another move puts the last refusal away
    notice.wait_for(state="hidden")
    # why a move is not offered: the engine's rule, in the action bar, and nothing is played
    page.click("#why summary")
    page.fill("#why-move", f"play {absent}")
    page.click("#why-form button")
    answer = page.locator("#why-answer")
    answer.wait_for(state="visible")
    assert absent in answer.inner_text() and answer.get_attribute("data-code") == "illegal"
    # the page still plays: a click on a card makes the move
    version = ann.state()["version"]
    page.locator("#hand button.card.playable").first.click()
    page.wait_for_function(f"window.aerodeck.state.version > {version}")
    ann.check_protocol()
    ann.close()


def test_host_hands_a_missing_seat_to_a_bot(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=7)
    ann.create("aces_versus_aces", 3, [0, 1], {"target": 10, "discard_replace": False})
    page = ann.page
    assert ann.state()["status"] == "waiting"
    host = page.locator("#host")
    host.wait_for(state="visible")
    assert "Seat 1: nobody has taken it yet" in host.inner_text()
    page.get_by_role("button", name="New invite link").click()
    page.wait_for_selector('input[aria-label="new invite link for seat 1"]')
    fresh = page.input_value('input[aria-label="new invite link for seat 1"]')
    assert "#invite=" in fresh and fresh.endswith("&seat=1")
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
    links = ann.create("aces_versus_aces", 2, [0, 1], {"target": 5})
    table = links[1].split("#", 1)[0].removeprefix(web.base)
    bea.page.goto(web.base + "/")
    bea.page.locator(f'a[href="{table}"]', has_text="Join").click()  # the server has others
    bea.page.wait_for_selector("#join:not([hidden])")
    assert "Seat 1 is free" in bea.page.inner_text("#join")
    bea.page.fill("#join-name", "bea")
    bea.page.click("#join-button")
    bea.page.wait_for_function("window.aerodeck.state.seat === 1")
    ann.page.wait_for_function("window.aerodeck.state.status === 'playing'")
    assert "bea" in ann.page.inner_text('#seats .seat-box[data-seat="1"] h3')
    # bea plays from the seat she took (the whole game by clicking is test_whole_game_by_clicking)
    for _ in range(MAX_LOOKS):
        state = bea.my_turn()
        if state is not None:
            break
        ann_turn = ann.my_turn()
        if ann_turn is not None:
            ann.click_a_move(ann_turn)
        else:
            bea.page.wait_for_timeout(POLL_MS)
    assert state is not None, "bea never came to move"
    bea.click_a_move(state)
    assert bea.state()["version"] > state["version"], "bea's move was not taken"
    for person in (ann, bea):
        person.check_protocol()
        person.close()


WATCH_LOG = (
    "() => { window.seen = []; new MutationObserver(() => {"
    " for (const li of document.querySelectorAll('#log li.arrived'))"
    "   window.seen.push(getComputedStyle(li).animationName); })"
    ".observe(document.getElementById('log'), {childList: true}); }"
)


@pytest.mark.parametrize("motion", ["no-preference", "reduce"])
def test_motion_is_light_and_yields_to_reduced_motion(
    browser: Any, web: Server, motion: str
) -> None:
    """A played card flies to the table and new log lines slide in, once; with reduced motion
    asked for, nothing moves. Nothing waits on the motion: the state is drawn at once."""
    ann = Person(browser, web.base, seed=11, reduced_motion=motion)
    ann.create("aces_versus_aces", 2, [0], {})
    page = ann.page
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    page.evaluate(WATCH_LOG)
    version = ann.state()["version"]
    page.locator("#hand button.card.playable").first.click()
    page.wait_for_function(f"window.aerodeck.state.version > {version}")
    page.wait_for_function("window.seen.length > 0")
    flights = page.evaluate("window.aerodeck.state.flights")
    animations = set(page.evaluate("window.seen"))
    if motion == "reduce":
        assert page.evaluate("window.aerodeck.reducedMotion()")
        assert flights == 0 and animations == {"none"}, (flights, animations)
    else:
        assert flights >= 1 and "arrive" in animations, (flights, animations)
    # the motion is for what is new: a redraw with nothing new moves nothing (once the bot has
    # answered: its frame would bring new lines of its own)
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    page.evaluate("window.seen = []")
    page.evaluate("window.aerodeck.redraw()")
    assert page.locator("#log li.arrived").count() == 0
    ann.check_protocol()
    ann.close()


def test_a_long_press_shows_the_card_and_does_not_play_it(browser: Any, web: Server) -> None:
    """On a touch screen a card held half a second shows its full text, and letting go does not
    play it (the page's clock is Playwright's: no waiting on real time)."""
    ann = Person(browser, web.base, seed=12)
    ann.create("aces_versus_aces", 2, [0], {})
    page = ann.page
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    page.clock.install()
    card = page.locator("#hand button.card.playable").first
    name = card.get_attribute("data-card")
    version = ann.state()["version"]
    page.evaluate("document.getElementById('card-detail').textContent = ''")
    card.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    page.clock.run_for(600)
    detail = page.inner_text("#card-detail")
    assert detail and name, (name, detail)
    printed = name[:-1] + {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}[name[-1]]  # 9D is 9♦
    assert detail.startswith(f"{printed}: "), (name, detail)
    card.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    card.dispatch_event("click")
    assert ann.state()["version"] == version and not ann.state()["busy"]
    assert not [f for f in ann.sent if f.get("type") == "act"], "a long press played a card"
    # a tap (no hold) plays as a click does
    card.dispatch_event("pointerdown", {"pointerType": "touch", "isPrimary": True})
    card.dispatch_event("pointerup", {"pointerType": "touch", "isPrimary": True})
    card.dispatch_event("click")
    assert [f["move"] for f in ann.sent if f.get("type") == "act"] == [f"play {name}"]
    ann.check_protocol()
    ann.close()


def test_a_player_flying_two_aircraft_sees_each_in_its_seat_box(browser: Any, web: Server) -> None:
    """Down In Flames in teams with two aircraft a player: each seat box lists both of the
    seat's aircraft (one merged box per seat showed only the last one's facts)."""
    ann = Person(browser, web.base, seed=9)
    ann.create("down_in_flames", 2, [0], {"aircraft": 2})
    page = ann.page
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    for seat, numbers in ((0, ["0", "1"]), (1, ["2", "3"])):
        box = page.locator(f'#seats .seat-box[data-seat="{seat}"] .dif-craft')
        assert [box.nth(i).get_attribute("data-aircraft") for i in range(box.count())] == numbers
        assert all(f"#{n}" in box.nth(i).inner_text() for i, n in enumerate(numbers))
    # the hand shown is the deciding aircraft's, named as such
    deciding = page.evaluate("window.aerodeck.state.view.deciding")
    if deciding in (0, 1):
        assert page.inner_text("#hand-title") == f"Hand of #{deciding} (deciding now)"
    else:
        assert page.inner_text("#hand-title") == "Hands of #0 and #1"
    ann.check_protocol()
    ann.close()


def test_a_campaign_mission_says_what_it_is_and_what_each_nation_scores(
    browser: Any, web: Server
) -> None:
    """A Down In Flames campaign mission: the board names the campaign, the mission and each
    nation's mission VP (it showed them only as raw facts at the bottom of the board)."""
    ann = Person(browser, web.base, seed=9)
    ann.create("down_in_flames", 2, [0], {"campaign": "1973 Yom Kippur War", "mission": 1})
    page = ann.page
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    mission = page.inner_text("#board .mission")
    assert mission.startswith("1973 Yom Kippur War, mission 1: SA-7 Site (6 turns)"), mission
    assert "You: Israel, 47 VP" in mission and "Seat 1: Egypt, 46 VP" in mission
    # the round, the step and the site in words; no raw fields ("vp limit:", "cycle:")
    state = page.inner_text("#board .dif-state")
    assert state.startswith("Round 1 of 6 · "), state
    assert "Site SA-7 (SAM, draws 6) defends seat 1: Low G, Medium G, Low HS, Medium HS" in state
    board = page.inner_text("#board")
    assert "vp limit" not in board.lower() and "cycle:" not in board, board
    ann.check_protocol()
    ann.close()
