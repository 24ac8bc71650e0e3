"""The terminal's analysed game (`aerodeck replay FILE --analyse`): the analysis of
``agents.analysis`` run under a progress bar, then every move of the record with its mark (?!,
?, ??), the running evaluation of the seat that moved, the better move (its notation, as in
the terminal's move list, and what it would have done in words) and each player's accuracy."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from rich.markup import escape
from rich.progress import Progress

from aerodeck.agents.analysis import MARKS, Budget, analyse
from aerodeck.cli.output import console, err, progress_columns
from aerodeck.cli.screen import hanging
from aerodeck.core.api import JSON, Game, State
from aerodeck.core.i18n import _, n_
from aerodeck.core.text import seat_name
from aerodeck.core.words import as_seen_by, in_sentences

MARK_STYLE = {"inaccuracy": "yellow", "mistake": "dark_orange", "blunder": "bold red"}


def analysed(
    record: Mapping[str, Any], title: str, seats: Collection[int] | None, budget: Budget
) -> JSON:
    """The record's analysis, with a progress bar on stderr while it runs (Ctrl-C stops it:
    the command line's one line "interrupted")."""
    with Progress(
        *progress_columns(), console=err, transient=True, disable=not err.is_terminal
    ) as bar:
        task = bar.add_task(_("Analysing {game}", game=title), total=None, rate="")

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        return analyse(record, seats, budget, progress=advance)


def percent(value: float) -> str:
    return f"{round(100 * value)}%"


def mark_word(mark: str) -> str:
    words = {"inaccuracy": _("inaccuracy"), "mistake": _("mistake"), "blunder": _("blunder")}
    return words[mark]


def better_in_words(game: Game, decision: JSON, reader: int | None) -> str:
    """What the better move would have done, as the seat saw it (its events in words)."""
    lines = [game.describe_event(event) for event in decision["best_events"]]
    return in_sentences(lines, reader)


def print_analysis(final: State, result: JSON, reader: int | None) -> None:
    """Every move with its judgement (the analysed seats' decisions), then the accuracies. The
    moves as ``reader`` saw them (``history_for``: another seat's face-down card stays so)."""
    game = final.game
    judged = {decision["number"]: decision for decision in result["decisions"]}
    console.print(
        _(
            "Each decision judged by the hard search from what its seat could see "
            "({worlds} sampled worlds at most); the evaluation is the seat's chance "
            "to win after its move.",
            worlds=result["budget"]["worlds"],
        )
    )
    for number, actor, move in final.history_for(reader):
        decision = judged.get(number)
        who = as_seen_by(seat_name(actor), reader)
        line = f"[cyan]{number:>4}[/cyan] {who}: [bold]{escape(move)}[/bold]"
        if decision is None:
            console.print(line)
            continue
        mark = decision["mark"]
        if mark is not None:
            line += f"[{MARK_STYLE[mark]}]{MARKS[mark]}  ({mark_word(mark)})[/]"
        line += "  " + _("evaluation {value}", value=percent(decision["value"]))
        console.print(line)
        if decision["best"] != decision["played"]:
            words = better_in_words(game, decision, reader)
            notation = f"[bold]{escape(decision['best'])}[/bold]"
            values = {
                "move": notation,
                "value": percent(decision["best_value"]),
                "played": percent(decision["value"]),
            }
            if words:
                better = _(
                    "better: {move} ({value} instead of {played}): {words}", words=words, **values
                )
            else:
                better = _("better: {move} ({value} instead of {played})", **values)
            console.print(hanging("       " + better))
    console.print()
    for summary in result["summary"]:
        who = as_seen_by(seat_name(summary["seat"]), reader)
        if not summary["decisions"]:
            console.print(_("{seat}: no decision to judge", seat=who))
            continue
        counts = " · ".join(
            (
                n_("{count} inaccuracy", "{count} inaccuracies", summary["inaccuracies"]),
                n_("{count} mistake", "{count} mistakes", summary["mistakes"]),
                n_("{count} blunder", "{count} blunders", summary["blunders"]),
            )
        )
        accuracy = f"{summary['accuracy']:.1f}"
        console.print(
            _(
                "{seat}: accuracy {accuracy}% over {decisions} ({counts})",
                seat=who,
                accuracy=accuracy,
                decisions=n_("{count} decision", "{count} decisions", summary["decisions"]),
                counts=counts,
            )
        )
