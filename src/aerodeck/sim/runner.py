"""The match runner: many seeded games between bots, over processes, streamed to disk.

Game ``i`` of a run uses seed ``derive_seed(seed, i)`` and a lineup rotated by ``i``, so every
bot sits in every seat and the results do not depend on the number of jobs. With an output
folder, each finished game is appended to ``games.jsonl`` at once: an interrupted run keeps what
it finished, and running again with ``resume`` plays only the missing games.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from aerodeck.agents.registry import make_agent
from aerodeck.core.errors import ConfigError
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.sim.match import play_game

GAMES_FILE = "games.jsonl"
SPEC_FILE = "spec.json"
CHUNK = 25
BACKENDS = ("local", "ray")


@dataclass(frozen=True)
class SimSpec:
    """What to simulate; everything needed to reproduce a run."""

    game: str
    players: int
    bots: tuple[str, ...]
    games: int
    seed: int
    options: dict[str, Any] = field(default_factory=dict)

    def lineup(self, index: int) -> list[str]:
        """Bots by seat for game ``index``: the list filled to the table, rotated by the index."""
        filled = [self.bots[k % len(self.bots)] for k in range(self.players)]
        shift = index % self.players
        return filled[shift:] + filled[:shift]

    def validate(self) -> None:
        """Fail early, in the parent, with one clear line."""
        if self.games < 1:
            raise ConfigError("--games must be at least 1")
        if not self.bots:
            raise ConfigError("--bots needs at least one bot name")
        game = make(self.game, self.players, **self.options)
        for name in set(self.bots):
            make_agent(name, game, 0)


def play_one(spec: SimSpec, index: int) -> dict[str, Any]:
    """Play game ``index`` of the run and return its outcome line."""
    game = make(spec.game, spec.players, **spec.options)
    lineup = spec.lineup(index)
    seed = derive_seed(spec.seed, index)
    agents = [make_agent(name, game, derive_seed(seed, "bot", s)) for s, name in enumerate(lineup)]
    result = play_game(game, agents, seed)
    return {
        "index": index,
        "seed": seed,
        "lineup": lineup,
        "returns": result.returns,
        "decisions": result.decisions,
        "record": result.record,
    }


def _play_chunk(spec: SimSpec, indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(spec, i) for i in indices]


def _chunks(indices: list[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(indices), size):
        yield indices[start : start + size]


def _size(todo: list[int], jobs: int) -> int:
    """Chunks small enough that every worker stays busy to the end, large enough to be cheap."""
    return max(1, min(CHUNK, len(todo) // (4 * jobs)))


def _import_ray() -> Any:
    try:
        import ray  # noqa: PLC0415 - an optional extra, loaded only for this back-end
    except ImportError:
        raise ConfigError(
            "the ray back-end needs the optional extra: pip install 'aerodeck[ray]'"
        ) from None
    return ray


def _run_ray(
    spec: SimSpec, todo: list[int], jobs: int, keep: Callable[[list[dict[str, Any]]], None]
) -> None:
    """Chunks as Ray tasks, kept as each finishes; the seeds make the order irrelevant."""
    ray = _import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(_play_chunk)
        pending = [remote.remote(spec, chunk) for chunk in _chunks(todo, _size(todo, jobs))]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            keep(ray.get(done[0]))
    finally:
        if started_here:
            ray.shutdown()


def load_finished(out: Path, spec: SimSpec) -> dict[int, dict[str, Any]]:
    """Games already in ``out`` (for resume). A torn last line from a crash is dropped, and the
    file is rewritten with the good lines only, so new lines never append to a torn one."""
    spec_path = out / SPEC_FILE
    if spec_path.exists():
        saved = json.loads(spec_path.read_text(encoding="utf-8"))
        saved["bots"] = tuple(saved["bots"])
        if SimSpec(**saved) != spec:
            raise ConfigError(f"{out} holds a run with other settings; choose another --out")
    finished: dict[int, dict[str, Any]] = {}
    games_path = out / GAMES_FILE
    if games_path.exists():
        for line in games_path.read_text(encoding="utf-8").splitlines():
            try:
                outcome = json.loads(line)
            except json.JSONDecodeError:
                continue
            if isinstance(outcome, dict) and isinstance(outcome.get("index"), int):
                finished[outcome["index"]] = outcome
        good = "".join(json.dumps(o, separators=(",", ":")) + "\n" for o in finished.values())
        temporary = games_path.with_suffix(".tmp")
        temporary.write_text(good, encoding="utf-8")
        temporary.replace(games_path)
    return finished


def run(
    spec: SimSpec,
    jobs: int = 1,
    out: Path | None = None,
    resume: bool = False,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
) -> list[dict[str, Any]]:
    """Play every game of ``spec`` (the missing ones when resuming); outcomes sorted by index.

    ``backend`` is ``local`` (processes on this machine) or ``ray`` (a Ray cluster: the one
    ``RAY_ADDRESS`` names, or a local one with ``jobs`` CPUs)."""
    if backend not in BACKENDS:
        raise ConfigError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if jobs < 1:
        raise ConfigError("--jobs must be at least 1")
    if backend == "ray":
        _import_ray()
    spec.validate()
    finished: dict[int, dict[str, Any]] = {}
    sink = None
    if out is not None:
        if (out / GAMES_FILE).exists() and not resume:
            raise ConfigError(f"{out} already holds a run: pass --resume, or choose another --out")
        out.mkdir(parents=True, exist_ok=True)
        finished = load_finished(out, spec) if resume else {}
        (out / SPEC_FILE).write_text(json.dumps(asdict(spec), indent=1), encoding="utf-8")
        sink = (out / GAMES_FILE).open("a", encoding="utf-8")
    todo = [i for i in range(spec.games) if i not in finished]
    if on_progress and finished:
        on_progress(len(finished))

    def keep(outcomes: list[dict[str, Any]]) -> None:
        for outcome in outcomes:
            finished[outcome["index"]] = outcome
            if sink is not None:
                sink.write(json.dumps(outcome, separators=(",", ":")) + "\n")
        if sink is not None:
            sink.flush()
        if on_progress:
            on_progress(len(outcomes))

    try:
        if backend == "ray":
            _run_ray(spec, todo, jobs, keep)
        elif jobs <= 1:
            for index in todo:  # each game on disk the moment it ends
                keep([play_one(spec, index)])
        else:
            with ProcessPoolExecutor(max_workers=jobs) as pool:
                futures = [
                    pool.submit(_play_chunk, spec, c) for c in _chunks(todo, _size(todo, jobs))
                ]
                for future in as_completed(futures):
                    keep(future.result())
    finally:
        if sink is not None:
            sink.close()
    return [finished[i] for i in sorted(finished)]
