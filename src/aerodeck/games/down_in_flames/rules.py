"""Down In Flames: Locked-On as one pure state machine (no I/O): the duel is the game with one
aircraft a side; team games and free-for-all fly several (digest §7.1-§7.3, §18.3-§18.7).
Rulings R1..Rn are in docs/games/down_in_flames.md.

Aircraft are numbered 0..n-1; aircraft ``i`` belongs to player ``i // per_player``; a player's
side is its seat modulo 2 (teams) or its seat (free-for-all). Positions are held, not mutual:
``on[a] = (t, 1|2)`` means aircraft ``a`` is at Advantage (1) or Tailing (2) on ``t``; seen from
``t`` that is Disadvantaged or Tailed. With several aircraft every card play, Speed Maneuver and
attack names its target aircraft (``@t`` in the notation); in the duel, with one enemy, it does
not, and the duel keeps its own events and view (``duel``), so that its records and encoding
stay as they were. The phases are named steps, each with its legal-move generator
(``_legal_<phase>``) and apply (``_do_<phase>``), dispatched by ``phases.by_phase``:

    pick, skill, alt-pick, angle, initiative, order    set-up and who flies next
    burner -> discard(pre) -> altitude -> speed -> play -> discard(post)      each turn
    react        an action/reaction cycle (also the missile's and a site's fight)
    launch       after a Tone stands: launch or hold
    follow       the aircraft holding the mover may follow an altitude change
    pay          choosing the cards a cost discards (climb, guns, stall, following)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, OVER, Action
from aerodeck.core.errors import ConfigError
from aerodeck.core.rng import roll, shuffle
from aerodeck.core.tuples import replace_at as _put
from aerodeck.core.tuples import without as _without
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.actions import Catalogue, Move
from aerodeck.games.down_in_flames.data import (
    ALTITUDES,
    RANGES,
    Aircraft,
    CardType,
    DataSet,
    Site,
)
from aerodeck.games.down_in_flames.flight import AH, GUN, HIGH, LOW, POSITIONS
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    ALTITUDE,
    ANGLE,
    BURNER,
    DISCARD,
    FOLLOW,
    LAUNCH,
    NO_CARD,
    ORDER,
    PAY,
    PHASES,
    PICK,
    PLAY,
    POST,
    REACT,
    SKILL,
    SPEED,
    THEN_AFTER,
    TIMELY,
    AfterFollow,
    AfterPay,
    Hand,
    Link,
    by_phase,
)
from aerodeck.games.down_in_flames.phases import INITIATIVE as INITIATIVE_PHASE
from aerodeck.games.down_in_flames.reasons import why
from aerodeck.games.down_in_flames.scenario import read_setup
from aerodeck.games.down_in_flames.shared import (
    AircraftRules,
    _lent_plays,
    _range_moves,
    _reach,
    _speed_moves,
    reacts,
)
from aerodeck.games.down_in_flames.skills import (
    ANGLES,
    EXPERTISE,
    INITIATIVE,
    NO_MODS,
    RATINGS,
    can_step,
    gun_cost,
    offered,
    why_expertise,
)

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames

SITE = -2  # the site's place in a cycle's chain
NONE = (-1, 0)


class DifState(AircraftRules):
    """The whole dogfight; slots hold only immutable values (cheap ``clone``)."""

    __slots__ = (
        "alive",
        "angle_queue",
        "duel",
        "flown",
        "foes",
        "follow_queue",
        "kills",
        "last_side",
        "n",
        "nfod",
        "on",
        "pick_i",
        "reactor",
        "side_turn",
        "sides",
        "site_checked",
        "target",
        "team_queue",
        "team_used",
        "turn_no",
        "unit_i",
    )

    game: DownInFlames
    data: DataSet
    n: int
    duel: bool  # one aircraft a side: the duel's notation, events and view

    def __init__(
        self, game: DownInFlames, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        # The aircraft count and each aircraft's side, in slots for the rules' many reads.
        n = self.n = game.n_aircraft
        self.duel = not game.melee
        pool = self._start(n)
        self.sides: tuple[int, ...] = tuple(game.side_of[game.owner_of[a]] for a in range(n))
        self.pick_i = self.unit_i = 0
        self.on: tuple[tuple[int, int], ...] = (NONE,) * n
        self.alive: tuple[bool, ...] = (True,) * n
        self.foes: tuple[tuple[int, ...], ...] = self._foes()
        self.kills: tuple[int, ...] = (0,) * game.n_sides
        self.flown: tuple[bool, ...] = (False,) * n
        self.flyer = 0 if self.duel else -1  # the duel's view names seat 0's turn from the start
        self.side_turn = 0
        self.last_side = -1
        self.target = -1
        self.reactor = -1
        self.team_queue: tuple[int, ...] = ()
        self.team_used = False
        self.follow_queue: tuple[int, ...] = ()
        self.to_act = self.owner(0)
        self.site_checked = 0  # sites that have checked the flying aircraft this turn
        # Aircraft turns flown: an Expertise pool gives one card per turn of its aircraft (R60).
        self.turn_no = 0
        # Skills (R56-R61) per aircraft, a campaign's special conditions given (R59).
        self.skills = game.special
        self.angle_queue: tuple[int, ...] = ()
        self.nfod: tuple[int, ...] = (0,) * game.players
        if setup and self.duel:
            read_setup(self, setup, pool)
            return
        if setup:
            self._setup(setup, pool)
            return
        self.rng_seed = shuffle(self.rng_seed, pool)
        self.deck = tuple(pool)
        if game.fixed_planes:
            # A campaign mission: the aircraft are the mission's (R54).
            self.planes = game.fixed_planes
            self._picked(self.n - 1)

    def _setup(self, setup: Mapping[str, Any], pool: list[int]) -> None:
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
        for card in [c for h in hands for c in h] + top:
            if card not in pool:
                raise ConfigError(f"melee setup: more {self._title(card)!r} than the deck holds")
            pool.remove(card)
        self.rng_seed = shuffle(self.rng_seed, pool)
        self.deck = tuple(top) + tuple(pool)
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

    # --- shortcuts ------------------------------------------------------------------------

    def owner(self, a: int) -> int:
        return self.game.owner_of[a]

    def _picker(self) -> int:
        return self.pick_i

    def _bat_turn(self, a: int) -> None:
        self.on = tuple(NONE if self.on[x][0] == a else self.on[x] for x in range(self.n))

    def side(self, a: int) -> int:
        return self.sides[a]

    def _who(self, x: int) -> int:
        """The number an event gives a chain's party: the duel names a site by its seat."""
        return self.game.site_seat if x == SITE and self.duel else x

    def _named(self, t: int) -> int:
        """The target a move names: none in the duel (one enemy)."""
        return -1 if self.duel else t

    def _aimed(self, t: int) -> int:
        """The aircraft a move acts against: the one it names, else the only enemy (the duel)."""
        return t if t >= 0 else 1 - self.flyer

    def flown_vp(self, a: int) -> int:
        """VP with the load flown, less the modifier when no enemy aircraft carries missiles
        (§2, R13, R62)."""
        plane = self.data.aircraft[self.planes[a]]
        value = self.load_vp(a) if self.load(a) else plane.vp_clean
        sides, mine = self.sides, self.sides[a]
        armed = any(self.load(b) for b in range(self.n) if sides[b] != mine)
        return value - (0 if armed else plane.vp_mod)

    def enemies(self, a: int) -> tuple[int, ...]:
        """The enemy aircraft still flying (kept per aircraft, changed when one is shot down)."""
        return self.foes[a]

    def rel(self, a: int, b: int) -> int:
        """a's position on b: +2 Tailing ... -2 Tailed."""
        if self.on[a][0] == b:
            return self.on[a][1]
        if self.on[b][0] == a:
            return -self.on[b][1]
        return 0

    def holders(self, t: int) -> list[int]:
        on = self.on
        return [a for a in range(self.n) if on[a][0] == t]

    def engaged(self, a: int) -> bool:
        on = self.on
        return on[a][0] >= 0 or a in [held[0] for held in on]

    def mutual(self, a: int, b: int) -> int:
        return flight.mutual_range(self.bands[a], self.bands[b], self.alts[a], self.alts[b])

    def targets(self, a: int) -> tuple[int, ...]:
        """Enemies ``a`` may act against: only the one it holds while it holds one (§7.1)."""
        held = self.on[a][0]
        return (held,) if held >= 0 else self.foes[a]

    def _room(self, a: int, t: int, new: int) -> bool:
        """A free slot on ``t``: two at Advantage, one Tailing (§7.1), and weapon reach (R8)."""
        if new <= 0:
            return True
        if self.mutual(a, t) > self.reach(a):
            return False
        return flight.slot_free(self._held_on(t, a), new)

    def _held_on(self, t: int, a: int) -> list[int]:
        """The positions the aircraft other than ``a`` hold on ``t`` (for ``flight.slot_free``)."""
        on = self.on
        return [level for h, (held, level) in enumerate(on) if held == t and h != a]

    def _set_rel(self, a: int, t: int, new: int) -> None:
        if self.on[t][0] == a:
            self.on = _put(self.on, t, NONE)
        if self.on[a][0] == t:
            self.on = _put(self.on, a, NONE)
        if new > 0:
            self.on = _put(self.on, a, (t, new))
        elif new < 0:
            self.on = _put(self.on, t, (a, -new))
        event: JSON = {"type": "position", "seat": a, "position": flight.position_name(new)}
        if not self.duel:
            event["target"] = t
        self._emit(event)

    # --- the contract -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        moves: list[Action] = list(_LEGAL[self.phase](self))
        if self.lent != NO_CARD:
            return _lent_plays(self.data.cards[self.lent].slug, moves)
        if any(self.pools):
            moves += self._expertise_moves()
        return moves

    # --- Aircraft Expertise (R60) -------------------------------------------------------------

    def _expertise_actor(self) -> int:
        """The aircraft that would play a card now (-1 when none): the flyer in its Play Cards
        step, or the aircraft reacting."""
        if self.phase == PLAY:
            return self.flyer
        if self.phase == REACT and self.reactor >= 0:
            return self.reactor
        return -1

    def _expertise_unit(self) -> int:
        """The aircraft that may take a pool card now (-1 when none): the flyer in its Play
        Cards step, or an aircraft reacting from its hand, once each aircraft turn."""
        if self.phase == PLAY:
            a = self.flyer
        elif self.phase == REACT and self.reactor >= 0:
            a = self.reactor
            if self._source(a)[1] != "hand":
                return -1
        else:
            return -1
        if a < 0 or not self.pools[a] or self.pool_used[a] == self.turn_no:
            return -1
        return a

    def _expertise_moves(self) -> list[Move]:
        a = self._expertise_unit()
        if a < 0:
            return []
        cat = self.game.catalogue
        out = []
        hand = self.hands[a]
        for card in dict.fromkeys(self.pools[a]):
            slug = self.data.cards[card].slug
            self.hands = _put(self.hands, a, tuple(sorted((*hand, card))))
            if _lent_plays(slug, list(_LEGAL[self.phase](self))):
                out.append(cat.get("expertise", slug))
            self.hands = _put(self.hands, a, hand)
        return out

    def _take_from_pool(self, move: Move) -> None:
        a = self._expertise_unit()
        card = self.data.card(move.name).index
        self.pools = _put(self.pools, a, _without(self.pools[a], card))
        self.hands = _put(self.hands, a, tuple(sorted((*self.hands[a], card))))
        self.pool_used = _put(self.pool_used, a, self.turn_no)
        self.lent, self.lent_by = card, a
        self._emit({"type": "expertise", "seat": a, "card": self._title(card)})

    def why_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, Move):
            return f"{action} is not a Locked-On move"
        if action.t >= 0 and not 0 <= action.t < self.n:
            return f"there is no aircraft @{action.t}"
        a = self.lent_by if self.lent != NO_CARD else self._expertise_actor()
        if self.duel and self.to_act is not None:
            a = self.to_act
        if a >= 0:
            lent = self._title(self.lent) if self.lent != NO_CARD else ""
            used = self.pool_used[a] == self.turn_no
            reason = why_expertise(action, lent, self.pools[a], used)
            if reason:
                return reason
        elif action.verb == "expertise":
            return "no aircraft of yours may play an Aircraft Expertise card now (R60)"
        if self.duel:
            return why(self, action)
        if action.verb not in PHASES[self.phase].verbs:
            return f"not now: {PHASES[self.phase].words}"
        if self.phase == SKILL:
            return (
                "skills (R56, R59): one of the mission's options, or skills within the VP left "
                "and each at most once, then 'ready'; a rating skill first takes its steps"
            )
        if self.loading:
            return "missile loads (R57): 'ready', 'clean' or 'pairs <missile> 1|2' within the limit"
        if self.phase == ANGLE:
            return "90°/0° Angle (R58): 'angle g|hs|rh|ah @<enemy>'"
        return (
            f"not now ({self.phase}): a card, maneuver or attack must name an enemy you may act "
            "against (only the one you hold at Advantage or Tailing, free slots: two Advantage "
            "and one Tailing per aircraft), and follow the duel's rules; see 'aerodeck rules'"
        )

    # --- drawing ------------------------------------------------------------------------------

    # --- set-up -------------------------------------------------------------------------------

    def _load_ready(self, a: int) -> None:
        if not self.duel or self.loads[a] is not None:  # the duel tells a custom load only
            chosen = [[self.data.missiles[m].name, 2 * p] for m, p in self.load(a)]
            self._emit({"type": "load-chosen", "seat": a}, {self.owner(a): {"load": chosen}})
        self._picked(a)

    def _picked(self, a: int) -> None:
        if a + 1 < self.n:
            self.pick_i, self.to_act = a + 1, self.owner(a + 1)
            return
        self.planes_shown = True
        self._arm()
        event: JSON = {
            "type": "aircraft" if self.duel else "aircraft-all",
            "aircraft": [self.plane(i).name for i in range(self.n)],
        }
        if self.duel:
            event["vp"] = [self.flown_vp(i) for i in range(self.n)]
        if self.game.options["missile_loads"]:
            event["loads"] = [
                [[self.data.missiles[m].name, 2 * p] for m, p in self.load(i)]
                for i in range(self.n)
            ]
        self._emit(event)
        if self.game.skill_units:
            self.unit_i, self.phase = 0, SKILL
            self.to_act = self.owner(self.game.skill_units[0][0])
            return
        self._reveal_skills()

    def _arm(self) -> None:
        """Missiles, countermeasures and afterburner counters of the chosen aircraft."""
        counts = self.game.data.constants.afterburner_counters
        for i in range(self.n):
            load = [0] * len(self.data.missiles)
            for index, pairs in self.load(i):
                load[index] = 2 * pairs
            self.missiles = _put(self.missiles, i, tuple(load))
            self.cms = _put(self.cms, i, self.plane(i).countermeasures)
            self.burners = _put(self.burners, i, counts if self.plane(i).has_afterburner else 0)

    def _opening_hands(self) -> None:
        """Each aircraft draws its Performance as flown (before altitude is chosen: R6)."""
        for i in range(self.n):
            self._draw(i, self.plane(i).performance, "opening hand")

    # --- skills (R56-R61): chosen in secret per aircraft (or per group in a campaign) ---------

    def _unit(self) -> tuple[int, ...]:
        return self.game.skill_units[self.unit_i]

    def _legal_skill(self) -> list[Move]:
        cat = self.game.catalogue
        unit = self._unit()
        printed = [self.data.aircraft[self.planes[a]] for a in unit]
        if self.rate_left:
            word = "up" if self.rate_sign > 0 else "down"
            return [
                cat.get("rate", RATINGS[r], word)
                for r in range(len(RATINGS))
                if all(
                    can_step(p, self.mods[a], r, self.rate_sign)
                    for p, a in zip(printed, unit, strict=True)
                )
            ]
        a0 = unit[0]
        gun = all(p.gun is not None for p in printed)
        menu = self.game.skill_menu[self.unit_i]
        skills = self.data.skills
        if menu:
            # A campaign: one of the mission's options (R59), no VP cost.
            if len(self.skills[a0]) > len(self.game.special[a0]):
                return [cat.get("ready")]
            out = [
                cat.get("skill", self.game.skill_slugs[i])
                for i in menu
                if i not in self.skills[a0] and (gun or skills[i].name != "Fighter Pilot")
            ]
            return out or [cat.get("ready")]
        room = self._budget(a0)
        team = self.game.side_sizes[self.side(a0)] >= 2
        return [cat.get("ready")] + [
            cat.get("skill", self.game.skill_slugs[i])
            for i, skill in enumerate(skills)
            if i not in self.skills[a0] and offered(skill, room, gun, team)
        ]

    def _do_skill(self, move: Move) -> None:
        unit = self._unit()
        if self._choose_skill(unit, move):
            return
        names = [self.data.skills[i].name for i in self.skills[unit[0]]]
        told: JSON = {"skills": names} if self.duel else {"aircraft": list(unit), "skills": names}
        self._emit({"type": "skills-chosen", "seat": unit[0]}, {self.owner(unit[0]): told})
        self.unit_i += 1
        if self.unit_i < len(self.game.skill_units):
            self.to_act = self.owner(self._unit()[0])
            return
        self._reveal_skills()

    def _reveal_skills(self) -> None:
        """Skills revealed together, then the opening hands at the flown Performance and the
        skills' extra cards (R30, R31); NFOD scores its nation's bonus (R58)."""
        # The duel without the skills option never reveals any (its view then shows none).
        self.skills_shown = not self.duel or bool(self.game.options["skills"])
        if any(self.skills) or (self.duel and self.skills_shown):
            event: JSON = {
                "type": "skills",
                "skills": [
                    [self.data.skills[i].name for i in self.skills[a]] for a in range(self.n)
                ],
                "changes": [self._changes(a) for a in range(self.n)],
            }
            if self.duel:
                event["vp"] = [self.flown_vp(a) + self.skill_vp(a) for a in range(self.n)]
            self._emit(event)
            vp = self.game.mission_vp
            for seat in range(self.game.players if vp else 0):
                if any(self.has(a, "NFOD") for a in range(self.n) if self.owner(a) == seat):
                    self.nfod = _put(self.nfod, seat, abs(vp[0] - vp[1]))
                    self._emit({"type": "nfod", "player": seat, "vp": self.nfod[seat]})
        self._opening_hands()
        for i in range(self.n):
            self._skill_cards(i)
        for i in range(self.n):
            if self.has(i, EXPERTISE):
                pool = tuple(sorted(self._take(self.plane(i).performance)))
                self.pools = _put(self.pools, i, pool)
                self._emit(
                    {"type": "expertise-pool", "seat": i, "size": len(pool)},
                    {self.owner(i): {"cards": [self._title(c) for c in pool]}},
                )
        self.phase, self.pick_i, self.to_act = ALT_PICK, 0, self.owner(0)

    def _do_alt_pick(self, move: Move) -> None:
        a = self.pick_i
        alt = [x.lower() for x in ALTITUDES].index(move.name)
        self.alts = _put(self.alts, a, alt)
        self._emit({"type": "alt-pick", "seat": a}, {self.owner(a): {"altitude": ALTITUDES[alt]}})
        if a + 1 < self.n:
            self.pick_i, self.to_act = a + 1, self.owner(a + 1)
            return
        self.alts_shown = True
        self._emit({"type": "altitudes", "altitudes": [ALTITUDES[x] for x in self.alts]})
        self.angle_queue = tuple(
            i for i in range(self.n) if any(self.has(i, k) for k in ANGLES) and self.enemies(i)
        )
        self._next_angle()

    def _next_angle(self) -> None:
        if self.angle_queue:
            self.phase, self.to_act = ANGLE, self.owner(self.angle_queue[0])
            return
        self._initiative()

    def _legal_angle(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.angle_queue[0]
        return [cat.get("angle", r.lower(), t=t) for t in self.enemies(a) for r in RANGES]

    def _do_angle(self, move: Move) -> None:
        """R58: the holder's band and one enemy's become the chosen band; then, within its
        weapons' reach and with a free slot, Advantage (90°) or Tailing (0°) on that enemy."""
        a, t = self.angle_queue[0], move.t
        band = RANGES.index(move.name.upper())
        self.bands = _put(_put(self.bands, a, band), t, band)
        self._emit({"type": "range", "ranges": [RANGES[b] for b in self.bands], "why": "angle"})
        level = max(v for k, v in ANGLES.items() if self.has(a, k))
        if self._room(a, t, level):
            self._set_rel(a, t, level)
        self._enforce()
        self.angle_queue = self.angle_queue[1:]
        self._next_angle()

    def _initiative(self) -> None:
        if self.duel:
            self._duel_initiative()
            return
        self._side_initiative()

    def _duel_initiative(self) -> None:
        """R5: the higher printed EW chooses who flies first ('first' or 'second'); a tie is
        random. Eagle Eyes gives the initiative; both holding it cancel out (R32)."""
        ew = [self.plane(s).ew or 0 for s in (0, 1)]
        eagle = [self.has(s, "Eagle Eyes") for s in (0, 1)]
        if eagle[0] != eagle[1]:
            ew = [int(e) for e in eagle]
        if ew[0] != ew[1]:
            self.phase, self.to_act = INITIATIVE_PHASE, 0 if ew[0] > ew[1] else 1
            return
        value, self.rng_seed = roll(self.rng_seed, 2)
        self._emit({"type": "initiative", "seat": None, "first": value - 1})
        self._next_side(value - 1)

    def _legal_initiative(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["first"], cat.by_text["second"]]

    def _do_initiative(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        first = seat if move.verb == "first" else 1 - seat
        self._emit({"type": "initiative", "seat": seat, "first": first})
        self._next_side(first)

    def _side_initiative(self) -> None:
        """R47: the side of the aircraft with the highest printed EW flies first; ties by chance.
        Eagle Eyes and 0° Angle give it to their side unless every side holds one (R56)."""
        ew = [self.plane(i).ew or 0 for i in range(self.n)]
        keen = {self.side(i) for i in range(self.n) if any(self.has(i, k) for k in INITIATIVE)}
        pool = [i for i in range(self.n) if not keen or self.side(i) in keen]
        if len(keen) == self.game.n_sides:
            pool = list(range(self.n))
        top = max(ew[i] for i in pool)
        sides = sorted({self.side(i) for i in pool if ew[i] == top})
        value, self.rng_seed = roll(self.rng_seed, len(sides))
        first = sides[value - 1]
        self._emit({"type": "initiative", "seat": None, "first_side": first})
        self._next_side(first)

    # --- turn order (R46) ---------------------------------------------------------------------

    def _waiting(self, side: int) -> list[int]:
        alive, flown = self.alive, self.flown
        return [a for a in self.game.side_members[side] if alive[a] and not flown[a]]

    def _next_side(self, side: int) -> None:
        """The side picks which of its aircraft flies next; sides alternate (§18.5)."""
        sides = self.game.n_sides
        alive, flown, members = self.alive, self.flown, self.game.side_members
        for k in range(sides):
            s = (side + k) % sides
            waiting = [a for a in members[s] if alive[a] and not flown[a]]
            if waiting:
                self.side_turn = s
                if len(waiting) == 1:
                    self._begin_turn(waiting[0])
                else:
                    self.phase, self.to_act = ORDER, min(self.owner(a) for a in waiting)
                return
        self._end_round()

    def _legal_order(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.get("next", t=a) for a in self._waiting(self.side_turn)]

    def _do_order(self, move: Move) -> None:
        self._begin_turn(move.t)

    def _end_round(self) -> None:
        self.round += 1
        if self.round > self.game.rounds:
            self._time_up()
            return
        self.flown = (False,) * self.n
        if not self.duel:
            self._emit({"type": "round", "round": self.round})
        self._next_side((self.last_side + 1) % self.game.n_sides)

    # --- a turn -------------------------------------------------------------------------------

    def _begin_turn(self, a: int) -> None:
        self._turn_taken(a)
        self._afterburner_step(a)

    def _turn_taken(self, a: int) -> None:
        """Aircraft ``a`` flies this turn: no site has checked it yet."""
        self.flyer = a
        self.turn_no += 1
        self.last_side = self.side(a)
        self.flown = _put(self.flown, a, True)
        self.site_checked = 0

    def _bat_turn_open(self, a: int) -> bool:
        return bool(self.skills[a]) and bool(self.holders(a))

    # --- following down the chain (R48) -------------------------------------------------------

    def _follow_cost(self, f: int, delta: int) -> int:
        return (1 if self.on[f][1] == 1 else 0) + (1 if delta > 0 else 0)

    def _offer_follow(self, mover: int, delta: int, then: AfterFollow) -> None:
        """The holders of the mover decide in turn, front to back; a holder that follows is
        followed in turn by its own holders (§7.3)."""
        self.follow_delta, self.follow_then = delta, then
        self.follow_queue = tuple(self.holders(mover))
        self._next_follow()

    def _next_follow(self) -> None:
        while self.follow_queue:
            f = self.follow_queue[0]
            new = self.alts[f] + self.follow_delta
            if LOW <= new <= HIGH and len(self.hands[f]) >= self._follow_cost(f, self.follow_delta):
                self.phase, self.to_act = FOLLOW, self.owner(f)
                return
            self.follow_queue = self.follow_queue[1:]
        self._enforce()
        self._continue(self.follow_then)

    def _do_follow(self, move: Move) -> None:
        f = self.follow_queue[0]
        if move.verb == "stay":
            self._emit({"type": "stay", "seat": f})
            self.follow_queue = self.follow_queue[1:]
            self._next_follow()
            return
        cost = self._follow_cost(f, self.follow_delta)
        if cost:
            self._pay(f, cost, AfterPay.FOLLOW)
        else:
            self._finish_follow()

    def _finish_follow(self) -> None:
        f = self.follow_queue[0]
        self._change_altitude(f, self.follow_delta, "follow")
        self.follow_queue = (*self.holders(f), *self.follow_queue[1:])
        self._next_follow()

    # --- speed maneuvers and the play step ----------------------------------------------------

    def _speed_step(self) -> None:
        """R49: as many Speed Maneuvers as the largest Speed difference over the enemies one
        may act against; each is used against an enemy slower than oneself."""
        a = self.flyer
        speed = self.plane(a).speed
        gaps = [speed - self.plane(t).speed for t in self.targets(a)]
        self.speed_left = max([0, *gaps])
        self._speed_or_play()

    def _speed_or_play(self) -> None:
        self.from_speed = False
        # With one enemy a Speed Maneuver is always left (a band to move); with several, the
        # slower enemies may be out of reach once a maneuver has taken a position.
        if self.speed_left > 0 and (self.duel or self._legal_speed()[1:]):
            self.phase, self.to_act = SPEED, self.owner(self.flyer)
        else:
            self.speed_left = 0
            self._play_step()

    def _may_move_band(self, a: int, t: int) -> bool:
        """§18.7: an enemy's band moves only if it is Neutral to all others or engaged with a
        (always, with no others)."""
        if self.n == 2:
            return True
        on = self.on
        held = on[t][0]
        if on[a][0] == t or held == a:
            return True  # engaged with a
        alive = self.alive
        if held >= 0 and alive[held]:
            return False  # t holds another aircraft
        holding = [x for x, (target, _) in enumerate(on) if target == t and x != a]
        return not any(alive[x] for x in holding)  # no other aircraft holds t

    def _pos_ok(self, a: int, t: int) -> bool:
        """§7.3: an engaged aircraft changes position only against one it is directly engaged
        with."""
        return self.n == 2 or self.rel(a, t) != 0 or not self.engaged(a)  # the duel: always

    def _legal_speed(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.flyer
        out = [cat.by_text["end"]]
        speed = self.plane(a).speed
        bands = self.bands
        for t in self.targets(a):
            if self.plane(t).speed >= speed:
                continue
            rel = self.rel(a, t)
            pos = rel < 2 and self._pos_ok(a, t) and self._room(a, t, rel + 1)
            free = self._may_move_band(a, t)
            out += _speed_moves(cat, self._named(t), pos, bands[a], bands[t], free)
        return out

    def _speed_maneuver(self, kind: str, steps: int, foe: int, t: int) -> None:
        link = (self.flyer, NO_CARD, "Maneuvering", "speed")
        self._open(kind, link, NO_CARD, steps, foe, self._aimed(t))

    def _play_step(self) -> None:
        self.from_speed = False
        self.phase, self.to_act = PLAY, self.owner(self.flyer)
        sites = self.game.sites
        while self.site_checked < len(sites):
            self.site_checked += 1
            if self._site_check(sites[self.site_checked - 1]):
                return

    def _site_check(self, site: Site) -> bool:
        """R37-R40 with several aircraft: each site checks each enemy aircraft at the start of
        its Play Cards step, in the mission's order (R61); the site's hand is played by its
        side's player. True when the site attacks."""
        owner, a = self.game.site_seat, self.flyer
        if self.game.side_of[owner] == self.side(a):
            return False
        if (ALTITUDES[self.alts[a]], RANGES[self.bands[a]]) not in site.envelope:
            return False
        drawn = self._take(site.draw)
        names = [self._title(c) for c in drawn]
        self._emit(
            {"type": "site-draw", "site": site.name, "target": a, "count": len(drawn)},
            {owner: {"cards": names}},
        )
        sam = site.kind == "SAM"
        cards = self.data.cards
        trigger = [c for c in drawn if (cards[c].can_tone if sam else cards[c].can_gun)]
        if not trigger:
            self.discards += tuple(drawn)
            self._emit({"type": "site-spent", "site": site.name, "cards": names})
            return False
        self.site_hand = tuple(sorted(_without(tuple(drawn), trigger[0])))
        family = "Tone" if sam else "Guns"
        self.kind, self.cyc_card, self.target, self.team_used = "site", NO_CARD, a, True
        self.chain = ((SITE, trigger[0], family, "site"),)
        self._emit(
            {
                "type": "site-attack",
                "site": site.name,
                "seat": owner,
                "target": a,
                "card": self._title(trigger[0]),
                "as": family,
            }
        )
        self.reactor, self.team_queue = a, ()
        self.phase, self.to_act = REACT, self.owner(a)
        return True

    def _legal_play(self) -> list[Move]:
        """Attacks first, then actions, maneuvers, and the free moves last (for the terminal);
        each card's moves in target order."""
        cat = self.game.catalogue
        a = self.flyer
        hand = self.hands[a]
        hand_size = len(hand)
        gun = self.plane(a).gun is not None
        alt = self.alts[a]
        climb, dive = alt < HIGH and hand_size >= 2, alt > LOW
        missiles = self.missiles[a]
        # The targets' tables are kept per situation (positions, bands, altitudes, the flyer's
        # missiles, who flies) on the game, bounded: most decisions find theirs there.
        key = (a, climb, dive, gun, self.on, self.bands, self.alts, missiles, self.alive)
        kept = self.game.play_tables
        tables = kept.get(key)
        if tables is None:
            if len(kept) >= 1 << 15:
                kept.clear()
            tables = kept[key] = self._target_tables(a, climb, dive, gun, missiles)
        bonus = _bonus_acts(cat)
        cards = self.data.cards
        attacks: list[Move] = []
        acts: list[Move] = []
        moves: list[Move] = []
        for index in dict.fromkeys(hand):
            extra = bonus[index]
            if extra is not None:
                acts.append(extra)
            paid = None  # whether the gun attack's discards can be paid, asked once
            for table, ranges in tables:
                attack, tones, act, positions = table[index]
                if attack is not None:
                    if paid is None:
                        paid = hand_size - 1 >= self._gun_cost(a, cards[index])
                    if paid:
                        attacks.append(attack)
                attacks += tones
                acts += act
                moves += positions
                moves += ranges[index]
        if self.on[a][0] >= 0:
            moves.append(cat.by_text["neutral"])
        if hand_size and self.skills[a] and self.fresh(a, "Timely"):
            moves.append(cat.by_text["timely"])
        attacks += acts
        attacks += moves
        attacks.append(cat.by_text["end"])
        return attacks

    def _target_tables(
        self, a: int, climb: bool, dive: bool, gun: bool, missiles: Hand
    ) -> tuple[tuple[tuple[_PlayEntry, ...], tuple[tuple[Move, ...], ...]], ...]:
        """Per target ``a`` may act against, by card index: its play-step moves (``_play_table``)
        and range maneuvers (``_range_moves``), from the named rule predicates (position, range,
        room, band movement)."""
        cat = self.game.catalogue
        bands = self.bands
        reach = self.reach(a)
        out = []
        for t in self.targets(a):
            rel = self.rel(a, t)
            mutual = self.mutual(a, t)
            pos_ok = self._pos_ok(a, t)
            # _room for Advantage and Tailing, its reach test and holders found once.
            room1 = room2 = False
            if pos_ok and rel < 2 and mutual <= reach:
                held = self._held_on(t, a)
                room1, room2 = flight.slot_free(held, 1), flight.slot_free(held, 2)
            fit = _fit(cat, rel, mutual, missiles)
            named = self._named(t)
            fires = gun and mutual == GUN
            table = _play_table(cat, named, fires, rel, fit, climb, dive, pos_ok, room1, room2)
            free = self._may_move_band(a, t)
            out.append((table, _range_moves(cat, named, bands[a], bands[t], free)))
        return tuple(out)

    def _gun_cost(self, a: int, card: CardType) -> int:
        assert card.gun_discard is not None
        cost = flight.gun_discard(card.gun_discard, self.plane(a).gun)
        if not self.skills[a]:
            return cost
        return gun_cost(cost, self.has(a, "In My Sights!"), self.fresh(a, "Gun Fighter"))

    def _do_play(self, move: Move) -> None:
        a = self.flyer
        verb = move.verb
        if verb == "end":
            self._start_discard(POST)
            return
        if verb == "neutral":
            t = self.on[a][0]
            self.on = _put(self.on, a, NONE)
            self._emit(
                {"type": "neutral", "seat": a}
                if self.duel
                else {"type": "neutral", "seat": a, "target": t}
            )
            return
        if verb == "timely":
            self._spend(a, "Timely")
            self._start_discard(TIMELY)
            return
        card = self.data.card(move.name)
        self.hands = _put(self.hands, a, _without(self.hands[a], card.index))
        t = self._aimed(move.t)
        if verb in ("pos", "range"):
            link = (a, card.index, "Maneuvering", "hand")
            self._open(verb, link, card.index, move.a, move.b, t)
        elif verb == "attack":
            cost = self._gun_cost(a, card)
            assert card.gun_discard is not None
            full = flight.gun_discard(card.gun_discard, self.plane(a).gun)
            spend = cost < full and not self.has(a, "In My Sights!")
            if spend and not self.duel:
                self._spend(a, "Gun Fighter")
            link = (a, card.index, "Guns", "hand")
            self._open("gun", link, card.index, 0, 0, t, pay=cost, spend=spend and self.duel)
        elif verb == "tone":
            self.cyc_missile = self.data.missile(move.extra).index
            if self.has(t, "Brave"):
                self._draw(t, 1, "Brave")  # the named target only (R56)
            link = (a, card.index, "Tone", "hand")
            self._open("tone", link, card.index, 0, 0, t, missile=move.extra)
        else:
            up = 1 if move.extra == "up" else -1 if move.extra == "down" else 0
            if card.action == "altitude_1" and self.has(a, "Diligent"):
                self._draw(a, 1, "Diligent")
            if not card.tactic:
                link = (a, card.index, card.title, "hand")
                self._open(card.action, link, card.index, up, 0, t, pay=1 if up > 0 else 0)
                return
            # Tactic cards affect only yourself and no one may react to them.
            self.discards += (card.index,)
            self._emit({"type": "play", "seat": a, "card": card.title, "use": "tactic"})
            self.kind, self.cyc_card, self.cyc_a, self.chain = card.action, card.index, up, ()
            self.target = t
            if up > 0:
                self._pay(a, 1, AfterPay.TACTIC)  # a climb costs a card, Tactic or not
            else:
                self._effect()

    def _open(
        self,
        kind: str,
        link: Link,
        card: int,
        a: int,
        b: int,
        target: int,
        *,
        pay: int = 0,
        missile: str = "",
        spend: bool = False,
    ) -> None:
        """Start an action/reaction cycle with ``link`` as the action against ``target`` (its
        cost paid first); ``spend``: the duel tells Gun Fighter's use after the play."""
        self.kind, self.chain, self.cyc_card, self.cyc_a, self.cyc_b = kind, (link,), card, a, b
        self.target = target
        self.team_used = False
        desc = "Speed Maneuver" if link[3] == "speed" else self._title(card)
        event: JSON = {"type": "play", "seat": link[0], "card": desc, "use": kind}
        if not self.duel:
            event |= {"target": target, "a": a, "b": b}
        elif kind == "gun":
            event["use"] = "gun attack"
        elif kind == "pos":
            event["steps"] = a
        elif kind == "range":
            event["me"], event["foe"] = a, b
        elif kind == "altitude_1":
            event["direction"] = "up" if a > 0 else "down"
        if missile and self.duel:
            event["missile"] = self.data.missile(missile).name
        self._emit(event)
        if spend:
            self._spend(link[0], "Gun Fighter")
        if pay:
            self._pay(link[0], pay, AfterPay.OPEN)
        else:
            self._defender_window()

    # --- paying -------------------------------------------------------------------------------

    def _paid(self, a: int, then: AfterPay) -> None:
        if then is AfterPay.TACTIC:
            self._effect()
        else:
            self._defender_window()

    # --- the cycle with Teamwork (R50) ----------------------------------------------------------

    def _defender_window(self) -> None:
        """The target answers first; if it passes, a friend may add one Teamwork card."""
        t = self.target
        self.reactor = t
        self.team_queue = ()
        # Drift Factor: its aircraft neither gives nor receives Teamwork (R59).
        if (
            self.game.teamwork
            and self._teamwork(self.side(t))
            and not self.team_used
            and not self.has(t, "Drift Factor")
        ):
            self.team_queue = tuple(
                x
                for x in range(self.n)
                if x != t
                and self.alive[x]
                and self.side(x) == self.side(t)
                and not self.has(x, "Drift Factor")
            )
        self.phase, self.to_act = REACT, self.owner(self.target)

    def _teamwork(self, side: int) -> bool:
        """§18.4: in team play, the side with more aircraft flying may add a friend's card."""
        if self.game.options["mode"] == "ffa":
            return False
        count = [0] * self.game.n_sides
        for x in range(self.n):
            if self.alive[x]:
                count[self.side(x)] += 1
        return count[side] > max(c for s, c in enumerate(count) if s != side)

    def _source(self, r: int) -> tuple[Hand, str]:
        if r == SITE:
            return self.site_hand, "site"
        if self.kind == "missile" and r == self.flyer:
            return self.missile_hand, "missile"
        return self.hands[r], "hand"

    def _legal_react(self) -> list[Move]:
        cat = self.game.catalogue
        r = self.reactor
        top = self.chain[-1]
        out = [cat.by_text["pass"]]
        hand, source = self._source(r)
        # Agile, Jink, Lucky (R34, R56): from the hand of the flyer or the named target only.
        agile = jink = lucky = False
        if source == "hand" and r in (self.flyer, self.target) and self.skills[r]:
            agile = self.fresh(r, "Agile")
            jink = self.kind == "gun" and r == self.target and self.fresh(r, "Jink")
            lucky = self.cms[r] > 0 and self.fresh(r, "Lucky")
        restricted = (self.kind == "missile" and r == self.flyer) or r == SITE
        own = r in (self.flyer, self.target, SITE)
        enemy_turn = r != self.flyer and r in (self.target, SITE)
        reactions = _reactions(cat, top[2], restricted, own, enemy_turn)
        wild = self._reactions_from(hand, reactions, agile, jink, out)
        sam = self.kind == "site" and self.chain[0][2] == "Tone"
        if (
            r == self.target
            and self.cms[r] > 0
            and (top[2] == "Tone" or top[3] == "missile" or (sam and top[3] == "site"))
        ):
            out.append(cat.by_text["cm"])
        if lucky:
            out.append(cat.by_text["lucky"])
        return out + wild

    def _do_react(self, move: Move) -> None:
        r = self.reactor
        if move.verb == "pass":
            self._emit({"type": "pass", "seat": self._who(r)})
            if r != self.flyer and self.team_queue:
                # Teamwork: the next friend of the target may add one card (R50).
                self.reactor, self.team_queue = self.team_queue[0], self.team_queue[1:]
                self.to_act = self.owner(self.reactor)
                return
            self._resolve()
            return
        link = self._reaction_link(r, move)
        if self.kind == "site":
            self.chain += (link,)
            desc = self._describe(link)
            self._emit({"type": "react", "seat": self._who(r), "card": desc, "from": link[3]})
            self.reactor = self.flyer if r == SITE else SITE
            self.to_act = self.game.site_seat if r != SITE else self.owner(self.flyer)
            return
        if r not in (self.flyer, self.target):
            self.team_used = True
            self._emit({"type": "teamwork", "seat": r})
        self.chain += (link,)
        self._emit({"type": "react", "seat": r, "card": self._describe(link), "from": link[3]})
        if r == self.flyer:
            self._defender_window()
        else:
            self.team_queue = ()
            self.reactor = self.flyer
            self.phase, self.to_act = REACT, self.owner(self.flyer)

    def _describe(self, link: Link) -> str:
        if link[3] == "speed":
            return "Speed Maneuver"
        if link[3] == "cm":
            return "Countermeasures"
        if link[3] == "lucky":
            return "Countermeasures (Lucky, as Ace Pilot)"
        return link[2] if link[1] == NO_CARD else self._title(link[1])

    def _resolve(self) -> None:
        if self.kind == "site":
            self._resolve_site()
            return
        chain, kind = self.chain, self.kind
        a, t = self.flyer, self.target
        sides = self.sides
        success = sides[chain[-1][0]] == sides[a]
        cards = self.data.cards
        split = not success and any(
            c != NO_CARD and cards[c].action == "split_s" and s == t for s, c, _, _ in chain
        )
        self.discards += tuple(c for _, c, _, _ in chain if c != NO_CARD)
        self.chain = ()
        self._emit({"type": "resolve", "use": kind, "success": success, "seat": a})
        if kind == "tone" and not success and self.has(t, "Relief"):
            self._draw(t, 1, "Relief")
        if kind == "missile" and self.missile_hand:
            self.discards += self.missile_hand
            self._emit(
                {"type": "missile-spent", "cards": [self._title(c) for c in self.missile_hand]}
            )
            self.missile_hand = ()
        if not success and split:
            self._emit({"type": "split-s", "seat": t})
            self._draw(t, 1, "Split-S")
            self._end_turn()
            return
        if not success:
            self._continue(THEN_AFTER)
            return
        self._effect()

    def _resolve_site(self) -> None:
        stands = self.chain[-1][0] == SITE
        cards = self.data.cards
        # The duel: a Split-S from the site's hand in a failed attack ends the turn (R2) and
        # the site's player draws, as for an aircraft's.
        split = self.duel and any(
            s == SITE and c != NO_CARD and cards[c].action == "split_s" for s, c, _, _ in self.chain
        )
        self.discards += tuple(c for _, c, _, _ in self.chain if c != NO_CARD)
        self.chain = ()
        self._emit({"type": "resolve", "use": "site", "success": stands, "seat": self._who(SITE)})
        if self.site_hand:
            self.discards += self.site_hand
            self._emit({"type": "site-spent", "cards": [self._title(c) for c in self.site_hand]})
            self.site_hand = ()
        if stands:
            self._destroy(self.flyer, SITE, "site")
            if self.phase != OVER:
                self._end_turn()
            return
        if split:
            self._emit({"type": "split-s", "seat": self._who(SITE)})
            self._draw(self.game.site_seat, 1, "Split-S")
            self._end_turn()
            return
        self._play_step()

    def _effect(self) -> None:
        a, t, kind = self.flyer, self.target, self.kind
        if kind in ("gun", "missile"):
            self._destroy(t, a, kind)
            if self.phase != OVER:
                self._continue(THEN_AFTER)
            return
        if kind == "tone":
            self.phase, self.to_act = LAUNCH, self.owner(a)
            return
        if kind == "pos":
            self._set_rel(a, t, self.rel(a, t) + self.cyc_a)
        elif kind == "range":
            self.bands = _put(self.bands, a, self.bands[a] + self.cyc_a)
            self.bands = _put(self.bands, t, self.bands[t] + self.cyc_b)
            self._emit({"type": "range", "ranges": [RANGES[b] for b in self.bands]})
            if self.has(t, "Focused"):
                self._draw(t, 1, "Focused")
        elif kind == "pos_to_neutral":
            self._set_rel(a, t, 0)
        elif kind == "disadv_to_adv":
            # The duel takes Advantage and loses it beyond reach (R8); with others it needs room.
            self._set_rel(a, t, 1 if self.duel or self._room(a, t, 1) else 0)
        elif kind == "missile_bonus":
            self.bonus += 1
            self._emit({"type": "bonus", "seat": a, "bonus": self.bonus})
        elif kind == "altitude_1":
            self._change_altitude(a, self.cyc_a, self._title(self.cyc_card))
            self._offer_follow(a, self.cyc_a, THEN_AFTER)
            return
        self._enforce()
        self._continue(THEN_AFTER)

    def _enforce(self) -> None:
        """R8 for every holder: beyond its weapons' reach the position drops to Neutral."""
        for h, (t, _) in enumerate(self.on):
            if t >= 0 and self.mutual(h, t) > self.reach(h):
                self.on = _put(self.on, h, NONE)
                event: JSON = {"type": "position-lost", "seat": h}
                if not self.duel:
                    event["target"] = t
                self._emit(event)

    def _foes(self) -> tuple[tuple[int, ...], ...]:
        alive, sides = self.alive, self.sides
        return tuple(
            tuple(b for b in range(self.n) if alive[b] and sides[b] != sides[a])
            for a in range(self.n)
        )

    def _destroy(self, t: int, by: int, weapon: str) -> None:
        self._emit({"type": "destroyed", "seat": t, "by": self._who(by), "weapon": weapon})
        if self.duel:
            name = self.plane(t).name
            site = self.game.site.name if by == SITE and self.game.site else ""
            self._finish(
                {1 - t}, f"{name} shot down by the {site} site" if site else f"{name} shot down"
            )
            return
        self.alive = _put(self.alive, t, False)
        self.foes = self._foes()
        self.discards += self.hands[t]
        self.hands = _put(self.hands, t, ())
        self.on = tuple(
            NONE if (x == t or self.on[x][0] == t) else self.on[x] for x in range(self.n)
        )
        side = self.game.side_of[self.game.site_seat] if by == SITE else self.side(by)
        self.kills = _put(self.kills, side, self.kills[side] + 1)
        standing = {self.side(x) for x in range(self.n) if self.alive[x]}
        if len(standing) == 1:
            (winner,) = standing
            self._finish({winner}, "every enemy aircraft shot down")

    # --- missiles -------------------------------------------------------------------------------

    def _launch_target(self) -> tuple[int, int, JSON]:
        a, t = self.flyer, self.target
        return t, self.rel(a, t), {} if self.duel else {"target": t}

    def _missile_window(self) -> None:
        self.team_used = False
        self._defender_window()

    # --- the end --------------------------------------------------------------------------------

    def _end_turn(self) -> None:
        if not self.duel:  # the duel's view names the last turn flown until the next
            self.flyer = -1
        self._next_side((self.last_side + 1) % self.game.n_sides)

    def _time_up(self) -> None:
        """R51: after six rounds the side(s) with the most enemy aircraft shot down win."""
        if self.duel:
            self._finish({0, 1}, "six rounds flown and nobody shot down: a draw")
            return
        best = max(self.kills)
        winners = {s for s in range(self.game.n_sides) if self.kills[s] == best}
        self._finish(winners, f"six rounds flown: most aircraft shot down ({best})")

    def _finish(self, sides: set[int], why: str) -> None:
        seats = [p for p in range(self.game.players) if self.game.side_of[p] in sides]
        self._end(seats)
        self.end_reason = why
        self._emit({"type": "game-end", "winners": seats, "why": why})

    # --- information ----------------------------------------------------------------------------

    def _view(self, player: int | None) -> JSON:
        if self.duel:
            return self._duel_view(player)
        data = self.data
        sites = self._site_views()
        craft = []
        owners, planes, alts = self.game.owner_of, self.planes, self.alts
        on, hands = self.on, self.hands
        planes_shown, skills_shown = self.planes_shown, self.skills_shown
        missiles = data.missiles
        for a in range(self.n):
            seat = owners[a]
            own = player == seat
            chosen = planes[a] >= 0
            plane = self.plane(a) if chosen or planes_shown else None
            alt = alts[a]
            held, level = on[a]
            entry: JSON = {
                "aircraft_no": a,
                "seat": seat,
                "side": self.sides[a],
                "aircraft": plane.name
                if plane is not None and chosen and (planes_shown or own)
                else None,
                "chosen": chosen,
                "altitude": ALTITUDES[alt] if alt >= 0 and (self.alts_shown or own) else None,
                "range": RANGES[self.bands[a]],
                "alive": self.alive[a],
                "on": None if held < 0 else {"target": held, "position": POSITIONS[level + 2]},
                "hand_size": len(hands[a]),
            }
            if planes_shown:
                assert plane is not None
                entry["speed"] = plane.speed
                entry["missiles"] = {
                    missiles[i].name: k for i, k in enumerate(self.missiles[a]) if k
                }
                entry["countermeasures"] = self.cms[a]
                entry["afterburners"] = self.burners[a]
                entry["afterburner_on"] = self.burner_on[a]
                reach = _reach(self.game.catalogue, plane.gun is not None, self.missiles[a])
                entry["reach"] = RANGES[reach] if reach >= 0 else None
            if skills_shown or own:
                entry["skills"] = [data.skills[i].name for i in self.skills[a]]
                entry["changes"] = self._changes(a)
                entry["skills_used"] = [data.skills[i].name for i in self.used[a]]
            if planes_shown:
                entry["vp"] = self.flown_vp(a) + (self.skill_vp(a) if skills_shown else 0)
            if self.pools[a] or (skills_shown and self.has(a, EXPERTISE)):
                entry["pool_size"] = len(self.pools[a])
            if own:
                types = data.cards
                entry["hand"] = [types[c].title for c in hands[a]]
                if self.pools[a] or (skills_shown and self.has(a, EXPERTISE)):
                    entry["pool"] = [types[c].title for c in self.pools[a]]
            craft.append(entry)
        out: JSON = {
            "game": self.game.id,
            "mode": "melee",
            "seat": player,
            "phase": self.phase,
            "to_act": self.to_act,
            "round": self.round,
            "rounds": self.game.rounds,
            "site": sites[0] if sites else None,
            "sites": sites,
            "flying": self.flyer if self.flyer >= 0 else None,
            "picking": self.pick_i if self.phase in (PICK, ALT_PICK) else None,
            "loading": self.loading,
            "deciding": self._decider(),
            "step": self.step,
            "deck": len(self.deck),
            "discards": len(self.discards),
            "aircraft": craft,
            "kills": list(self.kills),
            "cycle": None,
            "missile_bonus": self.bonus,
            "speed_left": self.speed_left,
            "pay_left": self.pay_left if self.phase == PAY else 0,
            "winners": self.winners,
            "end": self.end_reason,
        }
        if self.phase == SKILL and player is not None and player == self.to_act:
            out["skill_unit"] = list(self._unit())
            out["skill_budget"] = self._budget(self._unit()[0])
            out["skill_options"] = [data.skills[i].name for i in self.game.skill_menu[self.unit_i]]
        if self.loading and player is not None and player == self.to_act:
            out["load"] = [[data.missiles[m].name, 2 * p] for m, p in self.load(self.pick_i)]
            out["load_vp"] = self.load_vp(self.pick_i)
        if self.phase == ANGLE:
            out["angle"] = self.angle_queue[0]
        if any(self.nfod):
            out["nfod"] = list(self.nfod)
        if self.chain:
            out["cycle"] = {
                "use": self.kind,
                "by": self.chain[0][0],
                "target": self.target,
                "chain": [
                    {"aircraft": x[0], "card": self._describe(x), "from": x[3]} for x in self.chain
                ],
                "missile_hand_size": len(self.missile_hand),
            }
            if self.site_hand and player == self.game.site_seat:
                out["site_hand"] = [self._title(c) for c in self.site_hand]
            if player is not None and self.kind == "missile" and player == self.owner(self.flyer):
                out["missile_hand"] = [self._title(c) for c in self.missile_hand]
        return out

    def _duel_view(self, player: int | None) -> JSON:
        """The duel's view: per seat its aircraft, position on the enemy and ratings."""
        data = self.data
        seats = []
        expertise = self.skills_shown and (self.has(0, EXPERTISE) or self.has(1, EXPERTISE))
        for s in (0, 1):
            own = player == s
            plane = self.plane(s) if self.planes[s] >= 0 and (self.planes_shown or own) else None
            alt = self.alts[s] if self.alts[s] >= 0 and (self.alts_shown or own) else None
            seat: JSON = {
                "seat": s,
                "aircraft": plane.name if plane else None,
                "chosen": self.planes[s] >= 0,
                "altitude": ALTITUDES[alt] if alt is not None else None,
                "altitude_chosen": self.alts[s] >= 0,
                "range": RANGES[self.bands[s]],
                "position": flight.position_name(self.rel(s, 1 - s)),
                "hand_size": len(self.hands[s]),
            }
            if plane is not None:
                seat["ratings"] = _ratings(plane)
            if self.skills_shown or (own and self.game.options["skills"]):
                seat["skills"] = [data.skills[i].name for i in self.skills[s]]
                seat["rating_changes"] = self._changes(s)
                seat["skills_used"] = [data.skills[i].name for i in self.used[s]]
            if self.planes_shown:
                missiles = data.missiles
                seat["missiles"] = {
                    missiles[i].name: n for i, n in enumerate(self.missiles[s]) if n
                }
                seat["countermeasures"] = self.cms[s]
                seat["afterburners"] = self.burners[s]
                seat["afterburner_on"] = self.burner_on[s]
                vp = self.flown_vp(s)
                seat["vp"] = vp + self.skill_vp(s) if self.skills_shown else vp
                seat["reach"] = RANGES[r] if (r := self.reach(s)) >= 0 else None
                if alt is not None and self.alts_shown:
                    seat["performance"] = self.perf(s)
                    seat["thrust"] = [self.thrust(s, False), self.thrust(s, True)]
                    seat["ew"] = flight.ew(data, self.plane(s), alt)
            seats.append(seat)
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "phase": self.phase,
            "to_act": self.to_act,
            "round": self.round,
            "rounds": data.constants.rounds_per_dogfight,
            "turn": self.flyer if self.phase not in (PICK, ALT_PICK, INITIATIVE_PHASE) else None,
            "step": self.step,
            "deck": len(self.deck),
            "discards": self._pile(),
            "mutual_range": RANGES[self.mutual(0, 1)] if self.alts_shown else None,
            "seats": seats,
            "cycle": self._cycle_view(),
            "speed_left": self.speed_left,
            "missile_bonus": self.bonus,
            "pay_left": self.pay_left if self.phase == PAY else 0,
            "vp_limit": self.game.options["vp_limit"],
            "year": self.game.options["year"],
            "site": self._site_views()[0] if self.game.sites else None,
            "winners": self.winners,
            "end": self.end_reason,
        }
        if self.phase == FOLLOW:
            out["follow"] = {"direction": "up" if self.follow_delta > 0 else "down"}
        if self.loading and player is not None and player == self.to_act:
            out["load"] = [[data.missiles[m].name, 2 * p] for m, p in self.load(player)]
            out["load_vp"] = self.load_vp(player)
        if self.phase == SKILL and player is not None and player == self.to_act:
            out["skill_budget"] = self._budget(player)
            out["rate_left"] = self.rate_left
            out["rate_sign"] = self.rate_sign
        if any(self.pools) or expertise:
            out["pool_sizes"] = [len(p) for p in self.pools]
        if player is not None:
            out["hand"] = [self._title(c) for c in self.hands[player]]
            if expertise:
                out["pool"] = [self._title(c) for c in self.pools[player]]
            if self.kind == "missile" and self.chain and player == self.flyer:
                out["missile_hand"] = [self._title(c) for c in self.missile_hand]
            if self.site_hand and player == self.game.site_seat:
                out["site_hand"] = [self._title(c) for c in self.site_hand]
        return out

    def _site_views(self) -> list[JSON]:
        return [
            {
                "name": site.name,
                "kind": site.kind,
                "draw": site.draw,
                "envelope": [list(cell) for cell in site.envelope],
                "seat": self.game.site_seat,
            }
            for site in self.game.sites
        ]

    def _pile(self) -> dict[str, int]:
        """The face-up discard pile as counts per title, in deck order."""
        counts = [0] * len(self.data.cards)
        for c in self.discards:
            counts[c] += 1
        return {card.title: n for card, n in zip(self.data.cards, counts, strict=True) if n}

    def _cycle_view(self) -> JSON | None:
        if not self.chain:
            return None
        out: JSON = {
            "use": self.kind,
            "by": self._who(self.chain[0][0]),
            "chain": [
                {
                    "seat": self._who(link[0]),
                    "card": self._describe(link),
                    "from": link[3],
                    "as": link[2],
                }
                for link in self.chain
            ],
        }
        if self.kind in ("tone", "missile") and self.cyc_missile >= 0:
            out["missile"] = self.data.missiles[self.cyc_missile].name
        if self.kind == "missile":
            out["missile_hand_size"] = len(self.missile_hand)
        if self.kind == "site":
            out["site_hand_size"] = len(self.site_hand)
        return out

    def _decider(self) -> int | None:
        """The aircraft whose decision it is (None between turns and at set-up)."""
        if self.phase == REACT:
            return self.reactor
        if self.phase == FOLLOW:
            return self.follow_queue[0]
        if self.phase == PAY:
            return self.pay_ac
        if self.phase in (BURNER, DISCARD, ALTITUDE, SPEED, PLAY, LAUNCH):
            return self.flyer
        if self.phase == ANGLE:
            return self.angle_queue[0]
        return None

    def _determinize(self, player: int, seed: int) -> DifState:
        new = self.clone()
        assert isinstance(new, DifState)
        others = [a for a in range(self.n) if self.owner(a) != player]
        hidden_missile = (
            bool(self.chain) and self.kind == "missile" and self.owner(self.flyer) != player
        )
        pool = list(self.deck)
        for a in others:
            pool += self.hands[a]
            pool += self.pools[a]
        seen = self.lent_by if self.lent_by in others else -1
        if seen >= 0:  # the card taken from the pool was shown: it stays in the hand
            pool.remove(self.lent)
        if hidden_missile:
            pool += self.missile_hand
        hidden_site = bool(self.site_hand) and player != self.game.site_seat
        if hidden_site:
            pool += self.site_hand
        pool.sort()
        seed = shuffle(seed, pool)
        hands = list(self.hands)
        pools = list(self.pools)
        for a in others:
            size = len(self.hands[a]) - (a == seen)
            drawn, pool = pool[:size], pool[size:]
            hands[a] = tuple(sorted(drawn + ([self.lent] if a == seen else [])))
            size = len(self.pools[a])
            pools[a], pool = tuple(sorted(pool[:size])), pool[size:]
        new.hands = tuple(hands)
        new.pools = tuple(pools)
        self._deal_cycle_hands(new, pool, hidden_missile, hidden_site)
        choices = self.eligible()
        for a in others:
            if self.planes[a] >= 0 and not self.planes_shown:
                new.planes = _put(new.planes, a, choices[(seed + a) % len(choices)])
                new.loads = _put(new.loads, a, None)
            if self.alts[a] >= 0 and not self.alts_shown:
                new.alts = _put(new.alts, a, (seed + a) % 3)
            if not self.skills_shown:
                # Unrevealed skills: a world in which the other player chose none (R56).
                new.skills = _put(new.skills, a, self.game.special[a])
                new.mods = _put(new.mods, a, NO_MODS)
        if self.phase == SKILL and self.to_act != player:
            new.rate_left = 0
        new.rng_seed = shuffle(seed, [])
        return new

    def check_invariants(self) -> None:
        self._check_cards()
        assert all(not p or self.has(a, EXPERTISE) for a, p in enumerate(self.pools))
        for a in range(self.n):
            t, level = self.on[a]
            if t < 0:
                continue
            assert self.alive[a] and self.alive[t] and self.side(a) != self.side(t)
            assert level in (1, 2) and self.on[t][0] != a
        for t in range(self.n):
            held = [self.on[h][1] for h in self.holders(t)]
            assert held.count(1) <= 2 and held.count(2) <= 1, "slots: two Advantage, one Tailing"
        assert all(GUN <= b <= AH for b in self.bands)
        assert all(set(self.used[a]) <= set(self.skills[a]) for a in range(self.n)), "skill use"
        assert (self.phase == OVER) == (self.result is not None)


def _each(setup: Mapping[str, Any], n: int, key: str) -> list[Any]:
    """A several-aircraft setup's values for ``key``, one per aircraft."""
    values = setup[key]
    if not isinstance(values, list | tuple) or len(values) != n:
        raise ConfigError(f"melee setup {key}: one value per aircraft ({n})")
    return list(values)


def _ratings(plane: Aircraft) -> JSON:
    """The printed ratings, "-" where the card prints none."""
    return {
        "nation": plane.nation,
        "year": plane.year,
        "speed": plane.speed,
        "performance": plane.performance,
        "thrust_pre": plane.thrust_pre,
        "ab_pre": "-" if plane.ab_pre is None else plane.ab_pre,
        "thrust_post": plane.thrust_post,
        "ab_post": "-" if plane.ab_post is None else plane.ab_post,
        "gun": "-" if plane.gun is None else plane.gun,
        "ew": "-" if plane.ew is None else plane.ew,
        "countermeasures": plane.countermeasures,
    }


@cache
def _fit(cat: Catalogue, rel: int, mutual: int, missiles: Hand) -> tuple[str, ...]:
    """The missiles (notation names) a Tone may fire at this position and mutual range with
    these missiles left (cached: few situations)."""
    return tuple(
        m.slug for m in cat.data.missiles if flight.can_fire(m, rel, mutual, missiles[m.index])
    )


_PlayEntry = tuple[Move | None, tuple[Move, ...], tuple[Move, ...], tuple[Move, ...]]


@cache
def _play_table(
    cat: Catalogue,
    t: int,
    gun: bool,
    rel: int,
    fit: tuple[str, ...],
    climb: bool,
    dive: bool,
    pos_ok: bool,
    room1: bool,
    room2: bool,
) -> tuple[_PlayEntry, ...]:
    """By card index, what it may do against enemy ``t`` in the play step in this situation:
    its gun attack (before the cost check), Tones, actions and position maneuvers (range
    maneuvers: ``_range_moves``). Cached per situation: the play step asks on every decision.
    ``gun``: a gun and the mutual range G; ``fit``: the missiles a Tone may fire; ``pos_ok``: a
    position change against ``t`` is allowed (§7.3); ``room1``/``room2``: a free Advantage/
    Tailing slot on ``t`` within reach."""
    table: list[_PlayEntry] = []
    for card in cat.data.cards:
        name = card.slug
        attack = cat.get("attack", name, t=t) if gun and card.can_gun else None
        tones = tuple(cat.get("tone", name, m, t=t) for m in fit) if card.can_tone else ()
        action = card.action
        act: list[Move] = []
        if (action == "pos_to_neutral" and rel < 0) or (action == "disadv_to_adv" and rel == -1):
            act.append(cat.get("act", name, t=t))
        elif action == "altitude_1":
            if climb:
                act.append(cat.get("act", name, "up", t=t))
            if dive:
                act.append(cat.get("act", name, "down", t=t))
        moves: list[Move] = []
        if pos_ok:
            for k in flight.position_steps(card.positioning, rel):
                level = rel + k
                if level <= 0 or (room1 if level == 1 else room2):
                    moves.append(cat.get("pos", name, a=k, t=t))
        table.append((attack, tones, tuple(act), tuple(moves)))
    return tuple(table)


@cache
def _reactions(
    cat: Catalogue, title: str, restricted: bool, own: bool, enemy_turn: bool
) -> tuple[Move | None, ...]:
    """By card index, its reaction to an action titled ``title`` (None if it may not); cached
    per title. React To names the title; Ace Pilot (ANY) guards only the flyer or the target
    (``own``); Split-S (ANY_ENEMY_TURN) only the target off its turn (``enemy_turn``); a
    missile's or site's hand (``restricted``) has no pilot: cards not usable there never react."""
    return tuple(
        cat.react[c.index] if reacts(c, title, restricted, own, enemy_turn) else None
        for c in cat.data.cards
    )


@cache
def _bonus_acts(cat: Catalogue) -> tuple[Move | None, ...]:
    """By card index: its untargeted action (a missile bonus), played once whatever the
    targets."""
    return tuple(
        cat.get("act", c.slug) if c.action == "missile_bonus" else None for c in cat.data.cards
    )


_LEGAL: dict[str, Callable[[DifState], list[Move]]] = by_phase(DifState, "_legal_")
DifState._DO = by_phase(DifState, "_do_")
