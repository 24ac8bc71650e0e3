"""The "Observation tensor" section of each game's docs page, generated from its encoder."""

from __future__ import annotations

import aerodeck
from aerodeck.rl.encode import encoded_games, encoder_for

BEGIN = "<!-- observation-tensor:begin (scripts/rl_docs.py writes this section) -->"
END = "<!-- observation-tensor:end -->"

_INTRO = (
    "What `aerodeck.rl` gives a learning agent at a seat (PettingZoo's `observation`, "
    "OpenSpiel's `observation_tensor`): a float32 vector built only from `state.view(seat)`, so "
    "it holds nothing the seat may not know (tests/rl/test_encoders.py checks it is the same in "
    "every determinization from that seat). Seats are relative: `+0` is the observer, `+1` the "
    "next seat, and so on. Numbers are divided by the scale shown so most fall in 0..1; a block "
    "whose part of the view is absent is all zeros."
)


def section(game_id: str) -> str:
    """The generated markdown: sizes per player count and the layout at the fewest players."""
    info = next(i for i in aerodeck.list_games() if i.id == game_id)
    sizes = ", ".join(
        f"{n} players: {encoder_for(aerodeck.make(game_id, players=n)).size}"
        for n in info.player_counts
    )
    players = info.player_counts[0]
    encoder = encoder_for(aerodeck.make(game_id, players=players))
    parts = [BEGIN, "", _INTRO, "", f"Length by player count: {sizes}.", ""]
    if encoder.note:
        parts += [encoder.note, ""]
    parts += [f"Layout at {players} players:", "", encoder.describe(), "", END]
    return "\n".join(parts)


def updated_page(text: str, game_id: str) -> str:
    """The page with its section replaced (or appended under a new heading)."""
    block = section(game_id)
    if BEGIN in text and END in text:
        head, _, rest = text.partition(BEGIN)
        _, _, tail = rest.partition(END)
        return head + block + tail
    return text.rstrip("\n") + "\n\n## Observation tensor\n\n" + block + "\n"


__all__ = ["encoded_games", "section", "updated_page"]
