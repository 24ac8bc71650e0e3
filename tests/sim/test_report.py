"""Reports: statistics against known values, ratings, the ladder check, A/B, figures, files."""

from __future__ import annotations

import csv
import json
import math
from itertools import combinations, pairwise
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.games.down_in_flames.game import DownInFlames
from aerodeck.sim.figures import figures_for, game_figures
from aerodeck.sim.output import write_csv, write_html, write_json
from aerodeck.sim.ratings import rate
from aerodeck.sim.report import check_ladder, compare, full_report, ladder_rung
from aerodeck.sim.runner import SimSpec, play_games, run
from aerodeck.sim.stats import difference_of_rates, paired_difference, wilson


def _played(spec: SimSpec) -> list[dict]:
    """Every outcome of a small run, in index order."""
    return sorted(
        (o for batch in play_games(spec, range(spec.games)) for o in batch),
        key=lambda o: o["index"],
    )


def _outcome(index: int, lineup: list[str], returns: list[float], decisions: int = 10) -> dict:
    return {"index": index, "lineup": lineup, "returns": returns, "decisions": decisions}


def test_paired_difference_matches_a_hand_computation() -> None:
    # differences 1, 0, 1, 0: mean 0.5, sample sd 0.57735, half width 1.96 * 0.57735 / 2
    estimate = paired_difference([1, 1, 1, 1], [0, 1, 0, 1])
    assert estimate.value == pytest.approx(0.5)
    assert estimate.high - estimate.value == pytest.approx(1.959964 * 0.577350 / 2, rel=1e-5)
    with pytest.raises(ValueError, match="same length"):
        paired_difference([1.0], [])


def test_difference_of_rates_is_centred_and_symmetric() -> None:
    estimate = difference_of_rates(wilson(60, 100), wilson(40, 100))
    assert estimate.value == pytest.approx(0.2)
    # sqrt(0.24/100 + 0.24/100) * 1.96 = 0.1358
    assert estimate.high - 0.2 == pytest.approx(0.1358, abs=1e-4)


def test_seat_advantage_is_the_win_rate_above_the_fair_share() -> None:
    outcomes = [_outcome(i, ["a", "b"], [1.0, 0.0]) for i in range(30)]
    report = full_report("aces_versus_aces", outcomes, 2, figures=False)
    assert report["seat_advantage"][0]["value"] == pytest.approx(0.5)
    assert report["seat_advantage"][1]["value"] == pytest.approx(-0.5)


def test_ratings_order_a_league_by_strength() -> None:
    outcomes = [
        _outcome(i, ["a", "b", "c"], [1.0, 0, 0] if i % 3 else [0, 1.0, 0]) for i in range(60)
    ]
    ratings = rate(outcomes)
    assert ratings["a"]["mu"] > ratings["b"]["mu"] > ratings["c"]["mu"]
    assert rate([_outcome(0, ["a", "a"], [1.0, 0.0])]) == {}  # one bot: nothing to rate


def _est(value: float, half: float = 0.05) -> dict[str, float]:
    return {"value": value, "low": value - half, "high": value + half}


@pytest.mark.parametrize(
    ("rates", "held", "separated"),
    [
        ({"random": 0.1, "easy": 0.3, "medium": 0.5, "hard": 0.7}, True, True),
        ({"random": 0.1, "heuristic": 0.5, "hard": 0.47}, True, False),  # not told apart
        ({"random": 0.1, "heuristic": 0.7, "hard": 0.4}, False, False),
        ({"random": 0.6, "heuristic": 0.4}, False, False),
        ({"random": 0.1, "ismcts-easy": 0.3, "ismcts-hard": 0.8}, True, True),
        ({"random": 0.1, "ismcts-easy": 0.3, "heuristic": 0.32}, True, False),
        ({"heuristic": 0.5, "medium": 0.5, "ismcts": 0.9}, None, False),  # one level, 3 names
    ],
)
def test_the_ladder_check(rates: dict[str, float], held: bool | None, separated: bool) -> None:
    result = check_ladder({b: _est(v) for b, v in rates.items()})
    assert result["checked"] is (held is not None)
    assert (result["held"], result["separated"]) == (held, separated)


