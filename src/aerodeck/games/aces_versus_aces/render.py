"""Terminal text for Aces versus Aces views and events (rich markup)."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import markup as pretty


def _cards(texts: list[str]) -> str:
    return " ".join(pretty(t) for t in texts) if texts else "-"


def seat_name(seat: int | str, me: int | None = None) -> str:
    return "you" if me is not None and int(seat) == me else f"seat {seat}"


def render_view(view: JSON) -> str:
    me = view.get("seat")
    coin_names = ("nickel", "dime", "quarter")
    next_coin = coin_names[view["aces_played"]] if view["aces_played"] < 3 else "-"
    lines = [
        f"[bold]Round {view['round']}, hand {view['hand_number']}[/bold]   "
        f"deck {view['deck']}   Aces played {view['aces_played']} (next coin: {next_coin})   "
        f"target {view['target']}",
    ]
    for seat in view["seats"]:
        name = seat_name(seat["seat"], me)
        status = "" if seat["in_game"] else "  [dim](out)[/dim]"
        mark = "  [yellow]played, face down[/yellow]" if seat["committed"] else ""
        coins = f"  coins: {', '.join(seat['coins'])}" if seat["coins"] else ""
        lines.append(
            f"  {name:8} score {seat['score']:>3}  markers {'●' * seat['markers']:<5}  "
            f"cards {seat['hand_size']}  won {_cards(seat['won'])}{coins}{mark}{status}"
        )
    plays = [(s, c) for s, c in enumerate(view["last_plays"]) if c]
    if plays:
        shown = ", ".join(f"{seat_name(s, me)} {pretty(c)}" for s, c in plays)
        lines.append(f"  last hand: {shown}")
    if view["discards"]:
        lines.append(f"  discard pile: {_cards(view['discards'][-8:])}")
    if "hand" in view:
        lines.append(f"  [bold]your hand:[/bold] {_cards(view['hand'])}")
        if view.get("my_play"):
            lines.append(f"  you played {pretty(view['my_play'])} face down")
    return "\n".join(lines)


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if kind == "deal":
        hand = f": {_cards(event['hand'])}" if "hand" in event else ""
        return f"Round {event['round']}: four cards dealt{hand}"
    if kind == "commit":
        card = f" ({pretty(event['card'])})" if "card" in event else ""
        return f"{who} plays a card face down{card}"
    if kind == "reveal":
        shown = ", ".join(f"seat {s} {pretty(c)}" for s, c in event["plays"].items())
        return f"Reveal: {shown}"
    if kind == "win":
        text = f"{who} wins the hand with {pretty(event['card'])}, keeping {_cards(event['kept'])}"
        if event["coin"]:
            text += f" and the {event['coin']}"
        for loser in event["markers_lost"]:
            text += f"; seat {loser} loses a command marker"
        return text
    if kind == "tie":
        coins = event["coins_discarded"]
        extra = f" with the {', '.join(coins)}, for no score" if coins else ""
        return f"Tied high cards ({event['rank']}): the hand is discarded{extra}"
    if kind == "eliminated":
        return f"{who} has lost all command markers and is out of the game"
    if kind == "draw":
        card = f" ({pretty(event['card'])})" if "card" in event else ""
        return f"{who} draws{card}"
    if kind == "discard":
        return f"{who} discards {pretty(event['card'])} and draws a replacement"
    if kind == "keep":
        return f"{who} keeps their hand"
    if kind == "round_end":
        points = ", ".join(f"seat {s} {p:+d}" for s, p in enumerate(event["points"]))
        return f"Round {event['round']} over ({event['why']}): {points}; scores {event['scores']}"
    if kind == "game_end":
        winners = ", ".join(f"seat {s}" for s in event["winners"])
        return f"Game over ({event['why']}): {winners} win(s); final scores {event['scores']}"
    return str(event)
