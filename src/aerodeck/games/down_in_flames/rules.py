"""Down In Flames: Locked-On as one pure state machine (no I/O): the duel is the game with one
aircraft a side; team games and free-for-all fly several (digest §7.1-§7.3, §18.3-§18.7).
Rulings R1..Rn are in docs/games/down_in_flames.md.

Aircraft are numbered 0..n-1; aircraft ``i`` belongs to player ``i // per_player``; a player's
side is its seat modulo 2 (teams) or its seat (free-for-all). Each aircraft's in-flight state
is one ``Flight`` record (``flights[a]``: altitude, range band, position, missiles, ...).
Positions are held, not mutual: ``flights[a].position == (t, 1|2)`` means aircraft ``a`` is at
Advantage (1) or Tailing (2) on ``t``; seen from ``t`` that is Disadvantaged or Tailed. With
several aircraft every card play, Speed Maneuver and attack names its target aircraft (``@t`` in
the notation); in the duel, with one enemy, it does not, and the duel keeps its own events
(``duel``), so that its records and encoding stay as they were; every game has the same view
(``view.py``). The phases are named steps, each with its legal-move generator
(``_legal_<phase>``) and apply (``_do_<phase>``), both held by the one phase table ``MACHINE``
at the end of this module, which ``legal_actions`` and ``_apply`` read:

    pick, skill, alt-pick, angle, initiative, order    set-up and who flies next
    burner -> discard(pre) -> altitude -> speed -> play -> discard(post)      each turn
    react        an action/reaction cycle (also the missile's and a site's fight)
    launch       after a Tone stands: launch or hold
    follow       the aircraft holding the mover may follow an altitude change
    pay          choosing the cards a cost discards (climb, guns, stall, following)
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, OVER, Action
from aerodeck.core.rng import roll, shuffle
from aerodeck.core.tuples import replace_at as _put
from aerodeck.core.tuples import without as _without
from aerodeck.games.down_in_flames import ending, flight
from aerodeck.games.down_in_flames.actions import (
    Act,
    Altitude,
    Angle,
    Attack,
    CardMove,
    Discard,
    Expertise,
    Fly,
    Move,
    Pairs,
    Position,
    Range,
    Rate,
    Skill,
    Speed,
    Tone,
    Wild,
    Word,
)
from aerodeck.games.down_in_flames.data import (
    ALTITUDES,
    RANGES,
    RATINGS,
    CardType,
    Missile,
    Site,
)
from aerodeck.games.down_in_flames.ending import english_list
from aerodeck.games.down_in_flames.flight import HIGH, LOW, MEDIUM
from aerodeck.games.down_in_flames.legal import LegalMoves
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    ALTITUDE,
    ANGLE,
    BURNER,
    DISCARD,
    FOLLOW,
    LAUNCH,
    NO_CARD,
    NONE,
    ORDER,
    PAY,
    PICK,
    PLAY,
    POST,
    PRE,
    REACT,
    SKILL,
    SPEED,
    THEN_AFTER,
    THEN_SPEED,
    TIMELY,
    AfterFollow,
    AfterPay,
    Cycle,
    Link,
    Payment,
    TurnStep,
    machine,
)
from aerodeck.games.down_in_flames.phases import INITIATIVE as INITIATIVE_PHASE
from aerodeck.games.down_in_flames.reasons import why_illegal
from aerodeck.games.down_in_flames.scenario import read_setup
from aerodeck.games.down_in_flames.skills import (
    ADDED_CARDS,
    ANGLES,
    EXPERTISE,
    EXTRA_DRAW,
    INITIATIVE,
    RATING_STEPS,
    launch_extra,
    search,
)
from aerodeck.games.down_in_flames.state import SITE
from aerodeck.games.down_in_flames.view import Views

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames


class DifState(LegalMoves, Views):
    """The whole dogfight: set-up, each turn's steps, the cycles, the end; each phase's move is
    applied by ``_do_<phase>`` (as ``MACHINE`` says)."""

    __slots__ = ()

    def __init__(
        self, game: DownInFlames, seed: int | None, setup: Mapping[str, Any] | None
    ) -> None:
        super().__init__(game, seed, setup)
        # The aircraft count and each aircraft's side, in slots for the rules' many reads.
        n = self.n_aircraft = game.n_aircraft
        self.duel = not game.melee
        self.owners = game.owner_of
        self.sides = tuple(game.side_of[game.owner_of[a]] for a in range(n))
        pool = self._start(n)
        self.choosing = self.skill_unit = 0
        self.kills = (0,) * game.n_sides
        self.flyer = -1
        self.side_turn = 0
        self.last_side = -1
        self.target = -1
        self.reactor = -1
        self.team_queue = ()
        self.team_used = False
        self.follow_queue = ()
        self.to_act = self.owners[0]
        self.site_checked = 0  # sites that have checked the flying aircraft this turn
        # Aircraft turns flown: an Expertise pool gives one card per turn of its aircraft (R60).
        self.turns_flown = 0
        self.angle_queue = ()
        self.nfod_vp = (0,) * game.players
        if setup:
            read_setup(self, setup, pool)
            return
        self.rng_seed = shuffle(self.rng_seed, pool)
        self.deck = tuple(pool)
        if game.fixed_planes:
            # A campaign mission: the aircraft are the mission's (R54).
            for a, plane in enumerate(game.fixed_planes):
                self._choose(a, plane=plane)
            self._picked(self.n_aircraft - 1)

    def _do_pick(self, move: Move) -> None:
        a = self.choosing
        if self.loading:
            self._do_load(move)
            return
        assert isinstance(move, Fly)
        plane = self.data.plane(move.aircraft)
        self._choose(a, plane=plane.index)
        self._emit({"type": "pick", "seat": a}, {self.owners[a]: {"aircraft": plane.name}})
        if self.game.options["missile_loads"]:
            self.loading = True
            return
        self._picked(a)

    def _do_load(self, move: Move) -> None:
        """A custom load (R44, R57): a pair of missiles more, a clean aircraft, or 'ready'."""
        a = self.choosing
        custom = self.flights[a].sheet.load or ()
        match move:
            case Pairs(missile, count):
                added = (self.data.missile(missile).index, count)
                self._choose(a, load=tuple(sorted((*custom, added))))
            case Word(verb="clean"):
                self._choose(a, load=())
            case _:
                self.loading = False
                self._load_ready(a)

    def _choose_skill(self, unit: tuple[int, ...], move: Move) -> bool:
        """A secret skill choice for the aircraft choosing together: 'rate' takes a rating step,
        'skill' a skill (whose rating steps follow); False for anything else ('ready')."""
        if isinstance(move, Rate):
            r = RATINGS.index(move.rating)
            for a in unit:
                mods = self.flights[a].sheet.rating_mods
                self._choose(a, rating_mods=_put(mods, r, mods[r] + self.rating_sign))
            self.rating_steps_left -= 1
            if self.rating_steps_left and not self._legal_skill():
                self.rating_steps_left = 0
            return True
        if isinstance(move, Skill):
            i = self.game.skill_slugs.index(move.skill)
            for a in unit:
                self._choose(a, skills=tuple(sorted((*self.flights[a].sheet.skills, i))))
            steps = RATING_STEPS.get(self.data.skills[i].name)
            if steps:
                self.rating_steps_left, self.rating_sign = steps
                if not self._legal_skill():
                    self.rating_steps_left = 0
            return True
        return False

    def _pay(self, a: int, n: int, then: AfterPay) -> None:
        """Aircraft ``a``'s player chooses the ``n`` cards to discard, one decision each."""
        self.payment = Payment(a, n, then)
        self.phase, self.to_act = PAY, self.owners[a]

    def _do_pay(self, move: Move) -> None:
        payment = self.payment
        assert payment is not None and isinstance(move, Discard)
        a, then = payment.payer, payment.then
        self._discard(a, self.data.card_by_slug[move.card].index, then)
        if payment.left > 1:
            self.payment = payment._replace(left=payment.left - 1)
            return
        self.payment = None
        if then in (AfterPay.STALL, AfterPay.ENVELOPE):
            self._after_draw()
        elif then is AfterPay.CLIMB:
            self._change_altitude(a, 1, "climb")
            self._offer_follow(a, 1, THEN_SPEED)
        elif then is AfterPay.FOLLOW:
            self._finish_follow()
        elif then is AfterPay.TACTIC:
            self._effect()
        else:
            self._defender_window()  # an action card's cost paid: its reaction window

    def _reaction_link(self, a: int, move: Move) -> Link:
        """Aircraft ``a`` reacts: a countermeasure, Lucky (a countermeasure as Ace Pilot), an
        Agile or Jink card, or a card from the hand it reacts from; taken from there."""
        if isinstance(move, Word):  # a countermeasure, or Lucky's as an Ace Pilot
            self._refit(a, "countermeasures", self.flights[a].countermeasures - 1)
            if move.verb == "cm":
                return (a, NO_CARD, "Countermeasures", "cm")
            self._spend(a, "Lucky")
            return (a, NO_CARD, "Ace Pilot", "lucky")
        assert isinstance(move, CardMove)
        card = self.data.card_by_slug[move.card]
        if isinstance(move, Wild):
            self._spend(a, "Agile" if move.verb == "agile" else "Jink")
            self._from_hand(a, card.index)
            return (a, card.index, "Ace Pilot", "hand")
        hand, source = self._source(a)
        if source == "missile":
            self.missile_hand = _without(hand, card.index)
        elif source == "site":
            self.site_hand = _without(hand, card.index)
        else:
            self._from_hand(a, card.index)
        return (a, card.index, card.title, source)

    def _fire(self, a: int, t: int, rel: int, fired: int) -> Missile:
        """``a`` launches ``fired`` missiles of the Tone's type at ``t`` from position ``rel``:
        the counters spent and the missile's hand drawn, its size by the missile, position,
        Tone card, bonus, altitudes and target (R3, R16); the 2nd missile adds a card (Cocky one
        more), Better Envelope one; the target's Alert leaves it empty (R33, R35)."""
        missile = self.data.missiles[self.cycle.missile]
        counts = self.flights[a].missiles
        self._refit(a, "missiles", _put(counts, missile.index, counts[missile.index] - fired))
        target = self.flights[t]
        extra = launch_extra(fired, self.has(a, "Cocky"), self.has(a, "Better Envelope"))
        size = flight.missile_hand_size(
            self.data,
            missile=missile,
            rel=rel,
            card_mod=self.data.cards[self.cycle.card].missile_hand_mod + extra,
            bonus=self.missile_bonus,
            alt_attacker=self.flights[a].altitude,
            alt_target=target.altitude,
            target=target.plane,
            target_burner=target.burner_lit,
        )
        self.missile_bonus = 0
        if size and self.fresh(t, "Alert"):
            self._spend(t, "Alert")
            size = 0
        self.missile_hand = tuple(sorted(self._take(size)))
        return missile

    def legal_actions(self) -> list[Action]:
        if self.to_act is None:
            return []
        legal = MACHINE[self.phase].legal
        moves: list[Action] = legal(self)  # each generator builds a fresh list
        if self.expertise_card == NO_CARD and not self.pools_dealt:
            return moves  # no Aircraft Expertise card taken, no pool dealt (R60)
        return self._with_expertise(legal, moves)

    def _apply(self, action: Action) -> None:
        assert isinstance(action, Move)
        if isinstance(action, Expertise):
            self._take_from_pool(action)
            return
        MACHINE[self.phase].apply(self, action)
        if self.expertise_card != NO_CARD:  # the pool card taken is played now (R60)
            self.expertise_card, self.expertise_owner = NO_CARD, -1

    def _do_speed(self, move: Move) -> None:
        """A Speed Maneuver of one step (R1, R49), or 'end' to the Play Cards step."""
        if not isinstance(move, Speed):  # 'end'
            self.speed_left = 0
            if not self._muted:
                self._emit({"type": "end", "seat": self.flyer, "step": "speed"})
            self._play_step()
            return
        self.speed_left -= 1
        self.from_speed = True
        steps, foe = (1, 0) if move.kind == "pos" else (move.me, move.foe)
        link = (self.flyer, NO_CARD, "Maneuvering", "speed")
        self._open(move.kind, link, NO_CARD, steps, foe, self._aimed(move.t))

    def _do_launch(self, move: Move) -> None:
        """The Tone stands: hold, or launch one missile (two with the optional rule, R33/§18.2)
        at the Tone's target, whose Quick Hands draws as many cards; the missile's hand then
        fights as a cycle (R16)."""
        a = self.flyer
        assert isinstance(move, Word)
        if move.verb == "hold":
            self._emit({"type": "hold", "seat": a})
            self._play_step()
            return
        t = self.target
        fired = 2 if move.verb == "launch2" else 1
        missile = self._fire(a, t, self.rel(a, t), fired)
        self._emit(
            {
                "type": "launch",
                "seat": a,
                "missile": missile.name,
                "cards": len(self.missile_hand),
                **({} if self.duel else {"target": t}),
                "fired": fired,
            },
            {self.owners[a]: {"missile_hand": [self._title(c) for c in self.missile_hand]}},
        )
        if self.has(t, "Quick Hands"):
            self._draw(t, fired, "Quick Hands")  # the missile's target only (R56)
        self._enforce()
        self.cycle = self.cycle._replace(kind="missile")
        self.chain = ((a, NO_CARD, "Missile", "missile"),)
        self.team_used = False  # a launched missile is a new action (R50)
        self._defender_window()

    def _change_altitude(self, a: int, delta: int, why: str) -> None:
        altitude = self.flights[a].altitude + delta
        self._refit(a, "altitude", altitude)
        if not self._muted:
            self._emit({"type": "altitude", "seat": a, "to": ALTITUDES[altitude], "why": why})
        if delta < 0:
            self._draw(a, 1, "dive")

    def _do_burner(self, move: Move) -> None:
        a = self.flyer
        assert isinstance(move, Word)
        if move.verb == "burner":
            self._refit(a, "afterburners", self.flights[a].afterburners - 1)
            self._refit(a, "burner_lit", True)
            self._emit({"type": "burner", "seat": a, "on": True})
        elif not self._muted:
            self._emit({"type": "no-burner", "seat": a})
        self._start_discard(PRE)

    def _start_discard(self, step: TurnStep) -> None:
        self.turn_step = step
        self.timely_discards = 0
        self.phase, self.to_act = DISCARD, self.owners[self.flyer]

    def _do_discard(self, move: Move) -> None:
        a = self.flyer
        if isinstance(move, Discard):
            self._discard(
                a, self.data.card_by_slug[move.card].index, self.turn_step + "-turn discard"
            )
            self.timely_discards += 1
            return
        assert isinstance(move, Word)
        if move.verb == "neutral":
            self._bat_turn(a)
            self._emit({"type": "neutral", "seat": a, "why": "Bat-Turn"})
            self.timely_discards += 1
            return
        if self.turn_step == TIMELY:
            self._draw(a, self.timely_discards, "Timely")
            self.turn_step = PRE
            self._play_step()
            return
        # The plane as flown read once for thrust and performance (their rules: ``flight``).
        me, step = self.flights[a], self.turn_step
        plane, alt = me.plane, me.altitude
        thrust = flight.thrust(self.data, plane, step == POST, me.burner_lit, alt)
        skilled = me.sheet.skills and self.skills_shown  # what ``has`` asks first
        if thrust < 0:
            self._emit({"type": "stall", "seat": a})
            if self.hands[a]:
                self._pay(a, 1, AfterPay.STALL)
                return
            self._refit(a, "altitude", MEDIUM)
            self._emit({"type": "altitude", "seat": a, "to": "Medium", "why": "stall"})
            self._draw(a, 1, "stall")
            self._enforce()
        elif skilled and self.has(a, "Edge of Envelope"):
            self._draw(a, self.perf(a), step + "-turn draw")
            excess = len(self.hands[a]) - self.perf(a)
            if excess > 0:
                self._pay(a, excess, AfterPay.ENVELOPE)
                return
        else:
            # min(thrust, max(0, room)), without min and max (flight.mutual_range says why)
            room = flight.performance(self.data, plane, alt) - len(self.hands[a])
            if skilled and self.has(a, "Test Pilot"):
                room = thrust
            room = room if room > 0 else 0
            self._draw(a, thrust if thrust < room else room, step + "-turn draw")
        self._after_draw()

    def _after_draw(self) -> None:
        if self.turn_step == PRE:
            self.phase, self.to_act = ALTITUDE, self.owners[self.flyer]
        else:
            self._end_turn()

    def _do_altitude(self, move: Move) -> None:
        a = self.flyer
        assert isinstance(move, Word)
        if move.verb == "climb":
            self._emit({"type": "pay", "seat": a, "count": 1, "why": "climb"})
            self._pay(a, 1, AfterPay.CLIMB)
        elif move.verb == "dive":
            self._change_altitude(a, -1, "dive")
            self._offer_follow(a, -1, THEN_SPEED)
        else:
            if not self._muted:
                at = ALTITUDES[self.flights[a].altitude]
                self._emit({"type": "level", "seat": a, "at": at})
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

    def _bat_turn(self, a: int) -> None:
        for x, f in enumerate(self.flights):
            if f.position[0] == a:
                self._refit(x, "position", NONE)

    def _set_rel(self, a: int, t: int, new: int) -> None:
        if self.flights[t].position[0] == a:
            self._refit(t, "position", NONE)
        if self.flights[a].position[0] == t:
            self._refit(a, "position", NONE)
        if new > 0:
            self._refit(a, "position", (t, new))
        elif new < 0:
            self._refit(t, "position", (a, -new))
        if not self._muted:
            position = flight.position_name(new)
            self._emit(self._at({"type": "position", "seat": a, "position": position}, t))

    def _take_from_pool(self, move: Move) -> None:
        a = self._expertise_unit()
        assert isinstance(move, Expertise)
        card = self.data.card_by_slug[move.card].index
        self._refit(a, "pool", _without(self.flights[a].pool, card))
        self._refit(a, "pool_given_turn", self.turns_flown)
        self.hands = _put(self.hands, a, tuple(sorted((*self.hands[a], card))))
        self.expertise_card, self.expertise_owner = card, a
        self._emit({"type": "expertise", "seat": a, "card": self._title(card)})

    def why_illegal(self, action: Action) -> str:
        return why_illegal(self, action)

    def _load_ready(self, a: int) -> None:
        # The duel tells a custom load only.
        if not self.duel or self.flights[a].sheet.load is not None:
            chosen = [[self.data.missiles[m].name, 2 * p] for m, p in self.load(a)]
            self._emit({"type": "load-chosen", "seat": a}, {self.owners[a]: {"load": chosen}})
        self._picked(a)

    def _picked(self, a: int) -> None:
        if a + 1 < self.n_aircraft:
            self.choosing, self.to_act = a + 1, self.owners[a + 1]
            return
        self.planes_shown = True
        self._arm()
        if not self._muted:
            self._emit(self._aircraft_event())
        if self.game.skill_units:
            self.skill_unit, self.phase = 0, SKILL
            self.to_act = self.owners[self.game.skill_units[0][0]]
            return
        self._reveal_skills()

    def _aircraft_event(self) -> JSON:
        """The aircraft revealed together with their VP, with custom loads."""
        event: JSON = {
            "type": "aircraft",
            "aircraft": [self.plane(i).name for i in range(self.n_aircraft)],
            "vp": [self.flown_vp(i) for i in range(self.n_aircraft)],
        }
        if self.game.options["missile_loads"]:
            event["loads"] = [
                [[self.data.missiles[m].name, 2 * p] for m, p in self.load(i)]
                for i in range(self.n_aircraft)
            ]
        return event

    def _arm(self) -> None:
        """Missiles, countermeasures and afterburner counters of the chosen aircraft."""
        counts = self.game.data.constants.afterburner_counters
        for i in range(self.n_aircraft):
            load = [0] * len(self.data.missiles)
            for index, pairs in self.load(i):
                load[index] = 2 * pairs
            plane = self.plane(i)
            self._refit(i, "missiles", tuple(load))
            self._refit(i, "countermeasures", plane.countermeasures)
            self._refit(i, "afterburners", counts if plane.has_afterburner else 0)

    def _opening_hands(self) -> None:
        """Each aircraft draws its Performance as flown (before altitude is chosen: R6)."""
        for i in range(self.n_aircraft):
            self._draw(i, self.plane(i).performance, "opening hand")

    def _do_skill(self, move: Move) -> None:
        unit = self._unit()
        if self._choose_skill(unit, move):
            return
        names = [self.data.skills[i].name for i in self.flights[unit[0]].sheet.skills]
        told: JSON = {"skills": names} if self.duel else {"aircraft": list(unit), "skills": names}
        self._emit({"type": "skills-chosen", "seat": unit[0]}, {self.owners[unit[0]]: told})
        self.skill_unit += 1
        if self.skill_unit < len(self.game.skill_units):
            self.to_act = self.owners[self._unit()[0]]
            return
        self._reveal_skills()

    def _reveal_skills(self) -> None:
        """Skills revealed together, then the opening hands at the flown Performance and the
        skills' extra cards (R30, R31); NFOD scores its nation's bonus (R58)."""
        # The duel without the skills option never reveals any (its view then shows none).
        self._show_skills(not self.duel or bool(self.game.options["skills"]))
        skilled = any(f.sheet.skills for f in self.flights)
        if skilled or (self.duel and self.skills_shown):
            event: JSON = {
                "type": "skills",
                "skills": [
                    [self.data.skills[i].name for i in f.sheet.skills] for f in self.flights
                ],
                "changes": [self._changes(a) for a in range(self.n_aircraft)],
                "vp": [self.shown_vp(a) for a in range(self.n_aircraft)],
            }
            self._emit(event)
            vp = self.game.mission_vp
            for seat in range(self.game.players if vp else 0):
                if any(
                    self.has(a, "NFOD") for a in range(self.n_aircraft) if self.owners[a] == seat
                ):
                    self.nfod_vp = _put(self.nfod_vp, seat, abs(vp[0] - vp[1]))
                    self._emit({"type": "nfod", "player": seat, "vp": self.nfod_vp[seat]})
        self._opening_hands()
        held = (
            [i for i, f in enumerate(self.flights) if f.sheet.skills] if self.skills_shown else []
        )
        for i in held:
            self._skill_cards(i)
        for i in held:
            if self.has(i, EXPERTISE):
                pool = tuple(sorted(self._take(self.plane(i).performance)))
                self._refit(i, "pool", pool)
                self.pools_dealt = True
                self._emit(
                    {"type": "expertise-pool", "seat": i, "size": len(pool)},
                    {self.owners[i]: {"cards": [self._title(c) for c in pool]}},
                )
        self.phase, self.choosing, self.to_act = ALT_PICK, 0, self.owners[0]

    def _do_alt_pick(self, move: Move) -> None:
        a = self.choosing
        assert isinstance(move, Altitude)
        alt = [x.lower() for x in ALTITUDES].index(move.altitude)
        self._refit(a, "altitude", alt)
        self._emit({"type": "alt-pick", "seat": a}, {self.owners[a]: {"altitude": ALTITUDES[alt]}})
        if a + 1 < self.n_aircraft:
            self.choosing, self.to_act = a + 1, self.owners[a + 1]
            return
        self.altitudes_shown = True
        altitudes = [ALTITUDES[f.altitude] for f in self.flights]
        self._emit({"type": "altitudes", "altitudes": altitudes})
        self.angle_queue = tuple(
            i
            for i in range(self.n_aircraft)
            if any(self.has(i, k) for k in ANGLES) and self.enemies(i)
        )
        self._next_angle()

    def _next_angle(self) -> None:
        if self.angle_queue:
            self.phase, self.to_act = ANGLE, self.owners[self.angle_queue[0]]
            return
        self._initiative()

    def _do_angle(self, move: Move) -> None:
        """R58: the holder's band and one enemy's become the chosen band; then, within its
        weapons' reach and with a free slot, Advantage (90°) or Tailing (0°) on that enemy."""
        assert isinstance(move, Angle)
        a, t = self.angle_queue[0], move.t
        band = RANGES.index(move.band.upper())
        self._refit(a, "band", band)
        self._refit(t, "band", band)
        self._emit({"type": "range", "ranges": self._ranges(), "why": "angle"})
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

    def _do_initiative(self, move: Move) -> None:
        seat = self.to_act
        assert seat is not None and isinstance(move, Word)
        first = seat if move.verb == "first" else 1 - seat
        self._emit({"type": "initiative", "seat": seat, "first": first})
        self._next_side(first)

    def _side_initiative(self) -> None:
        """R47: the side of the aircraft with the highest printed EW flies first; ties by chance.
        Eagle Eyes and 0° Angle give it to their side unless every side holds one (R56)."""
        ew = [self.plane(i).ew or 0 for i in range(self.n_aircraft)]
        held = {
            k: {self.side(i) for i in range(self.n_aircraft) if self.has(i, k)} for k in INITIATIVE
        }
        keen = set().union(*held.values())
        pool = [i for i in range(self.n_aircraft) if not keen or self.side(i) in keen]
        if len(keen) == self.game.n_sides:
            pool = list(range(self.n_aircraft))
        top = max(ew[i] for i in pool)
        sides = sorted({self.side(i) for i in pool if ew[i] == top})
        value, self.rng_seed = roll(self.rng_seed, len(sides))
        first = sides[value - 1]
        why = "highest EW"
        if len(sides) > 1:
            why = f"equal EW: chance chose among sides {english_list([str(s) for s in sides])}"
        if keen and len(keen) < self.game.n_sides:
            skill = english_list([k for k, holders in held.items() if holders])
            why = skill if len(sides) == 1 else f"{skill}, then {why}"
        self._emit({"type": "initiative", "seat": None, "first_side": first, "why": why})
        self._next_side(first)

    def _next_side(self, side: int) -> None:
        """The side picks which of its aircraft flies next; sides alternate (§18.5)."""
        if self.duel:  # one aircraft a side: the next that has not flown this round
            for s in (side, 1 - side):
                if self.flights[s].round_flown != self.round:
                    self.side_turn = s
                    self._begin_turn(s)
                    return
            self._end_round()
            return
        sides = self.game.n_sides
        for k in range(sides):
            s = (side + k) % sides
            waiting = self._waiting(s)
            if waiting:
                self.side_turn = s
                if len(waiting) == 1:
                    self._begin_turn(waiting[0])
                else:
                    self.phase, self.to_act = ORDER, min(self.owners[a] for a in waiting)
                return
        self._end_round()

    def _do_order(self, move: Move) -> None:
        self._begin_turn(move.t)

    def _end_round(self) -> None:
        self.round += 1
        if self.round > self.game.rounds:
            self._time_up()
            return
        if not self.duel:
            self._emit({"type": "round", "round": self.round})
        self._next_side((self.last_side + 1) % self.game.n_sides)

    def _begin_turn(self, a: int) -> None:
        """Aircraft ``a``'s turn begins: the afterburner lit last turn goes out, then one may
        be lit (R21)."""
        self._turn_taken(a)
        self.missile_bonus = self.speed_left = 0
        self.from_speed = False
        if not self._muted:
            self._emit({"type": "turn", "seat": a, "round": self.round})
        if self.flights[a].burner_lit:
            self._refit(a, "burner_lit", False)
            self._emit({"type": "burner", "seat": a, "on": False})
        if self.flights[a].afterburners > 0:
            self.phase, self.to_act = BURNER, self.owners[a]
        else:
            self.turn_step, self.timely_discards = PRE, 0  # _start_discard(PRE)
            self.phase, self.to_act = DISCARD, self.owners[a]

    def _turn_taken(self, a: int) -> None:
        """Aircraft ``a`` flies this turn: no site has checked it yet."""
        self.flyer = a
        self.turns_flown += 1
        self.last_side = self.sides[a]
        self._refit(a, "round_flown", self.round)
        self.site_checked = 0

    def _offer_follow(self, mover: int, delta: int, then: AfterFollow) -> None:
        """The holders of the mover decide in turn, front to back; a holder that follows is
        followed in turn by its own holders (§7.3)."""
        self.follow_delta, self.follow_then = delta, then
        self.follow_queue = tuple(self.holders(mover))
        self._next_follow()

    def _next_follow(self) -> None:
        while self.follow_queue:
            f = self.follow_queue[0]
            new = self.flights[f].altitude + self.follow_delta
            if LOW <= new <= HIGH and len(self.hands[f]) >= self._follow_cost(f, self.follow_delta):
                self.phase, self.to_act = FOLLOW, self.owners[f]
                return
            self.follow_queue = self.follow_queue[1:]
        self._enforce()
        self._continue(self.follow_then)

    def _do_follow(self, move: Move) -> None:
        f = self.follow_queue[0]
        assert isinstance(move, Word)
        if move.verb == "stay":
            self._emit({"type": "stay", "seat": f})
            self.follow_queue = self.follow_queue[1:]
            self._next_follow()
            return
        cost = self._follow_cost(f, self.follow_delta)
        if cost:
            self._emit({"type": "pay", "seat": f, "count": cost, "why": "follow"})
            self._pay(f, cost, AfterPay.FOLLOW)
        else:
            self._finish_follow()

    def _finish_follow(self) -> None:
        f = self.follow_queue[0]
        self._change_altitude(f, self.follow_delta, "follow")
        self.follow_queue = (*self.holders(f), *self.follow_queue[1:])
        self._next_follow()

    def _speed_step(self) -> None:
        """R49: as many Speed Maneuvers as the largest Speed difference over the enemies one
        may act against; each is used against an enemy slower than oneself."""
        a = self.flyer
        flights = self.flights
        speed, left = flights[a].plane.speed, 0
        for t in self.targets(a):
            gain = speed - flights[t].plane.speed
            left = gain if gain > left else left
        self.speed_left = left
        self._speed_or_play()

    def _speed_or_play(self) -> None:
        self.from_speed = False
        # With one enemy a Speed Maneuver is always left (a band to move); with several, the
        # slower enemies may be out of reach once a maneuver has taken a position.
        if self.speed_left > 0 and (self.duel or self._legal_speed()[1:]):
            self.phase, self.to_act = SPEED, self.owners[self.flyer]
        else:
            self.speed_left = 0
            self._play_step()

    def _play_step(self) -> None:
        self.from_speed = False
        self.phase, self.to_act = PLAY, self.owners[self.flyer]
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
        flying = self.flights[a]
        if (ALTITUDES[flying.altitude], RANGES[flying.band]) not in site.envelope:
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
        self.cycle = self.cycle._replace(kind="site", card=NO_CARD)
        self.target, self.team_used = a, True
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
        self.phase, self.to_act = REACT, self.owners[a]
        return True

    def _do_play(self, move: Move) -> None:
        # isinstance, not ``match``: a class pattern costs 3-6 times as much on Python 3.11,
        # and this runs on every card played.
        a = self.flyer
        if isinstance(move, Word):
            if move.verb == "end":
                if not self._muted:
                    self._emit({"type": "end", "seat": a, "step": "play"})
                self._start_discard(POST)
            elif move.verb == "neutral":
                t = self.flights[a].position[0]
                self._refit(a, "position", NONE)
                self._emit(self._at({"type": "neutral", "seat": a}, t))
            else:
                self._spend(a, "Timely")
                self._start_discard(TIMELY)
            return
        assert isinstance(move, CardMove)
        card = self.data.card_by_slug[move.card]
        self._from_hand(a, card.index)
        t = self._aimed(move.t)
        if isinstance(move, Range):
            link = (a, card.index, "Maneuvering", "hand")
            self._open("range", link, card.index, move.me, move.foe, t)
        elif isinstance(move, Position):
            link = (a, card.index, "Maneuvering", "hand")
            self._open("pos", link, card.index, move.steps, 0, t)
        elif isinstance(move, Attack):
            cost = self._gun_cost(a, card)
            assert card.gun_discard is not None
            full = flight.gun_discard(card.gun_discard, self.plane(a).gun)
            spend = cost < full and not self.has(a, "In My Sights!")
            if spend and not self.duel:
                self._spend(a, "Gun Fighter")
            link = (a, card.index, "Guns", "hand")
            self._open("gun", link, card.index, 0, 0, t, pay=cost, spend=spend and self.duel)
        elif isinstance(move, Tone):
            self.cycle = self.cycle._replace(missile=self.data.missile(move.missile).index)
            if self.has(t, "Brave"):
                self._draw(t, 1, "Brave")  # the named target only (R56)
            link = (a, card.index, "Tone", "hand")
            self._open("tone", link, card.index, 0, 0, t, missile=move.missile)
        elif isinstance(move, Act):
            up = 1 if move.direction == "up" else -1 if move.direction == "down" else 0
            self._act(a, card, up, t)

    def _act(self, a: int, card: CardType, up: int, t: int) -> None:
        """A card's own action (Vertical Roll: ``up`` 1 or -1); a Tactic card affects only
        its player, and no one may react to it."""
        if card.action == "altitude_1" and self.has(a, "Diligent"):
            self._draw(a, 1, "Diligent")
        if not card.tactic:
            link = (a, card.index, card.title, "hand")
            self._open(card.action, link, card.index, up, 0, t, pay=1 if up > 0 else 0)
            return
        self.discards += (card.index,)
        self._emit({"type": "play", "seat": a, "card": card.title, "use": "tactic"})
        self.cycle = self.cycle._replace(kind=card.action, card=card.index, change=up)
        self.chain = ()
        self.target = t
        if up > 0:
            self._pay(a, 1, AfterPay.TACTIC)  # a climb costs a card, Tactic or not
        else:
            self._effect()

    def _play_event(self, link: Link, kind: str, a: int, b: int, missile: str) -> JSON:
        """The play that opens a cycle: with several aircraft its target and numbers, in the
        duel its own words for them."""
        desc = "Speed Maneuver" if link[3] == "speed" else self._title(link[1])
        event: JSON = {"type": "play", "seat": link[0], "card": desc, "use": kind}
        if not self.duel:
            event |= {"target": self.target, "a": a, "b": b}
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
        return event

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
        self.cycle = Cycle(kind, card, a, b, self.cycle.missile)  # the Tone's missile kept
        self.chain = (link,)
        self.target = target
        self.team_used = False
        if not self._muted:
            self._emit(self._play_event(link, kind, a, b, missile))
        if spend:
            self._spend(link[0], "Gun Fighter")
        if pay:
            self._pay(link[0], pay, AfterPay.OPEN)
        else:
            self._defender_window()

    def _defender_window(self) -> None:
        """The target answers first; if it passes, a friend may add one Teamwork card."""
        t = self.target
        self.reactor = t
        self.team_queue = ()
        # Drift Factor: its aircraft neither gives nor receives Teamwork (R59).
        if (
            self.game.teamwork
            and self.side_outnumbers[self.sides[t]]
            and not self.team_used
            and not self.has(t, "Drift Factor")
        ):
            self.team_queue = tuple(
                x
                for x in range(self.n_aircraft)
                if x != t
                and self.flights[x].alive
                and self.side(x) == self.side(t)
                and not self.has(x, "Drift Factor")
            )
        self.phase, self.to_act = REACT, self.owners[self.target]

    def _do_react(self, move: Move) -> None:
        r = self.reactor
        if isinstance(move, Word) and move.verb == "pass":
            if not self._muted:
                self._emit({"type": "pass", "seat": self._who(r)})
            if r != self.flyer and self.team_queue:
                # Teamwork: the next friend of the target may add one card (R50).
                self.reactor, self.team_queue = self.team_queue[0], self.team_queue[1:]
                self.to_act = self.owners[self.reactor]
                return
            self._resolve()
            return
        link = self._reaction_link(r, move)
        if self.cycle.kind == "site":
            self.chain += (link,)
            desc = self._describe(link)
            self._emit({"type": "react", "seat": self._who(r), "card": desc, "from": link[3]})
            self.reactor = self.flyer if r == SITE else SITE
            self.to_act = self.game.site_seat if r != SITE else self.owners[self.flyer]
            return
        if r not in (self.flyer, self.target):
            self.team_used = True
            self._emit({"type": "teamwork", "seat": r})
        self.chain += (link,)
        if not self._muted:
            self._emit({"type": "react", "seat": r, "card": self._describe(link), "from": link[3]})
        if r == self.flyer:
            self._defender_window()
        else:
            self.team_queue = ()
            self.reactor = self.flyer
            self.phase, self.to_act = REACT, self.owners[self.flyer]

    def _resolve(self) -> None:
        if self.cycle.kind == "site":
            self._resolve_site()
            return
        chain, kind = self.chain, self.cycle.kind
        a, t = self.flyer, self.target
        sides = self.sides
        success = sides[chain[-1][0]] == sides[a]  # always when none reacted
        split = False  # the target's Split-S in a failed action (R2)
        if len(chain) == 1:  # most actions draw no reaction
            card = chain[0][1]
            if card != NO_CARD:
                self.discards += (card,)
        else:  # loops, not generators: a generator costs more than this whole step
            split_s = self.game.split_s
            for s, c, _, _ in chain:
                if c != NO_CARD:
                    self.discards += (c,)
                    split = split or (not success and s == t and c in split_s)
        self.chain = ()
        if not self._muted:
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
            self._emit({"type": "split-s", "seat": t, "turn": self.flyer})
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
            self._emit({"type": "split-s", "seat": self._who(SITE), "turn": self.flyer})
            self._draw(self.game.site_seat, 1, "Split-S")
            self._end_turn()
            return
        self._play_step()

    def _effect(self) -> None:
        a, t, kind = self.flyer, self.target, self.cycle.kind
        if kind in ("gun", "missile"):
            self._destroy(t, a, kind)
            if self.phase != OVER:
                self._continue(THEN_AFTER)
            return
        if kind == "tone":
            self.phase, self.to_act = LAUNCH, self.owners[a]
            return
        if kind == "pos":
            self._set_rel(a, t, self.rel(a, t) + self.cycle.change)
        elif kind == "range":
            if self.cycle.change:
                self._refit(a, "band", self.flights[a].band + self.cycle.change)
            if self.cycle.foe_change:
                self._refit(t, "band", self.flights[t].band + self.cycle.foe_change)
            if not self._muted:
                self._emit({"type": "range", "ranges": self._ranges()})
            if self.flights[t].sheet.skills and self.has(t, "Focused"):
                self._draw(t, 1, "Focused")
        elif kind == "pos_to_neutral":
            self._set_rel(a, t, 0)
        elif kind == "disadv_to_adv":
            # The duel takes Advantage and loses it beyond reach (R8); with others it needs room.
            self._set_rel(a, t, 1 if self.duel or self._room(a, t, 1) else 0)
        elif kind == "missile_bonus":
            self.missile_bonus += 1
            self._emit({"type": "bonus", "seat": a, "bonus": self.missile_bonus})
        elif kind == "altitude_1":
            self._change_altitude(a, self.cycle.change, self._title(self.cycle.card))
            self._offer_follow(a, self.cycle.change, THEN_AFTER)
            return
        self._enforce()
        self._continue(THEN_AFTER)

    def _enforce(self) -> None:
        """R8 for every holder: beyond its weapons' reach the position drops to Neutral."""
        for h, holder in enumerate(self.flights):
            t = holder.position[0]
            if t < 0:
                continue
            held = self.flights[t]
            mutual = flight.mutual_range(holder.band, held.band, holder.altitude, held.altitude)
            if mutual > holder.reach:  # self.mutual(h, t) > self.reach(h)
                self._refit(h, "position", NONE)
                self._emit(self._at({"type": "position-lost", "seat": h}, t))

    def _destroy(self, t: int, by: int, weapon: str) -> None:
        """Aircraft ``t`` is shot down by aircraft ``by`` (or a site): its cards are discarded,
        positions on it and its own are lost, the shooter's side scores a kill; the last side
        flying wins (in the duel, the first shot down ends the game: R23)."""
        self._emit({"type": "destroyed", "seat": t, "by": self._who(by), "weapon": weapon})
        self._refit(t, "alive", False)
        self._refit(t, "position", NONE)
        for x, f in enumerate(self.flights):
            if f.position[0] == t:
                self._refit(x, "position", NONE)
        self.discards += self.hands[t]
        self.hands = _put(self.hands, t, ())
        side = self.game.side_of[self.game.site_seat] if by == SITE else self.side(by)
        self.kills = _put(self.kills, side, self.kills[side] + 1)
        standing = {self.side(x) for x, f in enumerate(self.flights) if f.alive}
        if len(standing) > 1:
            return
        site = self.game.sites[self.site_checked - 1].name if by == SITE else ""
        if self.duel:
            shooter = self.game.site_seat if by == SITE else self.owners[by]
            reason = ending.shot_down(self.plane(t).name, self.owners[t], shooter, site)
            self._finish(standing, reason)
            return
        several = self.game.per_player > 1 or len(set(self.owners)) < self.n_aircraft
        downed = [
            (self.plane(x).name, self.owners[x], x if several else None)
            for x in range(self.n_aircraft)
            if self.side(x) not in standing
        ]
        self._finish(standing, ending.every_enemy_down(downed, site))

    def _end_turn(self) -> None:
        self.flyer = -1
        self._next_side((self.last_side + 1) % self.game.n_sides)

    def _time_up(self) -> None:
        """R51 (R23 in the duel): after the last round the side(s) with the most enemy aircraft
        shot down win; none shot down is a draw."""
        best = max(self.kills)
        winners = {s for s in range(self.game.n_sides) if self.kills[s] == best}
        self._finish(winners, ending.time_up(self.game.rounds, best))

    def _finish(self, sides: set[int], why: str) -> None:
        seats = [p for p in range(self.game.players) if self.game.side_of[p] in sides]
        self._end(seats)
        self.end_reason = why
        self._emit({"type": "game-end", "winners": seats, "why": why})


