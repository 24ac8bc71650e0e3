"""Why a move is refused now, in players' words (``DifState.why_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.api import OVER, Action
from aerodeck.games.down_in_flames.actions import Move
from aerodeck.games.down_in_flames.phases import ANGLE, DISCARD, NO_CARD, PHASES, PICK, REACT, SKILL
from aerodeck.games.down_in_flames.skills import why_expertise

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.rules import DifState


def why_illegal(state: DifState, action: Action) -> str:
    """Why ``action`` is refused now: the game's end, an Aircraft Expertise card, then the
    duel's reasons (``why``) or the several-aircraft game's."""
    if state.phase == OVER:
        return "the game is over"
    if not isinstance(action, Move):
        return f"{action} is not a Locked-On move"
    if action.t >= 0 and not 0 <= action.t < state.n:
        return f"there is no aircraft @{action.t}"
    a = state.lent_by if state.lent != NO_CARD else state._expertise_actor()
    if state.duel and state.to_act is not None:
        a = state.to_act
    if a >= 0:
        lent = state._title(state.lent) if state.lent != NO_CARD else ""
        used = state.pool_used[a] == state.turn_no
        reason = why_expertise(action, lent, state.pools[a], used)
        if reason:
            return reason
    elif action.verb == "expertise":
        return "no aircraft of yours may play an Aircraft Expertise card now (R60)"
    if state.duel:
        return why(state, action)
    if action.verb not in PHASES[state.phase].verbs:
        return f"not now: {PHASES[state.phase].words}"
    if state.phase == SKILL:
        return (
            "skills (R56, R59): one of the mission's options, or skills within the VP left "
            "and each at most once, then 'ready'; a rating skill first takes its steps"
        )
    if state.loading:
        return "missile loads (R57): 'ready', 'clean' or 'pairs <missile> 1|2' within the limit"
    if state.phase == ANGLE:
        return "90°/0° Angle (R58): 'angle g|hs|rh|ah @<enemy>'"
    return (
        f"not now ({state.phase}): a card, maneuver or attack must name an enemy you may act "
        "against (only the one you hold at Advantage or Tailing, free slots: two Advantage "
        "and one Tailing per aircraft), and follow the duel's rules; see 'aerodeck rules'"
    )


def why(state: DifState, move: Move) -> str:
    """The rule that forbids ``move`` now, in players' words."""
    phase = state.phase
    asks = PHASES[phase].words
    if move.verb not in PHASES[phase].verbs:
        return f"not now: {asks}"
    seat = state.to_act
    assert seat is not None
    data = state.data
    if phase == PICK and state.loading:
        return (
            "a custom load takes 1 or 2 pairs of each missile type in service by the agreed "
            "year, within the VP limit ('pairs <missile> 1|2', 'clean', then 'ready')"
        )
    if phase == PICK:
        return f"{move.name} is beyond the agreed VP limit or year"
    if phase == SKILL:
        return _why_skill(state, move)
    if move.verb == "neutral" and phase == DISCARD:
        return "only Bat-Turn returns you to Neutral here, and only from Disadvantaged or Tailed"
    if move.verb == "timely":
        return "Timely is used once per game, with cards in hand"
    if move.verb == "launch2":
        return "a 2nd missile needs the optional rule and two missiles of that type"
    if move.verb == "lucky":
        return "Lucky turns a countermeasure into an Ace Pilot once per game, from your hand"
    if move.verb in ("agile", "jink"):
        return (
            "Agile (any time) and Jink (against a gun attack on you) make a card an Ace Pilot "
            "once per game; a card that can react anyway is played with 'react'"
        )
    if move.verb == "climb":
        return "you cannot climb above High, and a climb costs a card you do not have"
    if move.verb == "dive":
        return "you cannot dive below Low"
    if move.verb == "speed":
        return "that maneuver leaves the range bands G..AH or gains a position beyond your weapons"
    if move.verb == "cm":
        return "countermeasures answer only a Tone or the missile's cards, while you have some"
    if not move.name or move.verb in ("fly", "alt"):
        return f"not now: {asks}"
    card = data.card(move.name)
    hand, source = state._source(state.reactor) if phase == REACT else (state.hands[seat], "hand")
    if card.index not in hand:
        if source == "missile":
            return f"the missile answers only from its missile hand, which holds no {card.title}"
        return f"you do not hold {card.title}"
    if move.verb == "react":
        top = state.chain[-1]
        if source == "missile" and not card.usable_in_missile_hand:
            return f"{card.title} is a dead card in a missile hand"
        return f"{card.title} cannot react to {top[2]}: its React To list does not name it"
    if move.verb == "pos":
        return (
            f"{card.title} moves at most {card.positioning} position steps, never past Tailing, "
            "and you may gain Advantage or Tailing only within your weapons' range"
        )
    if move.verb == "range":
        return f"{card.title} changes range by at most {card.range} steps in all, within G..AH"
    if move.verb == "attack":
        return "a gun attack needs a gun, Gun range at the same altitude, and the discards it costs"
    if move.verb == "tone":
        return (
            "that missile needs a counter left, a value for your position (Neutral, Advantage "
            "or Tailing) and its own range (Active Homing also fires at Radar Homing range)"
        )
    if move.verb == "act":
        return {
            "pos_to_neutral": "Barrel Roll's action works only when Disadvantaged or Tailed",
            "disadv_to_adv": f"{card.title}'s action works only when Disadvantaged",
            "altitude_1": "Vertical Roll stays within Low..High, and climbing costs a card",
        }.get(card.action, f"{card.title} has no action of its own")
    return f"not now: {asks}"


def _why_skill(state: DifState, move: Move) -> str:
    if state.rate_left:
        return "first choose the rating your skill changes ('rate <rating> up|down')"
    if move.verb == "rate":
        return "no skill of yours has a rating change left to choose"
    if move.verb == "skill":
        return (
            "a skill is taken once, within the VP left under the limit; campaign skills and Drift "
            "Factor are not offered in a dogfight; Fighter Pilot needs a gun"
        )
    return "not now"
