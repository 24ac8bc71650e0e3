"""Observation features: a seat's view as a fixed-length vector of numbers, declared field by field.

A game declares its encoder (``Game.observation_encoder()``) as a list of fields read from
``state.view(seat)`` and nothing else, so it can hold no more than the view does: what a seat may
know (the contract's no-leak property carries over). Seats are written relative to the observer:
"seat +0" is the observer, "+1" the next seat in turn order, and so on, so one policy can play any
seat. This is pure Python: the fields write into any zeroed buffer of floats (``Encoder.write``);
the RL faces (``aerodeck.rl.encode``) give them a float32 array and compile the walk for speed,
and ``describe`` prints the layout the docs pages show.

A game may also bring a *state writer* (``Encoder(..., from_state=...)``): the same numbers
written in one pass straight from the state for one seat, without building the view in between
(the view and the fields reading it back were most of a batched environment's step). The fields
stay the reference: tests/rl/test_fast_observation.py checks over many seeded games, after
hidden redraws too, that the writer gives exactly their numbers, so it shows no more than the
view does.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

JSON = dict[str, Any]
Getter = Callable[[Any], Any]
Buffer = Any
"""Where fields write: a zeroed, indexable buffer of floats (a list, or the RL faces' array)."""
Row = tuple[int, int, str, str]
StateWriter = Callable[[Any, int, Buffer], None]
"""``(state, seat, out)``: write what ``seat`` sees of ``state`` into a zeroed buffer, exactly the
numbers the fields write from ``state.view(seat)``."""


@dataclass(frozen=True, slots=True)
class Context:
    """Who is looking: relative seats are counted from ``me`` around ``players`` seats."""

    me: int
    players: int

    def relative(self, seat: int) -> int:
        return (seat - self.me) % self.players


def add_counts(
    value: Any, index: dict[str, int], step: float, out: Any, at: int, name: str
) -> None:
    """Add ``step`` per listed word (or ``count * step`` per word of a mapping) at its index;
    shared by ``Counts.write`` and the compiled encoders."""
    try:
        if isinstance(value, Mapping):
            for word, count in value.items():
                out[at + index[word]] += count * step
        else:
            for word in value:
                if word is not None:
                    out[at + index[word]] += step
    except KeyError as error:
        raise ValueError(f"{name}: {error.args[0]!r} is not in its vocabulary") from None


class Field(ABC):
    """One named block of the vector: its size, what it means, how it is read from the view."""

    __slots__ = ("doc", "fn", "key", "name", "size")

    def __init__(self, name: str, size: int, doc: str, get: Getter | str = "") -> None:
        self.name, self.size, self.doc = name, size, doc
        # Read with view.get(key), or with fn(view) when the value needs work to reach.
        self.key = get if isinstance(get, str) and get else name
        self.fn: Getter | None = None if isinstance(get, str) else get

    def read(self, source: Mapping[str, Any]) -> Any:
        return source.get(self.key) if self.fn is None else self.fn(source)

    @abstractmethod
    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        """Write into ``out[at : at + size]``, which is all zeros: only non-zero entries."""

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        """(offset, size, name, meaning) of each leaf; a repeated block is shown once."""
        return [(offset, self.size, prefix + self.name, self.doc)]

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and the greatest value each of the field's entries can take (0..1 unless
        the field says otherwise)."""
        return [0.0] * self.size, [1.0] * self.size


class Number(Field):
    """A number divided by ``scale``; missing is 0. Its range is ``low..high`` (by default
    0..scale, so the entry lies in 0..1): a value beyond it is written as the nearer end, so the
    environments can declare the range as the entry's bounds."""

    __slots__ = ("high", "low", "scale")

    def __init__(
        self,
        name: str,
        doc: str,
        scale: float = 1.0,
        get: Getter | str = "",
        low: float = 0.0,
        high: float | None = None,
    ) -> None:
        super().__init__(name, 1, f"{doc} (/ {scale:g})" if scale != 1 else doc, get)
        self.scale, self.low = scale, low
        self.high = scale if high is None else high

    def bounds(self) -> tuple[list[float], list[float]]:
        # 0 (a missing value) is always among the values
        return [min(0.0, self.low / self.scale)], [max(0.0, self.high / self.scale)]

    def scaled(self, value: float) -> float:
        """The entry written for ``value``: held within ``low..high``, divided by ``scale``."""
        low, high = self.low, self.high
        return (value if low <= value <= high else low if value < low else high) / self.scale

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        value = source.get(self.key) if self.fn is None else self.fn(source)
        if value is not None and not isinstance(value, str):
            out[at] = self.scaled(value)

    def entries(self) -> Entries:
        """``scaled`` as a lookup by value (what a state writer reads for its counts)."""
        return Entries(self)


