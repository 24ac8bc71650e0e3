"""The campaign sheet in words (§16): the missions with their aircraft, sites, skill options and
special conditions, what each flown mission earned, the running totals and the Victory Point
chart with where each nation stands. Plain data as ``core.series.Series.sheet`` describes it;
only the campaign's data and finished missions' results appear, never a hand or a secret
choice (which of its skill options a nation took stays its own)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.games.down_in_flames import wording
from aerodeck.games.down_in_flames.data import Side

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.campaign import CampaignSeries


def side_cell(side: Side, scale: int) -> str:
    """One nation's part of a mission: its aircraft, the mission VP it earns for shooting down
    every enemy (which replace the aircraft's own VP, R41), sites, options and conditions."""
    aircraft = _(", ").join(f"{count * scale} x {name}" for name, count in side.aircraft)
    parts = [aircraft, _("mission VP {vp}").format(vp=side.vp)]
    if side.sites:
        parts.append(_("sites: {names}").format(names=_(", ").join(side.sites)))
    if side.skill_options:
        options = _(" or ").join(wording.skill(name) for name in side.skill_options)
        parts.append(_("skill: {options}").format(options=options))
    if side.special:
        special = _(", ").join(wording.skill(name) for name in side.special)
        parts.append(_("special: {conditions}").format(conditions=special))
    return "; ".join(parts)


def campaign_sheet(series: CampaignSeries) -> JSON:
    scores = series.scores
    campaign = scores.campaign
    nations = list(series.sides)
    flown = {result.number: result for result in scores.results}
    rows = []
    for mission in campaign.missions:
        result = flown.get(mission.number)
        if result is not None:
            status = _("shot down: {first} {a}, {second} {b}").format(
                first=nations[0], a=result.downed_by[0], second=nations[1], b=result.downed_by[1]
            )
            earned = [str(vp) for vp in result.vp]
        else:
            status = _("next") if mission is scores.next_mission else ""
            earned = ["", ""]
        rows.append(
            [
                str(mission.number),
                wording.mission_title(mission.title, mission.number),
                side_cell(mission.nation1, scores.scale),
                side_cell(mission.nation2, scores.scale),
                status,
                *earned,
            ]
        )
    missions_caption = _("Missions")
    if scores.scale > 1:
        missions_caption = _("Missions (Campaign Scaling x{scale})").format(scale=scores.scale)
    totals = scores.totals()
    levels = scores.levels()
    chart_rows = []
    for minimum, level in campaign.victory_chart:
        here = [name for name, own in zip(nations, levels, strict=True) if own == level]
        chart_rows.append(
            [
                _("{points} or more").format(points=minimum),
                wording.campaign_word(level),
                _(", ").join(here),
            ]
        )
    return {
        "title": series.title,
        "sides": nations,
        "finished": series.finished,
        "result": _result(series) if series.finished else None,
        "sections": [
            {
                "caption": missions_caption,
                "header": [
                    _("No."),
                    _("Mission"),
                    nations[0],
                    nations[1],
                    _("Result"),
                    _("{nation} VP").format(nation=nations[0]),
                    _("{nation} VP").format(nation=nations[1]),
                ],
                "rows": rows,
                "current": None if series.finished else series.played,
            },
            {
                "caption": _("Totals"),
                "header": ["", *nations],
                "rows": [
                    [_("Victory Points"), *map(str, totals)],
                    [_("Level"), *map(wording.campaign_word, levels)],
                ],
                "current": None,
            },
            {
                "caption": _("Victory Point chart"),
                "header": [_("Victory Points"), _("Level"), _("Standing")],
                "rows": chart_rows,
                "current": None,
            },
        ],
    }


def _result(series: CampaignSeries) -> str:
    winners = series.winners()
    totals = series.totals()
    if len(winners) > 1:
        return _("The campaign is drawn at {points} VP each.").format(points=totals[0])
    winner = winners[0]
    return _("{nation} wins the campaign, {won} VP to {lost}.").format(
        nation=series.sides[winner], won=totals[winner], lost=totals[1 - winner]
    )
