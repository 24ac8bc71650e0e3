"""Screenshots of the table chat for review: docs/screenshots/chat-desktop.png (the host's page,
whole) and chat-phone.png (a player's page at 390 px, scrolled to the chat, the spectators'
channel hidden), after two players and a spectator have talked (markup in one message).

A real server on 127.0.0.1 and three browser contexts. Run from the repository root:
    PYTHONPATH=src:. python scripts/chat_screenshots.py
"""

from __future__ import annotations

import os
from pathlib import Path

from scripts.shot_site import site
from tests.browser.people import Person

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
TALK = [  # who says what, in order
    ("ann", "Good luck, both of you!"),
    ("bob", "Thanks. <b>bold</b> move coming <script>alert(1)</script>"),
    ("carl", "Watching from the rail: nice opening."),
    ("ann", "The rail can keep its advice to itself :)"),
    ("bob", "gg in advance"),
]


def say(person: Person, text: str) -> None:
    person.page.fill("#chat-text", text)
    person.page.press("#chat-text", "Enter")
    person.page.wait_for_function(
        "text => [...document.querySelectorAll('#chat-log .chat-text')]"
        ".some(e => e.textContent === text)",
        arg=text,
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        ann = Person(browser, server.base, seed=1)
        links = ann.create("aces_versus_aces", 2, [0, 1], {})
        bob = Person(browser, server.base, seed=2, viewport={"width": 390, "height": 844})
        bob.accept(links[1], "bob")
        table = ann.page.evaluate("document.getElementById('app').dataset.table")
        carl = Person(browser, server.base, seed=3)
        carl.watch(f"{server.base}/t/{table}")
        people = {"ann": ann, "bob": bob, "carl": carl}
        for name, text in TALK:
            say(people[name], text)
        for person in (ann, bob):  # a move each, so the table shows a game under way
            for _ in range(400):
                state = person.my_turn()
                if state is not None:
                    person.click_a_move(state)
                    break
                person.page.wait_for_timeout(25)
        ann.page.mouse.move(0, 0)
        shot = OUT / "chat-desktop.png"
        ann.page.screenshot(path=str(shot), full_page=True, animations="disabled")
        print(shot)
        bob.page.check("#chat-hide")
        bob.page.locator("#chat").scroll_into_view_if_needed()
        bob.page.evaluate("document.getElementById('chat').scrollIntoView()")
        shot = OUT / "chat-phone.png"
        bob.page.screenshot(path=str(shot), animations="disabled")
        print(shot)
        for person in people.values():
            person.close()


if __name__ == "__main__":
    main()
