"""The browser tests' fixtures (Debian's chromium, a server for the module), shared here."""

from tests.browser.conftest import browser, web  # noqa: F401 - fixtures, found by name
