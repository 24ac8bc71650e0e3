"""Race to Ace as a pure state machine (no I/O). Rulings R1..R21 are in docs/games/race_to_ace.md.

A turn: the pilot draws one card (chance, internal) and plays exactly one card, or, if shot down
since their last turn, only discards. Playing an acquisition starts a DOGFIGHT: the two pilots
answer each other out of turn, without drawing, until one passes; then the pilot whose move stood
may fire. At the end of every turn all pilots refill to seven cards.

The state's fields and its public facts are in ``state``, the legal moves (and why a move is not)
in ``legal``, views, determinization and checks in ``view``; this module carries out moves.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, Action
from aerodeck.core.errors import ConfigError
from aerodeck.core.rng import shuffle
from aerodeck.core.setups import check_setup_keys
from aerodeck.core.tuples import replace_at
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.actions import MAX_SEATS, PASS, Move, at_pilot
from aerodeck.games.race_to_ace.cards import (
    FLAMEOUT,
    GOLDEN_BIRD,
    GUNS,
    HOT_STICK,
    JAMMIT,
    MALFUNCTION,
    MANEUVER,
    MISSILE,
    RADAR,
    RELIGHT,
    VISUAL,
)
from aerodeck.games.race_to_ace.legal import LegalMoves
from aerodeck.games.race_to_ace.state import (
    ACQUISITION_POINTS,
    ANY_HAND,
    COVERED,
    DOGFIGHT,
    FIRE,
    HAND_SIZE,
    KILL_POINTS,
    KIND_BIT,
    LENT,
    LOST,
    NONE,
    PLAIN,
    REACT,
    TRIM,
    TURN,
    WEAPON,
    Pending,
    Snapshot,
    Stack,
    stack_ref,
)
from aerodeck.games.race_to_ace.view import Information

if TYPE_CHECKING:
    from aerodeck.games.race_to_ace.game import RaceToAce

# The seats to refill at a turn's end, per table size, turn and ``short`` mask: the marked seats
# in turn order from the turn's pilot (R2's order), so no turn sums the hands that kept seven.
_REFILLS = {
    n: tuple(
        tuple(
            tuple(seat for seat in ((turn + step) % n for step in range(n)) if mask >> seat & 1)
            for mask in range(1 << n)
        )
        for turn in range(n)
    )
    for n in range(2, MAX_SEATS + 1)
}


class RaceState(LegalMoves, Information):
    """One game (or match) of Race to Ace in progress."""

    __slots__ = ()

    def __init__(self, game: RaceToAce, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        super().__init__(game, seed, setup)
        n = game.players
        self.n = n
        self.tokens = bool(game.options["acquisition_tokens"])
        self.wingmen = bool(game.options["wingmen"])
        self.max_turns = int(game.options["max_turns"])
        self.weapon_counters = bool(game.options["weapon_counters"])
        self.must_answer = bool(game.options["must_answer"])
        self.counters = bool(game.options["visual_counters_maneuver"])
        self.specials_lost = bool(game.options["specials_lost"])
        self.kills_to_win = int(game.options["kills_to_win"])
        self.open_answers = ()
        self.rng_seed = self.seed
        self.scores = (0,) * n
        self.game_no = 0
        self.result = None
        self.first = 0
        self.legal_cache = None
        self.to_act = None
        self.phase = TURN
        self.is_terminal = False
        self.turn = 0
        stacked = self._read_setup(setup) if setup else None
        self._start_game(stacked)

    def _read_setup(self, setup: Mapping[str, Any]) -> JSON:
        """Check a scenario: ``hands``, ``wings`` (card words a seat), ``deck`` (top first),
        ``first`` (the seat to start), ``kills``. Unlisted cards are shuffled under ``deck``."""
        check_setup_keys(setup, ("deck", "first", "hands", "kills", "wings"))
        out: JSON = {}
        try:
            for key in ("hands", "wings"):
                if key in setup:
                    lists = setup[key]
                    if not isinstance(lists, list) or len(lists) != self.n:
                        raise ConfigError(f"setup {key}: one list of cards per seat ({self.n})")
                    if key == "wings" and not self.wingmen:
                        raise ConfigError("setup wings: only with the wingmen option")
                    hands = [[c.kind_of(str(w)) for w in h] for h in lists]
                    if any(len(h) not in (0, HAND_SIZE) for h in hands):
                        raise ConfigError(
                            f"setup {key}: each seat gets {HAND_SIZE} cards (or none)"
                        )
                    out[key] = hands
            deck = setup.get("deck", [])
            if not isinstance(deck, list):
                raise ConfigError("setup deck: a list of cards, top first")
            out["deck"] = [c.kind_of(str(w)) for w in deck]
        except ConfigError:
            raise
        except Exception as error:  # NotationError and bad shapes both become one readable line
            raise ConfigError(f"setup: {error}") from None
        used = [k for key in ("hands", "wings") for h in out.get(key, []) for k in h] + out["deck"]
        for kind, count in enumerate(c.hand_of(used)):
            if count > c.COUNTS[kind]:
                raise ConfigError(
                    f"setup uses {count} {c.NAMES[kind]} cards; the deck has {c.COUNTS[kind]}"
                )
        first = setup.get("first", 0)
        if isinstance(first, bool) or not isinstance(first, int) or not 0 <= first < self.n:
            raise ConfigError(f"setup first: a seat 0..{self.n - 1}")
        self.first = first
        if "kills" in setup:
            kills = setup["kills"]
            target = self.game.options["kills_to_win"]
            if (
                not isinstance(kills, list)
                or len(kills) != self.n
                or not all(isinstance(k, int) and 0 <= k < target for k in kills)
            ):
                raise ConfigError(f"setup kills: one number 0..{target - 1} per seat")
            out["kills"] = kills
        return out

    def _start_game(self, stacked: JSON | None = None) -> None:
        """Shuffle the 90 cards, deal 7 to every pilot (and wingman), first pilot draws."""
        n = self.n
        self.game_no += 1
        self.turn_no = 0
        self.kills = tuple(stacked["kills"]) if stacked and "kills" in stacked else (0,) * n
        self.acquired = (0,) * n
        self.downed = (False,) * n
        self.up = (1 << n) - 1
        self.short = 0
        self.acqs = ()
        self.flames = ()
        self.hot_stick = NONE
        self._set_golden_bird(NONE)
        self.df = None
        self.df_stack = None
        self.fire_move = None
        self.pending = None
        self.weapon = None
        self.react_kind = NONE
        self.discard_pile = []
        fixed = stacked or {}
        given_hands = fixed.get("hands", [[]] * n)
        given_wings = fixed.get("wings", [[]] * n)
        top = fixed.get("deck", [])
        remaining = list(c.COUNTS)
        for kind in [k for h in given_hands for k in h] + [k for h in given_wings for k in h] + top:
            remaining[kind] -= 1
        rest: list[int] = []
        for kind in c.KINDS:
            rest += [kind] * remaining[kind]
        self.rng_seed = shuffle(self.rng_seed, rest)
        pile = list(top) + rest
        hands: list[list[int]] = []
        wings: list[list[int]] = []
        for seat in range(n):
            for given, out in ((given_hands[seat], hands), (given_wings[seat], wings)):
                if out is wings and not self.wingmen:
                    out.append(list(c.EMPTY_HAND))
                elif given:
                    out.append(list(c.hand_of(given)))
                else:
                    out.append(list(c.hand_of(pile[:HAND_SIZE])))
                    del pile[:HAND_SIZE]
        self.hands = hands
        self.wings = wings
        self._recount()
        self.deck = tuple(pile)
        if not self._muted:
            private = {}
            for s in range(n):
                private[s] = {"hand": c.hand_list(hands[s])}
                if self.wingmen:
                    private[s]["wing"] = c.hand_list(wings[s])
            self._emit({"type": "deal", "game": self.game_no, "deck": len(self.deck)}, private)
        # The first pilot's turn begins as if the seat before had just ended one.
        self.turn = (self.first + self.game_no - 2) % n
        self._end_turn()

    def _take(self, seat: int, kind: int, discarding: bool = False) -> None:
        """Remove a card from the pilot's own hand, else from the wingman's (R17)."""
        self.short |= 1 << seat
        if self.hands[seat][kind]:
            self._lose(seat, kind)
        else:
            assert self.wingmen and (discarding or kind not in c.SPECIAL)
            self._lose(seat, kind, wing=True)

    def _spend(self, seat: int, kind: int, discarding: bool = False) -> None:
        """The turn's card leaves the hand. Held in the pilot's own hand (the common case) the
        pilot drew to eight and is back at seven, so not short; else ``_take`` finds it. The
        common case is ``_lose`` written out: every turn passes here."""
        hand = self.hands[seat]
        if hand[kind]:
            hand[kind] -= 1
            if not hand[kind]:
                self.held[seat] ^= KIND_BIT[kind]
            if self.wingmen:
                self.pooled[seat][kind] -= 1
        else:
            self._take(seat, kind, discarding)

    def _draw(self, seat: int, wing: bool = False) -> int:
        """Draw the top card (its kind, or -1 if none is left anywhere); an empty deck first
        takes in the shuffled discard pile (R2)."""
        if self.top == len(self.pile):
            pile = self.discard_pile
            if not pile:
                return NONE
            self.rng_seed = shuffle(self.rng_seed, pile)
            self.deck = tuple(pile)
            self.discard_pile = []
            self._emit({"type": "reshuffle", "deck": len(pile)})
        kind = self.pile[self.top]
        self.top += 1
        self._gain(seat, kind, wing)
        return kind

    def _refill(self, seat: int) -> None:
        """Draw ``seat`` back up to seven cards (and the wingman too), top of the deck first."""
        drawn: list[int] = []
        wingmen = self.wingmen
        for wing in (False, True) if wingmen else (False,):
            counts = (self.wings if wing else self.hands)[seat]
            missing = HAND_SIZE - sum(counts)
            if missing <= 0:
                continue
            top = self.top
            if len(self.pile) - top >= missing:
                # Enough cards: take them in one slice (what one draw at a time would take),
                # each counted as ``_gain`` counts it.
                cards = self.pile[top : top + missing]
                self.top = top + missing
                bits = 0
                for kind in cards:
                    counts[kind] += 1
                    bits |= KIND_BIT[kind]
                if wing:
                    self.wing_held[seat] |= bits
                    pooled = self.pooled[seat]
                    for kind in cards:
                        if kind < LENT:
                            pooled[kind] += 1
                else:
                    self.held[seat] |= bits
                    if wingmen:
                        pooled = self.pooled[seat]
                        for kind in cards:
                            pooled[kind] += 1
                drawn.extend(cards)
                continue
            for _ in range(missing):
                kind = self._draw(seat, wing)
                if kind == NONE:
                    self.short |= 1 << seat  # still short: refilled again at the next turn's end
                    break
                drawn.append(kind)
        if drawn and not self._muted:
            self._emit(
                {"type": "refill", "seat": seat, "count": len(drawn)},
                {seat: {"cards": [c.WORDS[k] for k in drawn]}},
            )

    def _apply(self, action: Action) -> None:
        if TYPE_CHECKING:  # only this game's moves come here (``apply`` checks them), unchecked
            assert isinstance(action, Move)
        self.legal_cache = None
        seat = self.to_act
        assert seat is not None
        # The phases in the order a random game meets them most.
        phase = self.phase
        if phase == TURN:
            if action is PASS:  # a pilot holding no card at all (R2)
                self._pass_turn(seat)
            elif not action.discard:
                self._play_turn(seat, action)
            else:
                # The turn's card discarded (half the turns of a random game): here, not a call.
                card = action.card
                self._spend(seat, card, discarding=True)
                self.discard_pile.append(card)
                if not self._muted:
                    self._emit({"type": "discard", "seat": seat, "card": c.WORDS[card]})
                self._end_turn()
        elif phase == DOGFIGHT:
            self._answer(seat, action)
        elif phase == FIRE:
            if action is PASS:
                if not self._muted:
                    self._emit({"type": "hold_fire", "seat": seat})
                self._end_turn()
            else:
                self._fire(seat, action.pilot, action.card)
        elif phase == LOST:
            if action is PASS:
                self._pass_turn(seat)
                return
            self._take(seat, action.card, discarding=True)
            self.discard_pile.append(action.card)
            if not self._muted:
                self._emit(
                    {"type": "discard", "seat": seat, "card": c.WORDS[action.card], "lost": True}
                )
            self._set_downed(seat, False)
            self._end_turn()
        elif phase == TRIM:
            self._lose(seat, action.card)  # eight down to seven
            self.discard_pile.append(action.card)
            if not self._muted:
                self._emit({"type": "discard", "seat": seat, "card": c.WORDS[action.card]})
            self._end_turn()
        elif phase == REACT:
            self._react(seat, action)
        else:
            self._answer_weapon(seat, action)

    def _pass_turn(self, seat: int) -> None:
        """A turn (or lost turn) with no card to play or discard (R2)."""
        if not self._muted:
            self._emit({"type": "pass", "seat": seat})
        self._set_downed(seat, False)
        self._end_turn()

    def _play_turn(self, p: int, move: Move) -> None:
        card = move.card
        self._spend(p, card)
        if move.stack >= 0:
            stack = self._find(move.stack, move.pilot, move.source)
            assert stack is not None
            self._play_on_stack(p, card, stack)
            return
        t = move.pilot
        # The cards in the order random games play them most.
        if card in (VISUAL, RADAR):
            self._acquire(p, card, t)
            self._engage(p, t, card)
        elif card in (GUNS, MISSILE):
            self._fire(p, t, card, taken=True)
        elif card == FLAMEOUT:
            snapshot = self._snapshot()
            self.flames += ((t, p),)
            self._event(p, card, "flameout", pilot=t)
            self._maybe_react(t, GOLDEN_BIRD, Pending(FLAMEOUT, p, t, snapshot))
        elif card == RELIGHT:
            index = next(i for i, (victim, _) in enumerate(self.flames) if victim == p)
            self.flames = self.flames[:index] + self.flames[index + 1 :]
            self.discard_pile += (FLAMEOUT, RELIGHT)
            self._event(p, card, "relight")
            self._end_turn()
        else:
            assert card in (HOT_STICK, GOLDEN_BIRD)
            self._display(p, card)
            self._event(p, card, "display")
            self._end_turn()

    def _acquire(self, p: int, kind: int, t: int) -> None:
        """Place ``kind`` on ``t``: new, or replacing a suppressed RADAR / outmaneuvered VISUAL."""
        old = self._slot(kind, t, p)
        if old is not None:
            self._remove(old)
            self.discard_pile += (old.kind, old.cover)
            what = "reacquire" if kind == RADAR else "counter_maneuver"
        else:
            what = "acquire"
        self.acqs += (PLAIN[kind][t][p],)
        if not self._muted:
            self._event(p, kind, what, pilot=t)

    def _play_on_stack(self, p: int, card: int, stack: Stack) -> None:
        kind, target, source, cover, cover_owner = stack
        if target == p:
            if card == MANEUVER:
                snapshot = self._snapshot()
                self._set(stack, COVERED[kind][target][source][p])
                self._event(p, card, "outmaneuver", stack=stack)
                self._maybe_react(source, HOT_STICK, Pending(MANEUVER, p, source, snapshot))
            elif card == JAMMIT:
                self._set(stack, COVERED[kind][target][source][p])
                self._event(p, card, "suppress", stack=stack)
                self._end_turn()
            else:
                snapshot = self._snapshot()
                self._break(p, card, stack)
                self._maybe_react(source, GOLDEN_BIRD, Pending(card, p, source, snapshot))
        elif source == p and cover == MANEUVER:
            self._counter_maneuver(p, card, stack)
            self._engage(p, target, VISUAL)
        elif cover == JAMMIT:
            restored = PLAIN[kind][target][source]
            snapshot = self._snapshot()
            self._set(stack, restored)
            if card == JAMMIT:
                self.discard_pile += (JAMMIT, JAMMIT)
                self._event(p, card, "eccm", stack=stack)
                self._end_turn()
            else:
                self.discard_pile += (JAMMIT, MALFUNCTION)
                self._event(p, card, "unjam", stack=stack)
                self._maybe_react(cover_owner, GOLDEN_BIRD, Pending(card, p, cover_owner, snapshot))
        else:
            self._set(stack, COVERED[kind][target][source][p])  # JAMMIT! on a RADAR
            self._event(p, card, "suppress", stack=stack)
            self._end_turn()

    def _break(self, p: int, card: int, stack: Stack) -> None:
        """MALFUNCTION or FLAMEOUT breaks an acquisition; a FLAMEOUT lands on its source (R10)."""
        self._remove(stack)
        discards = self.discard_pile
        if stack.cover != NONE:
            discards.append(stack.cover)
        discards.append(stack.kind)
        if card == FLAMEOUT:
            self.flames += ((stack.source, p),)
        else:
            discards.append(MALFUNCTION)
        self._event(p, card, "break", stack=stack)

    def _counter_maneuver(self, a: int, card: int, stack: Stack) -> None:
        """``a`` counters the MANEUVER on a's VISUAL: it slides back onto its target (R5, R6)."""
        kind, d, source, _, _ = stack
        snapshot = self._snapshot()
        restored = PLAIN[kind][d][source]
        self.pending = None
        discards = self.discard_pile
        if card == VISUAL:
            self._remove(stack)
            discards += (VISUAL, MANEUVER)
            self.acqs += (restored,)
        else:
            self._set(stack, restored)
            discards.append(MANEUVER)
        if card == MANEUVER:
            discards.append(MANEUVER)
        elif card == MALFUNCTION:
            discards.append(MALFUNCTION)
            self.pending = Pending(card, a, d, snapshot)
        elif card == FLAMEOUT:
            self.flames += ((d, a),)
            self.pending = Pending(card, a, d, snapshot)
        elif card == HOT_STICK:
            self._display(a, HOT_STICK)
        self._event(a, card, "counter_maneuver", stack=stack)

    def _engage(self, a: int, d: int, kind: int) -> None:
        """A DOGFIGHT begins: the defender answers at once (R1)."""
        self.df = (a, d, kind)
        self.df_stack = PLAIN[kind][d][a]  # both callers have just placed it
        if not self._muted:
            self._emit({"type": "dogfight", "attacker": a, "defender": d, "kind": c.WORDS[kind]})
        self._ask(d)

    def _ask(self, x: int) -> None:
        """``x`` is to answer; skipped only when no card at all could answer (public facts)."""
        answers = self._answers(x, ANY_HAND)
        if answers:
            self.open_answers = tuple(answers)
            self.phase = DOGFIGHT
            self.to_act = x
        else:
            self._dogfight_over(x)

    def _answer(self, x: int, move: Move) -> None:
        assert self.df is not None
        a, d, kind = self.df
        y = d if x == a else a
        if move is PASS:
            if not self._muted:
                self._emit({"type": "pass", "seat": x})
            self._dogfight_over(x)
            return
        card = move.card
        pending = self.pending
        self.pending = None
        self._take(x, card)
        if card == GOLDEN_BIRD:
            assert pending is not None
            self._undo(x, pending)
            self.df_stack = self._find(kind, d, a)  # as the cancelled card found it
            self._ask(y)
            return
        stack = self.df_stack
        assert stack is not None
        if x == d:
            if card == MANEUVER:
                self._set(stack, COVERED[kind][d][a][d])
                self.df_stack = COVERED[kind][d][a][d]
                self._event(d, card, "outmaneuver", stack=stack)
            elif card == JAMMIT:
                self._set(stack, COVERED[kind][d][a][d])
                self.df_stack = COVERED[kind][d][a][d]
                self._event(d, card, "suppress", stack=stack)
            else:
                snapshot = self._snapshot()
                self._break(d, card, stack)
                self.df_stack = None
                self.pending = Pending(card, d, a, snapshot)
        elif stack.cover == MANEUVER:
            self._counter_maneuver(a, card, stack)
            self.df_stack = PLAIN[kind][d][a]  # slid back onto its target
        elif card == RADAR:
            self._acquire(a, RADAR, d)
            self.df_stack = PLAIN[RADAR][d][a]
        else:
            snapshot = self._snapshot()
            self._set(stack, PLAIN[kind][d][a])
            self.df_stack = PLAIN[kind][d][a]
            self.discard_pile += (JAMMIT, card)
            self._event(a, card, "eccm" if card == JAMMIT else "unjam", stack=stack)
            if card == MALFUNCTION:
                self.pending = Pending(card, a, d, snapshot)
        self._ask(y)

    def _dogfight_over(self, passer: int) -> None:
        """One pilot cannot or will not answer: the other may fire on the standing stack (R7)."""
        assert self.df is not None
        a, d, kind = self.df
        self.pending = None
        stack = self.df_stack
        if passer == d and stack is not None and stack.cover == NONE:
            self.acquired = replace_at(self.acquired, a, self.acquired[a] + 1)
            if not self._muted:
                self._emit({"type": "acquired", "seat": a, "defender": d, "kind": c.WORDS[kind]})
        fire = self._fire_on(stack)
        if fire is not None and fire[0] != passer and not self.burning >> fire[0] & 1:
            self.phase = FIRE
            self.to_act = fire[0]
            self.fire_move = at_pilot(fire[2], fire[1])
            return
        self._end_turn()

    def _fire(self, p: int, t: int, weapon: int, taken: bool = False) -> None:
        if not taken:
            self._take(p, weapon)
        if not self._muted:
            self._emit({"type": "fire", "seat": p, "target": t, "card": c.WORDS[weapon]})
        if self.weapon_counters and (weapon == MISSILE or not self.immune(p)):
            self.weapon = (weapon, p, t)
            self.phase = WEAPON
            self.to_act = t
            return
        self._kill(p, t, weapon)

    def _answer_weapon(self, x: int, move: Move) -> None:
        assert self.weapon is not None
        weapon, shooter, _ = self.weapon
        self.weapon = None
        if move is PASS:
            self._kill(shooter, x, weapon)
            return
        self._take(x, move.card)
        self.discard_pile += (weapon, move.card)
        self._event(x, move.card, "defeat_weapon", pilot=shooter)
        self._end_turn()

    def _kill(self, shooter: int, t: int, weapon: int) -> None:
        """A shoot-down: a kill token, and every card in play on or from ``t`` discarded (R11)."""
        self.discard_pile.append(weapon)
        gone: list[int] = []
        kept: list[Stack] = []
        for stack in self.acqs:
            kind, target, source, cover, owner = stack
            if t in (target, source):
                gone.append(kind)
                if cover != NONE:
                    gone.append(cover)
            elif owner == t:
                gone.append(cover)
                kept.append(PLAIN[kind][target][source])
            else:
                kept.append(stack)
        self.acqs = tuple(kept)
        if self.flame_pairs:
            flames = tuple([f for f in self.flame_pairs if t not in f])
            gone.extend([FLAMEOUT] * (len(self.flame_pairs) - len(flames)))
            self.flames = flames
        if self.specials_lost:
            if self.hot_stick == t:
                self.hot_stick = NONE
                gone.append(HOT_STICK)
            if self.golden_bird == t:
                self._set_golden_bird(NONE)
                gone.append(GOLDEN_BIRD)
        self.discard_pile += gone
        # The 20 kill tokens are bookkeeping: a kill counts when they have run out (R21).
        kills = self.kills[shooter] + 1
        self.kills = replace_at(self.kills, shooter, kills)
        self._set_downed(t, True)
        if not self._muted:
            self._emit(
                {
                    "type": "kill",
                    "seat": shooter,
                    "target": t,
                    "card": c.WORDS[weapon],
                    "kills": kills,
                    "discarded": [c.WORDS[k] for k in gone],
                }
            )
        target = self.kills_to_win
        if kills >= target:
            self._end_game([shooter], "five kills" if target == 5 else "kills")
        else:
            self._end_turn()

    def _maybe_react(self, x: int, special: int, pending: Pending) -> None:
        """Outside a dogfight, the pilot a card was played against may reveal a held special."""
        if x != pending.by and not self.downed[x] and self._special_hidden(special):
            self.pending = pending
            self.react_kind = special
            self.phase = REACT
            self.to_act = x
        else:
            self._end_turn()

    def _react(self, x: int, move: Move) -> None:
        pending = self.pending
        assert pending is not None
        self.pending = None
        if move is PASS:
            if not self._muted:
                self._emit({"type": "pass", "seat": x, "declines": c.WORDS[self.react_kind]})
        else:
            self._take(x, move.card)
            self._undo(x, pending)
        self._end_turn()

    def _undo(self, x: int, pending: Pending) -> None:
        """``x`` reveals GOLDEN BIRD or HOT STICK: the card played against x is discarded (R14)."""
        card, by, _, before = pending
        self.acqs, self.flames, discards = before
        self.discard_pile = [*discards, card]
        special = HOT_STICK if card == MANEUVER else GOLDEN_BIRD
        self._display(x, special)
        if not self._muted:
            self._emit(
                {
                    "type": "reveal",
                    "seat": x,
                    "card": c.WORDS[special],
                    "cancels": c.WORDS[card],
                    "by": by,
                }
            )

    def _snapshot(self) -> Snapshot:
        return Snapshot(self.acqs, self.flames, tuple(self.discard_pile))

    def _display(self, seat: int, special: int) -> None:
        if special == HOT_STICK:
            self.hot_stick = seat
        else:
            self._set_golden_bird(seat)

    def _remove(self, stack: Stack) -> None:
        index = self.acqs.index(stack)
        self.acqs = self.acqs[:index] + self.acqs[index + 1 :]

    def _set(self, stack: Stack, new: Stack) -> None:
        index = self.acqs.index(stack)
        self.acqs = (*self.acqs[:index], new, *self.acqs[index + 1 :])

    def _event(
        self, seat: int, card: int, what: str, pilot: int = NONE, stack: Stack | None = None
    ) -> None:
        """A ``play`` event, naming the stack played on (built only when events are logged)."""
        if self._muted:
            return
        event: JSON = {"type": "play", "seat": seat, "card": c.WORDS[card], "what": what}
        if pilot != NONE:
            event["pilot"] = pilot
        if stack is not None:
            event["ref"] = stack_ref(stack)
        self._emit(event)

    def _end_turn(self) -> None:
        """The turn is over: trim or refill, then the next pilot draws and is to play.

        One method, not three (end, refill check, next pilot's draw): every turn runs it, and a
        call costs about as much as the draw itself. ``_start_game`` starts the first turn by
        ending the turn "before" it (nothing to refill or trim: every hand holds seven)."""
        self.df = None
        self.df_stack = None
        self.pending = None
        self.weapon = None
        hands = self.hands
        turn = self.turn
        if self.wingmen and sum(hands[turn]) > HAND_SIZE:
            # A card came from the wingman: the pilot discards down to seven (R17).
            self.phase = TRIM
            self.to_act = turn
            return
        short = self.short
        if short:
            # Only a seat that gave up a card can be short (``short``); a refill touches only its
            # own seat's cards, so the tuples read here stay true.
            self.short = 0
            if self.wingmen:
                wings = self.wings
                for seat in _REFILLS[self.n][turn][short]:
                    if sum(hands[seat]) < HAND_SIZE or sum(wings[seat]) < HAND_SIZE:
                        self._refill(seat)
            else:
                for seat in _REFILLS[self.n][turn][short]:
                    if sum(hands[seat]) < HAND_SIZE:
                        self._refill(seat)
        # The next pilot draws and is to play.
        self.turn = seat = (turn + 1) % self.n
        self.turn_no = turn_no = self.turn_no + 1
        if turn_no > self.max_turns:  # every game ends (R20)
            best = max(self.kills)
            self._end_game([s for s in range(self.n) if self.kills[s] == best], "turn limit")
            return
        top = self.top
        pile = self.pile
        if top < len(pile):  # the common case of _draw, inline: every turn draws
            drawn = pile[top]
            self.top = top + 1
            hands[seat][drawn] += 1  # _gain, inline: every turn draws
            self.held[seat] |= KIND_BIT[drawn]
            if self.wingmen:
                self.pooled[seat][drawn] += 1
        else:
            drawn = self._draw(seat)
            if drawn == NONE:  # no eighth card: the turn's card leaves seat short
                self.short |= 1 << seat
        lost = self.downed[seat]
        self.phase = LOST if lost else TURN
        self.to_act = seat
        if not self._muted:
            self._emit(
                {
                    "type": "turn",
                    "seat": seat,
                    "turn": turn_no,
                    "lost": lost,
                    "drew": drawn != NONE,
                },
                {seat: {"card": c.WORDS[drawn]}} if drawn != NONE else None,
            )

    def _standing(self, seat: int) -> tuple[int, int]:
        """After the winners, the pilots by match score, or in one game by kills, then
        acquisitions (the results' order)."""
        if self.game.options["games"] > 1:
            return self.scores[seat], self.kills[seat]
        return self.kills[seat], self.acquired[seat]

    def _end_game(self, winners: list[int], why: str) -> None:
        """One game is over; in a match (option ``games``) score it and deal the next (R19)."""
        games = self.game.options["games"]
        points = [
            KILL_POINTS * k + ACQUISITION_POINTS * a
            for k, a in zip(self.kills, self.acquired, strict=True)
        ]
        self.scores = tuple(s + p for s, p in zip(self.scores, points, strict=True))
        self._emit(
            {
                "type": "game_end",
                "game": self.game_no,
                "winners": winners,
                "why": why,
                "kills": list(self.kills),
                "acquisitions": list(self.acquired),
                "points": points if games > 1 else None,
                "scores": list(self.scores) if games > 1 else None,
            }
        )
        if games > 1 and self.game_no < games:
            self._start_game()
            return
        if games > 1:
            best = max(self.scores)
            winners = [s for s in range(self.n) if self.scores[s] == best]
            self._emit({"type": "match_end", "winners": winners, "scores": list(self.scores)})
        self.df = None
        self.df_stack = None
        self.pending = None
        self.weapon = None
        self._end(winners)
