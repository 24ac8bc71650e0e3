"""Down In Flames: Locked-On, one aircraft a side, as a pure state machine (no I/O).

Rulings R1..Rn are in docs/games/down_in_flames.md. The phases are named steps, each with its own
legal-move generator (``_legal_<phase>``) and apply (``_do_<phase>``), dispatched by
``phases.by_phase``; the steps and helpers both machines share are in ``shared.AircraftRules``:

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

from aerodeck.core.api import JSON, OVER, Action
from aerodeck.core.rng import roll, shuffle
from aerodeck.core.tuples import replace_at
from aerodeck.core.tuples import without as _without
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.actions import Catalogue, Move
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, Aircraft, CardType, DataSet
from aerodeck.games.down_in_flames.flight import AH, GUN, HIGH, LOW
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    FOLLOW,
    INITIATIVE,
    LAUNCH,
    NO_CARD,
    PAY,
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
    EXPERTISE,
    NO_MODS,
    RATINGS,
    can_step,
    gun_cost,
    offered,
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


class DifState(AircraftRules):
    """The whole dogfight. Slots hold only ints, strings, bools and tuples (cheap ``clone``)."""

    __slots__ = (
        "first",
        "pos",
        "site_checked",
        "turns_done",
    )

    game: DownInFlames
    data: DataSet

    def __init__(
        self, game: DownInFlames, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        pool = self._start(2)
        self.to_act = 0
        self.pos = 0
        self.first = 0
        self.flyer = 0
        self.turns_done = 0
        self.skills = ((), ())
        self.site_checked = False
        if setup:
            read_setup(self, setup, pool)
        else:
            self.rng_seed = shuffle(self.rng_seed, pool)
            self.deck = tuple(pool)

    # --- shortcuts ------------------------------------------------------------------------

    def owner(self, a: int) -> int:
        """One aircraft a side: aircraft ``a`` is seat ``a``'s."""
        return a

    def _picker(self) -> int:
        seat = self.to_act
        assert seat is not None
        return seat

    def _bat_turn(self, a: int) -> None:
        self.pos = 0

    def has_expertise(self) -> bool:
        """Whether either seat flies with Aircraft Expertise (once skills are revealed)."""
        return self.skills_shown and (self.has(0, EXPERTISE) or self.has(1, EXPERTISE))

    def rel(self, seat: int) -> int:
        """Seat's position on the enemy: +2 Tailing ... -2 Tailed."""
        return self.pos if seat == 0 else -self.pos

    def _set_rel(self, seat: int, rel: int) -> None:
        self.pos = rel if seat == 0 else -rel

    def mutual(self) -> int:
        return flight.mutual_range(self.bands[0], self.bands[1], self.alts[0], self.alts[1])

    def gun_cost(self, seat: int, card: CardType) -> int:
        """R9, less In My Sights! (nothing) or an unused Gun Fighter (two fewer)."""
        assert card.gun_discard is not None
        cost = flight.gun_discard(card.gun_discard, self.plane(seat).gun)
        return gun_cost(cost, self.has(seat, "In My Sights!"), self.fresh(seat, "Gun Fighter"))

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
        self.flyer = first
        self._begin_turn()

    # --- the contract -----------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        moves = _LEGAL[self.phase](self)  # each generator builds a fresh list
        if self.lent != NO_CARD:
            return _lent_plays(self.data.cards[self.lent].slug, moves)
        if self.pools[self.to_act]:
            moves += self._expertise_moves(self.to_act)
        return moves

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
            if seat != self.flyer:
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

    # --- set-up steps -------------------------------------------------------------------------

    # --- custom missile loads (R44) ------------------------------------------------------------

    def _load_ready(self, a: int) -> None:
        self._picked(a)  # the chosen load is told in _picked, with the aircraft

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
        if self._choose_skill((seat,), move):
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

    def _vp(self, seat: int) -> int:
        return self.flown_vp(seat) + self.skill_vp(seat)

    def flown_vp(self, seat: int) -> int:
        """VP with the load flown, less the modifier when the enemy carries no missiles (R13)."""
        plane = self.data.aircraft[self.planes[seat]]
        value = self.load_vp(seat) if self.load(seat) else plane.vp_clean
        return value - (plane.vp_mod if not self.load(1 - seat) else 0)

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
        self.site_checked = False
        self._afterburner_step(self.flyer)

    def _bat_turn_open(self, a: int) -> bool:
        return self.rel(a) < 0

    def _follow_cost(self, follower: int, delta: int) -> int:
        return (1 if self.rel(follower) == 1 else 0) + (1 if delta > 0 else 0)

    def _offer_follow(self, mover: int, delta: int, then: AfterFollow) -> None:
        """The enemy holding Advantage or Tailing on the mover may follow (R15)."""
        follower = 1 - self.flyer
        new = self.alts[follower] + delta
        cost = self._follow_cost(follower, delta)
        if self.rel(follower) > 0 and LOW <= new <= HIGH and len(self.hands[follower]) >= cost:
            self.follow_delta, self.follow_then = delta, then
            self.phase, self.to_act = FOLLOW, follower
            return
        self._enforce()
        self._continue(then)

    def _do_follow(self, move: Move) -> None:
        follower = 1 - self.flyer
        if move.verb == "stay":
            self._emit({"type": "stay", "seat": follower})
            self._enforce()
            self._continue(self.follow_then)
            return
        cost = self._follow_cost(follower, self.follow_delta)
        if cost:
            self._pay(follower, cost, AfterPay.FOLLOW)
        else:
            self._finish_follow()

    def _finish_follow(self) -> None:
        follower = 1 - self.flyer
        self._change_altitude(follower, self.follow_delta, "follow")
        self._enforce()
        self._continue(self.follow_then)

    def _speed_step(self) -> None:
        """The faster aircraft gets one 1-point maneuver per point of speed difference (R1)."""
        seat = self.flyer
        self.speed_left = max(0, self.plane(seat).speed - self.plane(1 - seat).speed)
        self._speed_or_play()

    def _speed_or_play(self) -> None:
        self.from_speed = False
        if self.speed_left > 0:
            self.phase, self.to_act = SPEED, self.flyer
        else:
            self._play_step()

    def _can_hold(self, seat: int, rel: int) -> bool:
        """Advantage or Tailing is held only within the reach of the weapons carried (R8)."""
        return rel <= 0 or self.mutual() <= self.reach(seat)

    def _legal_speed(self) -> list[Move]:
        cat = self.game.catalogue
        seat = self.flyer
        rel = self.rel(seat)
        pos = rel < 2 and self._can_hold(seat, rel + 1)
        bands = self.bands
        return [cat.by_text["end"], *_speed_moves(cat, -1, pos, bands[seat], bands[1 - seat], True)]

    def _speed_maneuver(self, kind: str, steps: int, foe: int, t: int) -> None:
        link = (self.flyer, NO_CARD, "Maneuvering", "speed")
        self._open(kind, link=link, card=NO_CARD, a=steps, b=foe)

    def _play_step(self) -> None:
        self.from_speed = False
        self.phase, self.to_act = PLAY, self.flyer
        if not self.site_checked:
            self.site_checked = True
            self._site_check()

    # --- ground sites (R37-R40) -------------------------------------------------------------

    def _site_check(self) -> None:
        """At the start of an enemy aircraft's Play Cards step, a site whose envelope holds it
        (its altitude and its own range band) draws; a Tone (SAM) or Guns (AAA) attacks once."""
        site = self.game.site
        owner = self.game.site_seat
        target = self.flyer
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
        seat = self.flyer
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
        seat = self.flyer
        verb = move.verb
        if verb == "end":
            self._start_discard(POST)
            return
        if verb == "neutral":
            self.pos = 0
            self._emit({"type": "neutral", "seat": seat})
            return
        if verb == "timely":
            self._spend(seat, "Timely")
            self._start_discard(TIMELY)
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
                self._pay(seat, cost, AfterPay.OPEN)
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
                    self._pay(seat, 1, AfterPay.TACTIC)  # a climb costs a card, Tactic or not
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
            self._pay(seat, pay, AfterPay.OPEN)
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

    def _paid(self, a: int, then: AfterPay) -> None:
        if then is AfterPay.TACTIC:
            self._effect(a)
        else:
            self._react_step()

    # --- the action/reaction cycle ------------------------------------------------------------

    def _react_step(self) -> None:
        self.phase, self.to_act = REACT, 1 - self.chain[-1][0]

    def _source(self, seat: int) -> tuple[Hand, str]:
        """Where a seat's reactions come from: the missile hand for the attacker in flight."""
        if self.kind == "missile" and seat == self.flyer:
            return self.missile_hand, "missile"
        if self.kind == "site" and seat != self.flyer:
            return self.site_hand, "site"
        return self.hands[seat], "hand"

    def can_react(self, seat: int, card: CardType, top: Link) -> bool:
        """React To names the title, or Ace Pilot (anything), or Split-S on the enemy's turn."""
        return reacts(card, top[2], self._restricted(seat), True, seat != self.flyer)

    def _restricted(self, seat: int) -> bool:
        """Whether the seat reacts from a missile's or a site's hand (no pilot: R38)."""
        if self.kind == "missile":
            return seat == self.flyer
        return self.kind == "site" and seat != self.flyer

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
        agile = jink = False
        if source == "hand" and self.skills_shown and self.skills[seat]:
            # Agile, Jink: once per game any card reacts as an Ace Pilot (R34).
            agile = self.fresh(seat, "Agile")
            jink = self.kind == "gun" and seat != self.chain[0][0] and self.fresh(seat, "Jink")
        reactions = _reactions(cat, top[2], self._restricted(seat), seat != self.flyer)
        wild = self._reactions_from(hand, reactions, agile, jink, out)
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
        link = self._reaction_link(seat, move)
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
        active = self.flyer
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
        self._continue(THEN_AFTER)

    def _effect(self, seat: int) -> None:
        """What a standing action does."""
        kind = self.kind
        enemy = 1 - seat
        if kind == "site":
            assert self.game.site is not None
            target = self.flyer
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
            self._offer_follow(self.flyer, self.cyc_a, THEN_AFTER)
            return
        if kind in ("pos", "pos_to_neutral", "disadv_to_adv"):
            self._emit(
                {"type": "position", "seat": seat, "position": flight.position_name(self.rel(seat))}
            )
        self._enforce()
        self._continue(THEN_AFTER)

    def _enforce(self) -> None:
        """R8: a holder beyond the reach of its weapons drops back to Neutral at once."""
        if self.pos == 0:
            return
        holder = 0 if self.pos > 0 else 1
        if self.mutual() > self.reach(holder):
            self.pos = 0
            self._emit({"type": "position-lost", "seat": holder})

    # --- missiles ----------------------------------------------------------------------------

    def _launch_target(self) -> tuple[int, int, JSON]:
        seat = self.flyer
        return 1 - seat, self.rel(seat), {}

    def _missile_window(self) -> None:
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
        self.flyer = 1 - self.flyer
        self._begin_turn()

    def _finish(self, winners: list[int], why: str) -> None:
        self._end(winners)
        self.end_reason = why
        self._emit({"type": "game-end", "winners": winners, "why": why})

    # --- information ------------------------------------------------------------------------

    def view(self, player: int | None) -> JSON:
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
            "turn": self.flyer if self.phase not in (PICK, ALT_PICK, INITIATIVE) else None,
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
            if self.kind == "missile" and self.chain and player == self.flyer:
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
        hidden_missile = self.kind == "missile" and bool(self.chain) and self.flyer == other
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
        self._deal_cycle_hands(new, pool, hidden_missile, hidden_site)
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
        self._check_cards()
        assert all(not p or len(p) <= self.plane(s).performance for s, p in enumerate(self.pools))
        assert -2 <= self.pos <= 2
        assert all(GUN <= b <= AH for b in self.bands)
        assert all(c >= 0 for c in self.cms) and all(b >= 0 for b in self.burners)
        assert all(n >= 0 for counts_ in self.missiles for n in counts_)
        # While the follower decides (and pays), the position waits for the follow (R15).
        following = self.phase == FOLLOW or (self.phase == PAY and self.pay_then is AfterPay.FOLLOW)
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
def _tone_moves(
    cat: Catalogue, rel: int, mutual: int, missiles: Hand
) -> tuple[tuple[Move, ...], ...]:
    """By card index: the Tones it may play at this position and range with these missiles
    left (cached per situation: the play step asks on every decision)."""
    data = cat.data
    fit = [m for m in data.missiles if flight.can_fire(m, rel, mutual, missiles[m.index])]
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
    ranges = _range_moves(cat, -1, mine, theirs, True)
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
        for k in flight.position_steps(card.positioning, rel):
            if rel + k <= 0 or hold:
                moves.append(cat.get("pos", name, a=k))
        table.append((tuple(act), (*moves, *ranges[card.index])))
    return tuple(table)


@cache
def _reactions(
    cat: Catalogue, title: str, restricted: bool, enemy_turn: bool
) -> tuple[Move | None, ...]:
    """By card index, its reaction to an action titled ``title`` (None if it may not react):
    ``restricted`` for a missile's or site's hand, ``enemy_turn`` off the reactor's turn."""
    return tuple(
        cat.react[c.index] if reacts(c, title, restricted, True, enemy_turn) else None
        for c in cat.data.cards
    )


_LEGAL: dict[str, Callable[[DifState], list[Any]]] = by_phase(DifState, "_legal_")
DifState._DO = by_phase(DifState, "_do_")
