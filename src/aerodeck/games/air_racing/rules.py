"""Air Racing as a pure state machine (no I/O). Rulings R1..Rn are in docs/games/air_racing.md.

Speed Mod Season: every seat picks its three starting speed mods, then eleven months (October to
August) of turns in seat order, each an action phase, a buy phase and a cleanup. Race Week: the
grid by speed, then rounds in which aircraft move from first place to last, each choosing its
altitude, its Boosts and its lane before flying its speed. Quick Play skips the season.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from aerodeck.core.api import JSON, Action, State
from aerodeck.core.errors import ConfigError, NotationError
from aerodeck.core.rng import roll, shuffle
from aerodeck.games.air_racing import actions, piles
from aerodeck.games.air_racing.cards import (
    ACTIONS,
    BOOST,
    COSTS,
    DOLLAR,
    FAST,
    KINDS,
    MICROKNOT,
    NAMES,
    NIGHT_SHIFT,
    SPEED_MODS,
    SPONSORSHIP,
    TEAM_EFFORT,
    TOTALS,
    counts,
    kind,
    named_counts,
    tally,
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
ALT, BOOSTING, CANCEL, SIDE, OVER = "altitude", "boost", "cancel", "side", "over"
SEASON_PHASES = (PICK, ACTION, TUNNEL, REDRAW, BUY)

Pile = tuple[int, ...]
T = TypeVar("T")


def skill_check_passes(face: int, fast: int, modifier: int = 0) -> bool:
    """A D10 skill check: a 0 always fails; otherwise roll + FAST + modifier must reach 6."""
    return face != 0 and face + fast + modifier >= PASS_MARK


class AirRacingState(State):
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
        "phase",
        "pos",
        "queue",
        "race_round",
        "redraws",
        "result",
        "rng_seed",
        "season_no",
        "speed_left",
        "spent",
        "supply",
        "to_act",
        "tokens",
        "tossed",
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
        self.result: tuple[float, ...] | None = None
        self.phase = PICK
        self.to_act: int | None = 0
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

    def _take(self, seat: int, cards: list[int]) -> None:
        supply = list(self.supply)
        for c in cards:
            if supply[c] == 0:
                raise ConfigError(f"setup: not enough {NAMES[c]} cards in the supply")
            supply[c] -= 1
        self.supply = tuple(supply)

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
            self.hands = _put(self.hands, seat, tuple(sorted(cards[:HAND_SIZE])))
            self.decks = _put(self.decks, seat, tuple(cards[HAND_SIZE:]))
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
            self.owned = _put(self.owned, seat, tuple(have))
        if "positions" in race or "lanes" in race:
            lanes = self.game.course.lanes
            pos = [int(p) for p in self._per_seat(race.get("positions", [0] * self.n), "positions")]
            lane = [int(x) for x in self._per_seat(race.get("lanes"), "race lanes")]
            if any(not 0 <= x < lanes for x in lane) or any(p < 0 for p in pos):
                raise ConfigError(f"setup race: lanes 0 to {lanes - 1}, positions from 0")
            self.pos, self.lane = tuple(pos), tuple(lane)
            for s in range(self.n):
                if not self._free(s, pos[s], lane[s]):
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

    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0] * self.n

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        phase = self.phase
        if phase == ACTION:
            hand = self.hands[seat]
            out: list[Action] = []
            if self.actions_left:
                out.extend(actions.PLAY[k] for k in ACTIONS if k in hand)
                if self.redraws:
                    out.append(actions.REDRAW)
            out.append(actions.BUYS)
            return out
        if phase == BUY:
            coins = self.coins(seat)
            out = [actions.END]
            if self.buys_left:
                supply = self.supply
                out.extend(actions.BUY[k] for k in KINDS if supply[k] and COSTS[k] <= coins)
            return out
        if phase == TUNNEL:
            hand = self.hands[seat]
            return [*(actions.DOUBLE[k] for k in ACTIONS if k in hand), actions.CASH]
        if phase == REDRAW:
            return [*(actions.TOSS[k] for k in KINDS if k in self.hands[seat]), actions.DRAW]
        if phase == PICK:
            return [actions.START[b] for b in range(4) if self._can_pick(b)]
        if phase == QUICK:
            return [actions.END, *(actions.BUY[k] for k in self._quick_buys(seat))]
        if phase == ALT:
            here = self.alt[seat]
            return [
                actions.ALT[a]
                for a in range(3)
                if a <= here or CLIMB * (a - here) <= self.speed_left
            ]
        if phase == BOOSTING:
            out = [actions.FLY[lane] for lane in self._lanes_open(seat)]
            if self.owned[seat][BOOST]:
                out.append(actions.BOOST)
            return out
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
        if verb == "play":
            self._play(seat, arg)
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
            self.hands = _put(self.hands, seat, piles.remove(self.hands[seat], arg))
            self.discards = _put(self.discards, seat, piles.add_sorted(self.discards[seat], (arg,)))
            self.tossed += 1
            self._emit({"type": "toss", "seat": seat, "card": NAMES[arg]})
        elif verb == "draw":
            self._draw(seat, self.tossed)
            self.tossed = 0
            self._after_action(seat)
        elif verb == "buys":
            self._to_buy(seat)
        elif verb == "buy":
            self._buy(seat, arg)
        elif verb == "end":
            if self.phase == QUICK:
                self._emit({"type": "quick_done", "seat": seat, "left": self.cash[seat]})
                self._next_quick(seat)
            else:
                self._cleanup(seat)
        elif verb == "start":
            self._pick(seat, arg)
        elif verb == "alt":
            self._altitude(seat, arg)
        elif verb == "boost":
            self._boost(seat)
        elif verb in ("cancel", "accept"):
            self._settle_backfire(seat, verb == "cancel")
        elif verb == "fly":
            self._fly(seat, arg)
        else:
            self._side(seat, arg)

    # --- Speed Mod Season: picks and turns ----------------------------------------------------

    def _can_pick(self, boosts: int) -> bool:
        return self.supply[BOOST] >= boosts and self.supply[FAST] >= START_MODS - boosts

    def _pick(self, seat: int, boosts: int) -> None:
        cards = [DOLLAR] * START_DOLLARS + [BOOST] * boosts + [FAST] * (START_MODS - boosts)
        self._take(seat, cards)
        self.rng_seed = shuffle(self.rng_seed, cards)
        self.decks = _put(self.decks, seat, tuple(cards))
        self._emit({"type": "pick", "seat": seat, "boost": boosts, "fast": START_MODS - boosts})
        self._draw(seat, HAND_SIZE)
        if seat + 1 < self.n:
            self.to_act = seat + 1
        else:
            self._start_turn(0)

    def coins(self, seat: int) -> int:
        """Dollars in hand plus this turn's extra dollars, less what was spent."""
        return self.hands[seat].count(DOLLAR) + self.bonus - self.spent

    def _start_turn(self, seat: int) -> None:
        self.to_act = seat
        self.actions_left, self.buys_left = 2, 2
        self.bonus = self.spent = self.redraws = self.tunnels = self.tossed = 0
        self._emit({"type": "turn", "seat": seat, "month": MONTHS[self.month]})
        self.phase = ACTION
        self._after_action(seat)

    def _after_action(self, seat: int) -> None:
        """Back to the action phase, or on to the buys when no action is possible (R: no choice)."""
        if self.tunnels:
            self.phase = TUNNEL
            return
        self.phase = ACTION
        hand = self.hands[seat]
        if self.actions_left and (self.redraws or any(k in hand for k in ACTIONS)):
            return
        self._to_buy(seat)

    def _play(self, seat: int, card: int) -> None:
        self.actions_left -= 1
        self.hands = _put(self.hands, seat, piles.remove(self.hands[seat], card))
        self.inplay = _put(self.inplay, seat, (*self.inplay[seat], card))
        self._emit({"type": "play", "seat": seat, "card": NAMES[card]})
        self._resolve(seat, card)
        self._after_action(seat)

    def _resolve(self, seat: int, card: int) -> None:
        """One resolution of an action card's effect."""
        if card == NIGHT_SHIFT:
            self._draw(seat, 3)
        elif card == SPONSORSHIP:
            self.buys_left += 1
            self.bonus += 2
        elif card == TEAM_EFFORT:
            self._draw(seat, 1)
            self.actions_left += 2
            self.redraws += 1
        else:
            self.tunnels += 1

    def _double(self, seat: int, card: int) -> None:
        """R3: a Wind Tunnel plays one action card twice without spending another action."""
        self.tunnels -= 1
        self.hands = _put(self.hands, seat, piles.remove(self.hands[seat], card))
        self.inplay = _put(self.inplay, seat, (*self.inplay[seat], card))
        self._emit({"type": "double", "seat": seat, "card": NAMES[card]})
        self._resolve(seat, card)
        self._resolve(seat, card)
        self._after_action(seat)

    def _draw(self, seat: int, count: int) -> None:
        drawn, deck, discard, self.rng_seed, reshuffles = piles.draw(
            self.decks[seat], self.discards[seat], count, self.rng_seed
        )
        if reshuffles:
            self._emit({"type": "reshuffle", "seat": seat})
        self.decks = _put(self.decks, seat, deck)
        self.discards = _put(self.discards, seat, discard)
        self.hands = _put(self.hands, seat, piles.add_sorted(self.hands[seat], drawn))
        self._emit(
            {"type": "draw", "seat": seat, "count": len(drawn)},
            {seat: {"cards": [NAMES[c] for c in drawn]}},
        )

    def _to_buy(self, seat: int) -> None:
        self.phase = BUY
        self._emit({"type": "buy_phase", "seat": seat, "buys": self.buys_left})
        if not self.buys_left:
            self._cleanup(seat)

    def _buy(self, seat: int, card: int) -> None:
        self._take(seat, [card])
        self._emit({"type": "buy", "seat": seat, "card": NAMES[card]})
        if self.phase == QUICK:
            self.cash = _put(self.cash, seat, self.cash[seat] - COSTS[card])
            self.owned = _put(self.owned, seat, _bump(self.owned[seat], card, 1))
            if not self._quick_buys(seat):
                self._next_quick(seat)
            return
        self.spent += COSTS[card]
        self.buys_left -= 1
        self.discards = _put(self.discards, seat, piles.add_sorted(self.discards[seat], (card,)))
        if not self.buys_left:
            self._cleanup(seat)

    def _cleanup(self, seat: int) -> None:
        """Everything played, bought and held goes to the discard pile; draw a new hand of 5."""
        spare = self.hands[seat] + self.inplay[seat]
        self.discards = _put(self.discards, seat, piles.add_sorted(self.discards[seat], spare))
        self.hands = _put(self.hands, seat, ())
        self.inplay = _put(self.inplay, seat, ())
        self._draw(seat, HAND_SIZE)
        if seat + 1 < self.n:
            self._start_turn(seat + 1)
            return
        self.month += 1
        if self.month < len(MONTHS):
            self._emit({"type": "calendar", "month": MONTHS[self.month]})
            self._start_turn(0)
        else:
            self._end_season()

    def _end_season(self) -> None:
        """Race Week: dollars and action cards are set aside, speed mods stay with the aircraft."""
        for s in range(self.n):
            every = self.decks[s] + self.hands[s] + self.discards[s] + self.inplay[s]
            self.owned = _put(self.owned, s, counts(every))
        self.decks = self.hands = self.discards = self.inplay = ((),) * self.n
        self._start_race_week()

    # --- Quick Play ---------------------------------------------------------------------------

    def _start_quick_play(self) -> None:
        self.cash = (QUICK_PLAY_CASH,) * self.n
        self.phase = QUICK
        self.to_act = 0
        self._emit({"type": "quick_play", "cash": QUICK_PLAY_CASH})

    def _quick_buys(self, seat: int) -> list[int]:
        cash = self.cash[seat]
        return [k for k in SPEED_MODS if self.supply[k] and COSTS[k] <= cash]

    def _next_quick(self, seat: int) -> None:
        if seat + 1 < self.n:
            self.to_act = seat + 1
            if not self._quick_buys(seat + 1):
                self._next_quick(seat + 1)
            return
        self._start_race_week()

    # --- seasons, Legacy and heats ------------------------------------------------------------

    def _start_season(self) -> None:
        """A season: the starting picks, or Quick Play's shopping; carried mods stay aside."""
        self.month = 0
        self._emit(
            {
                "type": "season",
                "season": self.season_no,
                "carried": [named_counts(c) for c in self.carried],
            }
        )
        if self.game.options["quick_play"]:
            self._start_quick_play()
        else:
            self.phase = PICK
            self.to_act = 0

    def _start_race_week(self) -> None:
        """Carried (Legacy) mods join the season's; the grid is set, maybe by a heat first."""
        self.owned = tuple(
            tuple(a + b for a, b in zip(have, kept, strict=True))
            for have, kept in zip(self.owned, self.carried, strict=True)
        )
        self.carried = ((0,) * len(KINDS),) * self.n
        self._emit({"type": "season_end", "mods": [self.mods(s) for s in range(self.n)]})
        self._qualify()
        self.in_heat = self.game.options["heat_laps"] > 0
        if self.in_heat:
            self._emit({"type": "heat", "laps": self.race_laps})
        self._start_round()

    @property
    def race_laps(self) -> int:
        """Laps of the race being flown: the heat's, or the main race's."""
        return int(self.game.options["heat_laps"]) if self.in_heat else self.game.laps

    def _line_up(self, order: list[int]) -> None:
        """A fresh start: the grid in ``order`` (inside out), at Mid altitude, no penalties owed."""
        self.grid = tuple(order)
        self.lane = tuple(order.index(s) for s in range(self.n))
        self.pos = (0,) * self.n
        self.alt = (MID,) * self.n
        self.tokens = (0,) * self.n
        self.race_round = 0

    def _next_season(self) -> None:
        """R21: Legacy keeps each aircraft's speed mods; everything else goes back to the supply."""
        legacy = self.game.options["legacy"]
        self.carried = tuple(
            tuple(have[k] if legacy and k in SPEED_MODS else 0 for k in KINDS)
            for have in self.owned
        )
        self.owned = ((0,) * len(KINDS),) * self.n
        self.supply = tuple(TOTALS[k] - sum(c[k] for c in self.carried) for k in KINDS)
        self.box = (0,) * len(KINDS)
        self.cash = (0,) * self.n
        self._line_up(list(range(self.n)))
        self.grid = ()
        self.season_no += 1
        self._start_season()

    # --- Race Week ----------------------------------------------------------------------------

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

    def _qualify(self) -> None:
        """R1: the grid by speed, fastest on the inside; ties rolled off on the D10."""
        rolls: dict[int, list[int]] = {s: [] for s in range(self.n)}
        speeds = [self.base_speed(s) for s in range(self.n)]
        order = sorted(range(self.n), key=lambda s: -speeds[s])
        while True:
            clash = [
                s
                for s in order
                if sum(1 for t in order if speeds[t] == speeds[s] and rolls[t] == rolls[s]) > 1
            ]
            if not clash:
                break
            for s in clash:
                rolls[s].append(self._d10())
            order = sorted(range(self.n), key=lambda s: (-speeds[s], [-r for r in rolls[s]]))
        self._line_up(order)
        self._emit(
            {
                "type": "grid",
                "order": order,
                "rolls": {str(s): r for s, r in rolls.items() if r},
            }
        )

    def _places(self) -> list[int]:
        """First place to last: furthest along, the inside lane first on a tie (R2)."""
        return sorted(range(self.n), key=lambda s: (-self.pos[s], self.lane[s]))

    def _start_round(self) -> None:
        self.race_round += 1
        self.queue = tuple(self._places())
        self._emit({"type": "round", "round": self.race_round, "order": list(self.queue)})
        self._start_race_turn()

    def _start_race_turn(self) -> None:
        seat, self.queue = self.queue[0], self.queue[1:]
        self.to_act = seat
        owed = self.tokens[seat]
        speed = self.base_speed(seat) - owed
        self.tokens = _put(self.tokens, seat, 0)
        self.speed_left = max(0, speed)
        self.boosts_used = 0
        self.phase = ALT
        self._emit({"type": "race_turn", "seat": seat, "speed": self.speed_left, "paid": owed})

    def _altitude(self, seat: int, target: int) -> None:
        change = target - self.alt[seat]
        self.speed_left -= CLIMB * change
        self.alt = _put(self.alt, seat, target)
        self._emit(
            {
                "type": "altitude",
                "seat": seat,
                "to": actions.ALTITUDES[target],
                "speed": self.speed_left,
            }
        )
        self.phase = BOOSTING

    def _use_boost(self, seat: int) -> None:
        self.owned = _put(self.owned, seat, _bump(self.owned[seat], BOOST, -1))
        self.box = _bump(self.box, BOOST, 1)

    def _boost(self, seat: int) -> None:
        """R4: the backfire check is rolled at once; each extra Boost this turn is 1 harder."""
        self._use_boost(seat)
        modifier = -self.boosts_used
        self.boosts_used += 1
        face = self._d10()
        fast = self.owned[seat][FAST]
        ok = skill_check_passes(face, fast, modifier)
        if ok:
            self.speed_left += BOOST_SPEED
        self._emit(
            {
                "type": "boost",
                "seat": seat,
                "roll": face,
                "fast": fast,
                "modifier": modifier,
                "passed": ok,
                "speed": self.speed_left,
            }
        )
        if not ok:
            if self.owned[seat][BOOST]:
                self.phase = CANCEL
            else:
                self._settle_backfire(seat, False)

    def _settle_backfire(self, seat: int, cancel: bool) -> None:
        """R5: another Boost may be spent to cancel the -3 backfire penalty (no speed, no check)."""
        if cancel:
            self._use_boost(seat)
        else:
            self.tokens = _put(self.tokens, seat, self.tokens[seat] + BACKFIRE_PENALTY)
        self._emit({"type": "backfire", "seat": seat, "cancelled": cancel})
        self.phase = BOOSTING

    def _free(self, seat: int, step: int, lane: int) -> bool:
        """No other aircraft in ``lane`` overlaps an aircraft whose nose is at ``step``."""
        length = self.game.course.length
        for other in range(self.n):
            if other != seat and self.lane[other] == lane:
                gap = (step - self.pos[other]) % length
                if gap < HALF or gap > length - HALF:
                    return False
        return True

    def _lanes_open(self, seat: int) -> list[int]:
        """Lanes reachable by a lane change before flying: 1 speed a lane, through clear air."""
        here, step = self.lane[seat], self.pos[seat]
        out = [here]
        for direction in (-1, 1):
            lane = here + direction
            while 0 <= lane < self.game.course.lanes:
                if SIDESTEP * abs(lane - here) > self.speed_left or not self._free(
                    seat, step, lane
                ):
                    break
                out.append(lane)
                lane += direction
        return sorted(out)

    def _fly(self, seat: int, lane: int) -> None:
        cost = SIDESTEP * abs(lane - self.lane[seat])
        self.speed_left -= cost
        if lane != self.lane[seat]:
            self._emit({"type": "lane", "seat": seat, "to": lane, "cost": cost})
        self.lane = _put(self.lane, seat, lane)
        self._move(seat)

    def _side(self, seat: int, side: int) -> None:
        lane = self.lane[seat] + (1 if side else -1)
        self._sidestep(seat, lane)
        self._move(seat)

    def _sidestep(self, seat: int, lane: int) -> None:
        self.speed_left -= SIDESTEP
        self.lane = _put(self.lane, seat, lane)
        self._emit({"type": "sidestep", "seat": seat, "to": lane})

    def pass_sides(self, seat: int) -> list[int]:
        """R7/R8: the ways round a blocking aircraft: outside, or inside with a lane to spare."""
        lane, step = self.lane[seat], self.pos[seat]
        out = []
        if lane - 1 >= 1 and self._free(seat, step, lane - 1):
            out.append(0)
        if lane + 1 < self.game.course.lanes and self._free(seat, step, lane + 1):
            out.append(1)
        return out

    def _move(self, seat: int) -> None:
        """Fly the remaining speed one half tile at a time (R6, R7): all of it, where possible."""
        course = self.game.course
        finish = course.length * self.race_laps
        start = self.pos[seat]
        while self.speed_left > 0:
            step, lane = self.pos[seat] + 1, self.lane[seat]
            if not self._free(seat, step, lane):
                sides = self.pass_sides(seat) if self.speed_left >= SIDESTEP else []
                if len(sides) == 2:
                    self.phase = SIDE
                    return
                if not sides:
                    break
                self._sidestep(seat, lane + (1 if sides[0] else -1))
                continue
            bend = course.bends[step % course.length]
            cost = 1 + max(bend, 0) * lane
            if cost > self.speed_left:
                break
            self.speed_left -= cost
            self.pos = _put(self.pos, seat, step)
            if bend >= 0:
                self._round_pylon(seat, step, lane)
            if step == finish:
                self._emit({"type": "finish_line", "seat": seat})
        self._emit(
            {
                "type": "fly",
                "seat": seat,
                "from": start,
                "to": self.pos[seat],
                "lane": self.lane[seat],
                "unused": self.speed_left,
            }
        )
        self.speed_left = 0
        if self.pos[seat] >= finish and self.tokens[seat]:
            self._pay_backwards(seat)
        self._next_racer()

    def _round_pylon(self, seat: int, step: int, lane: int) -> None:
        if lane != 0:
            return
        pylon = self.game.course.pylon_at(step)
        assert pylon is not None
        face = self._d10()
        fast = self.owned[seat][FAST]
        ok = skill_check_passes(face, fast)
        if not ok:
            self.tokens = _put(self.tokens, seat, self.tokens[seat] + CUT_PENALTY)
        self._emit(
            {
                "type": "pylon_check",
                "seat": seat,
                "pylon": pylon.name,
                "roll": face,
                "fast": fast,
                "passed": ok,
            }
        )

    def _pay_backwards(self, seat: int) -> None:
        """R10: penalties still owed at the finish are paid by flying backwards."""
        owed = self.tokens[seat]
        back = self.pos[seat] - owed
        while back > 0 and not self._free(seat, back, self.lane[seat]):
            back -= 1
        self.pos = _put(self.pos, seat, back)
        self.tokens = _put(self.tokens, seat, 0)
        self._emit({"type": "pay_back", "seat": seat, "owed": owed, "to": back})

    def _next_racer(self) -> None:
        if self.queue:
            self._start_race_turn()
            return
        finish = self.game.course.length * self.race_laps
        done = [s for s in range(self.n) if self.pos[s] >= finish]
        if done:
            best = min(done, key=lambda s: (-self.pos[s], self.lane[s]))
            self._race_over(best, "crossed the finish line")
        elif self.race_round >= self.game.options["max_rounds"]:
            self._race_over(self._places()[0], "round limit reached: the leader wins")
        else:
            self._start_round()

    def _race_over(self, winner: int, why: str) -> None:
        """A heat sets the final's grid; a race scores; the last race ends the championship."""
        self.queue = ()
        if self.in_heat:
            order = [winner, *(s for s in self._places() if s != winner)]
            self._emit({"type": "heat_end", "winner": winner, "why": why, "order": order})
            self.in_heat = False
            self._line_up(order)
            self._emit({"type": "grid", "order": order, "rolls": {}})
            self._start_round()
            return
        self.champions += (winner,)
        self._emit(
            {
                "type": "race_end",
                "winner": winner,
                "why": why,
                "positions": list(self.pos),
                "season": self.season_no,
            }
        )
        if self.season_no < self.game.options["seasons"]:
            self._next_season()
            return
        self.phase = OVER
        self.to_act = None
        best = self.championship_leader()
        self.result = tuple(1.0 if s == best else 0.0 for s in range(self.n))
        if self.game.options["seasons"] > 1:
            self._emit({"type": "champion", "seat": best, "wins": self.race_wins()})

    def race_wins(self) -> list[int]:
        return [self.champions.count(s) for s in range(self.n)]

    def championship_leader(self) -> int:
        """R22: most race wins; a tie goes to whoever won most recently."""
        wins = self.race_wins()
        most = max(wins)
        for winner in reversed(self.champions):
            if wins[winner] == most:
                return winner
        return self.champions[-1]

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
            pool = list(self.decks[s]) if s == player else list(self.decks[s] + self.hands[s])
            seed = shuffle(seed, pool)
            if s == player:
                decks[s] = tuple(pool)
            else:
                size = len(self.hands[s])
                hands[s], decks[s] = tuple(sorted(pool[:size])), tuple(pool[size:])
        new.decks, new.hands = tuple(decks), tuple(hands)
        new.rng_seed = seed
        return new

    def check_invariants(self) -> None:
        """Every card is in the supply, the box, or with exactly one seat: the totals hold."""
        piles: tuple[int, ...] = ()
        if self.phase in SEASON_PHASES:  # the decks exist only in the season
            for s in range(self.n):
                piles += self.decks[s] + self.hands[s] + self.discards[s] + self.inplay[s]
        assert min(self.supply) >= 0, "a supply pile is negative"
        columns = zip(self.supply, self.box, *self.owned, *self.carried, strict=True)
        for k, column in enumerate(columns):
            assert sum(column) + piles.count(k) == TOTALS[k], f"{NAMES[k]} not conserved"
        if not piles:
            assert not any(self.decks + self.hands + self.discards + self.inplay), "stray cards"
        assert all(t >= 0 for t in self.tokens), "penalty tokens negative"
        assert self.speed_left >= 0, "speed negative"
        if self.phase not in SEASON_PHASES and self.phase != QUICK:
            for s in range(self.n):
                assert self._free(s, self.pos[s], self.lane[s]) or self.phase == OVER, "overlap"


def _put(values: tuple[T, ...], index: int, value: T) -> tuple[T, ...]:
    """A copy of ``values`` with one element replaced (states hold tuples, never lists)."""
    return (*values[:index], value, *values[index + 1 :])


def _bump(values: tuple[int, ...], index: int, delta: int) -> tuple[int, ...]:
    return (*values[:index], values[index] + delta, *values[index + 1 :])
