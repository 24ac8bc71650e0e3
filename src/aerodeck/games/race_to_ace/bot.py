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

KILL_WEIGHT = 1.0  # a kill ahead of the best opponent
THREAT_WEIGHT = 0.45  # an acquisition that lets one pilot fire at the other next
FLAMEOUT_WEIGHT = 0.3  # a flamed-out pilot cannot MANEUVER until relit
DOWNED_WEIGHT = 0.3  # a downed pilot loses its next turn
HAND_WEIGHT = 0.02  # per point of kept-card value (``KEEP``) in hand, two copies at most


def evaluate(view: dict[str, Any]) -> float:
    """How good the position is for the seat whose view this is, in [0, 1]: kills ahead of the
    best opponent, acquisitions threatening each side, flameouts and downed pilots, and what the
    seat's own hand holds (the opponents' hands it cannot see)."""
    me = view["seat"]
    pilots = view["pilots"]

    def standing(p: dict[str, Any]) -> float:
        return float(
            KILL_WEIGHT * p["kills"]
            - FLAMEOUT_WEIGHT * len(p["flameouts"])
            - DOWNED_WEIGHT * p["downed"]
        )

    mine = standing(pilots[me])
    rival = max(standing(p) for p in pilots if p["seat"] != me)
    for acquisition in view["acquisitions"]:
        if acquisition["threatens"] is None:
            continue
        sign = -1.0 if acquisition["threatens"] == me else 1.0
        mine += sign * THREAT_WEIGHT
    hand = c.hand_of([c.kind_of(w) for w in view["hand"] + view.get("wing", [])])
    held = sum(KEEP[k] * min(n, 2) for k, n in enumerate(hand) if k in KEEP)
    lead = mine - rival + HAND_WEIGHT * (held - 40)
    return 1.0 / (1.0 + exp(-lead))
