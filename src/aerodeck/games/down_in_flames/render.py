"""Terminal text (rich markup) for Locked-On views and events: every aircraft (altitude, range
band, ratings, weapons, counters, its owner's hand), every pair of enemies (mutual range and
position) and the cycle, in the language in use (the rules' names through ``wording``)."""

from __future__ import annotations

from collections.abc import Callable

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _, n_
from aerodeck.core.text import and_list, padded, seat_name
from aerodeck.games.down_in_flames import ending, wording
from aerodeck.games.down_in_flames.campaign import award

_POSITION_STYLE = {
    "Tailing": "bold green",
    "Advantage": "green",
    "Neutral": "white",
    "Disadvantaged": "yellow",
    "Tailed": "bold red",
}


def who(seat: int | None, me: int | None) -> str:
    if seat is None:
        return _("chance")
    return seat_name(seat, me)


def _list(items: list[str]) -> str:
    return _(", ").join(items)


def _header(view: JSON, flies: str, discards: int, tail: str) -> str:
    """The first line: round, who flies, the step, the deck and discards, then ``tail``."""
    step = wording.step(view["phase"], view["step"])
    rounds = _(
        "Round {round} of {rounds}", round=min(view["round"], view["rounds"]), rounds=view["rounds"]
    )
    facts = [
        _("step: {step}", step=step),
        _("deck {count}", count=view["deck"]),
        _("discards {count}", count=discards),
        tail,
    ]
    return f"[bold]{rounds}[/bold]{flies}   " + "   ".join(facts)


def _titles(label: str, titles: list[str], indent: str = "  ") -> str:
    return f"{indent}[bold]{label}:[/bold] {_list(titles) or '-'}"


def _load(load: list[list[object]]) -> str:
    return _list([_("{count}x {missile}", count=n, missile=m) for m, n in load]) or _("no missiles")


def _missiles(seat: JSON) -> str:
    return _list(
        [_("{count}x {missile}", count=n, missile=m) for m, n in seat["missiles"].items()]
    ) or _("none")


def _site(site: JSON, defends: str) -> str:
    cells = _list([f"{wording.altitude(a)} {r}" for a, r in site["envelope"]])
    return "  " + _(
        "site {name} ({kind}, draws {draw}) defends {seat}: envelope {cells}",
        name=site["name"],
        kind=site["kind"],
        draw=site["draw"],
        seat=defends,
        cells=cells,
    )


def _mission(mission: JSON, me: int | None) -> str:
    """A campaign mission: what it is and what each nation scores for every enemy shot down."""
    nations = _list(
        [
            _("{seat}: {nation} ({vp} VP)", seat=who(seat, me), nation=n["name"], vp=n["vp"])
            for seat, n in enumerate(mission["nations"])
        ]
    )
    line = (
        _(
            'mission {number} "{title}": {nations}',
            number=mission["number"],
            title=wording.campaign_word(mission["title"]),
            nations=nations,
        )
        if mission["title"]
        else _("mission {number}: {nations}", number=mission["number"], nations=nations)
    )
    return f"  [bold]{mission['campaign']}[/bold], {line}"


def _label(craft: JSON, me: int | None, many: bool) -> str:
    """Who flies the aircraft; with several aircraft, also its number and side."""
    name = who(craft["seat"], me)
    if not many:
        return name
    return _(
        "#{number} {seat} (side {side})", number=craft["aircraft_no"], seat=name, side=craft["side"]
    )


