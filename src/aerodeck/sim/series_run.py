"""Many whole series between bots (Down In Flames campaigns, every mission in order): the
simulator's balance question for a series, which side wins it how often.

Series ``i`` of a run is flown from seed ``derive_seed(seed, i)`` by the lineup
``SimSpec.lineup(i)`` (rotated, so every bot flies every side), through ``sim.campaign``'s
``play_campaign``, that is ``core.series.play_series``, the runner the terminal's `aerodeck
campaign` uses. The runs go over the games runner's workers (``runner.dispatch``); with an
output folder each finished series is appended to ``campaigns.jsonl`` at once, so an interrupt
keeps what is finished, and ``resume`` flies only the missing series after proving every stored
one is the series its bots fly (each flown again and compared).
"""

from __future__ import annotations

import json
import os
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

from aerodeck.agents.registry import make_agent
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.i18n import ENGLISH, using
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.sim.campaign import play_campaign
from aerodeck.sim.runner import SPEC_FILE, SimSpec, check_spec, dispatch, fingerprint
from aerodeck.sim.runner import write_atomically as write_spec
from aerodeck.sim.stats import Moments, wilson

SERIES_FILE = "campaigns.jsonl"


def check_series_spec(spec: SimSpec) -> None:
    """Fail early, in one line, when the game with these options starts no series."""
    spec.validate()
    game = make(spec.game, spec.players, **spec.options)
    if game.series() is None:
        choices = ", ".join(value for value, _ in game.series_choices()) or "none"
        raise ConfigError(
            f"{game.info.title} with these options is no campaign: choose one with "
            f"--variant campaign=NAME (campaigns: {choices})"
        )


def fly_one(spec: SimSpec, index: int) -> dict[str, Any]:
    """Fly series ``index`` of the run; its outcome line (results as ``Series.to_json``). The
    line is data, the same in every language, as a record is: the sides and levels in English
    (the data set's own names)."""
    game = make(spec.game, spec.players, **spec.options)
    lineup = spec.lineup(index)
    seed = derive_seed(spec.seed, index)
    series = play_campaign(game, lambda g, seat, s: make_agent(lineup[seat], g, s), seed)
    with using(ENGLISH):
        return {
            "index": index,
            "seed": seed,
            "lineup": lineup,
            "sides": list(series.sides),
            "totals": list(series.totals()),
            "levels": list(series.levels()),
            "winners": series.winners(),
            "series": series.to_json(),
        }


def _fly_chunk(spec: SimSpec, indices: list[int]) -> list[dict[str, Any]]:
    return [fly_one(spec, index) for index in indices]


class SeriesTally:
    """What a report needs of each finished series (lineup, sides, totals, levels, winners),
    by index: a few numbers per series, a run being hundreds or thousands of them."""

    def __init__(self) -> None:
        self._outcomes: dict[int, dict[str, Any]] = {}

    @property
    def count(self) -> int:
        return len(self._outcomes)

    def add(self, outcome: dict[str, Any]) -> None:
        """Keep one series' figures (the few numbers a report needs, not its results)."""
        keep = ("lineup", "sides", "totals", "levels", "winners")
        self._outcomes[outcome["index"]] = {key: outcome[key] for key in keep}

    def report(self) -> dict[str, Any]:
        """Per side: series won with its 95% Wilson interval (a shared win split), the mean
        total with its interval and the levels reached; per bot: series won of those flown.
        Counted in index order, so the same for any job count."""
        ordered = [self._outcomes[i] for i in sorted(self._outcomes)]
        if not ordered:
            return {"campaigns": 0, "sides": [], "bots": {}, "shared": 0}
        names = ordered[0]["sides"]
        wins = [0.0] * len(names)
        moments = [Moments() for _ in names]
        levels: list[Counter[str]] = [Counter() for _ in names]
        flown: Counter[str] = Counter()
        won: dict[str, float] = defaultdict(float)
        shared = 0
        for outcome in ordered:
            winners = outcome["winners"]
            shared += int(len(winners) > 1)
            for side in range(len(names)):
                share = 1 / len(winners) if side in winners else 0.0
                wins[side] += share
                moments[side].add(outcome["totals"][side])
                if outcome["levels"]:
                    levels[side][outcome["levels"][side]] += 1
                bot = outcome["lineup"][side]
                flown[bot] += 1
                won[bot] += share
        count = len(ordered)
        return {
            "campaigns": count,
            "sides": [
                {
                    "side": name,
                    "win_rate": wilson(wins[side], count).as_dict(),
                    "total": moments[side].estimate().as_dict(),
                    "levels": dict(levels[side].most_common()),
                }
                for side, name in enumerate(names)
            ],
            "bots": {bot: wilson(won[bot], flown[bot]).as_dict() for bot in sorted(flown)},
            "shared": shared,
        }


