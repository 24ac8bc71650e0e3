"""Writing a report: JSON, CSV tables, and one self-contained HTML page with matplotlib plots.

The HTML embeds every plot as inline SVG, so the page can be mailed or archived alone; the same
plots are also written as PNG files beside it for slides.
"""

from __future__ import annotations

import csv
import html
import io
import json
from collections.abc import Sequence
from pathlib import Path
from types import ModuleType
from typing import TYPE_CHECKING, Any

from aerodeck.core.errors import AerodeckError
from aerodeck.core.registry import game_class
from aerodeck.sim.ratings import Z95

if TYPE_CHECKING:
    from matplotlib.figure import Figure as PlotFigure


def _pyplot() -> ModuleType:
    """matplotlib's pyplot on its file-only back-end, imported when a plot is drawn: it costs
    most of the start-up of every `aerodeck` command, which mostly draws none."""
    import matplotlib  # noqa: PLC0415 - lazy: see the docstring

    matplotlib.use("Agg")  # files only: never open a window, work on machines without a display
    import matplotlib.pyplot as plt  # noqa: PLC0415 - after the back-end is chosen

    return plt


def write_json(report: dict[str, Any], path: Path) -> None:
    path.write_text(json.dumps(report, indent=1, sort_keys=True), encoding="utf-8")


def _rows(report: dict[str, Any]) -> list[dict[str, Any]]:
    """One flat row per figure of the report: kind, name, value, interval, n."""
    rows: list[dict[str, Any]] = []
    for bot, est in report["bots"].items():
        rows.append({"table": "bot win rate", "name": bot, **est})
    for seat, est in enumerate(report["seats"]):
        rows.append({"table": "seat win rate", "name": f"seat {seat}", **est})
    for seat, est in enumerate(report["seat_advantage"]):
        rows.append({"table": "seat advantage", "name": f"seat {seat}", **est})
    rows.append({"table": "game length", "name": "decisions", **report["length"]})
    for bot, strength in report.get("strengths", {}).items():
        rows.append(
            {"table": "strength (Elo scale, Bradley-Terry)", "name": bot, "n": strength["games"]}
            | {"value": strength["elo"], "low": strength["low"], "high": strength["high"]}
        )
    for gap in report.get("strength_gaps", []):
        weaker, stronger = gap["bots"]  # the second less the first (sim.ratings.Strengths.gaps)
        rows.append(
            {"table": "strength difference (Elo scale)", "name": f"{stronger} - {weaker}"}
            | {"value": gap["elo"], "low": gap["low"], "high": gap["high"]}
        )
    for bot, rating in report.get("ratings", {}).items():  # openskill: mu, 95% as mu ± 1.96 sigma
        mu, sigma = rating["mu"], rating["sigma"]
        rows.append(
            {"table": "openskill mu", "name": bot, "value": mu, "n": report["bots"][bot]["n"]}
            | {"low": mu - Z95 * sigma, "high": mu + Z95 * sigma}
        )
    for figure in report.get("figures", []):
        for row in figure["rows"]:
            est = row["chooser_win_rate"]
            rows.append(
                {"table": f"{figure['title']} (chooser win rate)", "name": _named(row), **est}
            )
    for name, est in report.get("comparison", {}).get("differences", {}).items():
        rows.append({"table": "B - A", "name": name, **est})
    return rows


def _named(row: dict[str, Any]) -> str:
    """A figure's choice in words (a summary written before names existed has only its id)."""
    return str(row.get("name") or row["choice"])


def write_csv(report: dict[str, Any], path: Path) -> None:
    with path.open("w", newline="", encoding="utf-8") as handle:
        writer = csv.DictWriter(handle, ["table", "name", "value", "low", "high", "n"])
        writer.writeheader()
        for row in _rows(report):
            writer.writerow({k: row.get(k, "") for k in writer.fieldnames})


