"""What each seat may know (views), worlds consistent with it (determinization) and the
conservation check."""

from __future__ import annotations

from typing import cast

from aerodeck.core.api import JSON
from aerodeck.core.rng import shuffle
from aerodeck.games.air_racing import actions
from aerodeck.games.air_racing.cards import ACTIONS, KINDS, NAMES, TOTALS, named_counts, tally
from aerodeck.games.air_racing.race import RaceRules
from aerodeck.games.air_racing.state import (
    ACTION,
    HALF,
    MONTHS,
    QUICK,
    RACE_PHASES,
    SEASON_PHASES,
)


class Information(RaceRules):
    __slots__ = ()

    def _view(self, player: int | None) -> JSON:
        season = self.phase in SEASON_PHASES
        out: JSON = {
            "game": self.game.id,
            "seat": player,
            "phase": self.phase,
            "stage": "season" if season else ("quick play" if self.phase == QUICK else "race"),
            "to_act": self.to_act,
            "month": MONTHS[min(self.month, len(MONTHS) - 1)],
            "supply": {NAMES[k]: self.supply[k] for k in KINDS},
            "box": named_counts(self.box),
            "winners": self.winners,
            "season_no": self.season_no,
            "seasons": self.game.options["seasons"],
            "race_wins": self.race_wins(),
            "carried": [named_counts(c) for c in self.carried],
        }
        if season:
            out["turn"] = {
                "actions": self.actions_left,
                "buys": self.buys_left,
                "bonus": self.bonus,
                "spent": self.spent,
                "redraws": self.redraws,
                "tunnels": self.tunnels,
                "tossed": self.tossed,
            }
            out["seats"] = [
                {
                    "seat": s,
                    "hand_size": len(self.hands[s]),
                    "deck_size": len(self.decks[s]),
                    "discard": tally(self.discards[s]),
                    "in_play": [NAMES[c] for c in self.inplay[s]],
                    "cards": tally(
                        self.decks[s] + self.hands[s] + self.discards[s] + self.inplay[s]
                    ),
                }
                for s in range(self.n)
            ]
            if player is not None:
                out["hand"] = [NAMES[c] for c in self.hands[player]]
                out["deck"] = tally(self.decks[player])
                out["coins"] = self.coins(player)
            return out
        course = self.game.course
        out["course"] = course.to_json()
        out["laps"] = self.race_laps
        out["heat"] = self.in_heat
        out["finish"] = course.length * self.race_laps
        out["round"] = self.race_round
        out["queue"] = list(self.queue)
        out["grid"] = list(self.grid)
        out["speed_left"] = self.speed_left
        out["boosts_used"] = self.boosts_used
        out["cash"] = list(self.cash)
        out["aircraft"] = [
            {
                "seat": s,
                "pos": self.pos[s],
                "lap": min(self.pos[s] // course.length + 1, self.race_laps),
                "lane": self.lane[s],
                "altitude": actions.ALTITUDES[self.alt[s]],
                "speed": self.base_speed(s),
                "owed": self.tokens[s],
                **self.mods(s),
            }
            for s in range(self.n)
        ]
        return out

    def _determinize(self, player: int, seed: int) -> Information:
        """Redraw what ``player`` cannot see: its own deck order, others' hands and decks."""
        new = cast(Information, self.clone())  # a clone is of this state's own class
        new.dice = ()
        decks, hands = list(self.decks), list(self.hands)
        for s in range(self.n):
            # Canonical (sorted) order first: the redeal depends only on what the seat knows.
            pool = sorted(self.decks[s] if s == player else self.decks[s] + self.hands[s])
            seed = shuffle(seed, pool)
            if s == player:
                decks[s] = tuple(pool)
                continue
            size = len(self.hands[s])
            if s == self.to_act and self._shows_an_action_card() and size:
                _hold_an_action_card(pool, size)
            hands[s], decks[s] = tuple(sorted(pool[:size])), tuple(pool[size:])
        new.decks, new.hands = tuple(decks), tuple(hands)
        new.rng_seed = seed
        return new

    def _shows_an_action_card(self) -> bool:
        """The seat to act is seen pondering its action phase: it must hold an action card."""
        return self.phase == ACTION and self.actions_left > 0 and not self.redraws

    def check_invariants(self) -> None:
        """Every card is in the supply, the box, or with exactly one seat: the totals hold.

        Also: no penalty or speed below zero, and no two aircraft overlapping in a lane.
        """
        assert min(self.supply) >= 0, "a supply pile is negative"
        columns = zip(self.supply, self.box, *self.owned, *self.carried, strict=True)
        totals = list(map(sum, columns))
        if self.phase in SEASON_PHASES:  # the decks exist only in the season
            piles: tuple[int, ...] = ()
            for s in range(self.n):
                piles += self.decks[s] + self.hands[s] + self.discards[s] + self.inplay[s]
            for k in KINDS:
                totals[k] += piles.count(k)
        else:
            assert not any(self.decks + self.hands + self.discards + self.inplay), "stray cards"
        assert tuple(totals) == TOTALS, "cards not conserved"
        assert min(self.tokens) >= 0 and self.speed_left >= 0, "speed or penalty below zero"
        if self.phase in RACE_PHASES:
            pos, lane, length = self.pos, self.lane, self.game.course.length
            for a in range(self.n):
                for b in range(a + 1, self.n):
                    if lane[a] == lane[b]:
                        gap = (pos[a] - pos[b]) % length
                        assert HALF <= gap <= length - HALF, "two aircraft overlap"


def _hold_an_action_card(pool: list[int], size: int) -> None:
    """Swap an action card into the first ``size`` cards of a shuffled pool if none is there."""
    if any(c in ACTIONS for c in pool[:size]):
        return
    found = next((i for i in range(size, len(pool)) if pool[i] in ACTIONS), None)
    if found is not None:
        pool[0], pool[found] = pool[found], pool[0]