def _stored(out: Path, spec: SimSpec) -> dict[int, tuple[int, str, dict[str, Any]]]:
    """The series already in ``out`` by index: line number, fingerprint, outcome. A torn last
    line (a crash while writing it) is cut off; any other bad line is refused by number."""
    path = out / SERIES_FILE
    if not path.exists():
        return {}
    if not check_spec(out, spec):
        raise ConfigError(f"cannot resume {out}: {SPEC_FILE} is missing")
    stored: dict[int, tuple[int, str, dict[str, Any]]] = {}
    good = 0
    with path.open("rb") as lines:
        for number, raw in enumerate(lines, start=1):
            if not raw.endswith(b"\n"):
                break
            problem = ""
            try:
                outcome = json.loads(raw)
            except ValueError:
                outcome, problem = None, "is not JSON"
            index = outcome.get("index") if isinstance(outcome, dict) else None
            if problem:
                pass
            elif not isinstance(index, int) or isinstance(index, bool):
                problem = "has no campaign index"
            elif not 0 <= index < spec.games or index in stored:
                problem = f"holds campaign {excerpt(index)}: not of this run, or twice"
            elif outcome.get("seed") != derive_seed(spec.seed, index) or outcome.get(
                "lineup"
            ) != spec.lineup(index):
                problem = f"holds campaign {index} with another seed or lineup"
            if problem:
                raise ConfigError(
                    f"cannot resume {out}: {SERIES_FILE} line {number} {problem} "
                    "(remove the line to fly it again)"
                )
            assert isinstance(outcome, dict) and isinstance(index, int)
            stored[index] = (number, fingerprint(outcome), outcome)
            good += len(raw)
    if good != path.stat().st_size:
        os.truncate(path, good)
    return stored


def run_series(
    spec: SimSpec,
    jobs: int = 1,
    out: Path | None = None,
    resume: bool = False,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
) -> SeriesTally:
    """Fly the ``spec.games`` series of ``spec`` (the missing ones when resuming) and return
    their tally; the outcomes stream to ``out/campaigns.jsonl``."""
    check_series_spec(spec)
    tally = SeriesTally()
    sink = None
    if out is not None:
        if (out / SERIES_FILE).exists() and not resume:
            raise ConfigError(f"{out} already holds a run: pass --resume, or choose another --out")
        out.mkdir(parents=True, exist_ok=True)
        stored = _stored(out, spec) if resume else {}
        _prove(out, spec, stored, jobs, backend, on_progress)
        for _, _, outcome in stored.values():
            tally.add(outcome)
        if not (resume and check_spec(out, spec)):
            write_spec(out / SPEC_FILE, json.dumps(spec.to_json(), indent=1))
        sink = (out / SERIES_FILE).open("a", encoding="utf-8")
        todo = [i for i in range(spec.games) if i not in stored]
    else:
        todo = list(range(spec.games))
    try:
        for batch in dispatch(_fly_chunk, spec, todo, jobs, backend):
            for outcome in batch:
                if sink is not None:
                    sink.write(json.dumps(outcome, separators=(",", ":")) + "\n")
                tally.add(outcome)
            if sink is not None:
                sink.flush()
            if on_progress:
                on_progress(len(batch))
    finally:
        if sink is not None:
            sink.close()
    return tally


def _prove(
    out: Path,
    spec: SimSpec,
    stored: dict[int, tuple[int, str, dict[str, Any]]],
    jobs: int,
    backend: str,
    on_progress: Callable[[int], None] | None,
) -> None:
    """Fly every stored series again: each must be exactly the series its bots fly from its
    seed (an edited line would otherwise change the report); the first that is not is refused
    by its line number."""
    differ = []
    for batch in dispatch(_fly_chunk, spec, sorted(stored), jobs, backend):
        for outcome in batch:
            number, mark, _ = stored[outcome["index"]]
            if fingerprint(outcome) != mark:
                differ.append(number)
        if on_progress:
            on_progress(len(batch))
    if differ:
        raise ConfigError(
            f"cannot resume {out}: {SERIES_FILE} line {min(differ)} is not the campaign its "
            "bots fly from its seed (remove the line to fly it again)"
        )
