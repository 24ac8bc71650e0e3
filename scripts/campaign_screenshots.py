"""Screenshots of a Down In Flames campaign at the table, in English and Japanese, at desktop
(1280x800) and phone (390x844) width: the sheet of a campaign two `hard` bots are flying
(docs/screenshots/campaign-sheet-LANG-SIZE.png, taken once two missions are scored) and a
mission's end panel for the person flying Israel against `medium`
(campaign-end-LANG-SIZE.png).

Run from the repository root:
    PYTHONPATH=src:. python scripts/campaign_screenshots.py
"""

from __future__ import annotations

import os
import time
from pathlib import Path

from scripts.shot_site import site
from tests.browser.people import Person, play_to_end
from tests.browser.test_campaigns import start_campaign

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
WAIT_MS = 600_000
WAIT_S = 600


def shoot(person: Person, stem: str, anchor: str | None = None) -> None:
    for size, viewport in SIZES.items():
        person.page.set_viewport_size(viewport)
        if anchor is None:
            person.page.evaluate("window.scrollTo(0, 0)")
        else:
            person.page.locator(anchor).scroll_into_view_if_needed()
        shot = OUT / f"{stem}-{size}.png"
        person.page.screenshot(path=str(shot), full_page=anchor is None, animations="disabled")
        print(shot)
    person.page.set_viewport_size(SIZES["desktop"])


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with site() as (server, browser):
        for lang in ("en", "ja"):
            watcher = Person(browser, server.base, seed=3)
            watcher.context.add_cookies([{"name": "lang", "value": lang, "url": server.base}])
            start_campaign(watcher, "watch", "bot:hard")
            watcher.page.wait_for_selector("#campaign")
            campaign = watcher.page.get_attribute("#campaign", "data-campaign")
            for _ in range(WAIT_S):  # two missions scored: the sheet half filled
                if server.get(f"/api/campaigns/{campaign}").json()["played"] >= 2:
                    break
                time.sleep(1)
            watcher.page.reload()
            watcher.page.wait_for_selector("#campaign")
            shoot(watcher, f"campaign-sheet-{lang}")
            watcher.close()
            pilot = Person(browser, server.base, seed=5)
            pilot.context.add_cookies([{"name": "lang", "value": lang, "url": server.base}])
            start_campaign(pilot, "0", "bot:medium")
            pilot.wait_welcome()
            play_to_end([pilot])
            pilot.page.wait_for_selector("#campaign-stay", timeout=WAIT_MS)
            pilot.page.click("#campaign-stay")
            shoot(pilot, f"campaign-end-{lang}", anchor="#campaign-totals")
            pilot.close()


if __name__ == "__main__":
    main()