def _bars(
    title: str,
    labels: Sequence[str],
    estimates: Sequence[dict[str, Any]],
    line: float | None,
    xlabel: str = "win rate (95% interval)",
) -> PlotFigure:
    figure: PlotFigure
    figure, axes = _pyplot().subplots(figsize=(8.5, 1.4 + 0.45 * max(len(labels), 2)))
    values = [e["value"] for e in estimates]
    errors = [  # clamped: rounding can put a bound a hair past its value
        [max(0.0, e["value"] - e["low"]) for e in estimates],
        [max(0.0, e["high"] - e["value"]) for e in estimates],
    ]
    axes.barh(list(labels), values, xerr=errors, color="#4a78b0", capsize=3)
    if line is not None:
        axes.axvline(line, color="#b04a4a", linestyle="--", linewidth=1.2)
        axes.text(  # the dashed line's label above the plot, clear of the bars
            line,
            1.01,
            f"fair share {line:.3f}",
            transform=axes.get_xaxis_transform(),
            ha="center",
            va="bottom",
            color="#b04a4a",
            fontsize="small",
        )
    axes.invert_yaxis()
    axes.set_title(title, pad=16)
    axes.set_xlabel(xlabel)
    figure.tight_layout()
    return figure


def length_bins(counts: Sequence[Sequence[int]]) -> list[float]:
    """Histogram bin edges for whole-number game lengths: every bin holds the same number of
    whole values (edges on half-integers), so no bin is spiky for catching one value more than
    its neighbours; about 2 n^(1/3) bins for n games (Rice's rule), 5 to 30."""
    values = [value for value, _ in counts]
    games = sum(times for _, times in counts)
    most = min(30, max(5, round(2 * games ** (1 / 3))))
    low, high = min(values), max(values)
    width = max(1, -(-(high - low + 1) // most))
    edges = [low - 0.5 + k * width for k in range((high - low) // width + 2)]
    return edges


def _histogram(title: str, counts: Sequence[Sequence[int]]) -> PlotFigure:
    """A histogram from (value, how many) pairs: the report's counts, never the games."""
    figure: PlotFigure
    figure, axes = _pyplot().subplots(figsize=(8.5, 3.8))
    values = [value for value, _ in counts]
    weights = [times for _, times in counts]
    axes.hist(values, weights=weights, bins=length_bins(counts), color="#4a78b0")
    axes.set_title(title)
    axes.set_xlabel("decisions in the game (every player's choices, out-of-turn ones included)")
    axes.set_ylabel("games")
    figure.tight_layout()
    return figure


def plots(report: dict[str, Any]) -> dict[str, PlotFigure]:
    """The report's plots by file stem."""
    fair = report["fair_share"]
    made = {
        "bots": _bars(
            "Win rate per bot (over the seats it held)",
            list(report["bots"]),
            list(report["bots"].values()),
            fair,
        ),
        "seats": _bars(
            "Win rate per seat (0 plays first)",
            [f"seat {s}" for s in range(report["players"])],
            report["seats"],
            fair,
        ),
        "length": _histogram("Game length", report["length_histogram"])
        if report["length_histogram"]
        else None,
    }
    for figure in report.get("figures", []):
        rows = figure["rows"][:20]
        labels = [f"{_named(r)} ({r['count']})" for r in rows]
        made[figure["key"]] = _bars(
            figure["title"],
            labels,
            [r["chooser_win_rate"] for r in rows],
            fair,
            "win rate of the seat choosing it (95% interval); (times chosen)",
        )
    return {stem: plot for stem, plot in made.items() if plot is not None}


def _svg(figure: PlotFigure) -> str:
    buffer = io.StringIO()
    figure.savefig(buffer, format="svg")
    text = buffer.getvalue()
    return text[text.index("<svg") :]


def _table(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> str:
    head = "".join(f"<th>{html.escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in rows
    )
    return f"<table><tr>{head}</tr>{body}</table>"


def _interval(est: dict[str, Any], digits: int = 3) -> str:
    return f"{est['value']:.{digits}f} [{est['low']:.{digits}f}, {est['high']:.{digits}f}]"


def _percent(est: dict[str, Any]) -> str:
    low, high = 100 * est["low"], 100 * est["high"]
    return f"{100 * est['value']:.1f}% (95% interval {low:.1f} to {high:.1f}%)"


def summary_text(report: dict[str, Any]) -> str:
    """The report in one paragraph of words: what was played, who won, the seats, the length,
    the ladder; the tables and plots below give the detail."""
    spec = report.get("spec", {})
    title = _title(str(spec.get("game", "")))
    games, players, fair = report["games"], report["players"], report["fair_share"]
    bots = report["bots"]
    ranked = sorted(bots, key=lambda b: -bots[b]["value"])
    lines = [f"{games} games of {title} for {players} players"]
    if spec.get("options"):
        lines[0] += " (options as listed under Settings)"
    lines[0] += "."
    if len(ranked) > 1:
        best, rest = ranked[0], ranked[1:]
        lines.append(
            f"{best} won {_percent(bots[best])} of the seat-games it held; "
            + "; ".join(f"{b} {_percent(bots[b])}" for b in rest)
            + f". An even share would be {100 * fair:.1f}%."
        )
    elif ranked:
        lines.append(f"Every seat was played by {ranked[0]}.")
    clear = [
        s for s, adv in enumerate(report["seat_advantage"]) if adv["low"] > 0 or adv["high"] < 0
    ]
    if clear:
        parts = [f"seat {s} won {100 * report['seats'][s]['value']:.1f}%" for s in clear]
        lines.append(
            "The seats were not even: "
            + ", ".join(parts)
            + f" against a fair share of {100 * fair:.1f}% (95% intervals clear of it)."
        )
    else:
        lines.append(
            "No seat won clearly more or less than its fair share "
            f"({100 * fair:.1f}%) at 95% confidence."
        )
    length = report["length"]
    lines.append(
        f"A game lasted {length['value']:.0f} decisions on average "
        f"(95% interval {length['low']:.0f} to {length['high']:.0f})."
    )
    strengths = report.get("strengths") or {}
    if len(strengths) > 1:
        order = sorted(strengths, key=lambda b: -strengths[b]["elo"])
        first, second = strengths[order[0]], strengths[order[1]]
        gap = next(
            (g for g in report.get("strength_gaps", ()) if set(g["bots"]) == set(order[:2])),
            None,
        )  # the pair's own difference when the summary has it; else the two intervals
        clear = (gap["high"] < 0 or gap["low"] > 0) if gap else first["low"] > second["high"]
        lines.append(
            "Rated over all games at once (Bradley-Terry), the order is "
            + " > ".join(order)
            + ("" if clear else f", though {order[0]} and {order[1]} are not clearly apart")
            + "."
        )
    ladder = report["ladder"]
    if not ladder["checked"]:
        lines.append(
            "The bots' ladder could not be checked in this run, so read the balance figures "
            "with care."
        )
    elif ladder["separated"] and all(p["status"] != "unseparated" for p in ladder["pairs"]):
        lines.append("The bots kept the documented order of strength.")
    elif ladder["held"]:
        lines.append("Nothing here contradicts the documented order of strength.")
    else:
        lines.append("The bots broke the documented order of strength: see the ladder below.")
    return " ".join(lines)


def _title(game: str) -> str:
    try:
        return str(game_class(game).info.title)
    except AerodeckError:
        return game or "a game"


def seat_games_note(report: dict[str, Any]) -> str:
    """Why bots hold different numbers of seat-games, when they do."""
    counts = {b: e["n"] for b, e in report["bots"].items()}
    if len(set(counts.values())) <= 1:
        return ""
    bots = report.get("spec", {}).get("bots") or list(counts)
    players = report["players"]
    comparable = "Each win rate is over the seats that bot held, so the rates stay comparable."
    if len(bots) > players:
        return (
            f"Seat-games differ because each game seats {players} of the {len(bots)} bots, "
            f"game i the {players} from the i-th on (round the list): over a number of games "
            f"that is not a multiple of {len(bots)}, some bots sit once more. {comparable}"
        )
    filled = [bots[k % len(bots)] for k in range(players)]
    return (
        f"Seat-games differ because every game fills all {players} seats from the bot list in "
        f"turn ({', '.join(filled)}), rotated one seat each game: a bot that fills more seats "
        f"of a table plays more seat-games. {comparable}"
    )


_STYLE = (
    "body{font-family:sans-serif;max-width:64em;margin:2em auto;padding:0 1em;line-height:1.45}"
    "table{border-collapse:collapse;margin:1em auto;display:block;width:max-content;"
    "max-width:100%;overflow-x:auto}td,th{border:1px solid #ccc;padding:.25em .7em}"
    "td{text-align:right}td:first-child{text-align:left}"
    ".summary{font-size:1.08em;background:#f4f6fa;padding:.8em 1em;border-left:4px solid #4a78b0}"
    ".warn{color:#a00;font-weight:bold}figure{margin:1.5em auto;text-align:center}"
    "figure svg{display:block;margin:0 auto;width:100%;max-width:52em;height:auto}"
    "figcaption{color:#555;font-size:.92em;margin-top:.3em}.note{color:#555}"
)


def write_html(report: dict[str, Any], path: Path, png_folder: Path | None = None) -> None:
    """One self-contained page that reads as a report: the title and a paragraph in words, then
    the tables with their plots, and the settings at the end."""
    spec = report.get("spec", {})
    ladder = report["ladder"]
    title = _title(str(spec.get("game", "")))
    bot_names = ", ".join(spec.get("bots") or report["bots"])
    heading = f"{title}: {bot_names}, {report['games']} games"
    verdict = html.escape(ladder["note"])
    if not ladder["checked"]:
        verdict = f"not checked ({verdict}): read balance figures with care"
    elif not ladder["held"]:
        verdict = f"BROKEN: {verdict}"
    made = plots(report)
    pngs: dict[str, str] = {}

    def plot(stem: str, caption: str) -> str:
        figure = made.pop(stem, None)
        if figure is None:
            return ""
        svg = _svg(figure)
        if png_folder is not None:
            png_folder.mkdir(parents=True, exist_ok=True)
            figure.savefig(png_folder / f"{stem}.png", dpi=110)
            pngs[stem] = f"{png_folder.name}/{stem}.png"
        _pyplot().close(figure)
        return f"<figure>{svg}<figcaption>{html.escape(caption)}</figcaption></figure>"

    parts = [
        "<!doctype html><html lang='en'><meta charset='utf-8'>",
        f"<title>{html.escape(heading)}</title>",
        f"<style>{_STYLE}</style>",
        f"<h1>{html.escape(heading)}</h1>",
        f"<p class='summary'>{html.escape(summary_text(report))}</p>",
        "<h2>Win rate per bot</h2>",
        _table(
            ["bot", "seat-games", "win rate [95% interval]"],
            [[b, str(e["n"]), _interval(e)] for b, e in report["bots"].items()],
        ),
    ]
    note = seat_games_note(report)
    if note:
        parts.append(f"<p class='note'>{html.escape(note)}</p>")
    parts.append(
        plot(
            "bots",
            "Bars: each bot's share of wins over the seats it held, with its 95% interval; "
            "dashed line: the fair share (1 / players), what a bot no better than the others "
            "would win.",
        )
    )
    parts += [
        f"<p class='{'' if ladder['held'] is not False else 'warn'}'>Bots' ladder "
        f"(documented order: {html.escape(ladder.get('ladder', ''))}): {verdict}</p>",
        "<h2>Seats</h2>",
        _table(
            ["seat", "win rate [95%]", "advantage over the fair share [95%]"],
            [
                [str(s), _interval(e), _interval(a)]
                for s, (e, a) in enumerate(
                    zip(report["seats"], report["seat_advantage"], strict=True)
                )
            ],
        ),
        plot("seats", "Each seat's share of all games won; dashed line: the fair share."),
        "<h2>Game length</h2>",
        f"<p>{_interval(report['length'], 1)} decisions per game (mean, 95% interval).</p>",
        plot("length", "How many games lasted how many decisions (bins of equal width)."),
    ]
    if report.get("ratings"):
        strengths = report.get("strengths") or {}
        parts.append("<h2>Ratings</h2>")
        parts.append(
            "<p>Strength: a Bradley-Terry maximum-likelihood fit over all the games at once, on "
            "the Elo scale (mean 0; 100 points apart, the stronger wins about 64% of the time), "
            "with its 95% interval; it does not depend on the order of the games. openskill "
            "(Plackett-Luce) rates the games one after another: mu, sigma and the conservative "
            "ordinal mu - 3 sigma.</p>"
        )
        order = sorted(report["ratings"], key=lambda b: -strengths.get(b, {}).get("elo", 0.0))
        rows = []
        for bot in order:
            fit = strengths.get(bot)
            r = report["ratings"][bot]
            rows.append(
                [
                    bot,
                    f"{fit['elo']:+.0f} [{fit['low']:+.0f}, {fit['high']:+.0f}]" if fit else "-",
                    f"{r['mu']:.2f}",
                    f"{r['sigma']:.2f}",
                    f"{r['ordinal']:.2f}",
                ]
            )
        parts.append(
            _table(
                ["bot", "strength [95%]", "openskill mu", "sigma", "ordinal"],
                rows,
            )
        )
    if report.get("comparison"):
        comparison = report["comparison"]
        parts.append(f"<h2>A/B on {comparison['games']} paired seeds (B - A)</h2>")
        variants = comparison.get("variants", {})
        changed = {
            k: (variants.get("A", {}).get(k), v)
            for k, v in variants.get("B", {}).items()
            if variants.get("A", {}).get(k) != v
        }
        parts.append(
            "<p>B changes "
            + html.escape(", ".join(f"{k} from {a} to {b}" for k, (a, b) in changed.items()))
            + "; the other tables describe A.</p>"
        )
        parts.append(
            _table(
                ["measure", "difference [95% interval]"],
                [[k, _interval(v)] for k, v in comparison["differences"].items()],
            )
        )
    for figure in report.get("figures", []):
        parts.append(f"<h2>{html.escape(figure['title'])}</h2>")
        parts.append(
            _table(
                ["choice", "times", "chooser win rate [95%]"],
                [
                    [_named(r), str(r["count"]), _interval(r["chooser_win_rate"])]
                    for r in figure["rows"]
                ],
            )
        )
        parts.append(
            plot(
                figure["key"],
                "The win rate of the seat that made each choice (times chosen in brackets); "
                "dashed line: the fair share.",
            )
        )
    settings = [
        ["game", str(spec.get("game", ""))],
        ["players", str(report["players"])],
        ["bots", bot_names],
        ["games", str(report["games"])],
        ["master seed", str(spec.get("seed", ""))],
    ]
    settings += [[f"option {k}", str(v)] for k, v in (spec.get("options") or {}).items()]
    parts.append("<h2>Settings</h2>")
    parts.append(_table(["setting", "value"], settings))
    if pngs:
        parts.append(
            "<p class='note'>The plots are also PNG files: "
            + ", ".join(html.escape(p) for p in pngs.values())
            + ".</p>"
        )
    for figure in made.values():
        _pyplot().close(figure)
    path.write_text("\n".join(p for p in parts if p), encoding="utf-8")