def test_ismcts_easy_below_heuristic_is_the_documented_ladder_holding() -> None:
    """The red BROKEN of the first ladder check: it placed ``ismcts-*`` on the search rung by
    prefix, above the heuristic; ``ismcts-easy`` is the easy level, below it by design."""
    result = check_ladder({"ismcts-easy": _est(0.2), "heuristic": _est(0.8)})
    assert result["held"] and result["separated"]
    assert "BROKEN" not in result["note"] and "ismcts-easy < heuristic" in result["note"]
    assert ladder_rung("ismcts-easy") == ladder_rung("easy") < ladder_rung("heuristic")  # type: ignore[operator]


def test_a_lower_search_rate_is_never_read_as_the_ladder_in_order() -> None:
    # hard 0.250 and heuristic 0.500 with overlapping intervals: not broken, but the note
    # must say hard came out below, never "heuristic < hard held"
    result = check_ladder({"hard": _est(0.25, 0.2), "heuristic": _est(0.5, 0.2)})
    assert result["held"]
    assert "heuristic < hard" not in result["note"]
    assert "hard below heuristic here, but not significantly" in result["note"]
    assert "0.250" in result["note"] and "0.500" in result["note"]


def test_the_ladder_cannot_be_checked_with_one_rung() -> None:
    result = check_ladder({"heuristic": _est(0.5), "money": _est(0.5)})
    assert not result["checked"] and result["held"] is None
    assert ladder_rung("ismcts-hard") == ladder_rung("hard") == 3 and ladder_rung("money") is None
    assert ladder_rung("heuristic") == ladder_rung("ismcts") == ladder_rung("medium") == 2


def test_the_ladder_reads_strengths_not_rates_when_bots_met_different_opponents() -> None:
    """Four bots, two seats: lineups rotate, so easy meets random and medium while hard meets
    medium and random. Easy's rate (0.55) then tops medium's (0.525), which the rates would read
    as medium not above easy; the Bradley-Terry strengths, fitted on who met whom, order them."""
    pairs = {("random", "easy"): 0.2, ("easy", "medium"): 0.3, ("medium", "hard"): 0.35}
    pairs[("hard", "random")] = 1.0
    outcomes = []
    for (a, b), share in pairs.items():
        for k in range(100):
            won = k < share * 100
            outcomes.append(_outcome(len(outcomes), [a, b], [1.0, 0.0] if won else [0.0, 1.0]))
    report = full_report("", outcomes, 2, figures=False)
    rates = {b: e["value"] for b, e in report["bots"].items()}
    assert rates["easy"] > rates["medium"]  # what the rates alone would get wrong
    ladder = report["ladder"]
    assert ladder["measure"] == "strength (Elo), difference of the pair"
    assert ladder["held"] and ladder["separated"], ladder["note"]


def _league(results: dict[tuple[str, str], tuple[int, int]]) -> list[dict[str, Any]]:
    """Two-seat games: for each pair, (games the first bot won, games played), seats rotated."""
    outcomes: list[dict[str, Any]] = []
    for (a, b), (won, games) in results.items():
        for k in range(games):
            lineup, returns = ([a, b], [1.0, 0.0]) if k < won else ([a, b], [0.0, 1.0])
            if k % 2:
                lineup, returns = lineup[::-1], returns[::-1]
            outcomes.append(_outcome(len(outcomes), lineup, returns))
    return outcomes


