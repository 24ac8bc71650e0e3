"""Terminal text for Race to Ace views and events (rich markup): who attacks whom, what stands in
front of each pilot, and whose answer is awaited."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.text import per_seat, plural, standings, won_by

_NAMES = {
    "radar": "RADAR",
    "visual": "VISUAL",
    "missile": "MISSILE",
    "guns": "GUNS",
    "malfunction": "MALFUNCTION",
    "maneuver": "MANEUVER",
    "jammit": "JAMMIT!",
    "flameout": "FLAMEOUT",
    "relight": "RELIGHT",
    "goldenbird": "GOLDEN BIRD",
    "hotstick": "HOT STICK",
}
_COLOUR = {
    "radar": "red",
    "visual": "red",
    "missile": "bold red",
    "guns": "bold red",
    "malfunction": "blue",
    "maneuver": "blue",
    "jammit": "blue",
    "flameout": "blue",
    "relight": "yellow",
    "goldenbird": "bold yellow",
    "hotstick": "bold yellow",
}
_PHASES = {
    "turn": ("play a card, or discard one", "plays a card"),
    "lost turn": ("you were shot down: discard a card", "was shot down: draws and discards"),
    "dogfight": ("answer the last move, or pass", "is to answer"),
    "fire": ("fire on the standing acquisition, or pass", "may fire"),
    "react": ("reveal your special card, or pass", "may reveal a special card"),
    "weapon": ("answer the weapon fired at you, or pass", "may answer the weapon"),
    "trim": ("discard down to seven cards", "discards down to seven"),
}


def card(word: str) -> str:
    colour = _COLOUR.get(word, "bold")
    return f"[{colour}]{_NAMES.get(word, word)}[/{colour}]"


def _cards(words: list[str]) -> str:
    return ", ".join(card(w) for w in words) if words else "-"


def name(seat: int | None, me: int | None = None) -> str:
    if seat is None:
        return "nobody"
    return "[bold]you[/bold]" if me is not None and seat == me else f"seat {seat}"


def render_view(view: JSON) -> str:
    me = view.get("seat")
    head = (
        f"[bold]Race to Ace[/bold]  turn {view['turn_number']} ({name(view['turn'], me)})  "
        f"deck {view['deck']}  discards {sum(view['discards'].values())}"
    )
    if view["discard_top"]:
        head += f" (top {card(view['discard_top'])})"
    head += f"  {view['kills_to_win']} kills win"
    if view["games"] > 1:
        head += f"   game {view['game_number']} of {view['games']}"
    lines = [head]
    for pilot in view["pilots"]:
        seat = pilot["seat"]
        marks = []
        if pilot["downed"]:
            marks.append("[red]shot down: loses next turn[/red]")
        for owner in pilot["flameouts"]:
            marks.append(f"{card('flameout')} from {name(owner, me)}")
        if pilot["hot_stick"]:
            marks.append(card("hotstick"))
        if pilot["golden_bird"]:
            marks.append(card("goldenbird"))
        wing = f" + wingman {pilot['wing_size']}" if pilot["wing_size"] else ""
        score = f"  score {pilot['score']}" if view["games"] > 1 else ""
        kills = "✈" * pilot["kills"] or "-"
        label = f"{'you' if seat == me else f'seat {seat}':8}"
        label = f"[bold]{label}[/bold]" if seat == me else label
        lines.append(
            f"  {label} kills {kills:<6} cards {pilot['hand_size']}{wing}"
            f"  acq {pilot['acquisitions']}{score}  {'  '.join(marks)}"
        )
    if view["acquisitions"]:
        lines.append("  [bold]In play:[/bold]")
        for acq in view["acquisitions"]:
            lines.append("    " + _acquisition(acq, me, view["tokens"]))
    fight = view["dogfight"]
    if fight:
        lines.append(
            f"  [bold magenta]DOGFIGHT[/bold magenta]: {name(fight['attacker'], me)} "
            f"{'attack' if fight['attacker'] == me else 'attacks'} "
            f"{name(fight['defender'], me)} with a {card(fight['kind'])} ACQUISITION"
        )
    if view["pending"]:
        p = view["pending"]
        lines.append(
            f"  {card(p['card'])} by {name(p['by'], me)} against {name(p['against'], me)} "
            "can still be cancelled by a special card"
        )
    if view["weapon"]:
        w = view["weapon"]
        lines.append(f"  {card(w['card'])} fired by {name(w['by'], me)} at {name(w['at'], me)}")
    if view["to_act"] is not None:
        mine, theirs = _PHASES.get(view["phase"], ("", ""))
        if view["to_act"] == me:
            lines.append(f"  [bold reverse] Your move [/bold reverse] {mine}")
        else:
            lines.append(f"  [bold]waiting for seat {view['to_act']}[/bold], who {theirs}")
    elif view["winners"]:
        won = ", ".join(name(s, me) for s in view["winners"])
        lines.append(f"  [bold green]Game over: {won} won[/bold green]")
    if "hand" in view:
        lines.append(f"  [bold]your hand:[/bold] {_cards(view['hand'])}")
    if "wing" in view:
        lines.append(f"  [bold]your wingman:[/bold] {_cards(view['wing'])}")
    return "\n".join(lines)


def _acquisition(acq: JSON, me: int | None, tokens: bool) -> str:
    kind = card(acq["kind"])
    text = f"{kind} from {name(acq['by'], me)} on {name(acq['on'], me)}"
    weapon = "GUNS" if acq["kind"] == "visual" else "MISSILE"
    if acq["cover"] == "maneuver":
        text += (
            f", [blue]outmaneuvered[/blue] by {name(acq['cover_by'], me)}: slid back onto "
            f"{name(acq['by'], me)}; only {name(acq['on'], me)} may fire GUNS on it"
        )
    elif acq["cover"] == "jammit":
        text += f", [blue]suppressed[/blue] by {name(acq['cover_by'], me)}'s JAMMIT!"
    else:
        who = name(acq["by"], me) if tokens else "any pilot"
        text += f": {who} may fire {weapon}"
    return f"{text}  [dim]{acq['ref']}[/dim]"


_WHAT = {
    "acquire": "acquires {pilot}",
    "reacquire": "plays a new RADAR on the JAMMIT! on {pilot}: reacquired",
    "counter_maneuver": "counters the MANEUVER: the VISUAL slides back {at}",
    "outmaneuver": "outmaneuvers the attacker: the VISUAL {ref} slides back",
    "suppress": "suppresses the RADAR {ref}",
    "break": "breaks the acquisition {ref}",
    "eccm": "cancels the JAMMIT! on {ref} (ECCM): the RADAR is back in full effect",
    "unjam": "cancels the JAMMIT! on {ref}: the RADAR is back in full effect",
    "flameout": "flames out {pilot}",
    "relight": "relights: the FLAMEOUT and RELIGHT are discarded",
    "display": "displays it for the rest of the game",
    "defeat_weapon": "defeats the weapon of {pilot}",
}


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if kind == "deal":
        hand = f": {_cards(event['hand'])}" if "hand" in event else ""
        wing = f"; wingman {_cards(event['wing'])}" if "wing" in event else ""
        return f"Game {event['game']}: seven cards dealt to each pilot{hand}{wing}"
    if kind == "turn":
        drew = (
            f"; {who} draws {card(event['card'])}"
            if "card" in event
            else (f"; {who} draws" if event["drew"] else "")
        )
        lost = " (shot down: may only discard)" if event["lost"] else ""
        return f"— {who}'s turn{lost}{drew}"
    if kind == "reshuffle":
        return (
            f"The draw deck ran out: the discard pile is shuffled into a new deck ({event['deck']})"
        )
    if kind == "refill":
        shown = f": {_cards(event['cards'])}" if "cards" in event else ""
        return f"{who} refills with {plural(event['count'], 'card')}{shown}"
    if kind == "discard":
        return f"{who} discards {card(event['card'])}"
    if kind == "play":
        at = (
            f"onto seat {event['ref'].split('>')[1]}"
            if "ref" in event
            else f"onto seat {event.get('pilot')}"
        )
        text = _WHAT[event["what"]].format(
            pilot=f"seat {event.get('pilot')}", ref=event.get("ref", ""), at=at
        )
        return f"{who} plays {card(event['card'])}: {text}"
    if kind == "dogfight":
        return (
            f"[magenta]DOGFIGHT[/magenta]: seat {event['attacker']} attacks seat "
            f"{event['defender']} ({card(event['kind'])})"
        )
    if kind == "pass":
        if "declines" in event:
            return f"{who} does not reveal a {card(event['declines'])}"
        return f"{who} passes: no answer"
    if kind == "acquired":
        return (
            f"seat {event['seat']}'s {card(event['kind'])} on seat {event['defender']} "
            "stands: a successful acquisition"
        )
    if kind == "fire":
        return f"{who} fires {card(event['card'])} at seat {event['target']}"
    if kind == "hold_fire":
        return f"{who} holds fire: the acquisition stays in play"
    if kind == "kill":
        gone = f"; discarded: {_cards(event['discarded'])}" if event["discarded"] else ""
        return (
            f"[bold red]seat {event['target']} is shot down[/bold red] by {who} "
            f"({plural(event['kills'], 'kill')}){gone}"
        )
    if kind == "reveal":
        return (
            f"{who} reveals {card(event['card'])}: seat {event['by']}'s "
            f"{card(event['cancels'])} is cancelled and discarded"
        )
    if kind == "game_end":
        text = (
            f"Game {event['game']} over ({event['why']}): {won_by(event['winners'])}; "
            f"kills: {per_seat(event['kills'])}"
        )
        if event.get("scores"):
            text += (
                f"; points: {per_seat(event['points'])}; match scores: {per_seat(event['scores'])}"
            )
        return text
    if kind == "match_end":
        return f"Match over: {won_by(event['winners'])}; scores: {per_seat(event['scores'])}"
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """Kills and standing acquisitions per pilot, each game and the match."""
    me = view.get("seat")
    lines = ["[bold]Results[/bold]"]
    for event in events:
        if event["type"] != "game_end":
            continue
        winners = " and ".join(name(s, me) for s in event["winners"])
        lines.append(f"  Game {event['game']}: {winners} ({event['why']})")
        places = sorted(range(len(event["kills"])), key=lambda s: -event["kills"][s])
        for s in places:
            points = f"  {event['points'][s]} points" if event.get("points") else ""
            lines.append(
                f"    {name(s, me):8} {plural(event['kills'][s], 'kill'):8} "
                f"{plural(event['acquisitions'][s], 'acquisition')}{points}"
            )
    if view["games"] > 1:
        lines.append("[bold]Match scores[/bold]")
        lines += standings([pilot["score"] for pilot in view["pilots"]], me, name)
    return "\n".join(lines)
