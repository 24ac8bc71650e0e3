"""Air Racing as a pure state machine (no I/O). Rulings R1..R23 are in docs/games/air_racing.md.

Speed Mod Season: every seat picks its three starting speed mods, then eleven months (October to
August) of turns in seat order, each an action phase, a buy phase and a cleanup. Race Week: the
grid by speed, then rounds in which aircraft move from first place to last, each choosing its
altitude, its Boosts and its lane before flying its speed. Quick Play skips the season. This module
holds the set-up scenarios and carries out moves; the rules themselves live in ``season`` and
``race``, the state's fields in ``state``, the legal moves in ``legal``, views in ``view``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import Action
from aerodeck.core.errors import ConfigError, NotationError
from aerodeck.core.setups import check_setup_keys
from aerodeck.core.tuples import replace_at as put
from aerodeck.games.air_racing import actions, piles
from aerodeck.games.air_racing.cards import (
    KINDS,
    NAMES,
    SPEED_MODS,
    kind,
)
from aerodeck.games.air_racing.legal import LegalMoves
from aerodeck.games.air_racing.state import (
    HAND_SIZE,
    MONTHS,
    QUICK,
    REDRAW,
)
from aerodeck.games.air_racing.view import Information

if TYPE_CHECKING:
    from aerodeck.games.air_racing.game import AirRacing


class AirRacingState(LegalMoves, Information):
    """A game of Air Racing: set-up and the moves carried out (the rules in ``season`` and
    ``race``)."""

    __slots__ = ()

    def __init__(self, game: AirRacing, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        if setup:
            self._read_setup(setup)
        else:
            self._start_season()

    # --- set-up scenarios -------------------------------------------------------------------

    def _read_setup(self, setup: Mapping[str, Any]) -> None:
        """Check a scenario (see docs): forced ``dice``, a stacked ``season`` or a ``race``."""
        check_setup_keys(setup, ("dice", "season", "race"))
        dice = setup.get("dice", [])
        if not isinstance(dice, list) or not all(
            isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 9 for d in dice
        ):
            raise ConfigError("setup dice: a list of D10 faces 0 to 9")
        self.dice = tuple(dice)
        if "season" in setup and "race" in setup:
            raise ConfigError("setup: give a season or a race, not both")
        if "season" in setup:
            self._setup_season(setup["season"])
        elif "race" in setup:
            self._setup_race(setup["race"])
        else:
            self._start_season()

    def _per_seat(self, value: Any, what: str) -> list[Any]:
        if not isinstance(value, list) or len(value) != self.n:
            raise ConfigError(f"setup {what}: one entry per seat ({self.n})")
        return value

    def _setup_season(self, season: Any) -> None:
        if not isinstance(season, dict) or set(season) - {"decks", "month"}:
            raise ConfigError("setup season: a table with decks (per seat, top first) and month")
        month = season.get("month", 0)
        if type(month) is not int or not 0 <= month < len(MONTHS):
            raise ConfigError("setup season month: 0 (October) to 10 (August)")
        decks = self._per_seat(season.get("decks"), "season decks")
        for seat, deck in enumerate(decks):
            if not isinstance(deck, list):
                raise ConfigError("setup season decks: a list of cards per seat")
            try:
                cards = [kind(str(c)) for c in deck]
            except NotationError as error:
                raise ConfigError(f"setup season decks: {error}") from None
            if len(cards) < HAND_SIZE:
                raise ConfigError(f"setup season decks: at least {HAND_SIZE} cards a seat")
            self._take(seat, cards)
            self.hands = put(self.hands, seat, tuple(sorted(cards[:HAND_SIZE])))
            self.decks = put(self.decks, seat, tuple(cards[HAND_SIZE:]))
        self.month = month
        self._start_turn(0)

    def _setup_race(self, race: Any) -> None:
        keys = {"mods", "positions", "lanes", "altitudes", "tokens"}
        if not isinstance(race, dict) or set(race) - keys or "mods" not in race:
            raise ConfigError(
                f"setup race: a table with mods and optionally {sorted(keys - {'mods'})}"
            )
        for seat, mods in enumerate(self._per_seat(race["mods"], "race mods")):
            if not isinstance(mods, dict):
                raise ConfigError("setup race mods: a table of microknot, fast, boost per seat")
            have = [0] * len(KINDS)
            for name, number in mods.items():
                try:
                    k = kind(str(name))
                except NotationError as error:
                    raise ConfigError(f"setup race mods: {error}") from None
                if k not in SPEED_MODS or type(number) is not int or number < 0:
                    raise ConfigError("setup race mods: whole numbers of microknot, fast, boost")
                have[k] = number
            self._take(seat, [k for k in KINDS for _ in range(have[k])])
            self.owned = put(self.owned, seat, tuple(have))
        if "positions" in race or "lanes" in race:
            lanes = self.game.course.lanes
            pos = self._per_seat(race.get("positions", [0] * self.n), "positions")
            lane = self._per_seat(race.get("lanes"), "race lanes")
            if any(type(x) is not int for x in pos + lane):
                raise ConfigError("setup race: positions and lanes are whole numbers")
            if any(not 0 <= x < lanes for x in lane) or any(p < 0 for p in pos):
                raise ConfigError(f"setup race: lanes 0 to {lanes - 1}, positions from 0")
            self.pos, self.lane = tuple(pos), tuple(lane)
            length = self.game.course.length
            for s in range(self.n):
                if self._traffic(s) >> lane[s] * length + pos[s] % length & 1:
                    raise ConfigError(f"setup race: seat {s} overlaps another aircraft")
            self.grid = tuple(self._places())
            self._emit({"type": "grid", "order": list(self.grid), "rolls": {}})
        else:
            self._qualify()
        if "altitudes" in race:
            alts = self._per_seat(race["altitudes"], "race altitudes")
            if not all(a in actions.ALTITUDES for a in alts):
                raise ConfigError("setup race altitudes: low, mid or high per seat")
            self.alt = tuple(actions.ALTITUDES.index(a) for a in alts)
        if "tokens" in race:
            owed = self._per_seat(race["tokens"], "race tokens")
            if not all(type(t) is int and t >= 0 for t in owed):
                raise ConfigError("setup race tokens: half tiles of speed owed per seat")
            self.tokens = tuple(owed)
        self._start_round()

    # --- moves ------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        assert isinstance(action, actions.Move)
        seat = self.to_act
        assert seat is not None
        verb, arg = action.verb, action.arg
        # The commonest moves first: a random game is mostly flying, altitudes and buying.
        if verb == "fly":
            self._fly(seat, arg)
        elif verb == "alt":
            self._altitude(seat, arg)
        elif verb == "buy":
            self._buy(seat, arg)
        elif verb == "end":
            if self.phase == QUICK:
                self._emit({"type": "quick_done", "seat": seat, "left": self.cash[seat]})
                self._next_quick(seat)
            else:
                self._cleanup(seat)
        elif verb == "buys":
            self._to_buy(seat)
        elif verb == "boost":
            self._boost(seat)
        elif verb == "play":
            self._play(seat, arg)
        elif verb in ("cancel", "accept"):
            self._settle_backfire(seat, verb == "cancel")
        elif verb == "side":
            self._side(seat, arg)
        elif verb == "double":
            self._double(seat, arg)
        elif verb == "cash":
            self.tunnels -= 1
            self.bonus += 2
            self._emit({"type": "tunnel_cash", "seat": seat})
            self._after_action(seat)
        elif verb == "redraw":
            self.actions_left -= 1
            self.redraws -= 1
            self.tossed = 0
            self.phase = REDRAW
            self._emit({"type": "redraw", "seat": seat})
        elif verb == "toss":
            self.hands = put(self.hands, seat, piles.remove(self.hands[seat], arg))
            self.discards = put(self.discards, seat, piles.add_sorted(self.discards[seat], (arg,)))
            self.tossed += 1
            self._emit({"type": "toss", "seat": seat, "card": NAMES[arg]})
        elif verb == "draw":
            self._draw(seat, self.tossed)
            self.tossed = 0
            self._after_action(seat)
        else:
            assert verb == "start"
            self._pick(seat, arg)
