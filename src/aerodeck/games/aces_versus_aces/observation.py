"""Aces versus Aces: the encoder's vector written in one pass straight from the state.

The same numbers the encoder's fields write from ``state.view(seat)`` (encoder.py), read off
the state's own tuples instead: no view of strings built and then looked up again. It reads
only what the view shows (the seat's own hand and face-down card, everyone's public facts);
tests/rl/test_fast_observation.py checks it against the fields over many seeded games, after
hidden redraws too. Where and how each entry is written comes from the declared fields
(``Encoder.leaves``), so the two share one layout.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.features import Buffer, Encoder, Field, Number, PerSeat, StateWriter
from aerodeck.games.aces_versus_aces.encoder import COINS, PHASES
from aerodeck.games.aces_versus_aces.state import COIN_NAMES

if TYPE_CHECKING:
    from aerodeck.games.aces_versus_aces.view import Information

PHASE_SLOT = {phase: i for i, phase in enumerate(PHASES)}
COIN_SLOT = tuple(COINS.index(name) if name else -1 for name in COIN_NAMES)
"""By coin number (1..3): its entry among the coins (sorted by name, as the encoder has them)."""


def _number(leaf: tuple[int, Field]) -> Number:
    assert isinstance(leaf[1], Number)
    return leaf[1]


def _width(leaf: tuple[int, Field]) -> int:
    """The entries of one seat's block of a per-seat field."""
    assert isinstance(leaf[1], PerSeat)
    return leaf[1].width


def state_writer(encoder: Encoder) -> StateWriter:
    """The writer of ``encoder``'s vector (its player count and target) from a state."""
    leaves = encoder.leaves()
    at = {name: offset for name, (offset, _) in leaves.items()}
    players = encoder.players
    round_, hand_number = _number(leaves["round"]), _number(leaves["hand_number"])
    target, deck = _number(leaves["target"]), _number(leaves["deck"])
    aces = _number(leaves["aces_played"])
    markers = _number(leaves["seats[+k].markers"])
    score = _number(leaves["seats[+k].score"])
    hand_size = _number(leaves["seats[+k].hand_size"])
    last_plays, seats = at["last_plays[+k].value"], at["seats[+k].in_game"]
    play_width, width = _width(leaves["last_plays[+k]"]), _width(leaves["seats[+k]"])
    # entries within a seat's block
    committed, won, coins, markers_at, score_at, hand_size_at = (
        at[f"seats[+k].{name}"] - seats
        for name in ("committed", "won", "coins", "markers", "score", "hand_size")
    )

    def write(state: Information, seat: int, out: Buffer) -> None:
        out[at["phase"] + PHASE_SLOT[state.phase]] = 1.0
        to_act = state.to_act
        if to_act is not None and to_act >= 0:
            out[at["to_act"] + (to_act - seat) % players] = 1.0
        out[at["round"]] = round_.scaled(state.round)
        out[at["hand_number"]] = hand_number.scaled(state.hand_no)
        out[at["target"]] = target.scaled(state.game.options["target"])
        out[at["deck"]] = deck.scaled(len(state.deck))
        discards = at["discards"]
        for card in state.discards:
            out[discards + card.index] += 1.0
        out[at["aces_played"]] = aces.scaled(state.aces_played)
        for k in range(players):
            s = (seat + k) % players
            play = state.last_plays[s]
            if play is not None:
                out[last_plays + k * play_width + play.index] = 1.0
            base = seats + k * width
            if state.active[s]:
                out[base] = 1.0  # in_game, the block's first entry
            out[base + markers_at] = markers.scaled(state.pennies[s])
            out[base + score_at] = score.scaled(state.scores[s])
            out[base + hand_size_at] = hand_size.scaled(len(state.hands[s]))
            if state.commits[s] is not None:
                out[base + committed] = 1.0
            for card in state.won[s]:
                out[base + won + card.index] += 1.0
            for coin in state.coins[s]:
                out[base + coins + COIN_SLOT[coin]] += 1.0
        for winner in state.winners:
            out[at["winners"] + (winner - seat) % players] = 1.0
        hand = at["hand"]
        for card in state.hands[seat]:
            out[hand + card.index] += 1.0
        mine = state.commits[seat]
        if mine is not None:
            out[at["my_play"] + mine.index] = 1.0

    return write
