"""The match runner: many seeded games between bots, over processes, streamed to disk.

Game ``i`` of a run uses seed ``derive_seed(seed, i)`` and a lineup rotated by ``i``, so every
bot sits in every seat and the results do not depend on the number of jobs. With an output
folder, each finished game is appended to ``games.jsonl`` at once: an interrupted run keeps what
it finished, and running again with ``resume`` plays only the missing games.

Memory stays flat however long the run: at most a few chunks per worker are in flight, each
finished game goes to disk and into a ``Tally`` of counters, and nothing else is kept.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from itertools import islice
from pathlib import Path
from typing import Any, TypeVar

from aerodeck.agents.registry import make_agent
from aerodeck.core.errors import ConfigError
from aerodeck.core.registry import make
from aerodeck.core.rng import derive_seed
from aerodeck.sim.match import play_game
from aerodeck.sim.tally import Digest, Tally, digest

GAMES_FILE = "games.jsonl"
SPEC_FILE = "spec.json"
CHUNK = 25
BACKENDS = ("local", "ray")
T = TypeVar("T")


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
    result = play_game(game, agents, seed, events=False)  # the outcome holds no events
    return {
        "index": index,
        "seed": seed,
        "lineup": lineup,
        "returns": result.returns,
        "decisions": result.decisions,
        "seats": result.seats,
        "record": result.record,
    }


def _play_chunk(spec: SimSpec, indices: list[int]) -> list[dict[str, Any]]:
    return [play_one(spec, i) for i in indices]


Finished = tuple[str | None, Digest]  # a game's JSON line (None: not kept) and its digest


def _finish_chunk(spec: SimSpec, indices: list[int], lines: bool, figures: bool) -> list[Finished]:
    """Play a chunk and reduce each game where it was played: a worker returns a ready line and
    a digest, not the outcome (pickling records for the parent to encode cost about 12 % more
    CPU than the games themselves, and the parent's work is what limits the speed-up)."""
    finished = []
    for index in indices:
        outcome = play_one(spec, index)
        line = json.dumps(outcome, separators=(",", ":")) + "\n" if lines else None
        finished.append((line, digest(spec.game, outcome, figures)))
    return finished


def _chunks(indices: Sequence[int], size: int) -> Iterator[list[int]]:
    for start in range(0, len(indices), size):
        yield list(indices[start : start + size])


def _size(todo: Sequence[int], jobs: int) -> int:
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


Outcomes = list[dict[str, Any]]
WINDOW = 3  # chunks in flight per worker: enough to keep it busy, few enough to hold little


def _dispatch(
    work: Callable[..., list[T]],
    spec: SimSpec,
    todo: Sequence[int],
    jobs: int,
    backend: str,
    *extra: Any,
) -> Iterator[list[T]]:
    """``work(spec, chunk, *extra)`` over ``todo``, a chunk's results at a time as they finish:
    in this process (one job, a game per chunk), over worker processes or as Ray tasks, with a
    bounded window of chunks in flight. The seeds make the order irrelevant."""
    if backend == "ray":
        yield from _dispatch_ray(work, spec, todo, jobs, extra)
    elif jobs <= 1:
        for index in todo:  # each game reported the moment it ends
            yield work(spec, [index], *extra)
    else:
        chunks = _chunks(todo, _size(todo, jobs))
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            pending = {pool.submit(work, spec, c, *extra) for c in islice(chunks, WINDOW * jobs)}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    pending |= {pool.submit(work, spec, c, *extra) for c in islice(chunks, 1)}
                    yield future.result()


def _dispatch_ray(
    work: Callable[..., list[T]],
    spec: SimSpec,
    todo: Sequence[int],
    jobs: int,
    extra: tuple[Any, ...],
) -> Iterator[list[T]]:
    """``_dispatch`` on a Ray cluster: chunks as Ray tasks, the same bounded window."""
    ray = _import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(work)
        chunks = _chunks(todo, _size(todo, jobs))
        pending = [remote.remote(spec, c, *extra) for c in islice(chunks, WINDOW * jobs)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            pending += [remote.remote(spec, c, *extra) for c in islice(chunks, 1)]
            yield ray.get(done[0])
    finally:
        if started_here:
            ray.shutdown()


def play_games(
    spec: SimSpec, indices: Sequence[int], jobs: int = 1, backend: str = "local"
) -> Iterator[Outcomes]:
    """The outcomes of games ``indices`` of ``spec``, a batch at a time as they finish (not in
    index order). One job plays in this process and yields every game the moment it ends."""
    yield from _dispatch(_play_chunk, spec, indices, jobs, backend)


class _InOrder:
    """Feeds digests to a tally in index order, holding back the few that finish early."""

    def __init__(self, tally: Tally, expected: Iterator[int]) -> None:
        self.tally, self._expected = tally, expected
        self._next = next(expected, None)
        self._early: dict[int, Digest] = {}

    def add(self, game: Digest) -> None:
        self._early[game.index] = game
        while self._next is not None and self._next in self._early:
            self.tally.add(self._early.pop(self._next))
            self._next = next(self._expected, None)


def load_finished(out: Path, spec: SimSpec, tally: Tally) -> dict[int, Digest]:
    """Digests of the games already in ``out`` (for resume). A torn last line from a crash is
    dropped, and the file is rewritten with the good lines only, so new lines never append to a
    torn one. Read and rewritten a line at a time: only the digests stay in memory."""
    spec_path = out / SPEC_FILE
    if spec_path.exists():
        saved = json.loads(spec_path.read_text(encoding="utf-8"))
        saved["bots"] = tuple(saved["bots"])
        if SimSpec(**saved) != spec:
            raise ConfigError(f"{out} holds a run with other settings; choose another --out")
    finished: dict[int, Digest] = {}
    games_path = out / GAMES_FILE
    if not games_path.exists():
        return finished
    temporary = games_path.with_suffix(".tmp")
    with games_path.open(encoding="utf-8") as lines, temporary.open("w", encoding="utf-8") as good:
        for line in lines:
            try:
                outcome = json.loads(line)
            except json.JSONDecodeError:
                continue
            index = outcome.get("index") if isinstance(outcome, dict) else None
            if isinstance(index, int) and index not in finished:
                finished[index] = digest(tally.game_id, outcome, tally.with_figures)
                good.write(line if line.endswith("\n") else line + "\n")
    temporary.replace(games_path)
    return finished


def run(
    spec: SimSpec,
    jobs: int = 1,
    out: Path | None = None,
    resume: bool = False,
    on_progress: Callable[[int], None] | None = None,
    backend: str = "local",
    tally: Tally | None = None,
) -> Tally:
    """Play every game of ``spec`` (the missing ones when resuming) and return the run's tally.

    ``backend`` is ``local`` (processes on this machine) or ``ray`` (a Ray cluster: the one
    ``RAY_ADDRESS`` names, or a local one with ``jobs`` CPUs). Pass a ``tally`` to choose what
    it keeps (figures, pairs for an A/B comparison); the games themselves are in ``out``."""
    if backend not in BACKENDS:
        raise ConfigError(f"--backend must be one of {', '.join(BACKENDS)}, not {backend!r}")
    if jobs < 1:
        raise ConfigError("--jobs must be at least 1")
    if backend == "ray":
        _import_ray()
    spec.validate()
    tally = tally or Tally(spec.game, spec.players)
    finished: dict[int, Digest] = {}
    sink = None
    if out is not None:
        if (out / GAMES_FILE).exists() and not resume:
            raise ConfigError(f"{out} already holds a run: pass --resume, or choose another --out")
        out.mkdir(parents=True, exist_ok=True)
        finished = load_finished(out, spec, tally) if resume else {}
        (out / SPEC_FILE).write_text(json.dumps(asdict(spec), indent=1), encoding="utf-8")
        sink = (out / GAMES_FILE).open("a", encoding="utf-8")
    in_order = _InOrder(tally, iter(range(spec.games)))
    for game in finished.values():
        in_order.add(game)
    todo: Sequence[int] = range(spec.games)  # a range holds no list, however many games
    if finished:
        todo = [i for i in todo if i not in finished]
    if on_progress and finished:
        on_progress(len(finished))
    finished.clear()
    try:
        lines, figures = sink is not None, tally.with_figures
        for batch in _dispatch(_finish_chunk, spec, todo, jobs, backend, lines, figures):
            for line, game in batch:
                if sink is not None and line is not None:
                    sink.write(line)
                in_order.add(game)
            if sink is not None:
                sink.flush()
            if on_progress:
                on_progress(len(batch))
    finally:
        if sink is not None:
            sink.close()
    return tally
