"""Which moves are open (the legal list) and why a move is not."""

from __future__ import annotations

from aerodeck.core.api import OVER, Action
from aerodeck.core.cards import CARDS
from aerodeck.core.i18n import _
from aerodeck.games.aces_versus_aces.actions import DISCARDS, KEEP, PLAYS, Discard, Keep, Play
from aerodeck.games.aces_versus_aces.state import DISCARD, PLAY, AvABase
from aerodeck.games.aces_versus_aces.words import card

_DISCARD_OF = {c: DISCARDS[c.index] for c in CARDS}.__getitem__
"""A card's interned discard move (a bound lookup, for ``map`` in ``legal_actions``)."""


class LegalMoves(AvABase):
    __slots__ = ()

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
            return _("the game is over")
        seat = self.to_act
        assert seat is not None
        if isinstance(action, Play):
            if self.phase == DISCARD:
                return _("after the draw you may discard one card to replace it, or keep")
            # TRANSLATORS: {card} is the card as typed (9C), {printed} as printed on it (9♣)
            return _(
                "you do not hold {card}: you play a card from your hand",
                card=action.card.text,
                printed=card(action.card.text),
            )
        if isinstance(action, Discard | Keep):
            if self.phase == PLAY:
                return _("every player plays a card this hand; discarding comes after the draw")
            if isinstance(action, Discard):
                # TRANSLATORS: {card} is the card as typed (9C), {printed} as printed on it (9♣)
                return _(
                    "you do not hold {card}",
                    card=action.card.text,
                    printed=card(action.card.text),
                )
        return _("that is not a move of this step")
