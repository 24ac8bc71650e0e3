"""Screenshots of Down In Flames' browser table in English and Japanese, at the start, mid-game
and the end, at desktop (1280x800) and phone (390x844) width, whole pages, for review:
docs/screenshots/down_in_flames-LANG-MOMENT-SIZE.png.

A real server on 127.0.0.1, one person (seat 0, the `lang` cookie set) against a bot; the person
clicks seeded moves. Run from the repository root:
    PYTHONPATH=src:. python scripts/dif_screenshots.py [en] [ja]
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
MID = 12  # moves clicked before the mid-game shots
MOST = 400  # moves clicked at most before the end


def shoot(person: Person, name: str) -> None:
    page = person.page
    page.mouse.move(0, 0)
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.evaluate("window.scrollTo(0, 0)")
        shot = OUT / f"{name}-{size}.png"
        page.screenshot(path=str(shot), full_page=True, animations="disabled")
        print(shot)
    page.set_viewport_size(SIZES["desktop"])


def click(person: Person, moves: int) -> int:
    """Click up to ``moves`` moves (fewer if the game ends); how many were clicked."""
    clicked = 0
    for _ in range(200_000):
        if clicked >= moves or person.ended():
            break
        state = person.my_turn()
        if state is None:
            person.page.wait_for_timeout(25)
            continue
        person.click_a_move(state)
        clicked += 1
    return clicked


def one_language(browser: Any, base: str, lang: str) -> None:
    person = Person(browser, base, seed=7)
    person.context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    person.create("down_in_flames", 2, [0], {}, bot="medium")
    person.page.wait_for_function("window.aerodeck.state.legal.length > 0")
    shoot(person, f"down_in_flames-{lang}-start")
    click(person, MID)
    person.page.wait_for_function("window.aerodeck.state.legal.length > 0")
    shoot(person, f"down_in_flames-{lang}-mid")
    click(person, MOST)
    person.page.wait_for_function("window.aerodeck.state.end !== null", timeout=120_000)
    shoot(person, f"down_in_flames-{lang}-end")
    person.close()


def main(langs: list[str]) -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        for lang in langs or ["en", "ja"]:
            one_language(browser, server.base, lang)


if __name__ == "__main__":
    main(sys.argv[1:])
