"""A heuristic Race to Ace bot: it decides from its seat's view and the legal moves only.

Plan: fire whenever a weapon can be fired (at the leader first); clear any acquisition that
threatens it, with the cheapest counter; acquire only when it holds the weapon to follow up
(holding weapons for its acquisitions); flame out the leader; in a dogfight answer with the
cheapest counter, and as attacker counter only when the follow-up weapon is in hand; discard the
least useful card, valued with diminishing returns.
"""

from __future__ import annotations

from math import exp
from typing import Any

from aerodeck.core.api import Action, Observation
from aerodeck.core.decisions import GameBot
from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.actions import PASS, Move

# What answering with a card costs: the cheapest counter is spent first.
COST = {
    c.HOT_STICK: 0,
    c.GOLDEN_BIRD: 0,
    c.JAMMIT: 1,
    c.MANEUVER: 2,
    c.RADAR: 3,
    c.VISUAL: 3,
    c.MALFUNCTION: 4,
    c.FLAMEOUT: 5,
}
# How much the first copy of a card is worth keeping; later copies are worth less.
KEEP = {
    c.RADAR: 5,
    c.VISUAL: 5,
    c.MISSILE: 5,
    c.GUNS: 6,
    c.MALFUNCTION: 6,
    c.MANEUVER: 5,
    c.JAMMIT: 4,
    c.FLAMEOUT: 6,
    c.RELIGHT: 2,
    c.GOLDEN_BIRD: 20,
    c.HOT_STICK: 20,
}
WEAPON_FOR = {c.VISUAL: c.GUNS, c.RADAR: c.MISSILE}


class HeuristicBot(GameBot):
    def decide(self, observation: Observation) -> Action:
        view = observation.view
        legal = [a for a in observation.legal_actions if isinstance(a, Move)]
        me = observation.seat
        hand = c.hand_of([c.kind_of(w) for w in view["hand"] + view.get("wing", [])])
        phase = view["phase"]
        if phase in ("turn", "lost turn", "trim"):
            return (
                self._turn(view, me, hand, legal)
                if phase == "turn"
                else self._discard(view, me, hand, legal)
            )
        plays = [a for a in legal if a is not PASS]
        if not plays:
            return PASS
        if phase in ("fire", "react", "weapon"):
            return min(plays, key=lambda a: COST.get(a.card, 0))
        return self._answer(view, me, hand, plays, legal)

    # --- a normal turn ----------------------------------------------------------------------

    def _turn(
        self, view: dict[str, Any], me: int, hand: tuple[int, ...], legal: list[Move]
    ) -> Action:
        kills = {p["seat"]: p["kills"] for p in view["pilots"]}
        plays = [a for a in legal if not a.discard and a is not PASS]
        fire = [a for a in plays if a.card in (c.GUNS, c.MISSILE)]
        if fire:
            return max(fire, key=lambda a: (kills[a.pilot], self.rng.random()))
        for special in (c.RELIGHT, c.HOT_STICK, c.GOLDEN_BIRD):
            shown = [a for a in plays if a.card == special and a.pilot < 0 and a.stack < 0]
            if shown:
                return shown[0]
        threats = self._clear_threats(view, me, hand, plays)
        if threats is not None:
            return threats
        attack = [
            a
            for a in plays
            if a.card in WEAPON_FOR and a.stack < 0 and hand[WEAPON_FOR[a.card]] > 0
        ]
        if attack:
            return max(attack, key=lambda a: self._target_score(view, a))
        leader = max(kills.values())
        flameouts = [
            a
            for a in plays
            if a.card == c.FLAMEOUT
            and a.stack < 0
            and kills[a.pilot] == leader
            and not view["pilots"][a.pilot]["flameouts"]
            and (leader >= kills[me] or hand[c.FLAMEOUT] > 1)
        ]
        if flameouts:
            return flameouts[0]
        return self._discard(view, me, hand, legal)

    def _target_score(self, view: dict[str, Any], move: Move) -> float:
        """The leader first; then a pilot who cannot outmaneuver the VISUAL."""
        target = view["pilots"][move.pilot]
        score: float = 2.0 * target["kills"] + self.rng.random()
        if target["flameouts"] and move.card == c.VISUAL:
            score += 1.0  # a flamed-out pilot cannot MANEUVER
        return score

    def _clear_threats(
        self, view: dict[str, Any], me: int, hand: tuple[int, ...], plays: list[Move]
    ) -> Action | None:
        """An acquisition that lets someone fire at me: break, suppress or turn it, cheaply."""
        threatened = {a["ref"] for a in view["acquisitions"] if a["threatens"] == me}
        counters = []
        for move in plays:
            if move.stack >= 0:
                ref = f"{'V' if move.stack == c.VISUAL else 'R'}{move.source}>{move.pilot}"
                if ref in threatened and move.card not in (c.GUNS, c.MISSILE):
                    counters.append(move)
            elif move.card == c.VISUAL and any(
                a["by"] == me and a["on"] == move.pilot and a["cover"] == "maneuver"
                for a in view["acquisitions"]
            ):
                counters.append(move)
        if not counters:
            return None
        return min(counters, key=lambda a: self._answer_cost(a, hand))

    def _answer_cost(self, move: Move, hand: tuple[int, ...]) -> float:
        cost = float(COST.get(move.card, 3))
        if move.card == c.MANEUVER and hand[c.GUNS]:
            cost -= 1.5  # a MANEUVER turns the VISUAL round: I may shoot next
        return cost + self.rng.random() * 0.1

    def _discard(
        self, view: dict[str, Any], me: int, hand: tuple[int, ...], legal: list[Move]
    ) -> Action:
        discards = [a for a in legal if a.discard]
        if not discards:
            return legal[0]
        flamed = bool(view["pilots"][me]["flameouts"])

        def worth(move: Move) -> float:
            kind = move.card
            base = KEEP[kind] * (2.5 if kind == c.RELIGHT and flamed else 1.0)
            return base / max(1, hand[kind]) + self.rng.random() * 0.1

        return min(discards, key=worth)

    # --- dogfight answers -------------------------------------------------------------------

    def _answer(
        self,
        view: dict[str, Any],
        me: int,
        hand: tuple[int, ...],
        plays: list[Move],
        legal: list[Move],
    ) -> Action:
        fight = view["dogfight"]
        reveal = [a for a in plays if a.card == c.GOLDEN_BIRD]
        if reveal:
            return reveal[0]
        if fight and fight["attacker"] == me:
            # Attacker: the defender's counter stands unless I answer; worth a card only if the
            # acquisition then threatens me (outmaneuvered) or I hold the weapon to follow up.
            weapon = c.GUNS if fight["kind"] == "visual" else c.MISSILE
            outmaneuvered = any(
                a["by"] == me and a["threatens"] == me for a in view["acquisitions"]
            )
            if not outmaneuvered and not hand[weapon]:
                return PASS if PASS in legal else plays[0]
        return min(plays, key=lambda a: self._answer_cost(a, hand))


