"""Aces versus Aces: the seat's view as a vector for the RL faces (fields in view order)."""

from __future__ import annotations

from typing import Any

from aerodeck.core.api import OVER, Game
from aerodeck.core.cards import CARDS
from aerodeck.core.features import (
    Counts,
    Encoder,
    Field,
    Flag,
    Number,
    OneHot,
    PerSeat,
    Seat,
    Seats,
)
from aerodeck.games.aces_versus_aces.state import (
    COIN_NAMES,
    COIN_POINTS,
    DISCARD,
    PLAY,
    WON_POINTS,
)

DECK = tuple(str(c) for c in CARDS)
COINS = tuple(sorted(COIN_NAMES[1:]))  # the coins by name (COIN_NAMES[0] is no coin)
PHASES = (PLAY, DISCARD, OVER)
MOST_IN_A_ROUND = sum(WON_POINTS) + sum(COIN_POINTS)  # every card won and every coin


def encoder(game: Game) -> Encoder:
    return Encoder(game.id, game.players, fields(game.players, game.options))


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
                Number("score", "score", target, low=-target, high=target + MOST_IN_A_ROUND),
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
