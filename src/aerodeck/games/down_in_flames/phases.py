"""Names shared by the state machine and its helpers: the phases, positions and small types."""

from __future__ import annotations

PICK, ALT_PICK, INITIATIVE = "pick", "alt-pick", "initiative"
BURNER, DISCARD, ALTITUDE, SPEED, PLAY = "burner", "discard", "altitude", "speed", "play"
REACT, LAUNCH, FOLLOW, PAY = "react", "launch", "follow", "pay"
SKILL = "skill"
POSITION_WORDS = ("tailed", "disadvantaged", "neutral", "advantage", "tailing")

Hand = tuple[int, ...]
Link = tuple[int, int, str, str]  # (seat, card index or -1, title reacted to, source)
NO_CARD = -1
Load = tuple[tuple[int, int], ...]  # (missile index, pairs)
