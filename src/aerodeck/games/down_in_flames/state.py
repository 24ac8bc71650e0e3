"""The dogfight's state: what every Down In Flames step reads and writes (each aircraft's
``Flight``, the hands, the deck, the cycle), the reads of the rules (an aircraft as flown, its
reach, position, range, the free slots, the enemies it may act against) and drawing and
discarding. ``legal.LegalMoves`` lists the moves on it, ``view.Views`` shows it,
``rules.DifState`` applies the moves."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, TurnState
from aerodeck.core.rng import shuffle
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.actions import Catalogue
from aerodeck.games.down_in_flames.data import (
    RANGES,
    RATINGS,
    Aircraft,
    CardType,
    DataSet,
)
from aerodeck.games.down_in_flames.phases import (
    FLIGHT_FIELD,
    NO_CARD,
    NO_CYCLE,
    NONE,
    PICK,
    PLAY,
    PRE,
    REACT,
    THEN_SPEED,
    AfterFollow,
    Cycle,
    Flight,
    Hand,
    Link,
    Load,
    Payment,
    Refit,
    Sheet,
    TurnStep,
)
from aerodeck.games.down_in_flames.skills import (
    NO_MODS,
    THROWN,
    gun_cost,
    load_vp,
)

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames

SITE = -2  # a ground site's place in a cycle's chain
_new_flight = tuple.__new__  # Flight._make without its length check (its fields are all set)
_SHEET, _PLANE = FLIGHT_FIELD["sheet"], FLIGHT_FIELD["plane"]
_REACH, _MISSILES = FLIGHT_FIELD["reach"], FLIGHT_FIELD["missiles"]

Relation = tuple[int, bool, bool, bool, bool]
"""What one aircraft's position allows against another, as the named predicates answer: ``rel``,
``_pos_ok``, the free Advantage and Tailing slots of ``_room`` and ``_may_move_band``."""
Relations = tuple[tuple[Relation, ...], ...]
_RELATIONS: dict[tuple[tuple[tuple[int, int], bool], ...], Relations] = {}
"""``Dogfight._relations`` by each aircraft's position held and whether it flies (bounded)."""


