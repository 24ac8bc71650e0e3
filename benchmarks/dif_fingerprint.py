"""Down In Flames' behaviour fingerprint for speed A/Bs (docs/performance.md, the fifth round).

    python -m benchmarks.dif_fingerprint [games]     # one digest per option set, and their total

Seeded random games under 14 option sets (legal lists in order, every seventh view, the events,
the record and the returns, and a muted replay of the record); the same digests before and after
a change mean the same behaviour. Instructions per decision: ``python -m benchmarks.icount
--game down_in_flames --players 2 3 4``.
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any

import aerodeck

OPTION_SETS: tuple[tuple[int, dict[str, Any]], ...] = (
    (2, {}),
    (2, {"skills": True}),
    (2, {"site": "SA-6", "missile_loads": True}),
    (4, {"site": "ZSU-23-4"}),
    (2, {"campaign": "1973 Yom Kippur War", "mission": 2, "skills": True}),
    (2, {"campaign": "1965 India-Pakistan War", "scale": 2}),
    (2, {"aircraft": 2}),
    (3, {}),
    (3, {"mode": "ffa"}),
    (4, {}),
    (4, {"mode": "ffa"}),
    (4, {"skills": True, "second_missile": True}),
    (3, {"skills": True, "decks": 2}),
    (2, {"aircraft": 2, "skills": True, "missile_loads": True}),
)


def digest(players: int, options: dict[str, Any], games: int) -> str:
    game = aerodeck.make("down_in_flames", players=players, **options)
    out = hashlib.sha256()
    rng = random.Random(players * 1000 + len(options))
    for seed in range(games):
        state = game.new_game(seed=seed)
        step = 0
        while not state.is_terminal:
            moves = state.legal_actions()
            out.update(repr([str(m) for m in moves]).encode())
            if step % 7 == 0:
                view = state.view(state.current_player)
                out.update(json.dumps(view, sort_keys=True, default=str).encode())
            state.apply_unchecked(rng.choice(moves))
            step += 1
        for part in (state.events_since(0, None), state.record(), state.returns()):
            out.update(json.dumps(part, sort_keys=True, default=str).encode())
        replay = game.new_game(seed=seed).mute_events()
        for move in state.history():
            replay.apply(move)
        assert replay.returns() == state.returns()
    return out.hexdigest()[:16]


def main(argv: list[str]) -> None:
    games = int(argv[0]) if argv else 30
    total = hashlib.sha256()
    for players, options in OPTION_SETS:
        value = digest(players, options, games)
        total.update(value.encode())
        print(players, options, value)
    print("TOTAL", total.hexdigest()[:16])


if __name__ == "__main__":
    main(sys.argv[1:])