def _aircraft(craft: JSON, me: int | None, many: bool, mission: bool = False) -> list[str]:
    name = craft["aircraft"] or (_("chosen (secret)") if craft["chosen"] else _("not chosen"))
    altitude = (
        wording.altitude(craft["altitude"])
        if craft["altitude"]
        else (_("secret") if craft["altitude_chosen"] else "-")
    )
    # In a campaign mission the mission VP replace the aircraft's (R41): the view's are not shown.
    vp = "  " + _("VP {vp}", vp=craft["vp"]) if "vp" in craft and not mission else ""
    shot = _("shot down")
    down = f"  [bold red]{shot}[/bold red]" if not craft["alive"] else ""
    lines = [f"[bold]{_label(craft, me, many)}[/bold]: [cyan]{name}[/cyan]{vp}{down}"]
    if not craft["alive"]:  # out of the fight: nothing more of it matters
        return lines
    lines.append(
        "    "
        + _(
            "altitude {altitude}   range band {band}   cards in hand {count}",
            altitude=altitude,
            band=craft["range"],
            count=craft["hand_size"],
        )
    )
    ratings = craft.get("ratings")
    if ratings:
        lines.append(
            "    "
            + _(
                "speed {speed}  perf {performance}  thrust {thrust_pre}/{ab_pre} pre, "
                "{thrust_post}/{ab_post} post  gun {gun}  EW {ew}  ({nation} {year})",
                **ratings,
            )
        )
    if "missiles" in craft:
        lit = _("ON")
        burner = f" [bold red]{lit}[/bold red]" if craft["afterburner_on"] else ""
        lines.append(
            "    "
            + _(
                "missiles {missiles}   countermeasures {countermeasures}   "
                "afterburners {afterburners}{on}   weapon reach {reach}",
                missiles=_missiles(craft),
                countermeasures=craft["countermeasures"],
                afterburners=craft["afterburners"],
                on=burner,
                reach=craft["reach"] or "-",
            )
        )
    if "skills" in craft:
        changes = _list([f"{wording.rating(r)} {v:+d}" for r, v in craft["rating_changes"].items()])
        used = (
            "   " + _("used: {skills}", skills=_list(wording.skills(craft["skills_used"])))
            if craft.get("skills_used")
            else ""
        )
        lines.append(
            "    "
            + _("skills: {skills}", skills=_list(wording.skills(craft["skills"])) or _("none"))
            + (f" ({changes})" if changes else "")
            + used
        )
    if "performance" in craft:
        lines.append(
            "    "
            + _(
                "at this altitude: performance {performance}, thrust {pre} pre / {post} post, "
                "EW {ew}",
                performance=craft["performance"],
                pre=craft["thrust"][0],
                post=craft["thrust"][1],
                ew=craft["ew"],
            )
        )
    if "hand" in craft:
        lines.append(_titles(_("hand"), craft["hand"], "    "))
    if "pool" in craft:
        lines.append(_titles(_("Aircraft Expertise pool"), craft["pool"], "    "))
    elif "pool_size" in craft:
        pool = n_("{count} card", "{count} cards", craft["pool_size"])
        lines.append("    " + _("Aircraft Expertise pool: {cards}", cards=pool))
    return lines


def _pair(pair: JSON, craft: list[JSON], me: int | None, many: bool) -> str:
    """A pair of enemies: their mutual range and the first one's position on the second."""
    a, b = (craft[n] for n in pair["aircraft"])
    first, second = (f"#{c['aircraft_no']}" if many else who(c["seat"], me) for c in (a, b))
    style = _POSITION_STYLE[pair["position"]]
    position = f"[{style}]{wording.position(pair['position'])}[/{style}]"
    return "  " + _(
        "{first} vs {second}: mutual range {range}, {first} {position}",
        first=first,
        second=second,
        range=pair["range"] or _("not known yet"),
        position=position,
    )


def _cycle(cycle: JSON, craft: list[JSON], me: int | None, many: bool) -> list[str]:
    def name(n: int) -> str:
        return _label(craft[n], me, many) if 0 <= n < len(craft) else _("the site")

    title = wording.use(cycle["use"])
    missile = f" ({cycle['missile']})" if cycle.get("missile") else ""
    head = _("cycle")
    lines = [f"  [bold]{head}[/bold]: {name(cycle['by'])}: {title}{missile}"]
    for n, link in enumerate(cycle["chain"], start=1):
        source = " " + _("from the missile hand") if link["from"] == "missile" and n > 1 else ""
        lines.append(f"    {n}. {name(link['aircraft'])}: {wording.card(link['card'])}{source}")
    if cycle["use"] == "missile":
        cards = n_("{count} card", "{count} cards", cycle["missile_hand_size"])
        lines.append("    " + _("missile hand: {cards}", cards=cards))
    return lines


