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
from aerodeck.games.down_in_flames.actions import (
    Act,
    Altitude,
    Angle,
    Attack,
    CardMove,
    Fly,
    Move,
    Position,
    Range,
    React,
    Speed,
    Tone,
    Word,
    WordVerb,
    only,
)
from aerodeck.games.down_in_flames.data import DataSet

Words = dict[WordVerb, Word]  # the legal moves without arguments, by verb
ATTACKS = ("gun", "tone", "missile")
SITE = -2  # the site's place in a cycle (melee.SITE)


class TeamPilot:
    """Stateless apart from its random choice of aircraft among the strongest allowed."""

    def __init__(self, data: DataSet, value: dict[str, float], rng: random.Random) -> None:
        self.data = data
        self.value = value
        self.rng = rng

    def choose(self, view: JSON, legal: list[Move], words: Words) -> Move:
        handler: Callable[[JSON, list[Move], Words], Move | None] = getattr(
            self, "_" + view["phase"].replace("-", "_"), _none
        )
        choice = handler(view, legal, words)
        return choice if choice is not None else legal[0]

    def _cheapest(self, moves: Sequence[CardMove]) -> Move:
        return min(moves, key=lambda m: (self.value.get(m.card, 0.0), str(m)))

    def _pick(self, view: JSON, legal: list[Move], words: Words) -> Move:
        flies = only(legal, Fly)
        best = max(self.data.plane(m.aircraft).vp_loaded for m in flies)
        strong = [m for m in flies if self.data.plane(m.aircraft).vp_loaded >= 0.85 * best]
        return self.rng.choice(strong)

    def _alt_pick(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return next(m for m in only(legal, Altitude) if m.altitude == "medium")

    def _burner(self, view: JSON, legal: list[Move], words: Words) -> Move:
        me = view["aircraft"][view["deciding"]]
        return words["burner" if me["hand_size"] <= 3 else "no-burner"]

    def _discard(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return words["draw"]

    def _altitude(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return words["level"]

    def _follow(self, view: JSON, legal: list[Move], words: Words) -> Move:
        me = view["aircraft"][view["deciding"]]
        return words["follow" if me["hand_size"] >= 3 else "stay"]

    def _pay(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return self._cheapest(only(legal, CardMove))

    def _launch(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return words.get("launch2", words["launch"])

    def _angle(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """90° or 0° Angle: start against its usual target at its weapons' longest reach."""
        me = view["aircraft"][view["deciding"]]
        angles = only(legal, Angle)
        goal = self.target(view, {m.t for m in angles})
        band = str(me.get("reach") or "G").lower()
        mine = [m for m in angles if m.t == goal]
        return next((m for m in mine if m.band == band), mine[0])

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

    def _speed(self, view: JSON, legal: list[Move], words: Words) -> Move:
        moves = only(legal, Speed)
        if not moves:
            return words["end"]
        goal = self.target(view, {m.t for m in moves})
        mine = [m for m in moves if m.t == goal]
        pos = [m for m in mine if m.kind == "pos"]
        closing = [m for m in mine if m.kind == "range" and (m.me < 0 or m.foe < 0)]
        return (pos or closing)[0] if pos or closing else words["end"]

    def _play(self, view: JSON, legal: list[Move], words: Words) -> Move:
        me = view["aircraft"][view["deciding"]]
        aimed = [m for m in legal if m.t >= 0]
        if not aimed:
            acts = only(legal, Act)
            return acts[0] if acts and me["hand_size"] > 3 else words["end"]
        goal = self.target(view, {m.t for m in aimed})
        mine = [m for m in aimed if m.t == goal] or aimed
        spare = me["hand_size"] >= 2
        for kind in (Attack, Tone):
            shots = only(mine, kind) or only(aimed, kind)
            if shots and spare:
                return self._cheapest(shots)
        if me["hand_size"] <= 2:
            return words["end"]
        pos = only(mine, Position)
        if pos:
            return max(pos, key=lambda m: (m.steps, -self.value.get(m.card, 0.0)))
        acts = [m for m in only(mine, Act) if m.direction == ""]
        if acts:
            return acts[0]
        closing = [m for m in only(mine, Range) if m.me + m.foe < 0]
        if closing and me["hand_size"] > 3:
            return self._cheapest(closing)
        return words["end"]

    def _react(self, view: JSON, legal: list[Move], words: Words) -> Move:
        cycle = view["cycle"]
        craft = view["aircraft"]
        if cycle["use"] == "site":
            answers = only(legal, React)
            if view["deciding"] == SITE:
                return answers[0] if answers else words["pass"]  # its hand is spent anyway
            if "cm" in words:
                return words["cm"]
            return self._cheapest(answers) if answers else words["pass"]
        me = craft[view["deciding"]]
        attacker_side = craft[cycle["by"]]["side"]
        mine = attacker_side == me["side"]
        answers = only(legal, React)
        if not mine and "cm" in words:
            return words["cm"]
        if not answers:
            return words["pass"]
        if mine:
            if cycle["use"] == "missile":
                return answers[0]
            return self._cheapest(answers) if me["hand_size"] >= 3 else words["pass"]
        if cycle["use"] in ATTACKS:
            return self._cheapest(answers)  # for itself, or for a wingman (Teamwork)
        cheap = [m for m in answers if self.value.get(m.card, 0.0) < 2.5]
        threat = cycle["use"] == "pos" and view["deciding"] == cycle["target"]
        return self._cheapest(answers) if cheap or threat else words["pass"]


def _none(view: JSON, legal: list[Move], words: Words) -> Move | None:
    return None
