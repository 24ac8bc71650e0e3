"""Race to Ace: the seat's view as a vector for the RL faces (fields in view order)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from aerodeck.core.api import OVER, Game
from aerodeck.core.features import (
    Buffer,
    Context,
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
from aerodeck.games.race_to_ace import cards

CARDS = cards.WORDS
PHASES = ("turn", "lost turn", "dogfight", "fire", "react", "weapon", "trim", OVER)
ACQUISITIONS = tuple(CARDS[kind] for kind in cards.ACQUISITIONS)
COVERS = (None, CARDS[cards.JAMMIT], CARDS[cards.MANEUVER])
ACQUISITION_CARDS = sum(cards.COUNTS[kind] for kind in cards.ACQUISITIONS)


class Acquisitions(Field):
    """Acquisitions in play as counts per (kind, target, source, cover): a fixed grid."""

    __slots__ = ("players",)

    def __init__(self, players: int) -> None:
        size = len(ACQUISITIONS) * players * players * len(COVERS)
        doc = (
            "acquisitions in play: a count per kind (radar, visual) x target seat x source seat "
            "(relative, +0 first) x cover (none, jammit, maneuver); who laid the cover is left out"
        )
        super().__init__("acquisitions", size, doc)
        self.players = players

    def bounds(self) -> tuple[list[float], list[float]]:
        """A stack count is at most the copies of its acquisition card."""
        per_kind = self.size // len(ACQUISITIONS)
        high = [float(cards.COUNTS[kind]) for kind in cards.ACQUISITIONS for _ in range(per_kind)]
        return [0.0] * self.size, high

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        n = self.players
        for stack in source.get("acquisitions") or ():
            kind = ACQUISITIONS.index(stack["kind"])
            on, by = ctx.relative(stack["on"]), ctx.relative(stack["by"])
            cover = COVERS.index(stack["cover"])
            out[at + ((kind * n + on) * n + by) * len(COVERS) + cover] += 1.0


def encoder(game: Game) -> Encoder:
    return Encoder(game.id, game.players, fields(game.players, game.options))


def fields(players: int, options: dict[str, Any]) -> list[Field]:
    kills = float(options["kills_to_win"])
    return [
        OneHot("phase", "what is being decided", PHASES),
        Seat("to_act", "the seat to decide", players),
        Seat("turn", "whose turn it is", players),
        Number("turn_number", "turns played", float(options["max_turns"])),
        Number("game_number", "the game of the match", float(options["games"])),
        Number("games", "games in the match", 50),
        Number("kills_to_win", "kills that make the Ace", 20),
        Flag("tokens", "acquisition tokens in use"),
        Number("deck", "cards left in the deck", 70),
        Counts("discards", "the discard pile", CARDS, 10, most=cards.COUNTS),
        OneHot("discard_top", "the top discard", CARDS),
        PerSeat(
            "pilots",
            "the public facts about each pilot",
            players,
            [
                Number("hand_size", "cards in hand", 8),
                Number("wing_size", "cards in the wingman's hand", 7),
                Number("kills", "kills", kills),
                Number("acquisitions", "successful acquisitions", 10, high=ACQUISITION_CARDS),
                Number("score", "match score", 50),
                Flag("downed", "shot down"),
                Seats("flameouts", "FLAMEOUTs on the pilot, by who played them", players),
                Flag("hot_stick", "shows HOT STICK"),
                Flag("golden_bird", "shows GOLDEN BIRD"),
            ],
        ),
        Acquisitions(players),
        Group(
            "dogfight",
            "the dogfight under way",
            [
                Seat("attacker", "the attacker", players),
                Seat("defender", "the defender", players),
                OneHot("kind", "the acquisition fought over", ACQUISITIONS),
            ],
        ),
        Group(
            "pending",
            "a card a special may still cancel",
            [
                OneHot("card", "the card", CARDS),
                Seat("by", "who played it", players),
                Seat("against", "who it was played on", players),
            ],
        ),
        Group(
            "weapon",
            "the weapon being fired",
            [
                OneHot("card", "the weapon", CARDS),
                Seat("by", "the shooter", players),
                Seat("at", "the target", players),
            ],
        ),
        Seats("winners", "the winners (at the end)", players),
        Counts("hand", "your hand", CARDS, 8, most=cards.COUNTS),
        Counts("wing", "your wingman's hand (wingmen variant)", CARDS, 7, most=cards.COUNTS),
    ]
