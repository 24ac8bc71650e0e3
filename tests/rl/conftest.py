"""The rl tests: the encoders need only numpy; the adapters need the ``rl`` extra.

Without the extra the adapter modules are not collected, and the session header says so once
(tests/conftest.py prints ``RL_SKIP_REASON``).
"""

from __future__ import annotations

from importlib.util import find_spec

RL_MISSING = [name for name in ("pettingzoo", "gymnasium", "pyspiel") if find_spec(name) is None]
RL_SKIP_REASON = (
    f"tests/rl adapters skipped: the rl extra is not installed (missing {', '.join(RL_MISSING)}); "
    "pip install -e '.[rl]'"
    if RL_MISSING
    else ""
)
collect_ignore_glob = ["test_pettingzoo*.py", "test_gym*.py", "test_openspiel*.py",
                       "test_learn*.py", "test_same_seed*.py"] if RL_MISSING else []  # fmt: skip
