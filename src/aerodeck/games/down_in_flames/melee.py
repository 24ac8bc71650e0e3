"""Locked-On with several aircraft (digest §7.1-§7.3, §18.3-§18.7): team games and
free-for-all. A pure state machine like the duel's (``rules.py``), kept apart so that the duel's
encoding and records never change. Rulings R46..R53 are in docs/games/down_in_flames.md.

Aircraft are numbered 0..n-1; aircraft ``i`` belongs to player ``i // per_player``; a player's
side is its seat modulo 2 (teams) or its seat (free-for-all). Positions are held, not mutual:
``on[a] = (t, 1|2)`` means aircraft ``a`` is at Advantage (1) or Tailing (2) on ``t``; seen from
``t`` that is Disadvantaged or Tailed. Every card play, Speed Maneuver and attack names its
target aircraft (``@t`` in the notation).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import cache, lru_cache
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, Action, State
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
from aerodeck.games.down_in_flames.flight import AH, GUN, HIGH, LOW, MEDIUM, POSITIONS
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    ALTITUDE,
    BURNER,
    DISCARD,
    FOLLOW,
    LAUNCH,
    NO_CARD,
    OVER,
    PAY,
    PICK,
    PLAY,
    REACT,
    SKILL,
    SPEED,
    Hand,
    Link,
    Load,
)
from aerodeck.games.down_in_flames.rules import _reach
from aerodeck.games.down_in_flames.skills import (
    ADDED_CARDS,
    ANGLES,
    EXPERTISE,
    EXTRA_DRAW,
    INITIATIVE,
    NO_MODS,
    PLAY_VERBS,
    RATING_STEPS,
    RATINGS,
    THROWN,
    can_step,
    gun_cost,
    launch_extra,
    load_offers,
    load_vp,
    offered,
    search,
    why_expertise,
)

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames

ORDER = "order"
ANGLE = "angle"  # 90° and 0° Angle set the start of a campaign dogfight (R58)
SITE = -2  # the site's place in a cycle's chain
NONE = (-1, 0)


class MeleeState(State):
    """Several aircraft; slots hold only immutable values (cheap ``clone``)."""

    __slots__ = (
        "alive",
        "alts",
        "alts_shown",
        "angle_queue",
        "bands",
        "bonus",
        "burner_on",
        "burners",
        "chain",
        "cms",
        "cyc_a",
        "cyc_b",
        "cyc_card",
        "cyc_missile",
        "data",
        "deck",
        "discards",
        "end_reason",
        "flown",
        "flyer",
        "follow_delta",
        "follow_queue",
        "follow_then",
        "from_speed",
        "hands",
        "kills",
        "kind",
        "last_side",
        "lent",
        "lent_by",
        "loading",
        "loads",
        "missile_hand",
        "missiles",
        "mods",
        "n",
        "nfod",
        "on",
        "pay_ac",
        "pay_left",
        "pay_then",
        "phase",
        "pick_i",
        "planes",
        "planes_shown",
        "pool_used",
        "pools",
        "rate_left",
        "rate_sign",
        "reactor",
        "result",
        "rng_seed",
        "round",
        "side_turn",
        "sides",
        "site_checked",
        "site_hand",
        "skills",
        "skills_shown",
        "speed_left",
        "step",
        "target",
        "team_queue",
        "team_used",
        "timely_n",
        "to_act",
        "turn_no",
        "unit_i",
        "used",
    )

    game: DownInFlames
    data: DataSet
    n: int

    def __init__(
        self, game: DownInFlames, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        # The game's data set, aircraft count and each aircraft's side, in slots for the rules'
        # many reads.
        data = self.data = game.data
        n = self.n = game.n_aircraft
        self.sides: tuple[int, ...] = tuple(game.side_of[game.owner_of[a]] for a in range(n))
        self.rng_seed = self.seed
        self.phase = PICK
        self.pick_i = 0
        self.to_act: int | None = 0
        self.planes: tuple[int, ...] = (-1,) * n
        self.planes_shown = False
        self.alts: tuple[int, ...] = (-1,) * n
        self.alts_shown = False
        self.bands: tuple[int, ...] = (data.constants.starting_range,) * n
        self.on: tuple[tuple[int, int], ...] = (NONE,) * n
        self.alive: tuple[bool, ...] = (True,) * n
        self.hands: tuple[Hand, ...] = ((),) * n
        self.discards: Hand = ()
        self.missile_hand: Hand = ()
        self.missiles: tuple[Hand, ...] = ((0,) * len(data.missiles),) * n
        self.cms: tuple[int, ...] = (0,) * n
        self.burners: tuple[int, ...] = (0,) * n
        self.burner_on: tuple[bool, ...] = (False,) * n
        self.kills: tuple[int, ...] = (0,) * game.n_sides
        self.round = 1
        self.flown: tuple[bool, ...] = (False,) * n
        self.flyer = -1
        self.side_turn = 0
        self.last_side = -1
        self.step = "pre"
        self.bonus = 0
        self.speed_left = 0
        self.from_speed = False
        self.chain: tuple[Link, ...] = ()
        self.kind = ""
        self.cyc_card = NO_CARD
        self.cyc_a = 0
        self.cyc_b = 0
        self.cyc_missile = -1
        self.target = -1
        self.reactor = -1
        self.team_queue: tuple[int, ...] = ()
        self.team_used = False
        self.pay_ac = 0
        self.pay_left = 0
        self.pay_then = ""
        self.follow_queue: tuple[int, ...] = ()
        self.follow_delta = 0
        self.follow_then = ""
        self.result: tuple[float, ...] | None = None
        self.end_reason = ""
        pool = [c.index for c in data.cards for _ in range(c.count * int(game.options["decks"]))]
        self.deck: Hand = ()
        self.to_act = self.owner(0)
        self.site_hand: Hand = ()
        self.site_checked = 0  # sites that have checked the flying aircraft this turn
        # Aircraft Expertise (R60): each aircraft's set-aside pool, the aircraft turn it last
        # drew from, the pool card taken out and awaiting its play, and its aircraft.
        self.pools: tuple[Hand, ...] = ((),) * n
        self.pool_used: tuple[int, ...] = (-1,) * n
        self.lent = NO_CARD
        self.lent_by = -1
        self.turn_no = 0
        # Skills and loads (R56-R61): per aircraft, like the duel's per seat.
        self.skills: tuple[Hand, ...] = game.special
        self.mods: tuple[Hand, ...] = (NO_MODS,) * n
        self.skills_shown = False
        self.used: tuple[Hand, ...] = ((),) * n
        self.rate_left = self.rate_sign = self.timely_n = self.unit_i = 0
        self.loads: tuple[Load | None, ...] = (None,) * n
        self.loading = False
        self.angle_queue: tuple[int, ...] = ()
        self.nfod: tuple[int, ...] = (0,) * game.players
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

        def each(key: str) -> list[Any]:
            values = setup[key]
            if not isinstance(values, list | tuple) or len(values) != self.n:
                raise ConfigError(f"melee setup {key}: one value per aircraft ({self.n})")
            return list(values)

        self.planes = tuple(data.plane(str(v)).index for v in each("aircraft"))
        names = [x.lower() for x in ALTITUDES]
        try:
            self.alts = tuple(names.index(str(v).lower()) for v in each("altitude"))
            self.bands = tuple(RANGES.index(str(v)) for v in each("range"))
        except ValueError as err:
            raise ConfigError("melee setup: altitudes Low/Medium/High, ranges G/HS/RH/AH") from err
        hands = [tuple(sorted(data.card(str(c)).index for c in h)) for h in each("hands")]
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
                    for names in each("skills")
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
        self.flyer, self.last_side = flying, self.side(flying)
        self.flown = _put(self.flown, flying, True)
        self.phase = ""
        self._play_step()

    # --- shortcuts ------------------------------------------------------------------------

    def owner(self, a: int) -> int:
        return self.game.owner_of[a]

    def side(self, a: int) -> int:
        return self.sides[a]

    def plane(self, a: int) -> Aircraft:
        """The aircraft as flown: printed ratings, with its skills once they are revealed."""
        if self.skills_shown and self.skills[a]:
            return self.game.flown(self.planes[a], self.mods[a], self.skills[a])
        return self.data.aircraft[self.planes[a]]

    def has(self, a: int, skill: str) -> bool:
        """Whether aircraft ``a`` flies with ``skill`` (revealed skills only act)."""
        held = self.skills[a]
        return bool(held) and self.skills_shown and self.game.skill_ix.get(skill, -1) in held

    def fresh(self, a: int, skill: str) -> bool:
        """Whether ``a`` holds a once-per-game ``skill`` not used yet (tracked per aircraft)."""
        return self.has(a, skill) and self.game.skill_ix[skill] not in self.used[a]

    def _spend(self, a: int, skill: str) -> None:
        self.used = _put(self.used, a, (*self.used[a], self.game.skill_ix[skill]))
        self._emit({"type": "skill-used", "seat": a, "skill": skill})

    def skill_vp(self, a: int) -> int:
        return sum(self.data.skills[i].cost for i in self.skills[a])

    def load(self, a: int) -> Load:
        """The missiles aircraft ``a`` carries: its custom load, else the printed one."""
        custom = self.loads[a]
        return self.data.aircraft[self.planes[a]].load if custom is None else custom

    def load_vp(self, a: int) -> int:
        return load_vp(self.data, self.data.aircraft[self.planes[a]], self.loads[a])

    def enemies(self, a: int) -> list[int]:
        alive, sides = self.alive, self.sides
        mine = sides[a]
        return [b for b in range(self.n) if alive[b] and sides[b] != mine]

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
        return on[a][0] >= 0 or any(held[0] == a for held in on)

    def mutual(self, a: int, b: int) -> int:
        return flight.mutual_range(self.bands[a], self.bands[b], self.alts[a], self.alts[b])

    def reach(self, a: int) -> int:
        return _reach(self.game.catalogue, self.plane(a).gun is not None, self.missiles[a])

    def perf(self, a: int) -> int:
        return flight.performance(self.data, self.plane(a), self.alts[a])

    def thrust(self, a: int, post: bool) -> int:
        return flight.thrust(self.data, self.plane(a), post, self.burner_on[a], self.alts[a])

    def _title(self, card: int) -> str:
        return self.data.cards[card].title

    def eligible(self) -> list[int]:
        """Aircraft within the VP limit and year (R13), without missiles with custom loads."""
        limit, year = self.game.options["vp_limit"], self.game.options["year"]
        clean = self.game.options["missile_loads"]
        return [
            a.index
            for a in self.data.aircraft
            if (a.vp_clean if clean else a.vp_loaded) <= limit and a.year <= year
        ]

    def targets(self, a: int) -> list[int]:
        """Enemies ``a`` may act against: only the one it holds while it holds one (§7.1)."""
        held = self.on[a][0]
        if held >= 0:
            return [held]
        return self.enemies(a)

    def _room(self, a: int, t: int, new: int) -> bool:
        """A free slot on ``t``: two at Advantage, one Tailing (§7.1), and weapon reach (R8)."""
        if new <= 0:
            return True
        if self.mutual(a, t) > self.reach(a):
            return False
        others = [h for h in self.holders(t) if h != a]
        if new == 1:
            return sum(1 for h in others if self.on[h][1] == 1) < 2
        return not any(self.on[h][1] == 2 for h in others)

    def _set_rel(self, a: int, t: int, new: int) -> None:
        if self.on[t][0] == a:
            self.on = _put(self.on, t, NONE)
        if self.on[a][0] == t:
            self.on = _put(self.on, a, NONE)
        if new > 0:
            self.on = _put(self.on, a, (t, new))
        elif new < 0:
            self.on = _put(self.on, t, (a, -new))
        self._emit(
            {"type": "position", "seat": a, "target": t, "position": flight.position_name(new)}
        )

    # --- the contract -----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        if self.result is None:
            return [0.0] * self.game.players
        return list(self.result)

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        moves: list[Action] = list(_LEGAL[self.phase](self))
        if self.lent != NO_CARD:
            return _lent_plays(self.data.cards[self.lent].slug, moves)
        if any(self.pools):
            moves += self._expertise_moves()
        return moves

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Move)
        if action.verb == "expertise":
            self._take_from_pool(action)
            return
        _APPLY[self.phase](self, action)
        self.lent, self.lent_by = NO_CARD, -1

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
        if a >= 0:
            lent = self._title(self.lent) if self.lent != NO_CARD else ""
            used = self.pool_used[a] == self.turn_no
            reason = why_expertise(action, lent, self.pools[a], used)
            if reason:
                return reason
        elif action.verb == "expertise":
            return "no aircraft of yours may play an Aircraft Expertise card now (R60)"
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
        self.hands = _put(self.hands, a, tuple(sorted(self.hands[a] + cards)))
        if not self._muted:
            types = self.data.cards
            self._emit(
                {"type": "draw", "seat": a, "count": len(cards), "why": why},
                {self.owner(a): {"cards": [types[c].title for c in cards]}},
            )
        if self.skills_shown and self.skills[a]:
            for skill, titles in THROWN.items():  # Nugget, Plumber (R30)
                if self.has(a, skill):
                    for c in cards:
                        if self._title(c) in titles and c in self.hands[a]:
                            self._discard(a, c, skill)

    def _discard(self, a: int, card: int, why: str) -> None:
        self.hands = _put(self.hands, a, _without(self.hands[a], card))
        self.discards += (card,)
        self._emit({"type": "discard", "seat": a, "card": self._title(card), "why": why})

    def _discard_moves(self, hand: Hand) -> list[Move]:
        """A discard of each distinct card in the hand, in data order (hands are sorted)."""
        return list(map(self.game.catalogue.discard.__getitem__, dict.fromkeys(hand)))

    # --- set-up -------------------------------------------------------------------------------

    def _legal_pick(self) -> list[Move]:
        cat = self.game.catalogue
        if self.loading:
            return self._legal_load()
        return [cat.get("fly", self.data.aircraft[i].slug) for i in self.eligible()]

    def _do_pick(self, move: Move) -> None:
        a = self.pick_i
        if self.loading:
            self._do_load(move)
            return
        plane = self.data.plane(move.name)
        self.planes = _put(self.planes, a, plane.index)
        self._emit({"type": "pick", "seat": a}, {self.owner(a): {"aircraft": plane.name}})
        if self.game.options["missile_loads"]:
            self.loading = True
            return
        self._picked(a)

    def _legal_load(self) -> list[Move]:
        """R44 per aircraft (R57): keep the printed load or build one within the VP limit."""
        cat = self.game.catalogue
        a = self.pick_i
        custom = self.loads[a]
        limit = self.game.options["vp_limit"]
        # The printed load is kept only within the limit (the aircraft was chosen on its
        # no-missile VP).
        out = [cat.get("ready")] if custom is not None or self.load_vp(a) <= limit else []
        if custom is None:
            out.append(cat.get("clean"))
        base = self.data.aircraft[self.planes[a]].vp_clean if custom is None else self.load_vp(a)
        room = limit - base
        offers = load_offers(self.data, custom, room, self.game.options["year"])
        return out + [cat.get("pairs", m, str(pairs)) for m, pairs in offers]

    def _do_load(self, move: Move) -> None:
        a = self.pick_i
        custom = self.loads[a] or ()
        if move.verb == "pairs":
            added = (self.data.missile(move.name).index, int(move.extra))
            self.loads = _put(self.loads, a, tuple(sorted((*custom, added))))
        elif move.verb == "clean":
            self.loads = _put(self.loads, a, ())
        else:
            self.loading = False
            chosen = [[self.data.missiles[m].name, 2 * p] for m, p in self.load(a)]
            self._emit({"type": "load-chosen", "seat": a}, {self.owner(a): {"load": chosen}})
            self._picked(a)

    def _picked(self, a: int) -> None:
        if a + 1 < self.n:
            self.pick_i, self.to_act = a + 1, self.owner(a + 1)
            return
        self.planes_shown = True
        counts = self.game.data.constants.afterburner_counters
        for i in range(self.n):
            load = [0] * len(self.data.missiles)
            for index, pairs in self.load(i):
                load[index] = 2 * pairs
            self.missiles = _put(self.missiles, i, tuple(load))
            self.cms = _put(self.cms, i, self.plane(i).countermeasures)
            self.burners = _put(self.burners, i, counts if self.plane(i).has_afterburner else 0)
        event: JSON = {
            "type": "aircraft-all",
            "aircraft": [self.plane(i).name for i in range(self.n)],
        }
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

    # --- skills (R56-R61): chosen in secret per aircraft (or per group in a campaign) ---------

    def _unit(self) -> tuple[int, ...]:
        return self.game.skill_units[self.unit_i]

    def _budget(self, a: int) -> int:
        """VP left for skills: the limit less the aircraft (with its load) and its skills."""
        return int(self.game.options["vp_limit"]) - self.load_vp(a) - self.skill_vp(a)

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
        if move.verb == "rate":
            r = RATINGS.index(move.name)
            for a in unit:
                mods = self.mods[a]
                self.mods = _put(self.mods, a, _put(mods, r, mods[r] + self.rate_sign))
            self.rate_left -= 1
            if self.rate_left and not self._legal_skill():
                self.rate_left = 0
            return
        if move.verb == "skill":
            i = self.game.skill_slugs.index(move.name)
            for a in unit:
                self.skills = _put(self.skills, a, tuple(sorted((*self.skills[a], i))))
            steps = RATING_STEPS.get(self.data.skills[i].name)
            if steps:
                self.rate_left, self.rate_sign = steps
                if not self._legal_skill():
                    self.rate_left = 0
            return
        names = [self.data.skills[i].name for i in self.skills[unit[0]]]
        self._emit(
            {"type": "skills-chosen", "seat": unit[0]},
            {self.owner(unit[0]): {"aircraft": list(unit), "skills": names}},
        )
        self.unit_i += 1
        if self.unit_i < len(self.game.skill_units):
            self.to_act = self.owner(self._unit()[0])
            return
        self._reveal_skills()

    def _reveal_skills(self) -> None:
        """Skills revealed together, then the opening hands at the flown Performance and the
        skills' extra cards (R30, R31); NFOD scores its nation's bonus (R58)."""
        self.skills_shown = True
        if any(self.skills):
            self._emit(
                {
                    "type": "skills",
                    "skills": [
                        [self.data.skills[i].name for i in self.skills[a]] for a in range(self.n)
                    ],
                    "changes": [self._changes(a) for a in range(self.n)],
                }
            )
            vp = self.game.mission_vp
            for seat in range(self.game.players if vp else 0):
                if any(self.has(a, "NFOD") for a in range(self.n) if self.owner(a) == seat):
                    self.nfod = _put(self.nfod, seat, abs(vp[0] - vp[1]))
                    self._emit({"type": "nfod", "player": seat, "vp": self.nfod[seat]})
        for i in range(self.n):
            self._draw(i, self.plane(i).performance, "opening hand")
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

    def _changes(self, a: int) -> dict[str, int]:
        return {RATINGS[r]: v for r, v in enumerate(self.mods[a]) if v}

    def _skill_cards(self, a: int) -> None:
        for skill, n in EXTRA_DRAW.items():
            if self.has(a, skill):
                self._draw(a, n, skill)
        for skill, titles in ADDED_CARDS.items():
            if not self.has(a, skill):
                continue
            for title in titles:
                card, self.deck, self.discards, self.rng_seed = search(
                    self.data, title, self.deck, self.discards, self.rng_seed
                )
                if card < 0:
                    self._emit({"type": "skill-card", "seat": a, "skill": skill, "card": None})
                    continue
                self.hands = _put(self.hands, a, tuple(sorted((*self.hands[a], card))))
                self._emit({"type": "skill-card", "seat": a, "skill": skill, "card": title})

    def _legal_alt_pick(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.get("alt", a.lower()) for a in ALTITUDES]

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
        return [
            a for a in range(self.n) if self.alive[a] and not self.flown[a] and self.side(a) == side
        ]

    def _next_side(self, side: int) -> None:
        """The side picks which of its aircraft flies next; sides alternate (§18.5)."""
        sides = self.game.n_sides
        for k in range(sides):
            s = (side + k) % sides
            waiting = self._waiting(s)
            if waiting:
                self.side_turn = s
                deciders = sorted({self.owner(a) for a in waiting})
                if len(waiting) == 1:
                    self._begin_turn(waiting[0])
                else:
                    self.phase, self.to_act = ORDER, deciders[0]
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
        self._emit({"type": "round", "round": self.round})
        self._next_side((self.last_side + 1) % self.game.n_sides)

    # --- a turn -------------------------------------------------------------------------------

    def _begin_turn(self, a: int) -> None:
        self.flyer = a
        self.turn_no += 1
        self.last_side = self.side(a)
        self.flown = _put(self.flown, a, True)
        self.bonus = self.speed_left = 0
        self.from_speed = False
        self.site_checked = 0
        self._emit({"type": "turn", "seat": a, "round": self.round})
        if self.burner_on[a]:
            self.burner_on = _put(self.burner_on, a, False)
            self._emit({"type": "burner", "seat": a, "on": False})
        if self.burners[a] > 0:
            self.phase, self.to_act = BURNER, self.owner(a)
        else:
            self._start_discard("pre")

    def _legal_burner(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["burner"], cat.by_text["no-burner"]]

    def _do_burner(self, move: Move) -> None:
        a = self.flyer
        if move.verb == "burner":
            self.burners = _put(self.burners, a, self.burners[a] - 1)
            self.burner_on = _put(self.burner_on, a, True)
            self._emit({"type": "burner", "seat": a, "on": True})
        self._start_discard("pre")

    def _start_discard(self, step: str) -> None:
        self.step = step
        self.timely_n = 0
        self.phase, self.to_act = DISCARD, self.owner(self.flyer)

    def _legal_discard(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.flyer
        out = [cat.by_text["draw"], *self._discard_moves(self.hands[a])]
        if self.step == "pre" and self.skills[a] and self.holders(a) and self.has(a, "Bat-Turn"):
            out.append(cat.by_text["neutral"])
        return out

    def _do_discard(self, move: Move) -> None:
        a = self.flyer
        if move.verb == "neutral":
            # Bat-Turn (R33, R56): every position held on the aircraft drops to Neutral.
            self.on = tuple(NONE if self.on[x][0] == a else self.on[x] for x in range(self.n))
            self._emit({"type": "neutral", "seat": a, "why": "Bat-Turn"})
            return
        if move.verb == "discard":
            self._discard(a, self.data.card(move.name).index, f"{self.step}-turn discard")
            self.timely_n += 1
            return
        if self.step == "timely":
            self._draw(a, self.timely_n, "Timely")
            self.step = "pre"
            self._play_step()
            return
        thrust = self.thrust(a, self.step == "post")
        if thrust < 0:
            self._emit({"type": "stall", "seat": a})
            if self.hands[a]:
                self._pay(a, 1, "stall")
                return
            self.alts = _put(self.alts, a, MEDIUM)
            self._emit({"type": "altitude", "seat": a, "to": "Medium", "why": "stall"})
            self._draw(a, 1, "stall")
            self._enforce()
        elif self.has(a, "Edge of Envelope"):
            self._draw(a, self.perf(a), f"{self.step}-turn draw")
            excess = len(self.hands[a]) - self.perf(a)
            if excess > 0:
                self._pay(a, excess, "envelope")
                return
        else:
            room = max(0, self.perf(a) - len(self.hands[a]))
            if self.has(a, "Test Pilot"):
                room = thrust
            self._draw(a, min(thrust, room), f"{self.step}-turn draw")
        self._after_draw()

    def _after_draw(self) -> None:
        if self.step == "pre":
            self.phase, self.to_act = ALTITUDE, self.owner(self.flyer)
        else:
            self._end_turn()

    def _legal_altitude(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.flyer
        out = [cat.by_text["level"]]
        if self.alts[a] < HIGH and self.hands[a]:
            out.append(cat.by_text["climb"])
        if self.alts[a] > LOW:
            out.append(cat.by_text["dive"])
        return out

    def _do_altitude(self, move: Move) -> None:
        a = self.flyer
        if move.verb == "climb":
            self._pay(a, 1, "climb")
        elif move.verb == "dive":
            self._change_altitude(a, -1, "dive")
            self._offer_follow(a, -1, "speed")
        else:
            self._speed_step()

    def _change_altitude(self, a: int, delta: int, why: str) -> None:
        self.alts = _put(self.alts, a, self.alts[a] + delta)
        self._emit({"type": "altitude", "seat": a, "to": ALTITUDES[self.alts[a]], "why": why})
        if delta < 0:
            self._draw(a, 1, "dive")

    # --- following down the chain (R48) -------------------------------------------------------

    def _follow_cost(self, f: int, delta: int) -> int:
        return (1 if self.on[f][1] == 1 else 0) + (1 if delta > 0 else 0)

    def _offer_follow(self, mover: int, delta: int, then: str) -> None:
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

    def _legal_follow(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["follow"], cat.by_text["stay"]]

    def _do_follow(self, move: Move) -> None:
        f = self.follow_queue[0]
        if move.verb == "stay":
            self._emit({"type": "stay", "seat": f})
            self.follow_queue = self.follow_queue[1:]
            self._next_follow()
            return
        cost = self._follow_cost(f, self.follow_delta)
        if cost:
            self._pay(f, cost, "follow")
        else:
            self._finish_follow()

    def _finish_follow(self) -> None:
        f = self.follow_queue[0]
        self._change_altitude(f, self.follow_delta, "follow")
        self.follow_queue = (*self.holders(f), *self.follow_queue[1:])
        self._next_follow()

    def _continue(self, then: str) -> None:
        if self.phase == OVER:
            return
        if then == "speed":
            self._speed_step()
        elif self.from_speed:
            self._speed_or_play()
        else:
            self._play_step()

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
        if self.speed_left > 0 and self._legal_speed()[1:]:
            self.phase, self.to_act = SPEED, self.owner(self.flyer)
        else:
            self.speed_left = 0
            self._play_step()

    def _may_move_band(self, a: int, t: int) -> bool:
        """§18.7: an enemy's band moves only if it is Neutral to all others or engaged with a."""
        on, alive = self.on, self.alive
        if on[a][0] == t or on[t][0] == a:
            return True  # engaged with a
        held = on[t][0]
        if held >= 0 and alive[held]:
            return False  # t holds another aircraft
        holding = [x for x, (target, _) in enumerate(on) if target == t]
        return all(x == a or not alive[x] for x in holding)  # no other aircraft holds t

    def _pos_ok(self, a: int, t: int) -> bool:
        """§7.3: an engaged aircraft changes position only against one it is directly engaged
        with."""
        return not self.engaged(a) or self.rel(a, t) != 0

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
            out += _speed_moves(cat, t, pos, bands[a], bands[t], self._may_move_band(a, t))
        return out

    def _do_speed(self, move: Move) -> None:
        a = self.flyer
        if move.verb == "end":
            self.speed_left = 0
            self._play_step()
            return
        self.speed_left -= 1
        self.from_speed = True
        kind = "pos" if move.name == "pos" else "range"
        steps, foe = (1, 0) if kind == "pos" else (move.a, move.b)
        self._open(kind, (a, NO_CARD, "Maneuvering", "speed"), NO_CARD, steps, foe, move.t)

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
        cat = self.game.catalogue
        a = self.flyer
        hand = self.hands[a]
        hand_size = len(hand)
        gun = self.plane(a).gun is not None
        alt = self.alts[a]
        climb, dive = alt < HIGH and hand_size >= 2, alt > LOW
        reach = self.reach(a)
        missiles, on, bands, alts, alive = (
            self.missiles[a],
            self.on,
            self.bands,
            self.alts,
            self.alive,
        )
        mine, level = on[a]
        engaged = mine >= 0 or any(x[0] == a for x in on)
        situation = []
        # The same reasoning as rel, _pos_ok, _room and _may_move_band, over each target's holders
        # found once.
        for t in [mine] if mine >= 0 else self.enemies(a):
            rel = level if mine == t else -on[t][1] if on[t][0] == a else 0
            holding = [x for x, (target, _) in enumerate(on) if target == t and x != a]
            mutual = min(AH, max(bands[a], bands[t]) + abs(alt - alts[t]))
            pos_ok = not engaged or rel != 0
            room1 = room2 = False
            if pos_ok and rel < 2 and mutual <= reach:
                held = [on[h][1] for h in holding]
                room1, room2 = held.count(1) < 2, 2 not in held
            fit = _fit(cat, rel, mutual, missiles)
            free = rel != 0 or (
                not (on[t][0] >= 0 and alive[on[t][0]]) and not any(alive[x] for x in holding)
            )
            situation.append(
                (t, gun and mutual == GUN, rel, fit, pos_ok, room1, room2, bands[a], bands[t], free)
            )
        table = _play_moves(cat, climb, dive, tuple(situation))
        cards = self.data.cards
        attacks: list[Move] = []
        acts: list[Move] = []
        moves: list[Move] = []
        for index in dict.fromkeys(hand):
            with_guns, without, act, maneuvers = table[index]
            if with_guns is not without and hand_size - 1 >= self._gun_cost(a, cards[index]):
                attacks += with_guns
            else:
                attacks += without
            acts += act
            moves += maneuvers
        if on[a][0] >= 0:
            moves.append(cat.by_text["neutral"])
        if hand_size and self.skills[a] and self.fresh(a, "Timely"):
            moves.append(cat.by_text["timely"])
        attacks += acts
        attacks += moves
        attacks.append(cat.by_text["end"])
        return attacks

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
            self._start_discard("post")
            return
        if verb == "neutral":
            t = self.on[a][0]
            self.on = _put(self.on, a, NONE)
            self._emit({"type": "neutral", "seat": a, "target": t})
            return
        if verb == "timely":
            self._spend(a, "Timely")
            self._start_discard("timely")
            return
        card = self.data.card(move.name)
        self.hands = _put(self.hands, a, _without(self.hands[a], card.index))
        t = move.t
        if verb in ("pos", "range"):
            link = (a, card.index, "Maneuvering", "hand")
            self._open(verb, link, card.index, move.a, move.b, t)
        elif verb == "attack":
            cost = self._gun_cost(a, card)
            assert card.gun_discard is not None
            full = flight.gun_discard(card.gun_discard, self.plane(a).gun)
            if cost < full and not self.has(a, "In My Sights!"):
                self._spend(a, "Gun Fighter")
            self._open("gun", (a, card.index, "Guns", "hand"), card.index, 0, 0, t, pay=cost)
        elif verb == "tone":
            self.cyc_missile = self.data.missile(move.extra).index
            if self.has(t, "Brave"):
                self._draw(t, 1, "Brave")  # the named target only (R56)
            self._open("tone", (a, card.index, "Tone", "hand"), card.index, 0, 0, t)
        elif card.tactic:
            self.discards += (card.index,)
            self._emit({"type": "play", "seat": a, "card": card.title, "use": "tactic"})
            self.bonus += 1
            self._emit({"type": "bonus", "seat": a, "bonus": self.bonus})
        else:
            up = 1 if move.extra == "up" else -1 if move.extra == "down" else 0
            link = (a, card.index, card.title, "hand")
            if card.action == "altitude_1" and self.has(a, "Diligent"):
                self._draw(a, 1, "Diligent")
            self._open(card.action, link, card.index, up, 0, t, pay=1 if up > 0 else 0)

    def _open(
        self, kind: str, link: Link, card: int, a: int, b: int, target: int, pay: int = 0
    ) -> None:
        self.kind, self.chain, self.cyc_card, self.cyc_a, self.cyc_b = kind, (link,), card, a, b
        self.target = target
        self.team_used = False
        desc = "Speed Maneuver" if link[3] == "speed" else self._title(card)
        self._emit(
            {
                "type": "play",
                "seat": link[0],
                "card": desc,
                "use": kind,
                "target": target,
                "a": a,
                "b": b,
            }
        )
        if pay:
            self._pay(link[0], pay, "open")
        else:
            self._defender_window()

    # --- paying -------------------------------------------------------------------------------

    def _pay(self, a: int, n: int, then: str) -> None:
        self.pay_ac, self.pay_left, self.pay_then = a, n, then
        self.phase, self.to_act = PAY, self.owner(a)

    def _legal_pay(self) -> list[Move]:
        return self._discard_moves(self.hands[self.pay_ac])

    def _do_pay(self, move: Move) -> None:
        a = self.pay_ac
        self._discard(a, self.data.card(move.name).index, self.pay_then)
        self.pay_left -= 1
        if self.pay_left:
            return
        then = self.pay_then
        if then in ("stall", "envelope"):
            self._after_draw()
        elif then == "climb":
            self._change_altitude(a, 1, "climb")
            self._offer_follow(a, 1, "speed")
        elif then == "follow":
            self._finish_follow()
        else:
            self._defender_window()

    # --- the cycle with Teamwork (R50) ----------------------------------------------------------

    def _defender_window(self) -> None:
        """The target answers first; if it passes, a friend may add one Teamwork card."""
        t = self.target
        self.reactor = t
        self.team_queue = ()
        # Drift Factor: its aircraft neither gives nor receives Teamwork (R59).
        if self._teamwork(self.side(t)) and not self.team_used and not self.has(t, "Drift Factor"):
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
        wild: list[Move] = []
        restricted = (self.kind == "missile" and r == self.flyer) or r == SITE
        own = r in (self.flyer, self.target)
        enemy_turn = r == self.target and r != self.flyer
        reactions = _reactions(cat, top[2], restricted, own, enemy_turn)
        for index in dict.fromkeys(hand):
            move = reactions[index]
            if move is not None:
                out.append(move)
            else:
                slug = self.data.cards[index].slug
                if agile:
                    wild.append(cat.get("agile", slug))
                if jink:
                    wild.append(cat.get("jink", slug))
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
            self._emit({"type": "pass", "seat": r})
            if r != self.flyer and self.team_queue:
                # Teamwork: the next friend of the target may add one card (R50).
                self.reactor, self.team_queue = self.team_queue[0], self.team_queue[1:]
                self.to_act = self.owner(self.reactor)
                return
            self._resolve()
            return
        if move.verb == "cm":
            self.cms = _put(self.cms, r, self.cms[r] - 1)
            link: Link = (r, NO_CARD, "Countermeasures", "cm")
        elif move.verb == "lucky":
            self._spend(r, "Lucky")
            self.cms = _put(self.cms, r, self.cms[r] - 1)
            link = (r, NO_CARD, "Ace Pilot", "lucky")
        elif move.verb in ("agile", "jink"):
            self._spend(r, "Agile" if move.verb == "agile" else "Jink")
            card = self.data.card(move.name)
            self.hands = _put(self.hands, r, _without(self.hands[r], card.index))
            link = (r, card.index, "Ace Pilot", "hand")
        else:
            card = self.data.card(move.name)
            hand, source = self._source(r)
            if source == "missile":
                self.missile_hand = _without(hand, card.index)
            elif source == "site":
                self.site_hand = _without(hand, card.index)
            else:
                self.hands = _put(self.hands, r, _without(hand, card.index))
            link = (r, card.index, card.title, source)
        if self.kind == "site":
            self.chain += (link,)
            self._emit({"type": "react", "seat": r, "card": self._describe(link), "from": link[3]})
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
        success = self.side(chain[-1][0]) == self.side(a)
        cards = self.data.cards
        split = any(
            c != NO_CARD and cards[c].action == "split_s" and s == t for s, c, _, _ in chain
        )
        self.discards += tuple(c for _, c, _, _ in chain if c != NO_CARD)
        self.chain = ()
        self._emit({"type": "resolve", "use": kind, "success": success, "seat": a})
        if kind == "tone" and not success and self.has(t, "Relief"):
            self._draw(t, 1, "Relief")
        if kind == "missile" and self.missile_hand:
            self.discards += self.missile_hand
            self.missile_hand = ()
        if not success and split:
            self._emit({"type": "split-s", "seat": t})
            self._draw(t, 1, "Split-S")
            self._end_turn()
            return
        if not success:
            self._continue("after")
            return
        self._effect()

    def _resolve_site(self) -> None:
        stands = self.chain[-1][0] == SITE
        self.discards += tuple(c for _, c, _, _ in self.chain if c != NO_CARD) + self.site_hand
        self.chain, self.site_hand = (), ()
        self._emit({"type": "resolve", "use": "site", "success": stands, "seat": SITE})
        if stands:
            self._destroy(self.flyer, SITE, "site")
            if self.phase != OVER:
                self._end_turn()
            return
        self._play_step()

    def _effect(self) -> None:
        a, t, kind = self.flyer, self.target, self.kind
        if kind in ("gun", "missile"):
            self._destroy(t, a, kind)
            if self.phase != OVER:
                self._continue("after")
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
            self._set_rel(a, t, 1 if self._room(a, t, 1) else 0)
        elif kind == "altitude_1":
            self._change_altitude(a, self.cyc_a, self._title(self.cyc_card))
            self._offer_follow(a, self.cyc_a, "after")
            return
        self._enforce()
        self._continue("after")

    def _enforce(self) -> None:
        """R8 for every holder: beyond its weapons' reach the position drops to Neutral."""
        for h in range(self.n):
            t = self.on[h][0]
            if t >= 0 and self.mutual(h, t) > self.reach(h):
                self.on = _put(self.on, h, NONE)
                self._emit({"type": "position-lost", "seat": h, "target": t})

    def _destroy(self, t: int, by: int, weapon: str) -> None:
        self._emit({"type": "destroyed", "seat": t, "by": by, "weapon": weapon})
        self.alive = _put(self.alive, t, False)
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

    def _legal_launch(self) -> list[Move]:
        cat = self.game.catalogue
        out = [cat.by_text["launch"], cat.by_text["hold"]]
        if self.game.options["second_missile"] and self.missiles[self.flyer][self.cyc_missile] >= 2:
            out.append(cat.by_text["launch2"])
        return out

    def _do_launch(self, move: Move) -> None:
        a, t = self.flyer, self.target
        if move.verb == "hold":
            self._emit({"type": "hold", "seat": a})
            self._play_step()
            return
        missile = self.data.missiles[self.cyc_missile]
        counts = self.missiles[a]
        fired = 2 if move.verb == "launch2" else 1
        self.missiles = _put(
            self.missiles, a, _put(counts, missile.index, counts[missile.index] - fired)
        )
        extra = launch_extra(fired, self.has(a, "Cocky"), self.has(a, "Better Envelope"))
        size = flight.missile_hand_size(
            self.data,
            missile=missile,
            rel=self.rel(a, t),
            card_mod=self.data.cards[self.cyc_card].missile_hand_mod + extra,
            bonus=self.bonus,
            alt_attacker=self.alts[a],
            alt_target=self.alts[t],
            target=self.plane(t),
            target_burner=self.burner_on[t],
        )
        self.bonus = 0
        if size and self.fresh(t, "Alert"):
            self._spend(t, "Alert")
            size = 0
        self.missile_hand = tuple(sorted(self._take(size)))
        self._emit(
            {
                "type": "launch",
                "seat": a,
                "missile": missile.name,
                "cards": len(self.missile_hand),
                "target": t,
                "fired": fired,
            },
            {self.owner(a): {"missile_hand": [self._title(c) for c in self.missile_hand]}},
        )
        if self.has(t, "Quick Hands"):
            self._draw(t, fired, "Quick Hands")  # the missile's target only (R56)
        self._enforce()
        self.kind, self.chain = "missile", ((a, NO_CARD, "Missile", "missile"),)
        self.team_used = False
        self._defender_window()

    # --- the end --------------------------------------------------------------------------------

    def _end_turn(self) -> None:
        self.flyer = -1
        self._next_side((self.last_side + 1) % self.game.n_sides)

    def _time_up(self) -> None:
        """R51: after six rounds the side(s) with the most enemy aircraft shot down win."""
        best = max(self.kills)
        winners = {s for s in range(self.game.n_sides) if self.kills[s] == best}
        self._finish(winners, f"six rounds flown: most aircraft shot down ({best})")

    def _finish(self, sides: set[int], why: str) -> None:
        self.phase, self.to_act = OVER, None
        seats = [p for p in range(self.game.players) if self.game.side_of[p] in sides]
        share = 1.0 / len(seats)
        self.result = tuple(share if p in seats else 0.0 for p in range(self.game.players))
        self.end_reason = why
        self._emit({"type": "game-end", "winners": seats, "why": why})

    # --- information ----------------------------------------------------------------------------

    def _view(self, player: int | None) -> JSON:
        data = self.data
        sites: list[JSON] = [
            {
                "name": site.name,
                "kind": site.kind,
                "draw": site.draw,
                "envelope": [list(cell) for cell in site.envelope],
                "seat": self.game.site_seat,
            }
            for site in self.game.sites
        ]
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
                entry["vp"] = self.load_vp(a) + (self.skill_vp(a) if skills_shown else 0)
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

    def _determinize(self, player: int, seed: int) -> MeleeState:
        new = self.clone()
        assert isinstance(new, MeleeState)
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
        if hidden_missile:
            size = len(self.missile_hand)
            new.missile_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        if hidden_site:
            size = len(self.site_hand)
            new.site_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        new.deck = tuple(pool)
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
        counts = [0] * len(self.data.cards)
        zones = [self.deck, self.discards, self.missile_hand, self.site_hand, *self.hands]
        zones += self.pools
        zones.append(tuple(c for _, c, _, _ in self.chain if c != NO_CARD))
        for zone in zones:
            for c in zone:
                counts[c] += 1
        decks = int(self.game.options["decks"])
        assert counts == [c.count * decks for c in self.data.cards], "cards not conserved"
        assert all(h == tuple(sorted(h)) for h in self.hands)
        assert all(p == tuple(sorted(p)) for p in self.pools), "pools are kept sorted"
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


