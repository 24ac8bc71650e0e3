"""Terminal text for Air Racing views and events (rich markup): the season table and the course,
in the language in use; cards by their printed titles."""

from __future__ import annotations

from typing import Any

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _, n_
from aerodeck.core.text import padded, per_seat, seat_colour, seat_name, standings
from aerodeck.games.air_racing.cards import COSTS, NAMES
from aerodeck.games.air_racing.words import (
    altitude,
    boost_cards,
    fast_cards,
    microknot_cards,
    month,
    phase,
    place,
    title,
    titles,
    why,
)


def _tiles(half_steps: int) -> str:
    """Half tiles as tiles: 9 -> '4½', 1 -> '½'."""
    whole, half = divmod(half_steps, 2)
    if half:
        return f"{whole or ''}½"
    return str(whole)


def _tile_count(half_steps: int) -> int:
    """The count a distance's noun agrees with: ``½ tile``, ``1 tile``, ``1½ tiles``."""
    return (half_steps + 1) // 2


def _counts(cards: dict[str, int]) -> str:
    """``Dollar x7, FAST x2, Boost``: identical cards grouped."""
    return (
        _(", ").join(f"{title(name)}{f' x{n}' if n > 1 else ''}" for name, n in cards.items())
        or "-"
    )


def _grouped(cards: list[str]) -> str:
    counts: dict[str, int] = {}
    for name in cards:
        counts[name] = counts.get(name, 0) + 1
    return _counts(counts)


def championship(view: JSON) -> list[str]:
    """Season number and race wins, when the championship has more than one season."""
    if view["seasons"] <= 1:
        return []
    return [
        _(
            "  championship: season {season} of {seasons}; race wins {wins}",
            season=view["season_no"],
            seasons=view["seasons"],
            wins=per_seat(view["race_wins"]),
        )
    ]


def render_view(view: JSON) -> str:
    if view["stage"] == "race":
        return render_race(view)
    me = view.get("seat")
    lines: list[str] = championship(view)
    if view["stage"] == "quick play":
        lines.append(_("[bold]Quick Play[/bold]: $25 of speed mods each, then Race Week"))
    else:
        lines.append(
            _(
                "[bold]Speed Mod Season: {month}[/bold]   {seat} to play ({phase})",
                month=month(view["month"]),
                seat=seat_name(view["to_act"], me),
                phase=phase(view["phase"]),
            )
        )
    offers = [
        _(
            "{card} ${cost} ({left})",
            card=title(name),
            cost=COSTS[NAMES.index(name)],
            left=n,
        )
        for name, n in view["supply"].items()
    ]
    lines.append(_("  for sale, price (cards left):"))
    for row in range(0, len(offers), 3):
        lines.append("    " + _(", ").join(offers[row : row + 3]))
    for seat, kept in enumerate(view["carried"]):
        if kept and seat == me:
            lines.append(_("  you carry from last season: {cards}", cards=_counts(kept)))
        elif kept:
            lines.append(
                _(
                    "  {seat} carries from last season: {cards}",
                    seat=seat_name(seat),
                    cards=_counts(kept),
                )
            )
    for seat in view.get("seats", []):
        lines.append(
            _(
                "  {seat} hand {hand}  deck {deck}  discard {discard}  owns: {cards}",
                seat=padded(seat_name(seat["seat"], me), 8),
                hand=seat["hand_size"],
                deck=seat["deck_size"],
                discard=sum(seat["discard"].values()),
                cards=_counts(seat["cards"]),
            )
        )
        if seat["in_play"]:
            lines.append(_("           in play: {cards}", cards=titles(seat["in_play"])))
    if view["phase"] == "pick":
        lines.append(_("  everyone takes 7 Dollars and picks 3 speed mods, Boost or FAST"))
        return "\n".join(lines)
    turn = view.get("turn")
    if turn and view["to_act"] is not None:
        extra = _("  redraws {count}", count=turn["redraws"]) if turn["redraws"] else ""
        if turn["tunnels"]:
            extra += _("  Wind Tunnel choices still to make: {count}", count=turn["tunnels"])
        lines.append(
            _(
                "  this turn: actions {actions}  buys {buys}  extra ${bonus}  spent ${spent}"
                "{extra}",
                actions=turn["actions"],
                buys=turn["buys"],
                bonus=turn["bonus"],
                spent=turn["spent"],
                extra=extra,
            )
        )
    if "hand" in view:
        lines.append(_("  [bold]your hand:[/bold] {cards}", cards=_grouped(view["hand"])))
        lines.append(
            _(
                "  your deck holds: {cards}   you have ${coins}",
                cards=_counts(view["deck"]),
                coins=view["coins"],
            )
        )
    return "\n".join(lines)


