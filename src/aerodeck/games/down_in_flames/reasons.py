"""Why a move is refused now, in players' words (``DifState.why_illegal``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from aerodeck.core.api import OVER, Action
from aerodeck.core.i18n import _
from aerodeck.games.down_in_flames import wording
from aerodeck.games.down_in_flames.actions import (
    PLAYS,
    Act,
    Attack,
    CardMove,
    Expertise,
    Fly,
    Move,
    Pairs,
    Position,
    Range,
    Rate,
    React,
    Skill,
    Speed,
    Tone,
    Wild,
    Word,
)
from aerodeck.games.down_in_flames.data import slug
from aerodeck.games.down_in_flames.phases import (
    ANGLE,
    DISCARD,
    NO_CARD,
    PHASES,
    PICK,
    REACT,
    SKILL,
    Hand,
)

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.rules import DifState


def why_illegal(state: DifState, action: Action) -> str:
    """Why ``action`` is refused now: the game's end, an Aircraft Expertise card, then the
    rule that forbids the move (``why``)."""
    if state.phase == OVER:
        return _("the game is over")
    if not isinstance(action, Move):
        return _("{move} is not a Locked-On move", move=action)
    if action.t >= 0 and not 0 <= action.t < state.n_aircraft:
        return _("there is no aircraft @{number}", number=action.t)
    a = state.expertise_owner if state.expertise_card != NO_CARD else state._expertise_actor()
    if state.duel and state.to_act is not None:
        a = state.to_act
    if a >= 0:
        lent = state._title(state.expertise_card) if state.expertise_card != NO_CARD else ""
        used = state.flights[a].pool_given_turn == state.turns_flown
        reason = why_expertise(action, lent, state.flights[a].pool, used)
        if reason:
            return reason
    elif isinstance(action, Expertise):
        return _("no aircraft of yours may play an Aircraft Expertise card now (R60)")
    return why(state, action)


def why_expertise(move: Move, lent: str, pool: Hand, used: bool) -> str:
    """Why an Aircraft Expertise move is refused (R60), or "" when the reason lies elsewhere.

    ``lent`` is the title of the pool card taken out and awaiting its play ("" when none);
    ``pool`` the acting aircraft's pool, ``used`` whether it drew from it this aircraft turn."""
    if lent and not (isinstance(move, PLAYS) and move.card == slug(lent)):
        return _("you took {card} from your Aircraft Expertise pool: play it now (R60)", card=lent)
    if not isinstance(move, Expertise):
        return ""
    if not pool:
        return _("you hold no Aircraft Expertise cards to play now (R60)")
    if used:
        return _("one Aircraft Expertise card per aircraft turn (R60)")
    return _(
        "an Aircraft Expertise card is played only as a card (never to pay a cost), on your "
        "Play Cards step or as a reaction from your hand, and only when it has a play now (R60)"
    )


