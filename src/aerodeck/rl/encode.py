"""Observation encoders: a seat's view as a fixed-shape float32 vector, described field by field.

An encoder is a list of fields read from ``state.view(seat)`` and nothing else, so it can hold
no more than the view does: what a seat may know (the contract's no-leak property carries over).
Seats are written relative to the observer: "seat +0" is the observer, "+1" the next seat in
turn order, and so on, so one policy can play any seat. The same encoder serves the PettingZoo,
Gymnasium and OpenSpiel adapters, and ``describe`` prints the layout the docs pages show.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

JSON = dict[str, Any]
Getter = Callable[[Any], Any]
Vector = npt.NDArray[np.float32]
Row = tuple[int, int, str, str]


@dataclass(frozen=True, slots=True)
class Context:
    """Who is looking: relative seats are counted from ``me`` around ``players`` seats."""

    me: int
    players: int

    def relative(self, seat: int) -> int:
        return (seat - self.me) % self.players


class Field:
    """One named block of the vector: its size, what it means, how it is read from the view."""

    __slots__ = ("doc", "name", "size")

    def __init__(self, name: str, size: int, doc: str) -> None:
        self.name, self.size, self.doc = name, size, doc

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        raise NotImplementedError  # pragma: no cover - every field kind overrides

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        """(offset, size, name, meaning) of each leaf; a repeated block is shown once."""
        return [(offset, self.size, prefix + self.name, self.doc)]


def _get(source: Any, get: Getter | str) -> Any:
    if isinstance(get, str):
        return source.get(get) if isinstance(source, Mapping) else None
    return get(source)


class Number(Field):
    """A number divided by ``scale`` (so most values fall in 0..1); missing is 0."""

    __slots__ = ("get", "scale")

    def __init__(self, name: str, doc: str, scale: float = 1.0, get: Getter | str = "") -> None:
        super().__init__(name, 1, f"{doc} (/ {scale:g})" if scale != 1 else doc)
        self.get, self.scale = get or name, scale

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        value = _get(source, self.get)
        out.append(0.0 if value is None or isinstance(value, str) else float(value) / self.scale)


class Flag(Field):
    """1 when the value is true, else 0."""

    __slots__ = ("get",)

    def __init__(self, name: str, doc: str, get: Getter | str = "") -> None:
        super().__init__(name, 1, f"{doc} (1 if so)")
        self.get = get or name

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        out.append(1.0 if _get(source, self.get) else 0.0)


class OneHot(Field):
    """One slot per choice; all zeros when the value is missing (None).

    With ``other`` a last slot takes any value not listed (open text such as a chain link's
    description); without it an unlisted value is an error, so a new phase cannot pass unseen.
    """

    __slots__ = ("get", "index", "other")

    def __init__(
        self,
        name: str,
        doc: str,
        choices: Sequence[Any],
        get: Getter | str = "",
        other: bool = False,
    ) -> None:
        listed = _vocab_doc([str(c) for c in choices]) + (", other" if other else "")
        super().__init__(name, len(choices) + other, f"{doc}: one-hot over {listed}")
        self.get, self.other = get or name, other
        self.index = {choice: i for i, choice in enumerate(choices)}

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        block = [0.0] * self.size
        value = _get(source, self.get)
        if value is not None:
            at = self.index.get(value, self.size - 1 if self.other else -1)
            if at < 0:
                raise ValueError(f"{self.name}: {value!r} is not among its choices")
            block[at] = 1.0
        out.extend(block)


class Counts(Field):
    """How many of each name: from a list of names or a {name: count} mapping, / ``scale``."""

    __slots__ = ("get", "index", "scale")

    def __init__(
        self,
        name: str,
        doc: str,
        vocabulary: Sequence[str],
        scale: float = 1.0,
        get: Getter | str = "",
    ) -> None:
        per = f", / {scale:g}" if scale != 1 else ""
        super().__init__(
            name, len(vocabulary), f"{doc}: a count of each of {_vocab_doc(vocabulary)}{per}"
        )
        self.get, self.scale = get or name, scale
        self.index = {word: i for i, word in enumerate(vocabulary)}

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        block = [0.0] * self.size
        value = _get(source, self.get)
        pairs: Iterable[tuple[Any, Any]] = (
            value.items() if isinstance(value, Mapping) else ((w, 1) for w in value or ())
        )
        for word, count in pairs:
            if word is None:
                continue
            try:
                block[self.index[word]] += float(count) / self.scale
            except KeyError:
                raise ValueError(f"{self.name}: {word!r} is not in its vocabulary") from None
        out.extend(block)


class Seat(Field):
    """A seat number as a one-hot over relative seats (+0 is the observer); None is all zeros."""

    __slots__ = ("get",)

    def __init__(self, name: str, doc: str, players: int, get: Getter | str = "") -> None:
        super().__init__(name, players, f"{doc}: one-hot over relative seats +0..+{players - 1}")
        self.get = get or name

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        block = [0.0] * self.size
        value = _get(source, self.get)
        if value is not None and value >= 0:
            block[ctx.relative(int(value))] = 1.0
        out.extend(block)


class Seats(Field):
    """A set of seats (a list of seat numbers) as a multi-hot over relative seats."""

    __slots__ = ("get",)

    def __init__(self, name: str, doc: str, players: int, get: Getter | str = "") -> None:
        super().__init__(
            name, players, f"{doc}: 1 per listed seat, relative seats +0..+{players - 1}"
        )
        self.get = get or name

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        block = [0.0] * self.size
        for seat in _get(source, self.get) or ():
            block[ctx.relative(int(seat))] = 1.0
        out.extend(block)


class Group(Field):
    """Sub-fields read from one sub-object (a dict in the view, or nothing: all zeros)."""

    __slots__ = ("fields", "get")

    def __init__(
        self, name: str, doc: str, fields: Sequence[Field], get: Getter | str = ""
    ) -> None:
        super().__init__(name, sum(f.size for f in fields), doc)
        self.get, self.fields = get or name, tuple(fields)

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        inner = _get(source, self.get)
        if inner is None:
            out.extend([0.0] * self.size)
            return
        for f in self.fields:
            f.write(inner, ctx, out)

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        rows = [(offset, 0, f"{prefix}{self.name}", f"{self.doc} (all zeros when absent)")]
        return rows + _inner_rows(self.fields, f"{prefix}{self.name}.", offset)


class PerSeat(Field):
    """A list with one entry per seat, written in relative order: the observer's first."""

    __slots__ = ("fields", "get", "players")

    def __init__(
        self, name: str, doc: str, players: int, fields: Sequence[Field], get: Getter | str = ""
    ) -> None:
        super().__init__(name, players * sum(f.size for f in fields), doc)
        self.get, self.fields, self.players = get or name, tuple(fields), players

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        items = _get(source, self.get)
        width = self.size // self.players
        for k in range(self.players):
            if items is None:
                out.extend([0.0] * width)
                continue
            item = items[(ctx.me + k) % self.players]
            if not isinstance(item, Mapping):
                item = {"value": item}
            for f in self.fields:
                f.write(item, ctx, out)

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        width = self.size // self.players
        doc = f"{self.doc}: {self.players} blocks of {width}, yours first (offsets of the first)"
        rows = [(offset, 0, f"{prefix}{self.name}[+k]", doc)]
        return rows + _inner_rows(self.fields, f"{prefix}{self.name}[+k].", offset)


