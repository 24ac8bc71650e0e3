"""A user's own data files: read only when named by the person running the program, bounded,
regular files only, errors that never quote the file; and what a network client may set."""

from __future__ import annotations

import io
import json
import os
import sys
import threading
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.cli.app import main
from aerodeck.core.errors import ConfigError
from aerodeck.core.options import INLINE_DEPTH, inline_table
from aerodeck.core.userdata import check_remote_options, data_files, read_bytes, read_toml

SECRET = "hunter2-secret-value"


def _write(tmp_path: Path, name: str, text: str | bytes) -> Path:
    path = tmp_path / name
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def test_read_toml_gives_a_plain_table(tmp_path: Path) -> None:
    path = _write(tmp_path, "c.toml", 'name = "x"\nlength = 40\n[[pylons]]\nat = 0\n')
    assert read_toml(path) == {"name": "x", "length": 40, "pylons": [{"at": 0}]}


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_a_fifo_is_refused_at_once_not_waited_on(tmp_path: Path) -> None:
    fifo = tmp_path / "pipe.toml"
    os.mkfifo(fifo)
    outcome: list[str] = []

    def attempt() -> None:
        try:
            read_toml(fifo)
        except ConfigError as error:
            outcome.append(str(error))

    worker = threading.Thread(target=attempt, daemon=True)
    worker.start()
    worker.join(timeout=30)  # a bound on a hang, not a timing: it returns at once
    assert outcome == [f"{fifo} is not a regular file"]


@pytest.mark.skipif(not Path("/dev/zero").exists(), reason="needs /dev/zero")
def test_devices_and_folders_are_refused(tmp_path: Path) -> None:
    with pytest.raises(ConfigError, match="is not a regular file"):
        read_toml("/dev/zero")
    with pytest.raises(ConfigError, match="is not a regular file"):
        read_toml(tmp_path)


def test_size_is_bounded(tmp_path: Path) -> None:
    path = _write(tmp_path, "big.toml", "a = 1\n" * 100)
    assert len(read_bytes(path, limit=600)) == 600
    with pytest.raises(ConfigError, match="larger than 599 bytes"):
        read_toml(path, limit=599)


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (f'name = "{SECRET}"\nbroken = [\n'.encode(), r"is not valid TOML \(at its end\)"),
        (f"{SECRET} = = 1\n".encode(), r"is not valid TOML \(line 1"),
        (f'[a]\nx = 1\n[a]\n"{SECRET}" = 2\n'.encode(), "is not valid TOML"),
        (f'name = "{SECRET}"\n'.encode() + b"\xff\xfe", r"is not UTF-8 text \(byte \d+\)"),
        (f'{SECRET} = "x"\nwhen = 1979-05-27\n'.encode(), "only text, numbers"),
        (f"{SECRET} = {'9' * 30}\n".encode(), "out of range"),
        (f"{SECRET} = {'9' * 5000}\n".encode(), "out of range"),
        (b"x = " + b"[" * 3000 + b"]" * 3000 + b"\n", "not valid TOML|nested more than"),
        (f"{SECRET} = nan\n".encode(), "only text, numbers"),
    ],
)
def test_bad_files_are_one_line_that_never_quotes_them(
    tmp_path: Path, content: bytes, message: str
) -> None:
    path = _write(tmp_path, "mine.toml", content)
    with pytest.raises(ConfigError, match=message) as error:
        read_toml(path)
    text = str(error.value)
    assert "\n" not in text and SECRET not in text and "hunter" not in text
    assert text.startswith(str(path))


def test_a_missing_file_names_the_path_given() -> None:
    with pytest.raises(ConfigError, match=r"^cannot read /no/such\.toml: No such file"):
        read_toml("/no/such.toml")


