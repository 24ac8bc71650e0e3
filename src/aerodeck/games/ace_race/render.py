"""Terminal text for Ace Race views and events (rich markup), in the reader's language.

Every view shows the rule in force, its parameter, what the next play must be, and hand sizes.
"""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.cards import markup, suit_markup
from aerodeck.core.i18n import _, n_
from aerodeck.core.text import and_list, per_seat, seat_name, standings, won_by
from aerodeck.games.ace_race.cards import TEXT
from aerodeck.games.ace_race.legal import RuleState
from aerodeck.games.ace_race.words import EMPTIED, direction_word, need, reason, rule_label


def pretty(text: str) -> str:
    """``KH`` as a coloured ``K♥``; the joker as a magenta ``JK``."""
    # TRANSLATORS: the joker as the terminal shows it among cards (English: its notation)
    return "[magenta]" + _("JK") + "[/magenta]" if text == "JK" else markup(text)


def _cards(texts: list[str]) -> str:
    return " ".join(pretty(t) for t in texts) if texts else "-"


def _need(rule: JSON) -> str:
    """What the next play must be, from the view's rule (in the reader's language)."""
    index = {text: i for i, text in enumerate(TEXT)}
    direction = {"higher": 1, "lower": -1}.get(rule["direction"] or "", 0)
    rs = RuleState(
        rule=rule["rule"],
        suit=rule["suit"],
        last=tuple(index[c] for c in rule["last"]),
        kind=rule["last_kind"],
        direction=direction,
    )
    return need(rs)


