"""Write the "Observation tensor" section of every game's docs page from its encoder.

PYTHONPATH=src python scripts/rl_docs.py          # rewrite docs/games/<game>.md
PYTHONPATH=src python scripts/rl_docs.py --check  # exit 1 if a page is out of date
"""

from __future__ import annotations

import sys
from pathlib import Path

from aerodeck.rl.docs import encoded_games, updated_page

DOCS = Path(__file__).resolve().parent.parent / "docs" / "games"


def main(argv: list[str]) -> int:
    stale = []
    for game_id in encoded_games():
        page = DOCS / f"{game_id}.md"
        if not page.exists():  # a game installed from another package documents itself
            continue
        text = page.read_text(encoding="utf-8")
        new = updated_page(text, game_id)
        if new != text:
            stale.append(page.name)
            if "--check" not in argv:
                page.write_text(new, encoding="utf-8")
    if stale and "--check" in argv:
        print("out of date:", ", ".join(stale), "(run scripts/rl_docs.py)")
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
