"""What each seat may know (views), worlds consistent with it (determinization) and the
conservation check."""

from __future__ import annotations

from aerodeck.core.api import JSON, OVER, State
from aerodeck.core.rng import shuffle
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.actions import at_pilot
from aerodeck.games.race_to_ace.state import (
    DOGFIGHT,
    FIRE,
    HAND_SIZE,
    NONE,
    REACT,
    Hand,
    Table,
    stack_ref,
    threatens,
)


class Information(Table):
    __slots__ = ()

    def _view(self, player: int | None) -> JSON:
        pilots = []
        pile = self.discard_pile
        for s in range(self.n):
            pilots.append(
                {
                    "seat": s,
                    "hand_size": sum(self.hands[s]),
                    "wing_size": sum(self.wings[s]),
                    "kills": self.kills[s],
                    "acquisitions": self.acquired[s],
                    "score": self.scores[s],
                    "downed": self.downed[s],
                    "flameouts": [owner for victim, owner in self.flames if victim == s],
                    "hot_stick": self.hot_stick == s,
                    "golden_bird": self.golden_bird == s,
                }
            )
        acquisitions = [
            {
                "ref": stack_ref(stack),
                "kind": c.WORDS[stack.kind],
                "on": stack.target,
                "by": stack.source,
                "cover": None if stack.cover == NONE else c.WORDS[stack.cover],
                "cover_by": None if stack.cover_owner == NONE else stack.cover_owner,
                "threatens": None if threatens(stack) == NONE else threatens(stack),
            }
            for stack in self.acqs
        ]
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "phase": self.phase,
            "to_act": self.to_act,
            "turn": self.turn,
            "turn_number": self.turn_no,
            "game_number": self.game_no,
            "games": self.game.options["games"],
            "kills_to_win": self.game.options["kills_to_win"],
            "tokens": self.tokens,
            "deck": len(self.deck),
            "discards": {c.WORDS[k]: n for k in c.KINDS if (n := pile.count(k))},
            "discard_top": c.WORDS[self.discard_pile[-1]] if self.discard_pile else None,
            "pilots": pilots,
            "acquisitions": acquisitions,
            "dogfight": None,
            "pending": None,
            "weapon": None,
            "winners": self.winners,
        }
        if self.df is not None:
            a, d, kind = self.df
            out["dogfight"] = {"attacker": a, "defender": d, "kind": c.WORDS[kind]}
        if self.pending is not None and self.phase in (DOGFIGHT, REACT):
            card, by, against, _ = self.pending
            out["pending"] = {"card": c.WORDS[card], "by": by, "against": against}
        if self.weapon is not None:
            weapon, shooter, target = self.weapon
            out["weapon"] = {"card": c.WORDS[weapon], "by": shooter, "at": target}
        if player is not None:
            out["hand"] = c.hand_list(self.hands[player])
            if self.wingmen:
                out["wing"] = c.hand_list(self.wings[player])
        return out

    def _determinize(self, player: int, seed: int) -> State:
        """Redeal what ``player`` cannot see: the other hands (and wingmen) and the deck order."""
        new = self.clone()
        assert isinstance(new, Information)
        pool = list(self.deck)
        for s in range(self.n):
            if s != player:
                pool.extend(c.hand_list_kinds(self.hands[s]))
                pool.extend(c.hand_list_kinds(self.wings[s]))
        # Canonical order first: the redeal must depend only on what the seat knows.
        pool.sort()
        new.rng_seed = shuffle(seed, pool)
        hands, wings = new.hands, new.wings  # the clone's own lists
        for s in range(self.n):
            if s != player:
                size = sum(hands[s])
                hands[s], pool = list(c.hand_of(pool[:size])), pool[size:]
                size = sum(wings[s])
                wings[s], pool = list(c.hand_of(pool[:size])), pool[size:]
        new.deck = tuple(pool)
        new._recount()
        new.legal_cache = None
        return new

    def card_counts(self) -> Hand:
        """How many cards of each kind are anywhere: deck, discards, hands, acquisitions,
        FLAMEOUTs, displayed specials, a weapon in flight. Always ``COUNTS``."""
        deck, discards = self.deck, self.discard_pile
        counts = [
            deck.count(kind) + discards.count(kind) + sum(held)
            for kind, held in enumerate(zip(*self.hands, *self.wings, strict=True))
        ]
        for kind, _, _, cover, _ in self.acqs:
            counts[kind] += 1
            if cover != NONE:
                counts[cover] += 1
        counts[c.FLAMEOUT] += len(self.flames)
        counts[c.HOT_STICK] += self.hot_stick != NONE
        counts[c.GOLDEN_BIRD] += self.golden_bird != NONE
        if self.weapon is not None:
            counts[self.weapon[0]] += 1
        return tuple(counts)

    def check_invariants(self) -> None:
        """All 90 cards exactly once; acquisition limits; hands within their size."""
        assert self.card_counts() == c.COUNTS, "cards not conserved"
        for s in range(self.n):
            assert sum(self.hands[s]) <= HAND_SIZE + 1, "hand too large"
            assert min(self.hands[s]) >= 0 and min(self.wings[s]) >= 0, "negative count"
            if not self.short >> s & 1 and self.phase != OVER:  # only marked seats are refilled
                assert sum(self.hands[s]) >= HAND_SIZE, "a short hand not marked for refill"
                if self.wingmen:
                    assert sum(self.wings[s]) >= HAND_SIZE, "a short wingman not marked"
        assert self.wingmen or not any(map(any, self.wings)), "a wingman without the variant"
        pooled, held, wing_held = self.pooled, self.held, self.wing_held
        self._recount()
        assert (pooled, held, wing_held) == (self.pooled, self.held, self.wing_held), "recount"
        assert self.burning == sum({1 << victim for victim, _ in self.flames}), "burning"
        assert self.up == sum(1 << s for s in range(self.n) if not self.downed[s])
        assert self.exposed == sum(1 << s for s in range(self.n) if not self.immune(s))
        keys = [(k, t, s if self.tokens else NONE) for k, t, s, _, _ in self.acqs]
        assert len(keys) == len(set(keys)), "two acquisitions of one kind on a pilot"
        for kind, target, source, cover, owner in self.acqs:
            assert target != source and not self.downed[target] and not self.downed[source]
            assert cover in (NONE, c.JAMMIT if kind == c.RADAR else c.MANEUVER)
            assert (cover == NONE) == (owner == NONE)
        assert all(not self.downed[v] for v, _ in self.flames), "FLAMEOUT on a downed pilot"
        assert (self.to_act is None) == (self.phase == OVER) == self.is_terminal
        if self.df is None:
            assert self.df_stack is None, "a dogfight's stack without a dogfight"
        else:
            a, d, kind = self.df
            assert self.df_stack == self._find(kind, d, a), "the dogfight's stack"
        if self.phase == FIRE:  # the shot kept when the dogfight ended, as it stands now
            fire = self._fire_on(self.df_stack)
            assert fire is not None and fire[0] == self.to_act and not self.flamed(fire[0])
            assert self.fire_move == at_pilot(fire[2], fire[1]), "the shot"
