"""Hostile input for every game: what a stranger may send, and the checks that the engine holds.

``Fuzzer(game_id, players, seed)`` plays a seeded game and throws at it, one input at a time:
garbage and near-miss move texts (legal notations with Unicode or huge digits, cut, re-cased,
padded, other games' notations, NUL and surrogates, megabytes of text), objects that are no
action, actions of other games and configurations, bad seats to every method that takes one
(view, events_since, determinize, observation, history_for, record_for), tampered records (as
objects, JSON text and files), option values and malformed setups. Every
answer is checked:

- only the documented errors escape (ConfigError, IllegalActionError, NotationError, RecordError;
  SeatError is a ConfigError);
- an accepted move was in the legal list;
- a refused move changes nothing: every slot of the state is the same value, and (sampled) every
  seat's view, the spectator's view, the legal list and the history are unchanged;
- a record whose tampering must be refused (an edited result, version, seed, player count...)
  is refused.

A breach is counted as ``undocumented`` with a short description; the tests and
``benchmarks/fuzz.py`` require none. Everything is drawn from one seeded generator, so a run is
reproducible from its seed.
"""

from __future__ import annotations

import json
import random
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from aerodeck.core.api import Action, Game, State
from aerodeck.core.errors import (
    AerodeckError,
    ConfigError,
    IllegalActionError,
    RecordError,
    excerpt,
)
from aerodeck.core.options import Option
from aerodeck.core.records import load_record, parse_record, replay
from aerodeck.core.registry import list_games, make

DOCUMENTED: tuple[type[AerodeckError], ...] = (ConfigError, IllegalActionError, RecordError)
"""The errors a stranger's input may raise (NotationError and SeatError are subclasses)."""

UNICODE_DIGITS = (
    "\u00b2",
    "\u0663",
    "\uff13",
    "\u06f5",
    "\u0967",
    "\u0d69",
    "\U0001d7d1",
    "\u00b9",
    "\u2085",
    "\u07c2",
    "\u3007",
    "\u216b",
)
"""Characters for which ``str.isdigit`` is true (or that look like digits) but are not ASCII."""
ODD_CHARACTERS = (
    "\x00",
    "\ud800",
    "\udfff",
    "\u200b",
    "\ufeff",
    "\xa0",
    "\t",
    "\n",
    "\r",
    "\x1b[31m",
    "ß",
    "İ",
    "\u017f",
    "\u202e",
    "\U0001f600",
    "\x7f",
    "\\",
    "'",
    '"',
    "[red]",
    "%s",
    "{0}",
)
JUNK_OBJECTS: tuple[object, ...] = (
    None,
    0,
    5,
    -1,
    True,
    1.5,
    float("nan"),
    10**5000,
    b"pass",
    bytearray(b"end"),
    ["pass"],
    ("pass",),
    {"action": "pass"},
    {"pass"},
    object(),
    Action(),
    Ellipsis,
)
BAD_SEATS: tuple[object, ...] = (
    -1,
    -2,
    -(10**30),
    True,
    False,
    1.0,
    0.0,
    "0",
    "1",
    "",
    [0],
    (0,),
    {0: 0},
    2**63,
    10**5000,
    object(),
    float("nan"),
)
WRONG_VALUES: tuple[object, ...] = (
    None,
    True,
    False,
    0,
    1,
    -5,
    999,
    2**63,
    -(2**63),
    10**30,
    1.5,
    float("inf"),
    "",
    "x",
    "1",
    "9" * 5000,
    "²",
    [],
    [1, 2],
    ["x"],
    {},
    {"a": 1},
    [[[[]]]],
)


