"""The `aerodeck` command. Every refusal is one readable line on stderr and a non-zero exit."""

from __future__ import annotations

import asyncio
import contextlib
import json
import sys
import time
from dataclasses import replace
from importlib import metadata
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.markdown import Markdown
from rich.markup import escape
from rich.padding import Padding
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text

from aerodeck.agents.registry import agent_names, make_agent
from aerodeck.cli.encoding import fit_streams
from aerodeck.cli.prompt import enable_line_editing
from aerodeck.cli.session import Session, bots_flag
from aerodeck.cli.words import as_seen_by, seats_text
from aerodeck.core.api import Agent, Game, SeenMove, State
from aerodeck.core.errors import AerodeckError, ConfigError
from aerodeck.core.options import parse_variant
from aerodeck.core.records import Seating, load_record, replay, seating_of
from aerodeck.core.registry import list_games, make, normalize_id
from aerodeck.core.rng import derive_seed, fresh_seed
from aerodeck.core.text import counts_text
from aerodeck.core.userdata import data_files
from aerodeck.sim.output import write_csv, write_html, write_json
from aerodeck.sim.runner import SimSpec, run
from aerodeck.sim.tally import Tally
from aerodeck.sim.tally import compare as compare_tallies

app = typer.Typer(
    help="aerodeck: play, replay and simulate five aviation card games.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)
console = Console(highlight=False)  # rich's number colouring would tint the 3 of 3♠, not J♣
err = Console(stderr=True, highlight=False)

GameArg = Annotated[str, typer.Argument(help="game id, e.g. aces-versus-aces")]
PlayersOpt = Annotated[int | None, typer.Option("--players", "-p", help="number of players")]
SeedOpt = Annotated[int | None, typer.Option("--seed", help="seed (same seed, same game)")]
VariantOpt = Annotated[
    list[str] | None, typer.Option("--variant", "-v", help="rule option key=value (repeatable)")
]
DataFileOpt = Annotated[
    list[str] | None,
    typer.Option(
        "--data-file",
        help="your own data for a data option, key=FILE (a TOML course, data set or campaign); "
        "the record carries it (repeatable)",
    ),
]


def _version(value: bool) -> None:
    if value:
        try:
            number = metadata.version("aerodeck")
        except metadata.PackageNotFoundError:  # run from a source tree that is not installed
            number = "unknown (not installed)"
        console.print(f"aerodeck {number}")
        raise typer.Exit(0)


@app.callback()
def _main(
    version: Annotated[
        bool,
        typer.Option("--version", callback=_version, is_eager=True, help="print the version"),
    ] = False,
) -> None:
    """aerodeck: play, replay and simulate five aviation card games."""


def _options(
    variants: list[str] | None, game: str | None = None, files: list[str] | None = None
) -> dict[str, Any]:
    """Options from ``-v key=value`` and ``--data-file key=FILE`` (the only way a file is read:
    its table becomes the option's value, so the record needs no file to replay)."""
    options: dict[str, Any] = dict(parse_variant(v) for v in variants or [])
    if files and game is not None:
        loaded = data_files(game, files)
        both = sorted(set(loaded) & set(options))
        if both:
            raise ConfigError(f"option {both[0]} is given both by -v and by --data-file")
        options.update(loaded)
    return options


@app.command()
def games() -> None:
    """List the games, their player counts and options (each option: `aerodeck rules GAME`)."""
    for info in list_games():
        console.print(
            f"[bold]{info.cli_name}[/bold]  {info.title}, "
            f"{counts_text(info.player_counts)} players (default {info.default_players})"
        )
        console.print(Padding(Text(info.summary), (0, 0, 0, 2), expand=False))
        if info.options:
            options = ", ".join(
                f"{o.name}={'none' if o.default == '' else str(o.default).lower()}"
                for o in info.options
            )
            console.print(Padding(Text(f"options: {options}"), (0, 0, 0, 2), expand=False))
    console.print("Each option explained: aerodeck rules GAME", markup=False)


@app.command()
def rules(game: GameArg) -> None:
    """Print a game's rules summary and notation."""
    configured = make(game)
    console.print(Markdown(configured.rules_text()))
    if configured.info.options:
        console.print("[bold]Options[/bold] (--variant key=value):")
        for option in configured.info.options:
            console.print(Padding(Text(option.describe()), (0, 0, 0, 2), expand=False))


def _seating_for(game: Game, human: int | None, bots: str) -> Seating:
    """Seat the person; fill the other seats from ``--bots`` in seat order (the last repeats)."""
    names = [b for b in (x.strip().lower() for x in bots.split(",")) if b]
    if not names:
        raise ConfigError("--bots needs at least one bot name")
    others = [seat for seat in range(game.players) if seat != human]
    return Seating(human, {s: names[min(i, len(names) - 1)] for i, s in enumerate(others)})


def _agents_for(game: Game, seating: Seating, seed: int) -> list[Agent | None]:
    return [
        None
        if seat == seating.human
        else make_agent(seating.bots[seat], game, derive_seed(seed, "bot", seat))
        for seat in range(game.players)
    ]


def _resumed(
    game: str, resume: Path, players: int | None, seat: int | None, bots: str | None
) -> tuple[State, Seating]:
    """The saved game and its seating; a flag that contradicts the record is refused."""
    record = load_record(resume)
    state = replay(record)
    configured = state.game
    if normalize_id(game) != configured.id:
        raise ConfigError(
            f"{resume} is a game of {configured.info.title}, not {make(game).info.title}: "
            f"resume it with `aerodeck play {configured.info.cli_name} --resume {resume}`"
        )
    if players is not None and players != configured.players:
        raise ConfigError(f"{resume} is a {configured.players}-player game; drop -p/--players")
    saved = seating_of(record)
    if saved is None:  # a record written without a table (a library or simulator game)
        return state, _seating_for(configured, 0 if seat is None else seat, bots or "heuristic")
    if seat is not None and seat != saved.human:
        where = "nobody's" if saved.human is None else f"seat {saved.human}"
        raise ConfigError(
            f"the seating comes from the record: you sit in {where}, not seat {seat}; drop --seat"
        )
    if bots is not None and _seating_for(configured, saved.human, bots) != saved:
        raise ConfigError(
            f"the seating comes from the record: its bots are {bots_flag(saved)}; drop --bots"
        )
    return state, saved


@app.command()
def play(
    game: GameArg,
    players: PlayersOpt = None,
    seat: Annotated[
        int | None, typer.Option("--seat", help="your seat, 0 plays first (default 0)")
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option("--bots", help="bots for the other seats, in seat order (default heuristic)"),
    ] = None,
    seed: SeedOpt = None,
    variant: VariantOpt = None,
    data_file: DataFileOpt = None,
    save: Annotated[Path | None, typer.Option("--save", help="record file")] = None,
    resume: Annotated[
        Path | None,
        typer.Option("--resume", help="carry on a saved game (its record keeps the seating)"),
    ] = None,
) -> None:
    """Play in the terminal against bots. The record is saved after every move."""
    state: State
    if resume is not None:
        if variant or data_file:
            raise ConfigError("--resume takes the game's options from its record")
        state, seating = _resumed(game, resume, players, seat, bots)
        configured = state.game
        save = save or resume
    else:
        configured = make(game, players, **_options(variant, game, data_file))
        human = 0 if seat is None else seat
        if not 0 <= human < configured.players:
            raise ConfigError(f"--seat must be 0 to {configured.players - 1}")
        seating = _seating_for(configured, human, bots or "heuristic")
        state = configured.new_game(seed=fresh_seed() if seed is None else seed)
    if state.is_terminal:
        raise ConfigError("that game is already over; use `aerodeck replay` to see it")
    if seating.human is None:
        raise ConfigError("that record has no person's seat (bots only); replay it instead")
    save = save or Path("aerodeck-records") / f"{configured.id}-{state.seed}.json"
    agents = _agents_for(configured, seating, state.seed)
    session = Session(state, seating, agents, console, save, input)
    session.save()  # a path that cannot be written is refused now, not after the first move
    enable_line_editing(session.completions)
    finished = session.run()
    if not finished:
        raise typer.Exit(0)


@app.command("replay")
def replay_command(
    file: Annotated[Path, typer.Argument(help="a record file (JSON)")],
    seat: Annotated[int | None, typer.Option("--seat", help="show it as this seat saw it")] = None,
    quiet: Annotated[
        bool, typer.Option("--quiet", help="only validate and print the result")
    ] = False,
) -> None:
    """Validate a record move by move and print the game step by step.

    With --seat, only what that seat may know: its own moves in full, others' as they were
    shown to it (a face-down play stays face down), and the events as that seat saw them.
    """
    record = load_record(file)
    final = replay(record)
    game = final.game
    if seat is not None and not 0 <= seat < game.players:
        raise ConfigError(f"--seat must be 0 to {game.players - 1}")
    if not quiet:
        state = game.new_game(seed=final.seed, setup=final.setup)
        seen = 0
        # without --seat the whole record is shown: it is the file's own content
        moves = final.history_for(seat) if seat is not None else _full_history(final)
        for move in moves:
            state.apply(record["actions"][move.number - 1])
            who = "you" if move.seat == seat else f"seat {move.seat}"
            console.print(f"[cyan]{move.number:>4}[/cyan] {who}: [bold]{escape(move.move)}[/bold]")
            for event in state.events_since(seen, seat):
                console.print("       " + as_seen_by(game.describe_event(event), seat))
            seen = state.event_count
    status = (
        f"won by {seats_text(final.winners, seat)}" if final.is_terminal else "game not finished"
    )
    console.print(f"Record is valid: {len(record['actions'])} moves, {status}.")


def _full_history(state: State) -> list[SeenMove]:
    return [
        SeenMove(number, actor, move)
        for number, (actor, move) in enumerate(
            zip(state.actors(), state.history(), strict=True), start=1
        )
    ]


@app.command()
def simulate(
    game: GameArg,
    games_count: Annotated[int, typer.Option("--games", "-n", help="number of games")] = 1000,
    bots: Annotated[str, typer.Option("--bots", help="bots, comma-separated")] = "heuristic,random",
    players: PlayersOpt = None,
    seed: Annotated[int, typer.Option("--seed", help="master seed")] = 1,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="processes (or Ray CPUs)")] = 1,
    backend: Annotated[str, typer.Option("--backend", help="local or ray")] = "local",
    variant: VariantOpt = None,
    data_file: DataFileOpt = None,
    compare: Annotated[
        list[str] | None,
        typer.Option("--compare", help="A/B: variant B's key=value on the same seeds (repeatable)"),
    ] = None,
    out: Annotated[
        Path | None, typer.Option("--out", help="folder for games.jsonl and the report")
    ] = None,
    resume: Annotated[bool, typer.Option("--resume", help="carry on the run in --out")] = False,
    figures: Annotated[
        bool, typer.Option("--figures/--no-figures", help="game-specific figures")
    ] = True,
    as_json: Annotated[bool, typer.Option("--json", help="print the report as JSON")] = False,
) -> None:
    """Play many seeded games between bots; report win rates, seats, length, ratings, figures.

    With --out the folder gets games.jsonl (streamed), summary.json, report.csv, report.html
    and plots/*.png; --compare runs a second variant on the same seeds into --out/B.
    """
    if jobs < 1:
        raise ConfigError("--jobs must be at least 1")
    if resume and out is None:
        raise ConfigError("--resume needs --out (the folder of the run to carry on)")
    if out is not None:
        _check_out_folder(out)
    options = _options(variant, game, data_file)
    configured = make(game, players, **options)
    names = tuple(b.strip() for b in bots.split(",") if b.strip())
    spec = SimSpec(configured.id, configured.players, names, games_count, seed, configured.options)
    specs = {"A": spec}
    if compare:
        changed = make(game, players, **{**options, **_options(compare)})
        specs["B"] = replace(spec, options=changed.options)
        if specs["B"] == spec:
            raise ConfigError("--compare changes nothing: give an option value other than A's")
    for each in specs.values():
        each.validate()
    started = time.perf_counter()
    columns = (
        TextColumn("[progress.description]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[rate]}"),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
    )
    results: dict[str, Tally] = {}
    with Progress(*columns, console=err, transient=True, disable=as_json) as progress:
        task = progress.add_task(configured.info.title, total=games_count * len(specs), rate="")

        def advance(count: int) -> None:
            done = progress.tasks[0].completed + count
            rate = done / max(time.perf_counter() - started, 1e-9)
            progress.update(task, advance=count, rate=f"{rate:,.1f} games/s")

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
        print(json.dumps(report))
        return
    _print_report(report, seconds)
    if out is not None:
        console.print(
            f"Report written to {escape(str(out / 'report.html'))} "
            f"(also summary.json, report.csv, plots/ and the games in games.jsonl)",
            soft_wrap=True,
        )