def render_view(view: JSON) -> str:
    """Every aircraft, every pair of enemies, what is being decided, and the seat's own cards."""
    me = view.get("seat")
    craft = view["aircraft"]
    many = len(craft) > 2
    flying = (
        ""
        if view["flying"] is None
        else "   " + _("{aircraft} to fly", aircraft=_label(craft[view["flying"]], me, many))
    )
    mission = view.get("mission")
    tail = (
        ""
        if mission
        else _("(VP limit {vp_limit}, year {year})", vp_limit=view["vp_limit"], year=view["year"])
    )
    if many:
        kills = _list(
            [_("side {side} {count}", side=side, count=n) for side, n in enumerate(view["kills"])]
        )
        tail += "   " + _("kills by side: {kills}", kills=kills)
    lines = [_header(view, flying, view["discards"], tail.strip())]
    if mission:
        lines.append(_mission(mission, me))
    for entry in craft:
        lines.extend(_aircraft(entry, me, many, bool(mission)))
    lines.extend(_pair(pair, craft, me, many) for pair in view["pairs"])
    if view["speed_left"]:
        lines.append("  " + _("Speed Maneuvers left: {count}", count=view["speed_left"]))
    if view["missile_bonus"]:
        cards = n_("{count} card", "{count} cards", view["missile_bonus"])
        lines.append("  " + _("next missile this turn: +{cards} (Yo-Yo/Break)", cards=cards))
    if view.get("follow"):
        moved = wording.direction(view["follow"]["direction"])
        lines.append("  " + _("the enemy moved {direction}: follow or stay", direction=moved))
    if view.get("load") is not None:
        lines.append(
            "  " + _("missile load: {load} ({vp} VP)", load=_load(view["load"]), vp=view["load_vp"])
        )
    if view.get("skill_budget") is not None:
        options = _list(wording.skills(view.get("skill_options") or []))
        lines.append(
            "  " + _("skills: one of {options}", options=options)
            if options
            else "  " + _("VP left for skills: {vp}", vp=view["skill_budget"])
        )
        if view.get("rate_left"):
            steps = n_("{count} step", "{count} steps", view["rate_left"])
            lines.append(
                "  "
                + (
                    _("raise a rating by one level ({steps} left)", steps=steps)
                    if view["rate_sign"] > 0
                    else _("lower a rating by one level ({steps} left)", steps=steps)
                )
            )
    for site in view["sites"]:
        lines.append(_site(site, who(site["seat"], me)))
    if view["pay_left"]:
        lines.append("  " + _("cards still to discard: {count}", count=view["pay_left"]))
    if view["cycle"]:
        lines.extend(_cycle(view["cycle"], craft, me, many))
    if view["discard_pile"]:
        pile = _list([f"{t} {n}" for t, n in view["discard_pile"].items()])
        pile = _("discard pile: {cards}", cards=pile)
        lines.append(f"  [dim]{pile}[/dim]")
    if view.get("site_hand") is not None:
        lines.append(_titles(_("site hand"), view["site_hand"]))
    if view.get("missile_hand") is not None:
        lines.append(_titles(_("missile hand"), view["missile_hand"]))
    # With several aircraft, which one this decision is for (at set-up, the one choosing).
    deciding = view["deciding"] if view["deciding"] is not None else view["picking"]
    if deciding is not None and many:
        lines.append("  " + _("deciding: {aircraft}", aircraft=_label(craft[deciding], me, many)))
    if view.get("skill_unit") and many:
        unit = and_list([f"#{a}" for a in view["skill_unit"]])
        lines.append("  " + _("choosing skills for {aircraft}", aircraft=unit))
    if view["end"]:
        lines.append(f"  [bold]{view['end']}[/bold]")
    return "\n".join(lines)


