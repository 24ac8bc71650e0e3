"""Speed Mod Season (the picks, the turns, every card, the calendar) and Quick Play's shopping."""

from __future__ import annotations

from aerodeck.core.rng import shuffle
from aerodeck.core.tuples import replace_at as put
from aerodeck.games.air_racing import piles
from aerodeck.games.air_racing.cards import (
    ACTIONS,
    BOOST,
    COSTS,
    DOLLAR,
    FAST,
    NAMES,
    NIGHT_SHIFT,
    SPEED_MODS,
    SPONSORSHIP,
    TEAM_EFFORT,
    counts,
    named_counts,
)
from aerodeck.games.air_racing.state import (
    ACTION,
    BUY,
    HAND_SIZE,
    MONTHS,
    PICK,
    QUICK,
    QUICK_PLAY_CASH,
    START_DOLLARS,
    START_MODS,
    TUNNEL,
    AirRacingBase,
    bump,
)

ACTION_KINDS = frozenset(ACTIONS)
"""The action cards as a set: "does the hand hold one" in one call."""


class SeasonRules(AirRacingBase):
    """The deck-building half: from the starting picks to the end of August."""

    __slots__ = ()

    # --- Speed Mod Season: picks and turns ----------------------------------------------------

    def _can_pick(self, boosts: int) -> bool:
        return self.supply[BOOST] >= boosts and self.supply[FAST] >= START_MODS - boosts

    def _pick(self, seat: int, boosts: int) -> None:
        cards = [DOLLAR] * START_DOLLARS + [BOOST] * boosts + [FAST] * (START_MODS - boosts)
        self._take(seat, cards)
        self.rng_seed = shuffle(self.rng_seed, cards)
        self.decks = put(self.decks, seat, tuple(cards))
        self._emit({"type": "pick", "seat": seat, "boost": boosts, "fast": START_MODS - boosts})
        self._draw(seat, HAND_SIZE)
        if seat + 1 < self.n:
            self.to_act = seat + 1
        else:
            self._start_turn(0)

    def coins(self, seat: int) -> int:
        """Dollars in hand, plus this turn's extra dollars less what was spent on the seat's own
        turn (another seat's turn spends nothing of this seat's)."""
        dollars = self.hands[seat].count(DOLLAR)
        return dollars + self.bonus - self.spent if seat == self.to_act else dollars

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
        if self.actions_left and (self.redraws or not ACTION_KINDS.isdisjoint(hand)):
            return
        self._to_buy(seat)

    def _play(self, seat: int, card: int) -> None:
        self.actions_left -= 1
        self.hands = put(self.hands, seat, piles.remove(self.hands[seat], card))
        self.inplay = put(self.inplay, seat, (*self.inplay[seat], card))
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
        self.hands = put(self.hands, seat, piles.remove(self.hands[seat], card))
        self.inplay = put(self.inplay, seat, (*self.inplay[seat], card))
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
        self.decks = put(self.decks, seat, deck)
        self.discards = put(self.discards, seat, discard)
        self.hands = put(self.hands, seat, piles.add_sorted(self.hands[seat], drawn))
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
            self.cash = put(self.cash, seat, self.cash[seat] - COSTS[card])
            self.owned = put(self.owned, seat, bump(self.owned[seat], card, 1))
            if not self._quick_buys(seat):
                self._next_quick(seat)
            return
        self.spent += COSTS[card]
        self.buys_left -= 1
        self.discards = put(self.discards, seat, piles.add_sorted(self.discards[seat], (card,)))
        if not self.buys_left:
            self._cleanup(seat)

    def _cleanup(self, seat: int) -> None:
        """Everything played, bought and held goes to the discard pile; draw a new hand of 5."""
        spare = self.hands[seat] + self.inplay[seat]
        self.discards = put(self.discards, seat, piles.add_sorted(self.discards[seat], spare))
        self.hands = put(self.hands, seat, ())
        self.inplay = put(self.inplay, seat, ())
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
            self.owned = put(self.owned, s, counts(every))
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

    # --- the start of a season --------------------------------------------------------------

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
