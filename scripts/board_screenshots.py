"""Screenshots of each game's table at the start, mid-game and the end, in English and
Japanese, at desktop (1280x800) and phone (390x844) width: docs/screenshots/
GAME-STAGE-LANG-SIZE.png, whole pages in 64 colours (a board reads as well, at a fifth the size).

A real server on 127.0.0.1, one person (seat 0, the `lang` cookie set) against `medium` bots;
the person clicks seeded moves until the stage. Run from the repository root:
    PYTHONPATH=src:. python scripts/board_screenshots.py [GAME ...]
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
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
LANGUAGES = ("en", "ja")
# game -> players, options, the mid-game stage: the person's moves clicked before it, or what
# is true of the person's view there
SETUPS: dict[str, tuple[int, dict[str, Any], int | str]] = {
    "race_to_ace": (3, {"kills_to_win": 3}, "(view.acquisitions || []).length > 0"),
    "ace_race": (3, {}, "view.rule !== null && view.pile.length >= 4"),
    "aces_versus_aces": (3, {"target": 12}, 5),
    "air_racing": (2, {"laps": 1}, 8),
    "down_in_flames": (2, {}, 12),
}
MOST_MOVES = 20_000  # polls of the page before a stage is given up


def shoot(person: Person, stem: str) -> None:
    person.page.mouse.move(0, 0)
    for size, viewport in SIZES.items():
        person.page.set_viewport_size(viewport)
        person.page.evaluate("window.scrollTo(0, 0)")
        shot = OUT / f"{stem}-{size}.png"
        person.page.screenshot(path=str(shot), full_page=True, animations="disabled")
        with Image.open(shot) as image:
            image.convert("RGB").quantize(colors=64).save(shot, optimize=True)
        print(shot)
    person.page.set_viewport_size(SIZES["desktop"])


def click(person: Person, state: dict[str, Any]) -> None:
    """A seeded legal move, by its button, else by its card in the hand on show (Air Racing keeps
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


def play_to(person: Person, stage: int | str | None) -> None:
    """Click the person's moves until ``stage`` (a count of moves, or a condition on the view;
    None: the end), then wait until the page shows the person's move or the end."""
    clicked = 0
    for _ in range(MOST_MOVES):
        if person.ended():
            break
        state = person.my_turn()
        if state is None:
            person.page.wait_for_timeout(25)
            continue
        if isinstance(stage, int) and clicked >= stage:
            break
        if isinstance(stage, str) and person.page.evaluate(f"(view => {stage})({STATE}.view)"):
            break
        click(person, state)
        clicked += 1
    else:
        raise SystemExit(f"the game did not reach the stage {stage!r}")
    person.page.wait_for_function(f"{STATE}.legal.length > 0 || {STATE}.end !== null")


def main(games: list[str]) -> None:
    unknown = sorted(set(games) - set(SETUPS))
    if unknown:
        raise SystemExit(
            f"no screenshots set up for {', '.join(unknown)} (games: {', '.join(SETUPS)})"
        )
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        for game in games or list(SETUPS):
            players, options, middle = SETUPS[game]
            for lang in LANGUAGES:
                person = Person(browser, server.base, seed=7)
                person.context.add_cookies([{"name": "lang", "value": lang, "url": server.base}])
                person.create(game, players, [0], options, bot="medium")
                play_to(person, 0)
                shoot(person, f"{game}-start-{lang}")
                play_to(person, middle)
                shoot(person, f"{game}-mid-{lang}")
                play_to(person, None)
                shoot(person, f"{game}-end-{lang}")
                person.close()


if __name__ == "__main__":
    main(sys.argv[1:])
