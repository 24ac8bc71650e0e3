"""Screenshots of an analysed replay at desktop (1280x800, the whole page) and phone (390x844)
width, for review: docs/screenshots/analysis-desktop.png and analysis-phone.png.

A real server on 127.0.0.1 plays a short Ace Race between the easy and medium bots, the replay
page's "Analyse this game" is pressed, and the page is shot once the analysis is shown, at its
first marked move. Run from the repository root:
    PYTHONPATH=src:. python scripts/analysis_screenshots.py [--lang ja]
"""

from __future__ import annotations

import argparse
import os
import tempfile
from pathlib import Path

from playwright.sync_api import sync_playwright
from tests.browser.conftest import CHROMIUM_ARGS, SERVER_ARGS, chromium_path
from tests.web.server import Server

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def finished_table(server: Server) -> str:
    return server.finished_bot_game("ace_race", ["easy", "medium"])


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--lang", default="en")
    lang = parser.parse_args().lang
    path = chromium_path()
    if path is None:
        raise SystemExit("no chromium found (apt-get install chromium)")
    OUT.mkdir(parents=True, exist_ok=True)
    suffix = "" if lang == "en" else f"-{lang}"
    with tempfile.TemporaryDirectory() as tmp:
        server = Server(Path(tmp) / "serve", "", *SERVER_ARGS, "--analysis-worlds", "24").start()
        try:
            table_id = finished_table(server)
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
                for size, viewport in SIZES.items():
                    context = browser.new_context(viewport=viewport, locale=lang)
                    context.add_cookies([{"name": "lang", "value": lang, "url": server.base}])
                    page = context.new_page()
                    page.goto(f"{server.base}/t/{table_id}/replay")
                    analyse = page.locator("#analyse")
                    if analyse.is_visible():
                        analyse.click()
                    page.wait_for_selector(".accuracy", timeout=600_000)
                    first = page.locator(".decisions.marked .link-button").first
                    if first.count():
                        first.click()
                    page.locator("#analysis").scroll_into_view_if_needed()
                    shot = OUT / f"analysis{suffix}-{size}.png"
                    page.screenshot(
                        path=str(shot), full_page=size == "desktop", animations="disabled"
                    )
                    print(shot)
                    context.close()
                browser.close()
        finally:
            server.stop()


if __name__ == "__main__":
    main()
