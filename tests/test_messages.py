"""Every message a person may read is translated, and every compiled catalog is current
(scripts/messages.py check: the sources' ``_()``/``n_()`` messages against the catalogs)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from aerodeck.core.i18n import _, from_environment, n_, negotiate, using

ROOT = Path(__file__).resolve().parents[1]


def test_every_message_is_translated_and_compiled() -> None:
    done = subprocess.run(
        [sys.executable, str(ROOT / "scripts" / "messages.py"), "check"],
        check=False,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 0, done.stdout + done.stderr


def test_a_message_is_read_in_the_language_in_use() -> None:
    assert _("Skip to content") == "Skip to content"
    with using("ja"):
        assert _("Skip to content") == "本文へ移動"
        assert _("not in any catalog {x}", x=1) == "not in any catalog 1"
    with using("xx"):  # a language not offered is English
        assert _("Skip to content") == "Skip to content"
    assert n_("{count} card", "{count} cards", 1) == "1 card"
    assert n_("{count} card", "{count} cards", 3) == "3 cards"


def test_the_terminal_and_the_browser_choose_a_language() -> None:
    assert from_environment({"LANG": "ja_JP.UTF-8"}) == "ja"
    assert from_environment({"LANGUAGE": "fr:ja", "LANG": "en_US.UTF-8"}) == "ja"
    assert from_environment({"LC_ALL": "C", "LANG": "ja_JP.UTF-8"}) == "en"
    assert from_environment({}) == "en"
    assert negotiate("ja,en;q=0.8") == "ja"
    assert negotiate("en-GB,ja;q=0.9") == "en"
    assert negotiate("fr-FR, ja;q=0.5") == "ja"
    assert negotiate(None) == "en"
    assert negotiate("ja;q=abc") == "en"
