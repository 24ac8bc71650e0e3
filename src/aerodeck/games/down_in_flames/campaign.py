"""Campaign bookkeeping (digest §16.8, §16.9, §18.9): scaled missions, the proportional mission
award rounded up, running totals and the victory level. Pure functions over the data set's
``Campaign`` records; a user's campaign is a ``[[campaign]]`` table of a data set of their own
(option ``data``) or one campaign's table on its own (option ``campaign``), checked on load.
``CampaignSeries`` is a campaign as ``core.series`` knows a series of games: the faces and the
simulator fly it mission by mission (R54) without knowing it is a campaign.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, State
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.series import SERIES_FORMAT, Series
from aerodeck.games.down_in_flames import wording
from aerodeck.games.down_in_flames.data import (
    Campaign,
    DataSet,
    Mission,
    Side,
    parse_campaign,
    slug,
)
from aerodeck.games.down_in_flames.rules import DifState
from aerodeck.games.down_in_flames.sheet import campaign_sheet

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames

SCALES = (1, 2, 3)


def find_campaign(data: DataSet, name: str) -> Campaign:
    """A campaign of the data set by name or notation name; ConfigError if there is none."""
    for campaign in data.campaigns:
        if slug(campaign.name) == slug(name):
            return campaign
    names = ", ".join(c.name for c in data.campaigns) or "none"
    raise ConfigError(f"no campaign {excerpt(name)} in the data set (campaigns: {names})")


def award(vp: int, destroyed: int, enemies: int) -> int:
    """The mission VP earned: the whole for every enemy down, else the share shot down, rounded
    up (R41): 1 of 2 MiG-17s in mission 1 earns Israel ceil(47 / 2) = 24."""
    if enemies <= 0 or destroyed <= 0:
        return 0
    destroyed = min(destroyed, enemies)
    return -(-vp * destroyed // enemies)


def aircraft_count(side: Side, scale: int = 1) -> int:
    """Aircraft a side flies in a mission, with Campaign Scaling (double or triple, §18.9)."""
    return scale * sum(count for _, count in side.aircraft)


def victory_level(campaign: Campaign, total: int) -> str:
    """The highest level of the Victory Point chart whose minimum the total reaches."""
    level = campaign.victory_chart[0][1] if campaign.victory_chart else "no chart"
    for minimum, name in campaign.victory_chart:
        if total >= minimum:
            level = name
    return level


@dataclass(frozen=True, slots=True)
class MissionResult:
    """One flown mission: the aircraft each nation shot down and the VP that earned."""

    number: int
    title: str
    downed_by: tuple[int, int]  # enemy aircraft shot down by nation 1 and by nation 2
    vp: tuple[int, int]


@dataclass(frozen=True, slots=True)
class CampaignRecord:
    """A campaign in progress: missions are flown in order and scored as they end."""

    campaign: Campaign
    scale: int = 1
    results: tuple[MissionResult, ...] = ()

    def __post_init__(self) -> None:
        if self.scale not in SCALES:
            raise ConfigError(f"campaign scale: 1, 2 or 3, not {self.scale}")

    @property
    def next_mission(self) -> Mission | None:
        done = len(self.results)
        missions = self.campaign.missions
        return missions[done] if done < len(missions) else None

    @property
    def finished(self) -> bool:
        return self.next_mission is None

    def record(
        self, downed_by_1: int, downed_by_2: int, bonus: tuple[int, int] = (0, 0)
    ) -> CampaignRecord:
        """Score the next mission from the enemy aircraft each nation shot down, plus the
        campaign points NFOD gave at the start of the dogfight (R58)."""
        mission = self.next_mission
        if mission is None:
            raise ConfigError(f"the {self.campaign.name} campaign is over")
        n1 = aircraft_count(mission.nation1, self.scale)
        n2 = aircraft_count(mission.nation2, self.scale)
        if not (0 <= downed_by_1 <= n2 and 0 <= downed_by_2 <= n1):
            raise ConfigError(
                f"mission {mission.number}: nation 1 can down 0..{n2}, nation 2 0..{n1}"
            )
        vp = (
            award(mission.nation1.vp, downed_by_1, n2) + bonus[0],
            award(mission.nation2.vp, downed_by_2, n1) + bonus[1],
        )
        result = MissionResult(mission.number, mission.title, (downed_by_1, downed_by_2), vp)
        return CampaignRecord(self.campaign, self.scale, (*self.results, result))

    def totals(self) -> tuple[int, int]:
        return (sum(r.vp[0] for r in self.results), sum(r.vp[1] for r in self.results))

    def levels(self) -> tuple[str, str]:
        """Each nation's victory level from its total (the chart serves both sides)."""
        a, b = self.totals()
        return victory_level(self.campaign, a), victory_level(self.campaign, b)


