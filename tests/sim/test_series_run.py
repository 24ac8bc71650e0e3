"""Whole campaigns flown by the simulator (sim.series_run, `simulate --campaigns`): the same
series as the series runner flies one at a time, any job count, the report's Wilson intervals,
and a run kept through an interrupt and resumed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.core.errors import ConfigError
from aerodeck.core.rng import derive_seed
from aerodeck.sim.campaign import play_campaign
from aerodeck.sim.runner import SimSpec
from aerodeck.sim.series_run import SERIES_FILE, fly_one, run_series
from aerodeck.sim.stats import wilson
from tests.cli.test_app import run_cli

YOM_KIPPUR = "1973 Yom Kippur War"
INDIA_PAKISTAN = "1965 India-Pakistan War"


def spec(campaign: str, count: int, bots: tuple[str, ...] = ("medium",)) -> SimSpec:
    game = aerodeck.make("down_in_flames", 2, campaign=campaign)
    return SimSpec(game.id, 2, bots, count, 11, game.options)


def test_a_campaign_of_the_run_is_the_series_runner_s() -> None:
    run = spec(YOM_KIPPUR, 2, ("medium", "heuristic"))
    outcome = fly_one(run, 1)
    assert outcome["lineup"] == ["heuristic", "medium"]  # rotated: every bot flies every side
    game = aerodeck.make("down_in_flames", 2, campaign=YOM_KIPPUR)
    lineup = outcome["lineup"]
    series = play_campaign(
        game, lambda g, seat, s: make_agent(lineup[seat], g, s), derive_seed(11, 1)
    )
    assert outcome["series"] == series.to_json()
    assert outcome["totals"] == list(series.totals())
    assert outcome["levels"] == list(series.levels())


def test_the_report_counts_wins_with_wilson_intervals() -> None:
    report = run_series(spec(INDIA_PAKISTAN, 12)).report()
    outcomes = [fly_one(spec(INDIA_PAKISTAN, 12), i) for i in range(12)]
    assert report["campaigns"] == 12
    for side, row in enumerate(report["sides"]):
        won = sum(1 / len(o["winners"]) for o in outcomes if side in o["winners"])
        assert row["win_rate"] == wilson(won, 12).as_dict()
        assert row["total"]["value"] == pytest.approx(sum(o["totals"][side] for o in outcomes) / 12)
        assert sum(row["levels"].values()) == 12
    rates = [row["win_rate"]["value"] for row in report["sides"]]
    assert sum(rates) == pytest.approx(1.0)
    assert 0 <= report["sides"][0]["win_rate"]["low"] <= rates[0]


def test_the_report_does_not_depend_on_the_job_count() -> None:
    one = run_series(spec(INDIA_PAKISTAN, 8), jobs=1).report()
    two = run_series(spec(INDIA_PAKISTAN, 8), jobs=2).report()
    assert one == two


def test_an_interrupted_run_resumes_and_an_edited_line_is_refused(tmp_path: Path) -> None:
    run = spec(INDIA_PAKISTAN, 6)
    whole = run_series(run).report()
    out = tmp_path / "run"
    finished: list[int] = []

    def interrupt_after_three(count: int) -> None:
        finished.append(count)
        if sum(finished) == 3:
            raise KeyboardInterrupt  # Ctrl-C after the third campaign

    with pytest.raises(KeyboardInterrupt):
        run_series(run, out=out, on_progress=interrupt_after_three)
    assert len((out / SERIES_FILE).read_text().splitlines()) == 3
    with (out / SERIES_FILE).open("a") as lines:
        lines.write('{"index": 3, "tor')  # a crash while writing the fourth
    assert run_series(run, out=out, resume=True).report() == whole
    assert len((out / SERIES_FILE).read_text().splitlines()) == 6
    edited = (out / SERIES_FILE).read_text().splitlines()
    first = json.loads(edited[0])
    first["totals"] = [999, 0]
    (out / SERIES_FILE).write_text("\n".join([json.dumps(first), *edited[1:]]) + "\n")
    with pytest.raises(ConfigError, match="line 1 is not the campaign its bots fly"):
        run_series(run, out=out, resume=True)


def test_simulate_campaigns_reports_each_side(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["simulate", "down-in-flames", "-v", f"campaign={INDIA_PAKISTAN}"]
    code, out, _ = run_cli([*args, "--campaigns", "4", "--bots", "medium", "--json"], capsys)
    assert code == 0
    report = json.loads(out)
    assert [row["side"] for row in report["sides"]] == ["Pakistan", "India"]
    assert report["campaigns"] == 4 and report["spec"]["campaigns"] == 4
    code, _, err = run_cli(["simulate", "down-in-flames", "--campaigns", "4"], capsys)
    assert code == 2 and "no campaign" in err and INDIA_PAKISTAN in err
    assert err.strip().count("\n") == 0
