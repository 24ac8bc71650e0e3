"""The table server's layers import one way: the service layer (the domain) reaches neither the
web framework nor the database, whatever it imports in turn. Read from the sources with ``ast``,
so the check sees imports inside functions too and imports nothing itself."""

from __future__ import annotations

import ast
from pathlib import Path

import aerodeck

SRC = Path(aerodeck.__file__).resolve().parents[1]
SERVICE = "aerodeck.web.service"
FORBIDDEN = {"fastapi", "starlette", "sqlalchemy", "alembic", "uvicorn"}


def _source(module: str) -> Path | None:
    """The file of one of the project's modules (a package's ``__init__.py``), if it is one."""
    base = SRC.joinpath(*module.split("."))
    if (base / "__init__.py").is_file():
        return base / "__init__.py"
    if base.with_suffix(".py").is_file():
        return base.with_suffix(".py")
    return None


def _imports(module: str, path: Path) -> set[str]:
    """Every module name ``path`` imports, anywhere in it (``from a import b``: a, and a.b in
    case b is a module)."""
    package = module if path.name == "__init__.py" else module.rpartition(".")[0]
    found: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([node.module] if node.module else [])])
            else:
                base = node.module or ""
            found.add(base)
            found.update(f"{base}.{alias.name}" for alias in node.names)
    return found


def imported_by(roots: list[str]) -> dict[str, str]:
    """Every module reached from ``roots`` through the project's own modules (each with the
    module that imports it); importing a.b.c runs a and a.b too."""
    reached: dict[str, str] = {root: "" for root in roots}
    todo = list(roots)
    while todo:
        module = todo.pop()
        parts = module.split(".")
        parents = [".".join(parts[:n]) for n in range(1, len(parts))]
        path = _source(module)
        names = set(parents) | (_imports(module, path) if path is not None else set())
        for name in sorted(names):
            ours = name.split(".")[0] == "aerodeck"
            if name in reached or (ours and _source(name) is None):
                continue  # seen, or a name imported from a module rather than a module
            reached[name] = module
            if ours:
                todo.append(name)
    return reached


def _chain(reached: dict[str, str], name: str) -> str:
    chain = [name]
    while reached.get(chain[-1]):
        chain.append(reached[chain[-1]])
    return " <- ".join(chain)


def _frameworks(roots: list[str]) -> list[str]:
    reached = imported_by(roots)
    return sorted(_chain(reached, n) for n in reached if n.split(".")[0] in FORBIDDEN)


def test_the_service_layer_imports_neither_the_web_framework_nor_the_database() -> None:
    folder = SRC / "aerodeck" / "web" / "service"
    modules = sorted(f"{SERVICE}.{path.stem}" for path in folder.glob("*.py"))
    assert f"{SERVICE}.hub" in modules and f"{SERVICE}.tables" in modules
    assert _frameworks(modules) == []
    reached = imported_by(modules)
    outward = [
        _chain(reached, name)
        for name in reached
        if name.startswith(("aerodeck.web.routers", "aerodeck.web.db", "aerodeck.web.app"))
    ]
    assert outward == [], "the service imports the layers built on it"


def test_the_check_finds_the_frameworks_where_they_are() -> None:
    assert any(c.startswith("fastapi") for c in _frameworks(["aerodeck.web.routers.websocket"]))
    assert any(c.startswith("starlette") for c in _frameworks(["aerodeck.web.routers.websocket"]))
    found = _frameworks(["aerodeck.web.app"])
    assert any(c.startswith("sqlalchemy") for c in found), "through the store, two levels down"
