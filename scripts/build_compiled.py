"""An optional mypyc-compiled build of aerodeck's rules (issue 9), built from a copy of src/.

    .venv/bin/python scripts/build_compiled.py [--dry-run] [--out build/compiled]

The working tree is never touched: ``src/aerodeck`` is copied to ``<out>/src/aerodeck`` and the
modules of ``MODULES`` are compiled there, in place in the copy (a ``.so`` beside each ``.py``).
Put ``<out>/src`` first on ``PYTHONPATH`` to import the compiled package instead of the sources
(``make bench-compiled``, ``make test-compiled``); without it nothing changes. The compiled code is
the same source, so behaviour is the same; ``make test-compiled`` runs the golden traces and the
property suite against it to show it.

One compile job at a time (gcc on one core); ``--dry-run`` checks the module list and prints what
would be done without compiling (the fast test in tests/test_build_compiled.py runs it).
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import mypy_extensions

ROOT = Path(__file__).resolve().parent.parent
SOURCE = ROOT / "src" / "aerodeck"

# Compiled: the core contract and every game's rules (state machine, legal moves, actions, the
# data they read). Left interpreted: faces, bots, rendering, the simulator, the registries (they
# import by name) and the package __init__ files.
CORE = ("api", "cards", "options", "rng", "tuples")
GAMES: dict[str, tuple[str, ...]] = {
    "ace_race": ("actions", "cards", "state", "legal", "view", "rules", "game"),
    "aces_versus_aces": ("actions", "state", "legal", "view", "rules", "game"),
    "air_racing": (
        "actions",
        "state",
        "legal",
        "view",
        "cards",
        "course",
        "piles",
        "race",
        "rules",
        "season",
        "game",
    ),
    "down_in_flames": (
        "actions",
        "data",
        "flight",
        "legal",
        "phases",
        "reasons",
        "rules",
        "scenario",
        "skills",
        "state",
        "view",
        "campaign",
        "game",
    ),
    "race_to_ace": ("actions", "cards", "state", "view", "legal", "rules", "game"),
}
AGENTS = ("ismcts", "random_agent")

# Modules that do not compile unchanged, with the reason (kept out of the build).
_CLOSURE = "a closure (lambda or nested function) in a method of a non-native class: mypyc " + (
    "2.4.1 stops with an internal error (AssertionError in add_var_to_env_class)"
)
EXCLUDED: dict[str, str] = {
    "aerodeck.games.air_racing.race": _CLOSURE,
    "aerodeck.games.race_to_ace.legal": _CLOSURE,
    "aerodeck.games.race_to_ace.view": (
        "mypyc compiles ``isinstance(x, Information)`` (an assert in ``_determinize``) to False: "
        "its fast isinstance path lists the known concrete subclasses, and a non-native class's "
        "subclasses are not recorded (the property suite caught it)"
    ),
}

# Classes compiled as mypyc "non-native" classes (a Python class whose methods are compiled): the
# states, whose generic ``clone`` reads ``__slots__`` in ``__init_subclass__`` and makes the copy
# with ``cls.__new__`` (native classes have no ``__slots__``, skip ``__init_subclass__`` and
# need their ``__init__`` arguments in ``__new__``), whose subclasses narrow the type of ``game``
# (a native attribute must keep one type) and one of which (Race to Ace) inherits from two bases;
# and ``Observation``, whose ``cached_property`` needs an instance ``__dict__``. The build marks
# them in the copy with ``@mypyc_attr(native_class=False)``; subclasses of these, found by name
# in the compiled modules, are marked too.
NON_NATIVE_ROOTS = ("State", "Observation")
_CLASS_RE = re.compile(r"^class (\w+)(?:\(([^)]*)\))?:", re.MULTILINE)
_FUTURE = "from __future__ import annotations\n"
_MARK = "@mypyc_attr(native_class=False)\n"
# A class-level annotation of a non-native class, quoted by the build: mypyc stores the type
# *object* of an unquoted one in ``__annotations__`` at import time, which crashes on the
# games' import cycles (``game: AceRace``, imported under TYPE_CHECKING); quoted, it stores the
# string, as Python does under ``from __future__ import annotations``.
_ANNOTATION_RE = re.compile(r"^    (\w+): ([^=\n\"']+?)( = .*)?$", re.MULTILINE)


def modules(only: tuple[str, ...] = ()) -> list[str]:
    """Dotted names of every module the build compiles, minus the exclusions (with ``only``,
    just those starting with one of its prefixes: a quick partial build to try something)."""
    names = [f"aerodeck.core.{m}" for m in CORE]
    names += [f"aerodeck.games.{g}.{m}" for g, ms in GAMES.items() for m in ms]
    names += [f"aerodeck.agents.{m}" for m in AGENTS]
    names = [n for n in names if not only or n.startswith(only)]
    return [n for n in names if n not in EXCLUDED]


def module_path(name: str, base: Path) -> Path:
    """The source file of a dotted module name under ``base`` (the directory holding aerodeck)."""
    return base.joinpath(*name.split(".")).with_suffix(".py")


def missing_modules(base: Path = SOURCE.parent) -> list[str]:
    """Listed modules with no source file: an empty list when the module list is current."""
    return [n for n in modules() + list(EXCLUDED) if not module_path(n, base).is_file()]


def mark_non_native(files: list[Path], package: Path) -> list[str]:
    """Mark the classes of ``NON_NATIVE_ROOTS`` and their subclasses in ``files`` (edited in
    place: call it on the copy only); subclasses are found by class name in every module of
    ``package``, compiled or not. Returns the marked classes as ``module-file:Class``."""
    texts = {path: path.read_text(encoding="utf-8") for path in files}
    every = [path.read_text(encoding="utf-8") for path in sorted(package.rglob("*.py"))]
    names = set(NON_NATIVE_ROOTS)
    grew = True
    while grew:  # subclasses of subclasses, across modules, by class name
        grew = False
        for text in every:
            for match in _CLASS_RE.finditer(text):
                bases = {b.strip().rpartition(".")[2] for b in (match.group(2) or "").split(",")}
                if match.group(1) not in names and bases & names:
                    names.add(match.group(1))
                    grew = True
    marked = []
    for path, text in texts.items():
        hits = [m for m in _CLASS_RE.finditer(text) if m.group(1) in names]
        if not hits:
            continue
        new = text
        for match in reversed(hits):
            end = re.compile(r"^\S", re.MULTILINE).search(new, match.end())
            stop = len(new) if end is None else end.start()
            body = _ANNOTATION_RE.sub(r'    \1: "\2"\3', new[match.end() : stop])
            new = (
                new[: match.start()] + _MARK + new[match.start() : match.end()] + body + new[stop:]
            )
            marked.append(f"{path.name}:{match.group(1)}")
        if _FUTURE not in new:
            raise ValueError(f"{path}: expected {_FUTURE!r}")
        new = new.replace(_FUTURE, _FUTURE + "\nfrom mypy_extensions import mypyc_attr\n", 1)
        path.write_text(new, encoding="utf-8")
    return sorted(marked)


SETUP = """\
from setuptools import setup
from mypyc.build import mypycify

