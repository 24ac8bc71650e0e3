"""Regenerate the OpenSpiel playthrough of every game (tests/rl/playthroughs/*.txt).

    PYTHONPATH=src python scripts/regen_playthroughs.py

A playthrough is OpenSpiel's golden file: a seeded random game with every observation, string
and tensor along the way. tests/rl/test_openspiel.py replays each and diffs it, so a change to
the rules, an encoder or the adapter shows up as a diff. Regenerate only when that change is
meant, and say why in the commit.
"""

from __future__ import annotations

from pathlib import Path

from absl import flags
from open_spiel.python.algorithms import generate_playthrough

import aerodeck.rl.openspiel  # noqa: F401 - registers the games

DIRECTORY = Path(__file__).resolve().parent.parent / "tests" / "rl" / "playthroughs"
SEED = 7
# Small configurations keep the files readable: sixteen seeds, a short target, one lap, one kill.
GAME_STRINGS = {
    "ace_race": "aerodeck_ace_race(options=max_turns:30,players=2,seeds=16)",
    "aces_versus_aces": "aerodeck_aces_versus_aces(options=target:10,players=2,seeds=16)",
    "air_racing": "aerodeck_air_racing(options=quick_play:true;laps:1,players=2,seeds=16)",
    "down_in_flames": "aerodeck_down_in_flames(players=2,seeds=16)",
    "race_to_ace": "aerodeck_race_to_ace(options=kills_to_win:1,players=2,seeds=16)",
}


def main() -> None:
    if not flags.FLAGS.is_parsed():
        flags.FLAGS.mark_as_parsed()
    DIRECTORY.mkdir(parents=True, exist_ok=True)
    for game_id, game_string in GAME_STRINGS.items():
        text = generate_playthrough.playthrough(game_string, None, seed=SEED)
        path = DIRECTORY / f"{game_id}.txt"
        path.write_text(text, encoding="utf-8")
        print(f"{path.name}: {len(text.splitlines())} lines")


if __name__ == "__main__":
    main()
