"""Screenshots of the page around the boards, in English and Japanese, at desktop (1280x800) and
phone (390x844) width, for review: docs/screenshots/

- action-bar-LANG-SIZE.png: a Race to Ace table mid-game, the action bar with the moves in view
  and a "Why not…?" answer;
- end-LANG-SIZE.png: an Aces versus Aces game at its end (the outcome first, the causes, the
  rematch, the places);
- lobby-LANG-SIZE.png: the lobby with the levels and the quick preset of Air Racing.

A real server on 127.0.0.1, one person (seat 0) and random bots. Run from the repository root:
    PYTHONPATH=src:. python scripts/table_screenshots.py
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

from scripts.shot_site import site
from tests.browser.people import Person

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGUAGES = ("en", "ja")


def person(browser: Any, base: str, lang: str) -> Person:
    someone = Person(browser, base, seed=7, reduced_motion="reduce")
    someone.context.add_cookies([{"name": "lang", "value": lang, "url": base}])
    return someone


def play(someone: Person, moves: int) -> None:
    """Click ``moves`` seeded moves (fewer if the game ends first)."""
    clicked = 0
    for _ in range(40000):
        if clicked >= moves or someone.ended():
            return
        state = someone.my_turn()
        if state is None:
            someone.page.wait_for_timeout(25)
            continue
        someone.click_a_move(state)
        clicked += 1


def shoot(someone: Person, name: str, full_desktop: bool = False) -> None:
    for size, viewport in SIZES.items():
        someone.page.set_viewport_size(viewport)
        someone.page.evaluate("window.scrollTo(0, 0)")
        shot = OUT / f"{name}-{size}.png"
        full = full_desktop and size == "desktop"
        someone.page.screenshot(path=str(shot), full_page=full, animations="disabled")
        print(shot)


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        for lang in LANGUAGES:
            ann = person(browser, server.base, lang)
            ann.create("race_to_ace", 3, [0], {}, bot="random")
            play(ann, 3)
            page = ann.page
            page.wait_for_function("window.aerodeck.state.legal.length > 0")
            page.click("#why summary")
            page.fill("#why-move", "radar 1")
            page.click("#why-form button")
            page.wait_for_selector("#why-answer:not(:empty)")
            page.mouse.move(0, 0)
            shoot(ann, f"action-bar-{lang}")
            ann.close()

            ann = person(browser, server.base, lang)
            ann.create("aces_versus_aces", 3, [0], {"target": 15}, bot="random")
            play(ann, 10000)
            ann.page.wait_for_selector("#end:not([hidden])")
            shoot(ann, f"end-{lang}")
            ann.close()

            ann = person(browser, server.base, lang)
            ann.page.goto(server.base + "/")
            ann.page.select_option("#game", "air_racing")
            ann.page.select_option("#air_racing--preset", "quick")
            shoot(ann, f"lobby-{lang}", full_desktop=True)
            ann.close()


if __name__ == "__main__":
    main()
