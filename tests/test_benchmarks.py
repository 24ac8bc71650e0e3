"""Every benchmark the docs cite still runs, on a tiny budget, in its own process; where a script
reports a verdict (the fuzz finds nothing undocumented, the value fit beats a constant), the
verdict is checked. The figures themselves live in the docs, not in assertions."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path

import pytest

import aerodeck
from tests.benchmark_runs import read_json, run_benchmark

pytestmark = pytest.mark.slow

# script and arguments small enough for a test; the output line that shows it did the work
TINY_RUNS = [
    (["ace_race_bot", "2"], "heuristic wins"),
    (["air_racing_bots", "2"], "random playouts"),
    (["down_in_flames_bot", "2"], "heuristic vs random"),
    (["down_in_flames_teams", "2", "1", "3"], "wins"),
    (["down_in_flames_balance", "1"], "Spearman rank correlation"),
    (["down_in_flames_campaign", "1", "1"], "totals"),
    (["race_to_ace_bot", "--games", "2"], "heuristic wins"),
]


@pytest.mark.parametrize(("argv", "shown"), TINY_RUNS, ids=[argv[0] for argv, _ in TINY_RUNS])
def test_a_bot_figure_script_runs(argv: list[str], shown: str) -> None:
    assert shown in run_benchmark(*argv).stdout


def test_the_playout_benchmark_measures_every_game(tmp_path: Path) -> None:
    out = tmp_path / "playouts.json"
    run_benchmark("playouts", "--seconds", "0.05", "--states", "3", "--json", str(out))
    rows = read_json(out)["rows"]
    assert {row["game"] for row in rows} == {info.id for info in aerodeck.list_games()}
    assert all(row["games_per_s"] > 0 and row["clone_us"] > 0 for row in rows)


def test_comparing_a_tree_with_itself_prints_a_ratio_per_row() -> None:
    src = str(Path(aerodeck.__file__).resolve().parents[1])
    printed = run_benchmark(
        "compare_trees", src, src, "--games", "2", "--rounds", "1", "--only", "aces_versus_aces"
    ).stdout
    rows = [line.split() for line in printed.splitlines()[1:]]
    assert [row[0] for row in rows] == [
        "aces_versus_aces/2",
        "aces_versus_aces/3",
        "aces_versus_aces/4",
    ]
    assert all(float(row[3]) > 0 for row in rows)


def test_the_fuzz_refuses_every_hostile_input_with_a_documented_error(tmp_path: Path) -> None:
    out = tmp_path / "fuzz.json"
    run_benchmark("fuzz", "--inputs", "300", "race_to_ace", "air_racing", "--json", str(out))
    result = read_json(out)
    assert [row["game"] for row in result["rows"]] == ["air_racing", "race_to_ace"]
    assert result["total_inputs"] == 600 and result["total_undocumented"] == 0
    assert all(sum(row["refused"].values()) > 0 for row in result["rows"])


def test_the_peer_benchmark_runs_and_names_the_peers_it_skips(tmp_path: Path) -> None:
    out = tmp_path / "peers.json"
    run_benchmark("peers", "--fast", "--json", str(out))
    result = read_json(out)
    assert {row["name"] for row in result["ismcts"]} == {row["name"] for row in result["ours"]}
    assert [row["jobs"] for row in result["simulator"]][:1] == [1]
    assert {row["side"] for row in result["memory"]} == {
        "memory-engine",
        "memory-runner",
        "memory-runner-j2",
    }
    sides = {row["side"] for row in result["peers"]}
    if importlib.util.find_spec("pyspiel") is None:
        assert "openspiel-py-loop" not in sides
        assert any("OpenSpiel" in line for line in result["skipped"])
    if importlib.util.find_spec("rlcard") is None:
        assert "rlcard-bare" not in sides
        assert any("RLCard" in line for line in result["skipped"])


def test_the_uno_same_run_check_runs_or_names_the_missing_peer(tmp_path: Path) -> None:
    out = tmp_path / "rates.json"
    done = run_benchmark("uno_same_run", "0.01", str(out), check=False)
    if importlib.util.find_spec("rlcard") is None:
        assert done.returncode != 0 and "RLCard is not installed" in done.stderr
        return
    assert done.returncode == 0, done.stderr
    assert "uno-2" in read_json(out)


def test_the_strength_table_plays_every_pair_of_levels(tmp_path: Path) -> None:
    """Without ``hard`` (its search takes most of a minute a game here; tests/agents plays it)."""
    out = tmp_path / "strength.json"
    small = ["--games", "2", "--search-games", "1", "--moves", "2", "--jobs", "1"]
    levels = ["--level", "random", "--level", "easy", "--level", "medium"]
    run_benchmark("strength", *small, "--json", str(out), "--game", "race_to_ace", *levels)
    result = read_json(out)
    assert sorted(r["match"] for r in result["rows"]) == [
        "easy vs random",
        "medium vs easy",
        "medium vs random",
    ]
    assert all(r["command"].startswith("aerodeck simulate race-to-ace") for r in result["rows"])
    assert {t["level"] for t in result["timing"]} == {"easy", "medium"}
    rendered = run_benchmark("strength", "--render", str(out)).stdout
    assert "| race_to_ace | medium vs easy | 2 |" in rendered


def test_the_round_robin_plays_every_pair_in_rounds_and_rates_them(tmp_path: Path) -> None:
    """Two rounds of 2 games of every pair (the cheap bots: the search levels and IS-MCTS play
    in tests/agents and tests/rl), the rounds summed per pair, strengths and timings rendered."""
    out = tmp_path / "round-robin.json"
    bots = ["--bot", "easy", "--bot", "medium", "--bot", "random"]
    small = ["--games", "2", "--rounds", "2", "--seed", "5", "--moves", "2", "--game", "ace_race"]
    run_benchmark("round_robin", *small, *bots, "--json", str(out))
    result = read_json(out)
    assert sorted((r["bots"][0], r["bots"][1], r["seed"]) for r in result["rows"]) == [
        (first, second, seed)
        for first, second in (("medium", "easy"), ("random", "easy"), ("random", "medium"))
        for seed in (5, 6)
    ]
    assert all(r["command"].startswith("aerodeck simulate ace-race") for r in result["rows"])
    assert {t["level"] for t in result["timing"]} == {"easy", "medium", "random"}
    rendered = run_benchmark("round_robin", "--render", str(out)).stdout
    assert "| ace_race | medium vs easy | 4 | 5-6 |" in rendered
    assert "| ace_race | easy " in rendered and "Bradley-Terry" in rendered
    earlier = tmp_path / "earlier.json"  # another session's run: the same pairs on other seeds
    shifted = [{**r, "seed": r["seed"] + 10} for r in result["rows"]]
    earlier.write_text(json.dumps({"rows": shifted}))
    both = run_benchmark("round_robin", "--render", str(out), "--with-run", str(earlier)).stdout
    assert "| ace_race | medium vs easy | 8 | 5-6, 15-16 |" in both


def test_the_race_to_ace_value_fit_beats_a_constant() -> None:
    """The fit that gives ``race_to_ace.bot.WEIGHTS``: on a few games it already predicts held-out
    results better than the base rate (within noise)."""
    printed = run_benchmark("race_to_ace_value", "--games", "20", "--test-games", "10").stdout
    result, _ = json.JSONDecoder().raw_decode(printed)
    assert result["positions"] > 200
    assert result["test_log_loss"] < result["test_log_loss_constant"] + 0.2


def test_the_deep_disagreements_study_judges_each_kind_of_decision() -> None:
    """The study behind Air Racing's searched phases: every decision judged, grouped by phase."""
    tiny = ["air_racing", "--games", "1", "--worlds", "2", "--jobs", "1"]
    result = json.loads(run_benchmark("deep_disagreements", *tiny).stdout)
    assert {"buy", "altitude"} <= set(result["phases"])
    assert all(p["decisions"] >= p["clear_mistakes"] >= 0 for p in result["phases"].values())