def campaign_of(game: DownInFlames) -> Campaign:
    """The campaign the game's ``campaign`` option names (or holds, as a table of its own)."""
    chosen = game.options["campaign"]
    if isinstance(chosen, Mapping):
        return parse_campaign(game.data, chosen)
    return find_campaign(game.data, str(chosen))


def mission_game(game: DownInFlames, number: int) -> DownInFlames:
    """The game of mission ``number`` of ``game``'s campaign, with its options (scale, skills,
    data): seat 0 flies Nation #1, seat 1 Nation #2."""
    return type(game)(2, **{**game.options, "mission": number})


class CampaignSeries(Series):
    """A campaign as a series of games (``core.series``): the missions of ``game``'s campaign in
    order, scored by ``scores``. Seat 0 of every mission flies Nation #1, seat 1 Nation #2."""

    def __init__(self, game: DownInFlames, scores: CampaignRecord) -> None:
        self.game = game
        self.scores = scores

    @property
    def title(self) -> str:
        return wording.campaign_word(self.scores.campaign.name)

    @property
    def sides(self) -> tuple[str, ...]:
        campaign = self.scores.campaign
        return (wording.campaign_word(campaign.nation1), wording.campaign_word(campaign.nation2))

    @property
    def played(self) -> int:
        return len(self.scores.results)

    @property
    def length(self) -> int:
        return len(self.scores.campaign.missions)

    def next_game(self) -> DownInFlames | None:
        mission = self.scores.next_mission
        return None if mission is None else mission_game(self.game, mission.number)

    def record(self, final: State) -> CampaignSeries:
        if not isinstance(final, DifState) or not final.is_terminal:
            raise ConfigError("a campaign scores a finished Down In Flames mission")
        kills, bonus = final.kills, final.nfod_vp
        scores = self.scores.record(kills[0], kills[1], (bonus[0], bonus[1]))
        return CampaignSeries(self.game, scores)

    def totals(self) -> tuple[int, ...]:
        return self.scores.totals()

    def winners(self) -> list[int]:
        """R64: the nation with the higher campaign total wins; equal totals share it."""
        if not self.finished:
            return []
        totals = self.totals()
        return [side for side, total in enumerate(totals) if total == max(totals)]

    def levels(self) -> tuple[str, ...]:
        return tuple(wording.campaign_word(level) for level in self.scores.levels())

    def sheet(self) -> JSON:
        return campaign_sheet(self)

    def to_json(self) -> JSON:
        return {
            "format": SERIES_FORMAT,
            "results": [
                {"number": r.number, "downed_by": list(r.downed_by), "vp": list(r.vp)}
                for r in self.scores.results
            ],
        }


def campaign_series(game: DownInFlames, data: Mapping[str, Any] | None = None) -> CampaignSeries:
    """``game``'s campaign from its first mission, or as ``data`` (``to_json``) left it;
    ConfigError, in one line, when ``data`` is not a record of this campaign."""
    scores = CampaignRecord(campaign_of(game), int(game.options["scale"]))
    if data is None:
        return CampaignSeries(game, scores)
    results = data.get("results") if isinstance(data, Mapping) else None
    if data.get("format") != SERIES_FORMAT or not isinstance(results, list):
        raise ConfigError("not a saved campaign (format aerodeck-series with its results)")
    missions = scores.campaign.missions
    if len(results) > len(missions):
        raise ConfigError(
            f"{scores.campaign.name} has {len(missions)} missions, not {len(results)}"
        )
    kept: list[MissionResult] = []
    for mission, result in zip(missions, results, strict=False):
        try:
            downed = tuple(int(n) for n in result["downed_by"])
            vp = tuple(int(n) for n in result["vp"])
            number = int(result["number"])
        except (KeyError, TypeError, ValueError) as error:
            raise ConfigError(f"saved campaign: mission {len(kept) + 1} is unreadable") from error
        if number != mission.number or len(downed) != 2 or len(vp) != 2:
            raise ConfigError(f"saved campaign: mission {len(kept) + 1} does not fit the campaign")
        kept.append(MissionResult(number, mission.title, (downed[0], downed[1]), (vp[0], vp[1])))
    return CampaignSeries(game, CampaignRecord(scores.campaign, scores.scale, tuple(kept)))
