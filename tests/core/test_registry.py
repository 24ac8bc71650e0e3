"""The game registry finds games through the ``aerodeck.games`` entry point group only (the
install registers the shipped five), so a package installed on its own (here a real distribution
on a temporary path) adds a sixth game."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.core.registry import GROUP, game_classes

SHIPPED = {"race_to_ace", "down_in_flames", "ace_race", "aces_versus_aces", "air_racing"}

SIXTH = """
from dataclasses import replace

from aerodeck.games.aces_versus_aces.game import AcesVersusAces


class Sixth(AcesVersusAces):
    info = replace(AcesVersusAces.info, id="sixth_game", title="A Sixth Game")


GAME = Sixth
"""


def _install(root: Path, package: str, value: str) -> None:
    """A minimal installed distribution: its package and a dist-info with one entry point."""
    (root / package).mkdir()
    (root / package / "__init__.py").write_text(SIXTH, encoding="utf-8")
    info = root / f"{package}-0.1.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {package}\nVersion: 0.1\n", encoding="utf-8"
    )
    (info / "entry_points.txt").write_text(
        f"[aerodeck.games]\nsixth_game = {value}\n", encoding="utf-8"
    )


@pytest.fixture
def fresh_registry() -> Iterator[None]:
    game_classes.cache_clear()
    yield
    game_classes.cache_clear()


@pytest.mark.usefixtures("fresh_registry")
def test_every_game_is_one_declared_entry_point() -> None:
    """No game is found any other way: the registry's games are exactly the entry points'."""
    declared = {point.name: point.load() for point in entry_points(group=GROUP)}
    assert set(declared) >= SHIPPED
    assert {cls.info.id: cls for cls in declared.values()} == game_classes()


@pytest.mark.usefixtures("fresh_registry")
def test_a_game_installed_with_an_entry_point_is_found(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install(tmp_path, "sixth_game_pkg", "sixth_game_pkg:GAME")
    monkeypatch.syspath_prepend(str(tmp_path))
    ids = [info.id for info in aerodeck.list_games()]
    assert "sixth_game" in ids
    assert set(ids) >= SHIPPED
    state = aerodeck.make("sixth-game").new_game(seed=1)
    state.apply(state.legal_actions()[0])
    assert aerodeck.replay(state.record()).view(None) == state.view(None)


@pytest.mark.usefixtures("fresh_registry")
def test_an_entry_point_that_names_no_game_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install(tmp_path, "not_a_game_pkg", "not_a_game_pkg:replace")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ConfigError, match="does not name a Game class"):
        aerodeck.list_games()


@pytest.mark.usefixtures("fresh_registry")
def test_an_entry_point_that_cannot_load_is_one_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _install(tmp_path, "broken_game_pkg", "broken_game_pkg:MISSING")
    monkeypatch.syspath_prepend(str(tmp_path))
    with pytest.raises(ConfigError, match="cannot be loaded"):
        aerodeck.make("race_to_ace")
