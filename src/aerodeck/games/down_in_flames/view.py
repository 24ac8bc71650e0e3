"""What each seat sees (one shape for the duel and for several aircraft), the redraw of what a
seat cannot see (determinization) and the invariants the tests check."""

from __future__ import annotations

from typing import cast

from aerodeck.core.api import JSON, OVER
from aerodeck.core.rng import shuffle
from aerodeck.games.down_in_flames import ending, flight
from aerodeck.games.down_in_flames.data import (
    ALTITUDES,
    RANGES,
    Aircraft,
)
from aerodeck.games.down_in_flames.flight import AH, GUN, POSITIONS
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    ALTITUDE,
    ANGLE,
    BURNER,
    DISCARD,
    FOLLOW,
    LAUNCH,
    NO_CARD,
    PAY,
    PICK,
    PLAY,
    REACT,
    SKILL,
    SPEED,
)
from aerodeck.games.down_in_flames.skills import (
    EXPERTISE,
    NO_MODS,
)
from aerodeck.games.down_in_flames.state import Dogfight


class Views(Dogfight):
    """Views, determinization and invariants."""

    __slots__ = ()

    def _deal_cycle_hands(
        self, new: Views, pool: list[int], hidden_missile: bool, hidden_site: bool
    ) -> None:
        """Determinization's last deal: the hidden missile and site hands, then the deck."""
        if hidden_missile:
            size = len(self.missile_hand)
            new.missile_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        if hidden_site:
            size = len(self.site_hand)
            new.site_hand, pool = tuple(sorted(pool[:size])), pool[size:]
        new.deck = tuple(pool)

    def _check_cards(self) -> None:
        """Every card is somewhere exactly once (deck, discards, hands, pools, the cycle's
        hands and cards); hands and pools are kept sorted."""
        counts = [0] * len(self.data.cards)
        zones = [self.deck, self.discards, self.missile_hand, self.site_hand, *self.hands]
        zones += [f.pool for f in self.flights]
        zones.append(tuple(c for _, c, _, _ in self.chain if c != NO_CARD))
        for zone in zones:
            for c in zone:
                counts[c] += 1
        decks = int(self.game.options["decks"])
        assert counts == [c.count * decks for c in self.data.cards], "cards not conserved"
        assert all(h == tuple(sorted(h)) for h in self.hands), "hands are kept sorted"
        assert all(f.pool == tuple(sorted(f.pool)) for f in self.flights), "pools are kept sorted"

    def _view(self, player: int | None) -> JSON:
        """One shape for any number of aircraft (the duel is the game with one a side)."""
        data, phase = self.data, self.phase
        sites = self._site_views()
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "phase": phase,
            "to_act": self.to_act,
            "round": self.round,
            "rounds": self.game.rounds,
            "step": self.turn_step,
            "deck": len(self.deck),
            "discards": len(self.discards),
            "discard_pile": self._pile(),
            "site": sites[0] if sites else None,
            "sites": sites,
            "flying": self.flyer if self.flyer >= 0 else None,
            "picking": self.choosing if phase in (PICK, ALT_PICK) else None,
            "loading": self.loading,
            "deciding": self._decider(),
            "aircraft": [self._aircraft_view(a, player) for a in range(self.n_aircraft)],
            "pairs": self._pairs(player),
            "kills": list(self.kills),
            "cycle": self._cycle_view(),
            "missile_bonus": self.missile_bonus,
            "speed_left": self.speed_left,
            "pay_left": self.payment.left if phase == PAY and self.payment else 0,
            "vp_limit": self.game.options["vp_limit"],
            "year": self.game.options["year"],
            "winners": self.winners,
            "end": ending.told(self.end_reason, player),  # the reader's language (end.js shows it)
        }
        if self.game.mission_vp:  # a campaign mission: what is flown for, public (R54)
            out["mission"] = self._mission_view()
        deciding = player is not None and player == self.to_act
        if phase == SKILL and deciding:
            out["skill_unit"] = list(self._unit())
            out["skill_budget"] = self._budget(self._unit()[0])
            out["skill_options"] = [
                data.skills[i].name for i in self.game.skill_menu[self.skill_unit]
            ]
            out["rate_left"] = self.rating_steps_left
            out["rate_sign"] = self.rating_sign
        if self.loading and deciding:
            out["load"] = [[data.missiles[m].name, 2 * p] for m, p in self.load(self.choosing)]
            out["load_vp"] = self.load_vp(self.choosing)
        if phase == FOLLOW:
            out["follow"] = {"direction": "up" if self.follow_delta > 0 else "down"}
        if phase == ANGLE:
            out["angle"] = self.angle_queue[0]
        if any(self.nfod_vp):
            out["nfod"] = list(self.nfod_vp)
        if self.chain:
            if self.site_hand and player == self.game.site_seat:
                out["site_hand"] = [self._title(c) for c in self.site_hand]
            if (
                player is not None
                and self.cycle.kind == "missile"
                and player == self.owners[self.flyer]
            ):
                out["missile_hand"] = [self._title(c) for c in self.missile_hand]
        return out

    def _mission_view(self) -> JSON:
        """The campaign mission flown: its campaign, number and title, turns, and each nation
        (seat 0 flies nation 1) with the mission VP it scores for shooting down every enemy."""
        game = self.game
        mission = game.mission
        nations = (mission.nation1, mission.nation2)
        return {
            "campaign": game.campaign_name,
            "number": mission.number,
            "title": mission.title,
            "turns": mission.turns,
            "nations": [
                {"name": name, "vp": side.vp, "sites": list(side.sites)}
                for name, side in zip(game.nation_names, nations, strict=True)
            ],
        }

    def _aircraft_view(self, a: int, player: int | None) -> JSON:
        """Aircraft ``a`` as ``player`` sees it: its own aircraft, hand and choices in full;
        the others' secret choices only once revealed."""
        data, seat, me = self.data, self.owners[a], self.flights[a]
        own = player == seat
        chosen = me.sheet.plane >= 0
        plane = me.plane if chosen and (self.planes_shown or own) else None
        alt = me.altitude
        held, level = me.position
        entry: JSON = {
            "aircraft_no": a,
            "seat": seat,
            "side": self.sides[a],
            "aircraft": plane.name if plane is not None else None,
            "chosen": chosen,
            "altitude": ALTITUDES[alt] if alt >= 0 and (self.altitudes_shown or own) else None,
            "altitude_chosen": alt >= 0,
            "range": RANGES[me.band],
            "alive": me.alive,
            "on": None if held < 0 else {"target": held, "position": POSITIONS[level + 2]},
            "hand_size": len(self.hands[a]),
        }
        if plane is not None:
            entry["ratings"] = _ratings(plane)
        if self.planes_shown:
            entry |= self._counters(a)
            entry["reach"] = RANGES[me.reach] if me.reach >= 0 else None
            entry["vp"] = self.shown_vp(a)
            if self.altitudes_shown:
                entry["performance"] = self.perf(a)
                entry["thrust"] = [self.thrust(a, False), self.thrust(a, True)]
                entry["ew"] = flight.ew(data, me.plane, alt)
        if self.skills_shown or (own and self.game.options["skills"]):
            entry["skills"] = [data.skills[i].name for i in me.sheet.skills]
            entry["rating_changes"] = self._changes(a)
            entry["skills_used"] = [data.skills[i].name for i in me.skills_spent]
        pooled = bool(me.pool) or (self.skills_shown and self.has(a, EXPERTISE))
        if pooled:
            entry["pool_size"] = len(me.pool)
        if own:
            entry["hand"] = [self._title(c) for c in self.hands[a]]
            if pooled:
                entry["pool"] = [self._title(c) for c in me.pool]
        return entry

    def _pairs(self, player: int | None) -> list[JSON]:
        """Every pair of enemies still flying, the seat's own aircraft first in each and its
        pairs first: their mutual range (once the altitudes are revealed) and the first one's
        position on the second."""
        flights, sides, owners, n = self.flights, self.sides, self.owners, self.n_aircraft
        out: list[JSON] = []
        for a in range(n):
            for b in range(a + 1, n):
                if sides[a] == sides[b] or not (flights[a].alive and flights[b].alive):
                    continue
                x, y = (b, a) if owners[b] == player != owners[a] else (a, b)
                out.append(
                    {
                        "aircraft": [x, y],
                        "range": RANGES[self.mutual(x, y)] if self.altitudes_shown else None,
                        "position": POSITIONS[self.rel(x, y) + 2],
                    }
                )
        out.sort(key=lambda pair: owners[pair["aircraft"][0]] != player)
        return out

    def _counters(self, a: int) -> JSON:
        """Aircraft ``a``'s missiles, countermeasures and afterburners left (public once the
        aircraft are revealed)."""
        missiles, me = self.data.missiles, self.flights[a]
        return {
            "missiles": {missiles[i].name: k for i, k in enumerate(me.missiles) if k},
            "countermeasures": me.countermeasures,
            "afterburners": me.afterburners,
            "afterburner_on": me.burner_lit,
        }

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
        who = self._who
        out: JSON = {
            "use": self.cycle.kind,
            "by": who(self.chain[0][0]),
            "target": self.target,
            "chain": [
                {
                    "aircraft": who(link[0]),
                    "card": self._describe(link),
                    "from": link[3],
                    "as": link[2],
                }
                for link in self.chain
            ],
            "missile_hand_size": len(self.missile_hand),
        }
        if self.cycle.kind in ("tone", "missile") and self.cycle.missile >= 0:
            out["missile"] = self.data.missiles[self.cycle.missile].name
        if self.cycle.kind == "site":
            out["site_hand_size"] = len(self.site_hand)
        return out

    def _decider(self) -> int | None:
        """The aircraft whose decision it is (None between turns and at set-up)."""
        if self.phase == REACT:
            return self.reactor
        if self.phase == FOLLOW:
            return self.follow_queue[0]
        if self.phase == PAY:
            assert self.payment is not None
            return self.payment.payer
        if self.phase in (BURNER, DISCARD, ALTITUDE, SPEED, PLAY, LAUNCH):
            return self.flyer
        if self.phase == ANGLE:
            return self.angle_queue[0]
        return None

    def _determinize(self, player: int, seed: int) -> Views:
        new = cast(Views, self.clone())
        others = [a for a in range(self.n_aircraft) if self.owners[a] != player]
        hidden_missile = (
            bool(self.chain) and self.cycle.kind == "missile" and self.owners[self.flyer] != player
        )
        pool = list(self.deck)
        for a in others:
            pool += self.hands[a]
            pool += self.flights[a].pool
        seen = self.expertise_owner if self.expertise_owner in others else -1
        if seen >= 0:  # the card taken from the pool was shown: it stays in the hand
            pool.remove(self.expertise_card)
        if hidden_missile:
            pool += self.missile_hand
        hidden_site = bool(self.site_hand) and player != self.game.site_seat
        if hidden_site:
            pool += self.site_hand
        pool.sort()
        seed = shuffle(seed, pool)
        hands = list(self.hands)
        for a in others:
            size = len(self.hands[a]) - (a == seen)
            drawn, pool = pool[:size], pool[size:]
            hands[a] = tuple(sorted(drawn + ([self.expertise_card] if a == seen else [])))
            size = len(self.flights[a].pool)
            if size:
                new._refit(a, "pool", tuple(sorted(pool[:size])))
                pool = pool[size:]
        new.hands = tuple(hands)
        self._deal_cycle_hands(new, pool, hidden_missile, hidden_site)
        choices = self.eligible()
        for a in others:
            me = self.flights[a]
            if me.sheet.plane >= 0 and not self.planes_shown:
                new._choose(a, plane=choices[(seed + a) % len(choices)], load=None)
            if me.altitude >= 0 and not self.altitudes_shown:
                new._refit(a, "altitude", (seed + a) % 3)
            if not self.skills_shown:
                # Unrevealed skills: a world in which the other player chose none (R56).
                new._choose(a, skills=self.game.special[a], rating_mods=NO_MODS)
        if self.phase == SKILL and self.to_act != player:
            new.rating_steps_left = 0
        new.rng_seed = shuffle(seed, [])
        return new

    def check_invariants(self) -> None:
        self._check_cards()
        # The legal lists read each distinct card of a hand once by skipping repeats in a row.
        assert all(list(h) == sorted(h) for h in self.hands), "hands are kept sorted"
        flights = self.flights
        assert all(not f.pool or self.has(a, EXPERTISE) for a, f in enumerate(flights))
        for a, f in enumerate(flights):
            t, level = f.position
            if t < 0:
                continue
            assert f.alive and flights[t].alive and self.side(a) != self.side(t)
            assert level in (1, 2) and flights[t].position[0] != a
        for t in range(self.n_aircraft):
            held = [flights[h].position[1] for h in self.holders(t)]
            assert held.count(1) <= 2 and held.count(2) <= 1, "slots: two Advantage, one Tailing"
        assert all(GUN <= f.band <= AH for f in flights)
        assert all(set(f.skills_spent) <= set(f.sheet.skills) for f in flights), "skill use"
        assert (self.phase == OVER) == (self.result is not None) == self.is_terminal
        for f in flights:
            assert (f.plane, f.reach) == self._derive(f.sheet, f.missiles), "as flown, reach"


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
