"""Race Week: the grid, turns, altitude, Boosts, lanes, passing, pylons and the finish; also
championships of several seasons, Legacy and heat races.
"""

from __future__ import annotations

from aerodeck.core.tuples import replace_at as put
from aerodeck.games.air_racing import actions
from aerodeck.games.air_racing.cards import (
    BOOST,
    FAST,
    KINDS,
    SPEED_MODS,
    TOTALS,
)
from aerodeck.games.air_racing.season import SeasonRules
from aerodeck.games.air_racing.state import (
    ALT,
    BACKFIRE_PENALTY,
    BOOST_SPEED,
    BOOSTING,
    CANCEL,
    CLIMB,
    CUT_PENALTY,
    MID,
    SIDE,
    SIDESTEP,
    bump,
    skill_check_passes,
)


class RaceRules(SeasonRules):
    """The racing half, and what links one season's race to the next season."""

    __slots__ = ()

    # --- Race Week begins; championships, Legacy and heats -----------------------------------

    def _start_race_week(self) -> None:
        """Carried (Legacy) mods join the season's; the grid is set, maybe by a heat first."""
        self.owned = tuple(
            tuple(a + b for a, b in zip(have, kept, strict=True))
            for have, kept in zip(self.owned, self.carried, strict=True)
        )
        self.carried = ((0,) * len(KINDS),) * self.n
        self._emit({"type": "season_end", "mods": [self.mods(s) for s in range(self.n)]})
        self._qualify()
        self.in_heat = self.game.options["heat_laps"] > 0
        if self.in_heat:
            self._emit({"type": "heat", "laps": self.race_laps})
        self._start_round()

    @property
    def race_laps(self) -> int:
        """Laps of the race being flown: the heat's, or the main race's."""
        return int(self.game.options["heat_laps"]) if self.in_heat else self.game.laps

    def _line_up(self, order: list[int]) -> None:
        """A fresh start: the grid in ``order`` (inside out), at Mid altitude, no penalties owed."""
        self.grid = tuple(order)
        self.lane = tuple(order.index(s) for s in range(self.n))
        self.pos = (0,) * self.n
        self.alt = (MID,) * self.n
        self.tokens = (0,) * self.n
        self.race_round = 0

    def _next_season(self) -> None:
        """R21: Legacy keeps each aircraft's speed mods; everything else goes back to the supply."""
        legacy = self.game.options["legacy"]
        self.carried = tuple(
            tuple(have[k] if legacy and k in SPEED_MODS else 0 for k in KINDS)
            for have in self.owned
        )
        self.owned = ((0,) * len(KINDS),) * self.n
        self.supply = tuple(TOTALS[k] - sum(c[k] for c in self.carried) for k in KINDS)
        self.box = (0,) * len(KINDS)
        self.cash = (0,) * self.n
        self._line_up(list(range(self.n)))
        self.grid = ()
        self.season_no += 1
        self._start_season()

    # --- Race Week ----------------------------------------------------------------------------

    def _qualify(self) -> None:
        """R1: the grid by speed, fastest on the inside; ties rolled off on the D10."""
        rolls: dict[int, list[int]] = {s: [] for s in range(self.n)}
        speeds = [self.base_speed(s) for s in range(self.n)]
        order = sorted(range(self.n), key=lambda s: -speeds[s])
        while True:
            clash = [
                s
                for s in order
                if sum(1 for t in order if speeds[t] == speeds[s] and rolls[t] == rolls[s]) > 1
            ]
            if not clash:
                break
            for s in clash:
                rolls[s].append(self._d10())
            order = sorted(range(self.n), key=lambda s: (-speeds[s], [-r for r in rolls[s]]))
        self._line_up(order)
        self._emit(
            {
                "type": "grid",
                "order": order,
                "rolls": {str(s): r for s, r in rolls.items() if r},
            }
        )

    def _places(self) -> list[int]:
        """First place to last: furthest along, the inside lane first on a tie (R2)."""
        pos, lane = self.pos, self.lane
        return sorted(range(self.n), key=lambda s: (-pos[s], lane[s]))

    def _start_round(self) -> None:
        self.race_round += 1
        self.queue = tuple(self._places())
        self._emit({"type": "round", "round": self.race_round, "order": list(self.queue)})
        self._start_race_turn()

    def _start_race_turn(self) -> None:
        """Last turn's penalties come off this turn's speed, which never goes below zero (R12)."""
        seat, self.queue = self.queue[0], self.queue[1:]
        self.to_act = seat
        self.traffic = self._traffic(seat)
        owed = self.tokens[seat]
        speed = self.base_speed(seat) - owed
        if owed:
            self.tokens = put(self.tokens, seat, 0)
        self.speed_left = max(0, speed)
        self.boosts_used = 0
        self.phase = ALT
        self._emit({"type": "race_turn", "seat": seat, "speed": self.speed_left, "paid": owed})

    def _altitude(self, seat: int, target: int) -> None:
        """Climbing costs 1 speed a level, diving gives 1 (only paid-for climbs are legal)."""
        change = target - self.alt[seat]
        if change:
            self.speed_left -= CLIMB * change
            self.alt = put(self.alt, seat, target)
        self._emit(
            {
                "type": "altitude",
                "seat": seat,
                "to": actions.ALTITUDES[target],
                "speed": self.speed_left,
            }
        )
        self.phase = BOOSTING

    def _use_boost(self, seat: int) -> None:
        self.owned = put(self.owned, seat, bump(self.owned[seat], BOOST, -1))
        self.box = bump(self.box, BOOST, 1)

    def _boost(self, seat: int) -> None:
        """R5: the backfire check is rolled at once; each extra Boost this turn is 1 harder."""
        self._use_boost(seat)
        modifier = -self.boosts_used
        self.boosts_used += 1
        face = self._d10()
        fast = self.owned[seat][FAST]
        ok = skill_check_passes(face, fast, modifier)
        if ok:
            self.speed_left += BOOST_SPEED
        self._emit(
            {
                "type": "boost",
                "seat": seat,
                "roll": face,
                "fast": fast,
                "modifier": modifier,
                "passed": ok,
                "speed": self.speed_left,
            }
        )
        if not ok:
            if self.owned[seat][BOOST]:
                self.phase = CANCEL
            else:
                self._settle_backfire(seat, False)

    def _settle_backfire(self, seat: int, cancel: bool) -> None:
        """R6: another Boost may be spent to cancel the -3 backfire penalty (no speed, no check)."""
        if cancel:
            self._use_boost(seat)
        else:
            self.tokens = put(self.tokens, seat, self.tokens[seat] + BACKFIRE_PENALTY)
        self._emit({"type": "backfire", "seat": seat, "cancelled": cancel})
        self.phase = BOOSTING

    def _traffic(self, seat: int) -> int:
        """The occupancy index of ``seat``'s turn, a bit mask: bit ``lane * length + step`` (step
        round the loop) is set where its nose would overlap another aircraft. The others do not
        move during the turn, so it is built once, when the turn starts (``self.traffic``)."""
        course = self.game.course
        length, masks = course.length, course.overlap
        pos, lanes = self.pos, self.lane
        traffic = 0
        for other in range(self.n):
            if other != seat:
                traffic |= masks[lanes[other] * length + pos[other] % length]
        return traffic

    def _free(self, step: int, lane: int) -> bool:
        """No other aircraft in ``lane`` overlaps the aircraft to act with its nose at ``step``."""
        length = self.game.course.length
        return not self.traffic >> lane * length + step % length & 1

    def _lanes_open(self, seat: int) -> range:
        """Lanes reachable by a lane change before flying: 1 speed a lane, through clear air.

        Each step outward needs the lane before it, so the open lanes are one run round ``here``.
        """
        here = self.lane[seat]
        course = self.game.course
        length = course.length
        at = self.pos[seat] % length
        traffic = self.traffic
        reach = self.speed_left // SIDESTEP
        low = here
        while low > 0 and here - low < reach and not traffic >> (low - 1) * length + at & 1:
            low -= 1
        high = here
        last = course.lanes - 1
        while high < last and high - here < reach and not traffic >> (high + 1) * length + at & 1:
            high += 1
        return range(low, high + 1)

    def _fly(self, seat: int, lane: int) -> None:
        """R18: change lanes (1 speed a lane), then fly."""
        here = self.lane[seat]
        if lane != here:
            cost = SIDESTEP * abs(lane - here)
            self.speed_left -= cost
            self._emit({"type": "lane", "seat": seat, "to": lane, "cost": cost})
            self.lane = put(self.lane, seat, lane)
        self._move(seat)

    def _side(self, seat: int, side: int) -> None:
        lane = self.lane[seat] + (1 if side else -1)
        self._sidestep(seat, lane)
        self._move(seat)

    def _sidestep(self, seat: int, lane: int) -> None:
        self.speed_left -= SIDESTEP
        self.lane = put(self.lane, seat, lane)
        self._emit({"type": "sidestep", "seat": seat, "to": lane})

    def pass_sides(self, lane: int, step: int) -> list[int]:
        """R7/R8: the ways round a blocking aircraft: outside, or inside with a lane to spare."""
        out = []
        if lane - 1 >= 1 and self._free(step, lane - 1):
            out.append(0)
        if lane + 1 < self.game.course.lanes and self._free(step, lane + 1):
            out.append(1)
        return out

    def _move(self, seat: int) -> None:
        """Fly the speed left a half tile at a time (R7, R9, R17): all of it, where possible.

        The position and the speed are kept in locals while flying and written back at the end
        (or when a choice of side interrupts the flight).
        """
        course = self.game.course
        length, bends, traffic = course.length, course.bends, self.traffic
        finish = length * self.race_laps
        start = pos = self.pos[seat]
        lane = self.lane[seat]
        ring = traffic >> lane * length  # this lane's places from bit 0
        speed = self.speed_left
        while speed > 0:
            step = pos + 1
            if ring >> step % length & 1:
                sides = self.pass_sides(lane, pos) if speed >= SIDESTEP else []
                if len(sides) == 2:
                    self.pos = put(self.pos, seat, pos)
                    self.speed_left = speed
                    self.phase = SIDE
                    return
                if not sides:
                    break
                lane += 1 if sides[0] else -1
                ring = traffic >> lane * length
                self.speed_left = speed
                self._sidestep(seat, lane)
                speed = self.speed_left
                continue
            bend = bends[step % length]
            cost = 1 + bend * lane if bend > 0 else 1
            if cost > speed:
                break
            speed -= cost
            pos = step
            if bend >= 0 and lane == 0:
                self._round_pylon(seat, step)
            if step == finish:
                self._emit({"type": "finish_line", "seat": seat})
        self.pos = put(self.pos, seat, pos)
        self._emit(
            {
                "type": "fly",
                "seat": seat,
                "from": start,
                "to": pos,
                "lane": lane,
                "unused": speed,
            }
        )
        self.speed_left = 0
        if pos >= finish and self.tokens[seat]:
            self._pay_backwards(seat)
        self._next_racer()

    def _round_pylon(self, seat: int, step: int) -> None:
        """Rounding a pylon in lane 0: the pylon-cut skill check."""
        pylon = self.game.course.pylon_at(step)
        assert pylon is not None
        face = self._d10()
        fast = self.owned[seat][FAST]
        ok = skill_check_passes(face, fast)
        if not ok:
            self.tokens = put(self.tokens, seat, self.tokens[seat] + CUT_PENALTY)
        self._emit(
            {
                "type": "pylon_check",
                "seat": seat,
                "pylon": pylon.name,
                "roll": face,
                "fast": fast,
                "passed": ok,
            }
        )

    def _pay_backwards(self, seat: int) -> None:
        """R10: penalties still owed at the finish are paid by flying backwards."""
        owed = self.tokens[seat]
        back = self.pos[seat] - owed
        while back > 0 and not self._free(back, self.lane[seat]):
            back -= 1
        self.pos = put(self.pos, seat, back)
        self.tokens = put(self.tokens, seat, 0)
        self._emit({"type": "pay_back", "seat": seat, "owed": owed, "to": back})

    def _next_racer(self) -> None:
        if self.queue:
            self._start_race_turn()
            return
        finish = self.game.course.length * self.race_laps
        done = [s for s in range(self.n) if self.pos[s] >= finish]
        if done:
            best = min(done, key=lambda s: (-self.pos[s], self.lane[s]))
            self._race_over(best, "crossed the finish line")
        elif self.race_round >= self.game.options["max_rounds"]:
            self._race_over(self._places()[0], "round limit reached: the leader wins")
        else:
            self._start_round()

    def _race_over(self, winner: int, why: str) -> None:
        """A heat sets the final's grid; a race scores; the last race ends the championship."""
        self.queue = ()
        if self.in_heat:
            order = [winner, *(s for s in self._places() if s != winner)]
            self._emit({"type": "heat_end", "winner": winner, "why": why, "order": order})
            self.in_heat = False
            self._line_up(order)
            self._emit({"type": "grid", "order": order, "rolls": {}})
            self._start_round()
            return
        self.champions += (winner,)
        self._emit(
            {
                "type": "race_end",
                "winner": winner,
                "why": why,
                "positions": list(self.pos),
                "season": self.season_no,
            }
        )
        if self.season_no < self.game.options["seasons"]:
            self._next_season()
            return
        best = self.championship_leader()
        self._end([best])
        if self.game.options["seasons"] > 1:
            self._emit({"type": "champion", "seat": best, "wins": self.race_wins()})

    def race_wins(self) -> list[int]:
        return [self.champions.count(s) for s in range(self.n)]

    def _standing(self, seat: int) -> tuple[int, int]:
        """After the champion, the seats by race wins, then by how far the last race took them
        (the results' order)."""
        return self.race_wins()[seat], self.pos[seat]

    def championship_leader(self) -> int:
        """R22: most race wins; a tie goes to whoever won most recently."""
        wins = self.race_wins()
        most = max(wins)
        for winner in reversed(self.champions):
            if wins[winner] == most:
                return winner
        return self.champions[-1]
