"""Terminal text (rich markup) for Locked-On views and events: every aircraft (altitude, range
band, ratings, weapons, counters, its owner's hand), every pair of enemies (mutual range and
position) and the cycle."""

from __future__ import annotations

from collections.abc import Callable

from aerodeck.core.api import JSON
from aerodeck.core.text import and_list, plural

_POSITION_STYLE = {
    "Tailing": "bold green",
    "Advantage": "green",
    "Neutral": "white",
    "Disadvantaged": "yellow",
    "Tailed": "bold red",
}
_USE = {
    "pos": "Maneuvering (position)",
    "range": "Maneuvering (range)",
    "gun": "gun attack",
    "tone": "Tone",
    "missile": "missile attack",
    "pos_to_neutral": "action",
    "disadv_to_adv": "action",
    "altitude_1": "action",
    "missile_bonus": "action",
    "site": "site attack",
}
_STEP = {
    "pick": "choosing aircraft in secret",
    "alt-pick": "choosing starting altitude in secret",
    "initiative": "initiative: who flies first",
    "burner": "Afterburners",
    "discard": "{step}-turn discard/draw",
    "altitude": "Adjust Altitude",
    "speed": "Speed Maneuvering",
    "play": "Play Cards",
    "react": "action/reaction cycle",
    "launch": "launch or hold",
    "follow": "follow the altitude change?",
    "pay": "paying a discard",
    "over": "game over",
    "skill": "choosing skills in secret",
    "order": "the side chooses which aircraft flies next",
    "angle": "90°/0° Angle: choose the starting band and an enemy",
}


# A discard's reason as the rules name it, in players' words where that name is the rules' own.
_DISCARD_WHY = {
    "open": "its cost",
    "tactic": "its cost",
    "envelope": "Edge of Envelope",
    "timely-turn discard": "Timely",
}


def who(seat: int | None, me: int | None) -> str:
    if seat is None:
        return "chance"
    return "you" if seat == me else f"seat {seat}"


def _header(view: JSON, flies: str, discards: int, tail: str) -> str:
    """The first line: round, who flies, the step, the deck and discards, then ``tail``."""
    step = str(_STEP.get(view["phase"], view["phase"])).format(step=view["step"])
    if view["phase"] == "discard" and view["step"] == "timely":
        step = "Timely: discard, then draw as many"
    return (
        f"[bold]Round {min(view['round'], view['rounds'])} of {view['rounds']}[/bold]{flies}   "
        f"step: {step}   deck {view['deck']}   discards {discards}   {tail}"
    )


def _titles(label: str, titles: list[str], indent: str = "  ") -> str:
    return f"{indent}[bold]{label}:[/bold] {', '.join(titles) or '-'}"


def _load(load: list[list[object]]) -> str:
    return ", ".join(f"{n}x {m}" for m, n in load) or "no missiles"


def _missiles(seat: JSON) -> str:
    return ", ".join(f"{n}x {m}" for m, n in seat["missiles"].items()) or "none"


def _site(site: JSON, defends: str) -> str:
    cells = ", ".join(f"{a} {r}" for a, r in site["envelope"])
    return (
        f"  site {site['name']} ({site['kind']}, draws {site['draw']}) defends {defends}: "
        f"envelope {cells}"
    )


def _mission(mission: JSON, me: int | None) -> str:
    """A campaign mission: what it is and what each nation scores for every enemy shot down."""
    nations = ", ".join(
        f"{who(seat, me)}: {n['name']} ({n['vp']} VP)" for seat, n in enumerate(mission["nations"])
    )
    return (
        f"  [bold]{mission['campaign']}[/bold], mission {mission['number']} "
        f'"{mission["title"]}": {nations}'
    )


def _label(craft: JSON, me: int | None, many: bool) -> str:
    """Who flies the aircraft; with several aircraft, also its number and side."""
    name = who(craft["seat"], me)
    return f"#{craft['aircraft_no']} {name} (side {craft['side']})" if many else name


