"""`aerodeck simulate GAME`: many seeded games between bots, and the report (win rates, seats,
length, ratings, the game's figures; an A/B comparison with --compare)."""

from __future__ import annotations

import contextlib
import json
import time
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.markup import escape
from rich.progress import Progress
from rich.table import Table

from aerodeck.cli.commands.simulate_campaigns import simulate_campaigns
from aerodeck.cli.options import DataFileOpt, GameArg, PlayersOpt, VariantOpt, game_options
from aerodeck.cli.output import console, err, progress_columns, stdout
from aerodeck.core.errors import ConfigError
from aerodeck.core.i18n import N_, _, n_
from aerodeck.core.registry import make
from aerodeck.sim.output import write_csv, write_html, write_json
from aerodeck.sim.runner import SimSpec, run
from aerodeck.sim.tally import Tally
from aerodeck.sim.tally import compare as compare_tallies


def simulate(
    game: GameArg,
    games_count: Annotated[int, typer.Option("--games", "-n", help=N_("number of games"))] = 1000,
    bots: Annotated[
        str, typer.Option("--bots", help=N_("bots, comma-separated"))
    ] = "heuristic,random",
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option("--seed", help=N_("master seed"))] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help=N_("processes (or Ray CPUs)"))] = 1,
    backend: Annotated[str, typer.Option("--backend", help=N_("local or ray"))] = "local",
    variant: VariantOpt = None,
    data_file: DataFileOpt = None,
    compare: Annotated[
        list[str] | None,
        typer.Option(
            "--compare", help=N_("A/B: variant B's key=value on the same seeds (repeatable)")
        ),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help=N_("folder for games.jsonl and the report"))
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help=N_("carry on the run in --out"))] = False,
    figures: Annotated[
        bool, typer.Option("--figures/--no-figures", help=N_("game-specific figures"))
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help=N_("print the report as JSON"))] = False,
    campaigns: Annotated[
        int | None,
        typer.Option(
            "--campaigns",
            help=N_(
                "fly this many whole campaigns (choose one with --variant campaign=NAME) "
                "instead of single games; --out gets campaigns.jsonl"
            ),
        ),
    ] = None,
) -> None:
    """Play many seeded games between bots; report win rates, seats, length, ratings, figures.

    With --out the folder gets games.jsonl (streamed), summary.json, report.csv, report.html
    and plots/*.png; --compare runs a second variant on the same seeds into --out/B.
    """
    if jobs < 1:
        raise ConfigError(_("--jobs must be at least 1"))
    if resume and out is None:
        raise ConfigError(_("--resume needs --out (the folder of the run to carry on)"))
    if out is not None:
        _check_out_folder(out)
    options = game_options(variant, game, data_file)
    configured = make(game, players, **options)
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    if campaigns is not None:
        if compare:
            raise ConfigError(_("--compare compares single games; drop it with --campaigns"))
        if campaigns < 1:
            raise ConfigError(_("--campaigns must be at least 1"))
        simulate_campaigns(configured, names, campaigns, seed, jobs, backend, out, resume, as_json)
        return
    spec = SimSpec(configured.id, configured.players, names, games_count, seed, configured.options)
    specs = {"A": spec}
    if compare:
        changed = make(game, players, **{**options, **game_options(compare)})
        specs["B"] = replace(spec, options=changed.options)
        if specs["B"] == spec:
            raise ConfigError(_("--compare changes nothing: give an option value other than A's"))
    for each in specs.values():
        each.validate()
    started = time.perf_counter()
    columns = progress_columns()
    results: dict[str, Tally] = {}
    # no bar where nobody watches it (a pipe, a log): it would leave a blank line behind
    shown = err.is_terminal and not as_json
    try:
        with Progress(*columns, console=err, transient=True, disable=not shown) as progress:
            task = progress.add_task(configured.info.title, total=games_count * len(specs), rate="")

            def advance(count: int) -> None:
                done = progress.tasks[0].completed + count
                rate = done / max(time.perf_counter() - started, 1e-9)
                speed = f"{rate:,.1f}"
                progress.update(task, advance=count, rate=_("{rate} games/s", rate=speed))

            for label, each in specs.items():
                folder = None if out is None else (out / label if compare else out)
                kept = Tally(each.game, each.players, figures=figures, paired=bool(compare))
                results[label] = run(
                    each,
                    jobs=jobs,
                    out=folder,
                    resume=resume,
                    on_progress=advance,
                    backend=backend,
                    tally=kept,
                )
    except KeyboardInterrupt:
        if out is not None:  # every finished game is on disk already (runner.py)
            hint = _(
                "the finished games are kept in {out}: the same command with --resume goes on",
                out=out,
            )
            err.print(hint, markup=False, highlight=False, soft_wrap=True)
        raise
    seconds = time.perf_counter() - started
    report = results["A"].report()
    report["spec"] = {
        "game": spec.game,
        "players": spec.players,
        "bots": list(names),
        "games": games_count,
        "seed": seed,
        "options": spec.options,
    }
    if compare:
        comparison = compare_tallies(results["A"], results["B"])
        comparison["variants"] = {"A": specs["A"].options, "B": specs["B"].options}
        report["comparison"] = comparison
    if out is not None:
        write_json(report, out / "summary.json")
        write_csv(report, out / "report.csv")
        write_html(report, out / "report.html", png_folder=out / "plots")
    if as_json:
        print(json.dumps(report), file=stdout, flush=True)
        return
    _print_report(report, seconds)
    if out is not None:
        games = _("each variant's games in A/ and B/") if compare else _("the games in games.jsonl")
        written = _(
            "Report written to {path} (also summary.json, report.csv, plots/ and {games})",
            path=out / "report.html",
            games=games,
        )
        console.print(escape(written), soft_wrap=True)


