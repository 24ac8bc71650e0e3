"""Aces versus Aces: the seat's view as a vector (fields in view order)."""

from __future__ import annotations

from typing import Any

from aerodeck.core.cards import CARDS
from aerodeck.rl.encode import Counts, Field, Flag, Number, OneHot, PerSeat, Seat, Seats

DECK = tuple(str(c) for c in CARDS)
COINS = ("dime", "nickel", "quarter")
PHASES = ("play", "discard", "over")


def fields(players: int, options: dict[str, Any]) -> list[Field]:
    target = float(options["target"])
    return [
        OneHot("phase", "what is being decided", PHASES),
        Seat("to_act", "the seat to decide", players),
        Number("round", "the round", 10),
        Number("hand_number", "the hand within the game", 20),
        Number("target", "points that win the game", 100),
        Number("deck", "cards left in the deck", 52),
        Counts("discards", "the discard pile", DECK),
        Number("aces_played", "Aces played so far", 4),
        PerSeat(
            "last_plays",
            "each seat's card in the last hand (none: zeros)",
            players,
            [OneHot("value", "the card", DECK)],
        ),
        PerSeat(
            "seats",
            "the public facts about each seat",
            players,
            [
                Flag("in_game", "still in the game"),
                Number("markers", "command markers left", 5),
                Number("score", "score", target),
                Number("hand_size", "cards in hand", 4),
                Flag("committed", "has played a card face down this hand"),
                Counts("won", "cards won and kept", DECK),
                Counts("coins", "Ace coins held", COINS),
            ],
        ),
        Seats("winners", "the winners (at the end)", players),
        Counts("hand", "your hand", DECK),
        OneHot("my_play", "your face-down card this hand", DECK),
    ]
