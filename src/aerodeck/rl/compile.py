"""Compile an encoder's fields into one straight-line Python function.

The fields (aerodeck.core.features) say what each block means and how to read it; walking them costs
a method call per field and per seat, which was half of an environment step. This writes the
same reads and writes out as one function, once per encoder (as core's ``_slot_copier`` does for
``clone``). tests/rl/test_encoders.py checks it gives the fields' own result on every game.
A field kind this does not know is called through its ``write``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from aerodeck.core import features as e

Compiled = Callable[[Mapping[str, Any], int, Any, e.Context], None]


def _bad(name: str, value: Any) -> None:
    raise ValueError(f"{name}: {value!r} is not among its choices")


class _Writer:
    def __init__(self, players: int) -> None:
        self.lines: list[str] = []
        self.names: dict[str, Any] = {"_bad": _bad, "_counts": e.add_counts, "Mapping": Mapping}
        self.players = players
        self.serial = 0

    def const(self, value: Any) -> str:
        self.serial += 1
        name = f"K{self.serial}"
        self.names[name] = value
        return name

    def fresh(self, stem: str) -> str:
        self.serial += 1
        return f"{stem}{self.serial}"

    def line(self, depth: int, text: str) -> None:
        self.lines.append("    " * depth + text)

    def read(self, field: e.Field, src: str) -> str:
        if field.fn is None:
            return f"{src}.get({field.key!r})"
        return f"{self.const(field.fn)}({src})"

    def fields(
        self, placed: Sequence[tuple[e.Field, int]], src: str, base: str, depth: int
    ) -> None:
        for field, offset in placed:
            self.field(field, src, f"{base}{offset}" if base else str(offset), depth)

    def field(self, f: e.Field, src: str, at: str, depth: int) -> None:
        x = self.fresh("x")
        if isinstance(f, e.Number):
            self.line(depth, f"{x} = {self.read(f, src)}")
            self.line(depth, f"if {x} is not None and {x}.__class__ is not str:")
            low, high = f.low, f.high
            self.line(depth + 1, f"out[{at}] = min(max({x}, {low!r}), {high!r}) / {f.scale!r}")
        elif isinstance(f, e.Flag):
            self.line(depth, f"if {self.read(f, src)}:")
            self.line(depth + 1, f"out[{at}] = 1.0")
        elif isinstance(f, e.OneHot):
            index, missing = self.const(f.index), f.size - 1 if f.other else -1
            self.line(depth, f"{x} = {self.read(f, src)}")
            self.line(depth, f"if {x} is not None:")
            self.line(depth + 1, f"i = {index}.get({x}, {missing})")
            self.line(depth + 1, "if i < 0:")
            self.line(depth + 2, f"_bad({f.name!r}, {x})")
            self.line(depth + 1, f"out[{at} + i] = 1.0")
        elif isinstance(f, e.Counts):
            self.line(depth, f"{x} = {self.read(f, src)}")
            self.line(depth, f"if {x}:")
            step = 1.0 / f.scale
            self.line(
                depth + 1, f"_counts({x}, {self.const(f.index)}, {step!r}, out, {at}, {f.name!r})"
            )
        elif isinstance(f, e.Seat):
            self.line(depth, f"{x} = {self.read(f, src)}")
            self.line(depth, f"if {x} is not None and {x} >= 0:")
            self.line(depth + 1, f"out[{at} + ({x} - me) % {self.players}] = 1.0")
        elif isinstance(f, e.Seats):
            self.line(depth, f"for {x} in {self.read(f, src)} or ():")
            self.line(depth + 1, f"out[{at} + ({x} - me) % {self.players}] = 1.0")
        elif isinstance(f, e.Group):
            self.line(depth, f"{x} = {self.read(f, src)}")
            self.line(depth, f"if {x} is not None:")
            self.line(depth + 1, "pass")
            self.fields(f.placed, x, f"{at} + ", depth + 1)
        elif isinstance(f, e.PerSeat | e.Slots):
            k, item, base = self.fresh("k"), self.fresh("item"), self.fresh("b")
            if isinstance(f, e.PerSeat):
                self.line(depth, f"{x} = {self.read(f, src)}")
                self.line(depth, f"if {x} is not None:")
                self.line(depth + 1, f"for {k} in range({f.players}):")
                self.line(depth + 2, f"{item} = {x}[(me + {k}) % {f.players}]")
                depth += 2
            else:
                self.line(
                    depth,
                    f"for {k}, {item} in enumerate(({self.read(f, src)} or ())[:{f.length}]):",
                )
                depth += 1
            self.line(depth, f"if not isinstance({item}, Mapping):")
            self.line(depth + 1, f"{item} = {{'value': {item}}}")
            self.line(depth, f"{base} = {at} + {k} * {f.width}")
            self.fields(f.placed, item, f"{base} + ", depth)
        else:
            self.line(depth, f"{self.const(f)}.write({src}, ctx, out, {at})")


def compile_fields(placed: Sequence[tuple[e.Field, int]], players: int) -> Compiled:
    """One function ``(view, me, out, ctx)`` writing what the fields would write."""
    writer = _Writer(players)
    writer.line(1, "pass")
    writer.fields(placed, "view", "", 1)
    source = "def encode(view, me, out, ctx):\n" + "\n".join(writer.lines)
    exec(compile(source, "<aerodeck.rl encoder>", "exec"), writer.names)  # our own code only
    function: Compiled = writer.names["encode"]
    return function
