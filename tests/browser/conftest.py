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


def chromium_path(full: bool = False) -> str | None:
    """Debian's chromium (or AERODECK_CHROMIUM); None when there is none. Its headless shell
    (Debian's chromium-headless-shell, the build Playwright itself runs headless) where it is
    installed, unless ``full`` is asked for: the same Blink and V8 without the browser around
    them, a third less CPU in the pages' tests, which chromium's processes spend most of."""
    wanted = os.environ.get("AERODECK_CHROMIUM")
    if wanted:
        return wanted if Path(wanted).exists() else None
    shell = None if full else shutil.which("chromium-headless-shell")
    return shell or shutil.which("chromium") or shutil.which("chromium-browser")


def launched_chromium(full: bool = False) -> Iterator[Any]:
    """Chromium launched by Playwright until the generator is closed; skips where there is
    none."""
    path = chromium_path(full)
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


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium for one test module. Not for the session: Playwright's sync API keeps its event
    loop running in the main thread while it is open, and later asyncio.run() calls would fail.
    A module that needs what only the full browser has defines its own ``browser`` with
    ``launched_chromium(full=True)``."""
    yield from launched_chromium()


# A server's tables deal the same cards every run (the n-th table it creates, the same deal), so a
# game on a server of its own takes the same course (the whole-game tests reload and restart
# mid-game: a deal that ended the game first would skip them).
SERVER_ARGS = ("--creations-per-ip", "10000", "--table-seed", "1")


@pytest.fixture(scope="session")
def web(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the pages of every test module a worker runs (a start costs two seconds
    of CPU): each test makes tables of its own on it, and none may stop it or count on which
    deal its tables get or on what other tests left in its store (a module that does defines
    a server of its own under this name)."""
    running = Server(tmp_path_factory.mktemp("serve"), "", *SERVER_ARGS).start()
    yield running
    running.stop()


@pytest.fixture
def own_web(tmp_path: Path) -> Iterator[Server]:
    """A server of the test's own, which it may stop and start again on the same port, and
    whose first table gets the same deal every run."""
    running = Server(tmp_path / "serve", "", *SERVER_ARGS).start()
    yield running
    running.stop()
