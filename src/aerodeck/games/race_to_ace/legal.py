"""Which moves are open: in a turn, in a dogfight, when firing, reacting or answering a weapon;
and why a move is not (``why_illegal``).

The generators take ``have``, the counts of cards the pilot may play; called with ``ANY_HAND``
they say what *could* be played from public facts alone, which decides whether a pilot is asked
at all (R1) without leaking what they hold.
"""

from __future__ import annotations

from typing import Final

from aerodeck.core.api import OVER, Action
from aerodeck.core.i18n import _
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.actions import (
    MAX_SEATS,
    PASS,
    Move,
    at_pilot,
    bare,
    discard,
    on_stack,
)
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
from aerodeck.games.race_to_ace.state import (
    DOGFIGHT,
    FIRE,
    LOST,
    NONE,
    REACT,
    TRIM,
    TURN,
    WEAPON,
    Hand,
    Table,
)

# Interned moves by card and target, looked up without arithmetic in the move generator.
_BARE: Final = tuple(bare(k) for k in c.KINDS)
_DISCARD: Final = tuple(discard(k) for k in c.KINDS)
_AT: Final = tuple(tuple(at_pilot(k, t) for t in range(MAX_SEATS)) for k in c.KINDS)
_AT_VISUAL, _AT_RADAR, _AT_GUNS, _AT_MISSILE, _AT_FLAMEOUT = (
    _AT[k] for k in (VISUAL, RADAR, GUNS, MISSILE, FLAMEOUT)
)
_BARE_RELIGHT, _BARE_HOT_STICK, _BARE_GOLDEN_BIRD = (
    _BARE[k] for k in (RELIGHT, HOT_STICK, GOLDEN_BIRD)
)
_BIT: Final = tuple(1 << seat for seat in range(MAX_SEATS))
_OTHERS: Final = tuple(~bit for bit in _BIT)  # every seat but one, as a mask
# Interned plays on a stack, by card, stack kind (RADAR 0, VISUAL 1), source and target.
_ON: Final = tuple(
    tuple(
        tuple(tuple(on_stack(k, s, src, t) for t in range(MAX_SEATS)) for src in range(MAX_SEATS))
        for s in (RADAR, VISUAL)
    )
    for k in c.KINDS
)
assert (RADAR, VISUAL) == (0, 1)
# A turn's attack plays, keyed by five bits a seat (VISUAL, RADAR, GUNS, MISSILE, FLAMEOUT open
# on that seat): seats 0-2 and 3-4 in two tables, filled as keys are met.
_SPREAD: Final = tuple(
    sum(1 << 5 * seat for seat in range(MAX_SEATS) if seats >> seat & 1)
    for seats in range(1 << MAX_SEATS)
)
# The same, each at its card's place in a seat's five bits: a key is their ``|``, no shifts.
_SPREAD_VISUAL, _SPREAD_RADAR, _SPREAD_GUNS, _SPREAD_MISSILE, _SPREAD_FLAMEOUT = (
    tuple(spread << place for spread in _SPREAD) for place in range(5)
)
_LOW_SEATS = 3
_LOW_BITS = 5 * _LOW_SEATS
_LOW_MASK = (1 << _LOW_BITS) - 1
_LOW_PLAYS: list[tuple[Action, ...]] = [()] * (1 << _LOW_BITS)
_HIGH_PLAYS: list[tuple[Action, ...]] = [()] * (1 << 5 * (MAX_SEATS - _LOW_SEATS))
_BY_PLACE: Final = (_AT_VISUAL, _AT_RADAR, _AT_GUNS, _AT_MISSILE, _AT_FLAMEOUT)