def _aircraft(craft: JSON, me: int | None, many: bool) -> list[str]:
    name = craft["aircraft"] or ("chosen (secret)" if craft["chosen"] else "not chosen")
    altitude = craft["altitude"] or ("secret" if craft["altitude_chosen"] else "-")
    vp = f"  VP {craft['vp']}" if "vp" in craft else ""
    down = "  [bold red]shot down[/bold red]" if not craft["alive"] else ""
    lines = [f"[bold]{_label(craft, me, many)}[/bold]: [cyan]{name}[/cyan]{vp}{down}"]
    if not craft["alive"]:  # out of the fight: nothing more of it matters
        return lines
    lines.append(
        f"    altitude {altitude}   range band {craft['range']}   "
        f"cards in hand {craft['hand_size']}"
    )
    ratings = craft.get("ratings")
    if ratings:
        lines.append(
            f"    speed {ratings['speed']}  perf {ratings['performance']}  "
            f"thrust {ratings['thrust_pre']}/{ratings['ab_pre']} pre, "
            f"{ratings['thrust_post']}/{ratings['ab_post']} post  gun {ratings['gun']}  "
            f"EW {ratings['ew']}  ({ratings['nation']} {ratings['year']})"
        )
    if "missiles" in craft:
        burner = " [bold red]ON[/bold red]" if craft["afterburner_on"] else ""
        lines.append(
            f"    missiles {_missiles(craft)}   countermeasures {craft['countermeasures']}   "
            f"afterburners {craft['afterburners']}{burner}   weapon reach {craft['reach'] or '-'}"
        )
    if "skills" in craft:
        changes = ", ".join(f"{r} {v:+d}" for r, v in craft["rating_changes"].items())
        used = f"   used: {', '.join(craft['skills_used'])}" if craft.get("skills_used") else ""
        lines.append(
            f"    skills: {', '.join(craft['skills']) or 'none'}"
            + (f" ({changes})" if changes else "")
            + used
        )
    if "performance" in craft:
        lines.append(
            f"    at this altitude: performance {craft['performance']}, thrust "
            f"{craft['thrust'][0]} pre / {craft['thrust'][1]} post, EW {craft['ew']}"
        )
    if "hand" in craft:
        lines.append(_titles("hand", craft["hand"], "    "))
    if "pool" in craft:
        lines.append(_titles("Aircraft Expertise pool", craft["pool"], "    "))
    elif "pool_size" in craft:
        lines.append(f"    Aircraft Expertise pool: {plural(craft['pool_size'], 'card')}")
    return lines


def _pair(pair: JSON, craft: list[JSON], me: int | None, many: bool) -> str:
    """A pair of enemies: their mutual range and the first one's position on the second."""
    a, b = (craft[n] for n in pair["aircraft"])
    first, second = (f"#{c['aircraft_no']}" if many else who(c["seat"], me) for c in (a, b))
    style = _POSITION_STYLE[pair["position"]]
    return (
        f"  {first} vs {second}: mutual range {pair['range'] or 'not known yet'}, "
        f"{first} [{style}]{pair['position']}[/{style}]"
    )


def _cycle(cycle: JSON, craft: list[JSON], me: int | None, many: bool) -> list[str]:
    def name(n: int) -> str:
        return _label(craft[n], me, many) if 0 <= n < len(craft) else "the site"

    title = _USE.get(cycle["use"], cycle["use"])
    missile = f" ({cycle['missile']})" if cycle.get("missile") else ""
    lines = [f"  [bold]cycle[/bold]: {name(cycle['by'])}: {title}{missile}"]
    for n, link in enumerate(cycle["chain"], start=1):
        source = " from the missile hand" if link["from"] == "missile" and n > 1 else ""
        lines.append(f"    {n}. {name(link['aircraft'])}: {link['card']}{source}")
    if cycle["use"] == "missile":
        lines.append(f"    missile hand: {plural(cycle['missile_hand_size'], 'card')}")
    return lines


