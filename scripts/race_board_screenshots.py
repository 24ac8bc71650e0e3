"""Screenshots of Race to Ace's and Ace Race's tables at the start, mid-game and the end, in
English and Japanese, at desktop (1280x800) and phone (390x844) width: docs/screenshots/
GAME-MOMENT-LANG-SIZE.png. One person (seat 0) clicks seeded moves against bots.

Run from the repository root:
    PYTHONPATH=src:. python scripts/race_board_screenshots.py [race_to_ace|ace_race ...]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from scripts.shot_site import site
from tests.browser.people import Person

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES = {  # game -> players, options, what the page shows at the mid-game shot (its view)
    "race_to_ace": (3, {"kills_to_win": 3}, "(view.acquisitions || []).length > 0"),
    "ace_race": (3, {}, "view.rule !== null && view.pile.length >= 4"),
}


def click(person: Person, until: str) -> None:
    """Make moves until it is the person's move with ``until`` true of the view, or the end."""
    for _ in range(20000):
        if person.ended():
            return
        state = person.my_turn()
        if state is None:
            person.page.wait_for_timeout(25)
            continue
        if person.page.evaluate(f"(view => {until})(window.aerodeck.state.view)"):
            return
        person.click_a_move(state)


def shoot(person: Person, name: str) -> None:
    person.page.mouse.move(0, 0)
    for size, viewport in SIZES.items():
        person.page.set_viewport_size(viewport)
        person.page.evaluate("window.scrollTo(0, 0)")
        shot = OUT / f"{name}-{size}.png"
        person.page.screenshot(path=str(shot), full_page=True, animations="disabled")
        print(shot)
    person.page.set_viewport_size(SIZES["desktop"])


def main(games: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        for game in games or list(GAMES):
            players, options, middle = GAMES[game]
            for lang in ("en", "ja"):
                person = Person(browser, server.base, seed=7)
                person.context.set_extra_http_headers({"Accept-Language": lang})
                person.create(game, players, [0], options, bot="medium")
                wait_to_move(person)
                shoot(person, f"{game}-start-{lang}")
                click(person, middle)
                wait_to_move(person)
                shoot(person, f"{game}-mid-{lang}")
                click(person, "false")
                person.page.wait_for_function("window.aerodeck.state.end !== null")
                shoot(person, f"{game}-end-{lang}")
                person.close()


def wait_to_move(person: Any) -> None:
    person.page.wait_for_function(
        "window.aerodeck.state.legal.length > 0 || window.aerodeck.state.end !== null"
    )


if __name__ == "__main__":
    main(sys.argv[1:])
