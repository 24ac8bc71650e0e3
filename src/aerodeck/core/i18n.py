"""The words people read, in their language: gettext catalogs, looked up for the language in use.

Every word a face shows (the page, the lobby, the terminal) and every sentence a game writes for
people is written in English inside ``_()`` (or ``n_()`` for a count) and looked up here in the
catalogs of the language in use. Placeholders are named, ``{name}``, and filled after the lookup,
so a translation may put them in its own order::

    _("{seat} attacks {target}", seat=..., target=...)

Catalogs are gettext files: ``<package>/locale/<lang>/LC_MESSAGES/<domain>.po`` is what
translators edit, the ``.mo`` beside it what is read (``make messages`` compiles them; a test
checks that every ``.mo`` is current and that every message has its translation). Any package
under ``aerodeck`` may bring catalogs, and so may a game installed from another distribution (in
its own package's ``locale`` folder): they are all read, the aerodeck ones first.

The language in use is a context variable: the terminal sets it once from ``LANG`` (and the other
gettext variables), the table server for each request and each connection.
"""

from __future__ import annotations

import gettext
import os
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache
from importlib import import_module
from pathlib import Path

ENGLISH = "en"
# The languages people can choose, in the order a switch offers them, with their own names.
LANGUAGES: Mapping[str, str] = {"en": "English", "ja": "日本語"}

_language: ContextVar[str] = ContextVar("aerodeck_language", default=ENGLISH)
_PACKAGE = Path(__file__).resolve().parents[1]


def language() -> str:
    """The language in use (``en`` unless a face chose another)."""
    return _language.get()


def set_language(lang: str) -> None:
    """Use ``lang`` from now on in this context (a language not offered falls back to English)."""
    _language.set(lang if lang in LANGUAGES else ENGLISH)


@contextmanager
def using(lang: str) -> Iterator[None]:
    """Use ``lang`` inside the block only (the server builds each connection's frames so)."""
    token = _language.set(lang if lang in LANGUAGES else ENGLISH)
    try:
        yield
    finally:
        _language.reset(token)


class _Params(dict[str, object]):
    """A message's values; a placeholder without one stays as written (a translation naming a
    value its caller does not give is a slip in a catalog, not a crash at the table)."""

    def __missing__(self, key: str) -> str:
        return "{" + key + "}"


def _(message: str, /, **params: object) -> str:
    """``message`` in the language in use, its ``{placeholders}`` filled from ``params``."""
    text = (
        message if _language.get() == ENGLISH else _translations(_language.get()).gettext(message)
    )
    return text.format_map(_Params(params)) if params else text


def N_(message: str, /) -> str:  # noqa: N802 - gettext's name for a marker
    """Mark a message for the catalogs where it is defined (a constant, computed before any
    language is chosen) and give it back unchanged: translate it where it is shown, ``_(name)``."""
    return message


def n_(singular: str, plural: str, count: int, /, **params: object) -> str:
    """The form of a message for ``count`` (``1 card``, ``3 cards``), ``{count}`` among its
    placeholders."""
    lang = _language.get()
    if lang == ENGLISH:
        text = singular if count == 1 else plural
    else:
        text = _translations(lang).ngettext(singular, plural, count)
    return text.format_map(_Params({"count": count, **params}))


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language the terminal's environment asks for, as gettext reads it (``LANGUAGE``,
    ``LC_ALL``, ``LC_MESSAGES``, ``LANG``; ``ja_JP.UTF-8`` is ``ja``), English otherwise."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        wanted = [
            part.split(".")[0].split("@")[0].split("_")[0].lower()
            for part in env.get(name, "").split(":")
        ]
        wanted = [code for code in wanted if code]
        if wanted:  # the first variable set decides, as gettext reads them
            return next((code for code in wanted if code in LANGUAGES), ENGLISH)
    return ENGLISH


def negotiate(accept_language: str | None) -> str:
    """The offered language a browser's ``Accept-Language`` prefers (``ja,en;q=0.8`` is ``ja``),
    English when it names none of them."""
    best, best_q = ENGLISH, -1.0
    for item in (accept_language or "").split(","):
        tag, _sep, quality = item.strip().partition(";q=")
        code = tag.strip().split("-")[0].lower()
        try:
            q = float(quality) if quality else 1.0
        except ValueError:
            continue
        if code in LANGUAGES and q > best_q:
            best, best_q = code, q
    return best


def catalog_files(lang: str) -> list[Path]:
    """The compiled catalogs (``.mo``) of ``lang``: aerodeck's own packages first, then those of
    games installed from other distributions."""
    folders = [_PACKAGE, *_game_packages()]
    seen: list[Path] = []
    for folder in folders:
        for found in sorted(folder.rglob(f"locale/{lang}/LC_MESSAGES/*.mo")):
            if found not in seen:
                seen.append(found)
    return seen


def _game_packages() -> list[Path]:
    """The package folders of the registered games that live outside aerodeck's own."""
    # late: the registry loads the games, whose modules (and core's) look messages up here
    from aerodeck.core.registry import game_classes  # noqa: PLC0415

    folders = []
    for cls in game_classes().values():
        package = import_module(cls.__module__.rpartition(".")[0] or cls.__module__)
        where = Path(package.__file__ or "").resolve().parent
        if _PACKAGE not in where.parents:
            folders.append(where)
    return folders


@cache
def _translations(lang: str) -> gettext.NullTranslations:
    """Every catalog of ``lang`` as one chain: the first that has a message gives it."""
    chain: gettext.NullTranslations = gettext.NullTranslations()
    first: gettext.NullTranslations | None = None
    for path in catalog_files(lang):
        with path.open("rb") as fp:
            translations = gettext.GNUTranslations(fp)
        if first is None:
            first = translations
        else:
            first.add_fallback(translations)
    return first or chain
