"""Terminal text for Race to Ace views and events (rich markup): who attacks whom, what stands in
front of each pilot, and whose answer is awaited. Every sentence is a message of the game's
catalogs (``_()``); the cards' titles stay as printed."""

from __future__ import annotations

from aerodeck.core.api import JSON
from aerodeck.core.i18n import _, n_
from aerodeck.core.text import and_list, padded, per_seat, seat_name, standings, won_by

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
_STACK_KIND = {"V": "visual", "R": "radar"}


def _phase_words(phase: str) -> tuple[str, str]:
    """What the pilot to act does in a phase: said to them, and said of them."""
    if phase == "turn":
        return _("play a card, or discard one"), _("plays a card")
    if phase == "lost turn":
        return _("you were shot down: discard a card"), _("was shot down: draws and discards")
    if phase == "dogfight":
        return _("answer the last move, or pass"), _("is to answer")
    if phase == "fire":
        return _("fire on the standing acquisition, or pass"), _("may fire")
    if phase == "react":
        return _("reveal your special card, or pass"), _("may reveal a special card")
    if phase == "weapon":
        return _("answer the weapon fired at you, or pass"), _("may answer the weapon")
    if phase == "trim":
        return _("discard down to seven cards"), _("discards down to seven")
    return "", ""


def end_reason(why: str) -> str:
    """A game's end reason (the ``why`` of its ``game_end`` event) in the reader's language."""
    if why == "five kills":
        return _("five kills")
    if why == "kills":
        return _("kills")
    if why == "turn limit":
        return _("turn limit")
    return why


def card(word: str) -> str:
    colour = _COLOUR.get(word, "bold")
    return f"[{colour}]{_NAMES.get(word, word)}[/{colour}]"


def _cards(words: list[str]) -> str:
    return _(", ").join(card(w) for w in words) if words else "-"


def name(seat: int | None, me: int | None = None) -> str:
    if seat is None:
        return _("nobody")
    if me is not None and seat == me:
        return "[bold]" + _("you") + "[/bold]"
    return seat_name(seat)


def stack_words(ref: str, me: int | None = None) -> str:
    """An acquisition's notation (``V0>1``) in words: "seat 0's VISUAL on seat 1"."""
    kind, _sep, on = ref.partition(">")
    return _(
        "{owner}'s {card} on {target}",
        owner=name(int(kind[1:]), None),
        card=card(_STACK_KIND[kind[0].upper()]),
        target=name(int(on), me),
    )


def render_view(view: JSON) -> str:
    me = view.get("seat")
    head = "[bold]Race to Ace[/bold]  " + _(
        "turn {number} ({pilot})  deck {deck}  discards {discards}",
        number=view["turn_number"],
        pilot=name(view["turn"], me),
        deck=view["deck"],
        discards=sum(view["discards"].values()),
    )
    if view["discard_top"]:
        head += " " + _("(top {card})", card=card(view["discard_top"]))
    head += "  " + _("{count} kills win", count=view["kills_to_win"])
    if view["games"] > 1:
        head += "   " + _(
            "game {number} of {games}", number=view["game_number"], games=view["games"]
        )
    lines = [head]
    for pilot in view["pilots"]:
        seat = pilot["seat"]
        marks = []
        if pilot["downed"]:
            marks.append("[red]" + _("shot down: loses next turn") + "[/red]")
        for owner in pilot["flameouts"]:
            marks.append(_("{card} from {pilot}", card=card("flameout"), pilot=name(owner, me)))
        if pilot["hot_stick"]:
            marks.append(card("hotstick"))
        if pilot["golden_bird"]:
            marks.append(card("goldenbird"))
        wing = " " + _("+ wingman {count}", count=pilot["wing_size"]) if pilot["wing_size"] else ""
        score = "  " + _("score {score}", score=pilot["score"]) if view["games"] > 1 else ""
        kills = f"{'✈' * pilot['kills'] or '-':<6}"
        label = padded(seat_name(seat, me), 8)
        label = f"[bold]{label}[/bold]" if seat == me else label
        lines.append(
            f"  {label} "
            + _(
                "kills {kills} cards {cards}{wing}  acq {acquisitions}{score}",
                kills=kills,
                cards=pilot["hand_size"],
                wing=wing,
                acquisitions=pilot["acquisitions"],
                score=score,
            )
            + f"  {'  '.join(marks)}"
        )
    if view["acquisitions"]:
        lines.append("  [bold]" + _("In play:") + "[/bold]")
        for acq in view["acquisitions"]:
            lines.append("    " + _acquisition(acq, me, view["tokens"]))
    fight = view["dogfight"]
    if fight:
        if fight["attacker"] == me:
            said = _(
                "{attacker} attack {defender} with a {card} ACQUISITION",
                attacker=name(fight["attacker"], me),
                defender=name(fight["defender"], me),
                card=card(fight["kind"]),
            )
        else:
            said = _(
                "{attacker} attacks {defender} with a {card} ACQUISITION",
                attacker=name(fight["attacker"], me),
                defender=name(fight["defender"], me),
                card=card(fight["kind"]),
            )
        lines.append("  [bold magenta]" + _("DOGFIGHT") + f"[/bold magenta]: {said}")
    if view["pending"]:
        p = view["pending"]
        lines.append(
            "  "
            + _(
                "{card} by {by} against {against} can still be cancelled by a special card",
                card=card(p["card"]),
                by=name(p["by"], me),
                against=name(p["against"], me),
            )
        )
    if view["weapon"]:
        w = view["weapon"]
        lines.append(
            "  "
            + _(
                "{card} fired by {by} at {at}",
                card=card(w["card"]),
                by=name(w["by"], me),
                at=name(w["at"], me),
            )
        )
    if view["to_act"] is not None:
        mine, theirs = _phase_words(view["phase"])
        if view["to_act"] == me:
            lines.append("  [bold reverse] " + _("Your move") + f" [/bold reverse] {mine}")
        else:
            waiting = _("waiting for {pilot}", pilot=seat_name(view["to_act"]))
            lines.append(
                "  " + _("[bold]{waiting}[/bold], who {does}", waiting=waiting, does=theirs)
            )
    elif view["winners"]:
        won = and_list([name(s, me) for s in view["winners"]])
        lines.append(
            "  [bold green]" + _("Game over: {winners} won", winners=won) + "[/bold green]"
        )
    if "hand" in view:
        lines.append("  [bold]" + _("your hand:") + f"[/bold] {_cards(view['hand'])}")
    if "wing" in view:
        lines.append("  [bold]" + _("your wingman:") + f"[/bold] {_cards(view['wing'])}")
    return "\n".join(lines)


