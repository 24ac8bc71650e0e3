"""The rules both Down In Flames state machines share, written once: an aircraft's skills, load
and ratings as flown, the deck, drawing and discarding, and the turn's afterburner, discard-and-
draw and altitude steps. ``DifState`` (rules.py, one aircraft a side: aircraft ``a`` is seat
``a``) and ``DifState`` (melee.py, several aircraft) inherit them and supply what differs:
who owns an aircraft, positions, following, the play step and the end of a turn."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, ClassVar

from aerodeck.core.api import JSON, OVER, Action, TurnState
from aerodeck.core.rng import shuffle
from aerodeck.core.tuples import replace_at
from aerodeck.core.tuples import without as _without
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.actions import Catalogue, Move
from aerodeck.games.down_in_flames.data import ALTITUDES, Aircraft, CardType, DataSet, Missile
from aerodeck.games.down_in_flames.flight import AH, GUN, HIGH, LOW, MEDIUM
from aerodeck.games.down_in_flames.phases import (
    ALTITUDE,
    BURNER,
    DISCARD,
    NO_CARD,
    PAY,
    PICK,
    POST,
    PRE,
    THEN_SPEED,
    TIMELY,
    AfterFollow,
    AfterPay,
    Hand,
    Link,
    Load,
    TurnStep,
)
from aerodeck.games.down_in_flames.skills import (
    ADDED_CARDS,
    EXTRA_DRAW,
    NO_MODS,
    PLAY_VERBS,
    RATING_STEPS,
    RATINGS,
    THROWN,
    launch_extra,
    load_offers,
    load_vp,
    search,
)

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames

    def _put(values: tuple[Any, ...], index: int, value: Any) -> Any:
        """``replace_at`` typed loosely: the duel keeps exact pair types for its per-seat
        tuples."""

else:
    _put = replace_at  # at run time the function itself, without a wrapper call


class AircraftRules(TurnState):
    """The shared rules, and the slots they read and write."""

    # The phase's apply method (phases.by_phase), set by each machine.
    _DO: ClassVar[dict[str, Callable[..., None]]]

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
        "flyer",
        "follow_delta",
        "follow_then",
        "from_speed",
        "hands",
        "kind",
        "lent",
        "lent_by",
        "loading",
        "loads",
        "missile_hand",
        "missiles",
        "mods",
        "pay_ac",
        "pay_left",
        "pay_then",
        "planes",
        "planes_shown",
        "pool_used",
        "pools",
        "rate_left",
        "rate_sign",
        "rng_seed",
        "round",
        "site_hand",
        "skills",
        "skills_shown",
        "speed_left",
        "step",
        "timely_n",
        "used",
    )

    game: DownInFlames
    data: DataSet
    step: TurnStep
    flyer: int  # the aircraft whose turn it is
    timely_n: int
    rng_seed: int
    deck: Hand
    discards: Hand
    hands: tuple[Hand, ...]
    planes: tuple[int, ...]
    alts: tuple[int, ...]
    missiles: tuple[Hand, ...]
    burners: tuple[int, ...]
    burner_on: tuple[bool, ...]
    skills: tuple[Hand, ...]
    mods: tuple[Hand, ...]
    used: tuple[Hand, ...]
    skills_shown: bool
    loads: tuple[Load | None, ...]
    loading: bool
    from_speed: bool
    planes_shown: bool
    alts_shown: bool
    bands: tuple[int, ...]
    round: int
    speed_left: int
    kind: str
    cyc_a: int
    cyc_b: int
    follow_delta: int
    follow_then: AfterFollow
    end_reason: str
    pool_used: tuple[int, ...]
    lent: int
    lent_by: int
    bonus: int
    cyc_card: int
    cms: tuple[int, ...]
    pay_ac: int
    pay_left: int
    pay_then: AfterPay | None
    chain: tuple[Link, ...]
    cyc_missile: int
    missile_hand: Hand
    pools: tuple[Hand, ...]
    rate_left: int
    rate_sign: int
    site_hand: Hand

    def _start(self, n: int) -> list[int]:
        """The state before the aircraft are chosen, for ``n`` aircraft; returns the Action deck
        unshuffled (several decks combined into one, §18.8)."""
        data = self.data = self.game.data  # a slot for the rules' many reads
        self.rng_seed = self.seed
        self.phase = PICK
        self.planes = (-1,) * n
        self.planes_shown = False
        self.alts = (-1,) * n
        self.alts_shown = False
        self.bands = (data.constants.starting_range,) * n
        self.deck = ()
        self.hands = ((),) * n
        self.discards = ()
        self.missile_hand = ()
        self.site_hand = ()
        self.missiles = ((0,) * len(data.missiles),) * n
        self.cms = (0,) * n
        self.burners = (0,) * n
        self.burner_on = (False,) * n
        self.round = 1
        self.step = PRE
        self.bonus = self.speed_left = self.timely_n = 0
        self.from_speed = False
        # The action/reaction cycle: the chain of links, the use of its first card, its card,
        # its two numbers (steps, range changes) and the missile a Tone fires.
        self.chain = ()
        self.kind = ""
        self.cyc_card = NO_CARD
        self.cyc_a = self.cyc_b = 0
        self.cyc_missile = -1
        self.pay_ac = self.pay_left = 0
        self.pay_then = None
        self.follow_delta = 0
        self.follow_then = THEN_SPEED
        self.result = None
        self.end_reason = ""
        # Skills (R29-R34, R56): rating changes, revealed together, once-per-game ones spent.
        self.mods = (NO_MODS,) * n
        self.skills_shown = False
        self.used = ((),) * n
        self.rate_left = self.rate_sign = 0
        # Aircraft Expertise (R60): the set-aside pools, the turn each last gave a card, and the
        # card taken out awaiting its play (NO_CARD when none).
        self.pools = ((),) * n
        self.pool_used = (-1,) * n
        self.lent = NO_CARD
        self.lent_by = -1  # the aircraft whose pool card it is
        # Custom missile loads (option missile_loads): None keeps the printed load.
        self.loads = (None,) * n
        self.loading = False
        decks = int(self.game.options["decks"])
        return [c.index for c in data.cards for _ in range(c.count * decks)]

    # --- what each machine supplies ----------------------------------------------------------

    @abstractmethod
    def owner(self, a: int) -> int:
        """The seat flying aircraft ``a``."""

    @abstractmethod
    def _picker(self) -> int:
        """The aircraft being chosen (and loaded) now."""

    @abstractmethod
    def _legal_skill(self) -> list[Move]: ...

    @abstractmethod
    def _picked(self, a: int) -> None:
        """Aircraft ``a`` is chosen (and loaded): the next choice, or the reveal."""

    @abstractmethod
    def _load_ready(self, a: int) -> None:
        """Aircraft ``a``'s load is final ('ready')."""

    @abstractmethod
    def _launch_target(self) -> tuple[int, int, JSON]:
        """The Tone's target, the flyer's position on it, and what the launch event names."""

    @abstractmethod
    def _missile_window(self) -> None:
        """The missile's hand has been drawn: the first reaction window of its fight."""

    @abstractmethod
    def _bat_turn_open(self, a: int) -> bool:
        """Bat-Turn may be used: some enemy holds ``a`` at Advantage or Tailing (R33)."""

    @abstractmethod
    def _bat_turn(self, a: int) -> None:
        """Bat-Turn (R33, R56): every position held on ``a`` drops to Neutral."""

    @abstractmethod
    def _paid(self, a: int, then: AfterPay) -> None:
        """A card's cost paid (AfterPay.OPEN, TACTIC): on to its reaction window or effect."""

    @abstractmethod
    def _finish_follow(self) -> None: ...

    @abstractmethod
    def _take_from_pool(self, move: Move) -> None: ...

    @abstractmethod
    def _speed_maneuver(self, kind: str, steps: int, foe: int, t: int) -> None:
        """The flyer's Speed Maneuver opens a cycle like a card (against ``t``)."""

    @abstractmethod
    def _source(self, a: int) -> tuple[Hand, str]:
        """The hand aircraft ``a`` reacts from now, and its name (hand, missile, site)."""

    @abstractmethod
    def _enforce(self) -> None: ...

    @abstractmethod
    def _end_turn(self) -> None: ...

    @abstractmethod
    def _play_step(self) -> None: ...

    @abstractmethod
    def _speed_step(self) -> None: ...

    @abstractmethod
    def _speed_or_play(self) -> None: ...

    @abstractmethod
    def _offer_follow(self, mover: int, delta: int, then: AfterFollow) -> None: ...

    # --- shared --------------------------------------------------------------------------------

    def eligible(self) -> list[int]:
        """Aircraft within the agreed VP limit and year (R13); with custom loads (R44, R57) on
        their no-missile VP."""
        limit, year = self.game.options["vp_limit"], self.game.options["year"]
        clean = self.game.options["missile_loads"]
        return [
            a.index
            for a in self.data.aircraft
            if (a.vp_clean if clean else a.vp_loaded) <= limit and a.year <= year
        ]

    def _do_pick(self, move: Move) -> None:
        a = self._picker()
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

    def _do_load(self, move: Move) -> None:
        """A custom load (R44, R57): a pair of missiles more, a clean aircraft, or 'ready'."""
        a = self._picker()
        custom = self.loads[a] or ()
        if move.verb == "pairs":
            added = (self.data.missile(move.name).index, int(move.extra))
            self.loads = _put(self.loads, a, tuple(sorted((*custom, added))))
        elif move.verb == "clean":
            self.loads = _put(self.loads, a, ())
        else:
            self.loading = False
            self._load_ready(a)

    def _legal_load(self) -> list[Move]:
        """Keep the printed load or build one within the VP limit (R44, per aircraft R57)."""
        cat = self.game.catalogue
        a = self._picker()
        custom = self.loads[a]
        limit = self.game.options["vp_limit"]
        # The printed load is kept only within the limit: the aircraft was chosen on its
        # no-missile VP, so a printed load over the limit must be rebuilt (R44).
        out = [cat.get("ready")] if custom is not None or self.load_vp(a) <= limit else []
        if custom is None:
            out.append(cat.get("clean"))
        base = self.data.aircraft[self.planes[a]].vp_clean if custom is None else self.load_vp(a)
        room = limit - base
        offers = load_offers(self.data, custom, room, self.game.options["year"])
        return out + [cat.get("pairs", m, str(pairs)) for m, pairs in offers]

    def _choose_skill(self, unit: tuple[int, ...], move: Move) -> bool:
        """A secret skill choice for the aircraft choosing together: 'rate' takes a rating step,
        'skill' a skill (whose rating steps follow); False for anything else ('ready')."""
        if move.verb == "rate":
            r = RATINGS.index(move.name)
            for a in unit:
                mods = self.mods[a]
                self.mods = _put(self.mods, a, _put(mods, r, mods[r] + self.rate_sign))
            self.rate_left -= 1
            if self.rate_left and not self._legal_skill():
                self.rate_left = 0
            return True
        if move.verb == "skill":
            i = self.game.skill_slugs.index(move.name)
            for a in unit:
                self.skills = _put(self.skills, a, tuple(sorted((*self.skills[a], i))))
            steps = RATING_STEPS.get(self.data.skills[i].name)
            if steps:
                self.rate_left, self.rate_sign = steps
                if not self._legal_skill():
                    self.rate_left = 0
            return True
        return False

    def _pay(self, a: int, n: int, then: AfterPay) -> None:
        """Aircraft ``a``'s player chooses the ``n`` cards to discard, one decision each."""
        self.pay_ac, self.pay_left, self.pay_then = a, n, then
        self.phase, self.to_act = PAY, self.owner(a)

    def _legal_pay(self) -> list[Move]:
        return self._discard_moves(self.hands[self.pay_ac])

    def _discard_moves(self, hand: Hand) -> list[Move]:
        """A discard of each distinct card in the hand, in data order (hands are sorted)."""
        return list(map(self.game.catalogue.discard.__getitem__, dict.fromkeys(hand)))

    def _do_pay(self, move: Move) -> None:
        a = self.pay_ac
        then = self.pay_then
        assert then is not None
        self._discard(a, self.data.card(move.name).index, then)
        self.pay_left -= 1
        if self.pay_left:
            return
        if then in (AfterPay.STALL, AfterPay.ENVELOPE):
            self._after_draw()
        elif then is AfterPay.CLIMB:
            self._change_altitude(a, 1, "climb")
            self._offer_follow(a, 1, THEN_SPEED)
        elif then is AfterPay.FOLLOW:
            self._finish_follow()
        else:
            self._paid(a, then)

    def _reactions_from(
        self,
        hand: Hand,
        reactions: tuple[Move | None, ...],
        agile: bool,
        jink: bool,
        out: list[Move],
    ) -> list[Move]:
        """Adds to ``out`` each distinct card of ``hand`` that may react; returns the Agile and
        Jink plays (R34) of the others, which are listed after every plain reaction."""
        cat = self.game.catalogue
        wild: list[Move] = []
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
        return wild

    def _reaction_link(self, a: int, move: Move) -> Link:
        """Aircraft ``a`` reacts: a countermeasure, Lucky (a countermeasure as Ace Pilot), an
        Agile or Jink card, or a card from the hand it reacts from; taken from there."""
        if move.verb == "cm":
            self.cms = _put(self.cms, a, self.cms[a] - 1)
            return (a, NO_CARD, "Countermeasures", "cm")
        if move.verb == "lucky":
            self._spend(a, "Lucky")
            self.cms = _put(self.cms, a, self.cms[a] - 1)
            return (a, NO_CARD, "Ace Pilot", "lucky")
        card = self.data.card(move.name)
        if move.verb in ("agile", "jink"):
            self._spend(a, "Agile" if move.verb == "agile" else "Jink")
            self.hands = _put(self.hands, a, _without(self.hands[a], card.index))
            return (a, card.index, "Ace Pilot", "hand")
        hand, source = self._source(a)
        if source == "missile":
            self.missile_hand = _without(hand, card.index)
        elif source == "site":
            self.site_hand = _without(hand, card.index)
        else:
            self.hands = _put(self.hands, a, _without(hand, card.index))
        return (a, card.index, card.title, source)

    def _deal_cycle_hands(
        self, new: AircraftRules, pool: list[int], hidden_missile: bool, hidden_site: bool
    ) -> None:
        """Determinization's last deal: the hidden missile and site hands, then the deck."""
        if hidden_missile:
            size = len(self.missile_hand)
            new.missile_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        if hidden_site:
            size = len(self.site_hand)
            new.site_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        new.deck = tuple(pool)

    def _fire(self, a: int, t: int, rel: int, fired: int) -> Missile:
        """``a`` launches ``fired`` missiles of the Tone's type at ``t`` from position ``rel``:
        the counters spent and the missile's hand drawn, its size by the missile, position,
        Tone card, bonus, altitudes and target (R3, R16); the 2nd missile adds a card (Cocky one
        more), Better Envelope one; the target's Alert leaves it empty (R33, R35)."""
        missile = self.data.missiles[self.cyc_missile]
        counts = self.missiles[a]
        self.missiles = _put(
            self.missiles, a, _put(counts, missile.index, counts[missile.index] - fired)
        )
        extra = launch_extra(fired, self.has(a, "Cocky"), self.has(a, "Better Envelope"))
        size = flight.missile_hand_size(
            self.data,
            missile=missile,
            rel=rel,
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
        return missile

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Move)
        if action.verb == "expertise":
            self._take_from_pool(action)
            return
        self._DO[self.phase](self, action)
        self.lent, self.lent_by = NO_CARD, -1

    def _do_speed(self, move: Move) -> None:
        """A Speed Maneuver of one step (R1, R49), or 'end' to the Play Cards step."""
        if move.verb == "end":
            self.speed_left = 0
            self._play_step()
            return
        self.speed_left -= 1
        self.from_speed = True
        kind = "pos" if move.name == "pos" else "range"
        steps, foe = (1, 0) if kind == "pos" else (move.a, move.b)
        self._speed_maneuver(kind, steps, foe, move.t)

    def _do_launch(self, move: Move) -> None:
        """The Tone stands: hold, or launch one missile (two with the optional rule, R33/§18.2)
        at the Tone's target, whose Quick Hands draws as many cards; the missile's hand then
        fights as a cycle (R16)."""
        a = self.flyer
        if move.verb == "hold":
            self._emit({"type": "hold", "seat": a})
            self._play_step()
            return
        t, rel, named = self._launch_target()
        fired = 2 if move.verb == "launch2" else 1
        missile = self._fire(a, t, rel, fired)
        self._emit(
            {
                "type": "launch",
                "seat": a,
                "missile": missile.name,
                "cards": len(self.missile_hand),
                **named,
                "fired": fired,
            },
            {self.owner(a): {"missile_hand": [self._title(c) for c in self.missile_hand]}},
        )
        if self.has(t, "Quick Hands"):
            self._draw(t, fired, "Quick Hands")  # the missile's target only (R56)
        self._enforce()
        self.kind, self.chain = "missile", ((a, NO_CARD, "Missile", "missile"),)
        self._missile_window()

    def _legal_launch(self) -> list[Move]:
        cat = self.game.catalogue
        out = [cat.by_text["launch"], cat.by_text["hold"]]
        if self.game.options["second_missile"] and self.missiles[self.flyer][self.cyc_missile] >= 2:
            out.append(cat.by_text["launch2"])
        return out

    def _check_cards(self) -> None:
        """Every card is somewhere exactly once (deck, discards, hands, pools, the cycle's
        hands and cards); hands and pools are kept sorted."""
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

    def _budget(self, a: int) -> int:
        """VP left for skills: the limit less the aircraft (with its load) and its skills."""
        return int(self.game.options["vp_limit"]) - self.load_vp(a) - self.skill_vp(a)

    def reach(self, a: int) -> int:
        return _reach(self.game.catalogue, self.plane(a).gun is not None, self.missiles[a])

    def perf(self, a: int) -> int:
        return flight.performance(self.data, self.plane(a), self.alts[a])

    def thrust(self, a: int, post: bool) -> int:
        return flight.thrust(self.data, self.plane(a), post, self.burner_on[a], self.alts[a])

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

    def _changes(self, a: int) -> dict[str, int]:
        return {RATINGS[r]: v for r, v in enumerate(self.mods[a]) if v}

    def _legal_pick(self) -> list[Move]:
        cat = self.game.catalogue
        if self.loading:
            return self._legal_load()
        return [cat.get("fly", self.data.aircraft[i].slug) for i in self.eligible()]

    def _legal_follow(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["follow"], cat.by_text["stay"]]

    def _legal_burner(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["burner"], cat.by_text["no-burner"]]

    def _legal_alt_pick(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.get("alt", a.lower()) for a in ALTITUDES]

    def _change_altitude(self, a: int, delta: int, why: str) -> None:
        self.alts = _put(self.alts, a, self.alts[a] + delta)
        self._emit({"type": "altitude", "seat": a, "to": ALTITUDES[self.alts[a]], "why": why})
        if delta < 0:
            self._draw(a, 1, "dive")

    def _afterburner_step(self, a: int) -> None:
        """Aircraft ``a``'s turn begins: the afterburner lit last turn goes out, then one may
        be lit (R21)."""
        self.bonus = self.speed_left = 0
        self.from_speed = False
        self._emit({"type": "turn", "seat": a, "round": self.round})
        if self.burner_on[a]:
            self.burner_on = _put(self.burner_on, a, False)
            self._emit({"type": "burner", "seat": a, "on": False})
        if self.burners[a] > 0:
            self.phase, self.to_act = BURNER, self.owner(a)
        else:
            self._start_discard(PRE)

    def _legal_discard(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.flyer
        out = [cat.by_text["draw"], *self._discard_moves(self.hands[a])]
        if self.step == PRE and self._bat_turn_open(a) and self.has(a, "Bat-Turn"):
            out.append(cat.by_text["neutral"])
        return out

    def _do_burner(self, move: Move) -> None:
        a = self.flyer
        if move.verb == "burner":
            self.burners = _put(self.burners, a, self.burners[a] - 1)
            self.burner_on = _put(self.burner_on, a, True)
            self._emit({"type": "burner", "seat": a, "on": True})
        self._start_discard(PRE)

    def _start_discard(self, step: TurnStep) -> None:
        self.step = step
        self.timely_n = 0
        self.phase, self.to_act = DISCARD, self.owner(self.flyer)

    def _do_discard(self, move: Move) -> None:
        a = self.flyer
        if move.verb == "neutral":
            self._bat_turn(a)
            self._emit({"type": "neutral", "seat": a, "why": "Bat-Turn"})
            return
        if move.verb == "discard":
            self._discard(a, self.data.card(move.name).index, f"{self.step}-turn discard")
            self.timely_n += 1
            return
        if self.step == TIMELY:
            self._draw(a, self.timely_n, "Timely")
            self.step = PRE
            self._play_step()
            return
        thrust = self.thrust(a, self.step == POST)
        if thrust < 0:
            self._emit({"type": "stall", "seat": a})
            if self.hands[a]:
                self._pay(a, 1, AfterPay.STALL)
                return
            self.alts = _put(self.alts, a, MEDIUM)
            self._emit({"type": "altitude", "seat": a, "to": "Medium", "why": "stall"})
            self._draw(a, 1, "stall")
            self._enforce()
        elif self.has(a, "Edge of Envelope"):
            self._draw(a, self.perf(a), f"{self.step}-turn draw")
            excess = len(self.hands[a]) - self.perf(a)
            if excess > 0:
                self._pay(a, excess, AfterPay.ENVELOPE)
                return
        else:
            room = max(0, self.perf(a) - len(self.hands[a]))
            if self.has(a, "Test Pilot"):
                room = thrust
            self._draw(a, min(thrust, room), f"{self.step}-turn draw")
        self._after_draw()

    def _after_draw(self) -> None:
        if self.step == PRE:
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
            self._pay(a, 1, AfterPay.CLIMB)
        elif move.verb == "dive":
            self._change_altitude(a, -1, "dive")
            self._offer_follow(a, -1, THEN_SPEED)
        else:
            self._speed_step()

    def _continue(self, then: AfterFollow) -> None:
        if self.phase == OVER:
            return
        if then is THEN_SPEED:
            self._speed_step()
        elif self.from_speed:
            self._speed_or_play()
        else:
            self._play_step()

    def _skill_cards(self, a: int) -> None:
        """After the opening draw: extra draws, then named cards searched out of the deck (then
        the discards), the deck reshuffled after a search (R31)."""
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
                if card == NO_CARD:
                    self._emit({"type": "skill-card", "seat": a, "skill": skill, "card": None})
                    continue
                self.hands = _put(self.hands, a, tuple(sorted((*self.hands[a], card))))
                self._emit({"type": "skill-card", "seat": a, "skill": skill, "card": title})


@cache
def _reach(cat: Catalogue, gun: bool, missiles: Hand) -> int:
    """``flight.reach`` by whether the aircraft has a gun and its missiles left (cached: the
    rules ask after every maneuver and the answers are few)."""
    best = GUN if gun else flight.NO_REACH
    for index, count in enumerate(missiles):
        if count > 0:
            best = max(best, cat.data.missiles[index].band)
    return best


def reacts(card: CardType, title: str, restricted: bool, own: bool, enemy_turn: bool) -> bool:
    """Whether ``card`` may react to an action titled ``title``: React To names the title; Ace
    Pilot (ANY) guards only the aircraft acting or acted on (``own``, always in the duel); Split-S
    (ANY_ENEMY_TURN) only off the reactor's turn; a missile's or site's hand (``restricted``) has
    no pilot, so cards not usable there never react (R19, R2, R38, R50)."""
    if restricted and not card.usable_in_missile_hand:
        return False
    react = card.react_to
    if title in react:
        return True
    if "ANY" in react:
        return own
    return "ANY_ENEMY_TURN" in react and enemy_turn


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
                    if flight.range_change_ok(card.range, me, foe):
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
        if flight.in_bands(mine + me) and flight.in_bands(theirs + foe):
            out.append(cat.get("speed", "range", a=me, b=foe, t=t))
    return tuple(out)


def _lent_plays(slug: str, moves: list[Any]) -> list[Any]:
    """The moves that play the card named ``slug`` (a pool card is played, never paid: R60)."""
    return [m for m in moves if m.name == slug and m.verb in PLAY_VERBS]