@dataclass
class Tally:
    """What a run did: inputs per kind, refusals per error class, breaches, and notes (setups a
    game's reader did not foresee, refused by ``Game.new_game``'s net as ConfigError)."""

    inputs: Counter[str] = field(default_factory=Counter)
    accepted: Counter[str] = field(default_factory=Counter)
    refused: Counter[str] = field(default_factory=Counter)
    undocumented: Counter[str] = field(default_factory=Counter)
    notes: Counter[str] = field(default_factory=Counter)
    examples: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return sum(self.inputs.values())

    @property
    def breaches(self) -> int:
        return sum(self.undocumented.values())

    def breach(self, kind: str, what: str) -> None:
        self.undocumented[kind] += 1
        if len(self.examples) < 20:
            self.examples.append(f"{kind}: {what}")

    def merge(self, other: Tally) -> None:
        self.inputs.update(other.inputs)
        self.accepted.update(other.accepted)
        self.refused.update(other.refused)
        self.undocumented.update(other.undocumented)
        self.notes.update(other.notes)
        self.examples.extend(other.examples[: max(0, 20 - len(self.examples))])

    def summary(self) -> dict[str, Any]:
        return {
            "inputs": self.total,
            "by_kind": dict(sorted(self.inputs.items())),
            "accepted": sum(self.accepted.values()),
            "refused": dict(sorted(self.refused.items())),
            "undocumented": self.breaches,
            "notes": dict(sorted(self.notes.items())),
            "examples": self.examples,
        }


def _describe(value: object) -> str:
    return excerpt(value, 60)


@cache
def _configurations() -> tuple[tuple[str, int], ...]:
    return tuple((info.id, n) for info in list_games() for n in info.player_counts)


@cache
def _game(game_id: str, players: int) -> Game:
    return make(game_id, players)


@cache
def _notations(game_id: str, players: int) -> tuple[str, ...]:
    return tuple(str(a) for a in _game(game_id, players).action_table.actions)


@cache
def _all_notations() -> tuple[str, ...]:
    return tuple(sorted({text for config in _configurations() for text in _notations(*config)}))


@cache
def _foreign_actions(game_id: str, players: int) -> tuple[Action, ...]:
    """Actions of every other game and configuration (some equal to this game's by value)."""
    out: list[Action] = []
    for other in _configurations():
        if other == (game_id, players):
            continue
        table = _game(*other).action_table.actions
        out.extend(table[:: max(1, len(table) // 40)])
    return tuple(out)


def mutate_text(rng: random.Random, text: str) -> str:
    """A near miss of ``text`` (or plain garbage): the move texts a stranger or a typo sends."""
    roll = rng.randrange(16)
    if roll == 0 and any(c.isdigit() for c in text):
        return "".join(rng.choice(UNICODE_DIGITS) if c.isdigit() else c for c in text)
    if roll == 1:
        digits = "9" * rng.choice((5, 30, 300, 4301, 5000))
        return text + " " + digits if rng.random() < 0.5 else _swap_digits(text, digits)
    if roll == 2:
        return text[: rng.randrange(len(text) + 1)]
    if roll == 3:
        return rng.choice((text.upper(), text.swapcase(), text.title(), text.lower()))
    if roll == 4:
        pad = rng.choice((" ", "  ", "\t", "\n", "\r\n", "\x00", "\u3000", "\xa0"))
        return rng.choice((pad + text, text + pad, text.replace(" ", pad)))
    if roll == 5:
        return rng.choice(_all_notations())
    if roll == 6:
        i = rng.randrange(len(text) + 1)
        return text[:i] + rng.choice(ODD_CHARACTERS) + text[i:]
    if roll == 7:
        return text * rng.choice((2, 3, 70, 5000))
    if roll == 8:
        return text + " " + rng.choice(_all_notations())
    if roll == 9:
        return "".join(chr(rng.randrange(0x110000)) for _ in range(rng.randrange(1, 12)))
    if roll == 10:
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 20))).decode("latin-1")
    if roll == 11:
        return rng.choice(("", " ", "-1", "0", "1", "+1", "1e9", "0x10", "\u0661", "None", "pass"))
    if roll == 12:
        words = text.split()
        rng.shuffle(words)
        return " ".join(words)
    if roll == 13:
        return "x" * rng.choice((199, 200, 201, 10_000, 1_000_000))
    if roll == 14:
        return text.replace(" ", "") if " " in text else text + " " + str(rng.randrange(-9, 99))
    return _swap_digits(text, str(rng.choice((-1, 10, 99, 2**31, 2**64))))