def why(state: DifState, move: Move) -> str:
    """The rule that forbids ``move`` now, in players' words."""
    phase = state.phase
    asks = PHASES[phase].asks()
    if not PHASES[phase].accepts(move):
        return _("not now: {asks}", asks=asks)
    seat = state.to_act
    assert seat is not None
    data = state.data
    if phase == ANGLE:
        return asks
    if phase == PICK and state.loading:
        return _(
            "a custom load takes 1 or 2 pairs of each missile type in service by the agreed "
            "year, within the VP limit ('pairs <missile> 1|2', 'clean', then 'ready')"
        )
    if phase == PICK:
        chosen = (
            move.aircraft
            if isinstance(move, Fly)
            else move.missile
            if isinstance(move, Pairs)
            else ""
        )
        printed = [plane.name for plane in data.aircraft] + [m.name for m in data.missiles]
        named = {slug(name): name for name in printed}
        # {name}: the aircraft or missile as printed (the English text names it by notation)
        return _(
            "{chosen} is beyond the agreed VP limit or year",
            chosen=chosen,
            name=named.get(chosen, chosen),
        )
    if phase == SKILL:
        return _why_skill(state, move)
    if isinstance(move, Word):
        if move.verb == "neutral" and phase == DISCARD:
            return _(
                "only Bat-Turn returns you to Neutral here, and only from Disadvantaged or Tailed"
            )
        return _why_of(move.verb) or _("not now: {asks}", asks=asks)
    if isinstance(move, Wild | Speed):
        return _why_of(type(move))
    if not isinstance(move, CardMove):
        return _("not now: {asks}", asks=asks)
    actor = state._decider()
    if actor is None or actor < 0:
        actor = seat
    if move.t >= 0:
        target = _why_target(state, actor, move.t)
        if target:
            return target
    card = data.card(move.card)
    hand, source = state._source(state.reactor) if phase == REACT else (state.hands[actor], "hand")
    if card.index not in hand:
        if source == "missile":
            return _(
                "the missile answers only from its missile hand, which holds no {card}",
                card=card.title,
            )
        return _("you do not hold {card}", card=card.title)
    match move:
        case React():
            if source == "missile" and not card.usable_in_missile_hand:
                return _("{card} is a dead card in a missile hand", card=card.title)
            top = state.chain[-1]
            return _(
                "{card} cannot react to {played}: its React To list does not name it",
                card=card.title,
                played=wording.card(top[2]),
            )
        case Position():
            if state.n_aircraft > 2:
                return _(
                    "{card} moves at most {steps} position steps, never past Tailing, and you "
                    "may gain Advantage or Tailing only within your weapons' range where a slot "
                    "is free (two Advantage, one Tailing, §7.1)",
                    card=card.title,
                    steps=card.positioning,
                )
            return _(
                "{card} moves at most {steps} position steps, never past Tailing, and you may "
                "gain Advantage or Tailing only within your weapons' range",
                card=card.title,
                steps=card.positioning,
            )
        case Range():
            return _(
                "{card} changes range by at most {steps} steps in all, within G..AH",
                card=card.title,
                steps=card.range,
            )
        case Act():
            if card.action == "pos_to_neutral":
                return _("Barrel Roll's action works only when Disadvantaged or Tailed")
            if card.action == "disadv_to_adv":
                return _("{card}'s action works only when Disadvantaged", card=card.title)
            if card.action == "altitude_1":
                return _("Vertical Roll stays within Low..High, and climbing costs a card")
            return _("{card} has no action of its own", card=card.title)
    return _why_of(type(move)) or _("not now: {asks}", asks=asks)


def _why_target(state: DifState, actor: int, t: int) -> str:
    """Why aircraft ``actor`` may not act against ``t`` (§7.1, R46), or "" when it may."""
    if t not in state.enemies(actor):
        return _("@{number} is not an enemy aircraft still flying: name an enemy (R46)", number=t)
    held = state.flights[actor].position[0]
    if held >= 0 and t != held:
        return _(
            "while you hold @{number} at Advantage or Tailing you act only against it (§7.1)",
            number=held,
        )
    return ""


def _why_of(key: str | type[Move]) -> str:
    """The reasons that depend on nothing but the move: by verb (the moves without arguments)
    or class; "" for the others."""
    if key == "timely":
        return _("Timely is used once per game, with cards in hand")
    if key == "launch2":
        return _("a 2nd missile needs the optional rule and two missiles of that type")
    if key == "lucky":
        return _("Lucky turns a countermeasure into an Ace Pilot once per game, from your hand")
    if key == "climb":
        return _("you cannot climb above High, and a climb costs a card you do not have")
    if key == "dive":
        return _("you cannot dive below Low")
    if key == "cm":
        return _("countermeasures answer only a Tone or the missile's cards, while you have some")
    if key is Wild:
        return _(
            "Agile (any time) and Jink (against a gun attack on you) make a card an Ace Pilot "
            "once per game; a card that can react anyway is played with 'react'"
        )
    if key is Speed:
        return _(
            "that maneuver leaves the range bands G..AH or gains a position beyond your weapons"
        )
    if key is Attack:
        return _(
            "a gun attack needs a gun, Gun range at the same altitude, and the discards it costs"
        )
    if key is Tone:
        return _(
            "that missile needs a counter left, a value for your position (Neutral, Advantage or "
            "Tailing) and its own range (Active Homing also fires at Radar Homing range)"
        )
    return ""


def _why_skill(state: DifState, move: Move) -> str:
    if state.rating_steps_left:
        return _("first choose the rating your skill changes ('rate <rating> up|down')")
    if isinstance(move, Rate):
        return _("no skill of yours has a rating change left to choose")
    if isinstance(move, Skill) and state.game.skill_menu[state.skill_unit]:
        return _("skills (R59): one of the mission's options for this aircraft, then 'ready'")
    if isinstance(move, Skill):
        return _(
            "a skill is taken once, within the VP left under the limit; campaign skills and Drift "
            "Factor are not offered in a dogfight; Fighter Pilot needs a gun"
        )
    return _("not now")
