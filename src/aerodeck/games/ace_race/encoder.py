"""Ace Race: the seat's view as a vector for the RL faces (fields in view order)."""

from __future__ import annotations

from typing import Any

from aerodeck.core.api import OVER, Game
from aerodeck.core.cards import SUITS
from aerodeck.core.features import (
    Counts,
    Encoder,
    Field,
    Flag,
    Group,
    Number,
    OneHot,
    PerSeat,
    Seat,
    Seats,
)
from aerodeck.games.ace_race.actions import (
    ABOVE_BELOW,
    HIGH,
    LOW,
    MEDIUM,
    MULTIPLES,
    PRIME,
    SERIES,
    SUITS_RULE,
)
from aerodeck.games.ace_race.cards import JOKER, TEXT
from aerodeck.games.ace_race.legal import MULTIPLE, ON_JOKER, RUN, SINGLE
from aerodeck.games.ace_race.state import BID, DRAWN, GIVE, RULE, TURN

DECK = TEXT[: JOKER + 1]  # the 52 cards and one joker (both jokers are written JK)
PHASES = (BID, RULE, TURN, DRAWN, GIVE, OVER)
RULES = (HIGH, LOW, MEDIUM, ABOVE_BELOW, MULTIPLES, PRIME, SERIES, SUITS_RULE)
KINDS = (SINGLE, MULTIPLE, RUN, ON_JOKER)


def _or_none(key: str) -> Any:
    """Read ``key``, taking the view's empty string as "none" (no suit, no kind yet)."""
    return lambda source: source.get(key) or None


DECK_SIZE = len(TEXT)
JOKERS = TEXT.count("JK")  # the one card of which a pile or hand can hold two


def encoder(game: Game) -> Encoder:
    return Encoder(game.id, game.players, fields(game.players, game.options))


def fields(players: int, options: dict[str, Any]) -> list[Field]:
    games = float(options["games"])
    return [
        OneHot("phase", "what is being decided", PHASES),
        Seat("to_act", "the seat to decide", players),
        Number("game_number", "the game of the match", games),
        Number("games", "games in the match", 50),
        PerSeat("wins", "games won by each seat", players, [Number("value", "games won", games)]),
        Seat("dealer", "the dealer", players),
        Seats("previous_winners", "winners of earlier games", players),
        PerSeat(
            "hand_sizes",
            "cards in each hand",
            players,
            [Number("value", "cards", 20, high=DECK_SIZE)],
        ),
        Number("draw_size", "cards in the draw pile", 54),
        Counts("pile", "the discard pile", DECK, most=JOKERS),
        Number("top_run", "cards in the run on top of the pile", 4),
        Group(
            "bid",
            "the bidding for the first rule",
            [
                Number("high", "the highest bid (-1: none)", 6, low=-1),
                Seat("leader", "who holds the highest bid", players),
                PerSeat("passed", "who has passed", players, [Flag("value", "passed")]),
                Seat("winner", "who won the bid", players),
            ],
        ),
        Group(
            "rule",
            "the rule in force",
            [
                OneHot("rule", "the rule", RULES),
                OneHot("suit", "the suit it names (Suits)", SUITS, get=_or_none("suit")),
                OneHot("ace", "the Ace that sets it", SUITS),
                Counts("last", "the last play it was set by", DECK, most=JOKERS),
                OneHot("last_kind", "the kind of that play", KINDS, get=_or_none("last_kind")),
                OneHot("direction", "Above/Below's direction", ("higher", "lower")),
            ],
        ),
        Number("turn", "turns played", float(options["max_turns"])),
        Number("max_turns", "the turn limit", 10000),
        Number("idle", "turns in a row without a play", players),
        Seat("giver", "the seat giving cards", players),
        Number("give_left", "cards still to give", 2),
        Seats("winners", "the winners (at the end)", players),
        Counts("hand", "your hand", DECK, most=JOKERS),
        OneHot("drawn", "the card you just drew", DECK),
    ]