def render_view(view: JSON) -> str:
    """Every aircraft, every pair of enemies, what is being decided, and the seat's own cards."""
    me = view.get("seat")
    craft = view["aircraft"]
    many = len(craft) > 2
    flying = (
        "" if view["flying"] is None else f"   {_label(craft[view['flying']], me, many)} to fly"
    )
    mission = view.get("mission")
    tail = "" if mission else f"(VP limit {view['vp_limit']}, year {view['year']})"
    if many:
        tail += f"   kills by side {view['kills']}"
    lines = [_header(view, flying, view["discards"], tail.strip())]
    if mission:
        lines.append(_mission(mission, me))
    for entry in craft:
        lines.extend(_aircraft(entry, me, many))
    lines.extend(_pair(pair, craft, me, many) for pair in view["pairs"])
    if view["speed_left"]:
        lines.append(f"  Speed Maneuvers left: {view['speed_left']}")
    if view["missile_bonus"]:
        lines.append(
            f"  next missile this turn: +{plural(view['missile_bonus'], 'card')} (Yo-Yo/Break)"
        )
    if view.get("follow"):
        lines.append(f"  the enemy moved {view['follow']['direction']}: follow or stay")
    if view.get("load") is not None:
        lines.append(f"  missile load: {_load(view['load'])} ({view['load_vp']} VP)")
    if view.get("skill_budget") is not None:
        options = ", ".join(view.get("skill_options") or [])
        lines.append(
            f"  skills: one of {options}"
            if options
            else f"  VP left for skills: {view['skill_budget']}"
        )
        if view.get("rate_left"):
            word = "raise" if view["rate_sign"] > 0 else "lower"
            lines.append(
                f"  {word} a rating by one level ({plural(view['rate_left'], 'step')} left)"
            )
    for site in view["sites"]:
        lines.append(_site(site, who(site["seat"], me)))
    if view["pay_left"]:
        lines.append(f"  cards still to discard: {view['pay_left']}")
    if view["cycle"]:
        lines.extend(_cycle(view["cycle"], craft, me, many))
    if view["discard_pile"]:
        pile = ", ".join(f"{t} {n}" for t, n in view["discard_pile"].items())
        lines.append(f"  [dim]discard pile: {pile}[/dim]")
    if view.get("site_hand") is not None:
        lines.append(_titles("site hand", view["site_hand"]))
    if view.get("missile_hand") is not None:
        lines.append(_titles("missile hand", view["missile_hand"]))
    # With several aircraft, which one this decision is for (at set-up, the one choosing).
    deciding = view["deciding"] if view["deciding"] is not None else view["picking"]
    if deciding is not None and many:
        lines.append(f"  deciding: {_label(craft[deciding], me, many)}")
    if view.get("skill_unit") and many:
        unit = and_list([f"#{a}" for a in view["skill_unit"]])
        lines.append(f"  choosing skills for {unit}")
    if view["end"]:
        lines.append(f"  [bold]{view['end']}[/bold]")
    return "\n".join(lines)


# The events told by one template: ``{who}`` names the event's aircraft ("seat N" in the duel),
# ``{by_who}`` and ``{target_who}`` the others it names (``{on_target}``: " on" the target, when
# named), the rest are the event's own fields.
_TOLD = {
    "turn": "Round {round}: {who}'s turn",
    "discard": "{who} discards {card} ({why})",
    "stall": "{who} stalls: no thrust at this altitude",
    "altitude": "{who} {why}: now at {to}",
    "stay": "{who} does not follow the altitude change",
    "pass": "{who} does not react",
    "split-s": "{who}'s Split-S ends the enemy's turn",
    "position": "{who} is now {position}{on_target}",
    "position-lost": "{who} is beyond weapon range and drops back to Neutral",
    "neutral": "{who} gives up the position: Neutral",
    "bonus": "{who}'s next missile this turn draws +{bonus}",
    "hold": "{who} holds the missile",
    "reshuffle": "The discard pile is shuffled into a new deck ({deck} cards)",
    "destroyed": "[bold red]{who} is shot down[/bold red] by {by_who}",
    "teamwork": "{who} adds a Teamwork reaction",
    "round": "Round {round} begins",
    "nfod": "seat {player} earns {vp} campaign VP (NFOD)",
    "skill-used": "{who} uses {skill} (once per game)",
    "expertise": "{who} takes {card} from its Aircraft Expertise pool to play it",
    "site-attack": "site {site} attacks {target_who} with {card}",
}


