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
from typing import Any

import matplotlib

matplotlib.use("Agg")  # files only: never open a window, work on machines without a display
import matplotlib.pyplot as plt  # the back-end must be chosen before pyplot loads
from matplotlib.figure import Figure as PlotFigure


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
    for bot, rating in report.get("ratings", {}).items():
        rows.append(
            {"table": "rating", "name": bot, "value": rating["mu"], "n": report["games"]}
            | {
                "low": rating["mu"] - 2 * rating["sigma"],
                "high": rating["mu"] + 2 * rating["sigma"],
            }
        )
    for figure in report.get("figures", []):
        for row in figure["rows"]:
            est = row["chooser_win_rate"]
            rows.append(
                {"table": f"{figure['title']} (chooser win rate)", "name": row["choice"], **est}
            )
    for name, est in report.get("comparison", {}).get("differences", {}).items():
        rows.append({"table": "B - A", "name": name, **est})
    return rows


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
    figure, axes = plt.subplots(figsize=(6.4, 0.5 + 0.42 * max(len(labels), 2)))
    values = [e["value"] for e in estimates]
    errors = [  # clamped: rounding can put a bound a hair past its value
        [max(0.0, e["value"] - e["low"]) for e in estimates],
        [max(0.0, e["high"] - e["value"]) for e in estimates],
    ]
    axes.barh(list(labels), values, xerr=errors, color="#4a78b0", capsize=3)
    if line is not None:
        axes.axvline(line, color="#b04a4a", linestyle="--", linewidth=1)
    axes.invert_yaxis()
    axes.set_title(title)
    axes.set_xlabel(xlabel)
    figure.tight_layout()
    return figure


def _histogram(title: str, counts: Sequence[Sequence[int]]) -> PlotFigure:
    """A histogram from (value, how many) pairs: the report's counts, never the games."""
    figure, axes = plt.subplots(figsize=(6.4, 3.2))
    values = [value for value, _ in counts]
    weights = [times for _, times in counts]
    games = sum(weights)
    axes.hist(values, weights=weights, bins=min(40, max(5, games // 10)), color="#4a78b0")
    axes.set_title(title)
    axes.set_xlabel("decisions")
    axes.set_ylabel("games")
    figure.tight_layout()
    return figure


def plots(report: dict[str, Any]) -> dict[str, PlotFigure]:
    """The report's plots by file stem."""
    fair = report["fair_share"]
    made = {
        "bots": _bars(
            "Win rate per bot", list(report["bots"]), list(report["bots"].values()), fair
        ),
        "seats": _bars(
            "Win rate per seat",
            [f"seat {s}" for s in range(report["players"])],
            report["seats"],
            fair,
        ),
        "length": _histogram("Game length", report["length_histogram"]),
    }
    for figure in report.get("figures", []):
        rows = figure["rows"][:20]
        labels = [f"{r['choice']} ({r['count']})" for r in rows]
        made[figure["key"]] = _bars(
            figure["title"],
            labels,
            [r["chooser_win_rate"] for r in rows],
            fair,
            "win rate of the seat choosing it (95% interval); (times chosen)",
        )
    return made


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


def write_html(report: dict[str, Any], path: Path, png_folder: Path | None = None) -> None:
    """One self-contained page: the settings, the ladder check, every table and plot."""
    spec = report.get("spec", {})
    ladder = report["ladder"]
    verdict = html.escape(ladder["note"])
    if not ladder["checked"]:
        verdict = f"not checked ({verdict}): read balance figures with care"
    elif not ladder["held"]:
        verdict = f"BROKEN: {verdict}"
    parts = [
        "<!doctype html><meta charset='utf-8'>",
        f"<title>aerodeck simulate: {html.escape(str(spec.get('game', '')))}</title>",
        "<style>body{font-family:sans-serif;max-width:60em;margin:2em auto}"
        "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:.2em .6em}"
        ".warn{color:#a00;font-weight:bold}</style>",
        f"<h1>{html.escape(str(spec.get('game', 'simulation')))}: {report['games']} games</h1>",
        f"<pre>{html.escape(json.dumps(spec, indent=1))}</pre>",
        f"<p class='{'' if ladder['held'] else 'warn'}'>Bots' ladder: {verdict}</p>",
        "<h2>Win rate per bot</h2>",
        _table(
            ["bot", "seat-games", "win rate [95% interval]"],
            [[b, str(e["n"]), _interval(e)] for b, e in report["bots"].items()],
        ),
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
        f"<p>Game length: {_interval(report['length'], 1)} decisions.</p>",
    ]
    if report.get("ratings"):
        parts.append("<h2>Ratings (openskill, Plackett-Luce)</h2>")
        parts.append(
            _table(
                ["bot", "mu", "sigma", "ordinal (mu - 3 sigma)"],
                [
                    [b, f"{r['mu']:.2f}", f"{r['sigma']:.2f}", f"{r['ordinal']:.2f}"]
                    for b, r in sorted(report["ratings"].items(), key=lambda x: -x[1]["ordinal"])
                ],
            )
        )
    if report.get("comparison"):
        comparison = report["comparison"]
        parts.append(f"<h2>A/B on {comparison['games']} paired seeds (B - A)</h2>")
        parts.append(f"<pre>{html.escape(json.dumps(comparison.get('variants', {})))}</pre>")
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
                    [r["choice"], str(r["count"]), _interval(r["chooser_win_rate"])]
                    for r in figure["rows"]
                ],
            )
        )
    parts.append("<h2>Plots</h2>")
    for stem, figure in plots(report).items():
        parts.append(_svg(figure))
        if png_folder is not None:
            png_folder.mkdir(parents=True, exist_ok=True)
            figure.savefig(png_folder / f"{stem}.png", dpi=110)
        plt.close(figure)
    path.write_text("\n".join(parts), encoding="utf-8")