def test_inline_tables_are_checked_and_copied() -> None:
    given: dict[str, Any] = {"a": [1, 2.5, "x", True, {"b": None}]}
    with pytest.raises(ConfigError, match="only text, numbers"):
        inline_table("course", given)
    with pytest.raises(ConfigError, match="every key of the data must be text"):
        inline_table("course", {"a": {1: 2}})
    deep: dict[str, Any] = {}
    here = deep
    for _ in range(INLINE_DEPTH + 1):
        here["x"] = {}
        here = here["x"]
    with pytest.raises(ConfigError, match="nested more than"):
        inline_table("course", deep)
    with pytest.raises(ConfigError, match="larger than"):
        inline_table("course", {"x": "y" * 1_000_001})
    mine = {"a": [1, {"b": 2}]}
    copy = inline_table("course", mine)
    mine["a"][1]["b"] = 3  # type: ignore[index]
    assert copy == {"a": [1, {"b": 2}]}


def test_data_files_map_keys_to_tables(tmp_path: Path) -> None:
    path = _write(tmp_path, "c.toml", "length = 40\n")
    assert data_files("air-racing", [f"course={path}"]) == {"course": {"length": 40}}
    with pytest.raises(ConfigError, match="'laps': not a data option of this game \\(course\\)"):
        data_files("air_racing", [f"laps={path}"])
    with pytest.raises(ConfigError, match="not a data option of this game \\(none\\)"):
        data_files("race_to_ace", [f"course={path}"])
    with pytest.raises(ConfigError, match="given twice"):
        data_files("air_racing", [f"course={path}", f"course={path}"])


def test_check_remote_options_takes_scalars_and_shipped_names_only() -> None:
    resolved = check_remote_options("down_in_flames", {"data": "locked_on", "vp_limit": 50})
    assert resolved["data"] == "locked_on" and resolved["vp_limit"] == 50
    assert check_remote_options("air_racing", {"course": "standard"}) == {"course": "standard"}
    # only what was given: a default the game sets by the player count stays the game's own
    two = aerodeck.make("race_to_ace", 2, **check_remote_options("race_to_ace", {"games": 3}))
    assert two.options["wingmen"] and two.options["games"] == 3
    for game, options, message in [
        ("air_racing", {"course": {"length": 40}}, "only text, whole numbers"),
        ("air_racing", {"course": "/etc/passwd"}, "takes one of standard"),
        ("air_racing", {"course": ["standard"]}, "only text, whole numbers"),
        ("air_racing", {"laps": 1.5}, "only text, whole numbers"),
        ("air_racing", {"laps": None}, "only text, whole numbers"),
        ("down_in_flames", {"data": "/dev/zero"}, "takes one of locked_on"),
        ("down_in_flames", {"campaign": {"name": "x"}}, "only text, whole numbers"),
        ("down_in_flames", {"site": "x" * 201}, "longer than 200"),
        ("down_in_flames", {"wings": 2}, "unknown option"),
        ("down_in_flames", [], "an object of name"),
    ]:
        with pytest.raises(ConfigError, match=message):
            check_remote_options(game, options)  # type: ignore[arg-type]


def test_remote_options_then_make_never_read_a_file(tmp_path: Path) -> None:
    path = _write(tmp_path, "campaign.toml", "name = 'x'\n")
    resolved = check_remote_options("down_in_flames", {"campaign": str(path)})
    with pytest.raises(ConfigError, match="no campaign '/"):
        aerodeck.make("down_in_flames", **resolved)  # a name, looked up in the data set only


def test_the_command_line_loads_a_data_file_once_into_the_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    course = Path(__file__).parents[1] / "games" / "air_racing" / "straight.toml"
    save = tmp_path / "r.json"
    args = ["play", "air-racing", "-p", "2", "--data-file", f"course={course}"]
    code = main([*args, "--save", str(save), "-v", "quick_play=true", "--seed", "3"])
    assert code == 0  # the human quits at once; the record is saved
    record = json.loads(save.read_text())
    assert record["options"]["course"]["name"] == "Test straight"
    code = main(["play", "air-racing", "-v", f"course={course}"])
    assert code == 2 and "option course takes one of standard" in capsys.readouterr().err
    code = main(["play", "air-racing", "--data-file", f"course={course}", "-v", "course=x"])
    assert code == 2 and "given both by -v and by --data-file" in capsys.readouterr().err
