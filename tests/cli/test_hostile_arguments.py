"""Command-line arguments a careless or hostile hand types: a 5,000-character name is quoted by
its first 40 characters, and a seed outside 0..2**63-1 is refused, on every command that takes
one; each in one line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aerodeck
from aerodeck.core.errors import EXCERPT_CHARS
from tests.cli.test_app import run_cli

LONG = "x" * 5000
# a store nobody listens on: should a check be missing, serve fails at its store probe in one
# line of another message instead of serving
NO_STORE = ["--port", "1", "--database", "postgresql+asyncpg://user:pw@127.0.0.1:1/db"]


def _one_line(args: list[str], capsys: pytest.CaptureFixture[str]) -> str:
    code, _, err = run_cli(args, capsys)
    err = err.strip()  # simulate's progress display ends with a blank line
    assert code == 2, err
    assert err.startswith("error: ") and "\n" not in err, err
    return err


@pytest.mark.parametrize(
    "args",
    [
        ["play", "ace-race", "--bots", LONG],
        ["simulate", "ace-race", "-n", "1", "--bots", f"random,{LONG}"],
        ["play", LONG],
        ["play", "race-to-ace", "-v", f"{LONG}=1"],
        ["play", "race-to-ace", "-v", f"wingmen={LONG}"],
        ["play", "race-to-ace", "-v", LONG],
        ["play", "down-in-flames", "--data-file", f"{LONG}=data.toml"],
        ["simulate", "race-to-ace", "-n", "1", "--compare", f"{LONG}=1"],
        ["simulate", "ace-race", "-n", "1", "--backend", LONG],
        ["connect", f"http://127.0.0.1:1/t/abc#seat={LONG}"],
        ["serve", *NO_STORE[:2], "--database", f"mysql://{LONG}"],
        ["serve", *NO_STORE, "--log-level", LONG],
    ],
    ids=[
        "play-bots",
        "simulate-bots",
        "game",
        "variant-key",
        "variant-value",
        "variant-without-value",
        "data-file-key",
        "compare-key",
        "backend",
        "connect-seat",
        "serve-database",
        "serve-log-level",
    ],
)
def test_a_long_argument_is_quoted_by_its_first_40_characters(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    err = _one_line(args, capsys)
    assert "x" * (EXCERPT_CHARS + 1) not in err and "xxxx'..." in err  # the cut quote
    assert len(err) < 400


OUT_OF_RANGE = ["-1", str(2**63)]


@pytest.mark.parametrize("seed", OUT_OF_RANGE)
@pytest.mark.parametrize(
    "command",
    [
        ["play", "ace-race", "--seed"],
        ["simulate", "ace-race", "-n", "1", "--seed"],
        ["serve", *NO_STORE, "--table-seed"],
    ],
    ids=["play", "simulate", "serve"],
)
def test_a_seed_outside_the_range_is_refused(
    command: list[str], seed: str, capsys: pytest.CaptureFixture[str]
) -> None:
    err = _one_line([*command, seed], capsys)
    assert err == f"error: a seed is a whole number from 0 to 2**63-1, not {seed}"


def test_simulate_refuses_the_seed_before_it_writes_a_run(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    _one_line(["simulate", "ace-race", "-n", "1", "--seed", "-1", "--out", str(tmp_path)], capsys)
    assert not (tmp_path / "games.jsonl").exists()


@pytest.mark.parametrize("seed", [-1, 2**63])
def test_replay_refuses_a_record_with_a_seed_outside_the_range(
    seed: int, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    record = aerodeck.make("ace_race").new_game(seed=5).record()
    path = tmp_path / "game.json"
    path.write_text(json.dumps({**record, "seed": seed}))
    err = _one_line(["replay", str(path)], capsys)
    assert err.endswith(f"a seed is a whole number from 0 to 2**63-1, not {seed}")