class Entries(dict[float, float]):
    """A ``Number``'s entry for each whole value of its range, looked up (``entries[n]``)
    rather than computed by a call: a state writer writes some twenty counts at every step.
    Any other value (out of range, a fraction) is scaled when asked, the same entry."""

    def __init__(self, number: Number) -> None:
        low, high = math.ceil(number.low), math.floor(number.high)
        super().__init__((n, number.scaled(n)) for n in range(low, high + 1))
        self.number = number

    def __missing__(self, value: float) -> float:
        return self.number.scaled(value)


class Flag(Field):
    """1 when the value is true, else 0."""

    __slots__ = ()

    def __init__(self, name: str, doc: str, get: Getter | str = "") -> None:
        super().__init__(name, 1, f"{doc} (1 if so)", get)

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        if source.get(self.key) if self.fn is None else self.fn(source):
            out[at] = 1.0


class OneHot(Field):
    """One slot per choice; all zeros when the value is missing (None).

    With ``other`` a last slot takes any value not listed (open text such as a chain link's
    description); without it an unlisted value is an error, so a new phase cannot pass unseen.
    """

    __slots__ = ("index", "other")

    def __init__(
        self,
        name: str,
        doc: str,
        choices: Sequence[Any],
        get: Getter | str = "",
        other: bool = False,
    ) -> None:
        listed = _vocab_doc([str(c) for c in choices]) + (", other" if other else "")
        super().__init__(name, len(choices) + other, f"{doc}: one-hot over {listed}", get)
        self.other = other
        self.index = {choice: i for i, choice in enumerate(choices)}

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        value = source.get(self.key) if self.fn is None else self.fn(source)
        if value is not None:
            i = self.index.get(value, self.size - 1 if self.other else -1)
            if i < 0:
                raise ValueError(f"{self.name}: {value!r} is not among its choices")
            out[at + i] = 1.0


class Counts(Field):
    """How many of each name: from a list of names or a {name: count} mapping, / ``scale``. A
    count is at most ``most``: one number for every name or one per name (the copies of each
    card, say); by default ``scale``, so each entry lies in 0..1."""

    __slots__ = ("index", "most", "scale")

    def __init__(
        self,
        name: str,
        doc: str,
        vocabulary: Sequence[str],
        scale: float = 1.0,
        get: Getter | str = "",
        most: float | Sequence[float] | None = None,
    ) -> None:
        per = f", / {scale:g}" if scale != 1 else ""
        doc = f"{doc}: a count of each of {_vocab_doc(vocabulary)}{per}"
        super().__init__(name, len(vocabulary), doc, get)
        self.scale = scale
        most = scale if most is None else most
        self.most = [float(most)] * self.size if isinstance(most, int | float) else list(most)
        if len(self.most) != self.size:
            raise ValueError(f"{name}: {len(self.most)} maxima for {self.size} names")
        self.index = {word: i for i, word in enumerate(vocabulary)}

    def bounds(self) -> tuple[list[float], list[float]]:
        return [0.0] * self.size, [most / self.scale for most in self.most]

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        value = source.get(self.key) if self.fn is None else self.fn(source)
        if value:
            add_counts(value, self.index, 1.0 / self.scale, out, at, self.name)


class Seat(Field):
    """A seat number as a one-hot over relative seats (+0 is the observer); None is all zeros."""

    __slots__ = ()

    def __init__(self, name: str, doc: str, players: int, get: Getter | str = "") -> None:
        doc = f"{doc}: one-hot over relative seats +0..+{players - 1}"
        super().__init__(name, players, doc, get)

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        value = source.get(self.key) if self.fn is None else self.fn(source)
        if value is not None and value >= 0:
            out[at + (value - ctx.me) % ctx.players] = 1.0