def _check_out_folder(out: Path) -> None:
    """--out must be a folder we can write: refused in one line before any game is played."""
    try:  # a name the system refuses (too long) fails already here
        existed = out.exists()
    except OSError as error:
        raise ConfigError(
            _("cannot write to --out {out}: {reason}", out=out, reason=error.strerror or error)
        ) from None
    if existed and not out.is_dir():
        raise ConfigError(
            _("--out {out} is a file; give a folder (it gets games.jsonl and more)", out=out)
        )
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".aerodeck-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        if not existed:
            with contextlib.suppress(OSError):
                out.rmdir()
        raise ConfigError(
            _("cannot write to --out {out}: {reason}", out=out, reason=error.strerror or error)
        ) from None


def _interval(est: dict[str, Any], digits: int = 3) -> str:
    return f"{est['value']:.{digits}f} [{est['low']:.{digits}f}, {est['high']:.{digits}f}]"


def _print_report(report: dict[str, Any], seconds: float) -> None:
    fair = report["fair_share"]
    table = Table(
        _("bot"),
        _("seat-games"),
        _("win rate [95% interval]"),
        title=n_("{count} game", "{count} games", report["games"]),
    )
    for bot, est in report["bots"].items():
        table.add_row(bot, str(est["n"]), _interval(est))
    console.print(table)
    seats = Table(
        _("seat"),
        _("win rate [95%]"),
        _("advantage [95%]"),
        title=_("by seat (fair share {fair})", fair=format(fair, ".3f")),
    )
    for number, (est, adv) in enumerate(
        zip(report["seats"], report["seat_advantage"], strict=True)
    ):
        seats.add_row(str(number), _interval(est), _interval(adv))
    console.print(seats)
    if report["ratings"]:
        ratings = Table(
            _("bot"),
            _("strength (Elo scale) [95%]"),
            _("openskill mu"),
            _("sigma"),
            title=_("ratings"),
            caption=_(
                "strength: Bradley-Terry fit over all games (their order does not matter); "
                "openskill: rated game by game"
            ),
        )
        strengths = report.get("strengths", {})
        for bot in sorted(report["ratings"], key=lambda b: -strengths.get(b, {}).get("elo", 0)):
            s, r = strengths.get(bot), report["ratings"][bot]
            fit = f"{s['elo']:+.0f} [{s['low']:+.0f}, {s['high']:+.0f}]" if s else "-"
            ratings.add_row(bot, fit, f"{r['mu']:.2f}", f"{r['sigma']:.2f}")
        console.print(ratings)
    for figure in report["figures"]:
        shown = Table(_("choice"), _("times"), _("chooser win rate [95%]"), title=figure["title"])
        for row in figure["rows"][:15]:
            named = row.get("name") or row["choice"]
            shown.add_row(named, str(row["count"]), _interval(row["chooser_win_rate"]))
        console.print(shown)
    if "comparison" in report:
        comparison = report["comparison"]
        variants = comparison["variants"]
        changed = ", ".join(
            f"{key}={variants['B'][key]} (A: {value})"
            for key, value in variants["A"].items()
            if variants["B"].get(key) != value
        )
        diffs = Table(
            _("measure"),
            _("B - A [95% interval]"),
            title=_(
                "A/B on {count} paired seeds: B sets {changed}; the tables above are A's",
                count=comparison["games"],
                changed=changed,
            ),
        )
        for name, est in comparison["differences"].items():
            diffs.add_row(name, _interval(est))
        console.print(diffs)
    length = report["length"]
    console.print(
        escape(
            _(
                "Game length: {length} decisions; {seconds} s, {rate} games/s",
                length=_interval(length, 1),
                seconds=format(seconds, ".1f"),
                rate=format(report["games"] / max(seconds, 1e-9), ",.1f"),
            )
        )
    )
    ladder = report["ladder"]
    documented = ladder.get("ladder", "")
    if not ladder["checked"]:
        line = _(
            "Bots' ladder not checked ({note}; documented: {ladder}): read balance figures with "
            "care.",
            note=ladder["note"],
            ladder=documented,
        )
        console.print(escape(line))
    elif ladder["held"]:
        line = _(
            "Bots' ladder (documented: {ladder}) {note}.", ladder=documented, note=ladder["note"]
        )
        console.print(escape(line))
    else:
        broken = _("Bots' ladder broken")
        line = _(
            "(documented: {ladder}): {note}.",
            ladder=documented,
            note=ladder["note"].removeprefix("broken: "),
        )
        console.print(f"[bold red]{broken}[/bold red] {escape(line)}")
