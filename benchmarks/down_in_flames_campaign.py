"""Fly the shipped 1973 Yom Kippur War campaign with two heuristic bots, mission by mission.

Run: .venv/bin/python benchmarks/down_in_flames_campaign.py [seed] [scale]

Backs: docs/games/down_in_flames_campaigns.md, "Flying a campaign": a campaign flown
by two heuristic bots.
"""

from __future__ import annotations

import sys

from aerodeck.core.api import Agent
from aerodeck.games.down_in_flames.bot import HeuristicBot
from aerodeck.games.down_in_flames.game import DownInFlames
from aerodeck.sim.campaign import play_campaign


def bot(game: DownInFlames, seat: int, seed: int) -> Agent:
    return HeuristicBot(game, seed)  # type: ignore[return-value]


def main(seed: int = 1, scale: int = 1) -> None:
    series = play_campaign(DownInFlames(2, campaign="1973 Yom Kippur War", scale=scale), bot, seed)
    record = series.scores
    for r in record.results:
        print(f"mission {r.number} {r.title}: shot down {r.downed_by}, VP {r.vp}")
    print(f"totals {record.totals()}: {record.levels()[0]} / {record.levels()[1]}")


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:3]))