def _seat(a: int) -> str:
    """An aircraft named by its seat (every player flies one, numbered as the seats)."""
    return seat_name(a) if a >= 0 else _("the site")


def _each(name: Callable[[int], str], values: list[str]) -> str:
    """One value per aircraft, named: 'seat 0 High, seat 1 Low'."""
    return _list([f"{name(a)} {v}" for a, v in enumerate(values)])


def _told(kind: str, event: JSON, name: Callable[[int], str]) -> str | None:
    """The events told in one sentence: ``who`` names the event's aircraft ("seat N" in the duel),
    ``by`` and ``target`` the others it names; None for the others."""
    seat = name(event["seat"]) if isinstance(event.get("seat"), int) else _("chance")
    by = name(event["by"]) if isinstance(event.get("by"), int) else None
    target = name(event["target"]) if isinstance(event.get("target"), int) else None
    if kind == "turn":
        return _("Round {round}: {who}'s turn", round=event["round"], who=seat)
    if kind == "discard":
        return _(
            "{who} discards {card} ({why})",
            who=seat,
            card=event["card"],
            why=wording.why(event["why"]),
        )
    if kind == "stall":
        return _("{who} stalls: no thrust at this altitude", who=seat)
    if kind == "altitude":
        return _altitude(event, seat)
    if kind == "level":
        return _("{who} stays at {altitude}", who=seat, altitude=wording.altitude(event["at"]))
    if kind == "pay":
        cards = n_("{count} card", "{count} cards", event["count"])
        if event["why"] == "follow":
            return _("{who} chooses to follow: {cards} to discard", who=seat, cards=cards)
        return _("{who} chooses to climb: {cards} to discard", who=seat, cards=cards)
    if kind == "end":
        if event["step"] == "speed":
            return _("{who} makes no more Speed Maneuvers", who=seat)
        return _("{who} plays no more cards this turn", who=seat)
    if kind == "no-burner":
        return _("{who} flies without afterburner", who=seat)
    if kind == "stay":
        return _("{who} does not follow the altitude change", who=seat)
    if kind == "pass":
        return _("{who} does not react", who=seat)
    if kind == "split-s":
        if isinstance(event.get("turn"), int):
            return _("{who}'s Split-S ends {flyer}'s turn", who=seat, flyer=name(event["turn"]))
        return _("{who}'s Split-S ends the enemy's turn", who=seat)
    if kind == "position":
        position = wording.position(event["position"])
        if target is not None:  # several aircraft
            return _(
                "{who} is now {position} on {target}", who=seat, position=position, target=target
            )
        return _("{who} is now {position}", who=seat, position=position)
    if kind == "position-lost":
        return _("{who} is beyond weapon range and drops back to Neutral", who=seat)
    if kind == "neutral":
        return _("{who} gives up the position: Neutral", who=seat)
    if kind == "bonus":
        return _("{who}'s next missile this turn draws +{bonus}", who=seat, bonus=event["bonus"])
    if kind == "hold":
        return _("{who} holds the missile", who=seat)
    if kind == "reshuffle":
        return _("The discard pile is shuffled into a new deck ({deck} cards)", deck=event["deck"])
    if kind == "destroyed":
        return _("[bold red]{who} is shot down[/bold red] by {by}", who=seat, by=by)
    if kind == "teamwork":
        return _("{who} adds a Teamwork reaction", who=seat)
    if kind == "round":
        return _("Round {round} begins", round=event["round"])
    if kind == "nfod":
        return _(
            "{seat} earns {vp} campaign VP (NFOD)", seat=seat_name(event["player"]), vp=event["vp"]
        )
    if kind == "skill-used":
        return _(
            "{who} uses {skill} (once per game)", who=seat, skill=wording.skill(event["skill"])
        )
    if kind == "expertise":
        return _(
            "{who} takes {card} from its Aircraft Expertise pool to play it",
            who=seat,
            card=event["card"],
        )
    if kind == "site-attack":
        return _(
            "site {site} attacks {target} with {card}",
            site=event["site"],
            target=target,
            card=event["card"],
        )
    return None


