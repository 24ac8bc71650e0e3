"""The Air Racing table: its slots, constants and the helpers both halves of the game share.

The state machine is layered, one concern a module: ``base`` (this file), ``season`` (Speed Mod
Season and Quick Play), ``race`` (Race Week, championships, Legacy and heats) and ``rules`` (set-up
scenarios and the core contract: legal moves, views, determinization, invariants).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import TurnState
from aerodeck.core.errors import ConfigError
from aerodeck.core.rng import roll
from aerodeck.games.air_racing.cards import (
    BOOST,
    FAST,
    KINDS,
    MICROKNOT,
    NAMES,
    TOTALS,
)

if TYPE_CHECKING:
    from aerodeck.games.air_racing.game import AirRacing

MONTHS = ("October", "November", "December", "January", "February", "March", "April", "May",
          "June", "July", "August")  # fmt: skip
START_DOLLARS = 7
START_MODS = 3
HAND_SIZE = 5
QUICK_PLAY_CASH = 25
HALF = 2  # half-tile steps per tile: speeds and penalties are kept in half tiles
BOOST_SPEED = 3 * HALF
CUT_PENALTY = 2 * HALF
BACKFIRE_PENALTY = 3 * HALF
SIDESTEP = 1 * HALF
CLIMB = 1 * HALF
PASS_MARK = 6
LOW, MID, HIGH = 0, 1, 2

PICK, ACTION, TUNNEL, REDRAW, BUY, QUICK = "pick", "action", "tunnel", "redraw", "buy", "quick"
ALT, BOOSTING, CANCEL, SIDE = "altitude", "boost", "cancel", "side"
SEASON_PHASES = (PICK, ACTION, TUNNEL, REDRAW, BUY)
RACE_PHASES = (ALT, BOOSTING, CANCEL, SIDE)

Pile = tuple[int, ...]


def skill_check_passes(face: int, fast: int, modifier: int = 0) -> bool:
    """A D10 skill check: a 0 always fails; otherwise roll + FAST + modifier must reach 6."""
    return face != 0 and face + fast + modifier >= PASS_MARK


class AirRacingBase(TurnState):
    """The whole table. Every slot holds an immutable value, so ``clone`` shares them."""

    __slots__ = (
        "actions_left",
        "alt",
        "bonus",
        "boosts_used",
        "box",
        "buys_left",
        "carried",
        "cash",
        "champions",
        "decks",
        "dice",
        "discards",
        "grid",
        "hands",
        "in_heat",
        "inplay",
        "lane",
        "month",
        "n",
        "owned",
        "pos",
        "queue",
        "race_round",
        "redraws",
        "rng_seed",
        "season_no",
        "speed_left",
        "spent",
        "supply",
        "tokens",
        "tossed",
        "traffic",
        "tunnels",
    )

    game: AirRacing

    def __init__(self, game: AirRacing, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        n = game.players
        self.n = n
        self.rng_seed = self.seed
        self.dice: tuple[int, ...] = ()
        self.supply: tuple[int, ...] = TOTALS
        self.box: tuple[int, ...] = (0,) * len(KINDS)
        self.decks: tuple[Pile, ...] = ((),) * n
        self.hands: tuple[Pile, ...] = ((),) * n
        self.discards: tuple[Pile, ...] = ((),) * n
        self.inplay: tuple[Pile, ...] = ((),) * n
        self.owned: tuple[tuple[int, ...], ...] = ((0,) * len(KINDS),) * n
        self.carried: tuple[tuple[int, ...], ...] = ((0,) * len(KINDS),) * n
        self.season_no = 1
        self.champions: tuple[int, ...] = ()  # the winner of each race so far
        self.in_heat = False
        self.month = 0
        self.actions_left = self.buys_left = self.bonus = self.spent = 0
        self.redraws = self.tunnels = self.tossed = 0
        self.cash: tuple[int, ...] = (0,) * n
        self.pos: tuple[int, ...] = (0,) * n
        self.lane: tuple[int, ...] = tuple(range(n))
        self.alt: tuple[int, ...] = (MID,) * n
        self.tokens: tuple[int, ...] = (0,) * n
        self.grid: tuple[int, ...] = ()
        self.queue: tuple[int, ...] = ()
        self.race_round = 0
        self.speed_left = 0
        self.boosts_used = 0
        self.traffic = 0  # the race turn's occupancy index, a bit mask (race._traffic)
        self.result = None
        self.phase = PICK
        self.to_act = 0

    @abstractmethod
    def _start_race_week(self) -> None:
        """Race Week begins (the race layer): the grid, and maybe a heat first."""

    def _take(self, seat: int, cards: list[int]) -> None:
        supply = list(self.supply)
        for c in cards:
            if supply[c] == 0:
                raise ConfigError(f"setup: not enough {NAMES[c]} cards in the supply")
            supply[c] -= 1
        self.supply = tuple(supply)

    def mods(self, seat: int) -> dict[str, int]:
        have = self.owned[seat]
        return {"microknot": have[MICROKNOT], "fast": have[FAST], "boost": have[BOOST]}

    def base_speed(self, seat: int) -> int:
        """Stock speed plus half a tile per Microknot, in half tiles."""
        return int(self.game.options["stock_speed"]) * HALF + self.owned[seat][MICROKNOT]

    def _d10(self) -> int:
        """A D10 face 0..9 (forced faces from a setup first)."""
        if self.dice:
            face, self.dice = self.dice[0], self.dice[1:]
            return face
        value, self.rng_seed = roll(self.rng_seed, 10)
        return value % 10


def bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + delta, *values[index + 1 :])