def _lent_plays(slug: str, moves: Sequence[Action]) -> list[Action]:
    """The moves that play the card named ``slug`` (a pool card is played, never paid: R60)."""
    return [m for m in moves if isinstance(m, Move) and m.name == slug and m.verb in PLAY_VERBS]


_Target = tuple[int, bool, int, tuple[str, ...], bool, bool, bool, int, int, bool]
_PlayMoves = tuple[tuple[Move, ...], tuple[Move, ...], tuple[Move, ...], tuple[Move, ...]]


@lru_cache(maxsize=1 << 16)  # bounded: the situations of all targets keep appearing slowly
def _play_moves(
    cat: Catalogue, climb: bool, dive: bool, situation: tuple[_Target, ...]
) -> tuple[_PlayMoves, ...]:
    """By card index, its play-step moves against all the targets in this situation: attacks
    with the gun attacks, attacks without them (the same tuple when there are none: the gun's
    cost is checked per hand), actions, maneuvers; each in target order. ``situation`` holds per
    target the arguments of ``_play_table`` and ``_range_moves``. Cached: the play step asks on
    every decision, and the situations repeat."""
    tables = [
        (
            _play_table(cat, t, gun, rel, fit, climb, dive, pos_ok, room1, room2),
            _range_moves(cat, t, mine, theirs, free),
        )
        for t, gun, rel, fit, pos_ok, room1, room2, mine, theirs, free in situation
    ]
    bonus = _bonus_acts(cat)
    out: list[_PlayMoves] = []
    for index in range(len(cat.data.cards)):
        with_guns: list[Move] = []
        without: list[Move] = []
        extra = bonus[index]
        acts: list[Move] = [] if extra is None else [extra]
        moves: list[Move] = []
        for table, ranges in tables:
            attack, tones, act, maneuvers = table[index]
            if attack is not None:
                with_guns.append(attack)
            with_guns += tones
            without += tones
            acts += act
            moves += maneuvers
            moves += ranges[index]
        plain = tuple(without)
        guns = tuple(with_guns) if len(with_guns) > len(without) else plain
        out.append((guns, plain, tuple(acts), tuple(moves)))
    return tuple(out)


