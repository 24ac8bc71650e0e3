"""The game's own words in the reader's language (docs/i18n.md): positions, altitudes, range
bands, what a card is played as, the steps of a turn, why a card is drawn or discarded, the skills.

The views and events keep the rules' English names (they are the record's and the bots' data, the
same in every language); whatever writes text for a person looks them up here when it writes it.
Each lookup builds its table on the call (the language is chosen per reader), and a name it does
not know (a data set of one's own) comes back as written. Card titles stay as printed."""

from __future__ import annotations

from aerodeck.core.i18n import _
from aerodeck.core.text import and_list


def position(name: str) -> str:
    """One of the five positions (flight.POSITIONS), as the Japanese rulebook names them."""
    return {
        "Tailed": _("Tailed"),
        "Disadvantaged": _("Disadvantaged"),
        "Neutral": _("Neutral"),
        "Advantage": _("Advantage"),
        "Tailing": _("Tailing"),
    }.get(name, name)


def in_context(text: str) -> str:
    """A message written ``context|word``: the word (a translation carries no context). Every
    game's catalog answers the one lookup, so a word another game translates otherwise (Ace
    Race's bid "High" is not an altitude) is asked for with its context."""
    return text.rpartition("|")[2]


def altitude(name: str) -> str:
    """Low, Medium or High (data.ALTITUDES)."""
    found = {"Low": _("altitude|Low"), "Medium": _("altitude|Medium"), "High": _("altitude|High")}
    return in_context(found[name]) if name in found else name


def band(code: str) -> str:
    """A range band's code (G, HS, RH, AH: the notation's and the counters' letters)."""
    return code


def band_name(code: str) -> str:
    """A range band in words: ``Gun range``."""
    return {
        "G": _("Gun range"),
        "HS": _("Heat-Seeking range"),
        "RH": _("Radar-Homing range"),
        "AH": _("Active-Homing range"),
    }.get(code, code)


def use(kind: str) -> str:
    """What a card is played as (a cycle's kind, an event's ``use``)."""
    return {
        "pos": _("Maneuvering (position)"),
        "range": _("Maneuvering (range)"),
        "gun": _("gun attack"),
        "gun attack": _("gun attack"),
        "tone": _("Tone"),
        "missile": _("missile attack"),
        "pos_to_neutral": _("action"),
        "disadv_to_adv": _("action"),
        "altitude_1": _("action"),
        "missile_bonus": _("action"),
        "split_s": _("action"),
        "site": _("site attack"),
        "tactic": _("Tactic"),
    }.get(kind, kind)


def card(name: str) -> str:
    """A card as the log names it: its title as printed, or what stands in for a card."""
    return {
        "Speed Maneuver": _("Speed Maneuver"),
        "Countermeasures": _("Countermeasures"),
        "Countermeasures (Lucky, as Ace Pilot)": _("Countermeasures (Lucky, as Ace Pilot)"),
        "Missile": _("Missile"),
    }.get(name, name)


def step(phase: str, turn_step: str) -> str:
    """The step of the game under way (a view's ``phase`` and ``step``), in players' words."""
    if phase == "discard":
        return {
            "pre": _("pre-turn discard/draw"),
            "post": _("post-turn discard/draw"),
            "timely": _("Timely: discard, then draw as many"),
        }.get(turn_step, _("discard/draw"))
    return {
        "pick": _("choosing aircraft in secret"),
        "alt-pick": _("choosing starting altitude in secret"),
        "initiative": _("initiative: who flies first"),
        "burner": _("Afterburners"),
        "altitude": _("Adjust Altitude"),
        "speed": _("Speed Maneuvering"),
        "play": _("Play Cards"),
        "react": _("action/reaction cycle"),
        "launch": _("launch or hold"),
        "follow": _("follow the altitude change?"),
        "pay": _("paying a discard"),
        "over": _("game over"),
        "skill": _("choosing skills in secret"),
        "order": _("the side chooses which aircraft flies next"),
        "angle": _("90°/0° Angle: choose the starting band and an enemy"),
    }.get(phase, phase)


def why(reason: str) -> str:
    """Why cards are drawn, discarded or an altitude changes (an event's ``why``): a step, a
    cost, a card title or a skill."""
    found = {
        "opening hand": _("opening hand"),
        "pre-turn draw": _("pre-turn draw"),
        "post-turn draw": _("post-turn draw"),
        "timely-turn draw": _("Timely"),
        "pre-turn discard": _("pre-turn discard"),
        "post-turn discard": _("post-turn discard"),
        "timely-turn discard": _("Timely"),
        "open": _("its cost"),
        "tactic": _("its cost"),
        "envelope": _("Edge of Envelope"),
        "stall": _("stall"),
        "climb": _("climb"),
        "dive": _("dive"),
        "follow": _("follow"),
        "angle": _("90°/0° Angle"),
        "highest EW": _("highest EW"),
    }.get(reason)
    return found if found is not None else skill(reason)


