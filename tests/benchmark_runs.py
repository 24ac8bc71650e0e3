"""Run a benchmark script the way its docstring says, in a child process (tests never import
``benchmarks``): ``python -m benchmarks.NAME ARGS`` from the repository root, on this tree's
sources, with a budget small enough for a test."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import aerodeck
from aerodeck.testing.server import child_environment

ROOT = Path(__file__).resolve().parents[1]
SRC = Path(aerodeck.__file__).resolve().parents[1]


def run_benchmark(
    name: str, *args: str, timeout: float = 300, check: bool = True
) -> subprocess.CompletedProcess[str]:
    """``benchmarks/NAME.py`` with ``args``; its exit code must be 0 unless ``check`` is off."""
    environ = child_environment(ROOT)
    done = subprocess.run(
        [sys.executable, "-m", f"benchmarks.{name}", *args],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=timeout,
        check=False,
    )
    if check:
        assert done.returncode == 0, (
            f"benchmarks/{name}.py exited {done.returncode}:\n{done.stderr}"
        )
    return done


def read_json(path: Path) -> dict[str, Any]:
    loaded: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return loaded