def test_the_ladder_tells_a_pair_apart_by_the_interval_of_its_difference() -> None:
    """Air Racing's table (docs/bots.md): hard beat medium 158 of 200 head to head, but medium
    won nearly every game against random and easy, so its own interval is wide and overlapped
    hard's. The pair's difference, with its interval from the fit's covariance, separates them;
    the two intervals' overlap (the check before 2026-11-26) did not."""
    results = {
        ("easy", "random"): (193, 200),
        ("medium", "random"): (200, 200),
        ("hard", "random"): (30, 30),
        ("medium", "easy"): (199, 200),
        ("hard", "easy"): (30, 30),
        ("hard", "medium"): (158, 200),
    }
    report = full_report("", _league(results), 2, figures=False)
    fit = report["strengths"]
    assert fit["hard"]["low"] < fit["medium"]["high"]  # the overlap the old check read
    gap = next(g for g in report["strength_gaps"] if g["bots"] == ["hard", "medium"])
    assert gap["high"] < 0 < -gap["low"]  # medium is clearly below hard: 0 outside the interval
    ladder = report["ladder"]
    assert ladder["held"] and ladder["separated"], ladder["note"]
    assert "medium < hard" in ladder["note"] and "hard by +" in ladder["note"]
    without = check_ladder(report["bots"], fit)  # an old summary without the differences
    assert without["held"] and not without["separated"]


def test_the_difference_of_two_bots_has_the_binomial_interval() -> None:
    """Two bots only: the fitted difference is the logit of the share (pulled in a little by the
    prior draws), its standard error 1 / sqrt(n p (1 - p)) on the log scale."""
    from aerodeck.sim.ratings import ELO, Strengths

    fit = Strengths()
    for outcome in _league({("a", "b"): (130, 200)}):
        fit.add(outcome["lineup"], outcome["returns"])
    (gap,) = fit.gaps()
    assert gap["bots"] == ["a", "b"]
    p = 131 / 202  # the prior's half win each side against the average bot, roughly
    assert -gap["elo"] == pytest.approx(ELO * math.log(p / (1 - p)), rel=0.05)
    half = (gap["high"] - gap["low"]) / 2
    assert half == pytest.approx(ELO * 1.96 / math.sqrt(200 * 0.65 * 0.35), rel=0.05)


def test_a_saved_match_rebuilds_the_fit_from_its_counts() -> None:
    from aerodeck.sim.ratings import Strengths

    outcomes = _league({("a", "b"): (70, 100), ("b", "c"): (55, 100), ("a", "c"): (41, 60)})
    games, counts = Strengths(), Strengths()
    for outcome in outcomes:
        games.add(outcome["lineup"], outcome["returns"])
    counts.add_pair("b", "a", 30, 100)  # either order
    counts.add_pair("b", "c", 55, 100)
    counts.add_pair("a", "c", 41, 60)
    rebuilt, fitted = counts.result(), games.result()
    assert all(rebuilt[bot] == pytest.approx(fitted[bot]) for bot in "abc")
    assert [g["bots"] for g in counts.gaps()] == [["a", "b"], ["a", "c"], ["b", "c"]]


def test_bradley_terry_recovers_known_strengths_from_a_round_robin() -> None:
    """Games drawn from known strengths (Elo -300, -100, 0, +150, +250: a round-robin of 300
    games a pair, seeded): the fit puts every bot within its 95% interval of the truth and
    within 40 Elo of it, in the true order, and tells the closest pair (100 Elo) apart."""
    import random

    from aerodeck.sim.ratings import ELO, Strengths

    truth = {"a": -300.0, "b": -100.0, "c": 0.0, "d": 150.0, "e": 250.0}
    centre = sum(truth.values()) / len(truth)
    rng = random.Random(33)
    fit = Strengths()
    for (a, ea), (b, eb) in combinations(truth.items(), 2):
        p = 1 / (1 + math.exp((eb - ea) / ELO))
        fit.add_pair(a, b, sum(rng.random() < p for _ in range(300)), 300)
    found = fit.result()
    for bot, elo in truth.items():
        assert found[bot]["low"] < elo - centre < found[bot]["high"], bot
        assert found[bot]["elo"] == pytest.approx(elo - centre, abs=40), bot
    assert sorted(found, key=lambda bot: found[bot]["elo"]) == list(truth)
    gap = next(g for g in fit.gaps() if g["bots"] == ["b", "c"])
    assert gap["low"] > 0


