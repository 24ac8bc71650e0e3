"""Which moves are open (the legal list) and why a move is not."""

from __future__ import annotations

from aerodeck.core.api import OVER, Action
from aerodeck.core.i18n import _
from aerodeck.games.air_racing import actions
from aerodeck.games.air_racing.cards import ACTIONS, BOOST, COSTS, KINDS, SPEED_MODS, TITLES
from aerodeck.games.air_racing.race import RaceRules
from aerodeck.games.air_racing.state import (
    ACTION,
    ALT,
    BOOSTING,
    BUY,
    CANCEL,
    CLIMB,
    PICK,
    QUICK,
    REDRAW,
    SIDE,
    TUNNEL,
)

MAX_COST = max(COSTS)
AFFORDABLE = tuple(tuple(k for k in KINDS if COSTS[k] <= coins) for coins in range(MAX_COST + 1))
"""By dollars to spend (up to the dearest card): the kinds they buy, in the encoding's order."""


class LegalMoves(RaceRules):
    __slots__ = ()

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
            return _("the race is over")
        if not isinstance(action, actions.Move):
            return _("that is not an Air Racing move")
        verb = action.verb
        seat = self.to_act
        assert seat is not None
        if verb == "play" and self.phase == ACTION:
            if not self.actions_left:
                return _("you have no actions left this turn")
            return _("you do not hold a {card} card", card=TITLES[action.arg])
        if verb == "redraw" and self.phase == ACTION:
            if not self.actions_left:
                return _("the redraw counts as one of your actions, and you have none left")
            return _("only a Team Effort played this turn lets you discard and redraw")
        if verb == "buy" and self.phase in (BUY, QUICK):
            if self.phase == QUICK and action.arg not in SPEED_MODS:
                return _("Quick Play money buys speed mods only (Microknot, FAST, Boost)")
            if not self.supply[action.arg]:
                return _("the {card} pile is empty", card=TITLES[action.arg])
            if self.phase == BUY and not self.buys_left:
                return _("you have no buys left this turn")
            return _(
                "a {card} costs ${cost}: you cannot afford it",
                card=TITLES[action.arg],
                cost=COSTS[action.arg],
            )
        if verb == "double" and self.phase == TUNNEL:
            return _("you do not hold a {card} card to play twice", card=TITLES[action.arg])
        if verb == "toss" and self.phase == REDRAW:
            return _("you do not hold a {card} card", card=TITLES[action.arg])
        if verb == "alt" and self.phase == ALT:
            return _("climbing costs 1 speed per level and you do not have the speed")
        if verb == "boost" and self.phase == BOOSTING:
            return _("you have no Boost card left")
        if verb == "fly" and self.phase == BOOSTING:
            if action.arg >= self.game.course.lanes:
                return _("the course has lanes 0 to {last}", last=self.game.course.lanes - 1)
            return _("a lane change costs 1 speed per lane and needs clear air on the way")
        return _("not now: {expected}", expected=self._expected())

    def _expected(self) -> str:
        """What the seat to act is deciding now, in players' words."""
        expected = {
            PICK: _("pick your three starting speed mods, Boost or FAST"),
            ACTION: _("play an action card, redraw after a Team Effort, or go to your buys"),
            TUNNEL: _(
                "the Wind Tunnel asks which action card to play twice, or to take $2 instead"
            ),
            REDRAW: _("Team Effort redraw: discard cards from your hand, then draw as many"),
            BUY: _("buy a card or end your turn"),
            QUICK: _("Quick Play: buy speed mods with your $25, then end"),
            ALT: _("choose your altitude for this turn: low, mid or high"),
            BOOSTING: _("play a Boost or choose your lane and fly"),
            CANCEL: _("your engine backfired: cancel with another Boost, or accept the penalty"),
            SIDE: _("you are blocked: choose to pass on the inside or the outside"),
        }
        return expected.get(self.phase, "")
