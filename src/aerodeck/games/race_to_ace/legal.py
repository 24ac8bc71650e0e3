"""Which moves are open: in a turn, in a dogfight, when firing, reacting or answering a weapon.

The generators take ``have``, the counts of cards the pilot may play; called with ``ANY_HAND``
they say what *could* be played from public facts alone, which decides whether a pilot is asked
at all (R1) without leaking what they hold.
"""

from __future__ import annotations

from aerodeck.core.api import Action
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.actions import PASS, at_pilot, bare, discard, on_stack
from aerodeck.games.race_to_ace.table import (
    DOGFIGHT,
    FIRE,
    LOST,
    NONE,
    REACT,
    TRIM,
    TURN,
    Hand,
    Stack,
    Table,
)


class LegalMoves(Table):
    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Every move open to the seat to act (cached until the next move: search and ``apply``
        both ask)."""
        if self.legal_cache is None:
            self.legal_cache = tuple(self._legal())
        return list(self.legal_cache)

    def _legal(self) -> list[Action]:
        seat = self.to_act
        if seat is None:
            return []
        if self.phase == TURN:
            return self._turn_moves(seat, self.playable(seat))
        if self.phase == LOST:
            return self._discards(seat)
        if self.phase == TRIM:
            return [discard(k) for k in c.KINDS if self.hands[seat][k]]
        if self.phase == DOGFIGHT:
            moves = self._answers(seat, self.playable(seat))
            if self.game.options["must_answer"] and moves:
                return moves
            return [PASS, *moves]
        if self.phase == FIRE:
            return [PASS, *self._fire_moves(seat, self.playable(seat))]
        if self.phase == REACT:
            return [PASS, *self._reveal_moves(seat)]
        return [PASS, *self._weapon_answers(seat, self.playable(seat))]

    def _discards(self, seat: int) -> list[Action]:
        """Discards of every card held; a pilot holding nothing at all passes (R2)."""
        hand, wing = self.hands[seat], self.wings[seat]
        return [discard(k) for k in c.KINDS if hand[k] or wing[k]] or [PASS]

    def _turn_moves(self, p: int, have: Hand) -> list[Action]:
        """Every card play open to ``p`` in a normal turn (R1), plus discards."""
        moves: list[Action] = []
        fo = self.flamed(p)
        if fo and have[c.RELIGHT]:
            moves.append(bare(c.RELIGHT))
        for special in (c.HOT_STICK, c.GOLDEN_BIRD):
            if have[special]:
                moves.append(bare(special))
        for t in range(self.n):
            if not self._targetable(p, t):
                continue
            if not fo:
                if have[c.VISUAL]:
                    slot = self._slot(c.VISUAL, t, p)
                    if slot is None or (
                        slot[2] == p
                        and slot[3] == c.MANEUVER
                        and self.game.options["visual_counters_maneuver"]
                    ):
                        moves.append(at_pilot(c.VISUAL, t))
                if have[c.RADAR]:
                    slot = self._slot(c.RADAR, t, p)
                    if slot is None or slot[3] == c.JAMMIT:
                        moves.append(at_pilot(c.RADAR, t))
                if have[c.GUNS] and self._usable(p, c.VISUAL, t):
                    moves.append(at_pilot(c.GUNS, t))
                if have[c.MISSILE] and self._usable(p, c.RADAR, t):
                    moves.append(at_pilot(c.MISSILE, t))
            if have[c.FLAMEOUT] and self.golden_bird != t:
                moves.append(at_pilot(c.FLAMEOUT, t))
        for stack in self.acqs:
            moves.extend(self._stack_moves(p, stack, have, fo))
        return moves + self._discards(p)

    def _stack_moves(self, p: int, stack: Stack, have: Hand, fo: bool) -> list[Action]:
        kind, target, source, cover, cover_owner = stack
        out: list[Action] = []

        def add(card: int) -> None:
            out.append(on_stack(card, kind, source, target))

        if target == p and cover != c.MANEUVER:
            # A defence in your own turn against an acquisition on you: no dogfight (R1).
            visual = cover == NONE and kind == c.VISUAL
            if visual and not fo and have[c.MANEUVER] and self.hot_stick != source:
                add(c.MANEUVER)
            if cover == NONE and kind == c.RADAR and have[c.JAMMIT]:
                add(c.JAMMIT)
            if self.golden_bird != source:
                if have[c.MALFUNCTION]:
                    add(c.MALFUNCTION)
                if have[c.FLAMEOUT]:
                    add(c.FLAMEOUT)
        elif source == p and cover == c.MANEUVER:
            # Your VISUAL was outmaneuvered: counter the MANEUVER and re-engage (R5, R6).
            out.extend(self._maneuver_counters(p, target, have, fo))
        elif kind == c.RADAR and target != p:
            if cover == c.JAMMIT and (not self.tokens or source == p):
                if have[c.JAMMIT]:
                    add(c.JAMMIT)  # ECCM (R9)
                if have[c.MALFUNCTION] and self.golden_bird != cover_owner:
                    add(c.MALFUNCTION)
            elif cover == NONE and source != p and have[c.JAMMIT]:
                add(c.JAMMIT)  # offensive JAMMIT! on another pilot's RADAR (R9)
        return out

    def _maneuver_counters(self, a: int, d: int, have: Hand, fo: bool) -> list[Action]:
        """What the outmaneuvered pilot ``a`` may play on ``d``'s MANEUVER over a's VISUAL."""
        out: list[Action] = []
        if not fo and have[c.MANEUVER] and self.hot_stick != d:
            out.append(on_stack(c.MANEUVER, c.VISUAL, a, d))
        if self.golden_bird != d:
            for card in (c.MALFUNCTION, c.FLAMEOUT):
                if have[card]:
                    out.append(on_stack(card, c.VISUAL, a, d))
        if self._special_hidden(c.HOT_STICK) and have[c.HOT_STICK]:
            out.append(on_stack(c.HOT_STICK, c.VISUAL, a, d))
        if not fo and have[c.VISUAL] and self.game.options["visual_counters_maneuver"]:
            out.append(at_pilot(c.VISUAL, d))
        return out

    def _answers(self, x: int, have: Hand) -> list[Action]:
        """The dogfight answers open to ``x`` (besides passing): counters to the last move (R1)."""
        assert self.df is not None
        a, d, kind = self.df
        out: list[Action] = []
        pending = self.pending
        if (
            pending is not None
            and pending[2] == x
            and self._special_hidden(c.GOLDEN_BIRD)
            and have[c.GOLDEN_BIRD]
        ):
            out.append(bare(c.GOLDEN_BIRD))
        stack = self._find(kind, d, a)
        if stack is None:
            return out
        cover = stack[3]
        fo = self.flamed(x)
        if x == d and cover == NONE:
            if kind == c.VISUAL and not fo and have[c.MANEUVER] and self.hot_stick != a:
                out.append(on_stack(c.MANEUVER, kind, a, d))
            if kind == c.RADAR and have[c.JAMMIT]:
                out.append(on_stack(c.JAMMIT, kind, a, d))
            if self.golden_bird != a:
                for card in (c.MALFUNCTION, c.FLAMEOUT):
                    if have[card]:
                        out.append(on_stack(card, kind, a, d))
        elif x == a and cover == c.MANEUVER:
            out.extend(self._maneuver_counters(a, d, have, fo))
        elif x == a and cover == c.JAMMIT:
            if not fo and have[c.RADAR]:
                out.append(at_pilot(c.RADAR, d))
            if have[c.JAMMIT]:
                out.append(on_stack(c.JAMMIT, kind, a, d))
            if have[c.MALFUNCTION] and self.golden_bird != d:
                out.append(on_stack(c.MALFUNCTION, kind, a, d))
        return out

    def _fire_target(self) -> tuple[int, int, int] | None:
        """(firer, target, weapon) open when a dogfight ends on the current stack (R7)."""
        assert self.df is not None
        a, d, kind = self.df
        stack = self._find(kind, d, a)
        if stack is None or stack[3] == c.JAMMIT:
            return None
        if stack[3] == c.MANEUVER:
            return d, a, c.GUNS
        return a, d, c.GUNS if kind == c.VISUAL else c.MISSILE

    def _fire_moves(self, x: int, have: Hand) -> list[Action]:
        fire = self._fire_target()
        if fire is None or self.flamed(x):
            return []
        firer, target, weapon = fire
        return [at_pilot(weapon, target)] if firer == x and have[weapon] else []

    def _reveal_moves(self, x: int) -> list[Action]:
        pending = self.pending
        assert pending is not None
        if not self.hands[x][self.react_kind]:
            return []
        if self.react_kind == c.GOLDEN_BIRD:
            return [bare(c.GOLDEN_BIRD)]
        maneuverer = pending[1]
        return [on_stack(c.HOT_STICK, c.VISUAL, x, maneuverer)]

    def _weapon_answers(self, x: int, have: Hand) -> list[Action]:
        assert self.weapon is not None
        weapon, shooter, _ = self.weapon
        out: list[Action] = []
        if weapon == c.MISSILE and have[c.JAMMIT]:
            out.append(bare(c.JAMMIT))
        if have[c.MALFUNCTION] and self.golden_bird != shooter:
            out.append(bare(c.MALFUNCTION))
        return out
