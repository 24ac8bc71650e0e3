"""Which moves are open in each phase (``_legal_<phase>``, listed in ``rules.MACHINE``), from
the named rule predicates of ``state.Dogfight``, with the move tables cached per situation."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache
from typing import Any

from aerodeck.core.api import Action
from aerodeck.core.tuples import replace_at as _put
from aerodeck.games.down_in_flames import flight
from aerodeck.games.down_in_flames.actions import (
    PLAYS,
    Act,
    Altitude,
    Angle,
    Attack,
    Catalogue,
    Expertise,
    Fly,
    Move,
    Next,
    Pairs,
    Position,
    Range,
    Rate,
    Skill,
    Speed,
    Tone,
    Wild,
)
from aerodeck.games.down_in_flames.data import (
    ALTITUDES,
    RANGES,
    RATINGS,
    CardType,
)
from aerodeck.games.down_in_flames.flight import AH, GUN, HIGH, LOW
from aerodeck.games.down_in_flames.phases import (
    NO_CARD,
    PRE,
    Hand,
)
from aerodeck.games.down_in_flames.skills import (
    can_step,
    load_offers,
    offered,
)
from aerodeck.games.down_in_flames.state import SITE, Dogfight, Relation, eligible


class LegalMoves(Dogfight):
    """The legal-move generators, one per phase (``rules.MACHINE`` names them)."""

    __slots__ = ()

    def _legal_load(self) -> list[Move]:
        """Keep the printed load or build one within the VP limit (R44, per aircraft R57)."""
        cat = self.game.catalogue
        a = self.choosing
        sheet = self.flights[a].sheet
        custom = sheet.load
        limit = self.game.options["vp_limit"]
        # The printed load is kept only within the limit: the aircraft was chosen on its
        # no-missile VP, so a printed load over the limit must be rebuilt (R44).
        out = [cat.by_text["ready"]] if custom is not None or self.load_vp(a) <= limit else []
        if custom is None:
            out.append(cat.by_text["clean"])
        base = self.data.aircraft[sheet.plane].vp_clean if custom is None else self.load_vp(a)
        room = limit - base
        offers = load_offers(self.data, custom, room, self.game.options["year"])
        return out + [Pairs(m, pairs) for m, pairs in offers]

    def _legal_pay(self) -> list[Move]:
        """A discard of each distinct card in the hand, in data order."""
        assert self.payment is not None
        hand = self.hands[self.payment.payer]
        return [self.game.catalogue.discard[c] for c in sorted(set(hand))]

    def _legal_launch(self) -> list[Move]:
        cat = self.game.catalogue
        out = [cat.by_text["launch"], cat.by_text["hold"]]
        if (
            self.game.options["second_missile"]
            and self.flights[self.flyer].missiles[self.cycle.missile] >= 2
        ):
            out.append(cat.by_text["launch2"])
        return out

    def _legal_pick(self) -> list[Move]:
        if self.loading:
            return self._legal_load()
        options = self.game.options
        limit, year, clean = options["vp_limit"], options["year"], options["missile_loads"]
        return list(_pick_moves(self.game.catalogue, limit, year, clean))

    def _legal_follow(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["follow"], cat.by_text["stay"]]

    def _legal_burner(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["burner"], cat.by_text["no-burner"]]

    def _legal_alt_pick(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.get(Altitude, a.lower()) for a in ALTITUDES]

    def _legal_discard(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.flyer
        out = [cat.by_text["draw"]]
        discard, last = cat.discard, NO_CARD
        for index in self.hands[a]:  # each card once (hands are sorted; dict.fromkeys costs more)
            if index != last:
                out.append(discard[index])
                last = index
        if self.turn_step == PRE and self._bat_turn_open(a) and self.has(a, "Bat-Turn"):
            out.append(cat.by_text["neutral"])
        return out

    def _legal_altitude(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.flyer
        out = [cat.by_text["level"]]
        altitude = self.flights[a].altitude
        if altitude < HIGH and self.hands[a]:
            out.append(cat.by_text["climb"])
        if altitude > LOW:
            out.append(cat.by_text["dive"])
        return out

    def _with_expertise(
        self, legal: Callable[[LegalMoves], list[Any]], moves: list[Action]
    ) -> list[Action]:
        """The ``moves`` of the phase's generator ``legal`` with the Aircraft Expertise cards
        that may be played, or only the plays of the pool card taken (R60)."""
        if self.expertise_card != NO_CARD:
            return _lent_plays(self.data.cards[self.expertise_card].slug, moves)
        # Pools come with skills (R60); none were dealt while they are the first (any() costs).
        if self.pools_dealt and any(f.pool for f in self.flights):
            moves += self._expertise_moves(legal)
        return moves

    def _expertise_moves(self, legal: Callable[[LegalMoves], list[Any]]) -> list[Move]:
        a = self._expertise_unit()
        if a < 0:
            return []
        out: list[Move] = []
        hand = self.hands[a]
        for card in dict.fromkeys(self.flights[a].pool):
            slug = self.data.cards[card].slug
            self.hands = _put(self.hands, a, tuple(sorted((*hand, card))))
            if _lent_plays(slug, list(legal(self))):
                out.append(Expertise(slug))
            self.hands = _put(self.hands, a, hand)
        return out

    def _legal_skill(self) -> list[Move]:
        cat = self.game.catalogue
        unit = self._unit()
        sheets = [self.flights[a].sheet for a in unit]
        printed = [self.data.aircraft[sheet.plane] for sheet in sheets]
        if self.rating_steps_left:
            word = "up" if self.rating_sign > 0 else "down"
            return [
                Rate(RATINGS[r], word)
                for r in range(len(RATINGS))
                if all(
                    can_step(p, sheet.rating_mods, r, self.rating_sign)
                    for p, sheet in zip(printed, sheets, strict=True)
                )
            ]
        a0 = unit[0]
        chosen = sheets[0].skills
        gun = all(p.gun is not None for p in printed)
        menu = self.game.skill_menu[self.skill_unit]
        skills = self.data.skills
        if menu:
            # A campaign: one of the mission's options (R59), no VP cost.
            if len(chosen) > len(self.game.special[a0]):
                return [cat.by_text["ready"]]
            out: list[Move] = [
                Skill(self.game.skill_slugs[i])
                for i in menu
                if i not in chosen and (gun or skills[i].name != "Fighter Pilot")
            ]
            return out or [cat.by_text["ready"]]
        room = self._budget(a0)
        team = self.game.side_sizes[self.side(a0)] >= 2
        return [cat.by_text["ready"]] + [
            Skill(self.game.skill_slugs[i])
            for i, skill in enumerate(skills)
            if i not in chosen and offered(skill, room, gun, team)
        ]

    def _legal_angle(self) -> list[Move]:
        a = self.angle_queue[0]
        return [Angle(r.lower(), t=t) for t in self.enemies(a) for r in RANGES]

    def _legal_initiative(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.by_text["first"], cat.by_text["second"]]

    def _legal_order(self) -> list[Move]:
        cat = self.game.catalogue
        return [cat.get(Next, t=a) for a in self._waiting(self.side_turn)]

    def _legal_speed(self) -> list[Move]:
        """'end' and the Speed Maneuvers; kept in the state for what they read, since the step
        is asked once before it is entered (``_speed_or_play``) and once when it is."""
        memo = self.speed_memo
        if memo[0] == self.flyer and memo[1] is self.flights:
            return list(memo[2])
        out = self._speed_moves()
        self.speed_memo = (self.flyer, self.flights, tuple(out))
        return out

    def _speed_moves(self) -> list[Move]:
        cat = self.game.catalogue
        a = self.flyer
        out = [cat.by_text["end"]]
        flights = self.flights
        me = flights[a]
        relations = self.relations()[a]
        for t in self.targets(a):
            foe = flights[t]
            if foe.plane.speed >= me.plane.speed:
                continue
            rel, pos_ok, _, _, free = relations[t]
            pos = rel < 2 and pos_ok and self._room(a, t, rel + 1)
            out += _speed_moves(cat, self._named(t), pos, me.band, foe.band, free)
        return out

    def _legal_play(self) -> list[Move]:
        """Attacks first, then actions, maneuvers, and the free moves last (for the terminal);
        each card's moves in target order."""
        cat = self.game.catalogue
        a = self.flyer
        hand = self.hands[a]
        hand_size = len(hand)
        me = self.flights[a]
        gun = me.plane.gun is not None
        alt = me.altitude
        climb, dive = alt < HIGH and hand_size >= 2, alt > LOW
        missiles = me.missiles
        if self.duel:
            # One enemy: its few situations are kept on the game (bounded), the play step
            # being asked on every decision; with several aircraft they rarely repeat. Looked
            # up by the state as held (cheap to build), then by what the tables read (position,
            # mutual range and bands: far fewer, so a new state seldom builds them).
            t = 1 - a
            foe = self.flights[t]
            held = (me.position, foe.position, me.band, foe.band, alt, foe.altitude)
            key = (a, climb, dive, gun, *held, missiles)
            kept = self.game.play_tables
            tables = kept.get(key)
            if tables is None:
                if len(kept) >= 1 << 14:
                    kept.clear()
                read = (self.rel(a, t), self.mutual(a, t), me.band, foe.band, *key[1:4], missiles)
                tables = kept.get(read) or self._target_tables(a, climb, dive, gun, missiles)
                kept[key] = kept[read] = tables
        else:
            tables = self._target_tables(a, climb, dive, gun, missiles)
        bonus = cat.bonus
        cards = self.data.cards
        attacks: list[Move] = []
        acts: list[Move] = []
        moves: list[Move] = []
        last = NO_CARD
        for index in hand:  # each card once (hands are sorted; dict.fromkeys costs more)
            if index == last:
                continue
            last = index
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
                if tones:
                    attacks += tones
                if act:
                    acts += act
                if positions:
                    moves += positions
                more = ranges[index]
                if more:
                    moves += more
        if me.position[0] >= 0:
            moves.append(cat.by_text["neutral"])
        if hand_size and me.sheet.skills and self.fresh(a, "Timely"):
            moves.append(cat.by_text["timely"])
        attacks += acts
        attacks += moves
        attacks.append(cat.by_text["end"])
        return attacks

    def _legal_react(self) -> list[Move]:
        cat = self.game.catalogue
        r, flyer, target, kind = self.reactor, self.flyer, self.target, self.cycle.kind
        top = self.chain[-1]
        out = [cat.by_text["pass"]]
        hand, source = self._source(r)
        # Agile, Jink, Lucky (R34, R56): from the hand of the flyer or the named target only.
        agile = jink = lucky = False
        if source == "hand" and r in (flyer, target) and self.flights[r].sheet.skills:
            agile = self.fresh(r, "Agile")
            jink = kind == "gun" and r == target and self.fresh(r, "Jink")
            lucky = self.flights[r].countermeasures > 0 and self.fresh(r, "Lucky")
        restricted = (kind == "missile" and r == flyer) or r == SITE
        # The duel's site answers as its player's aircraft would (its records depend on it);
        # with several aircraft a site guards nothing (R38, R50).
        site = r == SITE and self.duel
        own = site or r in (flyer, target)
        enemy_turn = site or (r == target and r != flyer)
        reactions = _reactions(cat, top[2], restricted, own, enemy_turn)
        # Each distinct card of the hand that may react; the Agile and Jink plays (R34) of the
        # others are listed after every plain reaction.
        wild: list[Move] = []
        last = NO_CARD
        for index in hand:  # each card once (hands are sorted; dict.fromkeys costs more)
            if index == last:
                continue
            last = index
            if index in reactions:
                out.append(reactions[index])
            elif agile or jink:
                slug = self.data.cards[index].slug
                if agile:
                    wild.append(Wild(slug, verb="agile"))
                if jink:
                    wild.append(Wild(slug, verb="jink"))
        if r == target and self.flights[r].countermeasures > 0:
            sam = kind == "site" and self.chain[0][2] == "Tone"
            if top[2] == "Tone" or top[3] == "missile" or (sam and top[3] == "site"):
                out.append(cat.by_text["cm"])
        if lucky:
            out.append(cat.by_text["lucky"])
        out += wild
        return out

    def _target_tables(
        self, a: int, climb: bool, dive: bool, gun: bool, missiles: Hand
    ) -> tuple[_Tables, ...]:
        """Per target ``a`` may act against, by card index: its play-step moves (``_play_table``)
        and range maneuvers (``_range_moves``), from the named rule predicates (position, range,
        room, band movement)."""
        cat = self.game.catalogue
        flights, melee = self.flights, not self.duel
        me = flights[a]
        reach, altitude, band = me.reach, me.altitude, me.band  # read once for every target
        relations = self.relations()[a]
        flyer = (cat, gun, missiles, climb, dive)
        out = []
        for t in self.targets(a):
            foe = flights[t]
            foe_band = foe.band
            mutual = flight.mutual_range(band, foe_band, altitude, foe.altitude)  # self.mutual
            named = t if melee else -1  # self._named(t)
            out.append(_tables(flyer, named, relations[t], mutual, mutual <= reach, band, foe_band))
        return tuple(out)


