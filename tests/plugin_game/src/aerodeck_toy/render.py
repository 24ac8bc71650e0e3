"""Terminal text for High Card Tricks views and events (rich markup)."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.text import per_seat, plural, seat_name, standings, won_by


def _trick(plays: list[JSON], me: int | None) -> str:
    return ", ".join(f"{p['card']} ({seat_name(p['seat'], me)})" for p in plays) or "-"


def render_view(view: JSON) -> str:
    me = view.get("seat")
    lines = [
        f"[bold]Round {view['round']} of {view['rounds']}[/bold]   "
        f"{plural(view['hand_size'], 'card')} a hand   {seat_name(view['leader'], me)} led"
    ]
    for seat in view["seats"]:
        bid = "-" if seat["bid"] is None else seat["bid"]
        lines.append(
            f"  {seat_name(seat['seat'], me):8} bid {bid}  tricks {seat['tricks']}  "
            f"score {seat['score']:>3}  cards {seat['cards']}"
        )
    if view["last_trick"]:
        lines.append(f"  last trick: {_trick(view['last_trick'], me)}")
    if view["phase"] == "play":
        lines.append(f"  this trick: {_trick(view['trick'], me)}")
    if "hand" in view:
        lines.append(f"  [bold]your hand:[/bold] {' '.join(view['hand']) or '-'}")
    return "\n".join(lines)


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if kind == "deal":
        hand = f": {' '.join(event['hand'])}" if "hand" in event else ""
        return f"Round {event['round']}: cards dealt, seat {event['leader']} bids first{hand}"
    if kind == "bid":
        return f"{who} bids {event['tricks']}"
    if kind == "play":
        return f"{who} plays {event['card']}"
    if kind == "trick":
        return f"{who} takes the trick with {event['card']}"
    if kind == "round_end":
        return (
            f"Round {event['round']} over: points {per_seat(event['points'], '{:+d}')}; "
            f"scores {per_seat(event['scores'])}"
        )
    if kind == "game_end":
        return f"Game over: {won_by(event['winners'])}; final scores {per_seat(event['scores'])}"
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """Standings, then each round: the bid, the tricks taken and the points of every seat."""
    me = view.get("seat")
    lines = ["[bold]Final standings[/bold]"]
    lines += standings([seat["score"] for seat in view["seats"]], me, fmt="{} points")
    lines.append("[bold]By round[/bold] (bid made: 10 + the bid; missed: 1 a trick)")
    for event in events:
        if event["type"] == "round_end":
            rows = zip(event["bids"], event["tricks"], event["points"], strict=True)
            lines.append(
                f"  Round {event['round']}: "
                + ", ".join(
                    f"{seat_name(seat, me)} bid {bid} took {taken} {points:+d}"
                    for seat, (bid, taken, points) in enumerate(rows)
                )
            )
    return "\n".join(lines)
