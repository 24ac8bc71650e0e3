"""Aces versus Aces as a pure state machine (no I/O).

Rulings R1.. are in docs/games/aces_versus_aces.md.

A hand: every seat with cards commits one in secret (seat order), then all are revealed at once
and resolved. Then everyone draws one, and in seat order each may discard one card and replace it
(option ``discard_replace``). A round ends at the third Ace played (or when fewer than two seats
hold cards, R2); rounds go on until someone reaches the target.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import Action
from aerodeck.core.cards import ACE, CARDS, Card, card
from aerodeck.core.errors import ConfigError, NotationError, excerpt
from aerodeck.core.rng import shuffle
from aerodeck.core.setups import check_setup_keys
from aerodeck.core.tuples import replace_at as _replace
from aerodeck.core.tuples import without
from aerodeck.games.aces_versus_aces.actions import Discard, Play
from aerodeck.games.aces_versus_aces.legal import LegalMoves
from aerodeck.games.aces_versus_aces.state import (
    COIN_NAMES,
    COMMAND_MARKERS,
    DISCARD,
    FACES,
    HAND_SIZE,
    PLAY,
    SEAT_KEYS,
    Hand,
    seat_order,
)
from aerodeck.games.aces_versus_aces.view import Information

if TYPE_CHECKING:
    from aerodeck.games.aces_versus_aces.game import AcesVersusAces


class AvAState(LegalMoves, Information):
    """One game of Aces versus Aces in progress: set-up and the moves carried out."""

    __slots__ = ()

    def __init__(
        self, game: AcesVersusAces, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        n = game.players
        self.n = n
        self.rng_seed = self.seed
        self.round = 0
        self.lead = 0
        self.hand_no = 0
        self.active = (True,) * n
        self.seats = seat_order(0, self.active)
        self.pennies = (COMMAND_MARKERS,) * n
        self.scores = (0,) * n
        self.result = None
        self.hands = ((),) * n
        self.deck = ()
        self.discards = ()
        self.won = ((),) * n
        self.coins = ((),) * n
        self.commits = (None,) * n
        self.last_plays = (None,) * n
        self.aces_played = 0
        self.phase = PLAY
        self.to_act = None
        stacked = self._read_setup(setup) if setup else None
        self._start_round(stacked)

    # --- set-up -----------------------------------------------------------------------------

    def _read_setup(self, setup: Mapping[str, Any]) -> tuple[tuple[Hand, ...], Hand]:
        """Check a scenario: ``hands`` (4 a seat), ``deck`` (top first), ``pennies``, ``scores``."""
        check_setup_keys(setup, ("hands", "deck", "pennies", "scores"))
        try:
            hands = tuple(
                tuple(card(t) for t in _list(h)) for h in _list(setup.get("hands", [[]] * self.n))
            )
            top = tuple(card(t) for t in _list(setup.get("deck", [])))
        except (NotationError, TypeError) as error:
            raise ConfigError(f"setup: {error}") from None
        if len(hands) != self.n or any(len(h) not in (0, HAND_SIZE) for h in hands):
            raise ConfigError(f"setup hands: one list of {HAND_SIZE} cards per seat ({self.n})")
        given = [c for h in hands for c in h] + list(top)
        if len(set(given)) != len(given):
            raise ConfigError("setup: a card appears twice")
        for key in ("pennies", "scores"):
            if key in setup:
                values = setup[key]
                if (
                    not isinstance(values, list)
                    or len(values) != self.n
                    or not all(type(v) is int for v in values)
                ):
                    raise ConfigError(f"setup {key}: one whole number per seat")
                if key == "pennies" and not all(isinstance(v, int) and 1 <= v <= 5 for v in values):
                    raise ConfigError("setup pennies: each seat holds 1 to 5 command markers")
                setattr(self, key, tuple(int(v) for v in values))
        return hands, top

    def _start_round(self, stacked: tuple[tuple[Hand, ...], Hand] | None = None) -> None:
        """Shuffle all 52 cards and deal 4 to every seat still in the game."""
        self.round += 1
        self.lead = (self.round - 1) % self.n
        self.seats = seat_order(self.lead, self.active)
        self.hand_no = 0
        self.aces_played = 0
        self.won = ((),) * self.n
        self.coins = ((),) * self.n
        self.discards = ()
        self.commits = (None,) * self.n
        self.last_plays = (None,) * self.n
        fixed_hands: tuple[Hand, ...] = stacked[0] if stacked else ((),) * self.n
        top: Hand = stacked[1] if stacked else ()
        used = {c for h in fixed_hands for c in h} | set(top)
        rest = [c for c in CARDS if c not in used]
        self.rng_seed = shuffle(self.rng_seed, rest)
        pile = list(top) + rest
        hands: list[Hand] = [()] * self.n
        for seat in self.order():
            if fixed_hands[seat]:
                hands[seat] = fixed_hands[seat]
            else:
                hands[seat] = tuple(pile[:HAND_SIZE])
                del pile[:HAND_SIZE]
        self.hands = tuple(hands)
        self.deck = tuple(pile)
        self._emit(
            {"type": "deal", "round": self.round, "deck": len(self.deck)},
            {s: {"hand": [str(c) for c in self.hands[s]]} for s in range(self.n) if self.active[s]},
        )
        self._start_hand()

    def _start_hand(self) -> None:
        """Everyone still in with a card commits; fewer than two such seats ends the round (R2)."""
        hands = self.hands
        players = [s for s in self.seats if hands[s]]
        if len(players) < 2:
            self._end_round("cards ran out")
            return
        self.hand_no += 1
        self.phase = PLAY
        self.to_act = players[0]

    # --- moves ------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Play):
            self._commit(seat, action.card)
        elif isinstance(action, Discard):
            self._discard_and_replace(seat, action.card)
        else:
            self._emit({"type": "keep", "seat": seat})
            self._next_discarder(seat)

    # --- a hand -----------------------------------------------------------------------------

    def _commit(self, seat: int, c: Card) -> None:
        hands = self.hands = _replace(self.hands, seat, without(self.hands[seat], c))
        commits = self.commits = _replace(self.commits, seat, c)
        self._emit({"type": "commit", "seat": seat}, {seat: {"card": c.text}})
        for other in self.seats:
            if hands[other] and commits[other] is None:
                self.to_act = other
                return
        self._resolve_hand()

    def _resolve_hand(self) -> None:
        commits = self.commits
        plays: dict[int, Card] = {}
        shown: dict[str, str] = {}
        high = 0
        for s, c in enumerate(commits):
            if c is not None:
                plays[s] = c
                shown[SEAT_KEYS[s]] = c.text
                high = max(high, c.rank)
        self.commits = (None,) * self.n
        self.last_plays = commits
        self._emit({"type": "reveal", "plays": shown})
        played = tuple(plays.values())
        top = [s for s, c in plays.items() if c.rank == high]
        if len(top) > 1:
            # R3: tied high cards (Aces included) send the hand to the discard pile, no marker lost.
            coins = tuple(range(self.aces_played + 1, min(self.aces_played + len(top), 3) + 1))
            if high == ACE:
                self.aces_played += len(top)
            self.discards += played
            self._emit(
                {
                    "type": "tie",
                    "seats": top,
                    "rank": str(plays[top[0]])[:-1],
                    "coins_discarded": [COIN_NAMES[c] for c in coins] if high == ACE else [],
                }
            )
        else:
            self._win_hand(top[0], plays)
        if len(self.seats) == 1:
            self._finish([self.seats[0]], "last commander standing")
        elif self.aces_played >= 3:
            self._end_round("third Ace played")
        else:
            self._draw_step()

    def _win_hand(self, winner: int, plays: dict[int, Card]) -> None:
        winning = plays[winner]
        keeps_all = self.game.options["winner_keeps"] == "all"
        if keeps_all:
            kept = list(plays.values())
            thrown = []
        else:
            kept = [c for s, c in plays.items() if s != winner or c.rank == ACE]
            thrown = [c for c in plays.values() if c not in kept]
        coin = 0
        winning_ace = winning.rank == ACE
        if winning_ace:
            self.aces_played += 1
            coin = self.aces_played
            self.coins = _replace(self.coins, winner, (*self.coins[winner], coin))
        self.won = _replace(self.won, winner, self.won[winner] + tuple(kept))
        if thrown:
            self.discards += tuple(thrown)
        # A face card beaten by a higher face card or an Ace costs its player a command marker.
        losers = (
            [s for s, c in plays.items() if s != winner and c in FACES]
            if winning_ace or winning in FACES
            else []
        )
        self._emit(
            {
                "type": "win",
                "seat": winner,
                "card": winning.text,
                "kept": [c.text for c in kept],
                "coin": COIN_NAMES[coin] if coin else None,
                "markers_lost": losers,
            }
        )
        for loser in losers:
            self.pennies = _replace(self.pennies, loser, self.pennies[loser] - 1)
            if self.pennies[loser] == 0:
                self._eliminate(loser)

    def _eliminate(self, seat: int) -> None:
        """R5: out of the game; hand and won cards go to the discard pile, coins leave play."""
        self.active = _replace(self.active, seat, False)
        self.seats = seat_order(self.lead, self.active)
        self.discards += self.hands[seat] + self.won[seat]
        self._emit(
            {"type": "eliminated", "seat": seat, "discarded": [str(c) for c in self.hands[seat]]}
        )
        self.hands = _replace(self.hands, seat, ())
        self.won = _replace(self.won, seat, ())
        self.coins = _replace(self.coins, seat, ())

    # --- draw, discard and replace ----------------------------------------------------------

    def _draw_step(self) -> None:
        """Everyone still in draws one card, from the lead, if the deck has one for each (R2)."""
        seats = self.seats
        deck = self.deck
        if len(deck) >= len(seats):
            hands = list(self.hands)
            for i, seat in enumerate(seats):
                drawn = deck[i]
                hands[seat] = (*hands[seat], drawn)
                self._emit({"type": "draw", "seat": seat}, {seat: {"card": drawn.text}})
            self.hands = tuple(hands)
            self.deck = deck[len(seats) :]
        self.phase = DISCARD
        self._next_discarder(None)

    def _draw(self, seat: int) -> Card:
        drawn = self.deck[0]
        self.deck = self.deck[1:]
        self.hands = _replace(self.hands, seat, (*self.hands[seat], drawn))
        self._emit({"type": "draw", "seat": seat}, {seat: {"card": drawn.text}})
        return drawn

    def _next_discarder(self, after: int | None) -> None:
        """The next seat that may discard and replace; none left (or no deck) starts the hand."""
        if self.deck and self.game.options["discard_replace"]:
            seats = self.seats
            hands = self.hands
            # ``after`` holds cards (it just kept or replaced), so this is the next holder.
            for s in seats if after is None else seats[seats.index(after) + 1 :]:
                if hands[s]:
                    self.to_act = s
                    return
        self._start_hand()

    def _discard_and_replace(self, seat: int, c: Card) -> None:
        self.hands = _replace(self.hands, seat, without(self.hands[seat], c))
        self.discards += (c,)
        self._emit({"type": "discard", "seat": seat, "card": c.text})
        self._draw(seat)
        self._next_discarder(seat)

    # --- end of a round and of the game -----------------------------------------------------

    def _end_round(self, why: str) -> None:
        points = [self.round_points(s) if self.active[s] else 0 for s in range(self.n)]
        self.scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        self._emit(
            {
                "type": "round_end",
                "round": self.round,
                "why": why,
                "points": points,
                "scores": list(self.scores),
                "held": {SEAT_KEYS[s]: [c.text for c in self.hands[s]] for s in range(self.n)},
            }
        )
        alive = [s for s in range(self.n) if self.active[s]]
        best = max(self.scores[s] for s in alive)
        if best >= self.game.options["target"]:
            self._finish([s for s in alive if self.scores[s] == best], "target reached")
        elif self.round >= self.game.options["max_rounds"]:
            self._finish([s for s in alive if self.scores[s] == best], "round limit reached")
        else:
            self._start_round()

    def _finish(self, winners: list[int], why: str) -> None:
        self._end(winners)
        self._emit(
            {"type": "game_end", "winners": winners, "why": why, "scores": list(self.scores)}
        )

    def _standing(self, seat: int) -> int:
        """After the winners, the seats by points, as the final standings list them."""
        return self.scores[seat]


def _list(value: Any) -> list[Any]:
    """A setup field that must be a list of cards (or of hands)."""
    if not isinstance(value, list):
        raise ConfigError(f"setup: {excerpt(value)} is not a list")
    return value
