"""Browser tests: Debian's chromium driven by Playwright against a real server process.

Skipped with one line where no chromium (or no playwright) is found; CI installs chromium
(`make browser`, called by `make test`).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.web.server import Server

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]


def chromium_path() -> str | None:
    """Debian's chromium (or AERODECK_CHROMIUM); None when there is none."""
    wanted = os.environ.get("AERODECK_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    return shutil.which("chromium") or shutil.which("chromium-browser")


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not for the session: Playwright's sync API keeps its event
    loop running in the main thread while it is open, and later asyncio.run() calls would fail."""
    path = chromium_path()
    if path is None:
        pytest.skip("no chromium found: browser tests skipped (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed: browser tests skipped")
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


# Every test's tables deal the same cards every run, so a game takes the same course (the
# whole-game tests reload and restart mid-game: a deal that ended the game first would skip them).
SERVER_ARGS = ("--creations-per-ip", "10000", "--table-seed", "1")


@pytest.fixture
def web(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own (it may be restarted on the same port)."""
    running = Server(tmp_path / "serve", "", *SERVER_ARGS).start()
    yield running
    running.stop()
