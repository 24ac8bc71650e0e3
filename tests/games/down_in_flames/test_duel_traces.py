"""The duel plays exactly as it did before it became the several-aircraft machine with one
aircraft a side (issue 18): seeded random duels under each option, fingerprinted move by move
(the legal list in order, every seat's view and events, a refusal's reason), against the
fingerprints the duel's own machine wrote (duel_traces.json, from the tree before the fold).

When the duel's view took the several-aircraft shape (one view for any number of aircraft), the
fingerprints without the views were first checked equal on the tree before and after (all 240
games), then the file was written again with the new views. Likewise when the duel began to
count its kill like any game (the aircraft shot down out of the fight, its side's kill in the
view) and the time-up reason said the rounds flown ("6 rounds", it said "six"): every step but
the last, and the returns, checked equal before and after on all 240 games. Likewise when every
public move got an event of its own (no-burner, level, the climb's and the follow's cost, end),
the Split-S event named the turn it ends and the duel's end reason named the owner and the shooter
of the aircraft shot down: with those left out (the reason written back as before), all 240 games
checked equal before and after."""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path
from typing import Any

import pytest

import aerodeck

TRACES = Path(__file__).with_name("duel_traces.json")
CONFIGS: dict[str, dict[str, Any]] = {
    "default": {},
    "skills": {"skills": True, "vp_limit": 70, "year": 1990},
    "site": {"site": "SA-6", "site_seat": 1},
    "aaa": {"site": "ZSU-23-4", "site_seat": 0, "skills": True, "vp_limit": 60},
    "loads": {"missile_loads": True, "second_missile": True, "vp_limit": 80, "year": 2000},
    "decks": {"decks": 2, "vp_limit": 99, "year": 2100},
}
GAMES = 40
# Random play leaning to the moves that reach the rarer steps (attacks, launches, follows).
EAGER = {"attack": 6, "tone": 6, "launch": 9, "launch2": 9, "pos": 4, "follow": 6, "act": 3}
EAGER |= {"react": 3, "cm": 3, "climb": 3, "dive": 3, "burner": 2, "expertise": 3, "speed": 2}


def fingerprint(options: dict[str, Any], seed: int) -> str:
    """A random duel's whole course as one hash."""
    game = aerodeck.make("down_in_flames", **options)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    catalogue = game.catalogue.moves
    digest = hashlib.sha256()
    seen = 0
    while True:
        legal = state.legal_actions()
        step: dict[str, Any] = {
            "to_act": state.current_player,
            "legal": [str(m) for m in legal],
            "views": [state.view(s) for s in (0, 1, None)],
            "events": [state.events_since(seen, s) for s in (0, 1, None)],
        }
        seen = state.event_count
        if state.is_terminal:
            step["returns"] = state.returns()
            digest.update(json.dumps(step, sort_keys=True).encode())
            return digest.hexdigest()
        probe = catalogue[rng.randrange(len(catalogue))]
        if probe not in legal:
            step["why"] = state.why_illegal(probe)
        digest.update(json.dumps(step, sort_keys=True).encode())
        weights = [EAGER.get(str(m).split()[0], 1) for m in legal]  # by the notation's verb
        state.apply(rng.choices(legal, weights)[0])


def all_fingerprints() -> dict[str, list[str]]:
    return {
        name: [fingerprint(options, seed) for seed in range(GAMES)]
        for name, options in CONFIGS.items()
    }


@pytest.mark.parametrize("name", sorted(CONFIGS))
def test_duel_plays_as_before(name: str) -> None:
    want = json.loads(TRACES.read_text(encoding="utf-8"))[name]
    got = [fingerprint(CONFIGS[name], seed) for seed in range(GAMES)]
    assert got == want


if __name__ == "__main__":  # writes duel_traces.json (only for a reviewed change of the view)
    TRACES.write_text(json.dumps(all_fingerprints(), indent=1) + "\n", encoding="utf-8")


def test_a_duel_move_may_name_the_only_enemy() -> None:
    """Issue 18: a target is named only when there is more than one enemy, but a duel record
    naming the only one (as the several-aircraft notation does) still parses."""
    from aerodeck.core.errors import NotationError

    state = aerodeck.make("down_in_flames").new_game(seed=3)
    while state.phase != "play":
        state.apply(state.legal_actions()[0])
    actor = state.current_player
    assert actor is not None
    move = next(m for m in state.legal_actions() if str(m).startswith(("pos", "range")))
    named = state.game.parse_action(state, f"{move} @{1 - actor}")
    assert named == move and str(named) == str(move)
    with pytest.raises(NotationError, match="only enemy"):
        state.game.parse_action(state, f"{move} @{actor}")
