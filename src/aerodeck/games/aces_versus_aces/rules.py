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

from aerodeck.core.api import JSON, OVER, Action, TurnState
from aerodeck.core.cards import ACE, CARDS, JACK, KING, Card, card
from aerodeck.core.errors import ConfigError, NotationError
from aerodeck.core.rng import shuffle
from aerodeck.core.tuples import replace_at as _replace
from aerodeck.core.tuples import without
from aerodeck.games.aces_versus_aces.actions import DISCARDS, KEEP, PLAYS, Discard, Keep, Play

if TYPE_CHECKING:
    from aerodeck.games.aces_versus_aces.game import AcesVersusAces

HAND_SIZE = 4
COMMAND_MARKERS = 5
COIN_NAMES = ("", "nickel", "dime", "quarter")
COIN_POINTS = (0, 3, 5, 8)
FOURTH_ACE_PENALTY = 5
PLAY, DISCARD = "play", "discard"

Hand = tuple[Card, ...]

FACES = frozenset(c for c in CARDS if JACK <= c.rank <= KING)
"""The face cards, for a set test on the hot path instead of the ``Card.is_face`` property."""
SEAT_KEYS = tuple(str(s) for s in range(8))
"""Seat numbers as the strings event keys use, made once."""


def seat_order(lead: int, active: tuple[bool, ...]) -> tuple[int, ...]:
    """Seats still in the game from ``lead`` round the table (R10)."""
    n = len(active)
    return tuple(s for s in (*range(lead, n), *range(lead)) if active[s])


def card_points(c: Card) -> int:
    """End-of-round value of a non-Ace card: numbered 1, face 2."""
    return 2 if c.is_face else 1


WON_POINTS = tuple(0 if c.is_ace else card_points(c) for c in CARDS)
"""By card index: what a won card scores at the end of a round (Aces score by their coin)."""
HELD_POINTS = tuple(-FOURTH_ACE_PENALTY if c.is_ace else card_points(c) for c in CARDS)
"""By card index: what a card still in hand scores at the end of a round (R6)."""
_DISCARD_OF = {c: DISCARDS[c.index] for c in CARDS}.__getitem__
"""A card's interned discard move (a bound lookup, for ``map`` in ``legal_actions``)."""