def _swap_digits(text: str, digits: str) -> str:
    out, done = [], False
    for c in text:
        if c.isdigit() and not done:
            out.append(digits)
            done = True
        elif not (c.isdigit() and done and out and out[-1] == digits):
            out.append(c)
    return "".join(out) if done else text + " " + digits


class Fuzzer:
    """One game configuration under hostile input, driven by a seeded generator."""

    def __init__(self, game_id: str, players: int, seed: int, view_every: int = 16) -> None:
        self.rng = random.Random(seed)
        self.game = make(game_id, players)
        self.game_id, self.players = game_id, players
        self.notations = _notations(game_id, players)
        self.foreign = _foreign_actions(game_id, players)
        self.view_every = view_every
        self.tally = Tally()
        self.games = 0
        self.state = self._fresh()
        self._records: list[dict[str, Any]] = []
        self.setup_examples = self.game.setup_examples()
        self.setup_keys = sorted({key for example in self.setup_examples for key in example})
        self.setup_words = setup_words(self.setup_examples)

    # --- driving --------------------------------------------------------------------------

    def run(self, inputs: int) -> Tally:
        """Send ``inputs`` hostile inputs, moving the game on between them."""
        kinds: list[tuple[Callable[[], None], int]] = [
            (self.move_text, 60),
            (self.foreign_action, 8),
            (self.junk_object, 3),
            (self.bad_seat, 6),
            (self.option_value, 6),
            (self.record, 3),
            (self.setup, 2),
        ]
        actions, weights = zip(*kinds, strict=True)
        for step in range(inputs):
            self.rng.choices(actions, weights)[0]()
            if step % 3 == 0:
                self._advance()
        return self.tally

    def _fresh(self) -> State:
        self.games += 1
        return self.game.new_game(seed=self.rng.getrandbits(63))

    def _advance(self) -> None:
        """One legal move (a new game at the end), so inputs meet every phase of play."""
        if self.state.is_terminal:
            self._keep_record(self.state)
            self.state = self._fresh()
            return
        self.state.apply(self.rng.choice(self.state.legal_actions()))

    def _keep_record(self, state: State) -> None:
        if len(self._records) < 4:
            self._records.append(state.record())
        else:
            self._records[self.rng.randrange(4)] = state.record()

    # --- moves ----------------------------------------------------------------------------

    def move_text(self) -> None:
        legal = self.state.legal_actions()
        base = str(self.rng.choice(legal)) if legal else self.rng.choice(self.notations)
        self._try_move("move_text", mutate_text(self.rng, base))

    def foreign_action(self) -> None:
        self._try_move("foreign_action", self.rng.choice(self.foreign))

    def junk_object(self) -> None:
        self._try_move("junk_object", self.rng.choice(JUNK_OBJECTS))

    def _try_move(self, kind: str, move: object) -> None:
        state = self.tally.inputs[kind] % self.view_every == 0
        self.tally.inputs[kind] += 1
        legal = self.state.legal_actions()
        before = self._slots()
        seen = self._seen() if state else None
        try:
            self.state.apply(move)  # type: ignore[arg-type]
        except DOCUMENTED as error:
            self.tally.refused[type(error).__name__] += 1
            if self._slots() != before or (seen is not None and self._seen() != seen):
                self.tally.breach(kind, f"refused {_describe(move)} but the state changed")
        except Exception as error:  # counting what escapes is the point
            self.tally.breach(kind, f"{_describe(move)} -> {type(error).__name__}: {error}")
            self.state = self._fresh()
        else:
            self.tally.accepted[kind] += 1
            done = self.state.history()[-1]
            if done not in {str(a) for a in legal}:
                self.tally.breach(kind, f"accepted {_describe(move)} as illegal {done!r}")

    def _slots(self) -> tuple[object, ...]:
        state = self.state
        names = [name for name in type(state)._slot_names if name not in state.memo_slots]
        return tuple(_frozen(getattr(state, name, None)) for name in names)

    def _seen(self) -> tuple[object, ...]:
        state = self.state
        views = [state.view(seat) for seat in (None, *range(self.players))]
        events = [state.events_since(0, seat) for seat in (None, *range(self.players))]
        return (views, events, state.legal_actions(), state.history(), state.current_player)

    # --- seats ----------------------------------------------------------------------------

    def bad_seat(self) -> None:
        self.tally.inputs["bad_seat"] += 1
        seat = self.rng.choice((*BAD_SEATS, self.players, self.players + 1))
        calls: tuple[Callable[[], object], ...] = (
            lambda: self.state.view(seat),  # type: ignore[arg-type]
            lambda: self.state.events_since(0, seat),  # type: ignore[arg-type]
            lambda: self.state.determinize(seat, random.Random(1)),  # type: ignore[arg-type]
            lambda: self.state.observation(seat),  # type: ignore[arg-type]
            lambda: self.state.history_for(seat),  # type: ignore[arg-type]
            lambda: self.state.record_for(seat),  # type: ignore[arg-type]
        )
        method = self.rng.randrange(len(calls))
        try:
            calls[method]()
        except ConfigError as error:
            self.tally.refused[type(error).__name__] += 1
        except Exception as error:
            self.tally.breach("bad_seat", f"{_describe(seat)} -> {type(error).__name__}")
        else:
            self.tally.breach("bad_seat", f"seat {_describe(seat)} was accepted")

    # --- options --------------------------------------------------------------------------

    def option_value(self) -> None:
        self.tally.inputs["option_value"] += 1
        declared = _fuzzed_options(self.game)
        name, value = self._option_case(declared)
        try:
            game = make(self.game_id, self.players, **{name: value})
        except ConfigError as error:
            self.tally.refused[type(error).__name__] += 1
        except Exception as error:
            what = f"{name}={_describe(value)} -> {type(error).__name__}: {error}"
            self.tally.breach("option_value", what)
        else:
            self.tally.accepted["option_value"] += 1
            option = next((o for o in declared if o.name == name), None)
            if option is None or not _fits(option, game.options[name]):
                self.tally.breach("option_value", f"{name}={_describe(value)} was accepted")

    def _option_case(self, declared: list[Option]) -> tuple[str, object]:
        rng = self.rng
        if not declared or rng.random() < 0.05:
            return rng.choice(("nope", "", "x" * 300, "__class__", "\x00")), 1
        option = rng.choice(declared)
        default = option.default
        pool: list[object] = [*WRONG_VALUES, default, str(default)]
        if isinstance(default, bool):
            pool += [
                "yes",
                "no",
                "on",
                "off",
                "TRUE",
                " true ",
                "1",
                "0",
                1,
                0,
                "maybe",
                "\uff54rue",
            ]
        elif isinstance(default, int):
            low = option.minimum if option.minimum is not None else 0
            high = option.maximum if option.maximum is not None else 100
            pool += [low, high, low - 1, high + 1, str(high), f"+{low}", f" {low} ", "1_0"]
            pool += [
                "1.5",
                1.5,
                float(low),
                "\uff11\uff10",
                "\u0663",
                "\u00b2",
                "0x10",
                "1e3",
                "-0",
                "--1",
            ]
        else:
            pool += [*(option.choices or ()), "x" * 257, "a\x00b", "\ud800", "\u202eabc"]
            pool += [c.upper() for c in option.choices or ()]
        return option.name, rng.choice(pool)

    # --- setups ---------------------------------------------------------------------------

    def setup(self) -> None:
        self.tally.inputs["setup"] += 1
        setup = self._random_setup()
        try:
            state = self.game.new_game(seed=self.rng.getrandbits(63), setup=setup)  # type: ignore[arg-type]
            state.check_invariants()
            moves = 0
            while not state.is_terminal and moves < 12:
                legal = state.legal_actions()
                if not legal:
                    self.tally.breach("setup", f"no legal move after setup {_describe(setup)}")
                    return
                state.apply(self.rng.choice(legal))
                moves += 1
            state.view(None)
            state.check_invariants()
        except DOCUMENTED as error:
            self.tally.refused[type(error).__name__] += 1
            if str(error).startswith("this setup does not fit"):
                self.tally.notes["setup refused by core's net"] += 1
        except Exception as error:
            what = f"{_describe(json.dumps(setup, default=repr))} -> {type(error).__name__}"
            self.tally.breach("setup", f"{what}: {excerpt(str(error), 80)}")
        else:
            self.tally.accepted["setup"] += 1

    def _random_setup(self) -> object:
        rng = self.rng
        roll = rng.random()
        if roll < 0.05:
            return rng.choice(WRONG_VALUES)
        if roll < 0.25 or not self.setup_examples:
            keys = self.setup_keys or self.setup_words
            chosen = rng.sample(keys, rng.randrange(1, min(4, len(keys)) + 1))
            return {key: self._setup_value(2) for key in chosen}
        setup = _copy(rng.choice(self.setup_examples))
        for _ in range(rng.choice((1, 1, 1, 2, 3))):
            setup = self._mutate_json(setup)
        return setup

    def _mutate_json(self, value: Any) -> Any:
        """``value`` with one place changed: a leaf made wrong or near, a key or item dropped."""
        rng = self.rng
        if isinstance(value, dict) and value and rng.random() < 0.8:
            key = rng.choice(sorted(value))
            if rng.random() < 0.15:
                return {k: v for k, v in value.items() if k != key}
            return {**value, key: self._mutate_json(value[key])}
        if isinstance(value, list) and value and rng.random() < 0.8:
            i = rng.randrange(len(value))
            roll = rng.random()
            if roll < 0.1:
                return value[:i] + value[i + 1 :]
            if roll < 0.2:
                return [*value, value[i]]
            return [*value[:i], self._mutate_json(value[i]), *value[i + 1 :]]
        return self._near(value)

    def _near(self, value: Any) -> Any:
        rng = self.rng
        if isinstance(value, bool):
            return rng.choice((not value, int(value), str(value).lower()))
        if isinstance(value, int):
            return rng.choice((value + 1, value - 1, -1, 99, str(value), float(value), True))
        if isinstance(value, str) and value and rng.random() < 0.5:
            return rng.choice((value.lower(), value.upper(), value[:-1], value + "x", [value]))
        return rng.choice((*WRONG_VALUES, self._setup_value(1)))

    def _setup_value(self, depth: int) -> object:
        rng = self.rng
        words = [w for text in rng.sample(self.notations, 3) for w in text.split()]
        atoms: list[object] = [*WRONG_VALUES[:16], *words, *self.setup_words, -1, 0, 1, 2, 3, 7, 52]
        roll = rng.random()
        if depth <= 0 or roll < 0.35:
            return rng.choice(atoms)
        if roll < 0.7:
            count = rng.choice((0, 1, self.players, self.players, 5, 60))
            return [self._setup_value(depth - 1) for _ in range(count)]
        names = [*rng.sample(self.setup_words, 3), str(rng.randrange(self.players + 1))]
        return {name: self._setup_value(depth - 1) for name in names[: rng.randrange(1, 4)]}

    # --- records --------------------------------------------------------------------------

    def record(self) -> None:
        self.tally.inputs["record"] += 1
        base = self._base_record()
        must_fail, case = self._tamper(base)
        try:
            if isinstance(case, bytes):
                with tempfile.TemporaryDirectory(prefix="aerodeck-fuzz-") as folder:
                    path = Path(folder) / "record.json"
                    path.write_bytes(case)
                    replay(load_record(path))
            elif isinstance(case, str):
                replay(parse_record(case))
            else:
                replay(case)  # type: ignore[arg-type]
        except RecordError as error:
            self.tally.refused[type(error).__name__] += 1
            if "\n" in str(error) or len(str(error)) > 600:
                self.tally.breach("record", f"a long or multi-line message: {excerpt(str(error))}")
        except Exception as error:
            what = f"{must_fail or 'tampered'} -> {type(error).__name__}: {excerpt(str(error), 80)}"
            self.tally.breach("record", what)
        else:
            self.tally.accepted["record"] += 1
            if must_fail:
                self.tally.breach("record", f"a record with {must_fail} replayed")

    def _base_record(self) -> dict[str, Any]:
        if self._records and self.rng.random() < 0.3:
            return _copy(self.rng.choice(self._records))
        return _copy(self.state.record())

    def _tamper(self, record: dict[str, Any]) -> tuple[str, object]:
        """A tampered copy of ``record`` and, when it must be refused, why."""
        rng = self.rng
        roll = rng.randrange(15)
        if roll == 14:
            record["seating"] = rng.choice(
                (
                    "x",
                    {"human": -1, "bots": {}},
                    {"human": 0, "bots": {"\u00b2": "random"}},
                    {"human": None, "bots": {"9" * 5000: "random"}},
                    {"human": True, "bots": {"1": "random"}},
                    {"human": 0, "bots": {"1": ""}},
                    {"human": 0, "extra": 1, "bots": {}},
                )
            )
            return "a bad seating", record
        if roll == 0:  # any field, any wrong value: may happen to be harmless, never a crash
            record[rng.choice(sorted(record))] = rng.choice(WRONG_VALUES)
            return "", record
        if roll == 1:
            del record[rng.choice(("game", "players", "options", "seed", "actions"))]
            return "a field missing", record
        if roll == 2:
            record[rng.choice(("version", "game_version"))] = rng.choice(
                (999, 0, 2, "x", "1", None, True, 1.0, [1])
            )
            return "an edited version", record
        if roll == 3:
            record["seed"] = rng.choice((-5, -1, 2**63, 10**30, 10**5000, "5", 5.5, True, None))
            return "a bad seed", record
        if roll == 4:
            record["players"] = rng.choice((None, "2", 2.0, True, 0, 1, 99, -2))
            return "bad players", record
        if roll == 5:
            return self._tamper_result(record)
        if roll == 6 and record["actions"]:
            i = rng.randrange(len(record["actions"]))
            record["actions"][i] = mutate_text(rng, record["actions"][i])
            return "", record
        if roll == 7 and record["actions"]:
            actions = record["actions"]
            i, j = rng.randrange(len(actions)), rng.randrange(len(actions))
            choice = rng.randrange(4)
            if choice == 0:
                actions.insert(i, actions[j])
            elif choice == 1:
                del actions[i]
            elif choice == 2:
                actions[i], actions[j] = actions[j], actions[i]
            else:
                actions[i] = rng.choice(JUNK_OBJECTS[:13])
            return "", record
        if roll == 8:
            text = json.dumps(record)
            return "a cut text", text[: rng.randrange(len(text))]
        if roll == 9:
            depth = rng.choice((33, 100, 1000, 5000, 100_000))
            inner = "[" * depth + "]" * depth
            return "deep nesting", json.dumps(record)[:-1] + f', "setup": {inner}}}'
        if roll == 10:
            data = json.dumps(record).encode()
            i = rng.randrange(len(data))
            bad = bytes((rng.choice((0x80, 0xC3, 0xFF, 0xED, 0xF4)),))
            return "", data[:i] + bad + data[i + 1 :]
        if roll == 11:
            record["setup"] = rng.choice(("x", 5, [], ["x"], True, {"x": [[[]]]}))
            return ("a bad setup" if not isinstance(record["setup"], dict) else ""), record
        if roll == 12:
            declared = _fuzzed_options(self.game)
            name, value = self._option_case(declared)
            if rng.random() < 0.1:
                name, value = rng.choice(("players", "name", "seed", "")), 1
            record["options"] = {**record["options"], name: value}
            return "", record
        huge = rng.choice(("seed", "actions", "text"))
        if huge == "seed":
            return "a 5,000-digit seed", json.dumps(record)[:-1] + ', "seed": ' + "7" * 5000 + "}"
        if huge == "actions":
            record["actions"] = record["actions"] + ["pass"] * 200_001
            return "too many actions", record
        return "a text over 16 MB", " " * (16 * 1024 * 1024) + json.dumps(record)

    def _tamper_result(self, record: dict[str, Any]) -> tuple[str, object]:
        rng = self.rng
        original = json.loads(json.dumps(record.get("result")))
        if not isinstance(original, dict) or rng.random() < 0.3:
            record["result"] = rng.choice(
                ("x", [], None, {}, {"returns": None}, {"returns": [1.0], "winners": [0]})
            )
        else:
            result = record["result"]
            key = rng.choice(("returns", "winners", "extra", "missing"))
            if key == "extra":
                result["note"] = "mine"
            elif key == "missing":
                del result[rng.choice(("returns", "winners"))]
            elif key == "winners":
                result["winners"] = rng.choice(([], [0], [1], [0, 1], [True], ["0"], None))
            else:
                result["returns"] = rng.choice(([1.0, 0.0], [0.0, 1.0], [0.5, 0.5], [], None))
        return ("" if record["result"] == original else "an edited result"), record