_PlayEntry = tuple[Move | None, tuple[Move, ...], tuple[Move, ...], tuple[Move, ...]]
_Tables = tuple[tuple[_PlayEntry, ...], tuple[tuple[Move, ...], ...]]


@lru_cache(maxsize=1 << 14)
def _tables(
    flyer: tuple[Catalogue, bool, Hand, bool, bool],
    t: int,
    relation: Relation,
    mutual: int,
    within: bool,
    mine: int,
    theirs: int,
) -> _Tables:
    """One target's ``_play_table`` and ``_range_moves`` by everything they read, one lookup
    instead of three (bounded). ``flyer``: the catalogue, whether the flyer has a gun, its
    missiles left, climb and dive; ``t``: the target as named, ``relation`` the flyer's to it,
    ``within`` the mutual range within the flyer's reach; ``mine``/``theirs``: the two bands."""
    cat, gun, missiles, climb, dive = flyer
    rel, pos_ok, slot1, slot2, free = relation
    # _room for Advantage and Tailing: its reach test once, its slots from relations.
    room1 = room2 = False
    if pos_ok and rel < 2 and within:
        room1, room2 = slot1, slot2
    fit = _fit(cat, rel, mutual, missiles)
    fires = gun and mutual == GUN
    table = _play_table(cat, t, fires, rel, fit, climb, dive, pos_ok, room1, room2)
    return table, _range_moves(cat, t, mine, theirs, free)


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
                        moves.append(cat.get(Range, card.slug, me, foe, t=t))
        table.append(tuple(moves))
    return tuple(table)