class Dogfight(TurnState):
    """The slots (immutable values only: cheap ``clone``) and the reads the rules share."""

    __slots__ = (
        "altitudes_shown",
        "angle_queue",
        "chain",
        "choosing",
        "cycle",
        "data",
        "deck",
        "discards",
        "duel",
        "end_reason",
        "expertise_card",
        "expertise_owner",
        "flights",
        "flyer",
        "foes",
        "follow_delta",
        "follow_queue",
        "follow_then",
        "from_speed",
        "hands",
        "is_terminal",
        "kills",
        "last_side",
        "loading",
        "missile_bonus",
        "missile_hand",
        "n_aircraft",
        "nfod_vp",
        "owners",
        "payment",
        "planes_shown",
        "pools_dealt",
        "rating_sign",
        "rating_steps_left",
        "reactor",
        "relations_memo",
        "rng_seed",
        "round",
        "side_outnumbers",
        "side_turn",
        "sides",
        "site_checked",
        "site_hand",
        "skill_unit",
        "skills_shown",
        "speed_left",
        "speed_memo",
        "target",
        "team_queue",
        "team_used",
        "timely_discards",
        "turn_step",
        "turns_flown",
        "vps_memo",
    )
    memo_slots = frozenset({"relations_memo", "vps_memo"})

    game: DownInFlames
    # A slot set by ``_end``, not TurnState's property: every step of a playout asks.
    is_terminal: bool
    data: DataSet
    rng_seed: int
    n_aircraft: int
    duel: bool  # one aircraft a side: the duel's notation and events
    end_reason: str

    # The aircraft (indexed by aircraft number): who flies each, and each one's Flight, written
    # only by ``_refit``.
    owners: tuple[int, ...]  # the seat flying each aircraft (the game's)
    sides: tuple[int, ...]  # the side of each aircraft (the game's)
    flights: tuple[Flight, ...]

    # The cards: each aircraft's hand, the deck and the discards (the cycle's hands below).
    hands: tuple[Hand, ...]
    deck: Hand
    discards: Hand

    # Per side and per player.
    kills: tuple[int, ...]
    nfod_vp: tuple[int, ...]  # campaign VP earned by the NFOD skill, per player (R58)

    # The set-up: choices made in secret, then revealed together.
    choosing: int  # the aircraft whose choice (aircraft, load, altitude) is asked
    loading: bool  # choosing a custom missile load
    skill_unit: int  # which of game.skill_units chooses skills
    rating_steps_left: int
    rating_sign: int  # +1 raising a rating, -1 lowering one
    planes_shown: bool
    altitudes_shown: bool
    skills_shown: bool
    pools_dealt: bool  # an Aircraft Expertise pool was dealt (R60)
    angle_queue: tuple[int, ...]

    # The round and the turn of the aircraft flying.
    round: int
    side_turn: int
    last_side: int
    turns_flown: int
    flyer: int  # the aircraft whose turn it is
    turn_step: TurnStep
    timely_discards: int  # cards discarded by Timely, as many drawn
    speed_left: int  # Speed Maneuvers left this turn
    from_speed: bool
    site_checked: int  # sites that have checked the flying aircraft this turn
    expertise_card: int  # the pool card taken out awaiting its play (NO_CARD when none)
    expertise_owner: int  # the aircraft whose pool card it is

    # The action/reaction cycle in progress.
    cycle: Cycle  # what its first card set
    chain: tuple[Link, ...]
    target: int
    reactor: int
    missile_bonus: int
    missile_hand: Hand
    site_hand: Hand
    team_queue: tuple[int, ...]
    team_used: bool

    # A cost paid card by card (phase PAY), and an altitude change others may follow.
    payment: Payment | None
    follow_queue: tuple[int, ...]
    follow_delta: int
    follow_then: AfterFollow

    # Derived from the flights, found by ``_flying_changed`` when an aircraft is shot down
    # (checked in tests/games/down_in_flames/test_situation_cache.py).
    foes: tuple[tuple[int, ...], ...]  # each aircraft's enemies still flying
    side_outnumbers: tuple[bool, ...]  # per side: it may play Teamwork (``_teamwork``)
    # Memos of what the move tables read, for the flights they were found for.
    relations_memo: Relations | None  # ``relations`` (None once a position or a kill changed it)
    speed_memo: tuple[Any, ...]  # the flyer, the flights and ``_legal_speed``'s moves
    vps_memo: tuple[int, ...] | None  # ``vps`` (None once a sheet changed it)

    def _start(self, n: int) -> list[int]:
        """The state before the aircraft are chosen, for ``n`` aircraft; returns the Action deck
        unshuffled (several decks combined into one, §18.8)."""
        data = self.data = self.game.data  # a slot for the rules' many reads
        self.rng_seed = self.seed
        self.phase = PICK
        self.is_terminal = False
        self.planes_shown = self.altitudes_shown = False
        # Skills (R29-R34, R56): rating changes, revealed together, once-per-game ones spent.
        self.skills_shown = False
        self.rating_steps_left = self.rating_sign = 0
        # Each aircraft before its choices: a campaign's special conditions give skills (R59);
        # a custom missile load (option missile_loads) of None keeps the printed one.
        unarmed = (0,) * len(data.missiles)
        band = data.constants.starting_range
        flights = []
        for special in self.game.special:
            sheet = Sheet(-1, None, special, NO_MODS)
            plane, reach = self._derive(sheet, unarmed)
            flights.append(
                Flight(
                    sheet=sheet,
                    plane=plane,
                    reach=reach,
                    altitude=-1,
                    band=band,
                    position=NONE,
                    alive=True,
                    round_flown=0,
                    missiles=unarmed,
                    countermeasures=0,
                    afterburners=0,
                    burner_lit=False,
                    skills_spent=(),
                    pool=(),
                    pool_given_turn=-1,
                )
            )
        self.flights = tuple(flights)
        self._flying_changed()
        self.deck = ()
        self.hands = ((),) * n
        self.discards = ()
        self.missile_hand = ()
        self.site_hand = ()
        self.round = 1
        self.turn_step = PRE
        self.missile_bonus = self.speed_left = self.timely_discards = 0
        self.from_speed = False
        # The action/reaction cycle: the chain of links, the use of its first card, its card,
        # its two numbers (steps, range changes) and the missile a Tone fires.
        self.chain = ()
        self.cycle = NO_CYCLE
        self.payment = None
        self.follow_delta = 0
        self.follow_then = THEN_SPEED
        self.result = None
        self.end_reason = ""
        # Aircraft Expertise (R60): whether pools were dealt, and the card taken out of one
        # awaiting its play (NO_CARD when none).
        self.pools_dealt = False
        self.expertise_card = NO_CARD
        self.expertise_owner = -1  # the aircraft whose pool card it is
        self.loading = False
        self.relations_memo = None
        self.speed_memo = (-1, (), ())
        self.vps_memo = None
        decks = int(self.game.options["decks"])
        return [c.index for c in data.cards for _ in range(c.count * decks)]

    def _end(self, winners: Iterable[int]) -> None:
        super()._end(winners)
        self.is_terminal = True

    def eligible(self) -> list[int]:
        """Aircraft within the agreed VP limit and year (R13); with custom loads (R44, R57) on
        their no-missile VP."""
        options = self.game.options
        return list(
            eligible(self.data, options["vp_limit"], options["year"], options["missile_loads"])
        )

    # --- the one writer of the flights, and what it derives ------------------------------------

    def _refit(self, a: int, field: Refit, value: Any) -> None:
        """Aircraft ``a``'s flight with ``field`` set to ``value``: the one writer of
        ``flights``. What follows is derived here: the plane as flown and its reach when the
        sheet or the missiles change, every aircraft's enemies when one is shot down; the
        relations are found again once a position changes or an aircraft is shot down, the VP
        once a sheet changes."""
        flights = list(self.flights)
        fields: list[Any] = list(flights[a])
        fields[FLIGHT_FIELD[field]] = value
        if field in {"sheet", "missiles"}:
            fields[_PLANE], fields[_REACH] = self._derive(fields[_SHEET], fields[_MISSILES])
            if field == "sheet":
                self.vps_memo = None  # found again when next asked
        flights[a] = _new_flight(Flight, fields)  # the fields as Flight._make takes them
        self.flights = tuple(flights)
        if field in {"position", "alive"}:
            self.relations_memo = None  # found again when next asked
            if field == "alive":
                self._flying_changed()

    def _derive(self, sheet: Sheet, missiles: Hand) -> tuple[Aircraft, int]:
        """A flight's ``plane`` and ``reach`` for this sheet and these missiles left: the
        aircraft as flown (printed ratings, with its skills once they are revealed) and the
        farthest band its gun and missiles reach (R8)."""
        if self.skills_shown and sheet.skills:
            plane = self.game.flown(sheet.plane, sheet.rating_mods, sheet.skills)
        else:
            plane = self.data.aircraft[sheet.plane]
        return plane, weapon_reach(self.game.catalogue, plane.gun is not None, missiles)

    def _show_skills(self, shown: bool) -> None:
        """The skills revealed (or not): each aircraft is then flown with its own."""
        self.skills_shown = shown
        for a, f in enumerate(self.flights):
            self._refit(a, "sheet", f.sheet)  # the same sheet, its plane derived again

    def _flying_changed(self) -> None:
        """What follows from the aircraft flying: each one's enemies and whether each side
        may play Teamwork (``_refit`` asks when an aircraft is shot down)."""
        self.foes = self._foes()
        self.side_outnumbers = tuple(self._teamwork(s) for s in range(self.game.n_sides))

    def _foes(self) -> tuple[tuple[int, ...], ...]:
        flights, sides = self.flights, self.sides
        return tuple(
            tuple(b for b, other in enumerate(flights) if other.alive and sides[b] != sides[a])
            for a in range(self.n_aircraft)
        )

    def _choose(self, a: int, **choice: Any) -> None:
        """Aircraft ``a``'s sheet with ``choice`` made (``plane``, ``load``, ``skills`` or
        ``rating_mods``)."""
        self._refit(a, "sheet", self.flights[a].sheet._replace(**choice))

    # --- each field across the aircraft, in aircraft order: for reports and tests (the rules
    # read the flights) ------------------------------------------------------------------------

    @property
    def sheets(self) -> tuple[Sheet, ...]:
        return tuple(f.sheet for f in self.flights)

    @property
    def altitudes(self) -> tuple[int, ...]:
        return tuple(f.altitude for f in self.flights)

    @property
    def range_bands(self) -> tuple[int, ...]:
        return tuple(f.band for f in self.flights)

    @property
    def alive(self) -> tuple[bool, ...]:
        return tuple(f.alive for f in self.flights)

    @property
    def missiles(self) -> tuple[Hand, ...]:
        return tuple(f.missiles for f in self.flights)

    @property
    def countermeasures(self) -> tuple[int, ...]:
        return tuple(f.countermeasures for f in self.flights)

    @property
    def afterburners(self) -> tuple[int, ...]:
        return tuple(f.afterburners for f in self.flights)

    @property
    def afterburner_lit(self) -> tuple[bool, ...]:
        return tuple(f.burner_lit for f in self.flights)

    @property
    def skills_spent(self) -> tuple[Hand, ...]:
        return tuple(f.skills_spent for f in self.flights)

    @property
    def pools(self) -> tuple[Hand, ...]:
        return tuple(f.pool for f in self.flights)

    # --- the reads of the rules ---------------------------------------------------------------

    def plane(self, a: int) -> Aircraft:
        """The aircraft as flown."""
        return self.flights[a].plane

    def has(self, a: int, skill: str) -> bool:
        """Whether aircraft ``a`` flies with ``skill`` (revealed skills only act)."""
        held = self.flights[a].sheet.skills
        return bool(held) and self.skills_shown and self.game.skill_ix.get(skill, -1) in held

    def fresh(self, a: int, skill: str) -> bool:
        """Whether ``a`` holds a once-per-game ``skill`` not used yet (tracked per aircraft)."""
        return self.has(a, skill) and self.game.skill_ix[skill] not in self.flights[a].skills_spent

    def _spend(self, a: int, skill: str) -> None:
        self._refit(a, "skills_spent", (*self.flights[a].skills_spent, self.game.skill_ix[skill]))
        self._emit({"type": "skill-used", "seat": a, "skill": skill})

    def skill_vp(self, a: int) -> int:
        return sum(self.data.skills[i].cost for i in self.flights[a].sheet.skills)

    def load(self, a: int) -> Load:
        """The missiles aircraft ``a`` carries: its custom load, else the printed one."""
        sheet = self.flights[a].sheet
        return self.data.aircraft[sheet.plane].load if sheet.load is None else sheet.load

    def load_vp(self, a: int) -> int:
        sheet = self.flights[a].sheet
        return load_vp(self.data, self.data.aircraft[sheet.plane], sheet.load)

    def _budget(self, a: int) -> int:
        """VP left for skills: the limit less the aircraft (with its load) and its skills."""
        return int(self.game.options["vp_limit"]) - self.load_vp(a) - self.skill_vp(a)

    def reach(self, a: int) -> int:
        """The farthest band ``a``'s gun and missiles left reach (R8)."""
        return self.flights[a].reach

    def perf(self, a: int) -> int:
        f = self.flights[a]
        return flight.performance(self.data, f.plane, f.altitude)

    def thrust(self, a: int, post: bool) -> int:
        f = self.flights[a]
        return flight.thrust(self.data, f.plane, post, f.burner_lit, f.altitude)

    def _ranges(self) -> list[str]:
        """Each aircraft's range band by name (the range events)."""
        return [RANGES[f.band] for f in self.flights]

    def _title(self, card: int) -> str:
        return self.data.cards[card].title

    def _take(self, n: int) -> Hand:
        """Up to ``n`` cards off the deck; an empty deck is rebuilt from the discards (R17)."""
        deck = self.deck
        if 0 <= n <= len(deck):  # the usual case: the deck holds them all
            self.deck = deck[n:]
            return deck[:n]
        out: list[int] = []
        while len(out) < n:
            if not self.deck:
                if not self.discards:
                    break
                pile = list(self.discards)
                self.rng_seed = shuffle(self.rng_seed, pile)
                self.deck, self.discards = tuple(pile), ()
                self._emit({"type": "reshuffle", "deck": len(self.deck)})
            wanted = n - len(out)
            out += self.deck[:wanted]
            self.deck = self.deck[wanted:]
        return tuple(out)

    def _draw(self, a: int, n: int, why: str) -> None:
        cards = self._take(n)
        hands = list(self.hands)  # replace_at's edit, without its call (a draw every turn)
        hands[a] = tuple(sorted(hands[a] + cards))
        self.hands = tuple(hands)
        if not self._muted:
            types = self.data.cards
            self._emit(
                {"type": "draw", "seat": a, "count": len(cards), "why": why},
                {self.owners[a]: {"cards": [types[c].title for c in cards]}},
            )
        if self.skills_shown and self.flights[a].sheet.skills:
            for skill, titles in THROWN.items():  # Nugget, Plumber (R30)
                if self.has(a, skill):
                    for c in cards:
                        if self._title(c) in titles and c in self.hands[a]:
                            self._discard(a, c, skill)

    def _from_hand(self, a: int, card: int) -> None:
        """One ``card`` leaves aircraft ``a``'s hand (the hand's copy made here rather than by
        ``_put`` of ``_without``: a card played or discarded at most decisions, a call each)."""
        hands = list(self.hands)
        hand = hands[a]
        at = hand.index(card)
        hands[a] = hand[:at] + hand[at + 1 :]
        self.hands = tuple(hands)

    def _discard(self, a: int, card: int, why: str) -> None:
        self._from_hand(a, card)
        self.discards += (card,)
        if not self._muted:
            self._emit({"type": "discard", "seat": a, "card": self._title(card), "why": why})

    def _changes(self, a: int) -> dict[str, int]:
        return {RATINGS[r]: v for r, v in enumerate(self.flights[a].sheet.rating_mods) if v}

    def owner(self, a: int) -> int:
        """The seat flying aircraft ``a``."""
        return self.owners[a]

    def side(self, a: int) -> int:
        return self.sides[a]

    def _at(self, event: JSON, t: int) -> JSON:
        """An event about an enemy aircraft names it, but in the duel (one enemy)."""
        if not self.duel:
            event["target"] = t
        return event

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
        plane = self.data.aircraft[self.flights[a].sheet.plane]
        value = self.load_vp(a) if self.load(a) else plane.vp_clean
        sides, mine = self.sides, self.sides[a]
        armed = any(self.load(b) for b in range(self.n_aircraft) if sides[b] != mine)
        return value - (0 if armed else plane.vp_mod)

    def shown_vp(self, a: int) -> int:
        """The VP an aircraft is worth as revealed (``_shown_vps``)."""
        return self.vps()[a]

    def vps(self) -> tuple[int, ...]:
        """Each aircraft's ``shown_vp``. Every observation shows them while they change only
        with a sheet: kept in the state until ``_refit`` changes a sheet."""
        memo = self.vps_memo
        if memo is None:
            memo = self.vps_memo = self._shown_vps()
        return memo

    def _shown_vps(self) -> tuple[int, ...]:
        """Each aircraft's VP as revealed: as flown, plus its skills' cost once they are
        revealed, except in a campaign mission ("do not adjust the aircraft VP for skill cost",
        R59); none until every aircraft is chosen."""
        flights = self.flights
        if any(f.sheet.plane < 0 for f in flights):
            return (0,) * len(flights)
        paid = self.skills_shown and not self.game.mission_vp
        return tuple(
            self.flown_vp(a) + (self.skill_vp(a) if paid else 0) for a in range(len(flights))
        )

    def enemies(self, a: int) -> tuple[int, ...]:
        """The enemy aircraft still flying (kept per aircraft, changed when one is shot down)."""
        return self.foes[a]

    def rel(self, a: int, b: int) -> int:
        """a's position on b: +2 Tailing ... -2 Tailed."""
        held = self.flights[a].position
        if held[0] == b:
            return held[1]
        held = self.flights[b].position
        if held[0] == a:
            return -held[1]
        return 0

    def holders(self, t: int) -> list[int]:
        return [a for a, f in enumerate(self.flights) if f.position[0] == t]

    def engaged(self, a: int) -> bool:
        flights = self.flights
        return flights[a].position[0] >= 0 or a in [f.position[0] for f in flights]

    def mutual(self, a: int, b: int) -> int:
        fa, fb = self.flights[a], self.flights[b]
        return flight.mutual_range(fa.band, fb.band, fa.altitude, fb.altitude)

    def targets(self, a: int) -> tuple[int, ...]:
        """Enemies ``a`` may act against: only the one it holds while it holds one (§7.1)."""
        held = self.flights[a].position[0]
        return (held,) if held >= 0 else self.foes[a]

    def _room(self, a: int, t: int, new: int) -> bool:
        """A free slot on ``t``: two at Advantage, one Tailing (§7.1), and weapon reach (R8)."""
        if new <= 0:
            return True
        if self.mutual(a, t) > self.reach(a):
            return False
        if self.n_aircraft == 2:
            return True  # the duel: no others
        relation = self.relations()[a][t]
        return relation[2] if new == 1 else relation[3]

    def relations(self) -> Relations:
        """Every aircraft's ``Relation`` to every other. They change only when a position is
        taken or lost or an aircraft is shot down, while the move tables ask them for every
        target at every decision: kept in the state until ``_refit`` changes a position or shoots
        an aircraft down, and for the game by the positions held and the aircraft flying (few:
        the positions held are few)."""
        memo = self.relations_memo
        if memo is not None:
            return memo
        key = tuple([(f.position, f.alive) for f in self.flights])
        table = _RELATIONS.get(key)
        if table is None:
            if len(_RELATIONS) >= 1 << 14:
                _RELATIONS.clear()
            table = _RELATIONS[key] = self._relations()
        self.relations_memo = table
        return table

    def _relations(self) -> Relations:
        """``relations`` found: each predicate asked for every ordered pair of aircraft."""
        out = []
        for a in range(self.n_aircraft):
            row: list[Relation] = []
            for t in range(self.n_aircraft):
                held = self._held_on(t, a)
                row.append(
                    (
                        self.rel(a, t),
                        self._pos_ok(a, t),
                        flight.slot_free(held, 1),
                        flight.slot_free(held, 2),
                        self._may_move_band(a, t),
                    )
                )
            out.append(tuple(row))
        return tuple(out)

    def _held_on(self, t: int, a: int) -> list[int]:
        """The positions the aircraft other than ``a`` hold on ``t`` (for ``flight.slot_free``)."""
        return [f.position[1] for h, f in enumerate(self.flights) if f.position[0] == t and h != a]

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
        if a < 0:
            return -1
        f = self.flights[a]
        if not f.pool or f.pool_given_turn == self.turns_flown:
            return -1
        return a

    def _unit(self) -> tuple[int, ...]:
        return self.game.skill_units[self.skill_unit]

    def _waiting(self, side: int) -> list[int]:
        """The side's aircraft flying that have not flown this round (a loop: a comprehension
        costs about three times as much on Python 3.11, and every turn's end asks)."""
        flights, now, out = self.flights, self.round, []
        for a in self.game.side_members[side]:
            f = flights[a]
            if f.alive and f.round_flown != now:
                out.append(a)
        return out

    def _bat_turn_open(self, a: int) -> bool:
        return bool(self.flights[a].sheet.skills) and bool(self.holders(a))

    def _follow_cost(self, f: int, delta: int) -> int:
        return (1 if self.flights[f].position[1] == 1 else 0) + (1 if delta > 0 else 0)

    def _may_move_band(self, a: int, t: int) -> bool:
        """§18.7: an enemy's band moves only if it is Neutral to all others or engaged with a
        (always, with no others)."""
        if self.n_aircraft == 2:
            return True
        flights = self.flights
        held = flights[t].position[0]
        if flights[a].position[0] == t or held == a:
            return True  # engaged with a
        if held >= 0 and flights[held].alive:
            return False  # t holds another aircraft
        # No other aircraft flying holds t (a list, not a generator: it costs less).
        return not any([f.alive for x, f in enumerate(flights) if x != a and f.position[0] == t])

    def _pos_ok(self, a: int, t: int) -> bool:
        """§7.3: an engaged aircraft changes position only against one it is directly engaged
        with."""
        return (
            self.n_aircraft == 2 or self.rel(a, t) != 0 or not self.engaged(a)
        )  # the duel: always

    def _gun_cost(self, a: int, card: CardType) -> int:
        assert card.gun_discard is not None
        cost = flight.gun_discard(card.gun_discard, self.plane(a).gun)
        if not self.flights[a].sheet.skills:
            return cost
        return gun_cost(cost, self.has(a, "In My Sights!"), self.fresh(a, "Gun Fighter"))

    def _teamwork(self, side: int) -> bool:
        """§18.4: in team play, the side with more aircraft flying may add a friend's card."""
        if self.game.options["mode"] == "ffa":
            return False
        count = [0] * self.game.n_sides
        for x, f in enumerate(self.flights):
            if f.alive:
                count[self.sides[x]] += 1
        return count[side] > max(c for s, c in enumerate(count) if s != side)

    def _source(self, r: int) -> tuple[Hand, str]:
        if r == SITE:
            return self.site_hand, "site"
        if self.cycle.kind == "missile" and r == self.flyer:
            return self.missile_hand, "missile"
        return self.hands[r], "hand"

    def _describe(self, link: Link) -> str:
        if link[3] == "speed":
            return "Speed Maneuver"
        if link[3] == "cm":
            return "Countermeasures"
        if link[3] == "lucky":
            return "Countermeasures (Lucky, as Ace Pilot)"
        return link[2] if link[1] == NO_CARD else self._title(link[1])


def eligible(data: DataSet, limit: int, year: int, clean: bool) -> tuple[int, ...]:
    """``Dogfight.eligible`` for these options (R13, R44)."""
    return tuple(
        a.index
        for a in data.aircraft
        if (a.vp_clean if clean else a.vp_loaded) <= limit and a.year <= year
    )


@cache
def weapon_reach(cat: Catalogue, gun: bool, missiles: Hand) -> int:
    """``flight.reach`` by whether the aircraft has a gun and its missiles left (cached: the
    rules ask after every maneuver and the answers are few)."""
    return flight.reach(cat.data, gun, missiles)
