"""Screenshots of Air Racing's and Aces versus Aces' boards at the start, mid-game and the end, in
English and Japanese, at desktop (1280x800) and phone (390x844) width:
docs/screenshots/GAME-STAGE-LANG-SIZE.png, each the visible window (kept small: 64 colours).

A real server on 127.0.0.1, one person (seat 0) and bots; the person clicks seeded moves until
the stage. Run from the repository root:
    PYTHONPATH=src:. python scripts/air_ava_screenshots.py [GAME ...]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from PIL import Image
from scripts.shot_site import site
from tests.browser.people import STATE, Person, uses

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
# game -> players, options, moves clicked before the mid-game shot
SETUPS: dict[str, tuple[int, dict[str, Any], int]] = {
    "aces_versus_aces": (3, {"target": 12}, 5),
    "air_racing": (2, {"laps": 1}, 8),
}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGUAGES = ("en", "ja")


def shoot(person: Person, stem: str, anchor: str | None = None) -> None:
    """The window at both sizes, scrolled to the top or to ``anchor`` (an element's id)."""
    person.page.mouse.move(0, 0)
    for size, viewport in SIZES.items():
        person.page.set_viewport_size(viewport)
        if anchor is None:
            person.page.evaluate("window.scrollTo(0, 0)")
        else:
            person.page.evaluate(f"document.getElementById('{anchor}').scrollIntoView()")
        shot = OUT / f"{stem}-{size}.png"
        person.page.screenshot(path=str(shot), animations="disabled")
        with Image.open(shot) as image:  # 64 colours: a board reads as well, at a fifth the size
            image.convert("RGB").quantize(colors=64).save(shot, optimize=True)
        print(shot)
    person.page.set_viewport_size(SIZES["desktop"])


def click(person: Person, state: dict[str, Any]) -> None:
    """A seeded legal move, by its button, else by its card in the hand on show (the page keeps
    the season's hand, hidden, in Race Week, where Person.click_a_move would wait for it)."""
    move = person.rng.choice(state["legal"])
    page = person.page
    button = page.locator(f'#move-buttons button[data-move="{move}"]')
    if not button.count():
        card = next(c for c in state["hand"] if uses(move, c))
        page.locator(f'#hand-box:not([hidden]) button.card[data-card="{card}"]').first.click()
    if not page.evaluate(f"Boolean({STATE}.busy) || {STATE}.version !== {state['version']}"):
        page.locator(f'#move-buttons button[data-move="{move}"]').first.click()
    page.wait_for_function(f"!{STATE}.busy || {STATE}.version !== {state['version']}")


def play(person: Person, moves: int) -> None:
    """Click ``moves`` of the person's moves (0: until the end), then wait for the next turn."""
    clicked = 0
    for _ in range(20_000):
        if person.ended() or (moves and clicked >= moves):
            return
        state = person.my_turn()
        if state is None:
            person.page.wait_for_timeout(25)
            continue
        click(person, state)
        clicked += 1
    raise SystemExit("the game did not reach the stage")


def main(games: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        for game in games or list(SETUPS):
            players, options, mid = SETUPS[game]
            for lang in LANGUAGES:
                person = Person(browser, server.base, seed=7)
                person.context.add_cookies([{"name": "lang", "value": lang, "url": server.base}])
                person.create(game, players, [0], options, bot="medium")
                person.page.wait_for_function("window.aerodeck.state.legal.length > 0")
                shoot(person, f"{game}-start-{lang}")
                play(person, mid)
                person.page.wait_for_function("window.aerodeck.state.legal.length > 0")
                shoot(person, f"{game}-mid-{lang}")
                play(person, 0)
                person.page.wait_for_function("window.aerodeck.state.end !== null")
                shoot(person, f"{game}-end-{lang}", anchor="end")
                person.close()


if __name__ == "__main__":
    main(sys.argv[1:])