SMALL_HARD = 'hard:{"worlds": 2, "min_worlds": 2, "budget": 300}'


def test_the_expert_screening_match_rotates_seats_and_scores_the_challenger() -> None:
    """benchmarks/expert_match at two games: a ``hard:{json}`` setting against ``medium``."""
    from benchmarks.expert_match import main as match

    result = match(["ace_race", "--bot", SMALL_HARD, "--against", "medium", "--games", "2"])
    assert result["games"] == 2 and result["bot"] == SMALL_HARD
    low, high = result["interval"]
    assert 0 <= low <= result["share"] <= high <= 1
    assert result["cpu_max_ms"] >= result["cpu_mean_ms"] > 0


def test_the_expert_regret_measures_each_bot_against_the_oracle(tmp_path: Path) -> None:
    """benchmarks/expert_regret at two positions: the oracle's best move is among those it
    values, so no bot's move (nor the heuristic's) can beat it: every regret is >= 0."""
    from benchmarks.expert_regret import main as regret

    out = tmp_path / "regret.json"
    args = ["ace_race", "--bot", "medium", "--bot", SMALL_HARD, "--positions", "2"]
    regret([*args, "--worlds", "4", "--share", "1", "--json", str(out)])
    result = read_json(out)
    assert result["positions"] == 2
    summary = result["summary"]
    assert summary["heuristic"]["mean_regret"] >= 0
    assert summary["medium"]["mean_regret"] >= 0 and summary[SMALL_HARD]["mean_regret"] >= 0
    assert summary["medium"]["deviates"] == 0  # medium is the heuristic: it never deviates
