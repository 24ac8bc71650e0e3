"""The Ray back-end, on a local Ray; skipped cleanly when the optional extra is not installed."""

from __future__ import annotations

import importlib.util

import pytest

from aerodeck.core.errors import ConfigError
from aerodeck.sim.runner import SimSpec, run

SPEC = SimSpec("aces_versus_aces", 2, ("heuristic", "random"), 12, seed=6)


@pytest.mark.skipif(
    importlib.util.find_spec("ray") is None, reason="the ray extra is not installed"
)
def test_ray_gives_the_same_results_as_local_processes() -> None:
    local = run(SPEC, jobs=1)
    remote = run(SPEC, jobs=2, backend="ray")
    assert [o["record"]["actions"] for o in remote] == [o["record"]["actions"] for o in local]


def test_an_unknown_backend_is_refused() -> None:
    with pytest.raises(ConfigError, match="--backend must be one of local, ray"):
        run(SPEC, backend="slurm")