def render_view(view: JSON) -> str:
    me = view.get("seat")
    lines = [
        "[bold]Ace Race[/bold]  "
        + _(
            "game {number} of {games}   dealer {dealer}   draw pile {draw}   turn {turn}",
            number=view["game_number"],
            games=view["games"],
            dealer=seat_name(view["dealer"], me),
            draw=view["draw_size"],
            turn=view["turn"],
        )
    ]
    rule = view["rule"]
    if rule is None:
        bid = view["bid"]
        if bid["high"] < 0:
            high = _("none yet")
        else:
            high = _("{count} by {seat}", count=bid["high"], seat=seat_name(bid["leader"], me))
        lines.append(
            "  "
            + _(
                "[yellow]Bidding[/yellow] for up to 6 undealt cards: highest bid {high}",
                high=high,
            )
        )
        if bid["winner"] >= 0:
            if bid["winner"] == me:
                lines.append("  " + _("you won the bidding and set the first rule"))
            else:
                lines.append(
                    "  "
                    + _(
                        "{seat} won the bidding and sets the first rule",
                        seat=seat_name(bid["winner"], me),
                    )
                )
    else:
        direction = (
            _(", next card {direction}", direction=direction_word(rule["direction"]))
            if rule["direction"]
            else ""
        )
        lines.append(
            "  "
            + _(
                "[bold cyan]Rule: {rule}[/bold cyan]{direction}   (a {suit} rule)",
                rule=rule_label(rule["rule"], rule["suit"]),
                direction=direction,
                suit=suit_markup(rule["ace"]),
            )
        )
        last = _cards(rule["last"]) if rule["last"] else _("nothing yet under this rule")
        carried = " " + _("(on a joker)") if rule["last_kind"] == "joker" else ""
        lines.append("  " + _("on top: {cards}{carried}", cards=last, carried=carried))
        if view["draw_size"]:
            lines.append(
                "  "
                + _(
                    "[bold]next play:[/bold] {need}; or an Ace, a joker with a card the rule "
                    "forbids, or draw",
                    need=_need(rule),
                )
            )
        else:
            lines.append(
                "  "
                + _(
                    "[bold]next play:[/bold] {need}; or an Ace, a joker with a card the rule "
                    "forbids, or pass (the draw pile is empty)",
                    need=_need(rule),
                )
            )
    sizes = []
    for seat, size in enumerate(view["hand_sizes"]):
        mark = "▶ " if view["to_act"] == seat else "  "
        wins = _(", {count} won", count=view["wins"][seat]) if view["games"] > 1 else ""
        cards = n_("{count} card", "{count} cards", size)
        sizes.append(f"{mark}{seat_name(seat, me)}: {cards}{wins}")
    lines.append("  " + "   ".join(sizes))
    if view["pile"]:
        shown = view["pile"][-8:]
        more = (
            " " + _("(+{count} below)", count=len(view["pile"]) - 8)
            if len(view["pile"]) > 8
            else ""
        )
        lines.append(
            "  " + _("discard pile, top last: {cards}{more}", cards=_cards(shown), more=more)
        )
    if view["phase"] == "give" and view["giver"] is not None:
        giver = seat_name(view["giver"], me)
        left = view["give_left"]
        if view["giver"] == me:
            text = n_(
                "you may give away {count} more card to any other player, or pass to keep it",
                "you may give away {count} more cards to any other player, or pass to keep them",
                left,
            )
        else:
            text = n_(
                "{seat} may give away {count} more card",
                "{seat} may give away {count} more cards",
                left,
                seat=giver,
            )
        lines.append(f"  [yellow]{text}[/yellow]")
    if "hand" in view:
        lines.append("  [bold]" + _("your hand:") + f"[/bold] {_cards(view['hand'])}")
        if view.get("drawn"):
            lines.append(
                "  "
                + _(
                    "you drew {card}: only that card may be played now",
                    card=pretty(view["drawn"]),
                )
            )
    return "\n".join(lines)


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = seat_name(event.get("seat"))
    if kind == "deal":
        if "hand" in event:
            return _(
                "Game {game}: {dealer} deals: your hand {cards}",
                game=event["game"],
                dealer=seat_name(event["dealer"]),
                cards=_cards(event["hand"]),
            )
        return _(
            "Game {game}: {dealer} deals", game=event["game"], dealer=seat_name(event["dealer"])
        )
    if kind == "bid":
        return _("{seat} bids {count}", seat=who, count=event["amount"])
    if kind == "bid_pass":
        return _("{seat} passes in the bidding", seat=who)
    if kind == "bid_won":
        cards = f" ({_cards(event['cards'])})" if "cards" in event else ""
        return n_(
            "{seat} wins the bidding ({why}) and takes {count} card{cards}; "
            "{left} left in the draw pile",
            "{seat} wins the bidding ({why}) and takes {count} cards{cards}; "
            "{left} left in the draw pile",
            event["amount"],
            seat=who,
            why=reason(event["why"]),
            cards=cards,
            left=event["draw"],
        )
    if kind == "rule":
        return _(
            "{seat} sets the first rule: {rule}",
            seat=who,
            rule=rule_label(event["rule"], event["suit"]),
        )
    if kind == "give":
        if "card" in event:
            return _(
                "{seat} gives a card ({card}) to {to}",
                seat=who,
                card=pretty(event["card"]),
                to=seat_name(event["to"]),
            )
        return _("{seat} gives a card to {to}", seat=who, to=seat_name(event["to"]))
    if kind == "give_pass":
        return n_(
            "{seat} keeps the rest of the giveaway ({count} card)",
            "{seat} keeps the rest of the giveaway ({count} cards)",
            event["kept"],
            seat=who,
        )
    if kind == "giveaway":
        return _("{seat} earns a giveaway: {why}", seat=who, why=reason(event["why"]))
    if kind == "play":
        cards = _cards(event["cards"])
        joker = event["joker"]
        if "direction" in event:
            direction = direction_word(event["direction"])
            if joker:
                return _(
                    "{seat} plays {cards} on a joker, next card {direction}",
                    seat=who,
                    cards=cards,
                    direction=direction,
                )
            return _(
                "{seat} plays {cards}, next card {direction}",
                seat=who,
                cards=cards,
                direction=direction,
            )
        if joker:
            return _("{seat} plays {cards} on a joker", seat=who, cards=cards)
        return _("{seat} plays {cards}", seat=who, cards=cards)
    if kind == "ace":
        return _(
            "{seat} plays {card}: the rule is now {rule}",
            seat=who,
            card=pretty(event["card"]),
            rule=rule_label(event["rule"], event["suit"]),
        )
    if kind == "reshuffle":
        return n_(
            "The discard pile is shuffled into the draw pile ({count} card)",
            "The discard pile is shuffled into the draw pile ({count} cards)",
            event["draw"],
        )
    if kind == "draw":
        if "card" in event:
            return _("{seat} draws ({card})", seat=who, card=pretty(event["card"]))
        return _("{seat} draws", seat=who)
    if kind == "pass":
        return _("{seat} passes", seat=who)
    if kind == "game_end":
        if event["why"] == EMPTIED and len(event["winners"]) == 1:
            # the winner as the subject, so a reader's own win reads "you empty your hand and win"
            return _(
                "Game {game} over: {seat} empties their hand and wins",
                game=event["game"],
                seat=seat_name(event["winners"][0]),
            )
        return _(
            "Game {game} over ({why}): {winners}",
            game=event["game"],
            why=reason(event["why"]),
            winners=won_by(event["winners"]),
        )
    if kind == "match_end":
        return _(
            "Match over: {winners}; games won: {wins}",
            winners=won_by(event["winners"]),
            wins=per_seat(event["wins"]),
        )
    return _("(an event of a newer version of the game)")


def render_result(view: JSON, events: list[JSON]) -> str:
    """Each game's winner and the cards the others were left holding, then games won."""
    me = view.get("seat")
    lines = [
        "[bold]" + _("Results") + "[/bold] " + _("(the first to empty their hand wins the game)")
    ]
    for event in events:
        if event["type"] != "game_end":
            continue
        left = _(", ").join(
            seat_name(s, me) + " " + n_("{count} card", "{count} cards", len(hand))
            for s, hand in enumerate(event["hands"])
            if s not in event["winners"]
        )
        winners = and_list([seat_name(s, me) for s in event["winners"]])
        lines.append(
            "  "
            + _(
                "Game {game}: {winners} ({why}); left holding: {left}",
                game=event["game"],
                winners=winners,
                why=reason(event["why"], yours=event["winners"] == [me]),
                left=left,
            )
        )
    if view["games"] > 1:
        lines.append("[bold]" + _("Games won") + "[/bold]")
        lines += standings(view["wins"], me)
    return "\n".join(lines)
