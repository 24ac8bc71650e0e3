"""Air Racing: the seat's view as a vector for the RL faces; the season's and the race's blocks
are zeros out of their stage."""

from __future__ import annotations

from typing import Any

from aerodeck.core.api import OVER, Game
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
    Slots,
)
from aerodeck.games.air_racing.actions import ALTITUDES
from aerodeck.games.air_racing.cards import NAMES as CARDS
from aerodeck.games.air_racing.cards import TOTALS
from aerodeck.games.air_racing.state import MONTHS, QUICK, RACE_PHASES, SEASON_PHASES

PHASES = (*SEASON_PHASES, QUICK, *RACE_PHASES, OVER)
STAGES = ("season", "quick play", "race")  # the view's "stage"


def _race(key: str) -> Any:
    """Read a race-stage key (absent in the season: zeros)."""
    return lambda view: view.get(key) if "course" in view else None


def encoder(game: Game) -> Encoder:
    return Encoder(game.id, game.players, fields(game.players, game.options))


def fields(players: int, options: dict[str, Any]) -> list[Field]:
    seasons = float(options["seasons"])
    return [
        OneHot("phase", "what is being decided", PHASES),
        OneHot("stage", "the stage", STAGES),
        Seat("to_act", "the seat to decide", players),
        OneHot("month", "the month of the season", MONTHS),
        Counts("supply", "the supply", CARDS, 40, most=TOTALS),
        Counts("box", "the box (cards out of the game)", CARDS, 20, most=TOTALS),
        Seats("winners", "the winners (at the end)", players),
        Number("season_no", "the season", seasons),
        Number("seasons", "seasons in the championship", 10),
        PerSeat("race_wins", "races won", players, [Number("value", "races", seasons)]),
        PerSeat(
            "carried",
            "mods carried over (legacy)",
            players,
            [Counts("value", "", CARDS, 10, most=TOTALS)],
        ),
        Group(
            "turn",
            "the season turn under way",
            [
                Number("actions", "actions left", 5),
                Number("buys", "buys left", 5),
                Number("bonus", "bonus dollars", 5),
                Number("spent", "dollars spent", 10),
                Number("redraws", "redraws used", 2),
                Number("tunnels", "wind tunnels left", 2),
                Number("tossed", "cards tossed", 5),
            ],
        ),
        PerSeat(
            "seats",
            "each seat's public season facts (season only)",
            players,
            [
                Number("hand_size", "cards in hand", 10),
                Number("deck_size", "cards in the draw pile", 20),
                Counts("discard", "the discard pile", CARDS, 10, most=TOTALS),
                Counts("in_play", "cards in play", CARDS, 4, most=TOTALS),
                Counts("cards", "every card owned", CARDS, 20, most=TOTALS),
            ],
        ),
        Counts("hand", "your hand", CARDS, 10, most=TOTALS),
        Counts("deck", "your draw pile's contents (not its order)", CARDS, 10, most=TOTALS),
        Number("coins", "your dollars this turn", 10),
        Group(
            "course",
            "the course (race only)",
            [Number("length", "tiles a lap", 100), Number("lanes", "lanes", 4)],
            get=_race("course"),
        ),
        Number("laps", "laps of this race", 20, get=_race("laps")),
        Flag("heat", "a heat race", get=_race("heat")),
        Number("finish", "half tiles to the finish", 400, get=_race("finish")),
        Number("round", "the race round", 100, get=_race("round")),
        Slots("queue", "seats still to move this round", players, [Seat("value", "", players)]),
        Slots("grid", "the starting grid", players, [Seat("value", "", players)]),
        Number("speed_left", "half tiles left to move", 30, get=_race("speed_left")),
        Number("boosts_used", "boosts used this move", 3, get=_race("boosts_used"), high=10),
        PerSeat("cash", "cash won", players, [Number("value", "dollars", 50)], get=_race("cash")),
        PerSeat(
            "aircraft",
            "each aircraft in the race (race only)",
            players,
            [
                Number("pos", "half tiles flown", 400),
                Number("lap", "the lap", 20),
                Number("lane", "the lane", 4),
                OneHot("altitude", "altitude", ALTITUDES),
                Number("speed", "base speed", 20),
                Number("owed", "penalty half tiles owed", 20),
                Number("boost", "boost mods", 10),
                Number("fast", "fast mods", 10),
                Number("microknot", "Microknot", 1),
            ],
            get=_race("aircraft"),
        ),
    ]
