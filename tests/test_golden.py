"""Each game's golden trace must match a fresh one: a rules change shows up as a diff."""

from __future__ import annotations

from pathlib import Path

import pytest

from aerodeck.sim.golden import golden_lines
from tests.conftest import GAME_IDS

GOLDEN = Path(__file__).parent / "golden"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_golden_trace_is_unchanged(game_id: str) -> None:
    path = GOLDEN / f"{game_id}.jsonl"
    assert path.exists(), f"no golden trace: run scripts/regen_golden.py {game_id}"
    expected = path.read_text(encoding="utf-8").splitlines()
    actual = golden_lines(game_id)
    for number, (want, got) in enumerate(zip(expected, actual, strict=False), start=1):
        assert got == want, f"{path.name} differs first at line {number}"
    assert len(actual) == len(expected), f"{path.name}: {len(expected)} lines, now {len(actual)}"
