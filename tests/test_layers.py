"""The layers run one way (docs/architecture.md): read every module's imports (its syntax tree,
TYPE_CHECKING blocks and imports inside functions included) and check the import graph.

- No module outside ``games/`` imports a game, nor names a game's module for ``importlib``: faces,
  agents, the simulator and core reach a game only through the registry and the hooks of
  ``core.api.Game``.
- A game imports core and its own package only (never another game, agents, sim or a face).
- Core imports the standard library and core only (no numpy, no gym: pure Python).
"""

from __future__ import annotations

import ast
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[1] / "src" / "aerodeck"
LAYERS_OUTSIDE_GAMES = sorted(
    entry.name
    for entry in PACKAGE.iterdir()
    if entry.name != "games" and (entry.suffix == ".py" or (entry / "__init__.py").exists())
)


def imports(path: Path) -> Iterator[str]:
    """The absolute module names ``path`` imports (``from aerodeck import games`` included as
    ``aerodeck.games``), and any text that starts as the path of a game's module (what
    ``importlib.import_module(f"aerodeck.games.{id}.bot")`` would be given; the entry point
    group's name, ``aerodeck.games``, is no module path)."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            if node.value.startswith("aerodeck.games."):
                yield node.value
        elif isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            yield node.module
            yield from (f"{node.module}.{alias.name}" for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level > 0:
            raise AssertionError(f"{path}: relative import (the project imports absolutely)")


def modules(*parts: str) -> list[Path]:
    """The modules of a package of ``aerodeck`` (or the one module a ``.py`` name is)."""
    where = PACKAGE.joinpath(*parts)
    return [where] if where.suffix == ".py" else sorted(where.rglob("*.py"))


def _name(path: Path) -> str:
    return str(path.relative_to(PACKAGE.parent))


def test_the_package_is_where_the_test_reads_it() -> None:
    assert len(modules("core")) > 5 and len(modules("games")) > 40
    assert {"core", "agents", "sim", "rl", "web", "cli"} <= set(LAYERS_OUTSIDE_GAMES)


@pytest.mark.parametrize("layer", LAYERS_OUTSIDE_GAMES)
def test_nothing_outside_the_games_imports_a_game(layer: str) -> None:
    wrong = [
        f"{_name(path)}: {name}"
        for path in modules(layer)
        for name in imports(path)
        if name == "aerodeck.games" or name.startswith("aerodeck.games.")
    ]
    assert not wrong, "import a game only through the registry and Game's hooks:\n" + "\n".join(
        wrong
    )


def test_a_game_imports_core_and_its_own_package_only() -> None:
    wrong = []
    for path in modules("games"):
        game = path.relative_to(PACKAGE / "games").parts[0]
        own = f"aerodeck.games.{game}"
        for name in imports(path):
            if not name.startswith("aerodeck"):
                continue
            if not (name.startswith("aerodeck.core") or name == own or name.startswith(own + ".")):
                wrong.append(f"{_name(path)}: {name}")
    assert not wrong, "a game depends on core only:\n" + "\n".join(wrong)


def test_core_imports_the_standard_library_and_core_only() -> None:
    wrong = [
        f"{_name(path)}: {name}"
        for path in modules("core")
        for name in imports(path)
        if not name.startswith("aerodeck.core")
        and name.partition(".")[0] not in sys.stdlib_module_names
    ]
    assert not wrong, "core is pure Python over the standard library:\n" + "\n".join(wrong)
