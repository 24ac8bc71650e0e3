"""Down In Flames: Locked-On, one aircraft a side, as a pure state machine (no I/O).

Rulings R1..Rn are in docs/games/down_in_flames.md. The phases are named steps, each with its own
legal-move generator (``_legal_<phase>``) and apply (``_do_<phase>``):

    pick, alt-pick, initiative                      set-up (secret choices revealed together)
    burner -> discard(pre) -> altitude -> speed -> play -> discard(post)      each turn
    react        an action/reaction cycle (also the missile fight)
    launch       after a Tone stands: launch or hold
    follow       the enemy holding Advantage/Tailing may follow an altitude change
    pay          choosing the cards a cost discards (climb, guns, stall, following)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, Action, State
from aerodeck.core.rng import roll, shuffle
from aerodeck.core.tuples import replace_at
from aerodeck.core.tuples import without as _without
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.actions import Catalogue, Move
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, Aircraft, CardType, DataSet
from aerodeck.games.down_in_flames.flight import AH, GUN, HIGH, LOW, MEDIUM
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    ALTITUDE,
    BURNER,
    DISCARD,
    FOLLOW,
    INITIATIVE,
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
from aerodeck.games.down_in_flames.reasons import why
from aerodeck.games.down_in_flames.scenario import read_setup
from aerodeck.games.down_in_flames.skills import (
    ADDED_CARDS,
    EXPERTISE,
    EXTRA_DRAW,
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


if TYPE_CHECKING:

    def _put(values: tuple[Any, ...], index: int, value: Any) -> Any:
        """``replace_at`` typed for the per-aircraft pairs, whose fixed-size tuple types mypy
        keeps exact."""

else:
    _put = replace_at  # at run time the function itself, without a wrapper call


class DifState(State):
    """The whole dogfight. Slots hold only ints, strings, bools and tuples (cheap ``clone``)."""

    __slots__ = (
        "alts",
        "alts_shown",
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
        "first",
        "follow_delta",
        "follow_then",
        "from_speed",
        "hands",
        "kind",
        "lent",
        "loading",
        "loads",
        "missile_hand",
        "missiles",
        "mods",
        "pay_left",
        "pay_seat",
        "pay_then",
        "phase",
        "planes",
        "planes_shown",
        "pool_used",
        "pools",
        "pos",
        "rate_left",
        "rate_sign",
        "result",
        "rng_seed",
        "round",
        "site_checked",
        "site_hand",
        "skills",
        "skills_shown",
        "speed_left",
        "step",
        "timely_n",
        "to_act",
        "turn_seat",
        "turns_done",
        "used",
    )

    game: DownInFlames
    data: DataSet

    def __init__(
        self, game: DownInFlames, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        data = self.data = game.data  # the game's data set, a slot for the rules' many reads
        self.rng_seed = self.seed
        self.phase = PICK
        self.to_act: int | None = 0
        self.planes: tuple[int, int] = (-1, -1)
        self.planes_shown = False
        self.alts: tuple[int, int] = (-1, -1)
        self.alts_shown = False
        self.bands: tuple[int, int] = (data.constants.starting_range,) * 2
        self.pos = 0
        self.hands: tuple[Hand, Hand] = ((), ())
        self.discards: Hand = ()
        self.missile_hand: Hand = ()
        self.missiles: tuple[Hand, Hand] = ((0,) * len(data.missiles),) * 2
        self.cms = (0, 0)
        self.burners = (0, 0)
        self.burner_on = (False, False)
        self.round = 1
        self.first = 0
        self.turn_seat = 0
        self.turns_done = 0
        self.bonus = 0
        self.speed_left = 0
        self.from_speed = False
        self.chain: tuple[Link, ...] = ()
        self.kind = ""
        self.cyc_card = NO_CARD
        self.cyc_a = 0
        self.cyc_b = 0
        self.cyc_missile = -1
        self.pay_seat = 0
        self.pay_left = 0
        self.pay_then = ""
        self.follow_delta = 0
        self.follow_then = ""
        self.step = "pre"
        self.result: tuple[float, float] | None = None
        self.end_reason = ""
        self.skills: tuple[Hand, Hand] = ((), ())
        self.mods: tuple[Hand, Hand] = (NO_MODS, NO_MODS)
        self.skills_shown = False
        self.used: tuple[Hand, Hand] = ((), ())  # once-per-game skills spent
        self.rate_left = 0
        self.rate_sign = 0
        self.timely_n = 0
        self.site_hand: Hand = ()
        self.site_checked = False
        # Aircraft Expertise (R60): the set-aside pools, the window each seat last drew from,
        # and the pool card taken out and awaiting its play (NO_CARD when none).
        self.pools: tuple[Hand, Hand] = ((), ())
        self.pool_used: tuple[int, int] = (-1, -1)
        self.lent = NO_CARD
        # Custom missile loads (option missile_loads): None keeps the printed load.
        self.loads: tuple[Load | None, Load | None] = (None, None)
        self.loading = False
        # Multiple Action Card decks (§18.8) are combined into one larger deck.
        decks = int(game.options["decks"])
        pool = [c.index for c in data.cards for _ in range(c.count * decks)]
        if setup:
            read_setup(self, setup, pool)
        else:
            self.rng_seed = shuffle(self.rng_seed, pool)
            self.deck: Hand = tuple(pool)

    # --- shortcuts ------------------------------------------------------------------------

    def has_expertise(self) -> bool:
        """Whether either seat flies with Aircraft Expertise (once skills are revealed)."""
        return self.skills_shown and (self.has(0, EXPERTISE) or self.has(1, EXPERTISE))

    def plane(self, seat: int) -> Aircraft:
        """The aircraft as flown: printed ratings, with its skills once they are revealed."""
        if not self.skills_shown:
            return self.data.aircraft[self.planes[seat]]
        return self.game.flown(self.planes[seat], self.mods[seat], self.skills[seat])

    def has(self, seat: int, skill: str) -> bool:
        """Whether the seat flies with ``skill`` (revealed skills only act)."""
        return self.skills_shown and self.game.skill_ix.get(skill, -1) in self.skills[seat]

    def fresh(self, seat: int, skill: str) -> bool:
        """Whether the seat holds a once-per-game ``skill`` not used yet."""
        return self.has(seat, skill) and self.game.skill_ix[skill] not in self.used[seat]

    def _spend(self, seat: int, skill: str) -> None:
        self.used = _put(self.used, seat, (*self.used[seat], self.game.skill_ix[skill]))
        self._emit({"type": "skill-used", "seat": seat, "skill": skill})

    def skill_vp(self, seat: int) -> int:
        return sum(self.data.skills[i].cost for i in self.skills[seat])

    def rel(self, seat: int) -> int:
        """Seat's position on the enemy: +2 Tailing ... -2 Tailed."""
        return self.pos if seat == 0 else -self.pos

    def _set_rel(self, seat: int, rel: int) -> None:
        self.pos = rel if seat == 0 else -rel

    def mutual(self) -> int:
        return flight.mutual_range(self.bands[0], self.bands[1], self.alts[0], self.alts[1])

    def reach(self, seat: int) -> int:
        return _reach(self.game.catalogue, self.plane(seat).gun is not None, self.missiles[seat])

    def perf(self, seat: int) -> int:
        return flight.performance(self.data, self.plane(seat), self.alts[seat])

    def thrust(self, seat: int, post: bool) -> int:
        return flight.thrust(
            self.data, self.plane(seat), post, self.burner_on[seat], self.alts[seat]
        )

    def eligible(self) -> list[int]:
        """Aircraft within the agreed VP limit and year (R13)."""
        limit, year = self.game.options["vp_limit"], self.game.options["year"]
        clean = self.game.options["missile_loads"]
        return [
            a.index
            for a in self.data.aircraft
            if (a.vp_clean if clean else a.vp_loaded) <= limit and a.year <= year
        ]

    def gun_cost(self, seat: int, card: CardType) -> int:
        """R9, less In My Sights! (nothing) or an unused Gun Fighter (two fewer)."""
        assert card.gun_discard is not None
        cost = flight.gun_discard(card.gun_discard, self.plane(seat).gun)
        return gun_cost(cost, self.has(seat, "In My Sights!"), self.fresh(seat, "Gun Fighter"))

    def _title(self, card: int) -> str:
        return self.data.cards[card].title

    # --- set-up -----------------------------------------------------------------------------

    def _arm(self) -> None:
        """Missiles, countermeasures and afterburner counters of the chosen aircraft."""
        data = self.data
        missiles = []
        for seat in (0, 1):
            counts = [0] * len(data.missiles)
            for index, pairs in self.load(seat):
                counts[index] = 2 * pairs
            missiles.append(tuple(counts))
        self.missiles = (missiles[0], missiles[1])
        self.cms = (self.plane(0).countermeasures, self.plane(1).countermeasures)
        n = data.constants.afterburner_counters
        self.burners = (
            n if self.plane(0).has_afterburner else 0,
            n if self.plane(1).has_afterburner else 0,
        )

    def _opening_hands(self) -> None:
        """Each player draws the printed Performance (before altitude is chosen: R6)."""
        for seat in (0, 1):
            self._draw(seat, self.plane(seat).performance, "opening hand")

    def _initiative(self) -> None:
        """Printed EW decides (R5); the higher chooses who goes first, a tie is random."""
        ew = [self.plane(s).ew or 0 for s in (0, 1)]
        eagle = [self.has(s, "Eagle Eyes") for s in (0, 1)]
        if eagle[0] != eagle[1]:
            # Eagle Eyes gives the initiative; both holding it cancel out (R32).
            ew = [int(e) for e in eagle]
        if ew[0] != ew[1]:
            self.phase = INITIATIVE
            self.to_act = 0 if ew[0] > ew[1] else 1
            return
        value, self.rng_seed = roll(self.rng_seed, 2)
        first = value - 1
        self._emit({"type": "initiative", "seat": None, "first": first})
        self._start_dogfight(first)

    def _start_dogfight(self, first: int) -> None:
        self.first = first
        self.turn_seat = first
        self._begin_turn()

    # --- the contract -----------------------------------------------------------------------

    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        return list(self.result) if self.result is not None else [0.0, 0.0]

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        moves = _LEGAL[self.phase](self)  # each generator builds a fresh list
        if self.lent != NO_CARD:
            return _lent_plays(self.data.cards[self.lent].slug, moves)
        if self.pools[self.to_act]:
            moves += self._expertise_moves(self.to_act)
        return moves

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Move)
        if action.verb == "expertise":
            self._take_from_pool(action)
            return
        _APPLY[self.phase](self, action)
        self.lent = NO_CARD

    # --- Aircraft Expertise (R60) -------------------------------------------------------------

    def window(self) -> int:
        """The aircraft turn now flown: each turn of either aircraft is one window."""
        return self.round * 2 + self.turns_done

    def _expertise_moves(self, seat: int) -> list[Move]:
        """A pool card may be taken once a window, on the seat's own turn (Play Cards) or as a
        reaction from the hand, and only when it then has a play."""
        if self.pool_used[seat] == self.window():
            return []
        if self.phase == PLAY:
            if seat != self.turn_seat:
                return []
        elif self.phase != REACT or self._source(seat)[1] != "hand":
            return []
        cat = self.game.catalogue
        out = []
        hand = self.hands[seat]
        for card in dict.fromkeys(self.pools[seat]):
            slug = self.data.cards[card].slug
            self.hands = _put(self.hands, seat, tuple(sorted((*hand, card))))
            if _lent_plays(slug, _LEGAL[self.phase](self)):
                out.append(cat.get("expertise", slug))
            self.hands = _put(self.hands, seat, hand)
        return out

    def _take_from_pool(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        card = self.data.card(move.name).index
        self.pools = _put(self.pools, seat, _without(self.pools[seat], card))
        self.hands = _put(self.hands, seat, tuple(sorted((*self.hands[seat], card))))
        self.pool_used = _put(self.pool_used, seat, self.window())
        self.lent = card
        self._emit({"type": "expertise", "seat": seat, "card": self._title(card)})

    # --- drawing and discarding ---------------------------------------------------------------

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

    def _draw(self, seat: int, n: int, why: str) -> None:
        cards = self._take(n)
        self.hands = _put(self.hands, seat, tuple(sorted(self.hands[seat] + cards)))
        types = self.data.cards
        self._emit(
            {"type": "draw", "seat": seat, "count": len(cards), "why": why},
            {seat: {"cards": [types[c].title for c in cards]}},
        )
        if self.skills_shown and self.skills[seat]:
            for skill, titles in THROWN.items():
                if self.has(seat, skill):
                    for c in cards:
                        if self._title(c) in titles and c in self.hands[seat]:
                            self._discard(seat, c, skill)

    def _discard(self, seat: int, card: int, why: str) -> None:
        self.hands = _put(self.hands, seat, _without(self.hands[seat], card))
        self.discards += (card,)
        self._emit({"type": "discard", "seat": seat, "card": self._title(card), "why": why})

    def _discard_moves(self, seat: int) -> list[Move]:
        """A discard of each distinct card in the hand, in data order (hands are sorted)."""
        return list(map(self.game.catalogue.discard.__getitem__, dict.fromkeys(self.hands[seat])))

    # --- set-up steps -------------------------------------------------------------------------

    def _legal_pick(self) -> list[Move]:
        cat = self.game.catalogue
        if self.loading:
            return self._legal_load()
        return [cat.get("fly", self.data.aircraft[i].slug) for i in self.eligible()]

    # --- custom missile loads (R44) ------------------------------------------------------------

    def load(self, seat: int) -> Load:
        """The missiles the seat's aircraft carries: (missile index, pairs)."""
        custom = self.loads[seat]
        return self.data.aircraft[self.planes[seat]].load if custom is None else custom

    def load_vp(self, seat: int) -> int:
        """The aircraft's VP with its load: printed, or no-missile VP plus the chart (§18.1)."""
        return load_vp(self.data, self.data.aircraft[self.planes[seat]], self.loads[seat])

    def _legal_load(self) -> list[Move]:
        cat = self.game.catalogue
        seat = self.to_act
        assert seat is not None
        custom = self.loads[seat]
        limit = self.game.options["vp_limit"]
        # The printed load is kept only within the limit: the aircraft was chosen on its
        # no-missile VP, so a printed load over the limit must be rebuilt (R44).
        out = [cat.get("ready")] if custom is not None or self.load_vp(seat) <= limit else []
        if custom is None:
            out.append(cat.get("clean"))
        plane = self.data.aircraft[self.planes[seat]]
        base = plane.vp_clean if custom is None else self.load_vp(seat)
        room = limit - base
        offers = load_offers(self.data, custom, room, self.game.options["year"])
        return out + [cat.get("pairs", m, str(pairs)) for m, pairs in offers]

    def _do_load(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        custom = self.loads[seat] or ()
        if move.verb == "pairs":
            added = (self.data.missile(move.name).index, int(move.extra))
            self.loads = _put(self.loads, seat, tuple(sorted((*custom, added))))
        elif move.verb == "clean":
            self.loads = _put(self.loads, seat, ())
        else:
            self.loading = False
            self._picked(seat)

    def _do_pick(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        if self.loading:
            self._do_load(move)
            return
        plane = self.data.plane(move.name)
        self.planes = _put(self.planes, seat, plane.index)
        self._emit({"type": "pick", "seat": seat}, {seat: {"aircraft": plane.name}})
        if self.game.options["missile_loads"]:
            self.loading = True
            return
        self._picked(seat)

    def _picked(self, seat: int) -> None:
        if self.loads[seat] is not None:
            chosen = [[self.data.missiles[m].name, 2 * p] for m, p in self.loads[seat] or ()]
            self._emit({"type": "load-chosen", "seat": seat}, {seat: {"load": chosen}})
        if seat == 0:
            self.to_act = 1
            return
        self.planes_shown = True
        self._arm()
        p0, p1 = self.plane(0), self.plane(1)
        event: JSON = {
            "type": "aircraft",
            "aircraft": [p0.name, p1.name],
            "vp": [self.flown_vp(0), self.flown_vp(1)],
        }
        if self.game.options["missile_loads"]:
            event["loads"] = [
                [[self.data.missiles[m].name, 2 * p] for m, p in self.load(s)] for s in (0, 1)
            ]
        self._emit(event)
        if self.game.options["skills"]:
            self.phase, self.to_act = SKILL, 0
            return
        self._opening_hands()
        self.phase, self.to_act = ALT_PICK, 0

    # --- skills (R29-R34) -------------------------------------------------------------------

    def _legal_skill(self) -> list[Move]:
        cat = self.game.catalogue
        seat = self.to_act
        assert seat is not None
        if self.rate_left:
            base = self.data.aircraft[self.planes[seat]]
            word = "up" if self.rate_sign > 0 else "down"
            return [
                cat.get("rate", RATINGS[r], word)
                for r in range(len(RATINGS))
                if can_step(base, self.mods[seat], r, self.rate_sign)
            ]
        room = self._budget(seat)
        gun = self.data.aircraft[self.planes[seat]].gun is not None
        out = [cat.get("ready")]
        for i, skill in enumerate(self.data.skills):
            if i not in self.skills[seat] and offered(skill, room, gun, team=False):
                out.append(cat.get("skill", self.game.skill_slugs[i]))
        return out

    def _do_skill(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        if move.verb == "rate":
            r = RATINGS.index(move.name)
            self.mods = _put(
                self.mods, seat, _put(self.mods[seat], r, self.mods[seat][r] + self.rate_sign)
            )
            self.rate_left -= 1
            if self.rate_left and not self._legal_skill():
                self.rate_left = 0
            return
        if move.verb == "skill":
            i = self.game.skill_slugs.index(move.name)
            self.skills = _put(self.skills, seat, tuple(sorted((*self.skills[seat], i))))
            steps = RATING_STEPS.get(self.data.skills[i].name)
            if steps:
                self.rate_left, self.rate_sign = steps
                if not self._legal_skill():
                    self.rate_left = 0
            return
        names = [self.data.skills[i].name for i in self.skills[seat]]
        self._emit({"type": "skills-chosen", "seat": seat}, {seat: {"skills": names}})
        if seat == 0:
            self.to_act = 1
            return
        self.skills_shown = True
        self._emit(
            {
                "type": "skills",
                "skills": [[self.data.skills[i].name for i in self.skills[s]] for s in (0, 1)],
                "changes": [self._changes(s) for s in (0, 1)],
                "vp": [self._vp(s) for s in (0, 1)],
            }
        )
        self._opening_hands()
        for s in (0, 1):
            self._skill_cards(s)
        for s in (0, 1):
            if self.has(s, EXPERTISE):
                pool = tuple(sorted(self._take(self.plane(s).performance)))
                self.pools = _put(self.pools, s, pool)
                self._emit(
                    {"type": "expertise-pool", "seat": s, "size": len(pool)},
                    {s: {"cards": [self._title(c) for c in pool]}},
                )
        self.phase, self.to_act = ALT_PICK, 0

    def _budget(self, seat: int) -> int:
        """VP left for skills: the limit less the aircraft (loaded) and the skills so far."""
        return int(self.game.options["vp_limit"]) - self.load_vp(seat) - self.skill_vp(seat)

    def _changes(self, seat: int) -> dict[str, int]:
        return {RATINGS[r]: v for r, v in enumerate(self.mods[seat]) if v}

    def _vp(self, seat: int) -> int:
        return self.flown_vp(seat) + self.skill_vp(seat)

    def flown_vp(self, seat: int) -> int:
        """VP with the load flown, less the modifier when the enemy carries no missiles (R13)."""
        plane = self.data.aircraft[self.planes[seat]]
        value = self.load_vp(seat) if self.load(seat) else plane.vp_clean
        return value - (plane.vp_mod if not self.load(1 - seat) else 0)

    def _skill_cards(self, seat: int) -> None:
        """After the opening draw: extra draws, then named cards searched out of the deck (then
        the discards), the deck reshuffled after a search (R31)."""
        for skill, n in EXTRA_DRAW.items():
            if self.has(seat, skill):
                self._draw(seat, n, skill)
        for skill, titles in ADDED_CARDS.items():
            if not self.has(seat, skill):
                continue
            for title in titles:
                card, self.deck, self.discards, self.rng_seed = search(
                    self.data, title, self.deck, self.discards, self.rng_seed
                )
                if card == NO_CARD:
                    self._emit({"type": "skill-card", "seat": seat, "skill": skill, "card": None})
                    continue
                self.hands = _put(self.hands, seat, tuple(sorted((*self.hands[seat], card))))
                self._emit({"type": "skill-card", "seat": seat, "skill": skill, "card": title})

    def _legal_alt_pick(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.get("alt", a.lower()) for a in ALTITUDES]

    def _do_alt_pick(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        alt = [a.lower() for a in ALTITUDES].index(move.name)
        self.alts = _put(self.alts, seat, alt)
        self._emit({"type": "alt-pick", "seat": seat}, {seat: {"altitude": ALTITUDES[alt]}})
        if seat == 0:
            self.to_act = 1
            return
        self.alts_shown = True
        self._emit({"type": "altitudes", "altitudes": [ALTITUDES[a] for a in self.alts]})
        self._initiative()

    def _legal_initiative(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["first"], cat.by_text["second"]]

    def _do_initiative(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        first = seat if move.verb == "first" else 1 - seat
        self._emit({"type": "initiative", "seat": seat, "first": first})
        self._start_dogfight(first)

    # --- a turn -------------------------------------------------------------------------------

    def _begin_turn(self) -> None:
        """Afterburner step: the counter lit last turn is removed, then one may be lit."""
        seat = self.turn_seat
        self.bonus = 0
        self.speed_left = 0
        self.from_speed = False
        self.site_checked = False
        self._emit({"type": "turn", "seat": seat, "round": self.round})
        if self.burner_on[seat]:
            self.burner_on = _put(self.burner_on, seat, False)
            self._emit({"type": "burner", "seat": seat, "on": False})
        if self.burners[seat] > 0:
            self.phase, self.to_act = BURNER, seat
        else:
            self._start_discard("pre")

    def _legal_burner(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["burner"], cat.by_text["no-burner"]]

    def _do_burner(self, move: Move) -> None:
        seat = self.turn_seat
        if move.verb == "burner":
            self.burners = _put(self.burners, seat, self.burners[seat] - 1)
            self.burner_on = _put(self.burner_on, seat, True)
            self._emit({"type": "burner", "seat": seat, "on": True})
        self._start_discard("pre")

    def _start_discard(self, step: str) -> None:
        self.step = step
        self.timely_n = 0
        self.phase, self.to_act = DISCARD, self.turn_seat

    def _legal_discard(self) -> list[Move]:
        cat = self.game.catalogue
        seat = self.turn_seat
        out = [cat.by_text["draw"], *self._discard_moves(seat)]
        if self.step == "pre" and self.rel(seat) < 0 and self.has(seat, "Bat-Turn"):
            out.append(cat.by_text["neutral"])
        return out

    def _do_discard(self, move: Move) -> None:
        seat = self.turn_seat
        if move.verb == "neutral":
            # Bat-Turn: back to Neutral at the start of the turn (R33).
            self.pos = 0
            self._emit({"type": "neutral", "seat": seat, "why": "Bat-Turn"})
            return
        if move.verb == "discard":
            self._discard(seat, self.data.card(move.name).index, f"{self.step}-turn discard")
            self.timely_n += 1
            return
        if self.step == "timely":
            # Timely: as many cards drawn as were just discarded (R33).
            self._draw(seat, self.timely_n, "Timely")
            self.step = "pre"
            self._play_step()
            return
        post = self.step == "post"
        thrust = self.thrust(seat, post)
        if thrust < 0:
            # R7: a stall. Discard one card, or with none drop to Medium and draw one.
            self._emit({"type": "stall", "seat": seat})
            if self.hands[seat]:
                self._pay(seat, 1, "stall")
                return
            self.alts = _put(self.alts, seat, MEDIUM)
            self._emit({"type": "altitude", "seat": seat, "to": "Medium", "why": "stall"})
            self._draw(seat, 1, "stall")
            self._enforce()
        elif self.has(seat, "Edge of Envelope"):
            # Draw the Performance, then discard down to it (R33).
            self._draw(seat, self.perf(seat), f"{self.step}-turn draw")
            excess = len(self.hands[seat]) - self.perf(seat)
            if excess > 0:
                self._pay(seat, excess, "envelope")
                return
        else:
            room = max(0, self.perf(seat) - len(self.hands[seat]))
            if self.has(seat, "Test Pilot"):
                room = thrust
            self._draw(seat, min(thrust, room), f"{self.step}-turn draw")
        self._after_draw()

    def _after_draw(self) -> None:
        if self.step == "pre":
            self.phase, self.to_act = ALTITUDE, self.turn_seat
        else:
            self._end_turn()

    def _legal_altitude(self) -> list[Move]:
        cat = self.game.catalogue
        seat = self.turn_seat
        out = [cat.by_text["level"]]
        if self.alts[seat] < HIGH and self.hands[seat]:
            out.append(cat.by_text["climb"])
        if self.alts[seat] > LOW:
            out.append(cat.by_text["dive"])
        return out

    def _do_altitude(self, move: Move) -> None:
        seat = self.turn_seat
        if move.verb == "climb":
            self._pay(seat, 1, "climb")
        elif move.verb == "dive":
            self._change_altitude(seat, -1, "dive")
            self._offer_follow(-1, "speed")
        else:
            self._speed_step()

    def _change_altitude(self, seat: int, delta: int, why: str) -> None:
        """One level up or down; a dive draws a card, even above Performance."""
        self.alts = _put(self.alts, seat, self.alts[seat] + delta)
        self._emit({"type": "altitude", "seat": seat, "to": ALTITUDES[self.alts[seat]], "why": why})
        if delta < 0:
            self._draw(seat, 1, "dive")

    def _follow_cost(self, follower: int, delta: int) -> int:
        return (1 if self.rel(follower) == 1 else 0) + (1 if delta > 0 else 0)

    def _offer_follow(self, delta: int, then: str) -> None:
        """The enemy holding Advantage or Tailing on the mover may follow (R15)."""
        follower = 1 - self.turn_seat
        new = self.alts[follower] + delta
        cost = self._follow_cost(follower, delta)
        if self.rel(follower) > 0 and LOW <= new <= HIGH and len(self.hands[follower]) >= cost:
            self.follow_delta, self.follow_then = delta, then
            self.phase, self.to_act = FOLLOW, follower
            return
        self._enforce()
        self._continue(then)

    def _legal_follow(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["follow"], cat.by_text["stay"]]

    def _do_follow(self, move: Move) -> None:
        follower = 1 - self.turn_seat
        if move.verb == "stay":
            self._emit({"type": "stay", "seat": follower})
            self._enforce()
            self._continue(self.follow_then)
            return
        cost = self._follow_cost(follower, self.follow_delta)
        if cost:
            self._pay(follower, cost, "follow")
        else:
            self._finish_follow()

    def _finish_follow(self) -> None:
        follower = 1 - self.turn_seat
        self._change_altitude(follower, self.follow_delta, "follow")
        self._enforce()
        self._continue(self.follow_then)

    def _continue(self, then: str) -> None:
        if then == "speed":
            self._speed_step()
        elif self.from_speed:
            self._speed_or_play()
        else:
            self._play_step()

    def _speed_step(self) -> None:
        """The faster aircraft gets one 1-point maneuver per point of speed difference (R1)."""
        seat = self.turn_seat
        self.speed_left = max(0, self.plane(seat).speed - self.plane(1 - seat).speed)
        self._speed_or_play()

    def _speed_or_play(self) -> None:
        self.from_speed = False
        if self.speed_left > 0:
            self.phase, self.to_act = SPEED, self.turn_seat
        else:
            self._play_step()

    def _can_hold(self, seat: int, rel: int) -> bool:
        """Advantage or Tailing is held only within the reach of the weapons carried (R8)."""
        return rel <= 0 or self.mutual() <= self.reach(seat)

    def _legal_speed(self) -> list[Move]:
        cat = self.game.catalogue
        seat = self.turn_seat
        rel = self.rel(seat)
        pos = rel < 2 and self._can_hold(seat, rel + 1)
        return list(_speed_moves(cat, pos, self.bands[seat], self.bands[1 - seat]))

    def _do_speed(self, move: Move) -> None:
        seat = self.turn_seat
        if move.verb == "end":
            self.speed_left = 0
            self._play_step()
            return
        self.speed_left -= 1
        self.from_speed = True
        kind = "pos" if move.name == "pos" else "range"
        a, b = (1, 0) if kind == "pos" else (move.a, move.b)
        self._open(kind, link=(seat, NO_CARD, "Maneuvering", "speed"), card=NO_CARD, a=a, b=b)

    def _play_step(self) -> None:
        self.from_speed = False
        self.phase, self.to_act = PLAY, self.turn_seat
        if not self.site_checked:
            self.site_checked = True
            self._site_check()

    # --- ground sites (R37-R40) -------------------------------------------------------------

    def _site_check(self) -> None:
        """At the start of an enemy aircraft's Play Cards step, a site whose envelope holds it
        (its altitude and its own range band) draws; a Tone (SAM) or Guns (AAA) attacks once."""
        site = self.game.site
        owner = self.game.site_seat
        target = self.turn_seat
        if site is None or target == owner:
            return
        cell = (ALTITUDES[self.alts[target]], RANGES[self.bands[target]])
        if cell not in site.envelope:
            return
        drawn = self._take(site.draw)
        names = [self._title(c) for c in drawn]
        self._emit(
            {"type": "site-draw", "site": site.name, "target": target, "count": len(drawn)},
            {owner: {"cards": names}},
        )
        sam = site.kind == "SAM"
        cards = self.data.cards
        trigger = [c for c in drawn if (cards[c].can_tone if sam else cards[c].can_gun)]
        if not trigger:
            self.discards += drawn
            self._emit({"type": "site-spent", "site": site.name, "cards": names})
            return
        opener = trigger[0]
        self.site_hand = tuple(sorted(_without(drawn, opener)))
        family = "Tone" if sam else "Guns"
        self.kind, self.cyc_card, self.cyc_missile = "site", NO_CARD, -1
        self.chain = ((owner, opener, family, "site"),)
        self._emit(
            {
                "type": "site-attack",
                "site": site.name,
                "seat": owner,
                "target": target,
                "card": self._title(opener),
                "as": family,
            }
        )
        self._react_step()

    def _legal_play(self) -> list[Move]:
        """Attacks first, then actions, maneuvers, and the free moves last (for the terminal)."""
        cat = self.game.catalogue
        seat = self.turn_seat
        rel = self.rel(seat)
        bands, alts = self.bands, self.alts
        mutual = flight.mutual_range(bands[0], bands[1], alts[0], alts[1])
        plane = self.plane(seat)
        hand = self.hands[seat]
        hand_size = len(hand)
        alt = alts[seat]
        missiles = self.missiles[seat]
        gun = plane.gun is not None
        hold = mutual <= _reach(cat, gun, missiles)
        tones = _tone_moves(cat, rel, mutual, missiles)
        card_moves = _card_moves(
            cat, rel, hold, bands[seat], bands[1 - seat], alt < HIGH and hand_size >= 2, alt > LOW
        )
        guns = cat.attack if gun and mutual == GUN else None
        cards = self.data.cards
        attacks: list[Move] = []
        acts: list[Move] = []
        moves: list[Move] = []
        for index in dict.fromkeys(hand):
            if guns is not None:
                attack = guns[index]
                if attack is not None and hand_size - 1 >= self.gun_cost(seat, cards[index]):
                    attacks.append(attack)
            attacks += tones[index]
            act, maneuvers = card_moves[index]
            acts += act
            moves += maneuvers
        if rel > 0:
            moves.append(cat.by_text["neutral"])
        if hand_size and self.skills_shown and self.fresh(seat, "Timely"):
            moves.append(cat.by_text["timely"])
        attacks += acts
        attacks += moves
        attacks.append(cat.by_text["end"])
        return attacks

    def _do_play(self, move: Move) -> None:
        seat = self.turn_seat
        verb = move.verb
        if verb == "end":
            self._start_discard("post")
            return
        if verb == "neutral":
            self.pos = 0
            self._emit({"type": "neutral", "seat": seat})
            return
        if verb == "timely":
            self._spend(seat, "Timely")
            self._start_discard("timely")
            return
        card = self.data.card(move.name)
        self.hands = _put(self.hands, seat, _without(self.hands[seat], card.index))
        if verb == "pos":
            link = (seat, card.index, "Maneuvering", "hand")
            self._open("pos", link=link, card=card.index, a=move.a, b=0)
        elif verb == "range":
            link = (seat, card.index, "Maneuvering", "hand")
            self._open("range", link=link, card=card.index, a=move.a, b=move.b)
        elif verb == "attack":
            self.kind, self.chain, self.cyc_card = (
                "gun",
                ((seat, card.index, "Guns", "hand"),),
                card.index,
            )
            self._emit({"type": "play", "seat": seat, "card": card.title, "use": "gun attack"})
            cost = self.gun_cost(seat, card)
            assert card.gun_discard is not None
            full = flight.gun_discard(card.gun_discard, self.plane(seat).gun)
            if cost < full and not self.has(seat, "In My Sights!"):
                self._spend(seat, "Gun Fighter")
            if cost:
                self._pay(seat, cost, "open")
            else:
                self._react_step()
        elif verb == "tone":
            missile = self.data.missile(move.extra)
            self.cyc_missile = missile.index
            link = (seat, card.index, "Tone", "hand")
            if self.has(1 - seat, "Brave"):
                self._draw(1 - seat, 1, "Brave")
            self._open("tone", link=link, card=card.index, a=0, b=0, missile=missile.name)
        else:
            up = 1 if move.extra == "up" else -1 if move.extra == "down" else 0
            link = (seat, card.index, card.title, "hand")
            if card.action == "altitude_1" and self.has(seat, "Diligent"):
                self._draw(seat, 1, "Diligent")
            if card.tactic:
                # Tactic cards affect only yourself and no one may react to them.
                self.discards += (card.index,)
                self._emit({"type": "play", "seat": seat, "card": card.title, "use": "tactic"})
                self.kind, self.cyc_card, self.cyc_a, self.chain = card.action, card.index, up, ()
                if up > 0:
                    self._pay(seat, 1, "tactic")  # a climb costs a card, Tactic or not
                else:
                    self._effect(seat)
                return
            self._open(card.action, link=link, card=card.index, a=up, b=0, pay=1 if up > 0 else 0)

    def _open(
        self,
        kind: str,
        *,
        link: Link,
        card: int,
        a: int,
        b: int,
        missile: str = "",
        pay: int = 0,
    ) -> None:
        """Start an action/reaction cycle with ``link`` as the action (costs paid first)."""
        self.kind, self.chain, self.cyc_card, self.cyc_a, self.cyc_b = kind, (link,), card, a, b
        seat = link[0]
        event: JSON = {"type": "play", "seat": seat, "card": self._describe(link), "use": kind}
        if kind == "pos":
            event["steps"] = a
        elif kind == "range":
            event["me"], event["foe"] = a, b
        elif kind == "altitude_1":
            event["direction"] = "up" if a > 0 else "down"
        if missile:
            event["missile"] = missile
        self._emit(event)
        if pay:
            self._pay(seat, pay, "open")
        else:
            self._react_step()

    def _describe(self, link: Link) -> str:
        _, card, title, source = link
        if source == "speed":
            return "Speed Maneuver"
        if source == "cm":
            return "Countermeasures"
        if source == "lucky":
            return "Countermeasures (Lucky, as Ace Pilot)"
        if card == NO_CARD:
            return title
        return self._title(card)

    # --- paying a cost ------------------------------------------------------------------------

    def _pay(self, seat: int, n: int, then: str) -> None:
        """The payer chooses the ``n`` cards to discard, one decision each."""
        self.pay_seat, self.pay_left, self.pay_then = seat, n, then
        self.phase, self.to_act = PAY, seat

    def _legal_pay(self) -> list[Move]:
        return self._discard_moves(self.pay_seat)

    def _do_pay(self, move: Move) -> None:
        seat = self.pay_seat
        self._discard(seat, self.data.card(move.name).index, self.pay_then)
        self.pay_left -= 1
        if self.pay_left:
            return
        then = self.pay_then
        if then in ("stall", "envelope"):
            self._after_draw()
        elif then == "climb":
            self._change_altitude(seat, 1, "climb")
            self._offer_follow(1, "speed")
        elif then == "follow":
            self._finish_follow()
        elif then == "tactic":
            self._effect(seat)
        else:
            self._react_step()

    # --- the action/reaction cycle ------------------------------------------------------------

    def _react_step(self) -> None:
        self.phase, self.to_act = REACT, 1 - self.chain[-1][0]

    def _source(self, seat: int) -> tuple[Hand, str]:
        """Where a seat's reactions come from: the missile hand for the attacker in flight."""
        if self.kind == "missile" and seat == self.turn_seat:
            return self.missile_hand, "missile"
        if self.kind == "site" and seat != self.turn_seat:
            return self.site_hand, "site"
        return self.hands[seat], "hand"

    def can_react(self, seat: int, card: CardType, top: Link) -> bool:
        """React To names the title, or Ace Pilot (anything), or Split-S on the enemy's turn."""
        return _reacts(card, top[2], self._restricted(seat), seat != self.turn_seat)

    def _restricted(self, seat: int) -> bool:
        """Whether the seat reacts from a missile's or a site's hand (no pilot: R38)."""
        if self.kind == "missile":
            return seat == self.turn_seat
        return self.kind == "site" and seat != self.turn_seat

    def _can_countermeasure(self, seat: int, top: Link) -> bool:
        """Countermeasures answer a Tone or any card the missile plays (R12)."""
        sam = self.kind == "site" and top[3] == "site" and self.chain[0][2] == "Tone"
        return self.cms[seat] > 0 and (top[2] == "Tone" or top[3] == "missile" or sam)

    def _legal_react(self) -> list[Move]:
        cat = self.game.catalogue
        seat = self.to_act
        assert seat is not None
        top = self.chain[-1]
        out = [cat.by_text["pass"]]
        hand, source = self._source(seat)
        wild: list[Move] = []
        agile = jink = False
        if source == "hand" and self.skills_shown and self.skills[seat]:
            # Agile, Jink: once per game any card reacts as an Ace Pilot (R34).
            agile = self.fresh(seat, "Agile")
            jink = self.kind == "gun" and seat != self.chain[0][0] and self.fresh(seat, "Jink")
        reactions = _reactions(cat, top[2], self._restricted(seat), seat != self.turn_seat)
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
        if self._can_countermeasure(seat, top):
            out.append(cat.by_text["cm"])
        if (
            source == "hand"
            and self.cms[seat] > 0
            and self.skills_shown
            and self.fresh(seat, "Lucky")
        ):
            out.append(cat.by_text["lucky"])
        return out + wild

    def _do_react(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None
        if move.verb == "pass":
            self._emit({"type": "pass", "seat": seat})
            self._resolve()
            return
        if move.verb == "cm":
            self.cms = _put(self.cms, seat, self.cms[seat] - 1)
            link: Link = (seat, NO_CARD, "Countermeasures", "cm")
        elif move.verb == "lucky":
            self._spend(seat, "Lucky")
            self.cms = _put(self.cms, seat, self.cms[seat] - 1)
            link = (seat, NO_CARD, "Ace Pilot", "lucky")
        elif move.verb in ("agile", "jink"):
            self._spend(seat, "Agile" if move.verb == "agile" else "Jink")
            card = self.data.card(move.name)
            self.hands = _put(self.hands, seat, _without(self.hands[seat], card.index))
            link = (seat, card.index, "Ace Pilot", "hand")
        else:
            card = self.data.card(move.name)
            hand, source = self._source(seat)
            if source == "missile":
                self.missile_hand = _without(hand, card.index)
            elif source == "site":
                self.site_hand = _without(hand, card.index)
            else:
                self.hands = _put(self.hands, seat, _without(hand, card.index))
            link = (seat, card.index, card.title, source)
        self.chain += (link,)
        self._emit({"type": "react", "seat": seat, "card": self._describe(link), "from": link[3]})
        self.to_act = 1 - seat

    def _resolve(self) -> None:
        """The last card decides: the action stands if its player played it, else it fails."""
        chain, kind = self.chain, self.kind
        success = chain[-1][0] == chain[0][0]
        self.discards += tuple([c for _, c, _, _ in chain if c != NO_CARD])
        self.chain = ()
        self._emit({"type": "resolve", "use": kind, "success": success, "seat": chain[0][0]})
        if kind == "tone" and not success and self.has(1 - chain[0][0], "Relief"):
            self._draw(1 - chain[0][0], 1, "Relief")
        if kind == "missile" and self.missile_hand:
            self.discards += self.missile_hand
            self._emit(
                {"type": "missile-spent", "cards": [self._title(c) for c in self.missile_hand]}
            )
            self.missile_hand = ()
        if kind == "site" and self.site_hand:
            self.discards += self.site_hand
            self._emit({"type": "site-spent", "cards": [self._title(c) for c in self.site_hand]})
            self.site_hand = ()
        if success:
            self._effect(chain[0][0])
            return
        cards = self.data.cards
        active = self.turn_seat
        split = [
            s
            for s, c, _, _ in chain
            if c != NO_CARD and cards[c].action == "split_s" and s != active
        ]
        if split:
            # R2: Split-S standing ends the enemy's turn at once; its player draws a card.
            self._emit({"type": "split-s", "seat": split[-1]})
            self._draw(split[-1], 1, "Split-S")
            self._end_turn()
            return
        self._continue("after")

    def _effect(self, seat: int) -> None:
        """What a standing action does."""
        kind = self.kind
        enemy = 1 - seat
        if kind == "site":
            assert self.game.site is not None
            target = self.turn_seat
            self._emit({"type": "destroyed", "seat": target, "by": seat, "weapon": "site"})
            name = self.game.site.name
            self._finish([1 - target], f"{self.plane(target).name} shot down by the {name} site")
            return
        if kind in ("gun", "missile"):
            self._emit({"type": "destroyed", "seat": enemy, "by": seat, "weapon": kind})
            self._finish([seat], f"{self.plane(enemy).name} shot down")
            return
        if kind == "tone":
            self.phase, self.to_act = LAUNCH, seat
            return
        if kind == "pos":
            self._set_rel(seat, self.rel(seat) + self.cyc_a)
        elif kind == "range":
            self.bands = _put(self.bands, seat, self.bands[seat] + self.cyc_a)
            self.bands = _put(self.bands, enemy, self.bands[enemy] + self.cyc_b)
            self._emit({"type": "range", "ranges": [RANGES[b] for b in self.bands]})
            if self.has(enemy, "Focused"):
                self._draw(enemy, 1, "Focused")
        elif kind == "pos_to_neutral":
            self.pos = 0
        elif kind == "disadv_to_adv":
            self._set_rel(seat, 1)
        elif kind == "missile_bonus":
            self.bonus += 1
            self._emit({"type": "bonus", "seat": seat, "bonus": self.bonus})
        elif kind == "altitude_1":
            self._change_altitude(seat, self.cyc_a, self._title(self.cyc_card))
            self._offer_follow(self.cyc_a, "after")
            return
        if kind in ("pos", "pos_to_neutral", "disadv_to_adv"):
            self._emit(
                {"type": "position", "seat": seat, "position": flight.position_name(self.rel(seat))}
            )
        self._enforce()
        self._continue("after")

    def _enforce(self) -> None:
        """R8: a holder beyond the reach of its weapons drops back to Neutral at once."""
        if self.pos == 0:
            return
        holder = 0 if self.pos > 0 else 1
        if self.mutual() > self.reach(holder):
            self.pos = 0
            self._emit({"type": "position-lost", "seat": holder})

    # --- missiles ----------------------------------------------------------------------------

    def _legal_launch(self) -> list[Move]:
        cat = self.game.catalogue
        out = [cat.by_text["launch"], cat.by_text["hold"]]
        if (
            self.game.options["second_missile"]
            and self.missiles[self.turn_seat][self.cyc_missile] >= 2
        ):
            out.append(cat.by_text["launch2"])
        return out

    def _do_launch(self, move: Move) -> None:
        seat = self.turn_seat
        if move.verb == "hold":
            self._emit({"type": "hold", "seat": seat})
            self._play_step()
            return
        enemy = 1 - seat
        missile = self.data.missiles[self.cyc_missile]
        counts = self.missiles[seat]
        fired = 2 if move.verb == "launch2" else 1
        self.missiles = _put(
            self.missiles, seat, _put(counts, missile.index, counts[missile.index] - fired)
        )
        # The 2nd missile adds a card (Cocky one more); Better Envelope adds one (R33, R35).
        extra = launch_extra(fired, self.has(seat, "Cocky"), self.has(seat, "Better Envelope"))
        size = flight.missile_hand_size(
            self.data,
            missile=missile,
            rel=self.rel(seat),
            card_mod=self.data.cards[self.cyc_card].missile_hand_mod + extra,
            bonus=self.bonus,
            alt_attacker=self.alts[seat],
            alt_target=self.alts[enemy],
            target=self.plane(enemy),
            target_burner=self.burner_on[enemy],
        )
        self.bonus = 0
        if size and self.fresh(enemy, "Alert"):
            self._spend(enemy, "Alert")
            size = 0
        self.missile_hand = tuple(sorted(self._take(size)))
        self._emit(
            {
                "type": "launch",
                "seat": seat,
                "missile": missile.name,
                "cards": len(self.missile_hand),
                "fired": fired,
            },
            {seat: {"missile_hand": [self._title(c) for c in self.missile_hand]}},
        )
        if self.has(enemy, "Quick Hands"):
            self._draw(enemy, fired, "Quick Hands")
        self._enforce()
        self.kind, self.chain = "missile", ((seat, NO_CARD, "Missile", "missile"),)
        self._react_step()

    # --- the end ----------------------------------------------------------------------------

    def _end_turn(self) -> None:
        self.turns_done += 1
        if self.turns_done == 2:
            self.turns_done = 0
            self.round += 1
            if self.round > self.data.constants.rounds_per_dogfight:
                self._finish([0, 1], "six rounds flown and nobody shot down: a draw")
                return
        self.turn_seat = 1 - self.turn_seat
        self._begin_turn()

    def _finish(self, winners: list[int], why: str) -> None:
        self.phase, self.to_act = OVER, None
        share = 1.0 / len(winners)
        self.result = (share if 0 in winners else 0.0, share if 1 in winners else 0.0)
        self.end_reason = why
        self._emit({"type": "game-end", "winners": winners, "why": why})

    # --- information ------------------------------------------------------------------------

    def _view(self, player: int | None) -> JSON:
        data = self.data
        seats = []
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
                "position": flight.position_name(self.rel(s)),
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
                seat["vp"] = self._vp(s) if self.skills_shown else self.flown_vp(s)
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
            "turn": self.turn_seat if self.phase not in (PICK, ALT_PICK, INITIATIVE) else None,
            "step": self.step,
            "deck": len(self.deck),
            "discards": self._pile(),
            "mutual_range": RANGES[self.mutual()] if self.alts_shown else None,
            "seats": seats,
            "cycle": self._cycle_view(),
            "speed_left": self.speed_left,
            "missile_bonus": self.bonus,
            "pay_left": self.pay_left if self.phase == PAY else 0,
            "vp_limit": self.game.options["vp_limit"],
            "year": self.game.options["year"],
            "site": self._site_view(),
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
        if any(self.pools) or self.has_expertise():
            out["pool_sizes"] = [len(p) for p in self.pools]
        if player is not None:
            out["hand"] = [self._title(c) for c in self.hands[player]]
            if self.has_expertise():
                out["pool"] = [self._title(c) for c in self.pools[player]]
            if self.kind == "missile" and self.chain and player == self.turn_seat:
                out["missile_hand"] = [self._title(c) for c in self.missile_hand]
            if self.site_hand and player == self.game.site_seat:
                out["site_hand"] = [self._title(c) for c in self.site_hand]
        return out

    def _site_view(self) -> JSON | None:
        site = self.game.site
        if site is None:
            return None
        return {
            "name": site.name,
            "kind": site.kind,
            "draw": site.draw,
            "envelope": [list(cell) for cell in site.envelope],
            "seat": self.game.site_seat,
        }

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
            "by": self.chain[0][0],
            "chain": [
                {"seat": s, "card": self._describe(link), "from": link[3], "as": link[2]}
                for link in self.chain
                for s in (link[0],)
            ],
        }
        if self.kind in ("tone", "missile") and self.cyc_missile >= 0:
            out["missile"] = self.data.missiles[self.cyc_missile].name
        if self.kind == "missile":
            out["missile_hand_size"] = len(self.missile_hand)
        if self.kind == "site":
            out["site_hand_size"] = len(self.site_hand)
        return out

    def _determinize(self, player: int, seed: int) -> DifState:
        """Redraw what ``player`` cannot see: the other hand and missile hand, the deck order,
        and the other seat's unrevealed aircraft or altitude."""
        new = self.clone()
        assert isinstance(new, DifState)
        other = 1 - player
        hidden_missile = self.kind == "missile" and bool(self.chain) and self.turn_seat == other
        pool = list(self.deck) + list(self.hands[other]) + list(self.pools[other])
        seen = self.lent if self.lent != NO_CARD and self.to_act == other else NO_CARD
        if seen != NO_CARD:  # the card taken from the pool was shown: it stays in the hand
            pool.remove(seen)
        if hidden_missile:
            pool += list(self.missile_hand)
        hidden_site = self.game.site_seat == other and bool(self.site_hand)
        if hidden_site:
            pool += list(self.site_hand)
        # Sorted first, so the redraw depends on what is hidden, not on how it lies now.
        pool.sort()
        seed = shuffle(seed, pool)
        size = len(self.hands[other]) - (seen != NO_CARD)
        drawn = pool[:size] + ([seen] if seen != NO_CARD else [])
        new.hands = _put(self.hands, other, tuple(sorted(drawn)))
        pool = pool[size:]
        size = len(self.pools[other])
        new.pools = _put(self.pools, other, tuple(sorted(pool[:size])))
        pool = pool[size:]
        if hidden_missile:
            size = len(self.missile_hand)
            new.missile_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        if hidden_site:
            size = len(self.site_hand)
            new.site_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        new.deck = tuple(pool)
        if self.planes[other] >= 0 and not self.planes_shown:
            choices = self.eligible()
            new.planes = _put(self.planes, other, choices[seed % len(choices)])
        if self.alts[other] >= 0 and not self.alts_shown:
            new.alts = _put(self.alts, other, seed % 3)
        if not self.planes_shown and self.loads[other] is not None:
            new.loads = _put(self.loads, other, None)
        if not self.skills_shown and self.skills[other]:
            # Unrevealed skills: a world in which the other seat chose none (always allowed).
            new.skills = _put(self.skills, other, ())
            new.mods = _put(self.mods, other, NO_MODS)
        if self.phase == SKILL and self.to_act == other:
            new.rate_left = 0
        new.rng_seed = shuffle(seed, [])
        return new

    def check_invariants(self) -> None:
        """Every card is somewhere exactly once; counters and positions stay in range."""
        counts = [0] * len(self.data.cards)
        zones = [self.deck, self.discards, self.missile_hand, self.site_hand, *self.hands]
        zones += self.pools
        zones.append(tuple(c for _, c, _, _ in self.chain if c != NO_CARD))
        for zone in zones:
            for c in zone:
                counts[c] += 1
        decks = int(self.game.options["decks"])
        assert counts == [c.count * decks for c in self.data.cards], "cards not conserved"
        assert all(h == tuple(sorted(h)) for h in self.hands), "hands are kept sorted"
        assert all(p == tuple(sorted(p)) for p in self.pools), "pools are kept sorted"
        assert all(not p or len(p) <= self.plane(s).performance for s, p in enumerate(self.pools))
        assert -2 <= self.pos <= 2
        assert all(GUN <= b <= AH for b in self.bands)
        assert all(c >= 0 for c in self.cms) and all(b >= 0 for b in self.burners)
        assert all(n >= 0 for counts_ in self.missiles for n in counts_)
        # While the follower decides (and pays), the position waits for the follow (R15).
        following = self.phase == FOLLOW or (self.phase == PAY and self.pay_then == "follow")
        if self.alts_shown and self.pos and not following:
            holder = 0 if self.pos > 0 else 1
            assert self.mutual() <= self.reach(holder), "position held beyond weapon reach"
        assert (self.phase == OVER) == (self.result is not None)

    def why_illegal(self, action: Action) -> str:
        if self.phase == OVER:
            return "the game is over"
        if not isinstance(action, Move):
            return f"{action} is not a Locked-On move"
        seat = self.to_act
        if seat is not None:
            lent = self._title(self.lent) if self.lent != NO_CARD else ""
            used = self.pool_used[seat] == self.window()
            reason = why_expertise(action, lent, self.pools[seat], used)
            if reason:
                return reason
        return why(self, action)


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
def _reach(cat: Catalogue, gun: bool, missiles: Hand) -> int:
    """``flight.reach`` by whether the aircraft has a gun and its missiles left (cached: the
    rules ask after every maneuver and the answers are few)."""
    best = GUN if gun else flight.NO_REACH
    for index, count in enumerate(missiles):
        if count > 0:
            best = max(best, cat.data.missiles[index].band)
    return best


@cache
def _tone_moves(
    cat: Catalogue, rel: int, mutual: int, missiles: Hand
) -> tuple[tuple[Move, ...], ...]:
    """By card index: the Tones it may play at this position and range with these missiles
    left (cached per situation: the play step asks on every decision)."""
    data = cat.data
    fit = [
        m
        for m in data.missiles
        if rel >= 0 and missiles[m.index] and m.cards[rel] is not None and m.reaches(mutual)
    ]
    return tuple(
        tuple(cat.get("tone", c.slug, m.slug) for m in fit) if c.can_tone else ()
        for c in data.cards
    )


@cache
def _card_moves(
    cat: Catalogue, rel: int, hold: bool, mine: int, theirs: int, climb: bool, dive: bool
) -> tuple[tuple[tuple[Move, ...], tuple[Move, ...]], ...]:
    """By card index: its actions, and its maneuvers (position, then range), in the play step
    in this situation. Cached: at most a few hundred situations; ``hold`` is the mutual range
    within reach, ``climb`` and ``dive`` whether an Altitude card may go up or down."""
    ranges = _range_moves(cat, mine, theirs)
    table = []
    for card in cat.data.cards:
        name = card.slug
        action = card.action
        act: list[Move] = []
        if (
            (action == "pos_to_neutral" and rel < 0)
            or (action == "disadv_to_adv" and rel == -1)
            or action == "missile_bonus"
        ):
            act.append(cat.get("act", name))
        elif action == "altitude_1":
            if climb:
                act.append(cat.get("act", name, "up"))
            if dive:
                act.append(cat.get("act", name, "down"))
        moves: list[Move] = []
        for k in range(1, min(card.positioning, 4, 2 - rel) + 1):
            if rel + k <= 0 or hold:
                moves.append(cat.get("pos", name, a=k))
        table.append((tuple(act), (*moves, *ranges[card.index])))
    return tuple(table)


@cache
def _range_moves(cat: Catalogue, mine: int, theirs: int) -> tuple[tuple[Move, ...], ...]:
    """By card index: its range maneuvers that keep both bands between G and AH (cached per
    band pair, so that ``_card_moves`` builds its tables quickly)."""
    table = []
    for card in cat.data.cards:
        moves: list[Move] = []
        if card.range:
            for me in range(GUN - mine, AH - mine + 1):
                for foe in range(GUN - theirs, AH - theirs + 1):
                    if (me or foe) and abs(me) + abs(foe) <= card.range:
                        moves.append(cat.get("range", card.slug, a=me, b=foe))
        table.append(tuple(moves))
    return tuple(table)


@cache
def _speed_moves(cat: Catalogue, pos: bool, mine: int, theirs: int) -> tuple[Move, ...]:
    """The Speed Maneuvers open with these range bands (``pos``: a position step may be held),
    after ending them (cached: sixteen band pairs)."""
    out = [cat.by_text["end"]]
    if pos:
        out.append(cat.get("speed", "pos"))
    for me, foe in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if GUN <= mine + me <= AH and GUN <= theirs + foe <= AH:
            out.append(cat.get("speed", "range", a=me, b=foe))
    return tuple(out)


@cache
def _reactions(
    cat: Catalogue, title: str, restricted: bool, enemy_turn: bool
) -> tuple[Move | None, ...]:
    """By card index, its reaction to an action titled ``title`` (None if it may not react):
    ``restricted`` for a missile's or site's hand, ``enemy_turn`` off the reactor's turn."""
    return tuple(
        cat.react[c.index] if _reacts(c, title, restricted, enemy_turn) else None
        for c in cat.data.cards
    )


def _reacts(card: CardType, title: str, restricted: bool, enemy_turn: bool) -> bool:
    """React To names the title, or Ace Pilot (anything), or Split-S on the enemy's turn; a
    missile's or site's hand has no pilot, so cards not usable there never react (R38)."""
    if restricted and not card.usable_in_missile_hand:
        return False
    react = card.react_to
    if title in react or "ANY" in react:
        return True
    return "ANY_ENEMY_TURN" in react and enemy_turn


def _lent_plays(slug: str, moves: list[Any]) -> list[Any]:
    """The moves that play the card named ``slug`` (a pool card is played, never paid: R60)."""
    return [m for m in moves if m.name == slug and m.verb in PLAY_VERBS]


# Typed list[Any] so legal_actions returns the generators' lists of Moves as lists of Actions.
_LEGAL: dict[str, Callable[[DifState], list[Any]]] = {
    PICK: DifState._legal_pick,
    ALT_PICK: DifState._legal_alt_pick,
    INITIATIVE: DifState._legal_initiative,
    BURNER: DifState._legal_burner,
    DISCARD: DifState._legal_discard,
    ALTITUDE: DifState._legal_altitude,
    FOLLOW: DifState._legal_follow,
    SPEED: DifState._legal_speed,
    PLAY: DifState._legal_play,
    PAY: DifState._legal_pay,
    REACT: DifState._legal_react,
    LAUNCH: DifState._legal_launch,
    SKILL: DifState._legal_skill,
}
_APPLY: dict[str, Callable[[DifState, Move], None]] = {
    PICK: DifState._do_pick,
    ALT_PICK: DifState._do_alt_pick,
    INITIATIVE: DifState._do_initiative,
    BURNER: DifState._do_burner,
    DISCARD: DifState._do_discard,
    ALTITUDE: DifState._do_altitude,
    FOLLOW: DifState._do_follow,
    SPEED: DifState._do_speed,
    PLAY: DifState._do_play,
    PAY: DifState._do_pay,
    REACT: DifState._do_react,
    LAUNCH: DifState._do_launch,
    SKILL: DifState._do_skill,
}