setup(
    name="aerodeck-compiled",
    packages=[],
    ext_modules=mypycify({files!r}, opt_level="3", strip_asserts=False, separate=True),
)
"""


def build(out: Path, dry_run: bool, only: tuple[str, ...] = ()) -> int:
    missing = missing_modules()
    if missing:
        print("error: listed modules without a source file:", *missing, sep="\n  ")
        return 2
    target = out / "src"
    files = [str(module_path(n, Path())) for n in modules(only)]
    print(f"copy {SOURCE} -> {target / 'aerodeck'}")
    print(f"compile {len(files)} modules with mypyc (cwd {target}):")
    for name in modules(only):
        print(f"  {name}")
    for name, why in EXCLUDED.items():
        print(f"  excluded {name}: {why}")
    if dry_run:
        print("dry run: nothing copied or compiled")
        return 0
    if (out / "src").exists():
        shutil.rmtree(out / "src")
    target.mkdir(parents=True)
    shutil.copytree(
        SOURCE, target / "aerodeck", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    marked = mark_non_native([module_path(n, target) for n in modules(only)], target / "aerodeck")
    print("non-native (compiled, Python object layout):", ", ".join(marked))
    (target / "setup.py").write_text(SETUP.format(files=files), encoding="utf-8")
    started = time.perf_counter()
    env = {**os.environ, "MYPYC_OPT_LEVEL": "3"}
    done = subprocess.run(
        [sys.executable, "setup.py", "build_ext", "--inplace", "--parallel", "1"],
        cwd=target,
        env=env,
        check=False,
    )
    seconds = time.perf_counter() - started
    print(f"build {'done' if done.returncode == 0 else 'FAILED'} in {seconds:.0f} s")
    if done.returncode == 0:
        # the marker's module, imported at run time by the marked modules (mypy's venv has it,
        # the peers' venv may not); copied after compiling, which refuses a local copy of it
        shutil.copy2(mypy_extensions.__file__, target / "mypy_extensions.py")
        (out / "BUILD_SECONDS").write_text(f"{seconds:.1f}\n", encoding="utf-8")
    return done.returncode


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", default=str(ROOT / "build" / "compiled"), help="build directory")
    parser.add_argument("--dry-run", action="store_true", help="check and print, compile nothing")
    parser.add_argument(
        "--only", action="append", default=[], help="compile only modules with this prefix"
    )
    args = parser.parse_args(argv)
    return build(Path(args.out), args.dry_run, tuple(args.only))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
