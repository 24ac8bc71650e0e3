"""What a player looks up while flying: every aircraft's ratings and every Action card's values,
from the game's data set (the shipped one or the player's own). As text for the terminal's
``cards`` command (and, while aircraft are being chosen, under the table), and as data for the
page (``page_reference``)."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, Aircraft, DataSet
from aerodeck.games.down_in_flames.flight import POSITIONS


def _action(code: str) -> str:
    """The data set's action codes in players' words, short (docs/games/down_in_flames_data.md)."""
    return {
        "gun_attack": _("gun attack"),
        "launch_missile": _("Tone"),
        "gun_or_missile": _("guns or Tone"),
        "pos_to_neutral": _("to Neutral"),
        "disadv_to_adv": _("Disadv. to Adv."),
        "missile_bonus": _("+1 missile card"),
        "altitude_1": _("1 level up/down"),
        "split_s": _("Split-S"),
        "none": "-",
    }.get(code, code.replace("_", " "))


def _reacts(code: str) -> str:
    return {"ANY": _("anything"), "ANY_ENEMY_TURN": _("anything on the enemy's turn")}.get(
        code, code
    )


def _rating(value: int | None) -> str:
    return "-" if value is None else str(value)


def aircraft_rows(data: DataSet, vp_limit: int, year: int) -> list[str]:
    """One line per aircraft that may be flown (VP within the limit, in service by the year)."""
    head = _("aircraft           VP year spd prf  thrust   gun EW CM missiles")
    lines = [f"  [bold]{head}[/bold]"]
    for plane in data.aircraft:
        if plane.vp_loaded > vp_limit or plane.year > year:
            continue
        lines.append("  " + _aircraft_row(data, plane))
    return lines


def _aircraft_row(data: DataSet, a: Aircraft) -> str:
    thrust = f"{a.thrust_pre}({_rating(a.ab_pre)})/{a.thrust_post}({_rating(a.ab_post)})"
    missiles = (
        _(", ").join(
            _("{count}x {missile}", count=2 * pairs, missile=data.missiles[m].name)
            for m, pairs in a.load
        )
        or "-"
    )
    return (
        f"{a.name[:18]:18} {a.vp_loaded:>2} {a.year} {a.speed:>3} {a.performance:>3} "
        f"{thrust:^10} {_rating(a.gun):>2} {_rating(a.ew):>2} {a.countermeasures:>2} {missiles}"
    )


def card_rows(data: DataSet) -> list[str]:
    """One line per Action card title: Positioning, Range, what it does, what it reacts to."""
    head = _("card               copies pos range action          reacts to")
    lines = [f"  [bold]{head}[/bold]"]
    for card in data.cards:
        action = _action(card.action)
        reacts = _(", ").join(sorted(_reacts(r) for r in card.react_to)) or "-"
        lines.append(
            f"  {card.title[:18]:18} {card.count:>6} {card.positioning:>3} {card.range:>5} "
            f"{action[:15]:15} {reacts}"
        )
    return lines


def reference_text(data: DataSet, vp_limit: int, year: int) -> str:
    """The aircraft within the agreed VP limit and year, then the Action cards."""
    return "\n".join(
        [
            "[bold]"
            + _("Aircraft")
            + "[/bold] "
            + _(
                "(VP limit {vp_limit}, in service by {year}). spd speed, prf performance, thrust "
                "before/after the card step (with afterburner), CM countermeasures",
                vp_limit=vp_limit,
                year=year,
            ),
            *aircraft_rows(data, vp_limit, year),
            "[bold]"
            + _("Action cards")
            + "[/bold]"
            + _(
                ". pos: steps of a Maneuver for position; range: steps of a Maneuver for range; "
                "reacts to: what it may answer"
            ),
            *card_rows(data),
        ]
    )


# --- the page's reference: the same data set as data, keyed by the card titles of the views -----


def _page_action(code: str) -> str:
    """The cards' action codes as the page's card faces say them (R9-R16)."""
    return {
        "gun_attack": _("gun attack"),
        "launch_missile": _("missile launch"),
        "gun_or_missile": _("gun or missile attack"),
        "pos_to_neutral": _("position to Neutral"),
        "disadv_to_adv": _("Disadvantaged to Advantage"),
        "missile_bonus": _("missile bonus"),
        "altitude_1": _("altitude 1 up or down"),
        "split_s": _("ends the enemy's turn"),
        "none": "",
    }.get(code, code.replace("_", " "))


def _page_reacts(code: str) -> str:
    return {"ANY_ENEMY_TURN": _("any enemy turn"), "ANY": _("any card")}.get(code, code)


AIRCRAFT_COLUMNS = ("name", "nation", "year", "speed", "performance", "thrust", "afterburner",
                    "gun", "ew", "countermeasures")  # fmt: skip


def page_cards(data: DataSet) -> JSON:
    """Each Action card's title, kind (its colour band) and values, by title."""
    out: JSON = {}
    for card in data.cards:
        reacts = [_page_reacts(r) for r in sorted(card.react_to)]
        react = _(", ").join(reacts) or "-"
        kind = "attack" if "attack" in card.action else "defense" if card.react_to else "plain"
        action = _page_action(card.action)
        if card.gun_discard is not None:
            action += _(", discard {count}", count=card.gun_discard)
        out[card.title] = {
            "title": card.title,
            "kind": kind,
            "lines": [
                _(
                    "Pos {positioning} · Rng {range}",
                    positioning=card.positioning,
                    range=card.range,
                ),
                _("reacts to {cards}", cards=react),
            ],
            "positioning": card.positioning,
            "range": card.range,
            "action": action,
            "action_code": card.action,  # what the board's move help reads
            "reacts": reacts,
            "text": _(
                "{title}: Positioning {positioning}, Range {range}, action {action}, reacts to "
                "{cards}",
                title=card.title,
                positioning=card.positioning,
                range=card.range,
                action=action or _("none"),
                cards=react,
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


def _column_words() -> list[str]:
    """``AIRCRAFT_COLUMNS`` as the table's headings say them."""
    return [
        _("aircraft"),
        _("nation"),
        _("year"),
        _("speed"),
        _("performance"),
        _("thrust"),
        _("afterburner"),
        _("gun"),
        _("EW"),
        _("countermeasures"),
    ]


def page_reference(data: DataSet) -> JSON:
    """The page's reference: the cards, the aircraft as a table (and as records, ``aircraft``),
    and the range bands, altitudes and positions in the rules' order (``geometry``) for the
    board's drawing of each pair of enemies."""
    aircraft = page_aircraft(data)
    table = {
        "title": _("Aircraft and their ratings"),
        "columns": _column_words(),
        "rows": [[plane[column] for column in AIRCRAFT_COLUMNS] for plane in aircraft],
    }
    missiles = {
        "title": _("Missiles"),
        "columns": [
            _("missile"),
            _("type"),
            _("cards from Neutral / Advantage / Tailing"),
            _("VP"),
            _("year"),
        ],
        "rows": [
            [
                m.name,
                m.type,
                " / ".join("-" if n is None else str(n) for n in m.cards),
                m.vp,
                m.year,
            ]
            for m in data.missiles
        ],
    }
    return {
        "cards": page_cards(data),
        "tables": [table, missiles],
        "aircraft": aircraft,
        "geometry": {
            "ranges": list(RANGES),
            "altitudes": list(ALTITUDES),
            "positions": list(POSITIONS),
        },
    }