def _acquisition(acq: JSON, me: int | None, tokens: bool) -> str:
    kind = card(acq["kind"])
    text = _("{card} from {by} on {on}", card=kind, by=name(acq["by"], me), on=name(acq["on"], me))
    weapon = "GUNS" if acq["kind"] == "visual" else "MISSILE"
    if acq["cover"] == "maneuver":
        text += _(
            ", [blue]outmaneuvered[/blue] by {cover_by}: slid back onto {by}; "
            "only {on} may fire GUNS on it",
            cover_by=name(acq["cover_by"], me),
            by=name(acq["by"], me),
            on=name(acq["on"], me),
        )
    elif acq["cover"] == "jammit":
        text += _(
            ", [blue]suppressed[/blue] by {cover_by}'s JAMMIT!", cover_by=name(acq["cover_by"], me)
        )
    else:
        who = name(acq["by"], me) if tokens else _("any pilot")
        text += _(": {pilot} may fire {weapon}", pilot=who, weapon=weapon)
    return f"{text}  [dim]{acq['ref']}[/dim]"


def _what(what: str, pilot: str, ref: str, at: str) -> str:
    """A ``play`` event's effect in words (``ref``: the acquisition played on, in words)."""
    if what == "acquire":
        return _("acquires {pilot}", pilot=pilot)
    if what == "reacquire":
        return _("plays a new RADAR on the JAMMIT! on {pilot}: reacquired", pilot=pilot)
    if what == "counter_maneuver":
        return _("counters the MANEUVER: the VISUAL slides back onto {pilot}", pilot=at)
    if what == "outmaneuver":
        return _("outmaneuvers the attacker: {acquisition} slides back", acquisition=ref)
    if what == "suppress":
        return _("suppresses {acquisition}", acquisition=ref)
    if what == "break":
        return _("breaks {acquisition}", acquisition=ref)
    if what == "eccm":
        return _(
            "cancels the JAMMIT! on {acquisition} (ECCM): the RADAR is back in full effect",
            acquisition=ref,
        )
    if what == "unjam":
        return _(
            "cancels the JAMMIT! on {acquisition}: the RADAR is back in full effect",
            acquisition=ref,
        )
    if what == "flameout":
        return _("flames out {pilot}", pilot=pilot)
    if what == "relight":
        return _("relights: the FLAMEOUT and RELIGHT are discarded")
    if what == "display":
        return _("displays it for the rest of the game")
    if what == "defeat_weapon":
        return _("defeats the weapon of {pilot}", pilot=pilot)
    return what


