"""People at the browser table: each a browser context (its own sessionStorage) that plays by
clicking what the page offers. Every frame each page sends and receives, and every request, is
kept for the checks of the tests.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

from aerodeck.web.service.frames import parse_frame

POLL_MS = 25  # between looks at a page while the bots think (bounded by MAX_LOOKS)
MAX_LOOKS = 40000
STATE = "window.aerodeck && window.aerodeck.state"
LABELS = "[...document.querySelectorAll('#move-buttons button.move')].map(b => b.textContent)"
NOT_HAND = {"buy"}  # verbs whose card is not the hand's (Air Racing's board: notHandVerbs)
ALLOWED_PATHS = re.compile(  # the pages, their files, and the lobby calls the pages make
    r"^/($|t/[A-Za-z0-9_-]+(/replay)?$|static/[a-z0-9_]+\.(js|css|svg)$|games/[a-z0-9_]+/board\.(js|css)$"
    r"|api/me/games$|c/[A-Za-z0-9_-]+$|api/me/campaigns$|api/campaigns(/[A-Za-z0-9_-]+)?$"
    r"|language/[a-z]+$|api/(account|sign-in|sign-out|sign-out-everywhere|me|me/name|me/password)$"
    r"|api/tables"
    r"(/[A-Za-z0-9_-]+/(join|chat|record|analysis|seats/\d+/(bot|take|invite|hint)))?$)"
)


def slug(card: str) -> str:
    """The page's own card-to-move matching (table.js ``slug``)."""
    return re.sub(r"[^a-z0-9]+", "-", card.lower()).strip("-")


def uses(move: str, card: str) -> bool:
    words = [w for w in re.split(r"[\s,:;]+", move.lower()) if w]
    return words[0] not in NOT_HAND and (card.lower() in words or slug(card) in words)


def to_move(state: dict[str, Any]) -> dict[str, Any] | None:
    """The page's state (``Person.state``) when its person is to move, else None."""
    if state["legal"] and not state["busy"] and state["status"] == "playing":
        return state
    return None