_EQUAL = "equal EW: chance chose among sides "
_THEN = ", then "


def initiative_why(reason: str) -> str:
    """Why a side flies first (the initiative event's ``why``): the highest EW, a draw among
    sides of equal EW, or the skills that seize the initiative, then one of those."""
    if _THEN in reason:
        skills, _sep, rest = reason.partition(_THEN)
        return _("{skills}, then {why}", skills=initiative_why(skills), why=initiative_why(rest))
    if reason.startswith(_EQUAL):
        sides = reason.removeprefix(_EQUAL).replace(" and ", ", ").split(", ")
        return _("equal EW: chance chose among sides {sides}", sides=and_list(sides))
    if reason == "highest EW":
        return _("highest EW")
    return and_list([skill(n) for n in reason.replace(" and ", ", ").split(", ")])


def direction(word: str) -> str:
    return {"up": _("up"), "down": _("down")}.get(word, word)


def skill(name: str) -> str:
    """A skill as the Japanese rulebook names it (the shipped data set's skills)."""
    return {
        "Newbie": _("Newbie"),
        "Nugget": _("Nugget"),
        "Green": _("Green"),
        "Plumber": _("Plumber"),
        "Drift Factor": _("Drift Factor"),
        "Guided Intercept 2": _("Guided Intercept 2"),
        "Guided Intercept 3": _("Guided Intercept 3"),
        "Edge": _("Edge"),
        "Gun Fighter": _("Gun Fighter"),
        "Locked": _("Locked"),
        "90° Angle": _("90° Angle"),
        "0° Angle": _("0° Angle"),
        "Alert": _("Alert"),
        "Cocky": _("Cocky"),
        "Eagle Eyes": _("Eagle Eyes"),
        "Fighter Pilot": _("Fighter Pilot"),
        "Focused": _("Focused"),
        "Grit": _("Grit"),
        "Lucky": _("Lucky"),
        "Relief": _("Relief"),
        "Jink": _("Jink"),
        "Skilled": _("Skilled"),
        "Up the Sleeve": _("Up the Sleeve"),
        "Agile": _("Agile"),
        "Brave": _("Brave"),
        "Diligent": _("Diligent"),
        "Quick Hands": _("Quick Hands"),
        "Test Pilot": _("Test Pilot"),
        "Timely": _("Timely"),
        "Better Envelope": _("Better Envelope"),
        "NFOD": _("NFOD"),
        "Veteran": _("Veteran"),
        "In My Sights!": _("In My Sights!"),
        "Tiger": _("Tiger"),
        "Bat-Turn": _("Bat-Turn"),
        "Ace": _("Ace"),
        "Edge of Envelope": _("Edge of Envelope"),
        "Aircraft Expertise": _("Aircraft Expertise"),
    }.get(name, name)


def skills(names: list[str]) -> list[str]:
    return [skill(n) for n in names]


def rating(name: str) -> str:
    """An aircraft rating a skill changes (skills.RATINGS)."""
    return {
        "speed": _("speed"),
        "performance": _("performance"),
        "thrust-pre": _("Pre-Turn thrust"),
        "thrust-post": _("Post-Turn thrust"),
        "gun": _("gun"),
        "ew": _("EW"),
    }.get(name, name)


def campaign_word(name: str) -> str:
    """A shipped campaign's own words (its name, nations, mission titles and Victory Point
    levels); a campaign of one's own comes back as written."""
    return {
        "1973 Yom Kippur War": _("1973 Yom Kippur War"),
        "1965 India-Pakistan War": _("1965 India-Pakistan War"),
        "Israel": _("Israel"),
        "Egypt": _("Egypt"),
        "Pakistan": _("Pakistan"),
        "India": _("India"),
        "SA-7 Site": _("SA-7 Site"),
        "Canal Crossing": _("Canal Crossing"),
        "SAM Umbrella": _("SAM Umbrella"),
        "Mansoura": _("Mansoura"),
        "Sinai Patrol": _("Sinai Patrol"),
        "Last Day": _("Last Day"),
        "Defeat": _("Defeat"),
        "Tactical Victory": _("Tactical Victory"),
        "Operational Victory": _("Operational Victory"),
        "Strategic Victory": _("Strategic Victory"),
    }.get(name, name)


def mission_title(title: str, number: int) -> str:
    """A mission's title in the reader's language, or ``Mission 3`` where the data set gives
    none (the title has no effect on play, §16.3)."""
    return campaign_word(title) if title else _("Mission {number}", number=number)
