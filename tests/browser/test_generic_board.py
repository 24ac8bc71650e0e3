"""The generic board: what the pages draw for a game that brings no board of its own.

The game is the plug-in High Card Tricks (tests/plugin_game, no ``board_assets``), found through
its entry point; tests/plugin/test_browser.py plays it to the end by clicking. Here: the page
loads the generic board and nothing of the game's, draws the view in words on the table and the
replay pages, and the generic board draws any JSON without failing."""

from __future__ import annotations

from typing import Any

from tests.browser.people import Person, play_to_end
from tests.plugin.toy import TOY, needs_toy
from tests.web.server import Server


@needs_toy
def test_a_game_without_a_board_is_drawn_from_its_view_in_words(browser: Any, web: Server) -> None:
    assert web.get(f"/games/{TOY}/board.js").status_code == 404
    assert web.get(f"/games/{TOY}/board.css").status_code == 404
    ann = Person(browser, web.base, seed=13)
    ann.create(TOY, 2, [0], {"rounds": 1, "hand_size": 2})
    page = ann.page
    assert page.get_attribute("#app", "data-board") == "/static/board_generic.js"
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    board = page.inner_text("#board")
    for words in ("round", "hand size", "phase", "leader", "last trick"):
        assert words in board, (words, board)
    assert "hand_size" not in board and "last_trick" not in board
    seats = page.locator("#seats .seat-box")
    assert seats.count() == 2
    for words in ("bid", "tricks", "score", "cards"):
        assert words in seats.nth(1).inner_text()
    assert play_to_end([ann]) > 0
    loaded = [r.split(" ", 1)[1].removeprefix(web.base) for r in ann.requests]
    assert "/static/board_generic.js" in loaded
    assert not [path for path in loaded if path.startswith("/games/")]
    # the replay draws each step with the same generic board
    page.get_by_role("link", name="Replay it step by step").click()
    page.wait_for_function("window.aerodeck && window.aerodeck.replay !== undefined")
    page.keyboard.press("End")
    assert "hand size" in page.inner_text("#board")
    ann.check_protocol()
    ann.close()


ODD_VIEW = {
    "nothing": None,
    "empty_list": [],
    "empty_record": {},
    "nested_lists": [[1, [2, {"deep_key": None}]]],
    "a_card": "AS",
    "cards_and_gaps": ["AS", None, "KH"],
    "records": {"inner": {"deepest": [{"seat": "not a number"}]}},
    "flag": True,
    "ratio": 1.5,
    "long_list": [{"step": i, "words": "x" * 20} for i in range(40)],
    "hand": "not a list",
    "seats": [{"seat": 0, "odd": {"k": [1, 2]}}, {"seat": 1}],
}
DRAW_ODD = """async (view) => {
  const generic = await import("/static/board_generic.js");
  const ctx = { view, mySeat: 0, seats: [], players: 2, legal: [], board: generic,
    cardInfo: () => null, reference: { cards: { X: null },
      tables: [{ title: "Odd table", columns: ["a", "b"], rows: [[1, 2], { a: 3 }] }] } };
  const box = document.createElement("div");
  box.append(generic.board(ctx), generic.seat(view.seats[0], ctx, 0), generic.reference(ctx));
  return [box.textContent, generic.hand(ctx), generic.score(ctx, 0),
    generic.moveLabel("play AS", ctx, "play")];
}"""


def test_the_generic_board_draws_any_json(browser: Any, web: Server) -> None:
    """Shapes no game sends today (nulls, lists in lists, a card among gaps, records in
    records, a long list, a hand that is no list) are drawn in words, never a failure."""
    ann = Person(browser, web.base, seed=14)
    ann.create("ace_race", 2, [0], {})
    text, hand, score, label = ann.page.evaluate(DRAW_ODD, ODD_VIEW)
    for words in ("empty list", "nested lists", "deep key", "deepest", "ratio", "long list", "odd"):
        assert words in text, (words, text)
    assert "a_card" not in text and "a card" in text and "Odd table" in text
    assert hand is None and score == "" and label == "A♠"
    ann.check_protocol()
    ann.close()
