"""The match runner: many seeded games between bots, over processes, streamed to disk.

Game ``i`` of a run uses seed ``derive_seed(seed, i)`` and a lineup rotated by ``i``, so every
bot sits in every seat and the results do not depend on the number of jobs. With an output
folder, each finished game is appended to ``games.jsonl`` at once: an interrupted run keeps what
it finished, and running again with ``resume`` plays only the missing games.

Memory stays flat however long the run: at most a few chunks per worker are in flight, each
finished game goes to disk and into a ``Tally`` of counters, and nothing else is kept.

Worker processes end with the process that started them, even after ``kill -9`` of it (Linux:
``PR_SET_PDEATHSIG``; elsewhere a watchdog thread in each worker). On ``resume`` every finished
game is proved to be the game its bots play before it counts (``load_finished`` plays each again),
and ``spec.json`` must hold the same settings; it is written atomically and only when a run
starts.
"""

from __future__ import annotations

import ctypes
import hashlib
import json
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Container, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Game
from aerodeck.core.errors import AerodeckError, ConfigError, excerpt
from aerodeck.core.registry import make
from aerodeck.core.rng import check_seed, derive_seed
from aerodeck.sim.match import play_game
from aerodeck.sim.tally import Digest, Tally, digest

GAMES_FILE = "games.jsonl"
SPEC_FILE = "spec.json"
CHUNK = 25
CHUNK_SECONDS = 1.0  # of one worker's play: what an interrupt can lose per chunk in flight
BACKENDS = ("local", "ray")
T = TypeVar("T")
PR_SET_PDEATHSIG = 1  # linux/prctl.h
WATCHDOG_SECONDS = 0.5


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
        """Bots by seat for game ``index``: the list filled to the table, rotated by the index.
        With more bots than seats, game ``i`` seats the ``players`` bots from the ``i``-th on
        (round the list), so every bot plays, in every seat, as often as the others."""
        bots = self.bots
        if len(bots) > self.players:
            return [bots[(index + k) % len(bots)] for k in range(self.players)]
        filled = [bots[k % len(bots)] for k in range(self.players)]
        shift = index % self.players
        return filled[shift:] + filled[:shift]

    def validate(self) -> None:
        """Fail early, in the parent, with one clear line."""
        if self.games < 1:
            raise ConfigError("--games must be at least 1")
        if not self.bots:
            raise ConfigError("--bots needs at least one bot name")
        check_seed(self.seed)  # the master seed: 0..2**63-1, as every game's seed
        game = make(self.game, self.players, **self.options)
        for name in set(self.bots):
            make_agent(name, game, 0)

    def to_json(self) -> dict[str, Any]:
        """The settings as ``spec.json`` holds them (lists for tuples)."""
        saved: dict[str, Any] = json.loads(json.dumps(asdict(self)))
        return saved


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


def _die_with_parent(parent: int) -> None:
    """Worker initializer: end this worker when the process that started it ends, ``kill -9``
    included (a pool's own shutdown never runs then, and orphans would play on for minutes).
    On Linux the kernel sends SIGKILL at once (``PR_SET_PDEATHSIG``); elsewhere, or if prctl is
    missing, a daemon thread polls the parent's pid."""
    armed = False
    if sys.platform.startswith("linux"):
        try:
            libc = ctypes.CDLL(None, use_errno=True)
            armed = libc.prctl(PR_SET_PDEATHSIG, int(signal.SIGKILL), 0, 0, 0) == 0
        except (OSError, AttributeError):
            armed = False
    if os.getppid() != parent:  # the parent died before the signal was armed
        os._exit(1)
    if not armed:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    """End this process once its parent is gone (it is then adopted: another parent pid)."""
    while not threading.Event().wait(WATCHDOG_SECONDS):
        if os.getppid() != parent:
            os._exit(1)


