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


def test_a_message_has_one_translation_across_every_catalog() -> None:
    """Every catalog is read as one (the first that has a message gives it), so the same English
    in two catalogs must mean the same: a word used two ways needs two messages."""
    from babel.messages.pofile import read_po

    translations: dict[str, dict[str, list[str]]] = {}
    for po in sorted((ROOT / "src" / "aerodeck").rglob("locale/*/LC_MESSAGES/*.po")):
        with po.open("rb") as fp:
            for entry in read_po(fp):
                string = entry.string if isinstance(entry.string, str) else entry.string[0]
                if entry.id and string:
                    key = entry.id if isinstance(entry.id, str) else entry.id[0]
                    where = str(po.relative_to(ROOT))
                    translations.setdefault(key, {}).setdefault(string, []).append(where)
    clashes = {key: found for key, found in translations.items() if len(found) > 1}
    assert not clashes, clashes


def test_a_translation_naming_a_value_not_given_keeps_its_placeholder() -> None:
    assert _("{a} and {b}", a=1) == "{a} and {b}".replace("{a}", "1")
