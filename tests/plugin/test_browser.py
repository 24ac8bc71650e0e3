"""The plug-in game at the browser table: created in the lobby by its form, played to the end by
clicking on the generic board (the game ships no board of its own), every frame each page got
exactly the engine's view for its seat."""

from __future__ import annotations

from typing import Any

from tests.browser.people import Person, play_to_end
from tests.plugin.toy import TOY, needs_toy
from tests.web.play import check_frames
from tests.web.server import Server

pytestmark = needs_toy


class FramesOf:
    """The frames one page received while it held ``seat`` (what ``check_frames`` reads)."""

    def __init__(self, person: Person, seat: int | None) -> None:
        self.frames: list[dict[str, Any]] = []
        holding: int | bool | None = False
        for frame in person.received:
            if frame.get("type") == "welcome":
                holding = frame["seat"]
            if frame.get("type") in ("welcome", "update") and holding == seat:
                self.frames.append(frame)


def test_a_lobby_table_played_to_the_end_by_clicking(browser: Any, web: Server) -> None:
    ann = Person(browser, web.base, seed=1)
    bea = Person(browser, web.base, seed=2)
    ann.page.goto(web.base + "/")
    offered = ann.page.locator(f'#game option[value="{TOY}"]').inner_text()
    assert offered.strip() == "High Card Tricks"
    links = ann.create(TOY, 3, [0, 1], {"rounds": 2, "hand_size": 3, "hook": True})
    bea.accept(links[1], "bea")
    hands = [ann.state()["hand"], bea.state()["hand"]]
    assert all(len(hand) == 3 for hand in hands) and not set(hands[0]) & set(hands[1])
    moves = play_to_end([ann, bea])
    assert moves >= 2 * 2 * (1 + 3)  # each person bids and plays three cards a round
    assert ann.clicks + bea.clicks >= moves
    ends = [f for f in ann.received if f.get("type") == "end"]
    record = ends[-1]["record"]
    assert record["game"] == TOY and record["options"]["hook"] is True
    assert len(record["actions"]) == 2 * 3 * (1 + 3)
    for person, seat in ((ann, 0), (bea, 1)):
        end = person.page.locator("#end")
        assert end.is_visible() and "The game is over" in end.inner_text()
        assert check_frames(FramesOf(person, seat), seat, record) > 0  # type: ignore[arg-type]
        assert not [r for r in person.requests if f"/games/{TOY}/" in r]  # no board of its own
        person.check_protocol()
        person.close()
