"""Down In Flames' board in the browser, in English and Japanese: at the start, at several
positions of a game and at its end, the board, the seats' aircraft, the hand's title, the moves'
labels and what each move does (moveHelp) show no raw state (a key, -1, true, null, undefined,
[object Object]) and no notation inside a sentence; in Japanese no English word but the names
printed on the cards and counters and the rulebook's codes."""

from __future__ import annotations

import re
from typing import Any

import pytest

import aerodeck
from tests.browser.people import Person
from tests.games.down_in_flames.test_japanese import english_left, printed_names
from tests.web.server import Server

RAW = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\bundefined\b|\bnull\b|\bNaN\b|\[object Object\]|\btrue\b|\bfalse\b"
    r"|(?<![\w-])-1\b|@\d|\b(me|foe)[+-]\d"
)
LOOKS = (0, 4, 12)  # moves clicked before each look (then the end)
MOST = 600  # moves clicked at most before the end

# Everything the board writes that the page shows as it is, and each move's label and help.
WORDS_JS = """async () => {
  const board = await import('/games/down_in_flames/board.js');
  const { pageReference } = await import('/static/boards.js');
  const s = window.aerodeck.state;
  const ctx = { view: s.view, reference: pageReference(), mySeat: s.seat, seats: s.seats };
  const text = (x) => (typeof x === 'string' ? x : x.textContent);
  const shown = (sel) => [...document.querySelectorAll(sel)].map((e) => e.innerText);
  return [
    ...shown('#board'), ...shown('#seats .dif-seat'), ...shown('#hand-title'),
    ...s.legal.flatMap((m) => [text(board.moveLabel(m, ctx)), board.moveHelp(m, ctx)]),
    board.status(ctx),
  ];
}"""


def look(person: Person) -> list[str]:
    return [str(t) for t in person.page.evaluate(WORDS_JS)]


def clicks(person: Person, moves: int) -> None:
    clicked = 0
    for _ in range(100_000):
        if clicked >= moves or person.ended():
            return
        state = person.my_turn()
        if state is None:
            person.page.wait_for_timeout(25)
            continue
        person.click_a_move(state)
        clicked += 1


@pytest.mark.parametrize("lang", ["en", "ja"])
def test_the_board_shows_no_raw_state_in_either_language(
    browser: Any, web: Server, lang: str
) -> None:
    names = printed_names(aerodeck.make("down_in_flames").data)
    person = Person(browser, web.base, seed=11)
    person.context.add_cookies([{"name": "lang", "value": lang, "url": web.base}])
    person.create("down_in_flames", 2, [0], {}, bot="random")
    seen: list[str] = []
    done = 0
    for moves in LOOKS:
        clicks(person, moves - done)
        done = moves
        person.page.wait_for_function("window.aerodeck.state.legal.length > 0")
        seen += look(person)
    clicks(person, MOST)
    person.page.wait_for_function("window.aerodeck.state.end !== null")
    seen += look(person)
    seen.append(person.page.evaluate("window.aerodeck.state.view.end"))  # end.js's "Why:"
    raw = [text for text in seen if RAW.search(text)]
    assert not raw, raw[:5]
    if lang == "ja":
        left = {word: text for text in seen for word in english_left(text, names)}
        assert not left, left
    else:
        assert any(text.startswith("Round 1 of 6") for text in seen)
    person.check_protocol()
    person.close()
