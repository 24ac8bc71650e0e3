"""A lone move's reason reaches the seat in its frames (`forced`, docs/web-protocol.md), worded
for it: the game's ``forced_reason`` with the seat as "you", and only when one move is offered."""

from __future__ import annotations

import aerodeck
from aerodeck.core.api import State
from aerodeck.web.service.records import Seat
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tables import Table

REASON = "seat 0 holds no card the rule allows, so seat 0 must draw"


def _table_at_a_lone_move() -> Table:
    """Two people at Ace Race whose Game gives a reason, seat 0 offered one move only."""
    ace_race = type(aerodeck.make("ace_race"))

    class ToldAceRace(ace_race):  # type: ignore[misc, valid-type]
        def forced_reason(self, state: State) -> str | None:
            return REASON

    game = ToldAceRace(players=2)
    state = game.new_game(seed=1)
    marks = [state.event_count]
    for number in range(1, 200):  # a fixed walk to seat 0's first lone move
        legal = state.legal_actions()
        if state.current_player == 0 and len(legal) == 1 and number > 1:
            break
        state.apply(legal[(6 + number) % len(legal)])
        marks.append(state.event_count)
    people = [Seat("human", None, name, "digest", None, None) for name in ("ann", "bea")]
    return Table(
        id="t",
        game=game,
        state=state,
        seed=1,
        host_hash="",
        listed=False,
        clock=None,
        fallback_bot="random",
        status=TableStatus.PLAYING,
        created="",
        seats=people,
        marks=marks,
        acked={},
    )


def test_the_seat_with_one_move_is_told_why_and_the_others_are_not() -> None:
    table = _table_at_a_lone_move()
    assert len(table.legal_for(0)) == 1
    assert table.welcome(0, None)["forced"] == (
        "you hold no card the rule allows, so you must draw"
    )
    assert table.update(0, table.version, [])["forced"] is not None
    assert table.welcome(1, None)["forced"] is None  # not seat 1's decision
    assert table.welcome(None, None)["forced"] is None  # a spectator


def test_each_event_names_the_move_that_caused_it() -> None:
    table = _table_at_a_lone_move()
    events = table.events_for(1, None)
    caused = [event["move"] for event in events]
    assert caused == sorted(caused) and caused[-1] == table.version
    for version in range(1, table.version + 1):
        mine = [e for e in events if e["move"] == version]
        assert len(mine) == table.marks[version] - table.marks[version - 1]
