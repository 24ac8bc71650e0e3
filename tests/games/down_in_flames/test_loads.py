"""Custom missile loads (digest §18.1): ruling R44 of docs/games/down_in_flames.md."""

from __future__ import annotations

import aerodeck
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import legal, play


def test_ruling_R44_custom_loads_use_the_no_missile_vp_plus_the_chart() -> None:
    game = aerodeck.make("down_in_flames", missile_loads=True, vp_limit=45, year=1980)
    state = game.new_game(seed=5)
    assert isinstance(state, DifState)
    # The clean VP decides who may fly: the F-4E (48 loaded, 26 clean) is now allowed.
    assert "fly f-4e-phantom-ii" in legal(state)
    play(state, "fly mig-17f")  # 16 VP clean, no printed missiles
    assert state.phase == "pick" and state.to_act == 0 and "clean" in legal(state)
    # Python 3 is a 6 VP missile: 1 pair +11, 2 pairs +16 (the rulebook's example).
    play(state, "pairs python-3 2")
    assert state.load_vp(0) == 16 + 16 and state.view(0)["load"] == [["Python 3", 4]]
    assert "load" not in state.view(1)
    # 13 VP left: AIM-9B (4 VP) one pair +7 or two +10; AIM-9L (7 VP) one pair +13.
    moves = legal(state)
    assert {"pairs aim-9b-sidewinder 1", "pairs aim-9b-sidewinder 2"} <= moves
    assert "pairs aim-9l-sidewinder 1" in moves and "pairs aim-9l-sidewinder 2" not in moves
    assert "pairs python-3 1" not in moves and "pairs aim-54a-phoenix 1" not in moves
    play(state, "ready", "fly f-4e-phantom-ii")
    # Its printed load (48 VP) is over the limit: it cannot be kept, only rebuilt.
    assert "ready" not in legal(state) and "clean" in legal(state)
    play(state, "clean", "ready")
    view = state.view(None)
    assert view["aircraft"][0]["missiles"] == {"Python 3": 4}
    assert view["aircraft"][1]["missiles"] == {}
    assert view["aircraft"][1]["reach"] == "G"
    # The F-4E carries nothing, so the MiG loses no VP; the F-4E's enemy carries missiles.
    assert view["aircraft"][0]["vp"] == 32 and view["aircraft"][1]["vp"] == 26


def test_ruling_R45_several_action_decks_make_one_larger_deck() -> None:
    game = aerodeck.make("down_in_flames", decks=2)
    state = game.new_game(seed=2)
    assert isinstance(state, DifState)
    assert len(state.deck) == 2 * game.data.deck_size  # type: ignore[attr-defined]
    state.check_invariants()
