"""`aerodeck serve`'s options are the server's Settings, one per field, read from the fields."""

from __future__ import annotations

import dataclasses

import pytest
import typer

from aerodeck.cli.app import app, main
from aerodeck.cli.commands.serve import settings_from_options
from aerodeck.web.settings import DAY, Settings

OWN = ("host", "port", "log_level")  # where to listen and uvicorn's log level: not settings


def _settings(args: list[str]) -> Settings:
    """The settings `aerodeck serve ARGS` would serve with (parsed, not served)."""
    command = typer.main.get_command(app).get_command(None, "serve")  # type: ignore[attr-defined]
    params = command.make_context("serve", args).params
    return settings_from_options({k: v for k, v in params.items() if k not in OWN})


def test_no_options_are_the_default_settings() -> None:
    assert _settings([]) == Settings()


def test_every_setting_is_an_option() -> None:
    args = ["--keep-days", "2", "--table-seed", "9", "--max-seat-connections", "3"]
    args += ["--data-dir", "elsewhere", "--hello-timeout", "2.5"]
    settings = _settings(args)
    assert settings.keep_finished == 2 * DAY  # the option counts days, the field seconds
    assert settings.table_seed == 9 and settings.max_seat_connections == 3
    assert str(settings.data_dir) == "elsewhere" and settings.hello_timeout == 2.5
    assert settings.keep_abandoned == Settings().keep_abandoned


def test_a_value_under_a_setting_s_least_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["serve", "--max-tables", "0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: Invalid value for '--max-tables'") and err.count("\n") == 1


def test_the_help_lists_every_setting_with_its_default(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "200")
    assert main(["serve", "--help"]) == 0
    shown = capsys.readouterr().out
    for field in dataclasses.fields(Settings):
        flag = field.metadata.get("flag", "--" + field.name.replace("_", "-"))
        assert flag in shown, flag
        assert field.metadata["help"] in shown
    for default in ("[default: 7.0]", "[default: aerodeck-data]", "[default: 1000]"):
        assert default in shown