class Person:
    """One browser context and page."""

    def __init__(
        self,
        browser: Any,
        base: str,
        seed: int,
        viewport: dict[str, int] | None = None,
        reduced_motion: str = "no-preference",
        bypass_csp: bool = True,
    ):
        # The helpers poll pages with expressions Playwright evaluates in the page, which the
        # server's Content-Security-Policy forbids (no 'unsafe-eval'); test_headers.py loads the
        # pages under the policy, with bypass_csp=False.
        self.context = browser.new_context(
            viewport=viewport or {"width": 1280, "height": 800},
            reduced_motion=reduced_motion,
            bypass_csp=bypass_csp,
        )
        self.page = self.context.new_page()
        self.base = base
        self.rng = random.Random(seed)
        self.sent: list[dict[str, Any]] = []
        self.received: list[dict[str, Any]] = []
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.clicks = 0
        self.labels: list[str] = []  # the text of every move button offered when it was to move
        self.page.on("websocket", self._socket)
        self.page.on("request", lambda r: self.requests.append(f"{r.method} {r.url}"))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _socket(self, ws: Any) -> None:
        ws.on("framesent", lambda payload: self.sent.append(json.loads(payload)))
        ws.on("framereceived", lambda payload: self.received.append(json.loads(payload)))

    # --- the lobby ---------------------------------------------------------------------------

    def create(
        self,
        game: str,
        players: int,
        humans: list[int],
        options: dict[str, Any],
        bot: str = "random",
    ) -> dict[int, str]:
        """Create a table in the lobby by its form; the invite links it shows, by seat."""
        page = self.page
        page.goto(self.base + "/")
        page.select_option("#game", game)
        page.select_option("#players", str(players))
        page.fill("#name", "ann")
        for seat in range(1, players):
            page.select_option(f"#seat{seat}", "human" if seat in humans else f"bot:{bot}")
        for name, value in options.items():
            field = page.locator(f'fieldset[data-game="{game}"] [data-option="{name}"]')
            if isinstance(value, bool):
                field.set_checked(value)
            elif field.evaluate("e => e.tagName") == "SELECT":
                field.select_option(str(value))
            else:
                field.fill(str(value))
        page.click("#create-button")
        page.wait_for_selector("#created:not([hidden])")
        links = {}
        for box in page.locator("[data-invite]").all():
            links[int(box.get_attribute("data-invite") or "0")] = box.input_value()
        page.click("#go")
        self.wait_welcome()
        return links

    def accept(self, link: str, name: str) -> None:
        """Open an invite link and take the seat."""
        self.page.goto(link)
        self.page.wait_for_selector("#join:not([hidden])")
        self.page.fill("#join-name", name)
        self.page.click("#join-button")
        self.page.wait_for_function(f"{STATE}.seat !== null")

    def watch(self, url: str) -> None:
        self.page.goto(url)
        self.wait_welcome()

    def wait_welcome(self) -> None:
        self.page.wait_for_function(f"{STATE}.view !== null", timeout=30000)

    # --- play --------------------------------------------------------------------------------

    def state(self) -> dict[str, Any]:
        value: dict[str, Any] = self.page.evaluate(
            "(() => { const s = window.aerodeck.state; return {legal: s.legal, busy: s.busy,"
            " status: s.status, version: s.version,"
            " hand: [...document.querySelectorAll('#hand button.card')].map(b => b.dataset.card),"
            " ended: s.end !== null, seat: s.seat}; })()"
        )
        return value

    def my_turn(self) -> dict[str, Any] | None:
        return to_move(self.state())

    def click_a_move(self, state: dict[str, Any]) -> str:
        """Choose a legal move (seeded) and make it by clicking: its card first when it uses one
        in the hand, then its button where the card leaves a choice."""
        move: str = self.rng.choice(state["legal"])
        self.labels.extend(self.page.evaluate(LABELS))  # once per move made, not at every look
        page = self.page
        card = next((c for c in state["hand"] if uses(move, c)), None)
        if card is not None:
            page.locator(f'#hand button.card[data-card="{card}"]').first.click()
            self.clicks += 1
        if not page.evaluate(f"Boolean({STATE}.busy) || {STATE}.version !== {state['version']}"):
            page.locator(f'#move-buttons button[data-move="{move}"]').first.click()
            self.clicks += 1
        page.wait_for_function(f"!{STATE}.busy || {STATE}.version !== {state['version']}")
        return move

    def ended(self) -> bool:
        return bool(self.page.evaluate(f"{STATE}.end !== null"))

    def check_protocol(self) -> None:
        """Every frame the page sent is one of the protocol's; every request is a defined one."""
        for frame in self.sent:
            parse_frame(json.dumps(frame))
        for request in self.requests:
            method, url = request.split(" ", 1)
            path = url.split("#", 1)[0].removeprefix(self.base)
            assert "?" not in path and ALLOWED_PATHS.match(path), f"undefined request {request}"
            assert method in ("GET", "POST"), request
        assert not self.errors, self.errors

    def close(self) -> None:
        self.context.close()


def play_to_end(people: list[Person], on_look: Any = None) -> int:
    """Everyone clicks their moves until every page shows the end; the number of moves made.
    A look reads each page once (its state says both whether it ended and whether it is to
    move): the looks while the bots think are most of a game's calls into the browser."""
    moves = 0
    for _ in range(MAX_LOOKS):
        states = [person.state() for person in people]
        if all(state["ended"] for state in states):
            return moves
        acted = False
        for person, seen in zip(people, states, strict=True):
            state = to_move(person.state() if acted else seen)
            if state is not None:
                person.click_a_move(state)
                moves += 1
                acted = True
                if on_look is not None:
                    on_look(moves)
        if not acted:
            people[0].page.wait_for_timeout(POLL_MS)
    raise AssertionError(f"the game did not end in {MAX_LOOKS} looks ({moves} moves)")
