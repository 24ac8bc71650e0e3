"""Air Racing as a pure state machine (no I/O). Rulings R1..R23 are in docs/games/air_racing.md.

Speed Mod Season: every seat picks its three starting speed mods, then eleven months (October to
August) of turns in seat order, each an action phase, a buy phase and a cleanup. Race Week: the
grid by speed, then rounds in which aircraft move from first place to last, each choosing its
altitude, its Boosts and its lane before flying its speed. Quick Play skips the season. This module
holds the set-up scenarios and the contract; the rules themselves live in ``season`` and ``race``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, OVER, Action
from aerodeck.core.errors import ConfigError, NotationError
from aerodeck.core.rng import shuffle
from aerodeck.core.tuples import replace_at as put
from aerodeck.games.air_racing import actions, piles
from aerodeck.games.air_racing.base import (
    ACTION,
    ALT,
    BOOSTING,
    BUY,
    CANCEL,
    CLIMB,
    HALF,
    HAND_SIZE,
    MONTHS,
    PICK,
    QUICK,
    RACE_PHASES,
    REDRAW,
    SEASON_PHASES,
    SIDE,
    TUNNEL,
)
from aerodeck.games.air_racing.cards import (
    ACTIONS,
    BOOST,
    COSTS,
    KINDS,
    NAMES,
    SPEED_MODS,
    TOTALS,
    kind,
    named_counts,
    tally,
)
from aerodeck.games.air_racing.race import RaceRules

if TYPE_CHECKING:
    from aerodeck.games.air_racing.game import AirRacing


MAX_COST = max(COSTS)
AFFORDABLE = tuple(tuple(k for k in KINDS if COSTS[k] <= coins) for coins in range(MAX_COST + 1))
"""By dollars to spend (up to the dearest card): the kinds they buy, in the encoding's order."""