def _frozen(value: object) -> object:
    """A slot's value as it is now. A state may edit its lists, dicts and sets in place (Race to
    Ace's hands), so those are copied where the comparison must see a change; tuples are kept as
    they are (immutable, and the event chain is thousands of them deep)."""
    if isinstance(value, list):
        return ("list", tuple(_frozen(item) for item in value))
    if isinstance(value, dict):
        return ("dict", tuple((key, _frozen(item)) for key, item in value.items()))
    if isinstance(value, set):
        return frozenset(value)
    return value


def _fuzzed_options(game: Game) -> list[Option]:
    """The options given wrong values: all but those taking a whole data table inline (a
    course, a data set, a campaign), fuzzed by their own tests (tests/core/test_userdata.py,
    tests/test_no_file_reads.py), where here they would only slow the run."""
    return [option for option in game.info.options if not option.inline]


def _copy(record: dict[str, Any]) -> dict[str, Any]:
    copied: dict[str, Any] = json.loads(json.dumps(record))
    return copied


def _fits(option: Option, value: object) -> bool:
    """An accepted option value has the option's type and range (or is inline data)."""
    if option.inline and isinstance(value, dict):
        return True
    if type(value) is not type(option.default):
        return False
    if isinstance(value, bool):
        return True
    if isinstance(value, int):
        low, high = option.minimum, option.maximum
        return (low is None or value >= low) and (high is None or value <= high)
    assert isinstance(value, str)
    return (
        value.isprintable()
        and len(value) <= 256
        and (option.choices is None or value in option.choices)
    )


GENERIC_SETUP_WORDS = ("hands", "deck", "first", "scores", "round", "0", "1")
"""Names a card game's setup might use, tried on every game beside the words of its own setup
examples (``Game.setup_examples``) and notation."""


def setup_words(examples: tuple[dict[str, Any], ...]) -> list[str]:
    """Every key and text in a game's setup examples, then the generic words: what its setup
    reader knows, so random setups get past the first checks."""
    found: set[str] = set()

    def walk(value: object) -> None:
        if isinstance(value, dict):
            found.update(str(key) for key in value)
            for item in value.values():
                walk(item)
        elif isinstance(value, list):
            for item in value:
                walk(item)
        elif isinstance(value, str):
            found.add(value)

    walk(list(examples))
    return [*sorted(found), *(w for w in GENERIC_SETUP_WORDS if w not in found)]


def configurations() -> Iterator[tuple[str, int]]:
    """Every registered game at every player count."""
    yield from _configurations()