def _check_out_folder(out: Path) -> None:
    """--out must be a folder we can write: refused in one line before any game is played."""
    try:  # a name the system refuses (too long) fails already here
        existed = out.exists()
    except OSError as error:
        raise ConfigError(f"cannot write to --out {out}: {error.strerror or error}") from None
    if existed and not out.is_dir():
        raise ConfigError(f"--out {out} is a file; give a folder (it gets games.jsonl and more)")
    try:
        out.mkdir(parents=True, exist_ok=True)
        probe = out / ".aerodeck-write-test"
        probe.write_bytes(b"")
        probe.unlink()
    except OSError as error:
        if not existed:
            with contextlib.suppress(OSError):
                out.rmdir()
        raise ConfigError(f"cannot write to --out {out}: {error.strerror or error}") from None


def _interval(est: dict[str, Any], digits: int = 3) -> str:
    return f"{est['value']:.{digits}f} [{est['low']:.{digits}f}, {est['high']:.{digits}f}]"


def _print_report(report: dict[str, Any], seconds: float) -> None:
    fair = report["fair_share"]
    table = Table("bot", "seat-games", "win rate [95% interval]", title=f"{report['games']} games")
    for bot, est in report["bots"].items():
        table.add_row(bot, str(est["n"]), _interval(est))
    console.print(table)
    seats = Table(
        "seat", "win rate [95%]", "advantage [95%]", title=f"by seat (fair share {fair:.3f})"
    )
    for number, (est, adv) in enumerate(
        zip(report["seats"], report["seat_advantage"], strict=True)
    ):
        seats.add_row(str(number), _interval(est), _interval(adv))
    console.print(seats)
    if report["ratings"]:
        ratings = Table(
            "bot",
            "strength (Elo scale) [95%]",
            "openskill mu",
            "sigma",
            title="ratings",
            caption="strength: Bradley-Terry fit over all games (their order does not matter); "
            "openskill: rated game by game",
        )
        strengths = report.get("strengths", {})
        for bot in sorted(report["ratings"], key=lambda b: -strengths.get(b, {}).get("elo", 0)):
            s, r = strengths.get(bot), report["ratings"][bot]
            fit = f"{s['elo']:+.0f} [{s['low']:+.0f}, {s['high']:+.0f}]" if s else "-"
            ratings.add_row(bot, fit, f"{r['mu']:.2f}", f"{r['sigma']:.2f}")
        console.print(ratings)
    for figure in report["figures"]:
        shown = Table("choice", "times", "chooser win rate [95%]", title=figure["title"])
        for row in figure["rows"][:15]:
            shown.add_row(row["choice"], str(row["count"]), _interval(row["chooser_win_rate"]))
        console.print(shown)
    if "comparison" in report:
        comparison = report["comparison"]
        diffs = Table(
            "measure", "B - A [95% interval]", title=f"A/B on {comparison['games']} paired seeds"
        )
        for name, est in comparison["differences"].items():
            diffs.add_row(name, _interval(est))
        console.print(diffs)
    length = report["length"]
    console.print(
        f"Game length: {_interval(length, 1)} decisions; {seconds:.1f} s, "
        f"{report['games'] / max(seconds, 1e-9):,.1f} games/s"
    )
    ladder = report["ladder"]
    documented = f"documented: {ladder.get('ladder', '')}"
    if not ladder["checked"]:
        console.print(
            f"Bots' ladder not checked ({ladder['note']}; {documented}): "
            "read balance figures with care."
        )
    elif ladder["held"]:
        console.print(f"Bots' ladder ({documented}) {escape(ladder['note'])}.")
    else:
        console.print(
            f"[bold red]Bots' ladder broken[/bold red] ({documented}): "
            f"{escape(ladder['note'].removeprefix('broken: '))}."
        )


