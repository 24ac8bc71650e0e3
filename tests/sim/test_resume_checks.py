"""What ``--resume`` accepts: only this run's settings and the games its bots play, as stated."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.sim.runner import GAMES_FILE, SPEC_FILE, SimSpec, run
from aerodeck.sim.tally import Tally

SPEC = SimSpec("race_to_ace", 3, ("heuristic", "random"), 12, seed=7)


@pytest.fixture(scope="module")
def finished(tmp_path_factory: pytest.TempPathFactory) -> tuple[list[str], dict[str, Any]]:
    """The lines and report of a whole run, made once."""
    out = tmp_path_factory.mktemp("whole")
    report = run(SPEC, out=out).report()
    return (out / GAMES_FILE).read_text().splitlines(), report


def _folder(tmp_path: Path, lines: list[str]) -> Path:
    out = tmp_path / "run"
    out.mkdir()
    (out / SPEC_FILE).write_text(json.dumps(SPEC.to_json(), indent=1))
    (out / GAMES_FILE).write_text("".join(line + "\n" for line in lines))
    return out


def _edit(line: str, change: Callable[[dict[str, Any]], None]) -> str:
    outcome = json.loads(line)
    change(outcome)
    return json.dumps(outcome)


def _refused(out: Path, message: str) -> str:
    with pytest.raises(ConfigError, match=message) as error:
        run(SPEC, out=out, resume=True)
    text = str(error.value)
    assert "\n" not in text and text.startswith(f"cannot resume {out}: ")
    return text


def test_a_clean_resume_gives_the_whole_run(
    tmp_path: Path, finished: tuple[list[str], dict[str, Any]]
) -> None:
    lines, report = finished
    out = _folder(tmp_path, lines[:5])
    spec_before = (out / SPEC_FILE).stat()
    assert run(SPEC, out=out, resume=True).report() == report
    after = (out / SPEC_FILE).stat()  # an equal spec.json is not rewritten on resume
    assert (after.st_ino, after.st_mtime_ns) == (spec_before.st_ino, spec_before.st_mtime_ns)
    assert sorted(json.loads(x)["index"] for x in (out / GAMES_FILE).read_text().splitlines()) == (
        list(range(12))
    )


def test_a_game_index_outside_the_run_is_refused(
    tmp_path: Path, finished: tuple[list[str], dict[str, Any]]
) -> None:
    lines, _ = finished
    far = _edit(lines[2], lambda o: o.update(index=999999))
    out = _folder(tmp_path, [lines[0], lines[1], far])
    _refused(out, r"games.jsonl line 3: its game index is not one of this run's 0\.\.11")


def test_a_game_twice_is_refused(
    tmp_path: Path, finished: tuple[list[str], dict[str, Any]]
) -> None:
    lines, _ = finished
    _refused(_folder(tmp_path, [lines[0], lines[1], lines[0]]), "line 3: game 0 appears twice")


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda o: o.update(returns=[1.0, 1.0, 1.0]), "returns, length or seats do not match"),
        (lambda o: o.update(decisions=o["decisions"] + 1), "returns, length or seats"),
        (lambda o: o["seats"].reverse(), "returns, length or seats"),
        (lambda o: o.update(seed=o["seed"] + 1), "seed or lineup is not this run's"),
        (lambda o: o["lineup"].reverse(), "seed or lineup is not this run's"),
        (lambda o: o["record"]["actions"].pop(), "is not the finished game of this run"),
        (lambda o: o["record"]["actions"].insert(0, "fly away"), "does not replay: move 1"),
        (lambda o: o["record"].update(players=4), "is not the finished game of this run"),
        (lambda o: o["record"]["result"].update(winners=[0, 1]), "not the finished game"),
        (lambda o: o.update(record="x"), "has no record of its moves"),
    ],
)
def test_a_hand_altered_game_is_refused(
    tmp_path: Path,
    finished: tuple[list[str], dict[str, Any]],
    change: Callable[[dict[str, Any]], None],
    message: str,
) -> None:
    lines, _ = finished
    out = _folder(tmp_path, [lines[0], _edit(lines[1], change), lines[2]])
    _refused(out, "games.jsonl line 2: .*" + message)


def _forged(line: str, moves_seed: int) -> str:
    """The line with its game replaced by another legal game of the same seed (random moves),
    consistent in itself: its record, returns, length and seats all agree."""
    outcome = json.loads(line)
    state = aerodeck.make(SPEC.game, SPEC.players).new_game(seed=outcome["seed"])
    rng, seats = random.Random(moves_seed), []
    while not state.is_terminal:
        seats.append(state.current_player)
        state.apply(rng.choice(state.legal_actions()))
    assert state.history() != outcome["record"]["actions"]
    record = json.loads(json.dumps(state.record()))
    outcome.update(record=record, returns=state.returns(), decisions=state.move_number)
    outcome.update(seats=seats)
    return json.dumps(outcome)


@pytest.mark.parametrize("jobs", [1, 2])
def test_a_forged_game_of_the_same_seed_is_refused(
    tmp_path: Path, finished: tuple[list[str], dict[str, Any]], jobs: int
) -> None:
    """A different legal game of the right seed and lineup replays without fault: only playing
    the bots again tells it from theirs. The first forged line is named."""
    lines, _ = finished
    forged = [lines[0], _forged(lines[1], 1), lines[2], _forged(lines[3], 2), *lines[4:6]]
    out = _folder(tmp_path, forged)
    with pytest.raises(ConfigError) as error:
        run(SPEC, jobs=jobs, out=out, resume=True)
    message = str(error.value)
    assert message.startswith(
        f"cannot resume {out}: games.jsonl line 2: game 1 is not the game its bots play from "
        "its seed: move "
    )
    assert "bot plays" in message and message.endswith("(remove the line to replay it)")
    assert "\n" not in message


def test_a_line_that_is_no_json_is_refused_but_a_torn_last_line_is_cut(
    tmp_path: Path, finished: tuple[list[str], dict[str, Any]]
) -> None:
    lines, report = finished
    out = _folder(tmp_path, [lines[0], "{oops", lines[1]])
    _refused(out, "games.jsonl line 2 is not JSON")
    torn = tmp_path / "torn"
    torn.mkdir()
    (torn / SPEC_FILE).write_text(json.dumps(SPEC.to_json()))
    (torn / GAMES_FILE).write_text(lines[0] + "\n" + lines[1][:30])
    assert run(SPEC, out=torn, resume=True).report() == report


def test_a_missing_or_torn_spec_or_other_settings_are_refused(
    tmp_path: Path, finished: tuple[list[str], dict[str, Any]]
) -> None:
    lines, _ = finished
    out = _folder(tmp_path, lines[:3])
    (out / SPEC_FILE).unlink()
    _refused(out, "spec.json is missing, so the run's settings cannot be checked")
    (out / SPEC_FILE).write_text('{"game": "race_to')
    _refused(out, "spec.json is unreadable")
    other = {**SPEC.to_json(), "games": 13, "bots": ["random"]}
    (out / SPEC_FILE).write_text(json.dumps(other))
    _refused(out, r"other settings \(bots, games\)")


def test_spec_json_is_written_whole_and_no_temporary_file_is_left(tmp_path: Path) -> None:
    run(SPEC, out=tmp_path / "new")
    assert json.loads((tmp_path / "new" / SPEC_FILE).read_text()) == SPEC.to_json()
    assert sorted(p.name for p in (tmp_path / "new").iterdir()) == [GAMES_FILE, SPEC_FILE]


def test_a_resume_into_an_empty_folder_starts_the_run(tmp_path: Path) -> None:
    tally = run(SPEC, out=tmp_path / "empty", resume=True, tally=Tally("race_to_ace", 3))
    assert tally.report()["games"] == 12


def test_games_file_that_cannot_be_read_is_refused_in_one_line(tmp_path: Path) -> None:
    out = _folder(tmp_path, [])
    (out / GAMES_FILE).unlink()
    (out / GAMES_FILE).mkdir()  # a folder where the games should be
    _refused(out, "games.jsonl cannot be read")
