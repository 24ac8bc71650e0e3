"""What a player looks up while flying: every aircraft's ratings and every Action card's values,
from the game's data set (the shipped one or the player's own). As text for the terminal's
``cards`` command (and, while aircraft are being chosen, under the table), and as data for the
page (``page_reference``)."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, Aircraft, DataSet
from aerodeck.games.down_in_flames.flight import POSITIONS

_ACTIONS = {  # the data set's action codes in players' words (docs/games/down_in_flames_data.md)
    "gun_attack": "gun attack",
    "launch_missile": "Tone",
    "gun_or_missile": "guns or Tone",
    "pos_to_neutral": "to Neutral",
    "disadv_to_adv": "Disadv. to Adv.",
    "missile_bonus": "+1 missile card",
    "altitude_1": "1 level up/down",
    "split_s": "Split-S",
    "none": "-",
}
_REACTS = {"ANY": "anything", "ANY_ENEMY_TURN": "anything on the enemy's turn"}


def _rating(value: int | None) -> str:
    return "-" if value is None else str(value)


def aircraft_rows(data: DataSet, vp_limit: int, year: int) -> list[str]:
    """One line per aircraft that may be flown (VP within the limit, in service by the year)."""
    lines = ["  [bold]aircraft           VP year spd prf  thrust   gun EW CM missiles[/bold]"]
    for plane in data.aircraft:
        if plane.vp_loaded > vp_limit or plane.year > year:
            continue
        lines.append("  " + _aircraft_row(data, plane))
    return lines


def _aircraft_row(data: DataSet, a: Aircraft) -> str:
    thrust = f"{a.thrust_pre}({_rating(a.ab_pre)})/{a.thrust_post}({_rating(a.ab_post)})"
    missiles = ", ".join(f"{2 * pairs}x {data.missiles[m].name}" for m, pairs in a.load) or "-"
    return (
        f"{a.name[:18]:18} {a.vp_loaded:>2} {a.year} {a.speed:>3} {a.performance:>3} "
        f"{thrust:^10} {_rating(a.gun):>2} {_rating(a.ew):>2} {a.countermeasures:>2} {missiles}"
    )


def card_rows(data: DataSet) -> list[str]:
    """One line per Action card title: Positioning, Range, what it does, what it reacts to."""
    lines = ["  [bold]card               copies pos range action          reacts to[/bold]"]
    for card in data.cards:
        action = _ACTIONS.get(card.action, card.action.replace("_", " "))
        reacts = ", ".join(sorted(_REACTS.get(r, r) for r in card.react_to)) or "-"
        lines.append(
            f"  {card.title[:18]:18} {card.count:>6} {card.positioning:>3} {card.range:>5} "
            f"{action[:15]:15} {reacts}"
        )
    return lines


def reference_text(data: DataSet, vp_limit: int, year: int) -> str:
    """The aircraft within the agreed VP limit and year, then the Action cards."""
    return "\n".join(
        [
            f"[bold]Aircraft[/bold] (VP limit {vp_limit}, in service by {year}). spd speed, prf "
            "performance, thrust before/after the card step (with afterburner), CM "
            "countermeasures",
            *aircraft_rows(data, vp_limit, year),
            "[bold]Action cards[/bold]. pos: steps of a Maneuver for position; range: steps "
            "of a Maneuver for range; reacts to: what it may answer",
            *card_rows(data),
        ]
    )


# --- the page's reference: the same data set as data, keyed by the card titles of the views -----

_PAGE_ACTIONS = {  # the cards' action codes as the page's card faces say them (R9-R16)
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
_PAGE_REACTS = {"ANY_ENEMY_TURN": "any enemy turn", "ANY": "any card"}
AIRCRAFT_COLUMNS = ("name", "nation", "year", "speed", "performance", "thrust", "afterburner",
                    "gun", "ew", "countermeasures")  # fmt: skip


def page_cards(data: DataSet) -> JSON:
    """Each Action card's title, kind (its colour band) and values, by title."""
    out: JSON = {}
    for card in data.cards:
        reacts = [_PAGE_REACTS.get(r, r) for r in sorted(card.react_to)]
        react = ", ".join(reacts) or "-"
        kind = "attack" if "attack" in card.action else "defense" if card.react_to else "plain"
        action = _PAGE_ACTIONS.get(card.action, card.action.replace("_", " "))
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


def page_aircraft(data: DataSet) -> list[JSON]:
    """Every aircraft of the data set with its ratings (shown before one is chosen)."""
    return [
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
        for plane in data.aircraft
    ]


def page_reference(data: DataSet) -> JSON:
    """The page's reference: the cards, the aircraft as a table (and as records, ``aircraft``),
    and the range bands, altitudes and positions in the rules' order (``geometry``) for the
    board's drawing of each pair of enemies."""
    aircraft = page_aircraft(data)
    table = {
        "title": "Aircraft and their ratings",
        "columns": list(AIRCRAFT_COLUMNS),
        "rows": [[plane[column] for column in AIRCRAFT_COLUMNS] for plane in aircraft],
    }
    return {
        "cards": page_cards(data),
        "tables": [table],
        "aircraft": aircraft,
        "geometry": {
            "ranges": list(RANGES),
            "altitudes": list(ALTITUDES),
            "positions": list(POSITIONS),
        },
    }
