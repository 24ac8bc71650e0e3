"""`aerodeck simulate GAME --campaigns N`: whole campaigns (a game's series, every game of it in
order) flown by bots, ``sim.series_run``; the report says which side wins how often with 95%
Wilson intervals, each side's mean total and the levels it reached, and each bot's share when
several fly. With --out: campaigns.jsonl (streamed, one campaign a line) and summary.json."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from aerodeck.cli.output import console, err, progress_columns, stdout
from aerodeck.core.api import Game
from aerodeck.core.i18n import _, n_
from aerodeck.sim.output import write_json
from aerodeck.sim.runner import SimSpec
from aerodeck.sim.series_run import SERIES_FILE, check_series_spec, run_series


def simulate_campaigns(
    game: Game,
    bots: tuple[str, ...],
    count: int,
    seed: int,
    jobs: int,
    backend: str,
    out: Path | None,
    resume: bool,
    as_json: bool,
) -> None:
    spec = SimSpec(game.id, game.players, bots, count, seed, game.options)
    check_series_spec(spec)
    started = time.perf_counter()
    shown = err.is_terminal and not as_json  # no bar in a pipe or a log (a blank line)
    with Progress(*progress_columns(), console=err, transient=True, disable=not shown) as progress:
        task = progress.add_task(game.info.title, total=count, rate="")

        def advance(done: int) -> None:
            rate = (progress.tasks[0].completed + done) / max(time.perf_counter() - started, 1e-9)
            shown = _("{rate} campaigns/s", rate=format(rate, ",.2f"))
            progress.update(task, advance=done, rate=shown)

        tally = run_series(spec, jobs, out, resume, advance, backend)
    seconds = time.perf_counter() - started
    report = tally.report()
    report["spec"] = {**spec.to_json(), "campaigns": count}
    if out is not None:
        write_json(report, out / "summary.json")
    if as_json:
        print(json.dumps(report), file=stdout, flush=True)
        return
    series = game.series()
    names = list(series.sides) if series is not None else []  # in the reader's language
    _print_report(report, seconds, names)
    if out is not None:
        written = _(
            "Report written to {path} (the campaigns in {games})",
            path=out / "summary.json",
            games=out / SERIES_FILE,
        )
        console.print(escape(written), soft_wrap=True)


def _interval(est: dict[str, Any], digits: int) -> str:
    return f"{est['value']:.{digits}f} [{est['low']:.{digits}f}, {est['high']:.{digits}f}]"


def _print_report(report: dict[str, Any], seconds: float, names: list[str]) -> None:
    """The report's tables; ``names`` are the sides as the reader's language names them (the
    report keeps the data's own)."""
    title = n_("{count} campaign", "{count} campaigns", report["campaigns"])
    sides = Table(
        _("side"),
        _("campaigns won [95% interval]"),
        _("mean total [95%]"),
        _("levels reached"),
        title=title,
    )
    for number, side in enumerate(report["sides"]):
        levels = _(", ").join(f"{level}: {times}" for level, times in side["levels"].items())
        sides.add_row(
            escape(names[number] if number < len(names) else side["side"]),
            _interval(side["win_rate"], 3),
            _interval(side["total"], 1),
            escape(levels),
        )
    console.print(sides)
    if len(report["bots"]) > 1:
        bots = Table(_("bot"), _("campaigns flown"), _("campaigns won [95% interval]"))
        for bot, est in report["bots"].items():
            bots.add_row(bot, str(est["n"]), _interval(est, 3))
        console.print(bots)
    shared = n_(
        "{count} campaign shared (equal totals)",
        "{count} campaigns shared (equal totals)",
        report["shared"],
    )
    speed = _(
        "{seconds} s, {rate} campaigns/s",
        seconds=format(seconds, ".1f"),
        rate=format(report["campaigns"] / max(seconds, 1e-9), ",.2f"),
    )
    console.print(escape(f"{shared}; {speed}"))