@cache
def _fit(cat: Catalogue, rel: int, mutual: int, missiles: Hand) -> tuple[str, ...]:
    """The missiles (notation names) a Tone may fire at this position and mutual range with
    these missiles left (cached: few situations)."""
    return tuple(
        m.slug
        for m in cat.data.missiles
        if rel >= 0 and missiles[m.index] and m.cards[rel] is not None and m.reaches(mutual)
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
            for k in range(1, min(card.positioning, 4, 2 - rel) + 1):
                level = rel + k
                if level <= 0 or (room1 if level == 1 else room2):
                    moves.append(cat.get("pos", name, a=k, t=t))
        table.append((attack, tones, tuple(act), tuple(moves)))
    return tuple(table)


@cache
def _range_moves(
    cat: Catalogue, t: int, mine: int, theirs: int, free: bool
) -> tuple[tuple[Move, ...], ...]:
    """By card index: its range maneuvers against ``t`` that keep both bands between G and AH
    (``free``: ``t``'s band may move); cached per band pair."""
    table = []
    for card in cat.data.cards:
        moves: list[Move] = []
        if card.range:
            for me in range(GUN - mine, AH - mine + 1):
                for foe in range(GUN - theirs, AH - theirs + 1):
                    if foe and not free:
                        continue
                    if (me or foe) and abs(me) + abs(foe) <= card.range:
                        moves.append(cat.get("range", card.slug, a=me, b=foe, t=t))
        table.append(tuple(moves))
    return tuple(table)


@cache
def _speed_moves(
    cat: Catalogue, t: int, pos: bool, mine: int, theirs: int, free: bool
) -> tuple[Move, ...]:
    """The Speed Maneuvers against ``t`` with these bands (``pos``: a position step fits,
    ``free``: ``t``'s band may move); cached, the bands and flags being few."""
    out = [cat.get("speed", "pos", t=t)] if pos else []
    for me, foe in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if foe and not free:
            continue
        if GUN <= mine + me <= AH and GUN <= theirs + foe <= AH:
            out.append(cat.get("speed", "range", a=me, b=foe, t=t))
    return tuple(out)


@cache
def _reactions(
    cat: Catalogue, title: str, restricted: bool, own: bool, enemy_turn: bool
) -> tuple[Move | None, ...]:
    """By card index, its reaction to an action titled ``title`` (None if it may not); cached
    per title. React To names the title; Ace Pilot (ANY) guards only the flyer or the target
    (``own``); Split-S (ANY_ENEMY_TURN) only the target off its turn (``enemy_turn``); a
    missile's or site's hand (``restricted``) has no pilot: cards not usable there never react."""
    out: list[Move | None] = []
    for card in cat.data.cards:
        react = card.react_to
        if restricted and not card.usable_in_missile_hand:
            ok = False
        elif title in react:
            ok = True
        elif "ANY" in react:
            ok = own
        else:
            ok = "ANY_ENEMY_TURN" in react and enemy_turn
        out.append(cat.react[card.index] if ok else None)
    return tuple(out)


@cache
def _bonus_acts(cat: Catalogue) -> tuple[Move | None, ...]:
    """By card index: its untargeted action (a missile bonus), played once whatever the
    targets."""
    return tuple(
        cat.get("act", c.slug) if c.action == "missile_bonus" else None for c in cat.data.cards
    )


_LEGAL: dict[str, Callable[[MeleeState], list[Move]]] = {
    PICK: MeleeState._legal_pick,
    ALT_PICK: MeleeState._legal_alt_pick,
    ORDER: MeleeState._legal_order,
    BURNER: MeleeState._legal_burner,
    DISCARD: MeleeState._legal_discard,
    ALTITUDE: MeleeState._legal_altitude,
    FOLLOW: MeleeState._legal_follow,
    SPEED: MeleeState._legal_speed,
    PLAY: MeleeState._legal_play,
    PAY: MeleeState._legal_pay,
    REACT: MeleeState._legal_react,
    LAUNCH: MeleeState._legal_launch,
    SKILL: MeleeState._legal_skill,
    ANGLE: MeleeState._legal_angle,
}
_APPLY: dict[str, Callable[[MeleeState, Move], None]] = {
    PICK: MeleeState._do_pick,
    ALT_PICK: MeleeState._do_alt_pick,
    ORDER: MeleeState._do_order,
    BURNER: MeleeState._do_burner,
    DISCARD: MeleeState._do_discard,
    ALTITUDE: MeleeState._do_altitude,
    FOLLOW: MeleeState._do_follow,
    SPEED: MeleeState._do_speed,
    PLAY: MeleeState._do_play,
    PAY: MeleeState._do_pay,
    REACT: MeleeState._do_react,
    LAUNCH: MeleeState._do_launch,
    SKILL: MeleeState._do_skill,
    ANGLE: MeleeState._do_angle,
}
