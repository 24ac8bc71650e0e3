"""Terminal text for Ace Race views and events (rich markup).

Every view shows the rule in force, its parameter, what the next play must be, and hand sizes.
"""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import markup, suit_markup
from aerodeck.core.text import per_seat, plural, seat_name, standings, won_by

_RULE_NAMES = {
    "multiples": "Multiples",
    "series": "Series",
    "high": "High",
    "medium": "Medium",
    "low": "Low",
    "suits": "Suits",
    "prime": "Prime",
    "abovebelow": "Above/Below",
}


def pretty(text: str) -> str:
    """``KH`` as a coloured ``K♥``; the joker as a magenta ``JK``."""
    return "[magenta]JK[/magenta]" if text == "JK" else markup(text)


def _cards(texts: list[str]) -> str:
    return " ".join(pretty(t) for t in texts) if texts else "-"


def rule_label(rule: str, suit: str) -> str:
    name = _RULE_NAMES.get(rule, rule)
    return f"{name} ({suit_markup(suit)})" if suit else name


def render_view(view: JSON) -> str:
    me = view.get("seat")
    lines = [
        f"[bold]Ace Race[/bold]  game {view['game_number']} of {view['games']}   "
        f"dealer {seat_name(view['dealer'], me)}   draw pile {view['draw_size']}   "
        f"turn {view['turn']}"
    ]
    rule = view["rule"]
    if rule is None:
        bid = view["bid"]
        high = "none yet" if bid["high"] < 0 else f"{bid['high']} by {seat_name(bid['leader'], me)}"
        lines.append(f"  [yellow]Bidding[/yellow] for up to 6 undealt cards: highest bid {high}")
        if bid["winner"] >= 0:
            sets = "set" if bid["winner"] == me else "sets"
            lines.append(
                f"  {seat_name(bid['winner'], me)} won the bidding and {sets} the first rule"
            )
    else:
        direction = f", next card {rule['direction']}" if rule["direction"] else ""
        lines.append(
            f"  [bold cyan]Rule: {rule_label(rule['rule'], rule['suit'])}[/bold cyan]"
            f"{direction}   (a {suit_markup(rule['ace'])} rule)"
        )
        last = _cards(rule["last"]) if rule["last"] else "nothing yet under this rule"
        carried = " (on a joker)" if rule["last_kind"] == "joker" else ""
        lines.append(f"  on top: {last}{carried}")
        fallback = "draw" if view["draw_size"] else "pass (the draw pile is empty)"
        lines.append(
            f"  [bold]next play:[/bold] {rule['need']}; or an Ace, a joker with a card the rule "
            f"forbids, or {fallback}"
        )
    sizes = []
    for seat, size in enumerate(view["hand_sizes"]):
        mark = "▶ " if view["to_act"] == seat else "  "
        wins = f", {view['wins'][seat]} won" if view["games"] > 1 else ""
        cards = "card" if size == 1 else "cards"
        sizes.append(f"{mark}{seat_name(seat, me)}: {size} {cards}{wins}")
    lines.append("  " + "   ".join(sizes))
    if view["pile"]:
        shown = view["pile"][-8:]
        more = f" (+{len(view['pile']) - 8} below)" if len(view["pile"]) > 8 else ""
        lines.append(f"  discard pile, top last: {_cards(shown)}{more}")
    if view["phase"] == "give" and view["giver"] is not None:
        giver = seat_name(view["giver"], me)
        more = plural(view["give_left"], "more card")
        if view["giver"] == me:
            lines.append(
                f"  [yellow]you may give away {more} to any other player, or pass to keep "
                f"{'it' if view['give_left'] == 1 else 'them'}[/yellow]"
            )
        else:
            lines.append(f"  [yellow]{giver} may give away {more}[/yellow]")
    if "hand" in view:
        lines.append(f"  [bold]your hand:[/bold] {_cards(view['hand'])}")
        if view.get("drawn"):
            lines.append(f"  you drew {pretty(view['drawn'])}: only that card may be played now")
    return "\n".join(lines)


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = f"seat {event.get('seat')}"
    if kind == "deal":
        hand = f": your hand {_cards(event['hand'])}" if "hand" in event else ""
        return f"Game {event['game']}: seat {event['dealer']} deals{hand}"
    if kind == "bid":
        return f"{who} bids {event['amount']}"
    if kind == "bid_pass":
        return f"{who} passes in the bidding"
    if kind == "bid_won":
        cards = f" ({_cards(event['cards'])})" if "cards" in event else ""
        return (
            f"{who} wins the bidding ({event['why']}) and takes "
            f"{plural(event['amount'], 'card')}{cards}; "
            f"{event['draw']} left in the draw pile"
        )
    if kind == "rule":
        return f"{who} sets the first rule: {rule_label(event['rule'], event['suit'])}"
    if kind == "give":
        card = f" ({pretty(event['card'])})" if "card" in event else ""
        return f"{who} gives a card{card} to seat {event['to']}"
    if kind == "give_pass":
        return f"{who} keeps the rest of the giveaway ({plural(event['kept'], 'card')})"
    if kind == "giveaway":
        return f"{who} earns a giveaway: {event['why']}"
    if kind == "play":
        text = f"{who} plays {_cards(event['cards'])}"
        if event["joker"]:
            text += " on a joker"
        if "direction" in event:
            text += f", next card {event['direction']}"
        return text
    if kind == "ace":
        rule = rule_label(event["rule"], event["suit"])
        return f"{who} plays {pretty(event['card'])}: the rule is now {rule}"
    if kind == "reshuffle":
        return f"The discard pile is shuffled into the draw pile ({event['draw']} cards)"
    if kind == "draw":
        card = f" ({pretty(event['card'])})" if "card" in event else ""
        return f"{who} draws{card}"
    if kind == "pass":
        return f"{who} passes"
    if kind == "game_end":
        return f"Game {event['game']} over ({event['why']}): {won_by(event['winners'])}"
    if kind == "match_end":
        return f"Match over: {won_by(event['winners'])}; games won: {per_seat(event['wins'])}"
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """Each game's winner and the cards the others were left holding, then games won."""
    me = view.get("seat")
    lines = ["[bold]Results[/bold] (the first to empty their hand wins the game)"]
    for event in events:
        if event["type"] != "game_end":
            continue
        left = ", ".join(
            f"{seat_name(s, me)} {plural(len(hand), 'card')}"
            for s, hand in enumerate(event["hands"])
            if s not in event["winners"]
        )
        winners = " and ".join(seat_name(s, me) for s in event["winners"])
        lines.append(f"  Game {event['game']}: {winners} ({event['why']}); left holding: {left}")
    if view["games"] > 1:
        lines.append("[bold]Games won[/bold]")
        lines += standings(view["wins"], me)
    return "\n".join(lines)
