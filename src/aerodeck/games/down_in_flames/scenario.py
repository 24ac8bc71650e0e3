"""Stacked scenarios (``new_game(seed, setup)``): aircraft, altitude, hands, deck and more,
checked with one-line ConfigErrors, so that tests and the rulebook's examples start anywhere."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.rng import shuffle
from aerodeck.core.setups import check_setup_keys
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES
from aerodeck.games.down_in_flames.phases import ALT_PICK, POSITION_WORDS, Hand, Refit
from aerodeck.games.down_in_flames.skills import campaign_only

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.rules import DifState


KEYS = frozenset(
    {"aircraft", "altitude", "range", "position", "on", "hands", "deck", "first", "step", "flying"}
    | {"round", "missiles", "countermeasures", "afterburners", "afterburner_on", "skills"}
)


def read_setup(self: DifState, setup: Mapping[str, Any], pool: list[int]) -> None:
    """A stacked scenario (see the docs page): one value per aircraft (the duel's two are its
    seats) for the aircraft, altitude, range band, hand, counters and skills; the deck's top,
    the positions held, the round and who flies first. What is left out is played as usual."""
    check_setup_keys(setup, sorted(KEYS))
    data, n = self.data, self.n_aircraft

    def each(key: str, read: Callable[[Any], Any]) -> tuple[Any, ...] | None:
        if key not in setup:
            return None
        values = setup[key]
        if not isinstance(values, list | tuple) or len(values) != n:
            raise ConfigError(f"setup {key}: give one value per aircraft ({n})")
        return tuple(read(v) for v in values)

    def card_list(values: Any, key: str) -> list[int]:
        if not isinstance(values, list | tuple):
            raise ConfigError(f"setup {key}: a list of card titles")
        return [data.card(str(v)).index for v in values]

    def choice(options: tuple[str, ...], key: str) -> Callable[[Any], int]:
        def read(value: Any) -> int:
            text = str(value).strip().lower()
            names = [o.lower() for o in options]
            if text not in names:
                known = ", ".join(options)
                raise ConfigError(f"setup {key}: {excerpt(value)} is not one of {known}")
            return names.index(text)

        return read

    def count(key: str, high: int) -> Callable[[Any], int]:
        def read(value: Any) -> int:
            if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= high:
                raise ConfigError(f"setup {key}: a whole number 0..{high}, not {excerpt(value)}")
            return value

        return read

    planes = each("aircraft", lambda v: data.plane(str(v)).index)
    hands = each("hands", lambda v: tuple(sorted(card_list(v, "hands"))))
    top = card_list(setup.get("deck", []), "deck")
    _stack(self, [c for h in (hands or ()) for c in h], top, pool, "setup")
    if planes is None:
        if set(setup) - {"deck"}:
            raise ConfigError("setup: give 'aircraft' before any other set-up key but 'deck'")
        return
    for a, plane in enumerate(planes):
        self._choose(a, plane=plane)
    self.planes_shown = True
    skills = each("skills", lambda v: _read_skills(self, v))
    if skills is not None:
        for a, held in enumerate(skills):
            self._choose(a, skills=held)
    self._show_skills(skills is not None or not self.duel or self.skills_shown)
    self._arm()
    if hands is not None:
        self.hands = hands
    else:
        self._opening_hands()
    # Each aircraft's counters, missiles and range band, as given (the field they set).
    fields: tuple[tuple[str, Refit, Callable[[Any], Any]], ...] = (
        ("countermeasures", "countermeasures", count("countermeasures", 99)),
        ("afterburners", "afterburners", count("afterburners", 9)),
        ("afterburner_on", "burner_lit", _flag),
        ("missiles", "missiles", lambda v: _read_missiles(self, v)),
        ("range", "band", choice(RANGES, "range")),
    )
    for key, field, read in fields:
        values = each(key, read)
        for a, value in enumerate(values or ()):
            self._refit(a, field, value)
    if "round" in setup:
        self.round = count("round", data.constants.rounds_per_dogfight)(setup["round"]) or 1
    alts = each("altitude", choice(ALTITUDES, "altitude"))
    held = _read_positions(self, setup)
    if alts is None:
        if held:
            raise ConfigError("setup position: needs 'altitude' too")
        self.phase, self.to_act = ALT_PICK, self.owners[0]
        return
    for a, altitude in enumerate(alts):
        self._refit(a, "altitude", altitude)
    self.altitudes_shown = True
    for a, (t, level) in held:
        if self.mutual(a, t) > self.reach(a):
            raise ConfigError(
                "setup position: Advantage or Tailing is held only within weapon reach"
            )
        self._refit(a, "position", (t, level))
    key = "flying" if "flying" in setup else "first"  # flying: first, from its Play Cards step
    step = "play" if key == "flying" else setup.get("step", "turn")
    if key not in setup:
        self._initiative()
        return
    first = count(key, n - 1)(setup[key])
    if step not in ("turn", "play"):
        raise ConfigError("setup step: 'turn' (start of a turn) or 'play' (its Play Cards step)")
    if step == "play":
        self._emit({"type": "turn", "seat": first, "round": self.round})
        self._turn_taken(first)
        self._play_step()
    else:
        self._begin_turn(first)


def _read_positions(self: DifState, setup: Mapping[str, Any]) -> list[tuple[int, tuple[int, int]]]:
    """The positions held: ``on`` ({"0": [2, "tailing"]}: aircraft 0 Tailing aircraft 2), or
    in the duel ``position``, seat 0's on seat 1 (a negative one is seat 1's on seat 0)."""
    out: list[tuple[int, tuple[int, int]]] = []
    if "position" in setup:
        text = str(setup["position"]).strip().lower()
        if self.n_aircraft != 2 or text not in POSITION_WORDS:
            raise ConfigError(
                f"setup position: one of {', '.join(POSITION_WORDS)} (the duel's; else 'on')"
            )
        rel = POSITION_WORDS.index(text) - 2
        if rel:
            out.append((0, (1, rel)) if rel > 0 else (1, (0, -rel)))
    for key, value in dict(setup.get("on", {})).items():
        target, word = value if isinstance(value, list | tuple) and len(value) == 2 else ("", "")
        level = {"advantage": 1, "tailing": 2}.get(str(word).lower(), 0)
        aircraft = [str(a) for a in range(self.n_aircraft)]
        if not {str(key), str(target)} <= set(aircraft) or str(target) == str(key) or not level:
            raise ConfigError('setup on: {"aircraft": [another aircraft, "advantage"]}')
        out.append((int(key), (int(target), level)))
    return out


def _stack(self: DifState, dealt: list[int], top: list[int], pool: list[int], what: str) -> None:
    """The deck: ``top`` first, then the cards left once ``dealt`` and ``top`` are taken from
    ``pool``, shuffled."""
    for card in dealt + top:
        if card not in pool:
            raise ConfigError(f"{what}: more {self._title(card)!r} cards than the deck holds")
        pool.remove(card)
    self.rng_seed = shuffle(self.rng_seed, pool)
    self.deck = tuple(top) + tuple(pool)


def _read_missiles(self: DifState, value: Any) -> Hand:
    if not isinstance(value, Mapping):
        raise ConfigError("setup missiles: one table {missile: count} per seat")
    counts = [0] * len(self.data.missiles)
    for name, n in value.items():
        if isinstance(n, bool) or not isinstance(n, int) or not 0 <= n <= 9:
            raise ConfigError(f"setup missiles: {excerpt(name)}: a count 0..9")
        counts[self.data.missile(str(name)).index] = n
    return tuple(counts)


def _flag(value: Any) -> bool:
    if not isinstance(value, bool):
        raise ConfigError(f"setup afterburner_on: true or false, not {excerpt(value)}")
    return value


def _read_skills(self: DifState, value: Any) -> Hand:
    if not isinstance(value, list | tuple):
        raise ConfigError("setup skills: one list of skill names per seat")
    names = [s.name for s in self.data.skills]
    out = []
    for name in value:
        if name not in names:
            raise ConfigError(f"setup skills: no skill {excerpt(name)} in the data set")
        if campaign_only(self.data.skills[names.index(name)]) and not self.game.mission_vp:
            raise ConfigError(
                f"setup skills: {name} is a campaign skill, given only in a campaign mission (R58)"
            )
        out.append(names.index(name))
    return tuple(sorted(set(out)))
