"""A campaign as a series of games (core.series): flown mission by mission, stored as plain
data and rebuilt, and its sheet in words showing nothing a nation keeps secret."""

from __future__ import annotations

import json

import pytest

import aerodeck
from aerodeck.agents import RandomAgent
from aerodeck.core.errors import ConfigError
from aerodeck.core.series import play_series
from aerodeck.games.down_in_flames.campaign import CampaignSeries
from aerodeck.sim.match import play

YOM_KIPPUR = "1973 Yom Kippur War"


def campaign(**options: object) -> CampaignSeries:
    series = aerodeck.make("down_in_flames", 2, campaign=YOM_KIPPUR, **options).series()
    assert isinstance(series, CampaignSeries)
    return series


def with_vp(series: CampaignSeries, vps: list[tuple[int, int]]) -> CampaignSeries:
    """The series with its first missions scored as ``vps`` (the rulebook's totals example)."""
    data = {
        "format": "aerodeck-series",
        "results": [
            {"number": n, "downed_by": [0, 0], "vp": list(vp)} for n, vp in enumerate(vps, 1)
        ],
    }
    return series.game.series_from_json(data)


def test_a_campaign_is_its_missions_in_order() -> None:
    series = campaign()
    assert series.title == YOM_KIPPUR and series.sides == ("Israel", "Egypt")
    assert (series.played, series.length, series.finished) == (0, 6, False)
    first = series.next_game()
    assert first is not None and first.options["mission"] == 1
    state = play(first.new_game(seed=5), [RandomAgent(first, 1), RandomAgent(first, 2)])
    series = series.record(state)
    assert series.played == 1 and series.totals() == series.scores.results[0].vp
    second = series.next_game()
    assert second is not None and second.options["mission"] == 2
    with pytest.raises(ConfigError, match="finished"):
        series.record(second.new_game(seed=1))


def test_ruling_R64_the_higher_campaign_total_wins() -> None:
    """The rulebook's totals: Israel 224 (Tactical), Egypt 262 (Operational): Egypt wins."""
    israel = [24, 82, 0, 39, 16, 63]
    egypt = [0, 39, 66, 76, 24, 57]
    series = with_vp(campaign(), list(zip(israel, egypt, strict=True)))
    assert series.finished and series.totals() == (224, 262)
    assert series.winners() == [1]
    assert series.sheet()["result"] == "Egypt wins the campaign, 262 VP to 224."
    drawn = with_vp(campaign(), [(10, 10)] * 6)
    assert drawn.winners() == [0, 1]
    assert with_vp(campaign(), [(10, 10)] * 5).winners() == []


def test_a_stored_campaign_rebuilds_the_same_series() -> None:
    series = play_series(campaign(scale=2), play, lambda g, s, seed: RandomAgent(g, seed), 7)
    data = json.loads(json.dumps(series.to_json()))
    again = series.game.series_from_json(data)
    assert again.to_json() == series.to_json() and again.totals() == series.totals()
    assert again.sheet() == series.sheet()


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"results": []}, "not a saved campaign"),
        ({"format": "aerodeck-series", "results": "x"}, "not a saved campaign"),
        ({"format": "aerodeck-series", "results": [{"number": 1}]}, "unreadable"),
        (
            {
                "format": "aerodeck-series",
                "results": [{"number": 2, "downed_by": [0, 0], "vp": [0, 0]}],
            },
            "does not fit",
        ),
        ({"format": "aerodeck-series", "results": [{}] * 7}, "has 6 missions"),
    ],
)
def test_a_corrupt_saved_campaign_is_refused_in_one_line(data: dict, message: str) -> None:
    with pytest.raises(ConfigError, match=message) as refused:
        campaign().game.series_from_json(data)
    assert "\n" not in str(refused.value)


def test_the_sheet_shows_the_missions_the_totals_and_the_chart() -> None:
    series = with_vp(campaign(), [(24, 46)])
    sheet = series.sheet()
    assert sheet["title"] == YOM_KIPPUR and sheet["sides"] == ["Israel", "Egypt"]
    missions, totals, chart = sheet["sections"]
    assert missions["current"] == 1 and len(missions["rows"]) == 6
    first = missions["rows"][0]
    assert first[1] == "SA-7 Site" and first[5:] == ["24", "46"]
    assert first[2].startswith("1 x Mirage IIICJ; mission VP 47")
    assert "2 x MiG-17F; mission VP 46; sites: SA-7" in first[3]
    assert missions["rows"][1][4] == "next"
    assert totals["rows"] == [["Victory Points", "24", "46"], ["Level", "Defeat", "Defeat"]]
    assert [row[2] for row in chart["rows"]] == ["Israel, Egypt", "", "", ""]
    scaled = campaign(scale=3).sheet()["sections"][0]
    assert scaled["caption"] == "Missions (Campaign Scaling x3)"
    assert scaled["rows"][0][2].startswith("3 x Mirage IIICJ")


def test_the_sheet_never_shows_which_skill_a_nation_took() -> None:
    """With skills, each nation secretly takes one of its options (§17.2): the sheet lists the
    options, as the printed campaign sheet does, and is the same whichever was taken."""
    sheets = set()
    for seed in range(4):
        series = play_series(campaign(skills=True), play, lambda g, s, sd: RandomAgent(g, sd), seed)
        rows = series.sheet()["sections"][0]["rows"]
        sheets.add(json.dumps([row[:4] for row in rows]))
    assert len(sheets) == 1
    assert "Eagle Eyes or Fighter Pilot" in json.loads(sheets.pop())[0][2]