def track(view: JSON) -> list[str]:
    """The loop unrolled as one row per lane; pylons above, each aircraft drawn nose and tail."""
    course: dict[str, Any] = view["course"]
    length = course["length"]
    marks = ["─"] * length
    for number, pylon in enumerate(course["pylons"]):
        marks[pylon["at"]] = "[blue]S[/blue]" if pylon["start"] else f"[bold]{number}[/bold]"
    rows = [_("  pylons ") + "".join(marks)]
    for lane in range(course["lanes"]):
        cells = ["·"] * length
        for plane in view["aircraft"]:
            if plane["lane"] == lane:
                colour = seat_colour(plane["seat"])
                cells[plane["pos"] % length] = f"[{colour}]{plane['seat']}[/{colour}]"
                cells[(plane["pos"] - 1) % length] = f"[{colour}]=[/{colour}]"
        rows.append(_("  lane {lane} ", lane=lane) + "".join(cells))
    rows.append(
        _(
            "  [dim]left to right: a digit is an aircraft (its seat), = its tail; "
            "S start/finish[/dim]"
        )
    )
    return rows


def render_race(view: JSON) -> str:
    me = view.get("seat")
    course = view["course"]
    heat = _(" (heat for the grid)") if view["heat"] else ""
    header = _(
        "[bold]Race Week: {course}[/bold], laps {laps}{heat}, round {round}",
        course=place(course["name"]),
        laps=view["laps"],
        heat=heat,
        round=view["round"],
    )
    if view["to_act"] is not None:
        header += _(
            "   {seat} to fly ({phase})",
            seat=seat_name(view["to_act"], me),
            phase=phase(view["phase"]),
        )
    lines = [
        header,
        *championship(view),
        *track(view),
    ]
    for plane in view["aircraft"]:
        to_go = max(0, view["finish"] - plane["pos"])
        owed = _("  owes {tiles}", tiles=_tiles(plane["owed"])) if plane["owed"] else ""
        lines.append(
            _(
                "  {seat:7} lap {lap}  lane {lane}  {altitude:4} speed {speed:3} FAST {fast}  "
                "Boost {boost}  {to_go} to go{owed}",
                seat=seat_name(plane["seat"], me),
                lap=plane["lap"],
                lane=plane["lane"],
                altitude=altitude(plane["altitude"]),
                speed=_tiles(plane["speed"]),
                fast=plane["fast"],
                boost=plane["boost"],
                to_go=_tiles(to_go),
                owed=owed,
            )
        )
    if view["to_act"] is not None:
        lines.append(
            n_(
                "  left to fly this turn: {tiles} tile "
                "(speed less penalties, ± altitude, + Boosts)",
                "  left to fly this turn: {tiles} tiles "
                "(speed less penalties, ± altitude, + Boosts)",
                _tile_count(view["speed_left"]),
                tiles=_tiles(view["speed_left"]),
            )
        )
        lines.append(
            _(
                "  Boosts played this turn: {boosts}   still to fly this round: {seats}",
                boosts=view["boosts_used"],
                seats=_(", ").join(seat_name(s, me) for s in view["queue"]) or "-",
            )
        )
    return "\n".join(lines)


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = seat_name(event.get("seat"))
    if kind == "season":
        kept = [f"{seat_name(s)}: {_counts(c)}" for s, c in enumerate(event["carried"]) if c]
        if kept:
            return _(
                "Season {season}: Speed Mod Season begins in October (carried over: {kept})",
                season=event["season"],
                kept="; ".join(kept),
            )
        return _("Season {season}: Speed Mod Season begins in October", season=event["season"])
    if kind == "heat":
        return _("A {laps}-lap heat race sets the grid of the final", laps=event["laps"])
    if kind == "heat_end":
        return _(
            "Heat won by {seat}: the final's grid is {order}",
            seat=seat_name(event["winner"]),
            order=_(", ").join(seat_name(s) for s in event["order"]),
        )
    if kind == "champion":
        return _("Champion: {seat} (race wins: {wins})", seat=who, wins=per_seat(event["wins"]))
    if kind == "pick":
        return _(
            "{seat} starts with 7 Dollars, {boosts} and {fasts}",
            seat=who,
            boosts=boost_cards(event["boost"]),
            fasts=fast_cards(event["fast"]),
        )
    if kind == "turn":
        return _("{month}: {seat}'s turn", month=month(event["month"]), seat=who)
    if kind == "calendar":
        return _("The calendar turns to {month}", month=month(event["month"]))
    if kind == "draw":
        if "cards" in event:
            return _(
                "{seat} draws {count}: {cards}",
                seat=who,
                count=event["count"],
                cards=titles(event["cards"]),
            )
        return _("{seat} draws {count}", seat=who, count=event["count"])
    if kind == "reshuffle":
        return _("{seat} shuffles the discard pile under the deck", seat=who)
    if kind == "play":
        return _("{seat} plays {card}", seat=who, card=title(event["card"]))
    if kind == "double":
        return _(
            "{seat} plays {card} twice through the Wind Tunnel", seat=who, card=title(event["card"])
        )
    if kind == "tunnel_cash":
        return _("{seat} takes the Wind Tunnel's two extra dollars", seat=who)
    if kind == "redraw":
        return _("{seat} uses Team Effort to discard and redraw", seat=who)
    if kind == "toss":
        return _("{seat} discards {card}", seat=who, card=title(event["card"]))
    if kind == "buy_phase":
        return n_(
            "{seat} goes to the buy phase ({count} buy)",
            "{seat} goes to the buy phase ({count} buys)",
            event["buys"],
            seat=who,
        )
    if kind == "buy":
        return _("{seat} buys {card}", seat=who, card=title(event["card"]))
    if kind == "quick_play":
        return _("Quick Play: everyone has ${cash} for speed mods", cash=event["cash"])
    if kind == "quick_done":
        return _("{seat} is done shopping (${left} unspent)", seat=who, left=event["left"])
    if kind == "season_end":
        mods = "; ".join(
            _(
                "{seat}: {microknots}, {fasts}, {boosts}",
                seat=seat_name(s),
                microknots=microknot_cards(m["microknot"]),
                fasts=fast_cards(m["fast"]),
                boosts=boost_cards(m["boost"]),
            )
            for s, m in enumerate(event["mods"])
        )
        return _("Race Week! Speed mods: {mods}", mods=mods)
    if kind == "grid":
        order = _(", ").join(seat_name(s) for s in event["order"])
        rolled = [
            _(
                "{seat} rolled {rolls}",
                seat=seat_name(s),
                rolls=_(" then ").join(str(r) for r in rs),
            )
            for s, rs in event["rolls"].items()
        ]
        if rolled:
            return _(
                "Starting grid, inside out: {order} (equal speeds, settled by a die: {rolls})",
                order=order,
                rolls=_(", ").join(rolled),
            )
        return _("Starting grid, inside out: {order}", order=order)
    if kind == "round":
        return _(
            "Round {round}: order {order}",
            round=event["round"],
            order=_(", ").join(seat_name(s) for s in event["order"]),
        )
    if kind == "race_turn":
        if event["paid"]:
            return _(
                "{seat} flies with speed {speed} after paying {paid} of penalties",
                seat=who,
                speed=_tiles(event["speed"]),
                paid=_tiles(event["paid"]),
            )
        return _("{seat} flies with speed {speed}", seat=who, speed=_tiles(event["speed"]))
    if kind == "altitude":
        return _(
            "{seat} flies {altitude} (speed now {speed})",
            seat=who,
            altitude=altitude(event["to"]),
            speed=_tiles(event["speed"]),
        )
    if kind == "boost":
        verdict = _("+3 speed") if event["passed"] else _("BACKFIRE")
        modifier = f" {event['modifier']:+d}" if event["modifier"] else ""
        return _(
            "{seat} plays a Boost and rolls {roll} + FAST {fast}{modifier}: {verdict}",
            seat=who,
            roll=event["roll"],
            fast=event["fast"],
            modifier=modifier,
            verdict=verdict,
        )
    if kind == "backfire":
        if event["cancelled"]:
            return _("{seat} spends another Boost to cancel the backfire penalty", seat=who)
        return _("{seat} takes a -3 backfire token", seat=who)
    if kind == "lane":
        return _(
            "{seat} moves to lane {lane} (-{cost} speed)",
            seat=who,
            lane=event["to"],
            cost=_tiles(event["cost"]),
        )
    if kind == "sidestep":
        return _("{seat} sidesteps into lane {lane} to pass (1 speed)", seat=who, lane=event["to"])
    if kind == "pylon_check":
        verdict = _("clean") if event["passed"] else _("CUT! -2 next turn")
        return _(
            "{seat} rounds {pylon} tight and rolls {roll} + FAST {fast}: {verdict}",
            seat=who,
            pylon=place(event["pylon"]),
            roll=event["roll"],
            fast=event["fast"],
            verdict=verdict,
        )
    if kind == "finish_line":
        return _("{seat} crosses the finish line!", seat=who)
    if kind == "fly":
        flown = event["to"] - event["from"]
        if event["unused"]:
            return n_(
                "{seat} flies {tiles} tile in lane {lane}, {unused} speed unused",
                "{seat} flies {tiles} tiles in lane {lane}, {unused} speed unused",
                _tile_count(flown),
                seat=who,
                tiles=_tiles(flown),
                lane=event["lane"],
                unused=_tiles(event["unused"]),
            )
        return n_(
            "{seat} flies {tiles} tile in lane {lane}",
            "{seat} flies {tiles} tiles in lane {lane}",
            _tile_count(flown),
            seat=who,
            tiles=_tiles(flown),
            lane=event["lane"],
        )
    if kind == "pay_back":
        return _(
            "{seat} pays {owed} of penalties backwards at the finish",
            seat=who,
            owed=_tiles(event["owed"]),
        )
    if kind == "race_end":
        return _(
            "Chequered flag: {seat} wins ({why})",
            seat=seat_name(event["winner"]),
            why=why(event["why"]),
        )
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """The finishing order of each race (furthest along first), then the championship."""
    me = view.get("seat")
    lines = [_("[bold]Results[/bold]")]
    finish = view.get("finish", 0)
    for event in events:
        if event["type"] != "race_end":
            continue
        lines.append(
            _("  Race of season {season}: {why}", season=event["season"], why=why(event["why"]))
        )
        positions = event["positions"]
        rest = (s for s in range(len(positions)) if s != event["winner"])
        places = [event["winner"], *sorted(rest, key=lambda s: -positions[s])]
        for place_no, s in enumerate(places, 1):
            behind = max(0, finish - positions[s])
            where = (
                _("finished")
                if behind == 0
                else n_(
                    "{tiles} tile from the line",
                    "{tiles} tiles from the line",
                    _tile_count(behind),
                    tiles=_tiles(behind),
                )
            )
            lines.append(f"    {place_no}. {padded(seat_name(s, me), 8)} {where}")
    if view["seasons"] > 1:
        wins = view["race_wins"]
        lines.append(_("[bold]Championship[/bold] (race wins)"))
        lines += standings(wins, me)
    return "\n".join(lines)