class Slots(Field):
    """The first ``length`` items of a list, each read by the same fields; zeros past the end."""

    __slots__ = ("fields", "get", "length")

    def __init__(
        self, name: str, doc: str, length: int, fields: Sequence[Field], get: Getter | str = ""
    ) -> None:
        super().__init__(name, length * sum(f.size for f in fields), doc)
        self.get, self.fields, self.length = get or name, tuple(fields), length

    def write(self, source: Any, ctx: Context, out: list[float]) -> None:
        items = list(_get(source, self.get) or ())[: self.length]
        width = self.size // self.length
        for item in items:
            for f in self.fields:
                f.write(item if isinstance(item, Mapping) else {"value": item}, ctx, out)
        out.extend([0.0] * (width * (self.length - len(items))))

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        width = self.size // self.length
        doc = f"{self.doc}: the first {self.length} in order, {width} each (offsets of the first)"
        rows = [(offset, 0, f"{prefix}{self.name}[i]", doc)]
        return rows + _inner_rows(self.fields, f"{prefix}{self.name}[i].", offset)


def _inner_rows(fields: Sequence[Field], prefix: str, offset: int) -> list[Row]:
    rows: list[Row] = []
    for f in fields:
        rows.extend(f.rows(prefix, offset))
        offset += f.size
    return rows


def _vocab_doc(vocabulary: Sequence[str]) -> str:
    if len(vocabulary) > 12:
        return f"{len(vocabulary)} names ({', '.join(vocabulary[:4])}, ... {vocabulary[-1]})"
    return ", ".join(vocabulary)


class Encoder:
    """A game's fields at one player count: ``encode(view)`` gives the vector, ``size`` its length.

    ``prepare`` (optional) rewrites a view before the fields read it, a pure function of the view.
    """

    def __init__(
        self,
        game_id: str,
        players: int,
        fields: Sequence[Field],
        prepare: Callable[[JSON], JSON] | None = None,
    ) -> None:
        self.game_id, self.players, self.fields = game_id, players, tuple(fields)
        self.prepare = prepare
        self.size = sum(f.size for f in self.fields)

    def encode(self, view: JSON) -> Vector:
        """The vector of one seat's view (``view["seat"]`` is the observer)."""
        seat = view.get("seat")
        if not isinstance(seat, int):
            raise ValueError("encode needs a seat's view (view(seat)), not a spectator's")
        if self.prepare is not None:
            view = self.prepare(view)
        out: list[float] = []
        ctx = Context(seat, self.players)
        for f in self.fields:
            f.write(view, ctx, out)
        assert len(out) == self.size, (self.game_id, len(out), self.size)
        return np.asarray(out, dtype=np.float32)

    def layout(self) -> list[Row]:
        """(offset, size, name, meaning) per leaf, blocks repeated per seat or item shown once."""
        return _inner_rows(self.fields, "", 0)

    def describe(self) -> str:
        """The layout as a markdown table (the docs pages' "Observation tensor" sections)."""
        lines = ["| offset | size | field | meaning |", "| --- | --- | --- | --- |"]
        for offset, size, name, doc in self.layout():
            lines.append(f"| {offset} | {size or ''} | `{name}` | {doc} |")
        return "\n".join(lines)
