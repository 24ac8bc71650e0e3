"""Regenerate tests/golden/<game>.jsonl for every registered game (or the ones named).

    .venv/bin/python scripts/regen_golden.py [game_id ...]

Review the diff before committing it: a changed golden file means the game plays differently.
"""

from __future__ import annotations

import sys
from pathlib import Path

import aerodeck
from aerodeck.sim.golden import golden_lines

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "golden"


def main(names: list[str]) -> None:
    ids = names or [info.id for info in aerodeck.list_games()]
    for game_id in ids:
        path = GOLDEN / f"{game_id}.jsonl"
        path.write_text("\n".join(golden_lines(game_id)) + "\n", encoding="utf-8")
        print(f"wrote {path} ({path.stat().st_size // 1024} KiB)")


if __name__ == "__main__":
    main(sys.argv[1:])
