"""A game's board module drawn in the page at positions the engine plays to, in English and
Japanese, and the checks that a person reads no raw state there (common to the board tests of
Race to Ace and Ace Race).

The positions come from seeded games played here in Python; the page (the lobby, which embeds
the reader's catalogs) imports the game's board module and draws each position as the table page
does: the board, every seat's box, the status words, the end's scores, and each legal move's
label (also as the table labels it once a card of the hand is chosen) and help.
"""

from __future__ import annotations

import random
import re
from collections.abc import Callable, Iterator
from typing import Any

import aerodeck
from aerodeck.core.api import JSON, State
from aerodeck.core.i18n import using
from tests.browser.people import Person
from tests.web.server import Server

# The keys and values of a view a person must never read (common.md: "no raw state").
RAW = re.compile(
    r"\b[a-z]+_[a-z_]+\b|(?<![\w.])-1\b|\btrue\b|\bfalse\b|\bnull\b|\bundefined\b|\bNaN\b"
    r"|\[object Object\]|\{[a-z_]+\}"
)
# View keys as the generic board would write them ("give left", "max turns"...): a dump.
KEY_WORDS = re.compile(
    r"\b(to act|max turns|give left|turn number|wing size|hand size|hand sizes|draw size|"
    r"top run|last kind|kills to win|discard top|game number|previous winners|phase)\b"
)
# The view's phase names, said as a state ("(turn)", ": drawn").
PHASE_AS_STATE = re.compile(r"\((turn|pick|drawn|tunnel|bid|give|rule|dogfight|fire|react|trim)\)")

DRAW = r"""async ({ game, positions, reference }) => {
  const generic = await import("/static/board_generic.js");
  const own = await import(`/games/${game}/board.js`);
  const board = { ...generic, ...own };
  const render = await import("/static/render.js");
  const out = [];
  const said = (x) => (x instanceof Node ? x.textContent : String(x));  // a label may be a Node
  for (const p of positions) {
    const seats = Array.from({ length: p.players }, (_, i) => ({ seat: i, kind: "bot" }));
    const ctx = { game, view: p.view, mySeat: p.seat, seats, players: p.players,
      currentPlayer: p.view.to_act ?? null, lastMover: null, legal: p.legal, options: {},
      end: p.end ? { winners: p.view.winners } : null, reference,
      cardInfo: (text) => (reference.cards || {})[text] || null, board };
    const box = document.createElement("div");
    box.append(board.board(ctx));
    const list = render.seatList(p.view) || [];
    const texts = [];
    for (let s = 0; s < p.players; s += 1) {
      const data = { ...(list[s] || {}) };
      for (const key of board.perSeat || []) data[key] = p.view[key][s];
      box.append(board.seat(data, ctx, s));
      if (p.end) texts.push(said(board.score(ctx, s)));
    }
    const hand = board.hand(ctx);
    if (hand) texts.push(hand.title);
    texts.push(board.status(ctx));
    const held = [...new Set((hand && hand.cards) || [])].map((c) => String(c).toLowerCase());
    for (const move of p.legal) {
      texts.push(said(board.moveLabel(move, ctx, move.split(" ")[0])));
      texts.push(String(board.moveHelp(move, ctx, move.split(" ")[0])));
      // with a card of the hand chosen, the table labels the rest of the move (table.js)
      const words = move.split(/\s+/);
      for (const card of held.filter((c) => words.some((w) => w.toLowerCase() === c))) {
        const rest = words.filter((w) => w.toLowerCase() !== card).join(" ") || move;
        texts.push(said(board.moveLabel(rest, ctx, move.split(" ")[0])));
      }
    }
    // the cards' faces are pictures (their names are their labels): the words around them count
    for (const face of box.querySelectorAll("svg")) face.remove();
    out.push({ at: p.at, board: box.textContent, texts });
  }
  return out;
}"""


def play_positions(
    game_id: str,
    players: int,
    options: dict[str, Any],
    seed: int,
    wanted: dict[str, Callable[[State, JSON], bool]],
) -> list[JSON]:
    """The start, the first position meeting each of ``wanted`` (seen by the seat to act, with
    its legal moves), and the end (seen by seat 0), of one seeded random game."""
    game = aerodeck.make(game_id, players=players, **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    found: list[JSON] = []

    def keep(at: str) -> None:
        seat = state.current_player
        assert seat is not None
        legal = [str(a) for a in state.legal_actions()]
        found.append({"at": at, "view": state.view(seat), "seat": seat, "legal": legal})

    keep("start")
    left = dict(wanted)
    while not state.is_terminal:
        view = state.view(state.current_player)
        for name, test in list(left.items()):
            if test(state, view):
                keep(name)
                del left[name]
        state.apply(rng.choice(state.legal_actions()))
    assert not left, f"seed {seed} never reached {sorted(left)}"
    found.append({"at": "end", "view": state.view(0), "seat": 0, "legal": [], "end": True})
    for position in found:
        position["players"] = players
    return found


def drawn(web: Server, browser: Any, game_id: str, lang: str, positions: list[JSON]) -> list[JSON]:
    """Each position as the page draws it in ``lang``."""
    with using(lang):
        reference = aerodeck.make(game_id).reference()
    person = Person(browser, web.base, seed=1)
    try:
        person.context.set_extra_http_headers({"Accept-Language": lang})
        person.page.goto(web.base + "/")
        assert person.page.get_attribute("html", "lang") == lang
        out: list[JSON] = person.page.evaluate(
            DRAW, {"game": game_id, "positions": positions, "reference": reference}
        )
        assert not person.errors, person.errors
        return out
    finally:
        person.close()


def raw_state(text: str) -> list[str]:
    """What in ``text`` is the machine's, not the table's."""
    return [m.group(0) for p in (RAW, KEY_WORDS, PHASE_AS_STATE) for m in p.finditer(text)]


def english_words(text: str, allowed: set[str]) -> list[str]:
    """Words of two letters or more in a Japanese text that are not among ``allowed``."""
    return [w for w in re.findall(r"[A-Za-z][A-Za-z!]+", text) if w not in allowed]


def all_texts(drawn_positions: list[JSON]) -> Iterator[tuple[str, str]]:
    for position in drawn_positions:
        yield position["at"], position["board"]
        for text in position["texts"]:
            yield position["at"], text