@cache
def _speed_moves(
    cat: Catalogue, t: int, pos: bool, mine: int, theirs: int, free: bool
) -> tuple[Move, ...]:
    """The Speed Maneuvers against ``t`` with these bands (``pos``: a position step fits,
    ``free``: ``t``'s band may move); cached, the bands and flags being few."""
    out = [cat.get(Speed, "pos", 0, 0, t=t)] if pos else []
    for me, foe in ((-1, 0), (1, 0), (0, -1), (0, 1)):
        if foe and not free:
            continue
        if flight.in_bands(mine + me) and flight.in_bands(theirs + foe):
            out.append(cat.get(Speed, "range", me, foe, t=t))
    return tuple(out)


@cache
def _pick_moves(cat: Catalogue, limit: int, year: int, clean: bool) -> tuple[Move, ...]:
    """'fly' for each aircraft ``state.eligible`` allows (cached: the options are fixed)."""
    aircraft = cat.data.aircraft
    return tuple(cat.get(Fly, aircraft[i].slug) for i in eligible(cat.data, limit, year, clean))


def _lent_plays(slug: str, moves: list[Any]) -> list[Any]:
    """The moves that play the card named ``slug`` (a pool card is played, never paid: R60)."""
    return [m for m in moves if isinstance(m, PLAYS) and m.card == slug]