def test_compare_pairs_games_by_index() -> None:
    first = [_outcome(i, ["a", "b"], [1.0, 0.0], 10) for i in range(4)]
    second = [_outcome(i, ["a", "b"], [0.0, 1.0] if i < 2 else [1.0, 0.0], 14) for i in range(4)]
    result = compare(first, second, 2)
    assert result["games"] == 4
    assert result["differences"]["win share of a"]["value"] == pytest.approx(-0.5)
    assert result["differences"]["game length"]["value"] == pytest.approx(4.0)
    assert result["differences"]["game length"]["low"] == pytest.approx(4.0)


def test_every_game_with_figures_declares_them_and_others_have_none() -> None:
    for game_id in ("race_to_ace", "ace_race", "air_racing", "down_in_flames"):
        assert game_figures(game_id)
    assert game_figures("aces_versus_aces") == ()
    outcomes = _played(SimSpec("aces_versus_aces", 2, ("heuristic", "random"), 4, seed=1))
    assert figures_for("aces_versus_aces", outcomes) == []


def test_air_racing_counts_buys_per_card_from_the_records() -> None:
    outcomes = _played(SimSpec("air_racing", 2, ("heuristic", "random"), 4, seed=2))
    (figure,) = figures_for("air_racing", outcomes)
    bought = sum(text.startswith("buy ") for o in outcomes for text in o["record"]["actions"])
    assert sum(figure.counts) == bought > 0
    assert all(0 <= e.value <= 1 for e in figure.win_rates)
    # Outcomes without the runner's seats (older files) give the same figure by replaying.
    replayed = [{k: v for k, v in o.items() if k != "seats"} for o in outcomes]
    assert figures_for("air_racing", replayed) == [figure]


def test_the_runners_tally_gives_the_report_of_its_games(tmp_path: Path) -> None:
    spec = SimSpec("down_in_flames", 2, ("heuristic", "random"), 6, seed=3)
    tally = run(spec, jobs=2, out=tmp_path)
    games = [json.loads(x) for x in (tmp_path / "games.jsonl").read_text().splitlines()]
    assert tally.report() == full_report("down_in_flames", games, 2)


def test_report_files_json_csv_and_self_contained_html(tmp_path: Path) -> None:
    outcomes = _played(SimSpec("down_in_flames", 2, ("heuristic", "random"), 6, seed=3))
    report = full_report("down_in_flames", outcomes, 2)
    report["spec"] = {"game": "down_in_flames"}
    write_json(report, tmp_path / "summary.json")
    write_csv(report, tmp_path / "report.csv")
    write_html(report, tmp_path / "report.html", png_folder=tmp_path / "plots")
    assert json.loads((tmp_path / "summary.json").read_text())["games"] == 6
    rows = list(csv.DictReader((tmp_path / "report.csv").open()))
    tables = {r["table"] for r in rows}
    flown = next(r for r in report["figures"] if r["key"] == "aircraft")["rows"]
    game = aerodeck.make("down_in_flames")
    assert isinstance(game, DownInFlames)
    aircraft = {a.name for a in game.data.aircraft}
    assert all(r["name"] in aircraft and r["name"] != r["choice"] for r in flown), flown
    assert {
        "bot win rate",
        "seat advantage",
        "openskill mu",
        "Aircraft flown (chooser win rate)",
    } <= tables
    assert {"strength (Elo scale, Bradley-Terry)", "strength difference (Elo scale)"} <= tables
    mu = next(r for r in rows if r["table"] == "openskill mu" and r["name"] == "heuristic")
    assert mu["n"] == str(report["bots"]["heuristic"]["n"])  # the bot's seat-games
    sigma = report["ratings"]["heuristic"]["sigma"]
    assert float(mu["high"]) - float(mu["value"]) == pytest.approx(1.959964 * sigma)
    page = (tmp_path / "report.html").read_text()
    assert page.count("<svg") == 4 and "src=" not in page  # plots inline, nothing fetched
    assert (tmp_path / "plots" / "aircraft.png").stat().st_size > 0


