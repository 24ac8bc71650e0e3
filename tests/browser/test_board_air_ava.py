"""Air Racing's and Aces versus Aces' boards read as the rulebooks' tables, in English and
Japanese: drawn in the page from real views (the start, mid-game with won cards, Ace coins, a
season turn and a race, the end), they show no raw state (no view key, true/false/null, -1,
"[object Object]", no generic key: value dump), every legal move has words and help without its
notation, and the Japanese board has no English word but the cards' printed titles."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

from aerodeck.core.api import State
from aerodeck.core.i18n import using
from aerodeck.core.registry import make
from aerodeck.games.air_racing.cards import TITLES
from tests.web.server import Server

DRAW = """async ({ game, positions, reference }) => {
  const generic = await import("/static/board_generic.js");
  const own = await import(`/games/${game}/board.js`);
  const { seatList } = await import("/static/render.js");
  const board = { ...generic, ...own };
  const words = (node) => {  // every text node on its own, so words of neighbours stay apart
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    const parts = [];
    while (walker.nextNode()) parts.push(walker.currentNode.nodeValue);
    return parts.join(" ");
  };
  const out = [];
  for (const { view, legal, players, end } of positions) {
    const ctx = { game, view, mySeat: 0, players, legal, options: {}, end, reference,
      seats: Array.from({ length: players }, (_, seat) => ({ seat, kind: "bot", bot: "medium" })),
      currentPlayer: view.to_act ?? null, lastMover: null, board,
      cardInfo: (text) => (reference.cards || {})[text] || null };
    const box = document.createElement("div");
    box.append(board.board(ctx));
    const list = seatList(view) || [];
    for (let seat = 0; seat < players; seat += 1) {
      const data = { ...(list.find((s) => s && s.seat === seat) || {}) };
      for (const key of board.perSeat || []) {
        if (Array.isArray(view[key]) && view[key].length === players) data[key] = view[key][seat];
      }
      box.append(board.seat(data, ctx, seat));
      if (end) box.append(String(board.score(ctx, seat)));
    }
    if (end) box.append(board.endExtra(ctx) || "");
    if (board.reference !== generic.reference) box.append(board.reference(ctx) || "");
    const held = board.hand(ctx);
    out.push({
      text: [words(box), held ? held.title : "", board.status(ctx)].join(" | "),
      generic: box.querySelectorAll("dl.facts").length,
      moves: legal.map((move) => {
        const verb = move.split(" ")[0];
        const label = String(board.moveLabel(move, ctx, verb));
        return { move, label, help: board.moveHelp(move, ctx, verb) };
      }),
    });
  }
  return out;
}"""

RAW = re.compile(
    r"\b[a-z]+_[a-z_]+\b|\b(?:true|false|null|undefined|NaN)\b|\[object|(?<![\w-])-1\b"
)
# render.js's seat words (the table page's, in English until its own catalog comes)
PAGE_WORDS = re.compile(r"(?<![A-Za-z])(?:you|seat|Seat|You)(?![A-Za-z])")
PRINTED = re.compile(
    "|".join(sorted(TITLES, key=len, reverse=True)) + r"|\b(?:10|[2-9AKQJ])\b", re.IGNORECASE
)
AIR_NOTATION = re.compile(
    r"\b(?:night-shift|team-effort|wind-tunnel|tunnel cash|alt \w+|fly \d|side \w+)"
)


def positions(game_id: str, seed: int, picks: int, **options: Any) -> list[dict[str, Any]]:
    """Views of seat 0 at about ``picks`` points of a seeded random game, its end included."""
    game = make(game_id, players=2 if game_id == "air_racing" else 3, **options)
    state: State = game.new_game(seed=seed)
    rng = random.Random(seed)
    seen: list[State] = []
    while not state.is_terminal:
        seen.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    step = max(1, len(seen) // picks)
    chosen = [*seen[::step], state]
    return [
        {
            "view": s.view(0),
            "legal": [str(a) for a in s.legal_actions()] if s.current_player == 0 else [],
            "players": game.players,
            "end": {"winners": s.winners} if s.is_terminal else None,
        }
        for s in chosen
    ]


CASES = {
    "aces_versus_aces": [positions("aces_versus_aces", 3, 12, target=12)],
    "air_racing": [
        positions("air_racing", 5, 16, laps=1),
        positions("air_racing", 6, 6, quick_play=True, laps=1, seasons=2),
    ],
}


def draw(browser: Any, web: Server, lang: str, game_id: str) -> list[dict[str, Any]]:
    context = browser.new_context(bypass_csp=True)  # evaluate() needs eval, the policy forbids it
    try:
        context.add_cookies([{"name": "lang", "value": lang, "url": web.base}])
        page = context.new_page()
        page.goto(web.base + "/")
        with using(lang):
            reference = make(game_id).reference()
        drawn: list[dict[str, Any]] = []
        for case in CASES[game_id]:
            drawn += page.evaluate(
                DRAW, {"game": game_id, "positions": case, "reference": reference}
            )
        return drawn
    finally:
        context.close()


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize("game_id", ["aces_versus_aces", "air_racing"])
def test_the_board_reads_in_words_at_every_stage(
    browser: Any, web: Server, lang: str, game_id: str
) -> None:
    drawn = draw(browser, web, lang, game_id)
    assert any(d["moves"] for d in drawn)
    for position in drawn:
        text = position["text"]
        assert not position["generic"], text  # nothing through the generic key: value dump
        found = RAW.search(text)
        assert not found, text[max(0, found.start() - 80) : found.end() + 40]
        if lang == "ja":
            latin = re.findall(r"[A-Za-z]{2,}", PRINTED.sub("", PAGE_WORDS.sub("", text)))
            assert not latin, (latin, text)
        for move in position["moves"]:
            label, help_text = move["label"], move["help"]
            assert help_text and label, move
            assert not RAW.search(label + help_text), move
            if game_id == "air_racing":
                assert not AIR_NOTATION.search(label + " " + help_text), move
            if game_id == "air_racing" and lang == "en" and move["move"].startswith("fly "):
                stays = label.startswith("Stay in lane")  # the help says the same as the label
                assert help_text.startswith("Stay in lane") == stays, move
            if lang == "ja":
                latin = re.findall(r"[A-Za-z]{2,}", PRINTED.sub("", label + help_text))
                assert not latin, (latin, move)
