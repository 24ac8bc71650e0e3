"""Stacked scenarios (``new_game(seed, setup)``): aircraft, altitude, hands, deck and more,
checked with one-line ConfigErrors, so that tests and the rulebook's examples start anywhere."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.errors import ConfigError
from aerodeck.core.rng import shuffle
from aerodeck.core.tuples import replace_at as _put
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES
from aerodeck.games.down_in_flames.phases import ALT_PICK, POSITION_WORDS, Hand

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.rules import DifState


def read_setup(self: DifState, setup: Mapping[str, Any], pool: list[int]) -> None:
    """The duel's stacked scenario (see the docs page): aircraft, altitude, hands, deck and more
    per seat (several aircraft: ``read_aircraft_setup``)."""
    keys = {"aircraft", "altitude", "range", "position", "hands", "deck", "first", "step"}
    keys |= {"round", "missiles", "countermeasures", "afterburners", "afterburner_on", "skills"}
    unknown = sorted(set(setup) - keys)
    if unknown:
        raise ConfigError(f"unknown setup key {unknown[0]!r} ({', '.join(sorted(keys))})")
    data = self.data

    def pair(key: str, read: Callable[[Any], Any]) -> tuple[Any, Any] | None:
        if key not in setup:
            return None
        values = setup[key]
        if not isinstance(values, list | tuple) or len(values) != 2:
            raise ConfigError(f"setup {key}: give one value per seat (2)")
        return read(values[0]), read(values[1])

    def card_list(values: Any, key: str) -> list[int]:
        if not isinstance(values, list | tuple):
            raise ConfigError(f"setup {key}: a list of card titles")
        return [data.card(str(v)).index for v in values]

    def choice(options: tuple[str, ...], key: str) -> Callable[[Any], int]:
        def read(value: Any) -> int:
            text = str(value).strip().lower()
            names = [o.lower() for o in options]
            if text not in names:
                raise ConfigError(f"setup {key}: {value!r} is not one of {', '.join(options)}")
            return names.index(text)

        return read

    def count(key: str, high: int) -> Callable[[Any], int]:
        def read(value: Any) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
                raise ConfigError(f"setup {key}: a whole number 0..{high}, not {value!r}")
            return value

        return read

    planes = pair("aircraft", lambda v: data.plane(str(v)).index)
    hands = pair("hands", lambda v: card_list(v, "hands"))
    top = card_list(setup.get("deck", []), "deck")
    _stack(self, [c for h in (hands or ((), ())) for c in h], top, pool, "setup")
    if planes is None:
        if any(k in setup for k in keys - {"deck"}):
            raise ConfigError("setup: give 'aircraft' before any other set-up key but 'deck'")
        return
    self.planes = planes
    skills = pair("skills", lambda v: _read_skills(self, v))
    if skills is not None:
        self.skills, self.skills_shown = skills, True
    self._arm()
    self.planes_shown = True
    if hands is not None:
        self.hands = (tuple(sorted(hands[0])), tuple(sorted(hands[1])))
    else:
        self._opening_hands()
    alts = pair("altitude", choice(ALTITUDES, "altitude"))
    bands = pair("range", choice(RANGES, "range"))
    if bands is not None:
        self.bands = bands
    pos = 0  # seat 0's position on seat 1
    if "position" in setup:
        pos = choice(tuple(POSITION_WORDS), "position")(setup["position"]) - 2
        held = ((1, pos), (-1, 0)) if pos > 0 else ((-1, 0), (0, -pos)) if pos else None
        self.on = held or self.on
    cms = pair("countermeasures", count("countermeasures", 99))
    if cms is not None:
        self.cms = cms
    burners = pair("afterburners", count("afterburners", 9))
    if burners is not None:
        self.burners = burners
    lit = pair("afterburner_on", _flag)
    if lit is not None:
        self.burner_on = lit
    if "missiles" in setup:
        missiles = pair("missiles", lambda v: _read_missiles(self, v))
        assert missiles is not None
        self.missiles = missiles
    if "round" in setup:
        self.round = count("round", data.constants.rounds_per_dogfight)(setup["round"]) or 1
    if alts is None:
        if pos:
            raise ConfigError("setup position needs 'altitude' too")
        self.phase, self.to_act = ALT_PICK, 0
        return
    self.alts = alts
    self.alts_shown = True
    if pos and self.mutual(0, 1) > self.reach(0 if pos > 0 else 1):
        raise ConfigError("setup position: Advantage or Tailing is held only within weapon reach")
    if "first" not in setup:
        self._initiative()
        return
    first = count("first", 1)(setup["first"])
    step = setup.get("step", "turn")
    if step not in ("turn", "play"):
        raise ConfigError("setup step: 'turn' (start of a turn) or 'play' (its Play Cards step)")
    if step == "play":
        self._emit({"type": "turn", "seat": first, "round": self.round})
        self._turn_taken(first)
        self._play_step()
    else:
        self._begin_turn(first)


def read_aircraft_setup(self: DifState, setup: Mapping[str, Any], pool: list[int]) -> None:
    """A stacked position (tests, examples): every aircraft's type, altitude, band and hand,
    the deck top, held positions ``{"0": [2, "tailing"]}`` and the aircraft to fly, which
    starts in its Play Cards step."""
    keys = {"aircraft", "altitude", "range", "hands", "deck", "on", "flying", "skills"}
    required = keys - {"deck", "on", "skills"}
    if set(setup) - keys or required - set(setup):
        raise ConfigError(
            "melee setup: give aircraft, altitude, range, hands and flying (deck, on and "
            "skills are optional)"
        )
    data = self.data

    self.planes = tuple(data.plane(str(v)).index for v in _each(setup, self.n, "aircraft"))
    names = [x.lower() for x in ALTITUDES]
    try:
        self.alts = tuple(names.index(str(v).lower()) for v in _each(setup, self.n, "altitude"))
        self.bands = tuple(RANGES.index(str(v)) for v in _each(setup, self.n, "range"))
    except ValueError as err:
        raise ConfigError("melee setup: altitudes Low/Medium/High, ranges G/HS/RH/AH") from err
    hands = [
        tuple(sorted(data.card(str(c)).index for c in h)) for h in _each(setup, self.n, "hands")
    ]
    top = [data.card(str(c)).index for c in setup.get("deck", [])]
    _stack(self, [c for h in hands for c in h], top, pool, "melee setup")
    self.hands = tuple(hands)
    self.planes_shown = self.alts_shown = self.skills_shown = True
    if "skills" in setup:
        try:
            self.skills = tuple(
                tuple(sorted(self.game.skill_ix[str(k)] for k in names))
                for names in _each(setup, self.n, "skills")
            )
        except KeyError as err:
            raise ConfigError(f"melee setup skills: no skill {err}") from err
    for i in range(self.n):
        load = [0] * len(data.missiles)
        for index, pairs in self.plane(i).load:
            load[index] = 2 * pairs
        self.missiles = _put(self.missiles, i, tuple(load))
        self.cms = _put(self.cms, i, self.plane(i).countermeasures)
    aircraft = [str(a) for a in range(self.n)]
    for key, held in dict(setup.get("on", {})).items():
        target, word = held if isinstance(held, list) and len(held) == 2 else ("", "")
        level = {"advantage": 1, "tailing": 2}.get(str(word).lower(), 0)
        if not {key, str(target)} <= set(aircraft) or str(target) == key or not level:
            raise ConfigError('melee setup on: {"aircraft": [another aircraft, "advantage"]}')
        self.on = _put(self.on, int(key), (int(target), level))
    flying = setup["flying"]
    if str(flying) not in aircraft or isinstance(flying, bool):
        raise ConfigError(f"melee setup flying: an aircraft 0 to {self.n - 1}")
    flying = int(str(flying))
    self.flyer, self.last_side = flying, self.side(flying)
    self.flown = _put(self.flown, flying, True)
    self.phase = ""
    self._play_step()


def _stack(self: DifState, dealt: list[int], top: list[int], pool: list[int], what: str) -> None:
    """The deck: ``top`` first, then the cards left once ``dealt`` and ``top`` are taken from
    ``pool``, shuffled."""
    for card in dealt + top:
        if card not in pool:
            raise ConfigError(f"{what}: more {self._title(card)!r} cards than the deck holds")
        pool.remove(card)
    self.rng_seed = shuffle(self.rng_seed, pool)
    self.deck = tuple(top) + tuple(pool)


def _each(setup: Mapping[str, Any], n: int, key: str) -> list[Any]:
    """A several-aircraft setup's values for ``key``, one per aircraft."""
    values = setup[key]
    if not isinstance(values, list | tuple) or len(values) != n:
        raise ConfigError(f"melee setup {key}: one value per aircraft ({n})")
    return list(values)


def _read_missiles(self: DifState, value: Any) -> Hand:
    if not isinstance(value, Mapping):
        raise ConfigError("setup missiles: one table {missile: count} per seat")
    counts = [0] * len(self.data.missiles)
    for name, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 9:
            raise ConfigError(f"setup missiles: {name}: a count 0..9")
        counts[self.data.missile(str(name)).index] = n
    return tuple(counts)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"setup afterburner_on: true or false, not {value!r}")
    return value


def _read_skills(self: DifState, value: Any) -> Hand:
    if not isinstance(value, list | tuple):
        raise ConfigError("setup skills: one list of skill names per seat")
    names = [s.name for s in self.data.skills]
    out = []
    for name in value:
        if name not in names:
            raise ConfigError(f"setup skills: no skill {name!r} in the data set")
        out.append(names.index(name))
    return tuple(sorted(set(out)))
