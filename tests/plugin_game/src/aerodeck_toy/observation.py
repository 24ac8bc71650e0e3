"""The observation encoder (``Game.observation_encoder``): a seat's view, field by field, as the
fixed-shape vector the RL faces (PettingZoo, Gymnasium, OpenSpiel) hand a learner."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from aerodeck.core.api import JSON, OVER
from aerodeck_toy.actions import CARDS, MAX_HAND
from aerodeck_toy.state import BID, MADE_BONUS, PLAY

if TYPE_CHECKING:
    from aerodeck.core.features import Encoder
    from aerodeck_toy.game import HighCardTricks

DECK = tuple(str(card) for card in CARDS)
PHASES = (BID, PLAY, OVER)
MOST_POINTS_A_ROUND = MADE_BONUS + MAX_HAND


def _cards_of(key: str) -> Callable[[JSON], list[str]]:
    """The cards of a trick in the view (``trick``, ``last_trick``), for a ``Counts``."""
    return lambda view: [play["card"] for play in view[key]]


def encoder(game: HighCardTricks) -> Encoder:
    """The fields of a configured game (its player count and options), in view order."""
    # Imported when asked: the game still loads, and plays, under an aerodeck older than the
    # plug-in hooks (aerodeck.core.features and .figures), which then never asks for them.
    from aerodeck.core.features import (
        Counts,
        Encoder,
        Flag,
        Number,
        OneHot,
        PerSeat,
        Seat,
        Seats,
    )

    players, rounds = game.players, game.options["rounds"]
    return Encoder(
        game.id,
        players,
        [
            OneHot("phase", "what is being decided", PHASES),
            Seat("to_act", "the seat to decide", players),
            Seat("leader", "the seat that bid first this round", players),
            Number("round", "the round", rounds),
            Number("hand_size", "cards dealt a seat", MAX_HAND),
            Counts("trick", "the cards on the table", DECK, get=_cards_of("trick")),
            Counts("last_trick", "the cards of the last trick", DECK, get=_cards_of("last_trick")),
            Counts("played", "every card played this round", DECK),
            PerSeat(
                "seats",
                "the public facts about each seat",
                players,
                [
                    Flag("has_bid", "has bid this round", get=lambda s: s["bid"] is not None),
                    Number("bid", "the bid", MAX_HAND),
                    Number("tricks", "tricks taken this round", MAX_HAND),
                    Number("score", "score", rounds * MOST_POINTS_A_ROUND),
                    Number("cards", "cards in hand", MAX_HAND),
                ],
            ),
            Seats("winners", "the winners (at the end)", players),
            Counts("hand", "your hand", DECK),
        ],
    )