class Seats(Field):
    """A set of seats (a list of seat numbers) as a multi-hot over relative seats."""

    __slots__ = ()

    def __init__(self, name: str, doc: str, players: int, get: Getter | str = "") -> None:
        doc = f"{doc}: 1 per listed seat, relative seats +0..+{players - 1}"
        super().__init__(name, players, doc, get)

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        for seat in (source.get(self.key) if self.fn is None else self.fn(source)) or ():
            out[at + (seat - ctx.me) % ctx.players] = 1.0


class Group(Field):
    """Sub-fields read from one sub-object (a dict in the view, or nothing: all zeros)."""

    __slots__ = ("fields", "placed")

    def __init__(
        self, name: str, doc: str, fields: Sequence[Field], get: Getter | str = ""
    ) -> None:
        super().__init__(name, sum(f.size for f in fields), doc, get)
        self.fields = tuple(fields)
        self.placed = _placed(self.fields)

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        inner = source.get(self.key) if self.fn is None else self.fn(source)
        if inner is not None:
            for f, offset in self.placed:
                f.write(inner, ctx, out, at + offset)

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        rows = [(offset, 0, f"{prefix}{self.name}", f"{self.doc} (all zeros when absent)")]
        return rows + _inner_rows(self.fields, f"{prefix}{self.name}.", offset)

    def bounds(self) -> tuple[list[float], list[float]]:
        return _bounds(self.fields)


class PerSeat(Field):
    """A list with one entry per seat, written in relative order: the observer's first."""

    __slots__ = ("fields", "placed", "players", "width")

    def __init__(
        self, name: str, doc: str, players: int, fields: Sequence[Field], get: Getter | str = ""
    ) -> None:
        super().__init__(name, players * sum(f.size for f in fields), doc, get)
        self.fields, self.players = tuple(fields), players
        self.placed = _placed(self.fields)
        self.width = self.size // players

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        items = source.get(self.key) if self.fn is None else self.fn(source)
        if items is None:
            return
        for k in range(self.players):
            item = items[(ctx.me + k) % self.players]
            if not isinstance(item, Mapping):
                item = {"value": item}
            base = at + k * self.width
            for f, offset in self.placed:
                f.write(item, ctx, out, base + offset)

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        width = self.size // self.players
        doc = f"{self.doc}: {self.players} blocks of {width}, yours first (offsets of the first)"
        rows = [(offset, 0, f"{prefix}{self.name}[+k]", doc)]
        return rows + _inner_rows(self.fields, f"{prefix}{self.name}[+k].", offset)

    def bounds(self) -> tuple[list[float], list[float]]:
        low, high = _bounds(self.fields)
        return low * self.players, high * self.players


class Slots(Field):
    """The first ``length`` items of a list, each read by the same fields; zeros past the end."""

    __slots__ = ("fields", "length", "placed", "width")

    def __init__(
        self, name: str, doc: str, length: int, fields: Sequence[Field], get: Getter | str = ""
    ) -> None:
        super().__init__(name, length * sum(f.size for f in fields), doc, get)
        self.fields, self.length = tuple(fields), length
        self.placed = _placed(self.fields)
        self.width = self.size // length

    def write(self, source: Mapping[str, Any], ctx: Context, out: Buffer, at: int) -> None:
        for k, value in enumerate(
            ((source.get(self.key) if self.fn is None else self.fn(source)) or ())[: self.length]
        ):
            item = value if isinstance(value, Mapping) else {"value": value}
            base = at + k * self.width
            for f, offset in self.placed:
                f.write(item, ctx, out, base + offset)

    def rows(self, prefix: str = "", offset: int = 0) -> list[Row]:
        width = self.size // self.length
        doc = f"{self.doc}: the first {self.length} in order, {width} each (offsets of the first)"
        rows = [(offset, 0, f"{prefix}{self.name}[i]", doc)]
        return rows + _inner_rows(self.fields, f"{prefix}{self.name}[i].", offset)

    def bounds(self) -> tuple[list[float], list[float]]:
        low, high = _bounds(self.fields)
        return low * self.length, high * self.length


