"""A person reads no raw state: every game walked in the browser, in English and in Japanese, at the
start, a few positions in the middle and the end, at 1280x800 and at 390x844.

At each position the page's visible text, region by region, must show none of what common.md calls
raw state: a view key as its key (snake_case, or a key of the view's own in words followed by a
colon), -1, true, false, null, undefined, NaN, [object Object], an internal phase name, notation
inside a sentence; in Japanese no English word but card titles, people's names, the game's title
and notation. The action bar's prompt and first move must lie within the viewport at both sizes,
and in Japanese at 390 px no text may overflow its box.

Who owns what: the regions `bar`, `join`, `notice`, `prompt`, `why`, `seat names` and `end` are
the page's (web/static, the templates); `board`, `board status`, `seat bodies`, `hand title` (the
board's hand()), `moves` (the board's verbLabel and moveLabel), `scores` (the end's score and
endExtra), `end lines` and `log` (the games' event sentences) are each game's board and text.
A failure names its region, so the message says whose it is.

Lean: one server, random bots, the short options of test_table_pages, and the checks at a handful
of positions only (the moves between are clicked without looking).
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.people import Person
from tests.browser.test_table_pages import RAW_NOTATION
from tests.web.server import Server

# game -> players, options that keep the game short (as in test_table_pages; fast aircraft
# finish Air Racing's lap in half the turns)
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "aces_versus_aces": (2, {"target": 15}),
    "ace_race": (2, {"max_turns": 20}),
    "race_to_ace": (3, {"kills_to_win": 1}),
    "air_racing": (2, {"laps": 1, "quick_play": True, "stock_speed": 12}),
    "down_in_flames": (2, {}),
}
OUTCOMES = {  # the end's first words for a player
    "en": {"You won", "You lost", "It is a draw", "You share the win"},
    "ja": {"あなたの勝ち", "あなたの負け", "引き分け", "あなたは同点で勝ち"},
}
LOOK_AT = (0, 2, 6)  # the person's moves made before a look (then the end)
MAX_CLICKS = 600
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

# region -> the selector of its visible text
REGIONS = {
    "bar": ".bar",
    "join": "#join",
    "notice": "#notice",
    "prompt": "#status .prompt",
    "board status": "#status .board-status",
    "moves": "#moves",
    "why": "#why",
    "seat names": ".seat-box h3, .seat-box .badges",
    "seat bodies": ".seat-box > :not(h3):not(.badges)",
    "board": "#board",
    "hand title": "#hand-title",
    "end": "#end > :not(.places):not(.rematch):not(.causes):not(.end-extra), #end .places .place,"
    " #end .places .name, #end .places .result, #end .rematch",
    "end lines": "#end .causes",
    "scores": "#end .places .score, #end .end-extra",
    "log": "#log",
}
PAGE_REGIONS = {"bar", "join", "notice", "prompt", "why", "seat names", "end", "action bar"}
PAGE_REGIONS |= {"overflow"}
READ_JS = """regions => Object.fromEntries(Object.entries(regions).map(([name, sel]) =>
  [name, [...document.querySelectorAll(sel)].filter(e => e.checkVisibility())
    .map(e => e.innerText || "").join("\\n")]))"""
RAW_WORDS = re.compile(  # -1 as a value ("winner: -1"), not a modifier ("range -1", "-1 speed")
    r"(?:^|[:\uff1a]\s*)-1(?![\w-])|(?<![\w-])(true|false|null|undefined|NaN)(?![\w-])"
    r"|\[object Object\]"
    r"|\b[a-z]+_[a-z_]+\b|\((turn|pick|drawn|tunnel|action|buy|quick|redraw)\)|\bphase\b"
)
ENGLISH_WORD = re.compile(r"[A-Za-z][A-Za-z'!]+")
PRINTED = re.compile(r"[A-Z][A-Z!']+")  # capitals as printed: card titles, AH, VP, ECCM
OVERFLOW_JS = """() => {
  const out = [];
  for (const el of document.querySelectorAll("body *")) {
    if (!el.offsetParent || ["INPUT", "SELECT", "OPTION"].includes(el.tagName)) continue;
    const own = [...el.childNodes].some(n => n.nodeType === 3 && n.textContent.trim());
    if (!own) continue;
    const style = getComputedStyle(el);
    if (["auto", "scroll", "hidden", "clip"].includes(style.overflowX)) continue;
    if (el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
      const where = `${el.tagName.toLowerCase()}${el.id ? "#" + el.id : ""}.${el.className}`;
      out.push(`${where}: ${el.textContent.trim().slice(0, 40)}`);
    }
  }
  return out;
}"""
IN_VIEW_JS = """() => {
  const inside = (el) => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0
      && r.right <= innerWidth;
  };
  const first = document.querySelector("#move-buttons button.move");
  return {prompt: inside(document.getElementById("status")), move: first ? inside(first) : null};
}"""


def view_keys(person: Person) -> set[str]:
    """Every key of the views the page was sent, as words, that has two words or more."""
    keys: set[str] = set()

    def walk(value: Any) -> None:
        if isinstance(value, dict):
            for key, inner in value.items():
                if "_" in key:
                    keys.add(key.replace("_", " "))
                walk(inner)
        elif isinstance(value, list):
            for inner in value:
                walk(inner)

    for frame in person.received:
        if frame.get("type") in ("welcome", "update"):
            walk(frame.get("view"))
    return keys


def allowed_english(person: Person) -> set[str]:
    """What may stay English in Japanese: the game's title, card titles and the reference tables'
    names as printed, people's names, notation (the legal moves, the cards' own texts), the
    brand; words in capitals (titles and abbreviations as printed) are allowed by PRINTED."""
    page = person.page
    reference = page.evaluate(
        "JSON.parse(document.getElementById('reference-data').textContent || '{}')"
    )
    texts = [page.inner_text("h1"), "aerodeck", "ann"]
    for text, info in (reference.get("cards") or {}).items():
        texts += [text, str((info or {}).get("title") or "")]

    def printed(value: Any) -> None:  # the printed data: aircraft, missiles, nations, ratings
        if isinstance(value, str) and len(value) <= 24:
            texts.append(value)
        elif isinstance(value, dict):
            for inner in value.values():
                printed(inner)
        elif isinstance(value, list):
            for inner in value:
                printed(inner)

    printed(reference)
    texts += page.evaluate("[...document.querySelectorAll('[data-card]')].map(e => e.dataset.card)")
    texts += page.evaluate("window.aerodeck.state.legal")
    return {w.lower() for text in texts for w in ENGLISH_WORD.findall(str(text))}


def key_pattern(keys: set[str]) -> re.Pattern[str] | None:
    """A view key in words used as a label, as the generic facts write it (lower case, spaces for
    underscores: "hand size:"), then a colon (ASCII or full width). A board's own label that
    happens to say the same words starts with a capital ("Aces played:") and is words."""
    if not keys:
        return None
    names = "|".join(re.escape(k) for k in sorted(keys, key=len, reverse=True))
    return re.compile(r"(?<![\w-])(" + names + r")\s*[:\uff1a]")


def problems(person: Person, lang: str, size: str, keys: set[str]) -> list[str]:
    page = person.page
    found = []
    regions: dict[str, str] = page.evaluate(READ_JS, REGIONS)
    allowed = allowed_english(person) if lang == "ja" else set()
    key_labels = key_pattern(keys)
    for region, text in regions.items():
        for match in RAW_WORDS.finditer(text):
            found.append(f"{region}: raw {match.group(0)!r}")
        if key_labels is not None:
            for match in key_labels.finditer(text):
                found.append(f"{region}: a view key as its key {match.group(0)!r}")
        for line in text.splitlines():
            if RAW_NOTATION.search(line) and len(line.split()) > 1:
                found.append(f"{region}: notation inside a sentence {line.strip()[:60]!r}")
        if lang == "ja":
            english = {
                w
                for w in ENGLISH_WORD.findall(text)
                if w.lower() not in allowed and not PRINTED.fullmatch(w)
            }
            if english:
                found.append(f"{region}: English in Japanese {sorted(english)[:8]}")
    if regions["moves"].strip():
        where = page.evaluate(IN_VIEW_JS)
        if not where["prompt"] or where["move"] is False:
            found.append(f"action bar: not in view ({where})")
    if lang == "ja" and size == "phone":
        found += [f"overflow: {line}" for line in page.evaluate(OVERFLOW_JS)]
    return [f"{lang} {size} v{person.state()['version']}: {p}" for p in found]


def look(person: Person, lang: str) -> list[str]:
    """The checks at one position, at both sizes (the page back at the top each time)."""
    out = []
    keys = view_keys(person)
    for size, viewport in SIZES.items():
        person.page.set_viewport_size(viewport)
        person.page.evaluate("window.scrollTo(0, 0)")
        out += problems(person, lang, size, keys)
    person.page.set_viewport_size(SIZES["desktop"])
    return out


def walk(person: Person, lang: str) -> list[str]:
    found: list[str] = []
    made = 0
    for _ in range(MAX_CLICKS * 40):
        if person.ended():
            break
        state = person.my_turn()
        if state is None:
            person.page.wait_for_timeout(20)
            continue
        if made in LOOK_AT:
            found += look(person, lang)
        person.click_a_move(state)
        made += 1
        if made > MAX_CLICKS:
            raise AssertionError(f"{made} moves and no end")
    person.page.wait_for_selector("#end:not([hidden])")
    first = person.page.inner_text("#end > :first-child")
    if first not in OUTCOMES[lang]:
        found.append(f"{lang} at the end: end: the outcome is not first ({first!r})")
    found += look(person, lang)
    return found


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game", list(GAMES))
def test_every_game_reads_in_words(browser: Any, web: Server, game: str, lang: str) -> None:
    players, options = GAMES[game]
    person = Person(browser, web.base, seed=3, reduced_motion="reduce")
    person.context.add_cookies([{"name": "lang", "value": lang, "url": web.base}])
    person.create(game, players, [0], options, bot="random")
    assert person.page.evaluate("document.documentElement.lang") == lang
    found = walk(person, lang)
    person.check_protocol()
    person.close()
    found = list(dict.fromkeys(found))
    page = [line for line in found if line.split(": ")[1] in PAGE_REGIONS]
    boards = [line for line in found if line not in page]
    said = ["the page's own:", *page, "the game's board and text:", *boards]
    assert not found, "\n".join(said)
