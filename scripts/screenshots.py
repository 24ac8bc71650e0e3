"""Screenshots of every game's browser table at desktop (1280x800) and phone (390x844) width,
for review: docs/screenshots/CASE-desktop.png and CASE-phone.png (CASE: a game, or
down_in_flames-melee, down_in_flames-teams, down_in_flames-campaign); with --narrow also
CASE-narrow.png at 320 px, with --dark also CASE-dark.png (desktop, the dark colour scheme).

A real server on 127.0.0.1, one person (seat 0) and bots; the person clicks a few seeded moves so
the table shows a game under way. Run from the repository root:
    PYTHONPATH=src:. python scripts/screenshots.py [--narrow] [--dark] [CASE ...]
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from scripts.shot_site import site
from tests.browser.people import Person

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
SETUPS = {  # case -> game, players, options, moves to click first
    "aces_versus_aces": ("aces_versus_aces", 3, {}, 4),
    "ace_race": ("ace_race", 3, {}, 3),
    "race_to_ace": ("race_to_ace", 3, {}, 4),
    "air_racing": ("air_racing", 3, {"quick_play": True}, 4),
    "down_in_flames": ("down_in_flames", 2, {}, 4),
    "down_in_flames-melee": ("down_in_flames", 3, {"mode": "ffa"}, 6),
    "down_in_flames-teams": ("down_in_flames", 2, {"aircraft": 2}, 8),
    "down_in_flames-campaign": (
        "down_in_flames",
        2,
        {"campaign": "1973 Yom Kippur War", "mission": 1, "skills": True},
        4,
    ),
}
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
NARROW = {"narrow": {"width": 320, "height": 640}}


def main(games: list[str]) -> None:
    sizes = dict(SIZES)
    if "--narrow" in games:
        sizes.update(NARROW)
    dark = "--dark" in games
    games = [g for g in games if not g.startswith("--")]
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        for game in games or list(SETUPS):
            name, players, options, moves = SETUPS[game]
            person = Person(browser, server.base, seed=7)
            person.create(name, players, [0], options, bot="medium")
            clicked = 0
            for _ in range(2000):
                if clicked >= moves:
                    break
                state = person.my_turn()
                if state is None:
                    person.page.wait_for_timeout(25)
                    continue
                person.click_a_move(state)
                clicked += 1
            person.page.wait_for_function("window.aerodeck.state.legal.length > 0")
            person.page.mouse.move(0, 0)
            for size, viewport in sizes.items():
                person.page.set_viewport_size(viewport)
                person.page.evaluate("window.scrollTo(0, 0)")
                shot = OUT / f"{game}-{size}.png"
                person.page.screenshot(
                    path=str(shot), full_page=size == "desktop", animations="disabled"
                )
                print(shot)
            if dark:
                person.page.set_viewport_size(SIZES["desktop"])
                person.page.emulate_media(color_scheme="dark")
                shot = OUT / f"{game}-dark.png"
                person.page.screenshot(path=str(shot), full_page=True, animations="disabled")
                print(shot)
            person.close()


if __name__ == "__main__":
    main(sys.argv[1:])