@app.command()
def bots(game: GameArg) -> None:
    """List the bots available for a game."""
    console.print(", ".join(agent_names(make(game))))


@app.command()
def serve(
    host: Annotated[str, typer.Option(help="address to listen on")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="port to listen on")] = 8000,
    database: Annotated[
        str, typer.Option(help="SQLAlchemy async URL, e.g. postgresql+asyncpg://user@host/db")
    ] = "",
    data_dir: Annotated[
        Path, typer.Option("--data-dir", help="folder of the SQLite store (default database)")
    ] = Path("aerodeck-data"),
    public_url: Annotated[
        str, typer.Option(help="base URL of the links handed out (default: as requested)")
    ] = "",
    log_level: Annotated[str, typer.Option(help="uvicorn's log level")] = "info",
    player_rate: Annotated[
        float, typer.Option(help="frames per second a player connection may send", min=0.1)
    ] = 50.0,
    spectator_rate: Annotated[
        float, typer.Option(help="frames per second a spectator connection may send", min=0.1)
    ] = 5.0,
    max_tables: Annotated[int, typer.Option(help="unfinished tables per process", min=1)] = 1000,
    max_connections: Annotated[
        int, typer.Option(help="WebSocket connections per process", min=1)
    ] = 2000,
    creations_per_ip: Annotated[
        int, typer.Option(help="tables one client address may create per 10 minutes", min=1)
    ] = 20,
    keep_days: Annotated[
        float, typer.Option(help="days a finished table is kept before the purge", min=0)
    ] = 7.0,
    purge_every: Annotated[
        float, typer.Option(help="seconds between purges of tables past retention", min=1)
    ] = 3600.0,
    bot_budget: Annotated[
        float, typer.Option(help="seconds a bot may think before the random bot moves", min=0.1)
    ] = 10.0,
    table_seed: Annotated[
        int | None,
        typer.Option(help="deal the same tables every run (tests, demos; never a public server)"),
    ] = None,
) -> None:
    """Serve the online card table: the lobby (REST) and the tables (WebSocket)."""
    try:  # the web extra is optional: only this command needs it
        from aerodeck.web.serve import Settings, serve  # noqa: PLC0415
    except ImportError as error:
        message = f"the server needs the web extra: pip install 'aerodeck[web]' ({error})"
        raise ConfigError(message) from None
    settings = Settings(
        database=database,
        data_dir=data_dir,
        public_url=public_url,
        player_rate=player_rate,
        spectator_rate=spectator_rate,
        max_tables=max_tables,
        max_connections=max_connections,
        creations_per_ip=creations_per_ip,
        keep_finished=keep_days * 86400,
        bot_budget=bot_budget,
        purge_every=purge_every,
        table_seed=table_seed,
    )
    serve(settings, host, port, log_level, console)


