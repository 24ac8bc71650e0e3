"""On a phone (390x844) the action bar is pinned at the bottom of the window; when the turn comes
to the person, every card of their hand is inside the viewport and clear of the bar, even when
they had scrolled away (down to the log) while the others played, and even when the hand is
taller than the room the bar leaves (Ace Race's seventeen cards). Only the turn's start moves the
page: a later drawing of the same turn leaves where the person scrolled alone (static/handview.js).

Lean: one server, the person against random bots, the person's second turn only (the page is
scrolled away in the same task as the move is made, so before the bots can answer).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.people import STATE, Person
from tests.web.server import Server

PHONE = {"width": 390, "height": 844}
# game -> players, options (the short ones of test_readable, with a hand from the first turn)
GAMES: dict[str, tuple[int, dict[str, Any]]] = {
    "aces_versus_aces": (2, {"target": 15}),
    "ace_race": (2, {"max_turns": 20}),
    "race_to_ace": (3, {"kills_to_win": 1}),
    "air_racing": (2, {"laps": 1, "stock_speed": 12}),
    "down_in_flames": (2, {}),
}
MAX_OWN_MOVES = 10  # the person's moves in a row (no other seat moving between) before giving up
IN_VIEW_MS = 5000  # the smooth scroll's bound, on a busy machine
TURN_MS = 30000  # the bots' moves, on a busy machine
# the hand's cards outside the viewport or overlapping the action bar, as "card: why" lines
HIDDEN_CARDS = """(() => {
  const bar = document.getElementById('action-bar').getBoundingClientRect();
  const cards = [...document.querySelectorAll('#hand-box:not([hidden]) #hand button.card')];
  if (!cards.length) return ['no hand on show'];
  return cards.flatMap((card) => {
    const r = card.getBoundingClientRect();
    const out = r.top < 0 || r.left < 0 || r.bottom > innerHeight || r.right > innerWidth;
    const under = r.bottom > bar.top && r.top < bar.bottom
      && r.right > bar.left && r.left < bar.right;
    return out ? [`${card.dataset.card}: outside the viewport`]
      : under ? [`${card.dataset.card}: under the action bar`] : [];
  });
})()"""
SCROLL_TO_THE_END = "window.scrollTo(0, document.documentElement.scrollHeight)"
# the move by its button in the bar, and the page scrolled down to the log in the same task, so
# before any answer of the server arrives: the person reads on while the bots play
MOVE_AND_LOOK_AWAY = """(move) => {
  const buttons = [...document.querySelectorAll('#move-buttons button.move')];
  buttons.find((b) => b.dataset.move === move).click();
  window.scrollTo(0, document.documentElement.scrollHeight);
  return window.scrollY;
}"""
OTHERS_MOVES = "(s => s.history.filter(m => m.seat !== s.seat).length)(window.aerodeck.state)"
MY_NEXT_DECISION = """(s => s.end !== null
  || (s.version !== VERSION && s.legal.length > 0 && !s.busy && s.status === 'playing'))
  (window.aerodeck.state)"""


def look_away_until_the_turn_comes_back(ann: Person) -> None:
    """The person moves and scrolls down to the log; again while their turn goes on (a move that
    leaves them to move again), until another seat has moved and the turn is theirs again."""
    page = ann.page
    for _ in range(MAX_OWN_MOVES):
        state = ann.my_turn()
        assert state is not None, "the game ended before the turn came back"
        seen = page.evaluate(OTHERS_MOVES)
        move = ann.rng.choice(state["legal"])
        assert page.evaluate(MOVE_AND_LOOK_AWAY, move) > 0, "the page is too short to scroll"
        next_decision = MY_NEXT_DECISION.replace("VERSION", str(state["version"]))
        page.wait_for_function(next_decision, timeout=TURN_MS)
        if page.evaluate(OTHERS_MOVES) > seen:
            return
    raise AssertionError(f"the person moved {MAX_OWN_MOVES} times with no other seat moving")


def wait_for_the_whole_hand(page: Any, game_id: str) -> None:
    try:
        page.wait_for_function(f"{HIDDEN_CARDS}.length === 0", timeout=IN_VIEW_MS)
    except Exception:  # the page's own words on what stays hidden, not Playwright's timeout
        raise AssertionError(f"{game_id}: {page.evaluate(HIDDEN_CARDS)}") from None


@pytest.mark.parametrize("game_id", list(GAMES))
def test_the_turn_brings_the_whole_hand_into_view_above_the_bar(
    browser: Any, web: Server, game_id: str
) -> None:
    players, options = GAMES[game_id]
    ann = Person(browser, web.base, seed=55, viewport=PHONE)
    ann.create(game_id, players, [0], options)
    page = ann.page
    page.wait_for_function(MY_NEXT_DECISION.replace("VERSION", "-1"), timeout=TURN_MS)
    look_away_until_the_turn_comes_back(ann)
    wait_for_the_whole_hand(page, game_id)

    # later drawings of the same turn leave the page where the person scrolls it
    page.evaluate(SCROLL_TO_THE_END)
    page.evaluate("window.aerodeck.redraw()")
    page.wait_for_timeout(300)  # long enough for a smooth scroll to have begun
    assert page.evaluate(HIDDEN_CARDS), "a drawing in the middle of the turn scrolled to the hand"
    assert page.evaluate(f"{STATE}.legal.length") > 0
    assert not ann.errors, ann.errors
    ann.close()


def test_a_hand_taller_than_the_room_above_the_bar_takes_room_from_the_bar(
    browser: Any, web: Server
) -> None:
    """Ace Race's highest bid takes six cards more: eighteen, five rows, taller than the room the
    bar leaves at its usual height (42% of the window, filled by the many moves of the first
    rule). The page opened on that decision (a reload) shows them all, the bar shorter; with
    reduced motion, so the page jumps there instead of gliding."""
    players, options = GAMES["ace_race"]
    ann = Person(browser, web.base, seed=56, viewport=PHONE, reduced_motion="reduce")
    ann.create("ace_race", players, [0], options)
    page = ann.page
    page.wait_for_function(MY_NEXT_DECISION.replace("VERSION", "-1"), timeout=TURN_MS)
    version = page.evaluate(f"{STATE}.version")
    page.click('#move-buttons button[data-move="bid 6"]')  # seat 0 bids first
    page.wait_for_function(MY_NEXT_DECISION.replace("VERSION", str(version)), timeout=TURN_MS)
    assert page.locator("#hand button.card").count() == 18
    page.reload()
    ann.wait_welcome()
    wait_for_the_whole_hand(page, "ace_race")
    assert page.evaluate("document.getElementById('action-bar').offsetHeight") < 0.42 * 844
    assert not ann.errors, ann.errors
    ann.close()