# The whole machine: each phase's legal-move generator and apply. A phase left out is an error
# when this module loads (phases.machine).
MACHINE = machine(
    {
        PICK: (LegalMoves._legal_pick, DifState._do_pick),
        SKILL: (LegalMoves._legal_skill, DifState._do_skill),
        ALT_PICK: (LegalMoves._legal_alt_pick, DifState._do_alt_pick),
        ANGLE: (LegalMoves._legal_angle, DifState._do_angle),
        INITIATIVE_PHASE: (LegalMoves._legal_initiative, DifState._do_initiative),
        ORDER: (LegalMoves._legal_order, DifState._do_order),
        BURNER: (LegalMoves._legal_burner, DifState._do_burner),
        DISCARD: (LegalMoves._legal_discard, DifState._do_discard),
        ALTITUDE: (LegalMoves._legal_altitude, DifState._do_altitude),
        SPEED: (LegalMoves._legal_speed, DifState._do_speed),
        PLAY: (LegalMoves._legal_play, DifState._do_play),
        REACT: (LegalMoves._legal_react, DifState._do_react),
        LAUNCH: (LegalMoves._legal_launch, DifState._do_launch),
        FOLLOW: (LegalMoves._legal_follow, DifState._do_follow),
        PAY: (LegalMoves._legal_pay, DifState._do_pay),
    }
)