def test_strength_fit_does_not_depend_on_the_order_of_the_games() -> None:
    from aerodeck.sim.ratings import strengths

    # b wins the first 27 games, a the last 33: a sequential rating leans to the late winner,
    # the fit over all games only counts them
    outcomes = [
        _outcome(i, ["a", "b"] if i % 2 else ["b", "a"], [0.0, 1.0] if i % 2 else [1.0, 0.0])
        for i in range(27)
    ] + [
        _outcome(i, ["a", "b"] if i % 2 else ["b", "a"], [1.0, 0.0] if i % 2 else [0.0, 1.0])
        for i in range(27, 60)
    ]
    fit = strengths(outcomes)
    assert fit["a"]["elo"] > fit["b"]["elo"]  # a won 33 of 60
    backwards = strengths(list(reversed(outcomes)))
    assert all(backwards[b] == pytest.approx(fit[b]) for b in fit)
    # 33 of 60 is 0.55: logit 0.2007 on the Elo scale, split evenly about 0 (the prior draw
    # pulls it in a little)
    assert fit["a"]["elo"] - fit["b"]["elo"] == pytest.approx(400 / 2.302585 * 0.2007, rel=0.05)
    assert fit["a"]["low"] < fit["a"]["elo"] < fit["a"]["high"]


def test_a_bot_that_won_every_game_has_a_finite_strength() -> None:
    from aerodeck.sim.ratings import strengths

    fit = strengths([_outcome(i, ["a", "b"], [1.0, 0.0]) for i in range(20)])
    assert 0 < fit["a"]["elo"] < 1000 and fit["b"]["elo"] == pytest.approx(-fit["a"]["elo"])


def test_race_to_ace_cards_played_counts_every_card_kind_played() -> None:
    figure_picks = game_figures("race_to_ace")[0].pick
    for move in ("malfunction", "relight", "hotstick", "goldenbird", "guns 2", "maneuver V1>2"):
        assert figure_picks(move) == move.split()[0]
    assert figure_picks("discard guns") is None and figure_picks("pass") is None


def test_the_html_report_reads_as_a_report(tmp_path: Path) -> None:
    from aerodeck.sim.output import length_bins

    spec = SimSpec("race_to_ace", 3, ("heuristic", "random"), 30, 5, {})
    report = full_report("race_to_ace", _played(spec), 3)
    report["spec"] = {"game": "race_to_ace", "bots": ["heuristic", "random"], "seed": 5}
    page = tmp_path / "r.html"
    write_html(report, page, tmp_path / "plots")
    text = page.read_text()
    body = text[text.index("<h1>") :]
    assert body.startswith("<h1>Race to Ace: heuristic, random, 30 games</h1>")
    summary = body[body.index("<p class='summary'>") : body.index("</p>")]
    assert "30 games of Race to Ace for 3 players" in summary and "won" in summary
    assert "<pre>" not in text  # no raw JSON block
    assert text.index("<h2>Settings</h2>") > text.index("<h2>Seats</h2>")
    assert "fair share 0.333" in text  # the dashed line is labelled in the plots
    assert "Seat-games differ because" in text  # heuristic holds two seats of three
    assert "<figcaption>" in text and (tmp_path / "plots" / "length.png").exists()
    # equal-width bins on whole numbers: no bin catches one value more than its neighbours
    edges = length_bins([(10, 1), (11, 3), (40, 2)])
    widths = {round(b - a, 6) for a, b in pairwise(edges)}
    assert len(widths) == 1 and edges[0] == 9.5 and edges[-1] >= 40.5
    assert all(float(e - 0.5).is_integer() for e in edges)


def test_the_seat_games_note_says_why_counts_differ_with_more_bots_than_seats() -> None:
    from aerodeck.sim.output import seat_games_note

    def report(bots: list[str], counts: list[int], players: int) -> dict[str, Any]:
        return {
            "bots": {b: {"n": n} for b, n in zip(bots, counts, strict=True)},
            "players": players,
            "spec": {"bots": bots},
        }

    three = seat_games_note(report(["medium", "random", "easy"], [133, 133, 134], 2))
    assert "seats 2 of the 3 bots" in three and "not a multiple of 3" in three
    filled = seat_games_note(report(["medium", "random"], [400, 200], 3))
    assert "(medium, random, medium)" in filled
    assert seat_games_note(report(["medium", "random"], [200, 200], 2)) == ""
