"""The strength benchmark (benchmarks/strength.py) runs; its numbers live in docs/bots.md."""

from __future__ import annotations

from benchmarks.strength import main, markdown, matches


def test_every_pair_of_levels_is_a_match_and_search_plays_fewer_against_the_weakest() -> None:
    pairs = matches(["random", "easy", "medium", "hard"], 200, 30)
    assert len(pairs) == 6
    assert ("hard", "medium", 200) in pairs and ("hard", "random", 30) in pairs
    assert ("medium", "easy", 200) in pairs


def test_the_strength_benchmark_runs(tmp_path) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "strength.json"
    small = ["--games", "2", "--search-games", "1", "--moves", "2", "--jobs", "1"]
    levels = ["--level", "random", "--level", "medium", "--level", "hard"]
    result = main([*small, "--json", str(out), "--game", "race_to_ace", *levels])
    assert [r["match"] for r in result["rows"]] == [
        "medium vs random",
        "hard vs random",
        "hard vs medium",
    ]
    assert all(r["command"].startswith("aerodeck simulate race-to-ace") for r in result["rows"])
    assert {t["level"] for t in result["timing"]} == {"medium", "hard"}
    assert all(t["mean_ms"] > 0 for t in result["timing"])
    assert result["ladders"][0]["ladder"]["checked"]
    assert out.exists()
    assert "| race_to_ace | hard vs medium | 2 |" in markdown(main(["--render", str(out)]))


def test_the_hard_settings_benchmark_runs() -> None:
    from benchmarks.hard_settings import main as try_settings

    result = try_settings(
        ["race_to_ace", '{"worlds": 2, "horizon": 4}', "--games", "2", "--jobs", "1"]
    )
    assert result["games"] == 2 and 0.0 <= result["win_share"]["value"] <= 1.0
    assert 0 < result["cpu_ms_a_move"] <= result["cpu_ms_max"]


def test_the_deep_disagreements_benchmark_runs() -> None:
    from benchmarks.deep_disagreements import main as disagreements

    result = disagreements(["air_racing", "--games", "1", "--worlds", "2", "--jobs", "1"])
    phases = result["phases"]
    assert {"buy", "altitude"} <= set(phases)
    assert all(p["decisions"] >= p["clear_mistakes"] >= 0 for p in phases.values())
