"""Small pure helpers on piles (tuples of card kinds): the deck-building bookkeeping."""

from __future__ import annotations

from aerodeck.core.rng import shuffle


def remove(pile: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``pile`` without one copy of ``card`` (the caller knows it is there)."""
    i = pile.index(card)
    return pile[:i] + pile[i + 1 :]


def add_sorted(pile: tuple[int, ...], cards: tuple[int, ...]) -> tuple[int, ...]:
    """Hands and discard piles are kept sorted: their order carries no information."""
    return tuple(sorted(pile + cards))


def draw(
    deck: tuple[int, ...], discard: tuple[int, ...], count: int, seed: int
) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int]:
    """Draw ``count`` cards, reshuffling the discard pile under the deck when the deck runs out.

    Returns (drawn, deck, discard, seed, reshuffles). Fewer cards come back when deck and discard
    pile are both exhausted.
    """
    drawn: list[int] = []
    reshuffles = 0
    while len(drawn) < count:
        if not deck:
            if not discard:
                break
            pile = list(discard)
            seed = shuffle(seed, pile)
            deck, discard = tuple(pile), ()
            reshuffles += 1
        take = min(count - len(drawn), len(deck))
        drawn.extend(deck[:take])
        deck = deck[take:]
    return tuple(drawn), deck, discard, seed, reshuffles
