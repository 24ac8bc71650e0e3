"""Screenshots of the lobby's "My games" at desktop (1280x800) and phone (390x844) width, for
review: docs/screenshots/mygames-desktop.png and mygames-phone.png.

A real server on 127.0.0.1 and one person who has: two tables against bots waiting for their
move, one table waiting for a friend to take the invite, and two finished games. Run from the
repository root:
    PYTHONPATH=src:. python scripts/mygames_screenshots.py
"""

from __future__ import annotations

import os
from pathlib import Path

from scripts.shot_site import site
from tests.browser.people import Person, play_to_end

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
SHORT = {"kills_to_win": 1, "max_turns": 10}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        ann = Person(browser, server.base, seed=7)
        for _ in range(2):  # finished games
            ann.create("race_to_ace", 3, [0], SHORT, bot="random")
            play_to_end([ann])
        ann.create("down_in_flames", 2, [0, 1], {})  # waits for a friend
        for game, players in (("aces_versus_aces", 3), ("race_to_ace", 3)):
            ann.create(game, players, [0], {}, bot="medium")
            ann.page.wait_for_function("window.aerodeck.state.legal.length > 0")
        page = ann.page
        page.goto(server.base + "/")
        page.wait_for_selector("#my-turns")
        page.mouse.move(0, 0)
        for size, viewport in SIZES.items():
            page.set_viewport_size(viewport)
            page.evaluate("window.scrollTo(0, 0)")
            shot = OUT / f"mygames-{size}.png"
            page.screenshot(path=str(shot), animations="disabled")
            print(shot)
        ann.close()


if __name__ == "__main__":
    main()
