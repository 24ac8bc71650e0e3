"""Terminal text for Aces versus Aces views and events (rich markup), in the language in use."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import markup as pretty
from aerodeck.core.i18n import _, n_
from aerodeck.core.text import padded, per_seat, seat_name, won_by
from aerodeck.games.aces_versus_aces.words import coin, coins, why


def _cards(texts: list[str]) -> str:
    return " ".join(pretty(t) for t in texts) if texts else "-"


def render_view(view: JSON) -> str:
    me = view.get("seat")
    coin_names = ("nickel", "dime", "quarter")
    next_coin = coin(coin_names[view["aces_played"]]) if view["aces_played"] < 3 else "-"
    lines = [
        _(
            "[bold]Round {round}, hand {hand}[/bold]   deck {deck}   Aces played {aces} "
            "(next coin: {coin})   target {target}",
            round=view["round"],
            hand=view["hand_number"],
            deck=view["deck"],
            aces=view["aces_played"],
            coin=next_coin,
            target=view["target"],
        ),
    ]
    for seat in view["seats"]:
        name = seat_name(seat["seat"], me)
        status = "" if seat["in_game"] else _("  [dim](out)[/dim]")
        mark = _("  [yellow]played, face down[/yellow]") if seat["committed"] else ""
        held = _("  coins: {coins}", coins=coins(seat["coins"])) if seat["coins"] else ""
        won = _("won {cards}", cards=_cards(seat["won"])) + held
        row = _(
            "  {name} score {score:>3}  markers {markers:<5}  cards {cards}",
            name=padded(name, 8),
            score=seat["score"],
            markers="●" * seat["markers"],
            cards=seat["hand_size"],
        )
        if len(seat["won"]) > 4:  # a long won pile on its own line, so the row never wraps
            lines.append(f"{row}{mark}{status}")
            lines.append(f"           {won}")
        else:
            lines.append(f"{row}  {won}{mark}{status}")
    plays = [(s, c) for s, c in enumerate(view["last_plays"]) if c]
    if plays:
        shown = _(", ").join(f"{seat_name(s, me)} {pretty(c)}" for s, c in plays)
        lines.append(_("  last hand: {plays}", plays=shown))
    if view["discards"]:
        pile = view["discards"]
        more = _(" (+{count} below)", count=len(pile) - 8) if len(pile) > 8 else ""
        lines.append(
            _("  discard pile, top last: {cards}{more}", cards=_cards(pile[-8:]), more=more)
        )
    if "hand" in view:
        lines.append(_("  [bold]your hand:[/bold] {cards}", cards=_cards(view["hand"])))
        if view.get("my_play"):
            lines.append(_("  you played {card} face down", card=pretty(view["my_play"])))
    return "\n".join(lines)


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = seat_name(event.get("seat"))
    if kind == "deal":
        if "hand" in event:
            return _(
                "Round {round}: four cards dealt: {hand}",
                round=event["round"],
                hand=_cards(event["hand"]),
            )
        return _("Round {round}: four cards dealt", round=event["round"])
    if kind == "commit":
        if "card" in event:
            return _("{seat} plays a card face down ({card})", seat=who, card=pretty(event["card"]))
        return _("{seat} plays a card face down", seat=who)
    if kind == "reveal":
        shown = _(", ").join(f"{seat_name(s)} {pretty(c)}" for s, c in event["plays"].items())
        return _("Reveal: {plays}", plays=shown)
    if kind == "win":
        if event["coin"]:
            text = _(
                "{seat} wins the hand with {card}, keeping {kept} and the {coin}",
                seat=who,
                card=pretty(event["card"]),
                kept=_cards(event["kept"]),
                coin=coin(event["coin"]),
            )
        else:
            text = _(
                "{seat} wins the hand with {card}, keeping {kept}",
                seat=who,
                card=pretty(event["card"]),
                kept=_cards(event["kept"]),
            )
        for loser in event["markers_lost"]:
            text += _("; {seat} loses a command marker", seat=seat_name(loser))
        return text
    if kind == "tie":
        if event["coins_discarded"]:
            return _(
                "Tied high cards ({rank}): the hand is discarded with the {coins}, for no score",
                rank=event["rank"],
                coins=coins(event["coins_discarded"]),
            )
        return _("Tied high cards ({rank}): the hand is discarded", rank=event["rank"])
    if kind == "eliminated":
        return _("{seat} has lost all command markers and is out of the game", seat=who)
    if kind == "draw":  # a discard's replacement is its own draw event: said once, here
        if "card" in event:
            return _("{seat} draws {card}", seat=who, card=pretty(event["card"]))
        return _("{seat} draws a card", seat=who)
    if kind == "discard":
        return _("{seat} discards {card}", seat=who, card=pretty(event["card"]))
    if kind == "keep":
        return _("{seat} keeps their hand", seat=who)
    if kind == "round_end":
        points = _(", ").join(f"{seat_name(s)} {p:+d}" for s, p in enumerate(event["points"]))
        return _(
            "Round {round} over ({why}): {points}; scores: {scores}",
            round=event["round"],
            why=why(event["why"]),
            points=points,
            scores=per_seat(event["scores"]),
        )
    if kind == "game_end":
        return _(
            "Game over ({why}): {winners}; final scores: {scores}",
            why=why(event["why"]),
            winners=won_by(event["winners"]),
            scores=per_seat(event["scores"]),
        )
    return str(event)


def render_result(view: JSON, events: list[JSON]) -> str:
    """Standings, then each round's points per seat: won cards, Ace coins, cards held (R6)."""
    me = view.get("seat")
    seats = view["seats"]
    order = sorted(seats, key=lambda s: -s["score"])
    lines = [_("[bold]Final standings[/bold] (target {target})", target=view["target"])]
    for place, seat in enumerate(order, 1):
        out = "" if seat["in_game"] else _("  (out of command markers)")
        lines.append(
            _(
                "  {place}. {name} {score:>3} points{out}",
                place=place,
                name=padded(seat_name(seat["seat"], me), 8),
                score=seat["score"],
                out=out,
            )
        )
    lines.append(
        _(
            "[bold]Points by round[/bold]: won cards (1, faces 2) + Ace coins (nickel 3, dime 5, "
            "quarter 8) + cards held at the end (1, faces 2, an Ace -5)"
        )
    )
    won: dict[int, list[str]] = {s["seat"]: [] for s in seats}
    coins_won: dict[int, list[str]] = {s["seat"]: [] for s in seats}
    for event in events:
        if event["type"] == "win":
            won[event["seat"]] += [c for c in event["kept"] if not c.startswith("A")]
            if event["coin"]:
                coins_won[event["seat"]].append(event["coin"])
        elif event["type"] == "round_end":
            lines.append(_("  Round {round} ({why}):", round=event["round"], why=why(event["why"])))
            for seat, points in enumerate(event["points"]):
                held = event["held"].get(str(seat), [])
                parts = _breakdown(won[seat], coins_won[seat], held)
                if _total(won[seat], coins_won[seat], held) != points:
                    parts = _("out of the game")  # an eliminated seat scores nothing
                lines.append(f"    {padded(seat_name(seat, me), 8)} {points:+4d} = {parts}")
            won = {s: [] for s in won}
            coins_won = {s: [] for s in coins_won}
    return "\n".join(lines)


_COIN_POINTS = {"nickel": 3, "dime": 5, "quarter": 8}


def _worth(card: str) -> int:
    return 2 if card[0] in "JQK" else 1


def _total(won: list[str], coins_won: list[str], held: list[str]) -> int:
    return (
        sum(_worth(c) for c in won)
        + sum(_COIN_POINTS[c] for c in coins_won)
        + sum(-5 if c.startswith("A") else _worth(c) for c in held)
    )


def _breakdown(won: list[str], coins_won: list[str], held: list[str]) -> str:
    """``12 for 9 cards + 11 for nickel, quarter + 5 held``: the round's points in words."""
    cards = n_(
        "{points} for {count} card",
        "{points} for {count} cards",
        len(won),
        points=sum(_worth(c) for c in won),
    )
    coin = sum(_COIN_POINTS[c] for c in coins_won)
    coin_text = (
        _(" + {points} for {coins}", points=coin, coins=coins(coins_won)) if coins_won else ""
    )
    kept = sum(-5 if c.startswith("A") else _worth(c) for c in held)
    held_text = (
        _(" + {points} held", points=kept) if kept >= 0 else _(" - {points} held", points=-kept)
    )
    return f"{cards}{coin_text}{held_text}"
