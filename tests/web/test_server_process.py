"""The test server's process finds the same games as the tests: this aerodeck's sources first,
then the caller's PYTHONPATH (where the plug-in tests install their game), never dropped."""

from __future__ import annotations

import os

from aerodeck.testing.server import SRC, search_path


def test_the_callers_path_follows_this_aerodecks_sources() -> None:
    plugins = os.path.join("build", "test-plugins")
    assert search_path("") == str(SRC)
    assert search_path(plugins).split(os.pathsep) == [str(SRC), plugins]
    inherited = os.pathsep.join([str(SRC), plugins, ""])
    assert search_path(inherited).split(os.pathsep) == [str(SRC), plugins]