class _Chunks:
    """The games to hand out, a chunk at a time, each chunk about ``CHUNK_SECONDS`` of play.

    A chunk's games reach disk only when the whole chunk is done, so an interrupt loses the
    finished games of the chunks in flight: chunks of cheap games (random bots, thousands a
    second) should be large, to keep the hand-over cheap, and chunks of dear ones (a search bot,
    seconds a game) a single game. The first chunks are one game each; later ones are sized from
    the games a worker has finished a second so far. Never more than ``CHUNK``, and small
    enough that every worker stays busy to the end."""

    def __init__(self, todo: Sequence[int], jobs: int) -> None:
        self.todo, self.jobs, self.next = todo, jobs, 0
        self.started = time.perf_counter()
        self.finished = 0
        self.cap = max(1, min(CHUNK, len(todo) // (4 * jobs)))

    def done(self, games: int) -> None:
        self.finished += games

    def size(self) -> int:
        elapsed = time.perf_counter() - self.started
        if not self.finished or elapsed <= 0:
            return 1
        per_worker = self.finished / (elapsed * self.jobs)
        return max(1, min(self.cap, int(per_worker * CHUNK_SECONDS)))

    def take(self, count: int) -> list[list[int]]:
        out: list[list[int]] = []
        while len(out) < count and self.next < len(self.todo):
            size = self.size()
            out.append(list(self.todo[self.next : self.next + size]))
            self.next += size
        return out


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


def dispatch(
    work: Callable[..., list[T]],
    spec: SimSpec,
    todo: Sequence[int],
    jobs: int,
    backend: str,
    *extra: Any,
) -> Iterator[list[T]]:
    """``work(spec, chunk, *extra)`` over ``todo`` (games, or whole series: ``series_run``), a
    chunk's results at a time as they finish: in this process (one job, a game per chunk), over
    worker processes or as Ray tasks, with a bounded window of chunks in flight. The seeds make
    the order irrelevant."""
    if backend == "ray":
        yield from _dispatch_ray(work, spec, todo, jobs, extra)
    elif jobs <= 1:
        for index in todo:  # each game reported the moment it ends
            yield work(spec, [index], *extra)
    else:
        chunks = _Chunks(todo, jobs)
        workers = ProcessPoolExecutor(
            max_workers=jobs, initializer=_die_with_parent, initargs=(os.getpid(),)
        )
        with workers as pool:
            pending = {pool.submit(work, spec, c, *extra) for c in chunks.take(WINDOW * jobs)}
            while pending:
                done, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in done:
                    result = future.result()
                    chunks.done(len(result))
                    pending |= {pool.submit(work, spec, c, *extra) for c in chunks.take(1)}
                    yield result


def _dispatch_ray(
    work: Callable[..., list[T]],
    spec: SimSpec,
    todo: Sequence[int],
    jobs: int,
    extra: tuple[Any, ...],
) -> Iterator[list[T]]:
    """``dispatch`` on a Ray cluster: chunks as Ray tasks, the same bounded window."""
    ray = _import_ray()
    started_here = not ray.is_initialized()
    if started_here:
        ray.init(num_cpus=jobs, include_dashboard=False, log_to_driver=False)
    try:
        remote = ray.remote(work)
        chunks = _Chunks(todo, jobs)
        pending = [remote.remote(spec, c, *extra) for c in chunks.take(WINDOW * jobs)]
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            result = ray.get(done[0])
            chunks.done(len(result))
            pending += [remote.remote(spec, c, *extra) for c in chunks.take(1)]
            yield result
    finally:
        if started_here:
            ray.shutdown()


def play_games(
    spec: SimSpec, indices: Sequence[int], jobs: int = 1, backend: str = "local"
) -> Iterator[Outcomes]:
    """The outcomes of games ``indices`` of ``spec``, a batch at a time as they finish (not in
    index order). One job plays in this process and yields every game the moment it ends."""
    yield from dispatch(_play_chunk, spec, indices, jobs, backend)


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


def _refuse(out: Path, problem: str) -> ConfigError:
    return ConfigError(f"cannot resume {out}: {problem}")


def check_spec(out: Path, spec: SimSpec) -> bool:
    """Whether ``out`` holds this run's ``spec.json`` (False: there is none); ConfigError if it
    is unreadable or holds other settings."""
    spec_path = out / SPEC_FILE
    if not spec_path.exists():
        return False
    try:
        saved = json.loads(spec_path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError):
        raise _refuse(out, f"{SPEC_FILE} is unreadable; start a new --out") from None
    wanted = spec.to_json()
    if saved != wanted:
        fields = sorted(
            k for k in wanted if not isinstance(saved, dict) or saved.get(k) != wanted[k]
        )
        differ = ", ".join(fields) or "its fields"
        raise _refuse(out, f"it holds a run with other settings ({differ}); choose another --out")
    return True


def _check_line(spec: SimSpec, outcome: Any, seen: Container[int]) -> tuple[int, str]:
    """What is wrong with the form of one finished game of ``games.jsonl`` ("" if nothing): it
    must be a game of this run, not yet seen, with this run's seed and lineup and a record of
    its moves. Whether it is the game those bots play is proved after (``_check_bots``)."""
    if not isinstance(outcome, dict):
        return -1, "not a game's outcome"
    index = outcome.get("index")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < spec.games:
        return -1, f"its game index is not one of this run's 0..{spec.games - 1}"
    if index in seen:
        return index, f"game {index} appears twice"
    seed = derive_seed(spec.seed, index)
    if outcome.get("seed") != seed or outcome.get("lineup") != spec.lineup(index):
        return index, f"game {index}'s seed or lineup is not this run's"
    record = outcome.get("record")
    actions = record.get("actions") if isinstance(record, dict) else None
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        return index, f"game {index} has no record of its moves"
    return index, ""


def fingerprint(outcome: Any) -> str:
    """A short fingerprint of an outcome line's content: its JSON with the keys sorted, hashed.
    Equal for a line read back from ``games.jsonl`` and the outcome it was written from."""
    text = json.dumps(outcome, separators=(",", ":"), sort_keys=True)
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).hexdigest()


def _fingerprint_chunk(
    spec: SimSpec, indices: list[int], figures: bool
) -> list[tuple[int, str, Digest]]:
    """Play games ``indices`` of the run again, bots and all: each one's fingerprint and digest."""
    out = []
    for index in indices:
        outcome = play_one(spec, index)
        out.append((index, fingerprint(outcome), digest(spec.game, outcome, figures)))
    return out


def _what_differs(game: Game, spec: SimSpec, stored: dict[str, Any]) -> str:
    """Why a stored game whose form holds is not the one its bots play from its seed, in words:
    a record that does not replay or does not match the line, else the first move that is not
    the bots' (the game they play is found by playing it again)."""
    index, seed = stored["index"], stored["seed"]
    state = game.new_game(seed=seed).mute_events()
    seats: list[int | None] = []
    try:
        for text in stored["record"]["actions"]:
            seats.append(state.current_player)
            state.apply(text)
    except AerodeckError:
        return f"game {index}'s record does not replay: move {len(seats)} does not hold"
    if not state.is_terminal or json.loads(json.dumps(state.record())) != stored["record"]:
        return f"game {index}'s record is not the finished game of this run"
    if (
        stored.get("returns") != state.returns()
        or stored.get("decisions") != state.move_number
        or stored.get("seats") != seats
    ):
        return f"game {index}'s returns, length or seats do not match its record"
    played = play_one(spec, index)
    # both games are over, so neither is a prefix of the other: they part at a common move
    pairs = zip(state.history(), played["record"]["actions"], strict=False)
    for number, (move, bots_move) in enumerate(pairs, start=1):
        if move != bots_move:
            seat = played["seats"][number - 1]
            return (
                f"game {index} is not the game its bots play from its seed: move {number} is "
                f"{excerpt(move)} where seat {seat}'s {played['lineup'][seat]} bot plays "
                f"{excerpt(bots_move)}"
            )
    return f"game {index} is not the game its bots play from its seed"


def _check_bots(
    out: Path,
    spec: SimSpec,
    stored: dict[int, tuple[int, str]],
    figures: bool,
    jobs: int,
    backend: str,
    on_progress: Callable[[int], None] | None,
) -> dict[int, Digest]:
    """Prove that every stored game is exactly the game its bots play from its seed: play each
    again (over ``jobs`` workers or Ray) and compare fingerprints. A legal game of the same seed
    that the bots did not play (a forged or edited line) would otherwise change the summary.
    ``stored`` maps each game index to its line number and fingerprint. Returns the games'
    digests; the first line that differs is refused, named by number, with what differs."""
    digests: dict[int, Digest] = {}
    differ: list[int] = []
    for batch in dispatch(_fingerprint_chunk, spec, sorted(stored), jobs, backend, figures):
        for index, mark, game_digest in batch:
            digests[index] = game_digest
            if stored[index][1] != mark:
                differ.append(stored[index][0])
        if on_progress:
            on_progress(len(batch))
    if not differ:
        return digests
    number = min(differ)
    with (out / GAMES_FILE).open("rb") as lines:
        raw = next(raw for n, raw in enumerate(lines, start=1) if n == number)
    game = make(spec.game, spec.players, **spec.options)
    problem = _what_differs(game, spec, json.loads(raw))
    raise _refuse(out, f"{GAMES_FILE} line {number}: {problem} (remove the line to replay it)")


def load_finished(
    out: Path,
    spec: SimSpec,
    tally: Tally,
    jobs: int = 1,
    backend: str = "local",
    on_progress: Callable[[int], None] | None = None,
) -> dict[int, Digest]:
    """Digests of the games already in ``out``, each checked (for resume). The run's settings
    must be those of ``spec.json``; every line must be a game of this run (``_check_line``)
    and exactly the game its bots play from its seed, which is proved by playing every stored
    game again (``_check_bots``, as many jobs as the run: a resume costs about what the stored
    games cost to play); otherwise one ConfigError names the line and what is wrong. A torn
    last line (a crash while writing it) is cut off, so new lines never append to it. Read a
    line at a time: the digests and a fingerprint per game stay in memory, not the games.
    ``on_progress`` is told of the games as they are proved."""
    games_path = out / GAMES_FILE
    has_spec = check_spec(out, spec)
    if not games_path.exists():
        return {}
    if not has_spec:
        raise _refuse(out, f"{SPEC_FILE} is missing, so the run's settings cannot be checked")
    stored: dict[int, tuple[int, str]] = {}
    good = 0  # bytes of whole, checked lines
    try:
        lines = games_path.open("rb")
    except OSError as error:  # a folder of that name, a file without read permission
        raise _refuse(out, f"{GAMES_FILE} cannot be read: {error.strerror or error}") from None
    with lines:
        for number, raw in enumerate(lines, start=1):
            if not raw.endswith(b"\n"):
                break  # the torn last line of a crash: dropped
            try:
                outcome = json.loads(raw)
            except ValueError:
                raise _refuse(out, f"{GAMES_FILE} line {number} is not JSON") from None
            index, problem = _check_line(spec, outcome, stored)
            if problem:
                raise _refuse(
                    out, f"{GAMES_FILE} line {number}: {problem} (remove the line to replay it)"
                )
            stored[index] = (number, fingerprint(outcome))
            good += len(raw)
    finished = _check_bots(out, spec, stored, tally.with_figures, jobs, backend, on_progress)
    if good != games_path.stat().st_size:
        os.truncate(games_path, good)
    return finished


def write_atomically(path: Path, text: str) -> None:
    """Write a small file so that a crash leaves the old one or the new one, never a torn one."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with temporary.open("w", encoding="utf-8") as handle:
        handle.write(text)
        handle.flush()
        os.fsync(handle.fileno())
    os.replace(temporary, path)


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
        raise ConfigError(f"--backend must be one of {', '.join(BACKENDS)}, not {excerpt(backend)}")
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
        finished = load_finished(out, spec, tally, jobs, backend, on_progress) if resume else {}
        if not (resume and check_spec(out, spec)):  # on resume an equal spec.json stays as is
            write_atomically(out / SPEC_FILE, json.dumps(spec.to_json(), indent=1))
        sink = (out / GAMES_FILE).open("a", encoding="utf-8")
    in_order = _InOrder(tally, iter(range(spec.games)))
    for game in finished.values():
        in_order.add(game)
    todo: Sequence[int] = range(spec.games)  # a range holds no list, however many games
    if finished:
        todo = [i for i in todo if i not in finished]
    finished.clear()
    try:
        lines, figures = sink is not None, tally.with_figures
        for batch in dispatch(_finish_chunk, spec, todo, jobs, backend, lines, figures):
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
