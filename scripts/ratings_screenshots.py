"""Screenshots of the leaderboard and a player's page at desktop (1280x800, the whole page) and
phone (390x844) width, for review: docs/screenshots/leaderboard-*.png and player-*.png.

A real server on 127.0.0.1 over a store holding a small league of finished games (Ann, Bob and
Cy against each other and the bot levels; tests/web/standings.py). Run from the repository root:
    PYTHONPATH=src:. python scripts/ratings_screenshots.py
"""

from __future__ import annotations

import asyncio
import os
import tempfile
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from tests.browser.conftest import CHROMIUM_ARGS, SERVER_ARGS, chromium_path
from tests.web.server import Server
from tests.web.standings import LEAGUE, Shop, with_shop

from aerodeck.web.settings import Settings

OUT = Path(os.environ.get("AERODECK_SHOTS", "docs/screenshots"))
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


async def league(shop: Shop) -> Any:
    people = await shop.league(games=14)
    return people["Ann"].id


def main() -> None:
    path = chromium_path()
    if path is None:
        raise SystemExit("no chromium found (apt-get install chromium)")
    OUT.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        data = Path(tmp) / "serve"
        ann = asyncio.run(with_shop(Settings(data_dir=data), league))
        server = Server(data, "", *SERVER_ARGS).start()
        game, players, _ = LEAGUE
        pages = {
            "leaderboard": f"/leaderboard/{game}?players={players}",
            "player": f"/p/{ann}",
        }
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
                for size, viewport in SIZES.items():
                    context = browser.new_context(viewport=viewport)
                    page = context.new_page()
                    for name, where in pages.items():
                        page.goto(server.base + where)
                        page.wait_for_load_state("networkidle")
                        shot = OUT / f"{name}-{size}.png"
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
