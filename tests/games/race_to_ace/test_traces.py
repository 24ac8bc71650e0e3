"""Race to Ace plays exactly as it did before its fourth speed round (issue 18): seeded random
games at 2 to 5 pilots under several option sets, fingerprinted move by move (the legal list in
order, every seat's and the spectator's view, the events per seat, a refusal's reason, a clone's
and a determinization's legal list, the invariants), then the records and returns, against the
fingerprints written by the tree before that round (traces.json). A speed change that alters a
single legal list, view or event anywhere in these games fails here."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.games.race_to_ace.actions import ALL_MOVES

TRACES = Path(__file__).with_name("traces.json")
CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "must_answer": {"must_answer": True, "kills_to_win": 3},
    "tokens": {"acquisition_tokens": True, "visual_counters_maneuver": False},
    "weapons": {"weapon_counters": True, "specials_lost": True},
    "match": {"games": 2, "kills_to_win": 2, "max_turns": 60},
    "all": {
        "acquisition_tokens": True,
        "weapon_counters": True,
        "specials_lost": True,
        "must_answer": True,
    },
}
PLAYERS = (2, 3, 4, 5)
GAMES = 8
# Random play leaning to the rarer plays (attacks, plays on stacks, specials) over discards.
WEIGHTS = {"discard": 1, "pass": 2}


def fingerprint(options: dict[str, Any], players: int, seed: int) -> str:
    """A random game's whole course as one hash."""
    game = aerodeck.make("race_to_ace", players=players, **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    seats: list[int | None] = [*range(players), None]
    digest = hashlib.sha256()
    seen = 0
    step_no = 0
    while True:
        legal = state.legal_actions()
        step: dict[str, Any] = {
            "to_act": state.current_player,
            "legal": [str(m) for m in legal],
            "events": [state.events_since(seen, s) for s in seats],
        }
        seen = state.event_count
        state.check_invariants()
        if step_no % 3 == 0:
            step["views"] = [state.view(s) for s in seats]
        if state.is_terminal:
            step["returns"] = state.returns()
            step["record"] = state.record()
            step["records"] = [state.record_for(s) for s in seats]
            digest.update(json.dumps(step, sort_keys=True).encode())
            return digest.hexdigest()
        probe = ALL_MOVES[rng.randrange(len(ALL_MOVES))]
        if probe not in legal:
            step["why"] = state.why_illegal(probe)
        if step_no % 7 == 0:
            actor = state.current_player
            assert actor is not None
            world = state.determinize(actor, random.Random(step_no))
            step["world"] = [str(m) for m in world.legal_actions()]
            twin = state.clone()
            twin.apply(legal[-1])
            step["twin"] = [str(m) for m in twin.legal_actions()]
        digest.update(json.dumps(step, sort_keys=True).encode())
        weights = [WEIGHTS.get(str(m).split()[0], 4) for m in legal]
        state.apply(rng.choices(legal, weights)[0])
        step_no += 1


def fingerprints(name: str) -> list[str]:
    options = CONFIGS[name]
    return [fingerprint(options, players, seed) for players in PLAYERS for seed in range(GAMES)]


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_race_to_ace_plays_as_before(name: str) -> None:
    want = json.loads(TRACES.read_text(encoding="utf-8"))[name]
    assert fingerprints(name) == want


if __name__ == "__main__":  # writes traces.json (only from the reference tree)
    TRACES.write_text(
        json.dumps({name: fingerprints(name) for name in CONFIGS}, indent=1) + "\n",
        encoding="utf-8",
    )
