"""The rl tests: the encoders need only numpy; the adapters need the ``rl`` extra.

Without the extra the adapter modules are not collected, and the session header says so once
(tests/conftest.py prints ``RL_SKIP_REASON`` at the end of the run).
"""

from __future__ import annotations

from importlib.util import find_spec
from pathlib import Path

RL_MISSING = [name for name in ("pettingzoo", "gymnasium", "pyspiel") if find_spec(name) is None]
RL_SKIP_REASON = (
    f"tests/rl adapters skipped: the rl extra is not installed (missing {', '.join(RL_MISSING)}); "
    "pip install -e '.[rl]'"
    if RL_MISSING
    else ""
)
# Everything but the encoders' tests needs the extra.
collect_ignore_glob = (
    [p.name for p in Path(__file__).parent.glob("test_*.py") if p.name != "test_encoders.py"]
    if RL_MISSING
    else []
)
