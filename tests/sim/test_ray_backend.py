"""The Ray back-end, on a local Ray; skipped cleanly when the optional extra is not installed."""

from __future__ import annotations

import importlib.util

import pytest

from aerodeck.core.errors import ConfigError
from aerodeck.sim.runner import SimSpec, play_games, run

SPEC = SimSpec("aces_versus_aces", 2, ("heuristic", "random"), 12, seed=6)


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="the ray extra is not installed"
)
def test_ray_gives_the_same_results_as_local_processes() -> None:
    local = sorted((o for b in play_games(SPEC, range(12)) for o in b), key=lambda o: o["index"])
    remote = [o for b in play_games(SPEC, range(12), jobs=2, backend="ray") for o in b]
    assert sorted(remote, key=lambda o: o["index"]) == local
    assert run(SPEC, jobs=2, backend="ray").report() == run(SPEC, jobs=1).report()


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(ConfigError, match="--backend must be one of local, ray"):
        run(SPEC, backend="slurm")