def _altitude(event: JSON, seat: str) -> str:
    """An altitude change, its verb agreeing with the aircraft ("seat 1 climbs to Medium")."""
    to = wording.altitude(event["to"])
    why = event["why"]
    if why == "climb":
        return _("{who} climbs to {to}", who=seat, to=to)
    if why == "dive":
        return _("{who} dives to {to}", who=seat, to=to)
    if why == "follow":
        return _("{who} follows, now at {to}", who=seat, to=to)
    if why == "stall":
        return _("{who} drops to {to} (stall)", who=seat, to=to)
    return _("{who} changes altitude ({why}): now at {to}", who=seat, why=wording.why(why), to=to)


def _initiative(event: JSON, seat: str, name: Callable[[int], str]) -> str:
    if "first_side" in event:
        return _(
            "Initiative: side {side} flies first ({why})",
            side=event["first_side"],
            why=wording.initiative_why(event["why"]),
        )
    first = name(event["first"])
    if event["seat"] is None:
        return _("Initiative: equal EW, chance sends {first} first", first=first)
    return _("Initiative: {who} (higher EW) sends {first} first", who=seat, first=first)


def _play(event: JSON, seat: str) -> str:
    extra = ""
    if "steps" in event:
        extra = _(", ") + n_("{count} step", "{count} steps", event["steps"])
    elif "me" in event:
        me, foe = f"{event['me']:+d}", f"{event['foe']:+d}"
        parts = [_("own range {change}", change=me)] if event["me"] else []
        parts += [_("enemy range {change}", change=foe)] if event["foe"] else []
        extra = _(", ") + _list(parts)
    elif "direction" in event:
        extra = _(", ") + wording.direction(event["direction"])
    if "missile" in event:
        extra += _(", ") + _("declaring {missile}", missile=event["missile"])
    return _(
        "{who} plays {card} as {use}{extra}",
        who=seat,
        card=wording.card(event["card"]),
        use=wording.use(event["use"]),
        extra=extra,
    )


def _with_cards(event: JSON) -> str:
    """``: Guns, Tone`` when the event shows the cards (to their owner), else nothing."""
    return _(": ") + _list(event["cards"]) if "cards" in event else ""