# --- evaluation of a position, for truncated search playouts ------------------------------------

WEAPON_OF = {"visual": c.GUNS, "radar": c.MISSILE}
FEATURES = (
    "bias",
    "kill lead",
    "my kills one short",
    "rival one short",
    "my kills two short",
    "rival two short",
    "threats on me",
    "threats on rival",
    "threats on rival, weapon in hand",
    "threats on me, my turn",
    "threats on rival, weapon in hand, my turn",
    "my turn",
    "I am downed",
    "rival downed",
    "my flameouts",
    "rival flameouts",
    "my HOT STICK shown",
    "rival HOT STICK shown",
    "my GOLDEN BIRD shown",
    "rival GOLDEN BIRD shown",
    "rival cards / 14",
    "my cards / 14",
    *(f"{name} cards held (at most 3)" for name in c.NAMES),
    *(f"any {name} held" for name in c.NAMES[:9]),
    "VISUAL and GUNS pairs held",
    "RADAR and MISSILE pairs held",
)
WEIGHTS: tuple[float, ...] = (
    -0.173,
    0.443,
    -0.098,
    0.12,
    0.044,
    0.062,
    -0.225,
    0.015,
    0.099,
    0.04,
    0.163,
    0.146,
    -0.482,
    0.723,
    -0.341,
    0.585,
    0.68,
    -0.536,
    2.55,
    -2.703,
    -0.126,
    0.011,
    -0.06,
    -0.069,
    -0.104,
    -0.104,
    0.069,
    -0.017,
    0.005,
    0.421,
    0.014,
    0.362,
    -0.104,
    0.048,
    0.009,
    -0.031,
    -0.067,
    0.168,
    0.08,
    0.043,
    0.5,
    -0.135,
    0.067,
    0.05,
)


def features(view: dict[str, Any]) -> list[float]:
    """What ``evaluate`` weighs, from the seat's view only (``FEATURES`` names them): the kill
    race against the best opponent, acquisitions that let either side fire, the turn, downed and
    flamed-out pilots, displayed specials, the cards each side holds (the rival's as a count),
    and the seat's own hand."""
    me = view["seat"]
    pilots = view["pilots"]
    mine = pilots[me]
    rival = max((p for p in pilots if p["seat"] != me), key=lambda p: p["kills"])
    need = view["kills_to_win"]
    hand = c.hand_of([c.kind_of(w) for w in view["hand"] + view.get("wing", [])])
    on_me = on_rival = armed = 0.0
    for acquisition in view["acquisitions"]:
        victim = acquisition["threatens"]
        if victim == me:
            on_me += 1
        elif victim == rival["seat"]:
            on_rival += 1
            armed += 1 if hand[WEAPON_OF[acquisition["kind"]]] else 0
    my_turn = 1.0 if view["turn"] == me else 0.0
    kills, rival_kills = mine["kills"], rival["kills"]
    return [
        1.0,
        float(kills - rival_kills),
        float(kills == need - 1),
        float(rival_kills == need - 1),
        float(kills == need - 2),
        float(rival_kills == need - 2),
        on_me,
        on_rival,
        armed,
        on_me * my_turn,
        armed * my_turn,
        my_turn,
        float(mine["downed"]),
        float(rival["downed"]),
        float(len(mine["flameouts"])),
        float(len(rival["flameouts"])),
        float(mine["hot_stick"]),
        float(rival["hot_stick"]),
        float(mine["golden_bird"]),
        float(rival["golden_bird"]),
        (rival["hand_size"] + rival["wing_size"]) / 14.0,
        (mine["hand_size"] + mine["wing_size"]) / 14.0,
        *(float(min(n, 3)) for n in hand),
        *(float(n > 0) for n in hand[:9]),
        float(min(hand[c.VISUAL], hand[c.GUNS])),
        float(min(hand[c.RADAR], hand[c.MISSILE])),
    ]


def evaluate(view: dict[str, Any]) -> float:
    """How good the position is for the seat whose view this is, in [0, 1]: a logistic
    regression of the game's result on ``features``, fitted on games between heuristic bots
    (``benchmarks/race_to_ace_value.py`` fits ``WEIGHTS``)."""
    return evaluate_features(features(view))


def evaluate_features(row: list[float]) -> float:
    """``evaluate`` of a position's ``features``."""
    lead = sum(w * x for w, x in zip(WEIGHTS, row, strict=True))
    return 1.0 / (1.0 + exp(-lead))