@cache
def _fit(cat: Catalogue, rel: int, mutual: int, missiles: Hand) -> tuple[str, ...]:
    """The missiles (notation names) a Tone may fire at this position and mutual range with
    these missiles left (cached: few situations)."""
    return tuple(
        m.slug for m in cat.data.missiles if flight.can_fire(m, rel, mutual, missiles[m.index])
    )


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
        attack = cat.get(Attack, name, t=t) if gun and card.can_gun else None
        tones = tuple(cat.get(Tone, name, m, t=t) for m in fit) if card.can_tone else ()
        action = card.action
        act: list[Move] = []
        if (action == "pos_to_neutral" and rel < 0) or (action == "disadv_to_adv" and rel == -1):
            act.append(cat.get(Act, name, "", t=t))
        elif action == "altitude_1":
            if climb:
                act.append(cat.get(Act, name, "up", t=t))
            if dive:
                act.append(cat.get(Act, name, "down", t=t))
        moves: list[Move] = []
        if pos_ok:
            for k in flight.position_steps(card.positioning, rel):
                level = rel + k
                if level <= 0 or (room1 if level == 1 else room2):
                    moves.append(cat.get(Position, name, k, t=t))
        table.append((attack, tones, tuple(act), tuple(moves)))
    return tuple(table)


@cache
def _reactions(
    cat: Catalogue, title: str, restricted: bool, own: bool, enemy_turn: bool
) -> dict[int, Move]:
    """The cards that may react to an action titled ``title``, by card index, with their
    reaction; cached per title. React To names the title; Ace Pilot (ANY) guards only the flyer
    or the target (``own``); Split-S (ANY_ENEMY_TURN) only the target off its turn
    (``enemy_turn``); a missile's or site's hand (``restricted``) has no pilot: cards not usable
    there never react."""
    return {
        c.index: cat.react[c.index]
        for c in cat.data.cards
        if reacts(c, title, restricted, own, enemy_turn)
    }
