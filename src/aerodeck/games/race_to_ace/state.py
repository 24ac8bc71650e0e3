"""The Race to Ace state's fields (the table: what lies where, as immutable values) and the
public facts about it.

Acquisitions in play are *stacks* ``(kind, target, source, cover, cover_owner)``: the RADAR or
VISUAL card, the pilot it was played on, the pilot who placed it, and the JAMMIT! or MANEUVER card
lying on it (-1 when none) with who played that. A VISUAL covered by the target's MANEUVER is
*outmaneuvered*: it threatens its source instead (R3). FLAMEOUTs are ``(victim, owner)`` pairs.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Final, NamedTuple

from aerodeck.core.api import Action, TurnState
from aerodeck.core.tuples import replace_at
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.actions import MAX_SEATS, STACK_LETTER, Move

if TYPE_CHECKING:
    from aerodeck.games.race_to_ace.game import RaceToAce

HAND_SIZE = 7
TURN, LOST, DOGFIGHT, FIRE, REACT, WEAPON, TRIM = (
    "turn",
    "lost turn",
    "dogfight",
    "fire",
    "react",
    "weapon",
    "trim",
)
NONE = -1
KILL_POINTS = 5
ACQUISITION_POINTS = 2


class Stack(NamedTuple):
    """An acquisition in play: the RADAR or VISUAL ``kind`` played on ``target`` by ``source``,
    and the JAMMIT! or MANEUVER ``cover`` lying on it (NONE when none) played by
    ``cover_owner``."""

    kind: int
    target: int
    source: int
    cover: int = NONE
    cover_owner: int = NONE


# Every stack that can lie on the table, built once: a NamedTuple's constructor is a Python-level
# ``__new__`` (about 15 times a table read), and acquisitions are placed and covered every turn.
# PLAIN[kind][target][source] is an uncovered RADAR or VISUAL; COVERED[kind][target][source][owner]
# the same covered by its counter, played by ``owner``: JAMMIT! on a RADAR, MANEUVER on a VISUAL.
assert (c.RADAR, c.VISUAL) == (0, 1)
PLAIN: Final = tuple(
    tuple(tuple(Stack(kind, t, s) for s in range(MAX_SEATS)) for t in range(MAX_SEATS))
    for kind in (c.RADAR, c.VISUAL)
)
COVERED: Final = tuple(
    tuple(
        tuple(
            tuple(Stack(kind, t, s, cover, o) for o in range(MAX_SEATS)) for s in range(MAX_SEATS)
        )
        for t in range(MAX_SEATS)
    )
    for kind, cover in ((c.RADAR, c.JAMMIT), (c.VISUAL, c.MANEUVER))
)

# Counts per kind of a hand as the generators read it: a seat's own list, a pilot's and wingman's
# sum (a tuple), or a stand-in.
Hand = Sequence[int]
# A stand-in hand holding every card: what *could* be played, from public facts only.
ANY_HAND: Hand = (1,) * len(c.KINDS)


class Snapshot(NamedTuple):
    """The table before a card that a revealed special may cancel (R14)."""

    acqs: tuple[Stack, ...]
    flames: tuple[tuple[int, int], ...]
    discards: tuple[int, ...]


class Pending(NamedTuple):
    """A MALFUNCTION, FLAMEOUT or MANEUVER that a held special may still cancel."""

    card: int
    by: int
    against: int
    before: Snapshot


# Caches keyed by immutable hands are cleared when they reach this size (memory stays bounded).
CACHE_LIMIT = 100_000
# A wingman lends every kind before RELIGHT: the Specials are the last kinds (R17).
LENT: Final = c.RELIGHT
assert frozenset(c.KINDS[LENT:]) == c.SPECIAL
KIND_BIT: Final = tuple(1 << kind for kind in c.KINDS)


def kinds_held(hand: Sequence[int]) -> int:
    """The kinds ``hand`` holds at least one of, as bits (``KIND_BIT``)."""
    bits = 0
    for kind, count in enumerate(hand):  # a loop: a generator costs a call per card kind
        if count:
            bits |= KIND_BIT[kind]
    return bits


def threatens(stack: Stack) -> int:
    """The pilot a stack can be fired on now, or -1 (a suppressed RADAR threatens nobody)."""
    cover = stack.cover
    if cover == c.MANEUVER:
        return stack.source
    if cover == c.JAMMIT:
        return NONE
    return stack.target


def stack_ref(stack: Stack) -> str:
    return f"{STACK_LETTER[stack.kind]}{stack.source}>{stack.target}"


class Table(TurnState):
    """The whole table. Every slot holds an immutable value that ``clone`` shares, except the
    hands, the wingmen's hands and the discard pile: lists of counts and cards, edited in place
    (a card drawn or played is one ``+= 1``, not two tuples rebuilt) and copied by ``clone``.

    ``short`` is a bit per seat that gave up a card since its last refill: only those seats can
    hold fewer than seven, so the turn's end refills them without summing every hand. The draw
    deck is ``pile[top:]``: a draw moves ``top`` on instead of copying the rest of the deck."""

    __slots__ = (
        "acqs",
        "acquired",
        "burning",
        "counters",
        "df",
        "df_stack",
        "discard_pile",
        "downed",
        "exposed",
        "fire_move",
        "first",
        "flame_pairs",
        "game_no",
        "golden_bird",
        "hands",
        "held",
        "hot_stick",
        "is_terminal",
        "kills",
        "kills_to_win",
        "legal_cache",
        "max_turns",
        "must_answer",
        "n",
        "open_answers",
        "pending",
        "pile",
        "pooled",
        "react_kind",
        "rng_seed",
        "scores",
        "short",
        "specials_lost",
        "tokens",
        "top",
        "turn",
        "turn_no",
        "up",
        "weapon",
        "weapon_counters",
        "wing_held",
        "wingmen",
        "wings",
    )

    game: RaceToAce
    # A slot set by ``_end``, not TurnState's property: every step of a playout asks, and a
    # property read costs several slot reads on Python 3.11.
    is_terminal: bool
    n: int
    tokens: bool
    wingmen: bool
    rng_seed: int
    scores: tuple[int, ...]
    short: int
    game_no: int
    result: tuple[float, ...] | None
    first: int
    legal_cache: tuple[Action, ...] | None
    max_turns: int
    must_answer: bool  # the options read on every decision, kept in slots
    counters: bool  # visual_counters_maneuver
    weapon_counters: bool
    specials_lost: bool
    kills_to_win: int
    open_answers: tuple[Move, ...]  # in a dogfight: the answers public facts allow (R1)
    to_act: int | None
    phase: str
    turn: int
    turn_no: int
    kills: tuple[int, ...]
    acquired: tuple[int, ...]
    downed: tuple[bool, ...]
    up: int  # the seats not ``downed``, as bits
    exposed: int  # the seats not ``immune``, as bits (changed with ``golden_bird``)
    acqs: tuple[Stack, ...]
    flame_pairs: tuple[tuple[int, int], ...]  # ``flames``
    burning: int  # the seats ``flamed``, as bits (changed with ``flames``)
    hot_stick: int
    golden_bird: int
    df: tuple[int, int, int] | None
    # The dogfight's stack as it stands (``_find`` of ``df``'s kind, defender and attacker; None
    # when broken): set where the dogfight changes it, checked by ``check_invariants``.
    df_stack: Stack | None
    # In FIRE: the one shot the standing stack allows (``_fire_target``), set by the dogfight's end.
    fire_move: Move | None
    pending: Pending | None
    weapon: tuple[int, int, int] | None
    react_kind: int
    discard_pile: list[int]  # oldest first; ``discards`` is its tuple
    pile: tuple[int, ...]
    top: int
    hands: list[list[int]]  # counts per kind, per seat
    wings: list[list[int]]  # the wingmen's (R17); all zero without the variant
    # Kept with the hands, changed by the same edits (``_gain``, ``_lose``), checked by
    # ``check_invariants``: every turn asks for them, and deriving them cost more than the rest
    # of the turn's move list.
    held: list[int]  # per seat, the kinds in hand as bits (``KIND_BIT``)
    wing_held: list[int]  # the same for the wingman
    pooled: list[list[int]]  # ``playable``: without wingmen, the hands themselves

    def clone(self) -> Table:
        """The slot copy, plus copies of the lists edited in place (hands, discards)."""
        cls = type(self)
        new = cls.__new__(cls)
        cls._copy_slots(self, new)
        new.hands = [hand[:] for hand in self.hands]
        new.held = self.held[:]
        if self.wingmen:
            new.wings = [hand[:] for hand in self.wings]
            new.wing_held = self.wing_held[:]
            new.pooled = [hand[:] for hand in self.pooled]
        else:
            new.pooled = new.hands
        new.discard_pile = self.discard_pile[:]
        return new

    def _recount(self) -> None:
        """Derive ``held``, ``wing_held`` and ``pooled`` from the hands (a deal, a redeal)."""
        self.held = [kinds_held(hand) for hand in self.hands]
        if self.wingmen:
            self.wing_held = [kinds_held(wing) for wing in self.wings]
            self.pooled = [
                [h + w for h, w in zip(hand[:LENT], wing[:LENT], strict=True)] + hand[LENT:]
                for hand, wing in zip(self.hands, self.wings, strict=True)
            ]
        else:
            self.wing_held = [0] * self.n  # no wingmen: their hands stay empty
            self.pooled = self.hands

    def _gain(self, seat: int, kind: int, wing: bool = False) -> None:
        """One ``kind`` card more in ``seat``'s hand, or the wingman's."""
        if wing:
            self.wings[seat][kind] += 1
            self.wing_held[seat] |= KIND_BIT[kind]
            if kind < LENT:
                self.pooled[seat][kind] += 1
        else:
            self.hands[seat][kind] += 1
            self.held[seat] |= KIND_BIT[kind]
            if self.wingmen:
                self.pooled[seat][kind] += 1

    def _lose(self, seat: int, kind: int, wing: bool = False) -> None:
        """One ``kind`` card fewer in ``seat``'s hand, or the wingman's (it holds one)."""
        if wing:
            counts = self.wings[seat]
            counts[kind] -= 1
            if not counts[kind]:
                self.wing_held[seat] ^= KIND_BIT[kind]
            if kind < LENT:
                self.pooled[seat][kind] -= 1
        else:
            counts = self.hands[seat]
            counts[kind] -= 1
            if not counts[kind]:
                self.held[seat] ^= KIND_BIT[kind]
            if self.wingmen:
                self.pooled[seat][kind] -= 1

    @property
    def discards(self) -> tuple[int, ...]:
        """The discard pile, oldest first."""
        return tuple(self.discard_pile)

    @discards.setter
    def discards(self, cards: Sequence[int]) -> None:
        self.discard_pile = list(cards)

    def _end(self, winners: Iterable[int]) -> None:
        super()._end(winners)
        self.is_terminal = True

    @property
    def deck(self) -> tuple[int, ...]:
        """The draw deck, top card first."""
        return self.pile[self.top :]

    @deck.setter
    def deck(self, cards: tuple[int, ...]) -> None:
        self.pile = cards
        self.top = 0

    def playable(self, seat: int) -> Hand:
        """Counts of what ``seat`` may play: their hand, plus the wingman's Attack and Defense
        cards (R17)."""
        return self.pooled[seat]

    @property
    def flames(self) -> tuple[tuple[int, int], ...]:
        """The FLAMEOUTs in play, (victim, owner) pairs in the order played."""
        return self.flame_pairs

    @flames.setter
    def flames(self, pairs: tuple[tuple[int, int], ...]) -> None:
        self.flame_pairs = pairs
        burning = 0
        for victim, _ in pairs:
            burning |= 1 << victim
        self.burning = burning

    def flamed(self, seat: int) -> bool:
        """A FLAMEOUT lies in front of ``seat`` (``burning``, read directly on the hot paths)."""
        return bool(self.burning >> seat & 1)

    def immune(self, pilot: int) -> bool:
        """GOLDEN BIRD: its pilot is immune to MALFUNCTION and FLAMEOUT, played by or on them."""
        return pilot != NONE and pilot == self.golden_bird

    def _set_downed(self, seat: int, down: bool) -> None:
        self.downed = replace_at(self.downed, seat, down)
        self.up = self.up & ~(1 << seat) if down else self.up | 1 << seat

    def _set_golden_bird(self, seat: int) -> None:
        self.golden_bird = seat
        self.exposed = sum(1 << s for s in range(self.n) if not self.immune(s))

    @staticmethod
    def _fire_on(stack: Stack | None) -> tuple[int, int, int] | None:
        """(firer, target, weapon) open on the dogfight's stack as it stands (R7)."""
        if stack is None or stack.cover == c.JAMMIT:
            return None
        if stack.cover == c.MANEUVER:
            return stack.target, stack.source, c.GUNS
        return stack.source, stack.target, c.GUNS if stack.kind == c.VISUAL else c.MISSILE

    def _special_hidden(self, kind: int) -> bool:
        """The special is in some hand or the deck: a pilot may be holding it (R14)."""
        holder = self.hot_stick if kind == c.HOT_STICK else self.golden_bird
        return holder == NONE and kind not in self.discard_pile

    def _find(self, kind: int, target: int, source: int) -> Stack | None:
        # Field reads, not unpacking: a NamedTuple unpacks at about twice a plain tuple's cost.
        for stack in self.acqs:
            if stack.kind == kind and stack.target == target and stack.source == source:
                return stack
        return None

    def _slot(self, kind: int, target: int, source: int) -> Stack | None:
        """The stack that keeps ``source`` from playing a new ``kind`` on ``target`` (R4, R16)."""
        tokens = self.tokens
        for stack in self.acqs:
            if (
                stack.kind == kind
                and stack.target == target
                and (not tokens or stack.source == source)
            ):
                return stack
        return None

    def _usable(self, seat: int, kind: int, target: int) -> bool:
        """Can ``seat`` fire the weapon for ``kind`` at ``target`` outside a dogfight (R8)?"""
        for stack in self.acqs:
            if stack.kind != kind or threatens(stack) != target:
                continue
            if stack.cover == c.MANEUVER:
                if stack.target == seat:  # only the pilot who outmaneuvered fires on it (R5)
                    return True
            elif not self.tokens or stack.source == seat:
                return True
        return False

    def _targetable(self, seat: int, target: int) -> bool:
        """Another pilot, not shot down since their last turn (R13)."""
        return target != seat and not self.downed[target]
