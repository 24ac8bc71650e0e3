"""The optional mypyc build (scripts/build_compiled.py): its module list is current and its dry
run works. Nothing is compiled here (that takes minutes: `make compiled`)."""

from __future__ import annotations

import importlib
import importlib.util
import os
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent


def _script() -> Any:
    spec = importlib.util.spec_from_file_location(
        "build_compiled", ROOT / "scripts" / "build_compiled.py"
    )
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["build_compiled"] = module
    spec.loader.exec_module(module)
    return module


def test_every_listed_module_exists() -> None:
    script = _script()
    assert script.missing_modules() == []
    names = script.modules()
    assert "aerodeck.core.api" in names
    assert len(names) == len(set(names))


def test_dry_run_compiles_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = _script()
    assert script.main(["--dry-run", "--out", str(tmp_path)]) == 0
    assert "dry run" in capsys.readouterr().out
    assert list(tmp_path.iterdir()) == []


def test_marking_non_native_classes_edits_only_the_given_copy(tmp_path: Path) -> None:
    script = _script()
    base = tmp_path / "base.py"
    base.write_text("from __future__ import annotations\n\nclass State:\n    pass\n")
    sub = tmp_path / "sub.py"
    sub.write_text("from __future__ import annotations\n\nclass Mine(State):\n    pass\n")
    marked = script.mark_non_native([sub], tmp_path)
    assert marked == ["sub.py:Mine"]
    assert "@mypyc_attr(native_class=False)\nclass Mine(State):" in sub.read_text()
    assert "mypyc_attr" not in base.read_text()


@pytest.mark.skipif(
    not os.environ.get("AERODECK_EXPECT_COMPILED"), reason="only under `make test-compiled`"
)
def test_the_compiled_build_is_the_one_imported() -> None:
    import aerodeck

    aerodeck.list_games()
    script = _script()
    for name in script.modules():
        module = sys.modules.get(name) or importlib.import_module(name)
        assert str(module.__file__).endswith(".so"), f"{name} came from {module.__file__}"
