"""What the page needs to draw the named cards of a game: each card's title, kind (its colour
band) and values, keyed by the card's text as the game's views write it. Public data only (the
games' own card tables); the page embeds it so a card's face and hover text need no request."""

from __future__ import annotations

from typing import Any

from aerodeck.core.api import JSON, Game
from aerodeck.core.cards import CARDS
from aerodeck.games.aces_versus_aces.state import COIN_NAMES, COIN_POINTS, WON_POINTS
from aerodeck.games.air_racing import cards as air_cards
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES
from aerodeck.games.down_in_flames.flight import POSITIONS
from aerodeck.games.race_to_ace import cards as rta_cards


def _race_to_ace() -> JSON:
    kinds = {**{k: "attack" for k in rta_cards.ATTACK}, **{k: "defense" for k in rta_cards.DEFENCE}}
    kinds.update({k: "special" for k in rta_cards.SPECIAL})
    return {
        rta_cards.WORDS[k]: {
            "title": rta_cards.NAMES[k].title(),
            "kind": kinds[k],
            "lines": [kinds[k], f"{rta_cards.COUNTS[k]} in the deck"],
            "text": f"{rta_cards.NAMES[k]}: {kinds[k]} card, {rta_cards.COUNTS[k]} in the deck",
        }
        for k in rta_cards.KINDS
    }


def _air_racing() -> JSON:
    out: JSON = {}
    for k in air_cards.KINDS:
        kind = (
            "money"
            if k == air_cards.DOLLAR
            else "attack"
            if k in air_cards.SPEED_MODS
            else "special"
            if k in air_cards.ACTIONS
            else "plain"
        )
        role = {"money": "money", "attack": "speed mod", "special": "action"}.get(kind, "card")
        out[air_cards.NAMES[k]] = {
            "title": air_cards.TITLES[k],
            "kind": kind,
            "lines": [role, f"cost ${air_cards.COSTS[k]}"],
            "text": f"{air_cards.TITLES[k]}: {role}, costs ${air_cards.COSTS[k]}",
        }
    return out


def _aces_versus_aces() -> JSON:
    out: JSON = {}
    for card in CARDS:
        points = WON_POINTS[card.index]
        won = "an Ace scores by its coin" if card.is_ace else f"{points} point(s) when won"
        out[card.text] = {"points": points, "text": f"{card.text}: {won}"}
    for name, points in zip(COIN_NAMES[1:], COIN_POINTS[1:], strict=True):
        out[f"coin:{name}"] = {"points": points, "text": f"Ace coin {name}: {points} points"}
    return out


_DIF_ACTIONS = {  # the cards' action codes in players' words (the card's effect, R9-R16)
    "gun_attack": "gun attack",
    "launch_missile": "missile launch",
    "gun_or_missile": "gun or missile attack",
    "pos_to_neutral": "position to Neutral",
    "disadv_to_adv": "Disadvantaged to Advantage",
    "missile_bonus": "missile bonus",
    "altitude_1": "altitude 1 up or down",
    "split_s": "Split-S",
    "none": "",
}
_DIF_REACTS = {"ANY_ENEMY_TURN": "any enemy turn", "ANY": "any card"}


def _down_in_flames(game: Game) -> JSON:
    data: Any = getattr(game, "data")  # noqa: B009 - the Down In Flames game's data set
    out: JSON = {}
    for card in data.cards:
        reacts = [_DIF_REACTS.get(r, r) for r in sorted(card.react_to)]
        react = ", ".join(reacts) or "-"
        kind = "attack" if "attack" in card.action else "defense" if card.react_to else "plain"
        action = _DIF_ACTIONS.get(card.action, card.action.replace("_", " "))
        if card.gun_discard is not None:
            action += f", discard {card.gun_discard}"
        out[card.title] = {
            "title": card.title,
            "kind": kind,
            "lines": [f"Pos {card.positioning} · Rng {card.range}", f"reacts to {react}"],
            "positioning": card.positioning,
            "range": card.range,
            "action": action,
            "reacts": reacts,
            "text": (
                f"{card.title}: Positioning {card.positioning}, Range {card.range}, "
                f"action {action or 'none'}, reacts to {react}"
            ),
        }
    return out


def dif_geometry(game: Game) -> JSON:
    """Down In Flames' range bands, altitudes and positions in their rules' order, for the page's
    drawing of the view's pairs of enemies (the view gives each pair's range and position)."""
    if game.id != "down_in_flames":
        return {}
    return {"ranges": list(RANGES), "altitudes": list(ALTITUDES), "positions": list(POSITIONS)}


def aircraft(game: Game) -> list[JSON]:
    """Down In Flames' aircraft with their ratings (shown before one is chosen)."""
    if game.id != "down_in_flames":
        return []
    data: Any = getattr(game, "data")  # noqa: B009
    rows = []
    for plane in data.aircraft:
        rows.append(
            {
                "name": plane.name,
                "nation": plane.nation,
                "year": plane.year,
                "speed": plane.speed,
                "performance": plane.performance,
                "thrust": f"{plane.thrust_pre}/{plane.thrust_post}",
                "afterburner": f"{plane.ab_pre or '-'}/{plane.ab_post or '-'}",
                "gun": plane.gun if plane.gun is not None else "-",
                "ew": plane.ew if plane.ew is not None else "-",
                "countermeasures": plane.countermeasures,
            }
        )
    return rows


def card_reference(game: Game) -> JSON:
    """The game's named cards by their text in views ({} for games of playing cards)."""
    if game.id == "aces_versus_aces":
        return _aces_versus_aces()
    if game.id == "race_to_ace":
        return _race_to_ace()
    if game.id == "air_racing":
        return _air_racing()
    if game.id == "down_in_flames":
        return _down_in_flames(game)
    return {}


def reference_of(game: Game) -> JSON:
    """Everything a table or replay page embeds about its game (public data only)."""
    return {
        "cards": card_reference(game),
        "aircraft": aircraft(game),
        "geometry": dif_geometry(game),
    }
