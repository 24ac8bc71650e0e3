"""Terminal text for Air Racing views and events (rich markup): the season table and the course."""

from __future__ import annotations

from typing import Any

from aerodeck.core.api import JSON
from aerodeck.core.text import per_seat, seat_colour, seat_name, standings
from aerodeck.games.air_racing.cards import COSTS, NAMES, TITLES


def _tiles(half_steps: int) -> str:
    """Half tiles as tiles: 9 -> '4½'."""
    whole, half = divmod(half_steps, 2)
    return f"{whole}{'½' if half else ''}"


def _title(name: str) -> str:
    return TITLES[NAMES.index(name)] if name in NAMES else name


def _counts(cards: dict[str, int]) -> str:
    """``Dollar x7, FAST x2, Boost``: identical cards grouped."""
    return (
        ", ".join(f"{_title(name)}{f' x{n}' if n > 1 else ''}" for name, n in cards.items()) or "-"
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
    wins = ", ".join(f"seat {s} {w}" for s, w in enumerate(view["race_wins"]))
    return [f"  championship: season {view['season_no']} of {view['seasons']}; race wins {wins}"]


def render_view(view: JSON) -> str:
    if view["stage"] == "race":
        return render_race(view)
    me = view.get("seat")
    lines: list[str] = championship(view)
    if view["stage"] == "quick play":
        lines.append("[bold]Quick Play[/bold]: $25 of speed mods each, then Race Week")
    else:
        lines.append(
            f"[bold]Speed Mod Season: {view['month']}[/bold]   "
            f"{seat_name(view['to_act'], me)} to play ({view['phase']} phase)"
        )
    offers = [
        f"{_title(name)} ${COSTS[NAMES.index(name)]} ({n})" for name, n in view["supply"].items()
    ]
    lines.append("  for sale, price (cards left):")
    for row in range(0, len(offers), 3):
        lines.append("    " + ", ".join(offers[row : row + 3]))
    for seat, kept in enumerate(view["carried"]):
        if kept:
            carries = "carry" if seat == me else "carries"
            lines.append(f"  {seat_name(seat, me)} {carries} from last season: {_counts(kept)}")
    for seat in view.get("seats", []):
        name = seat_name(seat["seat"], me)
        lines.append(
            f"  {name:8} hand {seat['hand_size']}  deck {seat['deck_size']}  "
            f"discard {sum(seat['discard'].values())}  owns: {_counts(seat['cards'])}"
        )
        if seat["in_play"]:
            lines.append(f"           in play: {', '.join(seat['in_play'])}")
    if view["phase"] == "pick":
        lines.append("  everyone takes 7 Dollars and picks 3 speed mods (B = Boost, F = FAST)")
        return "\n".join(lines)
    turn = view.get("turn")
    if turn and view["to_act"] is not None:
        extra = f"  redraws {turn['redraws']}" if turn["redraws"] else ""
        if turn["tunnels"]:
            extra += f"  Wind Tunnel choices still to make: {turn['tunnels']}"
        lines.append(
            f"  this turn: actions {turn['actions']}  buys {turn['buys']}  "
            f"extra ${turn['bonus']}  spent ${turn['spent']}{extra}"
        )
    if "hand" in view:
        lines.append(f"  [bold]your hand:[/bold] {_grouped(view['hand'])}")
        lines.append(f"  your deck holds: {_counts(view['deck'])}   you have ${view['coins']}")
    return "\n".join(lines)


def track(view: JSON) -> list[str]:
    """The loop unrolled as one row per lane; pylons above, each aircraft drawn nose and tail."""
    course: dict[str, Any] = view["course"]
    length = course["length"]
    marks = ["─"] * length
    for number, pylon in enumerate(course["pylons"]):
        marks[pylon["at"]] = "[blue]S[/blue]" if pylon["start"] else f"[bold]{number}[/bold]"
    rows = ["  pylons " + "".join(marks)]
    for lane in range(course["lanes"]):
        cells = ["·"] * length
        for plane in view["aircraft"]:
            if plane["lane"] == lane:
                colour = seat_colour(plane["seat"])
                cells[plane["pos"] % length] = f"[{colour}]{plane['seat']}[/{colour}]"
                cells[(plane["pos"] - 1) % length] = f"[{colour}]=[/{colour}]"
        rows.append(f"  lane {lane} " + "".join(cells))
    rows.append(
        "  [dim]left to right: a digit is an aircraft (its seat), = its tail; S start/finish[/dim]"
    )
    return rows


def render_race(view: JSON) -> str:
    me = view.get("seat")
    course = view["course"]
    heat = " (heat for the grid)" if view["heat"] else ""
    lines = [
        f"[bold]Race Week: {course['name']}[/bold], laps {view['laps']}{heat}, "
        f"round {view['round']}   {seat_name(view['to_act'], me)} to fly ({view['phase']})",
        *championship(view),
        *track(view),
    ]
    for plane in view["aircraft"]:
        to_go = max(0, view["finish"] - plane["pos"])
        owed = f"  owes {_tiles(plane['owed'])}" if plane["owed"] else ""
        lines.append(
            f"  {seat_name(plane['seat'], me):7} lap {plane['lap']}  lane {plane['lane']}  "
            f"{plane['altitude']:4} speed {_tiles(plane['speed']):3} FAST {plane['fast']}  "
            f"Boost {plane['boost']}  {_tiles(to_go)} to go{owed}"
        )
    if view["to_act"] is not None:
        lines.append(
            f"  left to fly this turn: {_tiles(view['speed_left'])} tiles "
            "(speed less penalties, ± altitude, + Boosts)\n"
            f"  "
            f"Boosts played this turn: {view['boosts_used']}   "
            f"still to fly this round: {', '.join(seat_name(s, me) for s in view['queue']) or '-'}"
        )
    return "\n".join(lines)


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if kind == "season":
        kept = [f"seat {s}: {_counts(c)}" for s, c in enumerate(event["carried"]) if c]
        carried = f" (carried over: {'; '.join(kept)})" if kept else ""
        return f"Season {event['season']}: Speed Mod Season begins in October{carried}"
    if kind == "heat":
        return f"A {event['laps']}-lap heat race sets the grid of the final"
    if kind == "heat_end":
        order = ", ".join(f"seat {s}" for s in event["order"])
        return f"Heat won by seat {event['winner']}: the final's grid is {order}"
    if kind == "champion":
        return f"Champion: seat {event['seat']} (race wins: {per_seat(event['wins'])})"
    if kind == "pick":
        return f"{who} starts with 7 Dollars, {event['boost']} Boost and {event['fast']} FAST"
    if kind == "turn":
        return f"{event['month']}: {who}'s turn"
    if kind == "calendar":
        return f"The calendar turns to {event['month']}"
    if kind == "draw":
        cards = f": {', '.join(event['cards'])}" if "cards" in event else ""
        return f"{who} draws {event['count']}{cards}"
    if kind == "reshuffle":
        return f"{who} shuffles the discard pile under the deck"
    if kind == "play":
        return f"{who} plays {event['card']}"
    if kind == "double":
        return f"{who} plays {event['card']} twice through the Wind Tunnel"
    if kind == "tunnel_cash":
        return f"{who} takes the Wind Tunnel's two extra dollars"
    if kind == "redraw":
        return f"{who} uses Team Effort to discard and redraw"
    if kind == "toss":
        return f"{who} discards {event['card']}"
    if kind == "buy_phase":
        return f"{who} goes to the buy phase ({event['buys']} buys)"
    if kind == "buy":
        return f"{who} buys {event['card']}"
    if kind == "quick_play":
        return f"Quick Play: everyone has ${event['cash']} for speed mods"
    if kind == "quick_done":
        return f"{who} is done shopping (${event['left']} unspent)"
    if kind == "season_end":
        mods = "; ".join(
            f"seat {s}: {m['microknot']} Microknot, {m['fast']} FAST, {m['boost']} Boost"
            for s, m in enumerate(event["mods"])
        )
        return f"Race Week! Speed mods: {mods}"
    if kind == "grid":
        rolled = [
            f"seat {s} rolled {' then '.join(str(r) for r in rs)}"
            for s, rs in event["rolls"].items()
        ]
        rolls = f" (equal speeds, settled by a die: {', '.join(rolled)})" if rolled else ""
        order = ", ".join(f"seat {s}" for s in event["order"])
        return f"Starting grid, inside out: {order}{rolls}"
    if kind == "round":
        return f"Round {event['round']}: order {', '.join(f'seat {s}' for s in event['order'])}"
    if kind == "race_turn":
        paid = f" after paying {_tiles(event['paid'])} of penalties" if event["paid"] else ""
        return f"{who} flies with speed {_tiles(event['speed'])}{paid}"
    if kind == "altitude":
        return f"{who} flies {event['to']} (speed now {_tiles(event['speed'])})"
    if kind == "boost":
        verdict = "+3 speed" if event["passed"] else "BACKFIRE"
        modifier = f" {event['modifier']:+d}" if event["modifier"] else ""
        return f"{who} Boosts: rolls {event['roll']} + FAST {event['fast']}{modifier}: {verdict}"

    if kind == "backfire":
        if event["cancelled"]:
            return f"{who} spends another Boost to cancel the backfire penalty"
        return f"{who} takes a -3 backfire token"
    if kind == "lane":
        return f"{who} moves to lane {event['to']} (-{_tiles(event['cost'])} speed)"
    if kind == "sidestep":
        return f"{who} sidesteps into lane {event['to']} to pass (1 speed)"
    if kind == "pylon_check":
        verdict = "clean" if event["passed"] else "CUT! -2 next turn"
        roll = f"rolls {event['roll']} + FAST {event['fast']}"
        return f"{who} rounds {event['pylon']} tight: {roll}: {verdict}"
    if kind == "finish_line":
        return f"{who} crosses the finish line!"
    if kind == "fly":
        lost = f", {_tiles(event['unused'])} speed unused" if event["unused"] else ""
        return (
            f"{who} flies {_tiles(event['to'] - event['from'])} tiles in lane {event['lane']}{lost}"
        )
    if kind == "pay_back":
        return f"{who} pays {_tiles(event['owed'])} of penalties backwards at the finish"
    if kind == "race_end":
        return f"Chequered flag: seat {event['winner']} wins ({event['why']})"
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """The finishing order of each race (furthest along first), then the championship."""
    me = view.get("seat")
    lines = ["[bold]Results[/bold]"]
    finish = view.get("finish", 0)
    for event in events:
        if event["type"] != "race_end":
            continue
        lines.append(f"  Race of season {event['season']}: {event['why']}")
        positions = event["positions"]
        rest = (s for s in range(len(positions)) if s != event["winner"])
        places = [event["winner"], *sorted(rest, key=lambda s: -positions[s])]
        for place, s in enumerate(places, 1):
            behind = max(0, finish - positions[s])
            where = "finished" if behind == 0 else f"{_tiles(behind)} tiles from the line"
            lines.append(f"    {place}. {seat_name(s, me):8} {where}")
    if view["seasons"] > 1:
        wins = view["race_wins"]
        lines.append("[bold]Championship[/bold] (race wins)")
        lines += standings(wins, me)
    return "\n".join(lines)
