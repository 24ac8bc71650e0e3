"""Flying a whole Down In Flames campaign with agents (R54): each mission in order as a two-player
game of its aircraft, scored by the aircraft each nation shot down (``CampaignRecord``).

It lives in the simulator because it runs matches (``sim.match.play``); the game package only
describes campaigns and scores them."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from aerodeck.core.api import Agent
from aerodeck.core.rng import derive_seed
from aerodeck.games.down_in_flames.campaign import CampaignRecord, find_campaign
from aerodeck.games.down_in_flames.data import parse_campaign
from aerodeck.games.down_in_flames.game import DownInFlames
from aerodeck.games.down_in_flames.rules import DifState
from aerodeck.sim.match import play

AgentMaker = Callable[[DownInFlames, int, int], Agent]  # (mission game, seat, seed) -> agent


Source = str | Mapping[str, Any]  # shipped id or name, or the data itself (a user's own file)


def mission_game(
    campaign: Source, mission: int, scale: int = 1, data: Source = "", skills: bool = False
) -> DownInFlames:
    """The game of one mission: seat 0 flies Nation #1, seat 1 Nation #2; with ``skills`` each
    nation chooses among the mission's skill options (R59)."""
    return DownInFlames(
        2, campaign=campaign, mission=mission, scale=scale, data=data, skills=skills
    )


def play_campaign(
    campaign: Source,
    make_agent: AgentMaker,
    seed: int,
    scale: int = 1,
    data: Source = "",
    skills: bool = False,
) -> CampaignRecord:
    """Fly every mission in order and return the scored record (totals, levels). ``campaign``
    names one of the data set's campaigns, or is a campaign table of the user's own."""
    game = DownInFlames(2, data=data)
    chosen = (
        parse_campaign(game.data, campaign)
        if isinstance(campaign, Mapping)
        else find_campaign(game.data, campaign)
    )
    record = CampaignRecord(chosen, scale)
    while record.next_mission is not None:
        number = record.next_mission.number
        mission = mission_game(campaign, number, scale, data, skills)
        agents = [make_agent(mission, seat, derive_seed(seed, number, seat)) for seat in (0, 1)]
        state = play(mission.new_game(seed=derive_seed(seed, number)), agents)
        assert isinstance(state, DifState)
        record = record.record(state.kills[0], state.kills[1], (state.nfod[0], state.nfod[1]))
    return record