def describe_event(event: JSON, name: Callable[[int], str] = _seat) -> str:
    """An event in words; ``name`` names an aircraft by its number (the game with several
    aircraft passes one that gives the owner and the number: "seat 1's #3")."""
    kind = event["type"]
    seat = name(event["seat"]) if isinstance(event.get("seat"), int) else _("chance")
    told = _told(kind, event, name)
    if told is not None:
        return told
    if kind == "aircraft":
        if "vp" not in event:  # a campaign mission: the mission VP count (R41)
            planes = _list(
                [
                    _("{who} {aircraft}", who=name(a), aircraft=plane)
                    for a, plane in enumerate(event["aircraft"])
                ]
            )
            return _("Aircraft revealed: {aircraft}", aircraft=planes)
        planes = _list(
            [
                _("{who} {aircraft} ({vp} VP)", who=name(a), aircraft=plane, vp=vp)
                for a, (plane, vp) in enumerate(zip(event["aircraft"], event["vp"], strict=True))
            ]
        )
        return _("Aircraft revealed: {aircraft}", aircraft=planes)
    if kind == "altitudes":
        levels = [wording.altitude(x) for x in event["altitudes"]]
        return _("Altitudes revealed: {altitudes}", altitudes=_each(name, levels))
    if kind == "range":
        return _("range bands now: {bands}", bands=_each(name, event["ranges"]))
    if kind == "pick":
        if "aircraft" in event:
            return _("{who} chooses an aircraft ({aircraft})", who=seat, aircraft=event["aircraft"])
        return _("{who} chooses an aircraft", who=seat)
    if kind == "alt-pick":
        if "altitude" in event:
            return _(
                "{who} chooses a starting altitude ({altitude})",
                who=seat,
                altitude=wording.altitude(event["altitude"]),
            )
        return _("{who} chooses a starting altitude", who=seat)
    if kind == "initiative":
        return _initiative(event, seat, name)
    if kind == "burner":
        if event["on"]:
            return _("{who} lights an afterburner", who=seat)
        return _("{who}'s afterburner goes out", who=seat)
    if kind == "draw":
        why = wording.why(event["why"])
        if not event["count"]:
            return _("{who} draws no card ({why})", who=seat, why=why)
        return _(
            "{who} draws {count} ({why}){cards}",
            who=seat,
            count=event["count"],
            why=why,
            cards=_with_cards(event),
        )
    if kind == "play":
        return _play(event, seat)
    if kind == "react":
        if event["from"] == "missile":
            return _(
                "{who} reacts with {card} from the missile hand",
                who=seat,
                card=wording.card(event["card"]),
            )
        return _("{who} reacts with {card}", who=seat, card=wording.card(event["card"]))
    if kind == "resolve":
        use = wording.use(event["use"])
        if event["use"] == "site" and event["seat"] < 0:  # several aircraft: the site unnamed
            if event["success"]:
                return _("the site's attack stands")
            return _("the site's attack fails")
        if event["success"]:
            return _("{who}'s {use} stands", who=seat, use=use)
        return _("{who}'s {use} fails", who=seat, use=use)
    if kind == "missile-spent":
        return _("the missile's unused cards are discarded: {cards}", cards=_list(event["cards"]))
    if kind == "site-spent":
        return _("the site's cards are discarded: {cards}", cards=_list(event["cards"]))
    if kind == "launch":
        hand = _(": ") + _list(event["missile_hand"]) if "missile_hand" in event else ""
        cards = n_("{count} card", "{count} cards", event["cards"])
        return _(
            "{who} launches {missile}, missile hand {cards}{hand}",
            who=seat,
            missile=event["missile"],
            cards=cards,
            hand=hand,
        )
    if kind == "load-chosen":
        mine = _(": ") + _load(event["load"]) if "load" in event else ""
        return _("{who} has chosen a custom missile load{load}", who=seat, load=mine)
    if kind == "skills-chosen":
        mine = ""
        if "skills" in event:
            mine = _(": ") + (_list(wording.skills(event["skills"])) or _("none"))
        return _("{who} has chosen skills{skills}", who=seat, skills=mine)
    if kind == "skills":
        held = "; ".join(
            f"{name(a)} {_list(wording.skills(x)) or _('none')}"
            for a, x in enumerate(event["skills"])
        )
        if "vp" not in event:  # a campaign mission: the mission VP count (R41)
            return _("Skills revealed: {skills}", skills=held)
        vp = and_list([str(v) for v in event["vp"]])
        return _("Skills revealed: {skills} (VP {vp})", skills=held, vp=vp)
    if kind == "expertise-pool":
        cards = n_(
            "{count} Aircraft Expertise card", "{count} Aircraft Expertise cards", event["size"]
        )
        return _("{who} sets aside {cards}{shown}", who=seat, cards=cards, shown=_with_cards(event))
    if kind == "skill-card":
        skill = wording.skill(event["skill"])
        if event["card"]:
            return _("{who} takes {card} ({skill})", who=seat, card=event["card"], skill=skill)
        return _("{who} takes nothing: none left ({skill})", who=seat, skill=skill)
    if kind == "site-draw":
        return _(
            "site {site} draws {count} against {target}{cards}",
            site=event["site"],
            count=event["count"],
            target=name(event["target"]),
            cards=_with_cards(event),
        )
    if kind == "game-end":
        return ending.game_over(event["why"], event["winners"])
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """Who shot down whose aircraft and the victory points: each aircraft shot down scores its
    VP value for the player whose aircraft (or site) shot it down; in a campaign mission the
    mission VP replace the aircraft's (R41): each nation earns its share of its mission VP, as the
    campaign records it. Where a player flies several aircraft they are named by owner and
    number ("seat 1's #3"), as in the log."""
    me = view.get("seat")
    craft = {a["aircraft_no"]: a for a in view["aircraft"]}
    owners = [a["seat"] for a in view["aircraft"]]
    several = len(set(owners)) < len(owners)
    site_seat = view["sites"][0]["seat"] if view["sites"] else None
    mission = view.get("mission")

    def named(n: int) -> str:
        """Aircraft ``n`` by its owner (and number, where a player flies several)."""
        seat = craft[n]["seat"]
        if not several:
            return who(seat, me)
        if seat == me:
            return _("your #{number}", number=n)
        return _("{seat}'s #{number}", seat=who(seat, me), number=n)

    def site_of(seat: int | None) -> str:
        return _("your site") if seat == me else _("{seat}'s site", seat=who(seat, me))

    def whose(seat: int, plane: str) -> str:
        """An aircraft type by its owner: ``your Kfir C2``, ``seat 1's Kfir C2``."""
        if seat == me:
            return _("your {aircraft}", aircraft=plane)
        return _("{seat}'s {aircraft}", seat=who(seat, me), aircraft=plane)

    scored: dict[int, int] = {}
    results = _("Results")
    lines = [f"[bold]{results}[/bold]"]
    for event in events:
        if event["type"] == "destroyed":
            lost, by = craft.get(event["seat"], {}), event["by"]
            vp = int(lost.get("vp") or 0)
            # The duel's events name a site by its seat; with several aircraft it has no number.
            seat = craft[by]["seat"] if by in craft else site_seat
            if seat is not None:
                scored[seat] = scored.get(seat, 0) + vp
            shooter = named(by) if by in craft else site_of(seat)
            plane = lost.get("aircraft") or _("aircraft #{number}", number=event["seat"])
            if several:
                line = _(
                    "{shooter} shot down {victim} {aircraft}",
                    shooter=shooter,
                    victim=named(event["seat"]),
                    aircraft=plane,
                )
            else:
                line = _(
                    "{shooter} shot down {aircraft}",
                    shooter=shooter,
                    aircraft=whose(lost.get("seat", event["seat"]), plane),
                )
            worth = "" if mission else " " + _("({vp} VP)", vp=vp)
            lines.append(f"  {line}{worth}")
        elif event["type"] == "game-end" and not ending.names_the_kills(event["why"]):
            lines.append(f"  {ending.told(event['why'], me)}")  # the rounds ran out
    points = _("Victory points")
    if mission:
        scored = _mission_awards(view, mission)
        lines.append(
            f"[bold]{points}[/bold] " + _("(the mission VP earned, as the campaign records them)")
        )
    else:
        lines.append(f"[bold]{points}[/bold] " + _("(the VP of enemy aircraft shot down)"))
    for s in sorted(set(owners), key=lambda s: (-scored.get(s, 0), s)):
        lines.append(f"  {padded(who(s, me), 8)} {scored.get(s, 0)}")
    return "\n".join(lines)


def _mission_awards(view: JSON, mission: JSON) -> dict[int, int]:
    """Each nation's mission award (seat 0 flies nation 1): its mission VP in proportion to the
    enemy aircraft it shot down, rounded up (R41), plus what NFOD earned it (R58), the figure
    ``campaign.CampaignRecord.record`` keeps."""
    flown = [sum(1 for a in view["aircraft"] if a["seat"] == s) for s in (0, 1)]
    nfod = view.get("nfod") or [0, 0]
    return {
        seat: award(nation["vp"], view["kills"][seat], flown[1 - seat]) + nfod[seat]
        for seat, nation in enumerate(mission["nations"])
    }