class AirRacingState(RaceRules):
    """A game of Air Racing: set-up, the contract (legal moves, views, determinization)."""

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
        unknown = set(setup) - {"dice", "season", "race"}
        if unknown:
            raise ConfigError(f"unknown setup key {sorted(unknown)[0]!r} (dice, season, race)")
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
        if not isinstance(month, int) or not 0 <= month < len(MONTHS):
            raise ConfigError("setup season month: 0 (October) to 10 (August)")
        decks = self._per_seat(season.get("decks"), "season decks")
        for seat, deck in enumerate(decks):
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
                if k not in SPEED_MODS or not isinstance(number, int) or number < 0:
                    raise ConfigError("setup race mods: whole numbers of microknot, fast, boost")
                have[k] = number
            self._take(seat, [k for k in KINDS for _ in range(have[k])])
            self.owned = put(self.owned, seat, tuple(have))
        if "positions" in race or "lanes" in race:
            lanes = self.game.course.lanes
            pos = [int(p) for p in self._per_seat(race.get("positions", [0] * self.n), "positions")]
            lane = [int(x) for x in self._per_seat(race.get("lanes"), "race lanes")]
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
            if not all(isinstance(t, int) and t >= 0 for t in owed):
                raise ConfigError("setup race tokens: half tiles of speed owed per seat")
            self.tokens = tuple(owed)
        self._start_round()

    # --- the contract -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        out: list[Action]
        if phase == ALT:
            # A climb costs CLIMB speed a level: every level up to what the speed pays for.
            top = self.alt[seat] + self.speed_left // CLIMB
            out = list(actions.ALT[: top + 1])
            return out
        if phase == BOOSTING:
            lanes = self._lanes_open(seat)
            out = list(actions.FLY[lanes.start : lanes.stop])
            if self.owned[seat][BOOST]:
                out.append(actions.BOOST)
            return out
        if phase == ACTION:
            hand = self.hands[seat]
            out = []
            if self.actions_left:
                out.extend([actions.PLAY[k] for k in ACTIONS if k in hand])
                if self.redraws:
                    out.append(actions.REDRAW)
            out.append(actions.BUYS)
            return out
        if phase == BUY:
            out = [actions.END]
            if self.buys_left:
                supply = self.supply
                affordable = AFFORDABLE[max(0, min(self.coins(seat), MAX_COST))]
                out.extend([actions.BUY[k] for k in affordable if supply[k]])
            return out
        if phase == TUNNEL:
            hand = self.hands[seat]
            out = [actions.DOUBLE[k] for k in ACTIONS if k in hand]
            out.append(actions.CASH)
            return out
        if phase == REDRAW:
            hand = self.hands[seat]
            out = [actions.TOSS[k] for k in KINDS if k in hand]
            out.append(actions.DRAW)
            return out
        if phase == PICK:
            return [actions.START[b] for b in range(4) if self._can_pick(b)]
        if phase == QUICK:
            return [actions.END, *(actions.BUY[k] for k in self._quick_buys(seat))]
        if phase == CANCEL:
            return [actions.CANCEL, actions.ACCEPT]
        if phase == SIDE:
            return [actions.SIDE[0], actions.SIDE[1]]
        return []

    def why_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "the race is over"
        if not isinstance(action, actions.Move):
            return f"{action} is not an Air Racing move"
        verb = action.verb
        expected = {
            PICK: "pick your three starting speed mods (start BBF ...)",
            ACTION: "play an action card, redraw after a Team Effort, or go to your buys",
            TUNNEL: "the Wind Tunnel asks which action card to play twice, or tunnel cash",
            REDRAW: "Team Effort redraw: toss cards from your hand, then draw",
            BUY: "buy a card or end your turn",
            QUICK: "Quick Play: buy speed mods with your $25, then end",
            ALT: "choose your altitude for this turn (alt low|mid|high)",
            BOOSTING: "play a Boost or choose your lane and fly",
            CANCEL: "your engine backfired: cancel with another Boost, or accept the penalty",
            SIDE: "you are blocked: choose to pass on the inside or the outside",
        }[self.phase]
        seat = self.to_act
        assert seat is not None
        if verb == "play" and self.phase == ACTION:
            if not self.actions_left:
                return "you have no actions left this turn"
            return f"you do not hold a {NAMES[action.arg]} card"
        if verb == "redraw" and self.phase == ACTION:
            if not self.actions_left:
                return "the redraw counts as one of your actions, and you have none left"
            return "only a Team Effort played this turn lets you discard and redraw"
        if verb == "buy" and self.phase in (BUY, QUICK):
            if self.phase == QUICK and action.arg not in SPEED_MODS:
                return "Quick Play money buys speed mods only (microknot, fast, boost)"
            if not self.supply[action.arg]:
                return f"the {NAMES[action.arg]} pile is empty"
            if self.phase == BUY and not self.buys_left:
                return "you have no buys left this turn"
            return f"a {NAMES[action.arg]} costs ${COSTS[action.arg]}: you cannot afford it"
        if verb == "double" and self.phase == TUNNEL:
            return f"you do not hold a {NAMES[action.arg]} card to play twice"
        if verb == "toss" and self.phase == REDRAW:
            return f"you do not hold a {NAMES[action.arg]} card"
        if verb == "alt" and self.phase == ALT:
            return "climbing costs 1 speed per level and you do not have the speed"
        if verb == "boost" and self.phase == BOOSTING:
            return "you have no Boost card left"
        if verb == "fly" and self.phase == BOOSTING:
            if action.arg >= self.game.course.lanes:
                return f"the course has lanes 0 to {self.game.course.lanes - 1}"
            return "a lane change costs 1 speed per lane and needs clear air on the way"
        return f"not now: {expected}"

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

    # --- information ------------------------------------------------------------------------

    def view(self, player: int | None) -> JSON:
        season = self.phase in SEASON_PHASES
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "phase": self.phase,
            "stage": "season" if season else ("quick play" if self.phase == QUICK else "race"),
            "to_act": self.to_act,
            "month": MONTHS[min(self.month, len(MONTHS) - 1)],
            "supply": {NAMES[k]: self.supply[k] for k in KINDS},
            "box": named_counts(self.box),
            "winners": self.winners,
            "season_no": self.season_no,
            "seasons": self.game.options["seasons"],
            "race_wins": self.race_wins(),
            "carried": [named_counts(c) for c in self.carried],
        }
        if season:
            out["turn"] = {
                "actions": self.actions_left,
                "buys": self.buys_left,
                "bonus": self.bonus,
                "spent": self.spent,
                "redraws": self.redraws,
                "tunnels": self.tunnels,
                "tossed": self.tossed,
            }
            out["seats"] = [
                {
                    "seat": s,
                    "hand_size": len(self.hands[s]),
                    "deck_size": len(self.decks[s]),
                    "discard": tally(self.discards[s]),
                    "in_play": [NAMES[c] for c in self.inplay[s]],
                    "cards": tally(
                        self.decks[s] + self.hands[s] + self.discards[s] + self.inplay[s]
                    ),
                }
                for s in range(self.n)
            ]
            if player is not None:
                out["hand"] = [NAMES[c] for c in self.hands[player]]
                out["deck"] = tally(self.decks[player])
                out["coins"] = self.coins(player)
            return out
        course = self.game.course
        out["course"] = course.to_json()
        out["laps"] = self.race_laps
        out["heat"] = self.in_heat
        out["finish"] = course.length * self.race_laps
        out["round"] = self.race_round
        out["queue"] = list(self.queue)
        out["grid"] = list(self.grid)
        out["speed_left"] = self.speed_left
        out["boosts_used"] = self.boosts_used
        out["cash"] = list(self.cash)
        out["aircraft"] = [
            {
                "seat": s,
                "pos": self.pos[s],
                "lap": min(self.pos[s] // course.length + 1, self.race_laps),
                "lane": self.lane[s],
                "altitude": actions.ALTITUDES[self.alt[s]],
                "speed": self.base_speed(s),
                "owed": self.tokens[s],
                **self.mods(s),
            }
            for s in range(self.n)
        ]
        return out

    def _determinize(self, player: int, seed: int) -> AirRacingState:
        """Redraw what ``player`` cannot see: its own deck order, others' hands and decks."""
        new = self.clone()
        assert isinstance(new, AirRacingState)
        new.dice = ()
        decks, hands = list(self.decks), list(self.hands)
        for s in range(self.n):
            # Canonical (sorted) order first: the redeal depends only on what the seat knows.
            pool = sorted(self.decks[s] if s == player else self.decks[s] + self.hands[s])
            seed = shuffle(seed, pool)
            if s == player:
                decks[s] = tuple(pool)
                continue
            size = len(self.hands[s])
            if s == self.to_act and self._shows_an_action_card() and size:
                _hold_an_action_card(pool, size)
            hands[s], decks[s] = tuple(sorted(pool[:size])), tuple(pool[size:])
        new.decks, new.hands = tuple(decks), tuple(hands)
        new.rng_seed = seed
        return new

    def _shows_an_action_card(self) -> bool:
        """The seat to act is seen pondering its action phase: it must hold an action card."""
        return self.phase == ACTION and self.actions_left > 0 and not self.redraws

    def check_invariants(self) -> None:
        """Every card is in the supply, the box, or with exactly one seat: the totals hold.

        Also: no penalty or speed below zero, and no two aircraft overlapping in a lane.
        """
        assert min(self.supply) >= 0, "a supply pile is negative"
        columns = zip(self.supply, self.box, *self.owned, *self.carried, strict=True)
        totals = list(map(sum, columns))
        if self.phase in SEASON_PHASES:  # the decks exist only in the season
            piles: tuple[int, ...] = ()
            for s in range(self.n):
                piles += self.decks[s] + self.hands[s] + self.discards[s] + self.inplay[s]
            for k in KINDS:
                totals[k] += piles.count(k)
        else:
            assert not any(self.decks + self.hands + self.discards + self.inplay), "stray cards"
        assert tuple(totals) == TOTALS, "cards not conserved"
        assert min(self.tokens) >= 0 and self.speed_left >= 0, "speed or penalty below zero"
        if self.phase in RACE_PHASES:
            pos, lane, length = self.pos, self.lane, self.game.course.length
            for a in range(self.n):
                for b in range(a + 1, self.n):
                    if lane[a] == lane[b]:
                        gap = (pos[a] - pos[b]) % length
                        assert HALF <= gap <= length - HALF, "two aircraft overlap"


def _hold_an_action_card(pool: list[int], size: int) -> None:
    """Swap an action card into the first ``size`` cards of a shuffled pool if none is there."""
    if any(c in ACTIONS for c in pool[:size]):
        return
    found = next((i for i in range(size, len(pool)) if pool[i] in ACTIONS), None)
    if found is not None:
        pool[0], pool[found] = pool[found], pool[0]
