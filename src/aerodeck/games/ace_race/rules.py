"""Ace Race as a pure state machine (no I/O). Rulings R1..R14 are in docs/games/ace_race.md.

A match is one state: games are dealt one after another (the dealer moves left) until the match
length is reached. A game: deal, bidding, the bid winner sets the first rule, the previous game's
winner gives two cards away, then turns go clockwise from the bid winner until a hand is empty.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, Action
from aerodeck.core.errors import ConfigError, NotationError
from aerodeck.core.rng import shuffle
from aerodeck.core.setups import check_setup_keys
from aerodeck.core.tuples import replace_at as _replace
from aerodeck.games.ace_race.actions import (
    HIGHER,
    MAX_BID,
    AcePlay,
    Bid,
    Draw,
    Give,
    JokerPlay,
    Pass,
    Play,
    SetRule,
)
from aerodeck.games.ace_race.actions import parse as parse_action
from aerodeck.games.ace_race.cards import (
    JOKER,
    JOKERS,
    NUM_CARDS,
    TEXT,
    VALUE,
    hand_texts,
    is_joker,
    parse_card,
    texts,
)
from aerodeck.games.ace_race.legal import (
    RUN,
    LegalMoves,
    RuleState,
    after_table,
    table,
)
from aerodeck.games.ace_race.state import (
    BID,
    DRAWN,
    GIVE,
    GIVEAWAY_CARDS,
    RULE,
    TURN,
    Hand,
    hand_size,
)
from aerodeck.games.ace_race.view import Information

if TYPE_CHECKING:
    from aerodeck.games.ace_race.game import AceRace

_SETUP_KEYS = ("hands", "draw", "pile", "dealer", "rule", "first", "previous_winners", "wins")


class AceRaceState(LegalMoves, Information):
    """One match of Ace Race in progress: set-up and the moves carried out."""

    __slots__ = ()

    def __init__(self, game: AceRace, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        n = game.players
        self.n = n
        self.rng_seed = self.seed
        self.game_no = 0
        self.dealer = n - 1  # so that seat 0 bids first in the first game
        self.wins = (0,) * n
        self.prev_winners = ()
        self.result = None
        self.hands = ((),) * n
        self.draw = ()
        self.pile = ()
        self.rs = None
        self.tbl = None
        self.bid_high = -1
        self.bid_leader = -1
        self.bid_out = (False,) * n
        self.bid_winner = -1
        self.givers = ()
        self.give_left = 0
        self.next_after_give = -1
        self.gifts = ()
        self.drawn = -1
        self.idle = 0
        self.turns = 0
        self.phase = BID
        self.to_act = None
        if setup:
            self._start_from_setup(setup)
        else:
            self._start_game()

    # --- set-up -----------------------------------------------------------------------------

    def _start_from_setup(self, setup: Mapping[str, Any]) -> None:
        """A stacked first game: hands, draw pile (top first), dealer, and optionally the rule.

        Cards named nowhere are shuffled to the bottom of the draw pile, or, when ``pile`` (the
        discard pile, bottom first) is given, under the discard pile. With ``rule`` the bidding is
        skipped: the rule is in force and ``first`` (default: the dealer's left) plays first.
        """
        check_setup_keys(setup, _SETUP_KEYS)
        n = self.n
        jokers: list[int] = []  # the second JK named anywhere is the second joker
        try:
            hands = [
                tuple(self._setup_cards(h, "hand", jokers)) for h in setup.get("hands", [[]] * n)
            ]
            top = self._setup_cards(setup.get("draw", []), "draw", jokers)
            pile = self._setup_cards(setup.get("pile", []), "pile", jokers)
        except (NotationError, TypeError) as error:
            raise ConfigError(f"setup: {error}") from None
        if len(hands) != n:
            raise ConfigError(f"setup hands: one list of cards per seat ({n})")
        named = [c for h in hands for c in h] + top + pile
        if len(set(named)) != len(named):
            raise ConfigError("setup: a card appears twice (there are two jokers, both JK)")
        self.dealer = self._setup_seat(setup, "dealer", n - 1)
        first = self._setup_seat(setup, "first", (self.dealer + 1) % n)
        if "wins" in setup:
            wins = setup["wins"]
            if (
                not isinstance(wins, list)
                or len(wins) != n
                or not all(isinstance(w, int) and w >= 0 for w in wins)
            ):
                raise ConfigError("setup wins: one whole number of games won per seat")
            self.wins = tuple(wins)
        previous = setup.get("previous_winners", [])
        if not isinstance(previous, list) or not all(
            isinstance(s, int) and 0 <= s < n for s in previous
        ):
            raise ConfigError("setup previous_winners: a list of seat numbers")
        self.prev_winners = tuple(previous)
        rest = [c for c in range(NUM_CARDS) if c not in set(named)]
        self.rng_seed = shuffle(self.rng_seed, rest)
        dealt = []
        for hand in hands:
            if hand:
                dealt.append(hand)
            else:
                size = hand_size(n)
                dealt.append(tuple(rest[:size]))
                del rest[:size]
        if not all(dealt):
            raise ConfigError("setup: too many cards named to deal the other hands")
        self.game_no = 1
        self.hands = tuple(dealt)
        if "pile" in setup:
            self.pile = tuple(rest + pile)
            self.draw = tuple(top)
        else:
            self.draw = tuple(top + rest)
        self._emit_deal()
        if "rule" not in setup:
            self._start_bidding()
            return
        try:
            action = parse_action(f"rule {setup['rule']}")
        except NotationError as error:
            raise ConfigError(f"setup rule: {error}") from None
        assert isinstance(action, SetRule)
        self.bid_winner = first
        self.to_act = first
        self._set_first_rule(first, action)

    def _setup_cards(self, values: Any, what: str, jokers: list[int]) -> list[int]:
        if not isinstance(values, list):
            raise ConfigError(f"setup {what}: a list of cards such as ['7H', 'AS', 'JK']")
        out: list[int] = []
        for text in values:
            c = parse_card(str(text))
            if c == JOKER and JOKER in jokers:
                c = JOKERS[1]
            if is_joker(c):
                jokers.append(c)
            out.append(c)
        return out

    def _setup_seat(self, setup: Mapping[str, Any], key: str, default: int) -> int:
        value = setup.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value < self.n:
            raise ConfigError(f"setup {key}: a seat number from 0 to {self.n - 1}")
        return value

    def _start_game(self) -> None:
        """Shuffle the 54 cards, deal (12 each, 8 at six players), and open the bidding."""
        self.game_no += 1
        if self.game_no > 1:
            self.dealer = (self.dealer + 1) % self.n
        deck = list(range(NUM_CARDS))
        self.rng_seed = shuffle(self.rng_seed, deck)
        size = hand_size(self.n)
        # Dealt singly from the dealer's left; with a shuffled deck only the counts matter.
        self.hands = tuple(
            tuple(deck[(s - self.dealer - 1) % self.n :: self.n][:size]) for s in range(self.n)
        )
        self.draw = tuple(deck[size * self.n :])
        self.pile = ()
        self.rs = None
        self.tbl = None
        self.gifts = ()
        self._emit_deal()
        self._start_bidding()

    def _emit_deal(self) -> None:
        """Reset the per-game counters and announce the deal (each seat sees its own hand)."""
        self.turns = 0
        self.idle = 0
        self.drawn = -1
        if self._muted:
            return
        self._emit(
            {
                "type": "deal",
                "game": self.game_no,
                "dealer": self.dealer,
                "hand_sizes": [len(h) for h in self.hands],
                "draw": len(self.draw),
            },
            {s: {"hand": hand_texts(self.hands[s])} for s in range(self.n)},
        )

    # --- bidding ----------------------------------------------------------------------------

    def _start_bidding(self) -> None:
        self.phase = BID
        self.bid_high = -1
        self.bid_leader = -1
        self.bid_out = (False,) * self.n
        self.bid_winner = -1
        self.to_act = (self.dealer + 1) % self.n

    def _bid(self, seat: int, amount: int) -> None:
        self.bid_high = amount
        self.bid_leader = seat
        self._emit({"type": "bid", "seat": seat, "amount": amount})
        if amount == MAX_BID:
            self._end_bidding()
        else:
            self._next_bidder(seat)

    def _bid_pass(self, seat: int) -> None:
        self.bid_out = _replace(self.bid_out, seat, True)
        self._emit({"type": "bid_pass", "seat": seat})
        self._next_bidder(seat)

    def _next_bidder(self, seat: int) -> None:
        """R2: the auction goes round until every other bidder has passed (a pass is final)."""
        for k in range(1, self.n + 1):
            s = (seat + k) % self.n
            if not self.bid_out[s] and s != self.bid_leader:
                self.to_act = s
                return
        self._end_bidding()

    def _end_bidding(self) -> None:
        """The winner takes their bid from the undealt cards, unseen; R1 if everyone passed."""
        if self.bid_leader < 0:
            winner, amount, why = (self.dealer + 1) % self.n, 0, "everyone passed"
        else:
            winner, amount, why = self.bid_leader, self.bid_high, "highest bid"
        taken = self.draw[:amount]
        self.draw = self.draw[amount:]
        self.hands = _replace(self.hands, winner, self.hands[winner] + taken)
        self.bid_winner = winner
        self._emit(
            {
                "type": "bid_won",
                "seat": winner,
                "amount": amount,
                "why": why,
                "draw": len(self.draw),
            },
            {winner: {"cards": texts(taken)}},
        )
        self.phase = RULE
        self.to_act = winner

    def _set_first_rule(self, seat: int, action: SetRule) -> None:
        self.rs = rs = RuleState(action.rule, action.suit)
        self.tbl = table(rs)
        # The pile is empty after a deal; a setup may have stacked cards in it (never lost).
        self._emit({"type": "rule", "seat": seat, "rule": action.rule, "suit": action.suit})
        self._start_giveaways(self.prev_winners, seat)

    # --- giveaways --------------------------------------------------------------------------

    def _start_giveaways(self, givers: tuple[int, ...], then: int) -> None:
        self.givers = givers
        self.next_after_give = then
        self._next_giver()

    def _next_giver(self) -> None:
        """R11: each giver hands over two cards, but never their last card."""
        while self.givers:
            giver = self.givers[0]
            self.give_left = min(GIVEAWAY_CARDS, len(self.hands[giver]) - 1)
            if self.give_left > 0:
                self.phase = GIVE
                self.to_act = giver
                return
            self.givers = self.givers[1:]
        self._begin_turn(self.next_after_give)

    def _decline_giveaway(self, giver: int) -> None:
        """R11: the giver keeps the cards still to give; play goes on as after a giveaway."""
        self._emit({"type": "give_pass", "seat": giver, "kept": self.give_left})
        self.give_left = 0
        self.givers = self.givers[1:]
        self._next_giver()

    def _give(self, giver: int, c: int, receiver: int) -> None:
        hand = self.hands[giver]
        if c == JOKER:
            c = next(j for j in hand if is_joker(j))
        self.hands = _replace(self.hands, giver, _without(hand, (c,)))
        self.hands = _replace(self.hands, receiver, (*self.hands[receiver], c))
        self.gifts = (*self.gifts, (giver, receiver, c))
        private = {"card": TEXT[c]}
        self._emit(
            {"type": "give", "seat": giver, "to": receiver}, {giver: private, receiver: private}
        )
        self.give_left -= 1
        if self.give_left == 0:
            self.givers = self.givers[1:]
            self._next_giver()

    # --- turns ------------------------------------------------------------------------------

    def _begin_turn(self, seat: int) -> None:
        self.turns += 1
        if self.turns > self.game.options["max_turns"]:
            self._end_game_fewest("turn limit reached")
            return
        self.phase = TURN
        self.to_act = seat
        self.drawn = -1

    def _end_turn(self, seat: int) -> None:
        if self.idle >= self.n:
            self._end_game_fewest("blocked: the draw pile is empty and nobody played for a round")
        else:
            self._begin_turn((seat + 1) % self.n)

    def _play(self, seat: int, cards: tuple[int, ...], on_joker: bool, direction: int) -> None:
        rs = self.rs
        assert rs is not None
        hand = self.hands[seat]
        placed = cards
        if on_joker:
            joker = next(j for j in hand if j in JOKERS)
            placed = (joker, *cards)
        rest = _without(hand, placed)
        self.hands = _replace(self.hands, seat, rest)
        self.pile += placed
        self.rs, self.tbl = after_table(rs, cards, on_joker, direction)
        self.idle = 0
        if not self._muted:  # nobody reads a muted state's events: skip building them
            event: JSON = {
                "type": "play",
                "seat": seat,
                "cards": [TEXT[c] for c in cards],
                "joker": on_joker,
            }
            if direction:
                event["direction"] = "higher" if direction == HIGHER else "lower"
            self._emit(event)
        if not rest:
            self._end_game([seat], "emptied their hand")
            return
        reason = self._giveaway_reason(rs, cards, on_joker)
        if reason:
            self._emit({"type": "giveaway", "seat": seat, "why": reason})
            self._start_giveaways((seat,), (seat + 1) % self.n)
        else:
            self._begin_turn((seat + 1) % self.n)  # (``_end_turn``: a play is never blocked)

    def _giveaway_reason(self, before: RuleState, cards: tuple[int, ...], on_joker: bool) -> str:
        """R9, R10: four equal values together on top, or a series repeating the last one.

        (Four of a kind on top is ``top_run() == 4``: there are only four cards of a value.)
        """
        pile = self.pile
        v = VALUE[pile[-1]]
        if v and len(pile) >= 4 and VALUE[pile[-2]] == v == VALUE[pile[-3]] == VALUE[pile[-4]]:
            return "four of a kind on top of the discard pile"
        if (
            before.kind == RUN
            and not on_joker
            and self.rs is not None
            and self.rs.kind == RUN
            and sorted(VALUE[c] for c in before.last) == sorted(VALUE[c] for c in cards)
        ):
            return "a repeated three-card series"
        return ""

    def _play_ace(self, seat: int, action: AcePlay) -> None:
        """R3: the Ace and the whole discard pile are shuffled into the draw pile."""
        ace = action.card
        self.hands = _replace(self.hands, seat, _without(self.hands[seat], (ace,)))
        if not self._muted:
            self._emit(
                {
                    "type": "ace",
                    "seat": seat,
                    "card": TEXT[ace],
                    "rule": action.rule,
                    "suit": action.suit,
                }
            )
        self.idle = 0
        if not self.hands[seat]:
            self.pile += (ace,)
            self._end_game([seat], "emptied their hand")
            return
        deck = [*self.draw, *self.pile, ace]
        self.rng_seed = shuffle(self.rng_seed, deck)
        self.draw = tuple(deck)
        self.pile = ()
        self.rs = rs = RuleState(action.rule, action.suit)
        self.tbl = table(rs)
        if not self._muted:
            self._emit({"type": "reshuffle", "draw": len(self.draw)})
        self._begin_turn(seat)

    def _draw_card(self, seat: int) -> None:
        c = self.draw[0]
        self.draw = self.draw[1:]
        self.hands = _replace(self.hands, seat, (*self.hands[seat], c))
        self.drawn = c
        self.phase = DRAWN
        if not self._muted:
            self._emit(
                {"type": "draw", "seat": seat, "draw": len(self.draw)}, {seat: {"card": TEXT[c]}}
            )

    def _pass(self, seat: int) -> None:
        """R13: a pass with nothing to draw counts toward a blocked table; a draw does not."""
        if self.phase == TURN:
            self.idle += 1
        if not self._muted:
            self._emit({"type": "pass", "seat": seat})
        self._end_turn(seat)

    # --- end of a game and of the match -----------------------------------------------------

    def _end_game_fewest(self, why: str) -> None:
        fewest = min(len(h) for h in self.hands)
        self._end_game([s for s in range(self.n) if len(self.hands[s]) == fewest], why)

    def _end_game(self, winners: list[int], why: str) -> None:
        self.wins = tuple(w + (1 if s in winners else 0) for s, w in enumerate(self.wins))
        if not self._muted:
            self._emit(
                {
                    "type": "game_end",
                    "game": self.game_no,
                    "winners": winners,
                    "why": why,
                    "hands": [hand_texts(h) for h in self.hands],
                    "wins": list(self.wins),
                }
            )
        if self.game_no >= self.game.options["games"]:
            best = max(self.wins)
            champions = [s for s in range(self.n) if self.wins[s] == best]
            self._end(champions)
            self._emit({"type": "match_end", "winners": champions, "wins": list(self.wins)})
            return
        self.prev_winners = tuple(winners)
        self._start_game()

    def _standing(self, seat: int) -> int:
        """After the winners, the seats by games won in the match (the standings' order)."""
        return self.wins[seat]

    # --- moves ------------------------------------------------------------------------------

    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Play):
            self._play(seat, action.cards, False, action.direction)
        elif isinstance(action, Draw):
            self._draw_card(seat)
        elif isinstance(action, Pass):
            if self.phase == BID:
                self._bid_pass(seat)
            elif self.phase == GIVE:
                self._decline_giveaway(seat)
            else:
                self._pass(seat)
        elif isinstance(action, JokerPlay):
            self._play(seat, (action.card,), True, 0)
        elif isinstance(action, AcePlay):
            self._play_ace(seat, action)
        elif isinstance(action, Give):
            self._give(seat, action.card, action.seat)
        elif isinstance(action, Bid):
            self._bid(seat, action.amount)
        else:
            assert isinstance(action, SetRule)
            self._set_first_rule(seat, action)


def _without(hand: Hand, cards: tuple[int, ...]) -> Hand:
    """``hand`` minus ``cards`` (each once; a play has at most four, so one slice per card)."""
    for c in cards:
        at = hand.index(c)
        hand = hand[:at] + hand[at + 1 :]
    return hand