def _placed(fields: Sequence[Field]) -> tuple[tuple[Field, int], ...]:
    """Each field with its offset inside the block."""
    placed, offset = [], 0
    for f in fields:
        placed.append((f, offset))
        offset += f.size
    return tuple(placed)


def _inner_rows(fields: Sequence[Field], prefix: str, offset: int) -> list[Row]:
    rows: list[Row] = []
    for f in fields:
        rows.extend(f.rows(prefix, offset))
        offset += f.size
    return rows


def _bounds(fields: Sequence[Field]) -> tuple[list[float], list[float]]:
    low: list[float] = []
    high: list[float] = []
    for f in fields:
        field_low, field_high = f.bounds()
        low += field_low
        high += field_high
    return low, high


def _vocab_doc(vocabulary: Sequence[str]) -> str:
    if len(vocabulary) > 12:
        return f"{len(vocabulary)} names ({', '.join(vocabulary[:4])}, ... {vocabulary[-1]})"
    return ", ".join(vocabulary)


class Encoder:
    """A game's fields at one player count: ``size`` numbers, ``write(view, out)`` fills them.

    ``prepare`` (optional) rewrites a view before the fields read it, a pure function of the view.
    ``note`` (optional) is a sentence for the docs page about how the game is encoded.
    ``from_state`` (optional) writes the same vector straight from a state (a ``StateWriter``).
    """

    def __init__(
        self,
        game_id: str,
        players: int,
        fields: Sequence[Field],
        prepare: Callable[[JSON], JSON] | None = None,
        note: str = "",
        from_state: StateWriter | None = None,
    ) -> None:
        self.game_id, self.players, self.fields = game_id, players, tuple(fields)
        self.prepare, self.note, self.from_state = prepare, note, from_state
        self.size = sum(f.size for f in self.fields)
        self.placed = _placed(self.fields)

    def write(self, view: JSON, out: Buffer) -> None:
        """Write one seat's view (``view["seat"]`` is the observer) into ``out``, a zeroed buffer
        of ``size`` floats, by walking the fields."""
        seat = view.get("seat")
        if not isinstance(seat, int):
            raise ValueError("encode needs a seat's view (view(seat)), not a spectator's")
        if self.prepare is not None:
            view = self.prepare(view)
        ctx = Context(seat, self.players)
        for f, offset in self.placed:
            f.write(view, ctx, out, offset)

    def leaves(self) -> dict[str, tuple[int, Field]]:
        """Every field with its offset, by its layout name (``"seats[+k].score"``: in the first
        block of a repeated one), for a state writer to write where and what the fields do."""
        found: dict[str, tuple[int, Field]] = {}

        def walk(fields: Sequence[tuple[Field, int]], prefix: str, base: int) -> None:
            for f, offset in fields:
                name = prefix + f.name
                if isinstance(f, PerSeat):
                    name += "[+k]"
                elif isinstance(f, Slots):
                    name += "[i]"
                found[name] = (base + offset, f)
                if isinstance(f, Group | PerSeat | Slots):
                    walk(f.placed, name + ".", base + offset)

        walk(self.placed, "", 0)
        return found

    def encode(self, view: JSON) -> list[float]:
        """The vector of one seat's view, as a list."""
        out = [0.0] * self.size
        self.write(view, out)
        return out

    def bounds(self) -> tuple[list[float], list[float]]:
        """The least and greatest value of every entry, from the fields' declarations."""
        return _bounds(self.fields)

    def layout(self) -> list[Row]:
        """(offset, size, name, meaning) per leaf, blocks repeated per seat or item shown once."""
        return _inner_rows(self.fields, "", 0)

    def describe(self) -> str:
        """The layout as a markdown table (the docs pages' "Observation tensor" sections)."""
        lines = ["| offset | size | field | meaning |", "| --- | --- | --- | --- |"]
        for offset, size, name, doc in self.layout():
            lines.append(f"| {offset} | {size or ''} | `{name}` | {doc} |")
        return "\n".join(lines)
