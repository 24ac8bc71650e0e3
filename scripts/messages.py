"""The message catalogs (docs/i18n.md): find every message in the sources, keep the catalogs in
step with them, and compile them.

    python scripts/messages.py check            # messages without a translation, and stale .mo
    python scripts/messages.py update [--lang ja]  # add new messages to the catalogs, untranslated
    python scripts/messages.py compile          # .po -> .mo (`make messages`)

A message is the first argument of ``_("...")`` or ``N_("...")`` (or the first two of
``n_("...", "...", n)``) in Python, in the pages' JavaScript (static/ and every game's
board/) and in the Jinja templates.
Each message belongs to the catalogs of the nearest folder above its source file that has a
``locale`` folder (a game's package, ``web``, ``cli``, ...), or of ``aerodeck`` itself; a folder may
keep several catalogs (``messages.po``, ``table.po``, ...): a message translated in any of them
counts, and ``update`` adds a new one to ``messages.po``.
"""

from __future__ import annotations

import argparse
import io
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import read_mo, write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parents[1]
PACKAGE = ROOT / "src" / "aerodeck"
TRANSLATED = ("ja",)
KEYWORDS = {"_": None, "N_": None, "n_": (1, 2)}
METHODS = [
    ("**/static/**.js", "javascript"),
    ("**/board/**.js", "javascript"),
    ("**/templates/**.html", "jinja2"),
    ("**.py", "python"),
]


@dataclass(frozen=True)
class Message:
    msgid: str | tuple[str, str]
    where: str  # "web/templates/lobby.html:12"
    home: Path  # the folder whose locale/ catalogs hold it

    @property
    def key(self) -> str:
        return self.msgid if isinstance(self.msgid, str) else self.msgid[0]


def home_of(relative: Path) -> Path:
    """The nearest folder above a source file with a ``locale`` folder, else aerodeck itself."""
    folder = (PACKAGE / relative).parent
    while folder != PACKAGE and not (folder / "locale").is_dir():
        folder = folder.parent
    return folder


def messages() -> Iterator[Message]:
    for filename, lineno, found, _comments, _context in extract_from_dir(
        PACKAGE, METHODS, keywords=KEYWORDS, comment_tags=("TRANSLATORS:",)
    ):
        msgid = (found[0], found[1]) if isinstance(found, tuple) else found
        if not (msgid[0] if isinstance(msgid, tuple) else msgid):
            continue  # ``_(variable)``: nothing to translate here
        yield Message(msgid, f"{filename}:{lineno}", home_of(Path(filename)))


def catalogs(home: Path, lang: str) -> list[Path]:
    return sorted((home / "locale" / lang / "LC_MESSAGES").glob("*.po"))


def read(path: Path) -> Catalog:
    with path.open("rb") as fp:
        return read_po(fp)


def translated(home: Path, lang: str) -> set[str]:
    done = set()
    for path in catalogs(home, lang):
        for entry in read(path):
            strings = entry.string if isinstance(entry.string, tuple) else (entry.string,)
            if entry.id and all(strings) and not entry.fuzzy:
                done.add(entry.id if isinstance(entry.id, str) else entry.id[0])
    return done


def untranslated(lang: str) -> list[Message]:
    """Every message of the sources that no catalog of its home translates into ``lang``."""
    cache: dict[Path, set[str]] = {}
    missing = []
    for message in messages():
        if message.home not in cache:
            cache[message.home] = translated(message.home, lang)
        if message.key not in cache[message.home]:
            missing.append(message)
    return missing


def compiled(po: Path) -> bytes:
    buffer = io.BytesIO()
    write_mo(buffer, read(po))
    return buffer.getvalue()


def _pair(msgid: object, string: object) -> tuple[object, object]:
    """A catalog entry as a hashable pair (a plural's forms come as lists from a .mo)."""
    as_tuple = lambda x: tuple(x) if isinstance(x, list | tuple) else x  # noqa: E731
    return as_tuple(msgid), as_tuple(string)


def _done(string: object) -> bool:
    return all(string) if isinstance(string, list | tuple) else bool(string)


def stale(lang: str) -> list[Path]:
    """The catalogs whose .mo is missing or does not hold what the .po says."""
    out = []
    for po in sorted(PACKAGE.rglob(f"locale/{lang}/LC_MESSAGES/*.po")):
        mo = po.with_suffix(".mo")
        if not mo.exists():
            out.append(po)
            continue
        with mo.open("rb") as fp:
            have = {_pair(m.id, m.string) for m in read_mo(fp) if m.id}
        want = {_pair(m.id, m.string) for m in read(po) if m.id and not m.fuzzy and _done(m.string)}
        if have != want:
            out.append(po)
    return out


def update(lang: str) -> int:
    """Add every untranslated message to its home's messages.po (created if needed)."""
    added = 0
    by_home: dict[Path, list[Message]] = {}
    for message in untranslated(lang):
        by_home.setdefault(message.home, []).append(message)
    for home, found in by_home.items():
        path = home / "locale" / lang / "LC_MESSAGES" / "messages.po"
        catalog = read(path) if path.exists() else Catalog(locale=lang, project="aerodeck")
        for message in found:
            if message.msgid not in catalog:
                catalog.add(message.msgid, "" if isinstance(message.msgid, str) else ("",))
                added += 1
            catalog[message.msgid].locations.append(
                (message.where.rsplit(":", 1)[0], int(message.where.rsplit(":", 1)[1]))
            )
        path.parent.mkdir(parents=True, exist_ok=True)
        with path.open("wb") as fp:
            write_po(fp, catalog, width=100, sort_output=True)
    return added


def compile_all() -> int:
    count = 0
    for po in sorted(PACKAGE.rglob("locale/*/LC_MESSAGES/*.po")):
        po.with_suffix(".mo").write_bytes(compiled(po))
        count += 1
    return count


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", choices=["check", "update", "compile"])
    parser.add_argument("--lang", default=None, help="one language (default: every translated one)")
    args = parser.parse_args(argv)
    langs = [args.lang] if args.lang else list(TRANSLATED)
    if args.command == "compile":
        print(f"compiled {compile_all()} catalogs")
        return 0
    if args.command == "update":
        for lang in langs:
            print(f"{lang}: {update(lang)} new messages to translate")
        return 0
    failed = False
    for lang in langs:
        for message in untranslated(lang):
            print(f"{lang}: untranslated {message.key!r} ({message.where})")
            failed = True
        for po in stale(lang):
            print(f"{lang}: {po.relative_to(ROOT)} is not compiled (make messages)")
            failed = True
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