@app.command()
def connect(
    url: Annotated[
        str,
        typer.Argument(
            help="the table's link (http://HOST:PORT/t/TABLE, with #invite=CODE to take a seat) "
            "or the server's address with --table"
        ),
    ],
    table: Annotated[
        str | None, typer.Option("--table", help="the table id, when the link has none")
    ] = None,
    token: Annotated[
        str | None,
        typer.Option(
            "--token",
            envvar="AERODECK_TOKEN",
            help="your seat's token (or $AERODECK_TOKEN); none and no invite: watch",
        ),
    ] = None,
    name: Annotated[str, typer.Option("--name", help="your name at the table")] = "",
) -> None:
    """Play your seat of a table on a server (or watch it), with the same screen as play."""
    try:  # the web extra is optional: only the server's commands need it
        from aerodeck.cli.remote import RemoteSession  # noqa: PLC0415
        from aerodeck.web.client import TableClient, join_with_invite, parse_link  # noqa: PLC0415
    except ImportError as error:
        message = f"connecting needs the web extra: pip install 'aerodeck[web]' ({error})"
        raise ConfigError(message) from None
    link = parse_link(url)
    table_id = table or link.table
    if not table_id:
        raise ConfigError("which table? give its link (http://HOST:PORT/t/TABLE) or --table")
    if link.invite and not token:
        seat, token = join_with_invite(link.server, table_id, link.invite, link.seat, name)
        console.print(
            f"You took seat {seat}. To come back to it later: "
            f"AERODECK_TOKEN={token} aerodeck connect {link.server}/t/{table_id}",
            markup=False,
            highlight=False,
            soft_wrap=True,
        )
    session = RemoteSession(TableClient(link.server, table_id, token or None), console, input)
    if not asyncio.run(session.run()):  # a refusal to connect is an AerodeckError: one line
        console.print("You left the table; connect again with your token to carry on.")


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning every expected failure into one line and an exit code."""
    fit_streams()
    try:
        result = app(args=argv, standalone_mode=False)
    except AerodeckError as error:
        err.print(f"error: {error}", markup=False, highlight=False, soft_wrap=True)
        return 2
    except typer.TyperException as error:
        message = error.format_message()
        if message:
            err.print(f"error: {message}", markup=False, highlight=False, soft_wrap=True)
        return 2
    except (KeyboardInterrupt, typer.Abort):
        err.print("interrupted", markup=False)
        return 130
    except typer.Exit as done:
        return int(done.exit_code)
    return int(result) if isinstance(result, int) else 0


if __name__ == "__main__":
    sys.exit(main())


def run_main() -> None:
    """Console-script wrapper: exit with main()'s code."""
    sys.exit(main())
