"""The heuristic pilot with several aircraft a side: picking targets, covering a wingman and
Teamwork. It decides from its seat's melee view and the legal moves only (as ``bot.py``).

Targets: the enemy it already holds; else an enemy holding one of its side at Advantage or
Tailing (covering the wingman); else the enemy with the fewest cards. Teamwork: a friend answers
an attack on a wingman with its cheapest card that can.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from aerodeck.core.api import JSON
from aerodeck.games.down_in_flames.actions import Move
from aerodeck.games.down_in_flames.data import DataSet

ATTACKS = ("gun", "tone", "missile")
SITE = -2  # the site's place in a cycle (melee.SITE)


class TeamPilot:
    """Stateless apart from its random choice of aircraft among the strongest allowed."""

    def __init__(self, data: DataSet, value: dict[str, float], rng: random.Random) -> None:
        self.data = data
        self.value = value
        self.rng = rng

    def choose(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        handler: Callable[[JSON, list[Move], dict[str, list[Move]]], Move | None] = getattr(
            self, "_" + view["phase"].replace("-", "_"), _none
        )
        choice = handler(view, legal, by_verb)
        return choice if choice is not None else legal[0]

    def _cheapest(self, moves: Sequence[Move]) -> Move:
        return min(moves, key=lambda m: (self.value.get(m.name, 0.0), str(m)))

    def _pick(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        best = max(self.data.plane(m.name).vp_loaded for m in legal)
        strong = [m for m in legal if self.data.plane(m.name).vp_loaded >= 0.85 * best]
        return self.rng.choice(strong)

    def _alt_pick(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        return next(m for m in legal if m.name == "medium")

    def _burner(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        me = view["aircraft"][view["deciding"]]
        return by_verb["burner" if me["hand_size"] <= 3 else "no-burner"][0]

    def _discard(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        return by_verb["draw"][0]

    def _altitude(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        return by_verb["level"][0]

    def _follow(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        me = view["aircraft"][view["deciding"]]
        return by_verb["follow" if me["hand_size"] >= 3 else "stay"][0]

    def _pay(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        return self._cheapest(legal)

    def _launch(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        return by_verb.get("launch2", by_verb["launch"])[0]

    def _angle(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        """90° or 0° Angle: start against its usual target at its weapons' longest reach."""
        me = view["aircraft"][view["deciding"]]
        goal = self.target(view, {m.t for m in legal})
        band = str(me.get("reach") or "G").lower()
        mine = [m for m in legal if m.t == goal]
        return next((m for m in mine if m.name == band), mine[0])

    def target(self, view: JSON, candidates: set[int]) -> int:
        """The enemy to fly against (see the module docstring)."""
        craft = view["aircraft"]
        me = craft[view["deciding"]]
        if me["on"] is not None and me["on"]["target"] in candidates:
            return int(me["on"]["target"])
        threats = [
            c["aircraft_no"]
            for c in craft
            if c["aircraft_no"] in candidates
            and c["on"] is not None
            and craft[c["on"]["target"]]["side"] == me["side"]
        ]
        if threats:
            return int(threats[0])
        return int(min(candidates, key=lambda t: (craft[t]["hand_size"], t)))

    def _speed(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        moves = by_verb.get("speed", [])
        if not moves:
            return by_verb["end"][0]
        goal = self.target(view, {m.t for m in moves})
        mine = [m for m in moves if m.t == goal]
        pos = [m for m in mine if m.name == "pos"]
        closing = [m for m in mine if m.name == "range" and (m.a < 0 or m.b < 0)]
        return (pos or closing or [by_verb["end"][0]])[0]

    def _play(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        me = view["aircraft"][view["deciding"]]
        aimed = [m for m in legal if m.t >= 0]
        if not aimed:
            return (
                by_verb.get("act", by_verb["end"])[0] if me["hand_size"] > 3 else by_verb["end"][0]
            )
        goal = self.target(view, {m.t for m in aimed})
        mine = [m for m in aimed if m.t == goal] or aimed
        spare = me["hand_size"] >= 2
        for verb in ("attack", "tone"):
            shots = [m for m in mine if m.verb == verb] or [m for m in aimed if m.verb == verb]
            if shots and spare:
                return self._cheapest(shots)
        if me["hand_size"] <= 2:
            return by_verb["end"][0]
        pos = [m for m in mine if m.verb == "pos"]
        if pos:
            return max(pos, key=lambda m: (m.a, -self.value.get(m.name, 0.0)))
        acts = [m for m in mine if m.verb == "act" and m.extra == ""]
        if acts:
            return acts[0]
        closing = [m for m in mine if m.verb == "range" and m.a + m.b < 0]
        if closing and me["hand_size"] > 3:
            return self._cheapest(closing)
        return by_verb["end"][0]

    def _react(self, view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move:
        cycle = view["cycle"]
        craft = view["aircraft"]
        if cycle["use"] == "site":
            answers = by_verb.get("react", [])
            if view["deciding"] == SITE:
                return answers[0] if answers else by_verb["pass"][0]  # its hand is spent anyway
            if "cm" in by_verb:
                return by_verb["cm"][0]
            return self._cheapest(answers) if answers else by_verb["pass"][0]
        me = craft[view["deciding"]]
        attacker_side = craft[cycle["by"]]["side"]
        mine = attacker_side == me["side"]
        answers = by_verb.get("react", [])
        if not mine and "cm" in by_verb:
            return by_verb["cm"][0]
        if not answers:
            return by_verb["pass"][0]
        if mine:
            if cycle["use"] == "missile":
                return answers[0]
            return self._cheapest(answers) if me["hand_size"] >= 3 else by_verb["pass"][0]
        if cycle["use"] in ATTACKS:
            return self._cheapest(answers)  # for itself, or for a wingman (Teamwork)
        cheap = [m for m in answers if self.value.get(m.name, 0.0) < 2.5]
        threat = cycle["use"] == "pos" and view["deciding"] == cycle["target"]
        return self._cheapest(answers) if cheap or threat else by_verb["pass"][0]


def _none(view: JSON, legal: list[Move], by_verb: dict[str, list[Move]]) -> Move | None:
    return None
