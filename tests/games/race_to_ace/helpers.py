"""Stacked positions for Race to Ace tests: hands and a deck top chosen card by card."""

from __future__ import annotations

from typing import Any

import aerodeck
from aerodeck.games.race_to_ace.rules import RaceState

ABBIE, BENJAMIN, CARLA, DEREK = 0, 1, 2, 3

# The rulebook's example of play: Abbie, Benjamin, Carla and Derek (seats 0..3), Abbie first.
EXAMPLE_SETUP: dict[str, Any] = {
    "first": ABBIE,
    "hands": [
        ["jammit", "jammit", "maneuver", "jammit", "missile", "relight", "relight"],
        ["relight", "malfunction", "jammit", "guns", "radar", "visual", "relight"],
        ["visual", "guns", "radar", "missile", "relight", "radar", "missile"],
        ["maneuver", "missile", "missile", "radar", "malfunction", "visual", "jammit"],
    ],
    "deck": [
        "flameout",  # Abbie's draw, turn 1
        "visual",  # Benjamin's draw, turn 2
        "guns",  # Carla's draw, turn 3: "another GUNS card"
        "malfunction",  # Derek refills after the first dogfight
        "relight",  # Derek's draw, turn 4: "not a GUNS card"
        "missile",  # Benjamin refills
        "radar",  # Abbie's draw, turn 5
        "visual",  # Abbie refills two cards
        "guns",
        "radar",  # Benjamin refills one
        "relight",  # Benjamin's lost turn: draw and discard
        "hotstick",  # Carla's draw, turn 7
        "guns",  # Derek refills
        "flameout",  # Derek's draw, turn 8
        "radar",  # Derek refills two
        "visual",
        "jammit",  # Abbie refills one
        "missile",  # Abbie's lost turn
    ],
}

# Every move of the example, turn by turn, in canonical notation.
EXAMPLE_MOVES: list[tuple[str, list[str]]] = [
    ("Abbie flames out Benjamin; he has no GOLDEN BIRD to reveal", ["flameout 1", "pass"]),
    ("Benjamin relights", ["relight"]),
    (
        "Carla acquires Derek, who outmaneuvers; Carla cannot counter, Derek has no GUNS",
        ["visual 3", "maneuver V2>3", "pass", "pass"],
    ),
    ("Derek's RADAR on Benjamin meets a MALFUNCTION", ["radar 1", "malfunction R3>1", "pass"]),
    (
        "Abbie's RADAR on Benjamin: JAMMIT!, ECCM, and a MISSILE",
        ["radar 1", "jammit R0>1", "jammit R0>1", "pass", "missile 1"],
    ),
    ("Benjamin's lost turn", ["discard relight"]),
    (
        "Carla's HOT STICK slides the VISUAL back to Derek, who MALFUNCTIONs it",
        ["hotstick V2>3", "malfunction V2>3", "pass"],
    ),
    (
        "Derek acquires Abbie; her MANEUVER is countered by MALFUNCTION; GUNS",
        ["visual 0", "maneuver V3>0", "malfunction V3>0", "pass", "guns 0"],
    ),
    ("Abbie's lost turn", ["discard relight"]),
]

EXAMPLE_SEED = 1980


def new_state(players: int = 4, seed: int = 1, **options: Any) -> RaceState:
    state = aerodeck.make("race_to_ace", players=players, **options).new_game(seed=seed)
    assert isinstance(state, RaceState)
    return state


def stacked(setup: dict[str, Any], players: int = 4, seed: int = 1, **options: Any) -> RaceState:
    game = aerodeck.make("race_to_ace", players=players, **options)
    state = game.new_game(seed=seed, setup=setup)
    assert isinstance(state, RaceState)
    return state


def play(state: RaceState, *moves: str) -> None:
    for move in moves:
        state.apply(move)
        state.check_invariants()


def legal(state: RaceState) -> set[str]:
    return {str(a) for a in state.legal_actions()}


FILLERS = ("relight",) * 10 + ("missile",) * 10 + ("radar",) * 15


def table(
    *hands: str,
    deck: str = "",
    first: int = 0,
    seed: int = 1,
    **options: Any,
) -> RaceState:
    """A stacked table: each hand is a space-separated card list padded to seven with harmless
    fillers (RELIGHT, then MISSILE, then RADAR); ``deck`` is the top of the draw deck."""
    fillers = list(FILLERS)
    lists = [text.split() for text in hands]
    for used in [w for cards in lists for w in cards] + deck.split():
        if used in fillers:
            fillers.remove(used)
    for cards in lists:
        while len(cards) < 7:
            cards.append(fillers.pop(0))
    setup: dict[str, Any] = {"hands": lists, "deck": deck.split(), "first": first}
    return stacked(setup, players=len(hands), seed=seed, **options)


def take_from_deck(state: RaceState, *kinds: int) -> None:
    """Pull cards out of the draw deck so a test can lay them on the table (cards conserved)."""
    deck = list(state.deck)
    for kind in kinds:
        deck.remove(kind)
    state.deck = tuple(deck)


def skip_turn(state: RaceState, times: int = 1) -> None:
    """The pilot to act discards a filler (RELIGHT, MISSILE, RADAR if held), ``times`` times."""
    for _ in range(times):
        moves = legal(state)
        for word in ("relight", "missile", "radar", "jammit"):
            if f"discard {word}" in moves:
                play(state, f"discard {word}")
                break
        else:
            play(state, sorted(m for m in moves if m.startswith("discard"))[0])
