"""Terminal text for Aces versus Aces views and events (rich markup)."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import markup as pretty
from aerodeck.core.text import per_seat, seat_name, won_by


def _cards(texts: list[str]) -> str:
    return " ".join(pretty(t) for t in texts) if texts else "-"


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
        won = f"won {_cards(seat['won'])}{coins}"
        row = (
            f"  {name:8} score {seat['score']:>3}  markers {'●' * seat['markers']:<5}  "
            f"cards {seat['hand_size']}"
        )
        if len(seat["won"]) > 4:  # a long won pile on its own line, so the row never wraps
            lines.append(f"{row}{mark}{status}")
            lines.append(f"           {won}")
        else:
            lines.append(f"{row}  {won}{mark}{status}")
    plays = [(s, c) for s, c in enumerate(view["last_plays"]) if c]
    if plays:
        shown = ", ".join(f"{seat_name(s, me)} {pretty(c)}" for s, c in plays)
        lines.append(f"  last hand: {shown}")
    if view["discards"]:
        pile = view["discards"]
        more = f" (+{len(pile) - 8} below)" if len(pile) > 8 else ""
        lines.append(f"  discard pile, top last: {_cards(pile[-8:])}{more}")
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
        return (
            f"Round {event['round']} over ({event['why']}): {points}; "
            f"scores: {per_seat(event['scores'])}"
        )
    if kind == "game_end":
        return (
            f"Game over ({event['why']}): {won_by(event['winners'])}; "
            f"final scores: {per_seat(event['scores'])}"
        )
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """Standings, then each round's points per seat: won cards, Ace coins, cards held (R6)."""
    me = view.get("seat")
    seats = view["seats"]
    order = sorted(seats, key=lambda s: -s["score"])
    lines = ["[bold]Final standings[/bold] (target " + str(view["target"]) + ")"]
    for place, seat in enumerate(order, 1):
        out = "" if seat["in_game"] else "  (out of command markers)"
        lines.append(f"  {place}. {seat_name(seat['seat'], me):8} {seat['score']:>3} points{out}")
    lines.append(
        "[bold]Points by round[/bold]: won cards (1, faces 2) + Ace coins (nickel 3, dime 5, "
        "quarter 8) + cards held at the end (1, faces 2, an Ace -5)"
    )
    won: dict[int, list[str]] = {s["seat"]: [] for s in seats}
    coins: dict[int, list[str]] = {s["seat"]: [] for s in seats}
    for event in events:
        if event["type"] == "win":
            won[event["seat"]] += [c for c in event["kept"] if not c.startswith("A")]
            if event["coin"]:
                coins[event["seat"]].append(event["coin"])
        elif event["type"] == "round_end":
            lines.append(f"  Round {event['round']} ({event['why']}):")
            for seat, points in enumerate(event["points"]):
                held = event["held"].get(str(seat), [])
                parts = _breakdown(won[seat], coins[seat], held)
                if _total(won[seat], coins[seat], held) != points:
                    parts = "out of the game"  # an eliminated seat scores nothing
                lines.append(f"    {seat_name(seat, me):8} {points:+4d} = {parts}")
            won = {s: [] for s in won}
            coins = {s: [] for s in coins}
    return "\n".join(lines)


_COIN_POINTS = {"nickel": 3, "dime": 5, "quarter": 8}


def _worth(card: str) -> int:
    return 2 if card[0] in "JQK" else 1


def _total(won: list[str], coins: list[str], held: list[str]) -> int:
    return (
        sum(_worth(c) for c in won)
        + sum(_COIN_POINTS[c] for c in coins)
        + sum(-5 if c.startswith("A") else _worth(c) for c in held)
    )


def _breakdown(won: list[str], coins: list[str], held: list[str]) -> str:
    """``12 for 9 cards + 11 for nickel, quarter + 5 held``: the round's points in words."""
    cards = f"{sum(_worth(c) for c in won)} for {len(won)} card{'s' * (len(won) != 1)}"
    coin = sum(_COIN_POINTS[c] for c in coins)
    coin_text = f" + {coin} for {', '.join(coins)}" if coins else ""
    kept = sum(-5 if c.startswith("A") else _worth(c) for c in held)
    return f"{cards}{coin_text} {'+' if kept >= 0 else '-'} {abs(kept)} held"
