"""What the screenshot scripts share: a server of their own over a throwaway store, and Debian's
chromium, for the length of a ``with site() as (server, browser):`` block."""

from __future__ import annotations

import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from playwright.sync_api import sync_playwright
from tests.browser.conftest import CHROMIUM_ARGS, SERVER_ARGS, chromium_path
from tests.web.server import Server


@contextmanager
def site(*server_args: str) -> Iterator[tuple[Server, Any]]:
    """A started server (the browser tests' arguments, then ``server_args``) and a chromium."""
    path = chromium_path()
    if path is None:
        raise SystemExit("no chromium found (apt-get install chromium)")
    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as playwright:
        server = Server(Path(tmp) / "serve", "", *SERVER_ARGS, *server_args).start()
        browser = playwright.chromium.launch(executable_path=path, args=CHROMIUM_ARGS)
        try:
            yield server, browser
        finally:
            browser.close()
            server.stop()