def describe_event(event: JSON) -> str:
    kind = event["type"]
    who = seat_name(event.get("seat"))
    if kind == "deal":
        hand = _(": {cards}", cards=_cards(event["hand"])) if "hand" in event else ""
        wing = _("; wingman {cards}", cards=_cards(event["wing"])) if "wing" in event else ""
        return _(
            "Game {game}: seven cards dealt to each pilot{hand}{wing}",
            game=event["game"],
            hand=hand,
            wing=wing,
        )
    if kind == "turn":
        if "card" in event:
            drew = _("; {pilot} draws {card}", pilot=who, card=card(event["card"]))
        else:
            drew = _("; {pilot} draws", pilot=who) if event["drew"] else ""
        lost = " " + _("(shot down: may only discard)") if event["lost"] else ""
        return _("— {pilot}'s turn{lost}{drew}", pilot=who, lost=lost, drew=drew)
    if kind == "reshuffle":
        return _(
            "The draw deck ran out: the discard pile is shuffled into a new deck ({count})",
            count=event["deck"],
        )
    if kind == "refill":
        shown = _(": {cards}", cards=_cards(event["cards"])) if "cards" in event else ""
        return n_(
            "{pilot} refills with {count} card{shown}",
            "{pilot} refills with {count} cards{shown}",
            event["count"],
            pilot=who,
            shown=shown,
        )
    if kind == "discard":
        return _("{pilot} discards {card}", pilot=who, card=card(event["card"]))
    if kind == "play":
        on = int(event["ref"].split(">")[1]) if "ref" in event else event.get("pilot")
        text = _what(
            event["what"],
            pilot=seat_name(event.get("pilot")),
            ref=stack_words(event["ref"]) if "ref" in event else "",
            at=seat_name(on),
        )
        return _("{pilot} plays {card}: {effect}", pilot=who, card=card(event["card"]), effect=text)
    if kind == "dogfight":
        return _(
            "[magenta]DOGFIGHT[/magenta]: {attacker} attacks {defender} ({card})",
            attacker=seat_name(event["attacker"]),
            defender=seat_name(event["defender"]),
            card=card(event["kind"]),
        )
    if kind == "pass":
        if "declines" in event:
            return _("{pilot} does not reveal a {card}", pilot=who, card=card(event["declines"]))
        return _("{pilot} passes: no answer", pilot=who)
    if kind == "acquired":
        return _(
            "{pilot}'s {card} on {defender} stands: a successful acquisition",
            pilot=seat_name(event["seat"]),
            card=card(event["kind"]),
            defender=seat_name(event["defender"]),
        )
    if kind == "fire":
        return _(
            "{pilot} fires {card} at {target}",
            pilot=who,
            card=card(event["card"]),
            target=seat_name(event["target"]),
        )
    if kind == "hold_fire":
        return _("{pilot} holds fire: the acquisition stays in play", pilot=who)
    if kind == "kill":
        gone = (
            _("; discarded: {cards}", cards=_cards(event["discarded"]))
            if event["discarded"]
            else ""
        )
        return _(
            "[bold red]{target} is shot down[/bold red] by {pilot} ({kills}){gone}",
            target=seat_name(event["target"]),
            pilot=who,
            kills=n_("{count} kill", "{count} kills", event["kills"]),
            gone=gone,
        )
    if kind == "reveal":
        return _(
            "{pilot} reveals {card}: {by}'s {cancels} is cancelled and discarded",
            pilot=who,
            card=card(event["card"]),
            by=seat_name(event["by"]),
            cancels=card(event["cancels"]),
        )
    if kind == "game_end":
        text = _(
            "Game {game} over ({why}): {winners}; kills: {kills}",
            game=event["game"],
            why=end_reason(event["why"]),
            winners=won_by(event["winners"]),
            kills=per_seat(event["kills"]),
        )
        if event.get("scores"):
            text += _(
                "; points: {points}; match scores: {scores}",
                points=per_seat(event["points"]),
                scores=per_seat(event["scores"]),
            )
        return text
    if kind == "match_end":
        return _(
            "Match over: {winners}; scores: {scores}",
            winners=won_by(event["winners"]),
            scores=per_seat(event["scores"]),
        )
    return _("(an event of a newer version of the game)")


def render_result(view: JSON, events: list[JSON]) -> str:
    """Kills and standing acquisitions per pilot, each game and the match."""
    me = view.get("seat")
    lines = ["[bold]" + _("Results") + "[/bold]"]
    for event in events:
        if event["type"] != "game_end":
            continue
        winners = and_list([name(s, me) for s in event["winners"]])
        lines.append(
            "  "
            + _(
                "Game {game}: {winners} ({why})",
                game=event["game"],
                winners=winners,
                why=end_reason(event["why"]),
            )
        )
        places = sorted(range(len(event["kills"])), key=lambda s: -event["kills"][s])
        for s in places:
            points = (
                "  " + n_("{count} point", "{count} points", event["points"][s])
                if event.get("points")
                else ""
            )
            kills = n_("{count} kill", "{count} kills", event["kills"][s])
            acquisitions = n_(
                "{count} acquisition", "{count} acquisitions", event["acquisitions"][s]
            )
            lines.append(f"    {padded(name(s, me), 8)} {padded(kills, 8)} {acquisitions}{points}")
    if view["games"] > 1:
        lines.append("[bold]" + _("Match scores") + "[/bold]")
        lines += standings([pilot["score"] for pilot in view["pilots"]], me, name)
    return "\n".join(lines)
