"""Down In Flames: Locked-On: the seat's view as a vector for the RL faces, in the
several-aircraft view format.

Aircraft are written in slots ordered by owner, the observer's first (then by aircraft number),
and every reference to an aircraft (who flies, who decides, whom one is on, a cycle's links) is
a one-hot over those slots. The duel's view has the same shape (one aircraft a side).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from aerodeck.core.api import JSON, OVER
from aerodeck.core.features import (
    Counts,
    Encoder,
    Field,
    Flag,
    Group,
    Number,
    OneHot,
    Seat,
    Seats,
    Slots,
)
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES
from aerodeck.games.down_in_flames.flight import POSITIONS
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    ALTITUDE,
    ANGLE,
    BURNER,
    DISCARD,
    FOLLOW,
    INITIATIVE,
    LAUNCH,
    ORDER,
    PAY,
    PICK,
    PLAY,
    REACT,
    SKILL,
    SPEED,
    TurnStep,
)

if TYPE_CHECKING:
    from aerodeck.games.down_in_flames.game import DownInFlames

PHASES = (PICK, ALT_PICK, INITIATIVE, ORDER, ANGLE, SKILL, BURNER, DISCARD, ALTITUDE, SPEED,
          PLAY, REACT, LAUNCH, FOLLOW, PAY, OVER)  # fmt: skip
STEPS = tuple(step.value for step in TurnStep)
USES = ("pos", "range", "tone", "gun", "missile", "altitude_1", "disadv_to_adv", "pos_to_neutral",
        "missile_bonus", "site")  # fmt: skip
SOURCES = ("hand", "speed", "cm", "lucky")
CHAIN = 6  # cycle links written (a longer chain keeps its first six)


class _Slots:
    """Aircraft numbers to slots: the observer's aircraft first, then by seat order."""

    def __init__(self, view: JSON, players: int) -> None:
        me = view["seat"]
        order = sorted(
            view["aircraft"], key=lambda a: ((a["seat"] - me) % players, a["aircraft_no"])
        )
        self.order = order
        self.slot = {a["aircraft_no"]: i for i, a in enumerate(order)}
        mine = [a for a in order if a["seat"] == me]
        self.side = mine[0]["side"] if mine else None
        self.me = me

    def of(self, number: Any) -> int | None:
        return None if number is None else self.slot.get(number)


def _prepare(players: int) -> Any:
    def prepare(view: JSON) -> JSON:
        slots = _Slots(view, players)
        craft = []
        for a in slots.order:
            entry = dict(a)
            entry["mine"] = a["seat"] == slots.me
            entry["friend"] = a["side"] == slots.side
            entry["speed"] = (a.get("ratings") or {}).get("speed")
            on = a.get("on")
            if on:
                entry["on"] = {"target": slots.of(on.get("target")), "position": on.get("position")}
            craft.append(entry)
        out = dict(view)
        out["aircraft"] = craft
        for key in ("flying", "picking", "deciding"):
            out[key] = slots.of(view.get(key))
        cycle = view.get("cycle")
        if cycle:
            chain = [
                {**link, "aircraft": slots.of(link.get("aircraft"))} for link in cycle["chain"]
            ]
            out["cycle"] = {
                **cycle,
                "by": slots.of(cycle.get("by")),
                "target": slots.of(cycle.get("target")),
                "chain": chain,
            }
        out["site"] = bool(view.get("site"))
        kills = list(view.get("kills") or ())
        if kills and slots.side is not None:
            out["kills"] = kills[slots.side :] + kills[: slots.side]
        return out

    return prepare


NOTE = (
    "Down In Flames is encoded from its one view shape: one slot per aircraft, yours first, and "
    "aircraft references are one-hots over slots; the duel is the case of one aircraft a side, "
    "and `aircraft=k` makes k slots per player."
)


def encoder(game: DownInFlames) -> Encoder:
    data = game.data  # the game's public data set (static)
    players = game.players
    cards = tuple(card.title for card in data.cards)
    planes = tuple(plane.name for plane in data.aircraft)
    missiles = tuple(missile.name for missile in data.missiles)
    skills = tuple(skill.name for skill in data.skills)
    count = len(game.new_game(seed=0).view(0)["aircraft"])
    slots = list(range(count))
    deck = 60.0 * float(game.options["decks"])
    aircraft = [
        Flag("mine", "one of yours"),
        Flag("friend", "on your side"),
        Seat("seat", "its owner", players),
        OneHot("aircraft", "the aircraft, once shown", planes, other=True),
        Flag("chosen", "chosen"),
        OneHot("altitude", "altitude, once shown", ALTITUDES),
        OneHot("range", "its range band", RANGES),
        Flag("alive", "still flying"),
        Group(
            "on",
            "the aircraft it holds a position on",
            [
                OneHot("target", "that aircraft's slot", slots),
                OneHot("position", "the position", POSITIONS),
            ],
        ),
        Number("hand_size", "cards in hand", 10),
        Number("speed", "speed rating", 10),
        Counts("missiles", "missiles left", missiles, 4),
        Number("countermeasures", "countermeasures left", 3),
        Number("afterburners", "afterburners left", 3),
        Flag("afterburner_on", "afterburner lit"),
        OneHot("reach", "its longest weapon range", RANGES),
        Counts("skills", "skills (once shown)", skills),
        Counts("skills_used", "skills used", skills),
        Number("vp", "victory points", 100),
        Number("pool_size", "Aircraft Expertise pool size", 10),
        Counts("hand", "its hand (yours only)", cards, 5),
        Counts("pool", "its Expertise pool (yours only)", cards, 5),
    ]
    fields: list[Field] = [
        OneHot("phase", "what is being decided", PHASES),
        OneHot("step", "the step of the turn", STEPS, other=True),
        Seat("to_act", "the seat to decide", players),
        Number("round", "the round", 10),
        Number("rounds", "rounds in the dogfight", 10),
        Flag("site", "a ground site is in play"),
        OneHot("flying", "the aircraft whose turn it is (slot)", slots),
        OneHot("picking", "the aircraft being picked for (slot)", slots),
        OneHot("deciding", "the aircraft deciding (slot)", slots),
        Flag("loading", "missile loads being chosen"),
        Number("deck", "cards in the deck", deck),
        Number("discards", "cards in the discard pile", deck),
        Slots("aircraft", "every aircraft, yours first", count, aircraft),
        Slots(
            "kills",
            "aircraft shot down by each side, yours first",
            players,
            [Number("value", "kills", count)],
        ),
        Group(
            "cycle",
            "the card cycle under way",
            [
                OneHot("use", "what it is about", USES, other=True),
                OneHot("by", "the aircraft that began it (slot)", slots),
                OneHot("target", "its target (slot)", slots),
                Slots(
                    "chain",
                    "its links",
                    CHAIN,
                    [
                        OneHot("card", "the card", cards, other=True),
                        OneHot("aircraft", "who played it (slot)", slots),
                        OneHot("from", "where it came from", SOURCES, other=True),
                    ],
                ),
                Number("missile_hand_size", "cards in the missile hand", 10),
            ],
        ),
        Number("missile_bonus", "the missile bonus", 3),
        Number("speed_left", "speed points left", 10),
        Number("pay_left", "cards still to pay", 5),
        Seats("winners", "the winners (at the end)", players),
        Counts("missile_hand", "the missile hand (its launcher only)", cards, 5),
        Counts("site_hand", "the site's hand (its defender only)", cards, 5),
    ]
    return Encoder(game.id, players, fields, prepare=_prepare(players), note=NOTE)