def _seat(a: int) -> str:
    """An aircraft named by its seat (every player flies one, numbered as the seats)."""
    return f"seat {a}" if a >= 0 else "the site"


def _each(name: Callable[[int], str], values: list[object]) -> str:
    """One value per aircraft, named: 'seat 0 High, seat 1 Low'."""
    return ", ".join(f"{name(a)} {v}" for a, v in enumerate(values))


def describe_event(event: JSON, name: Callable[[int], str] = _seat) -> str:
    """An event in words; ``name`` names an aircraft by its number (the game with several
    aircraft passes one that gives the owner and the number: "seat 1's #3")."""
    kind = event["type"]
    seat = name(event["seat"]) if isinstance(event.get("seat"), int) else "chance"
    if kind == "discard":
        event = {**event, "why": _DISCARD_WHY.get(event["why"], event["why"])}
    if kind in _TOLD:
        named = {k: name(event[k]) for k in ("by", "target") if isinstance(event.get(k), int)}
        on_target = f" on {named['target']}" if "target" in named else ""  # several aircraft
        return _TOLD[kind].format(
            who=seat,
            by_who=named.get("by"),
            target_who=named.get("target"),
            on_target=on_target,
            **event,
        )
    if kind == "aircraft":
        return "Aircraft revealed: " + ", ".join(
            f"{name(a)} {plane} ({vp} VP)"
            for a, (plane, vp) in enumerate(zip(event["aircraft"], event["vp"], strict=True))
        )
    if kind == "altitudes":
        return "Altitudes revealed: " + _each(name, event["altitudes"])
    if kind == "range":
        return "range bands now: " + _each(name, event["ranges"])
    if kind == "pick":
        return f"{seat} chooses an aircraft" + (
            f" ({event['aircraft']})" if "aircraft" in event else ""
        )
    if kind == "alt-pick":
        return f"{seat} chooses a starting altitude" + (
            f" ({event['altitude']})" if "altitude" in event else ""
        )
    if kind == "initiative":
        if "first_side" in event:
            return f"Initiative: side {event['first_side']} flies first ({event['why']})"
        first = name(event["first"])
        if event["seat"] is None:
            return f"Initiative: equal EW, chance sends {first} first"
        return f"Initiative: {seat} (higher EW) sends {first} first"
    if kind == "burner":
        return f"{seat} {'lights an afterburner' if event['on'] else 'afterburner off'}"
    if kind == "draw":
        if not event["count"]:
            return f"{seat} draws no card ({event['why']})"
        cards = f": {', '.join(event['cards'])}" if "cards" in event else ""
        return f"{seat} draws {event['count']} ({event['why']}){cards}"
    if kind == "play":
        extra = ""
        if "steps" in event:
            extra = f", {plural(event['steps'], 'step')}"
        elif "me" in event:
            parts = [f"own range {event['me']:+d}"] if event["me"] else []
            parts += [f"enemy range {event['foe']:+d}"] if event["foe"] else []
            extra = ", " + ", ".join(parts)
        elif "direction" in event:
            extra = f", {event['direction']}"
        if "missile" in event:
            extra += f", declaring {event['missile']}"
        use = _USE.get(event["use"], event["use"])
        return f"{seat} plays {event['card']} as {use}{extra}"
    if kind == "react":
        source = " from the missile hand" if event["from"] == "missile" else ""
        return f"{seat} reacts with {event['card']}{source}"
    if kind == "resolve":
        result = "stands" if event["success"] else "fails"
        if event["use"] == "site" and event["seat"] < 0:  # several aircraft: the site unnamed
            return f"the site's attack {result}"
        return f"{seat}'s {_USE.get(event['use'], event['use'])} {result}"
    if kind in ("missile-spent", "site-spent"):
        whose = "missile's unused" if kind == "missile-spent" else "site's"
        return f"the {whose} cards are discarded: {', '.join(event['cards'])}"
    if kind == "launch":
        hand = f": {', '.join(event['missile_hand'])}" if "missile_hand" in event else ""
        cards = plural(event["cards"], "card")
        return f"{seat} launches {event['missile']}, missile hand {cards}{hand}"
    if kind == "load-chosen":
        mine = ""
        if "load" in event:
            mine = ": " + _load(event["load"])
        return f"{seat} has chosen a custom missile load{mine}"
    if kind == "skills-chosen":
        mine = f": {', '.join(event['skills']) or 'none'}" if "skills" in event else ""
        return f"{seat} has chosen skills{mine}"
    if kind == "skills":
        held = "; ".join(
            f"{name(a)} {', '.join(x) or 'none'}" for a, x in enumerate(event["skills"])
        )
        return f"Skills revealed: {held} (VP {and_list([str(v) for v in event['vp']])})"
    if kind == "expertise-pool":
        cards = f": {', '.join(event['cards'])}" if "cards" in event else ""
        return f"{seat} sets aside {plural(event['size'], 'Aircraft Expertise card')}{cards}"
    if kind == "skill-card":
        card = event["card"] or "nothing: none left"
        return f"{seat} takes {card} ({event['skill']})"
    if kind == "site-draw":
        cards = f": {', '.join(event['cards'])}" if "cards" in event else ""
        return f"site {event['site']} draws {event['count']} against {name(event['target'])}{cards}"
    if kind == "game-end":
        winners = " and ".join(f"seat {s}" for s in event["winners"])
        return f"Game over: {event['why']} ({winners})"
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """Who shot down whom and the victory points: each aircraft shot down scores its VP value
    for the player whose aircraft (or site) shot it down. Where a player flies several aircraft
    they are named by owner and number ("seat 1's #3"), as in the log."""
    me = view.get("seat")
    craft = {a["aircraft_no"]: a for a in view["aircraft"]}
    owners = [a["seat"] for a in view["aircraft"]]
    several = len(set(owners)) < len(owners)
    site_seat = view["sites"][0]["seat"] if view["sites"] else None

    def whose(seat: int | None) -> str:
        return "your" if seat == me else f"{who(seat, me)}'s"

    def named(n: int) -> str:
        """Aircraft ``n`` by its owner (and number, where a player flies several)."""
        seat = craft[n]["seat"]
        return f"{whose(seat)} #{n}" if several else who(seat, me)

    scored: dict[int, int] = {}
    lines = ["[bold]Results[/bold]"]
    for event in events:
        if event["type"] == "destroyed":
            lost, by = craft.get(event["seat"], {}), event["by"]
            vp = int(lost.get("vp") or 0)
            # The duel's events name a site by its seat; with several aircraft it has no number.
            seat = craft[by]["seat"] if by in craft else site_seat
            if seat is not None:
                scored[seat] = scored.get(seat, 0) + vp
            shooter = named(by) if by in craft else f"{whose(seat)} site"
            victim = f"{named(event['seat'])} " if several else ""
            plane = lost.get("aircraft") or f"aircraft #{event['seat']}"
            lines.append(f"  {shooter} shot down {victim}{plane} ({vp} VP)")
        elif event["type"] == "game-end":
            lines.append(f"  {event['why']}")
    lines.append("[bold]Victory points[/bold] (the VP of enemy aircraft shot down)")
    for s in sorted(set(owners), key=lambda s: (-scored.get(s, 0), s)):
        lines.append(f"  {who(s, me):8} {scored.get(s, 0)}")
    return "\n".join(lines)
