"""Worker processes end with the simulator that started them, even after ``kill -9`` of it."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import aerodeck
from aerodeck.testing.server import child_environment

SRC = Path(aerodeck.__file__).resolve().parents[1]
LINUX = sys.platform.startswith("linux") and Path("/proc/self/stat").exists()


def _stat(pid: int) -> tuple[str, int] | None:
    """(state, parent pid) of a process from /proc, or None once it is gone."""
    try:
        text = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = text.rpartition(")")[2].split()
    return fields[0], int(fields[1])


def _children(parent: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            info = _stat(int(entry.name))
            if info is not None and info[1] == parent:
                found.append(int(entry.name))
    return found


def _alive(pid: int) -> bool:
    info = _stat(pid)
    return info is not None and info[0] != "Z"  # a zombie has ended; only its entry is left


def _poll(condition: object, seconds: float) -> bool:
    """Poll ``condition()`` until it holds or ``seconds`` pass (a bound, not a timing)."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if condition():  # type: ignore[operator]
            return True
        time.sleep(0.05)
    return bool(condition())  # type: ignore[operator]


@pytest.mark.skipif(not LINUX, reason="reads processes from /proc")
def test_kill_9_of_simulate_leaves_no_worker_alive(tmp_path: Path) -> None:
    out = tmp_path / "run"
    command = [sys.executable, "-c", "from aerodeck.cli.app import run_main; run_main()"]
    command += ["simulate", "aces-versus-aces", "-n", "200000", "--bots", "random"]
    command += ["-j", "2", "--out", str(out), "--json"]
    env = child_environment()
    sim = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    workers: list[int] = []
    try:
        games = out / "games.jsonl"
        assert _poll(lambda: games.exists() and games.stat().st_size > 0, 120), "no game finished"
        workers = _children(sim.pid)
        assert len(workers) >= 2, workers
        sim.send_signal(signal.SIGKILL)
        sim.wait()
        assert _poll(lambda: not any(_alive(pid) for pid in workers), 30), (
            f"workers outlived the simulator: {[p for p in workers if _alive(p)]}"
        )
    finally:
        if sim.poll() is None:
            sim.kill()
            sim.wait()
        for pid in workers:  # never leave one behind, even when the test fails
            if _alive(pid):
                os.kill(pid, signal.SIGKILL)


def test_a_worker_whose_parent_is_gone_ends_itself() -> None:
    """The initializer's check for a parent that died before it ran (the same on every OS)."""
    code = (
        "import os, sys\n"
        "from aerodeck.sim.runner import _die_with_parent\n"
        "_die_with_parent(os.getppid() + 1_000_000)\n"
        "sys.exit(0)\n"
    )
    env = child_environment()
    done = subprocess.run([sys.executable, "-c", code], env=env, check=False, timeout=60)
    assert done.returncode == 1
