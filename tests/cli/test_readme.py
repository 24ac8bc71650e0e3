"""The README's games table says what the CLI says (`aerodeck games`) of the shipped games."""

from __future__ import annotations

from pathlib import Path

import aerodeck
from aerodeck.core.text import counts_text
from tests.conftest import SHIPPED_GAMES

README = Path(__file__).resolve().parents[2] / "README.md"


def test_readme_player_counts_match_the_registry() -> None:
    rows = {}
    for line in README.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip("|").split("|")]
        if len(cells) >= 3 and cells[1].startswith("`") and cells[1].endswith("`"):
            rows[cells[1].strip("`")] = cells[2]
    for game_id in SHIPPED_GAMES:  # not a plug-in installed beside them: it documents itself
        info = aerodeck.make(game_id).info
        assert info.cli_name in rows, info.cli_name
        assert rows[info.cli_name].split(" (")[0] == counts_text(info.player_counts)


def test_the_licence_is_an_spdx_expression() -> None:
    text = (README.parent / "pyproject.toml").read_text(encoding="utf-8")
    assert 'license = "MIT"' in text and "setuptools>=77" in text