def _attack_plays(table: list[tuple[Action, ...]], key: int, first: int) -> tuple[Action, ...]:
    """The plays of ``key`` (seats from ``first``), kept in ``table``."""
    plays = tuple(
        _BY_PLACE[bit % 5][first + bit // 5] for bit in range(key.bit_length()) if key >> bit & 1
    )
    table[key] = plays
    return plays


# The discards of every set of kinds held, by its bit mask (2,048 of them): a seat's mask is kept
# with its hand (``held``), and a pilot's and a wingman's cards join in one ``|``.
_BY_KINDS: Final = tuple(
    tuple([_DISCARD[kind] for kind in c.KINDS if kinds >> kind & 1]) or (PASS,)
    for kinds in range(1 << len(c.KINDS))
)


class LegalMoves(Table):
    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        """Every move open to the seat to act (cached until the next move: search and ``apply``
        both ask). The first ask keeps a copy: keeping only a mark that it asked cost a playout
        one copy fewer, but a refused ``apply`` would then change the state (the cache), which
        the hostile-input check rightly refuses.

        The phases in the order a random game meets them most; the turn, the dogfight and the
        shot are read here, not in a method of their own (every decision asks: a call each)."""
        cache = self.legal_cache
        if cache is not None:
            return list(cache)
        phase = self.phase
        seat = self.to_act
        moves: list[Action]
        if phase == TURN:
            assert seat is not None
            moves = self._turn_moves(seat, self.pooled[seat])  # playable(seat)
        elif phase == DOGFIGHT:
            # The answers open from public facts, kept when the pilot was asked (``_ask``): the
            # pilot may play those they hold the card for (every answer is "a public condition
            # and the card in hand", so this is ``_answers`` with the pilot's own hand).
            assert seat is not None
            have = self.pooled[seat]  # playable(seat)
            moves = [PASS]
            for move in self.open_answers:  # a loop: a comprehension is a call on Python 3.11
                if have[move.card]:
                    moves.append(move)
            if self.must_answer and len(moves) > 1:
                del moves[0]
        elif phase == FIRE:
            # The dogfight ended with a shot open to ``seat``, who has no FLAMEOUT (kept when the
            # phase began, ``fire_move``): the seat fires if it holds the weapon.
            assert seat is not None
            fire = self.fire_move
            assert fire is not None
            moves = [PASS, fire] if self.pooled[seat][fire.card] else [PASS]
        else:
            moves = self._legal(seat)
        self.legal_cache = tuple(moves)
        return moves

    def _legal(self, seat: int | None) -> list[Action]:
        """The rarer phases' moves (a lost turn, trimming, a reaction, a weapon's answer); none
        when the game is over."""
        if seat is None:
            return []
        phase = self.phase
        if phase == LOST:
            return self._discards(seat)
        if phase == TRIM:
            return list(_BY_KINDS[self.held[seat]])  # never empty: 8 cards in hand
        if phase == REACT:
            return [PASS, *self._reveal_moves(seat)]
        return [PASS, *self._weapon_answers(seat, self.playable(seat))]

    def _discards(self, seat: int) -> list[Action]:
        """Discards of every card held; a pilot holding nothing at all passes (R2)."""
        return list(self._discard_moves(seat))

    def _discard_moves(self, seat: int) -> tuple[Action, ...]:
        return _BY_KINDS[self.held[seat] | self.wing_held[seat]]

    def _turn_moves(self, p: int, have: Hand) -> list[Action]:
        """Every card play open to ``p`` in a normal turn (R1), plus discards.

        One pass over the acquisitions notes, per target, which attack cards they block or allow
        (the rules of ``_slot`` and ``_usable``) and lists the plays on them. The moves come out
        in the order of the rules: specials, per target VISUAL/RADAR/GUNS/MISSILE/FLAMEOUT (from
        tables keyed by the targets open to each card), plays on stacks, discards."""
        moves: list[Action] = []
        fo = self.burning & _BIT[p]  # flamed(p)
        if fo and have[RELIGHT]:
            moves.append(_BARE_RELIGHT)
        if have[HOT_STICK]:
            moves.append(_BARE_HOT_STICK)
        if have[GOLDEN_BIRD]:
            moves.append(_BARE_GOLDEN_BIRD)
        targets = self.up & _OTHERS[p]  # the others not shot down since their last turn (R13)
        # FLAMEOUT on any target but the GOLDEN BIRD pilot (``exposed``: the seats not ``immune``)
        fo_at = targets & self.exposed if have[FLAMEOUT] else 0
        visual_at = radar_at = guns_at = missile_at = 0
        visual, radar = have[VISUAL], have[RADAR]
        # a FLAMEOUT in front of p stops every Attack card
        attack = not fo and (visual or radar or have[GUNS] or have[MISSILE])
        on_stacks: list[Action] = []
        acqs = self.acqs
        if acqs:
            maneuver = have[MANEUVER]  # four reads, not a tuple built and unpacked
            jammit = have[JAMMIT]
            malfunction = have[MALFUNCTION]
            flameout = have[FLAMEOUT]
            # A card that plays on a stack (most hands hold one, but not every turn has stacks).
            stack_card = maneuver or jammit or malfunction or flameout or visual or have[HOT_STICK]
            wreck = malfunction or flameout
            tokens = self.tokens
            visual_blocked = radar_blocked = 0
            reengage = 0  # targets of p's outmaneuvered VISUALs: their counters may re-engage
            add = on_stacks.append
            # One pass, branching on the stack's kind and cover first. Per target, as bits: a
            # stack in the way of a new VISUAL or RADAR (the rules of _slot: one of a kind on a
            # pilot, per source with tokens) and whether GUNS may be fired (the rules of
            # _usable); read only when p may attack. And the plays on the stack, in table order:
            # only stacks on or from p, and RADARs (JAMMIT!).
            for kind, target, source, cover, owner in acqs:
                if kind == VISUAL:
                    if cover == NONE:
                        if not tokens or source == p:
                            at = _BIT[target]
                            visual_blocked |= at
                            guns_at |= at
                        if target == p and stack_card:
                            # A defence in your own turn against an acquisition on you: no
                            # dogfight (R1).
                            if not fo and maneuver and self.hot_stick != source:
                                add(_ON[MANEUVER][VISUAL][source][p])
                            if wreck and not self.immune(source):
                                if malfunction:
                                    add(_ON[MALFUNCTION][VISUAL][source][p])
                                if flameout:
                                    add(_ON[FLAMEOUT][VISUAL][source][p])
                    elif target == p:
                        # p outmaneuvered it: it threatens its source (R3), and only p fires on
                        # it (R5); nothing plays on it. (What blocks p itself is never read.)
                        guns_at |= _BIT[source]
                    elif source == p:
                        # Your VISUAL was outmaneuvered: counter the MANEUVER and re-engage (R5,
                        # R6); it blocks a new VISUAL unless a VISUAL counters a MANEUVER.
                        if not self.counters:
                            visual_blocked |= _BIT[target]
                        if stack_card:
                            on_stacks += self._maneuver_counters(p, target, have, fo)
                            reengage |= _BIT[target]
                    elif not tokens:
                        visual_blocked |= _BIT[target]
                elif cover == NONE:  # an uncovered RADAR
                    if not tokens or source == p:
                        radar_blocked |= _BIT[target]
                    if stack_card:
                        if target == p:
                            if jammit:
                                add(_ON[JAMMIT][RADAR][source][p])
                            if wreck and not self.immune(source):
                                if malfunction:
                                    add(_ON[MALFUNCTION][RADAR][source][p])
                                if flameout:
                                    add(_ON[FLAMEOUT][RADAR][source][p])
                        elif jammit and source != p:
                            # offensive JAMMIT! on a RADAR on another pilot (R9)
                            add(_ON[JAMMIT][RADAR][source][target])
                elif stack_card:  # a suppressed RADAR: it blocks nothing
                    if target == p:
                        if wreck and not self.immune(source):
                            if malfunction:
                                add(_ON[MALFUNCTION][RADAR][source][p])
                            if flameout:
                                add(_ON[FLAMEOUT][RADAR][source][p])
                    elif not tokens or source == p:
                        if jammit:
                            add(_ON[JAMMIT][RADAR][source][target])  # ECCM (R9)
                        if malfunction and not self.immune(owner):
                            add(_ON[MALFUNCTION][RADAR][source][target])
            if attack:
                if visual:
                    visual_at = targets & ~visual_blocked
                if radar:
                    radar_at = targets & ~radar_blocked
                guns_at = targets & guns_at if have[GUNS] else 0
                missile_at = targets & radar_blocked if have[MISSILE] else 0
            else:
                guns_at = 0
            # A re-engaging VISUAL already listed with the turn's per-target VISUALs: once.
            again = reengage & visual_at
            while again:
                seat = again.bit_length() - 1
                again ^= _BIT[seat]
                if _AT_VISUAL[seat] in on_stacks:
                    on_stacks.remove(_AT_VISUAL[seat])
        elif attack:
            # No acquisition in play: every VISUAL and RADAR is open, no weapon is.
            if visual:
                visual_at = targets
            if radar:
                radar_at = targets
        # The attack plays in seat order, per seat VISUAL, RADAR, GUNS, MISSILE, FLAMEOUT: one
        # key with five bits a seat (``_SPREAD``), read from two tables of interned plays. GUNS,
        # MISSILE and FLAMEOUT are open on nobody in most turns: their bits only when they are.
        key = _SPREAD_VISUAL[visual_at] | _SPREAD_RADAR[radar_at]
        if guns_at:
            key |= _SPREAD_GUNS[guns_at]
        if missile_at:
            key |= _SPREAD_MISSILE[missile_at]
        if fo_at:
            key |= _SPREAD_FLAMEOUT[fo_at]
        if key:
            low = key & _LOW_MASK
            if low:
                moves += _LOW_PLAYS[low] or _attack_plays(_LOW_PLAYS, low, 0)
            if key > _LOW_MASK:
                high = key >> _LOW_BITS
                moves += _HIGH_PLAYS[high] or _attack_plays(_HIGH_PLAYS, high, _LOW_SEATS)
        if on_stacks:
            moves += on_stacks
        moves += _BY_KINDS[self.held[p] | self.wing_held[p]]
        return moves

    def _maneuver_counters(self, a: int, d: int, have: Hand, fo: int) -> list[Move]:
        """What the outmaneuvered pilot ``a`` may play on ``d``'s MANEUVER over a's VISUAL."""
        out: list[Move] = []
        if not fo and have[MANEUVER] and self.hot_stick != d:
            out.append(_ON[MANEUVER][VISUAL][a][d])
        if not self.immune(d):
            for card in (MALFUNCTION, FLAMEOUT):
                if have[card]:
                    out.append(_ON[card][VISUAL][a][d])
        if self._special_hidden(HOT_STICK) and have[HOT_STICK]:
            out.append(_ON[HOT_STICK][VISUAL][a][d])
        if not fo and have[VISUAL] and self.counters:
            out.append(_AT[VISUAL][d])
        return out

    def _answers(self, x: int, have: Hand) -> list[Move]:
        """The dogfight answers open to ``x`` (besides passing): counters to the last move (R1)."""
        assert self.df is not None
        a, d, kind = self.df
        out: list[Move] = []
        pending = self.pending
        if (
            pending is not None
            and pending.against == x
            and self._special_hidden(GOLDEN_BIRD)
            and have[GOLDEN_BIRD]
        ):
            out.append(_BARE[GOLDEN_BIRD])
        stack = self.df_stack
        if stack is None:
            return out
        cover = stack.cover
        fo = self.burning & _BIT[x]  # flamed(x)
        if x == d and cover == NONE:
            if kind == VISUAL and not fo and have[MANEUVER] and self.hot_stick != a:
                out.append(_ON[MANEUVER][kind][a][d])
            if kind == RADAR and have[JAMMIT]:
                out.append(_ON[JAMMIT][kind][a][d])
            if not self.immune(a):
                if have[MALFUNCTION]:
                    out.append(_ON[MALFUNCTION][kind][a][d])
                if have[FLAMEOUT]:
                    out.append(_ON[FLAMEOUT][kind][a][d])
        elif x == a and cover == MANEUVER:
            out.extend(self._maneuver_counters(a, d, have, fo))
        elif x == a and cover == JAMMIT:
            if not fo and have[RADAR]:
                out.append(_AT[RADAR][d])
            if have[JAMMIT]:
                out.append(_ON[JAMMIT][kind][a][d])
            if have[MALFUNCTION] and not self.immune(d):
                out.append(_ON[MALFUNCTION][kind][a][d])
        return out

    def _reveal_moves(self, x: int) -> list[Action]:
        pending = self.pending
        assert pending is not None
        if not self.hands[x][self.react_kind]:
            return []
        if self.react_kind == GOLDEN_BIRD:
            return [_BARE[GOLDEN_BIRD]]
        maneuverer = pending.by
        return [_ON[HOT_STICK][VISUAL][x][maneuverer]]

    def _weapon_answers(self, x: int, have: Hand) -> list[Action]:
        assert self.weapon is not None
        weapon, shooter, _ = self.weapon
        out: list[Action] = []
        if weapon == MISSILE and have[JAMMIT]:
            out.append(_BARE[JAMMIT])
        if have[MALFUNCTION] and not self.immune(shooter):
            out.append(_BARE[MALFUNCTION])
        return out

    def forced_reason(self) -> str | None:
        """Why the pilot to act has a single move (or only discards), in players' words; None
        when there is a choice. Asked by the faces only, never on the hot path."""
        seat = self.to_act
        if seat is None:
            return None
        if self.phase == LOST:
            return _("you were shot down: this turn you may only discard a card")
        if self.phase == TRIM:
            return _("you hold more than seven cards: discard down to seven")
        legal = self.legal_actions()
        if legal != [PASS]:
            return None
        if self.flamed(seat) and self.phase in (DOGFIGHT, FIRE):
            return _(
                "a FLAMEOUT stands in front of you: you cannot play Attack or MANEUVER cards "
                "until you play a RELIGHT, so you can only pass"
            )
        if self.phase == FIRE:
            fire = self.fire_move
            weapon = c.NAMES[fire.card] if fire is not None else ""
            return _("you hold no {card} to fire on the standing acquisition: pass", card=weapon)
        if self.phase == DOGFIGHT:
            return _("you hold no card that answers the last move: pass")
        if self.phase == WEAPON:
            return _("you hold no JAMMIT! or MALFUNCTION to answer the weapon: pass")
        if self.phase == REACT:
            return _("you do not hold the special card that would cancel it: pass")
        return _("no other move is open to you now: pass")

    def why_illegal(self, action: Action) -> str:
        """The rule that forbids ``action`` now, in players' words."""
        if self.phase == OVER:
            return _("the game is over")
        seat = self.to_act
        assert seat is not None
        if not isinstance(action, Move):
            return _("{move} is not a Race to Ace move", move=action)
        if self.phase == LOST:
            return _("you were shot down: this turn you may only discard a card")
        if self.phase == TRIM:
            return _("discard a card from your own hand down to seven")
        if self.phase == FIRE:
            return _("the dogfight is over: fire the weapon for the standing acquisition, or pass")
        if self.phase == REACT:
            return _("you may only reveal the special that cancels the card played on you, or pass")
        if self.phase == WEAPON:
            return _("answer the weapon fired at you (JAMMIT! or MALFUNCTION), or pass")
        if action is PASS:
            if self.phase == TURN:
                return _("you must play or discard one card in your turn")
            return _("you must answer when you can (option must_answer)")
        if not self.playable(seat)[action.card]:
            if self.wingmen and action.card in c.SPECIAL and self.wings[seat][action.card]:
                return _("a wingman supports you with Attack and Defense cards only, not Specials")
            return _("you do not hold a {card} card", card=c.NAMES[action.card])
        if action.discard:
            return _("you may discard only as your turn's card")
        card, target = action.card, action.pilot
        if max(target, action.source) >= self.n:
            return _("there is no pilot {n} at this table", n=max(target, action.source))
        if self.phase == DOGFIGHT:
            return _(
                "in a dogfight you may only counter your opponent's last move on the contested "
                "acquisition, or pass"
            )
        if 0 <= target < self.n and action.stack < 0 and target != seat and self.downed[target]:
            return _(
                "pilot {n} was shot down and is out of the fight until their lost turn", n=target
            )
        if action.stack < 0 and target == seat:
            return _("you cannot play that card on yourself")
        if self.flamed(seat) and (card in c.ATTACK or card == c.MANEUVER):
            return _("with a FLAMEOUT in front of you, you cannot play Attack or MANEUVER cards")
        if card == c.GUNS:
            return _("GUNS needs an active VISUAL ACQUISITION on the target that you may use")
        if card == c.MISSILE:
            return _("MISSILE needs an active, unsuppressed RADAR ACQUISITION on the target")
        if card in (c.VISUAL, c.RADAR) and action.stack < 0:
            return _("only one {card} may stand against a pilot", card=c.NAMES[card])
        if card == c.RELIGHT:
            return _("RELIGHT cancels a FLAMEOUT in front of you; you have none")
        immune = self.immune(target) or self.immune(action.source)
        if immune and card in (c.MALFUNCTION, c.FLAMEOUT):
            return _("the GOLDEN BIRD pilot is immune to MALFUNCTION and FLAMEOUT")
        if (
            card == c.MANEUVER
            and self.hot_stick != NONE
            and self.hot_stick in (action.source, action.pilot)
            and self.hot_stick != seat
        ):
            return _("the HOT STICK pilot cannot be outmaneuvered")
        if card == c.JAMMIT:
            return _("JAMMIT! is played only on a RADAR ACQUISITION (to suppress it, or as ECCM)")
        if card == c.MANEUVER:
            return _("MANEUVER is played on a VISUAL ACQUISITION against you, or to counter one")
        return _("{move} is not a legal play now", move=action)