class AvAState(TurnState):
    """The whole table. Every slot holds an immutable value, so ``clone`` shares them."""

    __slots__ = (
        "aces_played",
        "active",
        "coins",
        "commits",
        "deck",
        "discards",
        "hand_no",
        "hands",
        "last_plays",
        "lead",
        "n",
        "pennies",
        "rng_seed",
        "round",
        "scores",
        "seats",
        "won",
    )

    game: AcesVersusAces

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
        self.active: tuple[bool, ...] = (True,) * n
        self.seats: tuple[int, ...] = seat_order(0, self.active)  # order(), kept up to date
        self.pennies: tuple[int, ...] = (COMMAND_MARKERS,) * n
        self.scores: tuple[int, ...] = (0,) * n
        self.result = None
        self.hands: tuple[Hand, ...] = ((),) * n
        self.deck: Hand = ()
        self.discards: Hand = ()
        self.won: tuple[Hand, ...] = ((),) * n
        self.coins: tuple[tuple[int, ...], ...] = ((),) * n
        self.commits: tuple[Card | None, ...] = (None,) * n
        self.last_plays: tuple[Card | None, ...] = (None,) * n
        self.aces_played = 0
        self.phase = PLAY
        self.to_act = None
        stacked = self._read_setup(setup) if setup else None
        self._start_round(stacked)

    # --- set-up -----------------------------------------------------------------------------

    def _read_setup(self, setup: Mapping[str, Any]) -> tuple[tuple[Hand, ...], Hand]:
        """Check a scenario: ``hands`` (4 a seat), ``deck`` (top first), ``pennies``, ``scores``."""
        unknown = set(setup) - {"hands", "deck", "pennies", "scores"}
        if unknown:
            raise ConfigError(
                f"unknown setup key {sorted(unknown)[0]!r} (hands, deck, pennies, scores)"
            )
        try:
            hands = tuple(tuple(card(t) for t in h) for h in setup.get("hands", [[]] * self.n))
            top = tuple(card(t) for t in setup.get("deck", []))
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
                if not isinstance(values, list) or len(values) != self.n:
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

    def order(self) -> tuple[int, ...]:
        """Seats still in the game, from this round's lead (R10)."""
        return self.seats

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

    # --- the contract -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        hand = self.hands[seat]
        if self.phase == PLAY:
            return [PLAYS[c.index] for c in hand]
        return [KEEP, *map(_DISCARD_OF, hand)]

    def why_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Play):
            if self.phase == DISCARD:
                return "after the draw you may discard one card to replace it, or keep"
            return f"you do not hold {action.card}: you play a card from your hand"
        if isinstance(action, Discard | Keep):
            if self.phase == PLAY:
                return "every player plays a card this hand; discarding comes after the draw"
            if isinstance(action, Discard):
                return f"you do not hold {action.card}"
        return f"{action} is not a move of this step"

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

    def round_points(self, seat: int) -> int:
        """Points of ``seat`` if the round ended now: won cards, Ace coins, held cards (R6)."""
        won = sum([WON_POINTS[c.index] for c in self.won[seat]])
        coins = sum([COIN_POINTS[c] for c in self.coins[seat]])
        held = sum([HELD_POINTS[c.index] for c in self.hands[seat]])
        return won + coins + held

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

    # --- information ------------------------------------------------------------------------

    def view(self, player: int | None) -> JSON:
        seats = []
        for s in range(self.n):
            seats.append(
                {
                    "seat": s,
                    "in_game": self.active[s],
                    "markers": self.pennies[s],
                    "score": self.scores[s],
                    "hand_size": len(self.hands[s]),
                    "committed": self.commits[s] is not None,
                    "won": [str(c) for c in self.won[s]],
                    "coins": [COIN_NAMES[c] for c in self.coins[s]],
                }
            )
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "round": self.round,
            "hand_number": self.hand_no,
            "phase": self.phase,
            "to_act": self.to_act,
            "target": self.game.options["target"],
            "deck": len(self.deck),
            "discards": [str(c) for c in self.discards],
            "aces_played": self.aces_played,
            "last_plays": [None if c is None else str(c) for c in self.last_plays],
            "seats": seats,
            "winners": self.winners,
        }
        if player is not None:
            out["hand"] = [str(c) for c in self.hands[player]]
            commit = self.commits[player]
            out["my_play"] = None if commit is None else str(commit)
        return out

    def _determinize(self, player: int, seed: int) -> AvAState:
        """Redeal what ``player`` cannot see: other hands, others' face-down plays, the deck."""
        new = self.clone()
        assert isinstance(new, AvAState)
        pool = list(self.deck)
        for s in range(self.n):
            if s != player:
                pool.extend(self.hands[s])
                commit = self.commits[s]
                if commit is not None:
                    pool.append(commit)
        # Canonical order first: the redeal must depend only on what the seat knows.
        pool.sort(key=_card_index)
        new.rng_seed = shuffle(seed, pool)
        hands = list(self.hands)
        commits = list(self.commits)
        for s in range(self.n):
            if s != player:
                size = len(hands[s])
                hands[s], pool = tuple(pool[:size]), pool[size:]
                if commits[s] is not None:
                    commits[s] = pool.pop()
        new.hands = tuple(hands)
        new.commits = tuple(commits)
        new.deck = tuple(pool)
        return new

    def check_invariants(self) -> None:
        """All 52 cards are somewhere exactly once; coins and markers stay in range."""
        every = self.all_cards()
        assert len(every) == len(CARDS) and set(every) == set(CARDS), "cards not conserved"
        coins = [c for seat in self.coins for c in seat]
        assert len(coins) == len(set(coins)) and all(1 <= c <= 3 for c in coins), "coins"
        assert sum(1 for c in every if c.is_ace) == 4
        assert all(0 <= p <= COMMAND_MARKERS for p in self.pennies), "markers"
        assert all(p > 0 for p, a in zip(self.pennies, self.active, strict=True) if a)

    def all_cards(self) -> list[Card]:
        """Every card wherever it is (for the conservation check): always the full deck."""
        out = list(self.deck) + list(self.discards)
        for s in range(self.n):
            out.extend(self.hands[s])
            out.extend(self.won[s])
            commit = self.commits[s]
            if commit is not None:
                out.append(commit)
        return out


def _card_index(c: Card) -> int:
    return c.index
