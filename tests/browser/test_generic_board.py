"""A game that brings no board of its own is drawn by the generic board and played by clicking.

The game is a plug-in from another package (tests/browser/boardless: Aces versus Aces' rules under
the id ``boardless_aces``, ``board_assets()`` None), found by the server through its entry point:
nothing in aerodeck knows it, as with a game installed from elsewhere."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.browser.conftest import SERVER_ARGS
from tests.browser.people import Person, play_to_end
from tests.web.server import Server

PLUGIN = Path(__file__).resolve().parent / "boardless"
GAME = "boardless_aces"


@pytest.fixture
def plugin_web(tmp_path: Path) -> Iterator[Server]:
    running = Server(tmp_path / "serve", "", *SERVER_ARGS, paths=[PLUGIN]).start()
    yield running
    running.stop()


def test_the_plugin_has_no_board_files(plugin_web: Server) -> None:
    assert plugin_web.get(f"/games/{GAME}/board.js").status_code == 404
    assert plugin_web.get(f"/games/{GAME}/board.css").status_code == 404
    created = plugin_web.create(game=GAME, players=2, claim=0)
    page = plugin_web.get(f"/t/{created['table']}").text
    assert 'data-board="/static/board_generic.js"' in page
    assert "/games/" not in page  # no board module or styles of its own


def test_a_game_without_a_board_is_drawn_generically_and_played_by_clicking(
    browser: Any, plugin_web: Server
) -> None:
    ann = Person(browser, plugin_web.base, seed=13)
    ann.create(GAME, 2, [0], {"target": 5})
    page = ann.page
    page.wait_for_function("window.aerodeck.state.legal.length > 0")
    # the view drawn from its shape: each key in words, the seats' facts in their boxes
    board = page.inner_text("#board")
    for words in ("hand number", "aces played", "target", "deck"):
        assert words in board, (words, board)
    assert "hand_number" not in board
    seats = page.locator("#seats .seat-box")
    assert seats.count() == 2
    assert "score" in seats.nth(0).inner_text() and "markers" in seats.nth(0).inner_text()
    assert page.locator("#hand button.card.playable").count() > 0
    assert page.locator("#move-buttons button.move").count() > 0
    # the whole game by clicking, to the standings
    assert play_to_end([ann]) > 0
    end = page.locator("#end")
    assert end.is_visible() and "The game is over" in end.inner_text()
    assert all(label.strip() for label in ann.labels)
    loaded = [r.split(" ", 1)[1].removeprefix(plugin_web.base) for r in ann.requests]
    assert "/static/board_generic.js" in loaded
    assert not [path for path in loaded if path.startswith("/games/")]
    ann.check_protocol()  # no page error, every frame and request the protocol's
    # the replay page draws each step with the same generic board
    page.get_by_role("link", name="Replay it step by step").click()
    page.wait_for_function("window.aerodeck && window.aerodeck.replay !== undefined")
    page.keyboard.press("End")
    assert "hand number" in page.inner_text("#board")
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


def test_the_generic_board_draws_any_json(browser: Any, plugin_web: Server) -> None:
    """Shapes no game sends today (nulls, lists in lists, a card among gaps, records in
    records, a long list, a hand that is no list) are drawn in words, never a failure."""
    ann = Person(browser, plugin_web.base, seed=14)
    ann.create(GAME, 2, [0], {})
    text, hand, score, label = ann.page.evaluate(DRAW_ODD, ODD_VIEW)
    for words in ("empty list", "nested lists", "deep key", "deepest", "ratio", "long list", "odd"):
        assert words in text, (words, text)
    assert "a_card" not in text and "a card" in text and "Odd table" in text
    assert hand is None and score == "" and label == "A♠"
    ann.check_protocol()
    ann.close()
