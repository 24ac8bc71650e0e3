"""The Python client (aerodeck/client.py) and `aerodeck connect`, against a real server process: two
people on two terminals (two client processes with scripted input) play each other."""

from __future__ import annotations

import asyncio
import io
import re
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import aerodeck
from aerodeck.cli.app import main
from aerodeck.cli.remote_table import RemoteTable, come_back_command
from aerodeck.cli.screen import Screen, read_move
from aerodeck.client import (
    TableClient,
    TableClosedError,
    TableLink,
    parse_link,
    websocket_url,
)
from aerodeck.core.errors import AerodeckError
from aerodeck.testing.server import child_environment, free_port
from tests.web.server import Server
from tests.web.test_protocol import two_humans

CONNECT_TIMEOUT = 600  # seconds for a whole game between two client processes on a loaded machine


def test_websocket_url_from_the_server_s_address() -> None:
    assert websocket_url("http://127.0.0.1:8000") == "ws://127.0.0.1:8000/ws"
    assert websocket_url("https://cards.example/") == "wss://cards.example/ws"
    assert websocket_url("ws://127.0.0.1:9/ws") == "ws://127.0.0.1:9/ws"
    assert websocket_url("127.0.0.1:8000") == "ws://127.0.0.1:8000/ws"
    with pytest.raises(AerodeckError, match="not a server address"):
        websocket_url("ftp://127.0.0.1")


def test_read_move_takes_a_number_of_the_list_or_a_notation() -> None:
    legal = ["pass", "guns 1"]
    assert read_move("2", legal) == ("guns 1", "")
    assert read_move("pass", legal) == ("pass", "")
    assert read_move("fly away", legal) == ("fly away", "")  # the server names the rule
    move, why = read_move("3", legal)
    assert move is None and why == "There is no move 3: choose 1 to 2."


def test_the_client_acts_is_refused_and_resumes_from_its_last_version(server: Server) -> None:
    table, tokens = two_humans(server, "race_to_ace", kills_to_win=1, wingmen=True)

    async def run() -> None:
        seats = [
            TableClient(server.base, table, token, id_prefix=f"c{i}", keep_frames=True)
            for i, token in enumerate(tokens)
        ]
        welcomes = [await seat.connect() for seat in seats]
        mover = welcomes[0]["current_player"]
        assert [w["seat"] for w in welcomes] == [0, 1]
        me, other = seats[mover], seats[1 - mover]
        assert me.legal and not other.legal
        left_at = other.version
        await other.close()  # the other seat goes away while moves are made
        refused = await me.play("fly to the moon")
        assert refused["type"] == "refusal" and refused["code"] == "notation"
        version = me.version
        acked = await me.play(me.legal[0], client_id="first")
        assert acked == {"type": "ack", "id": "first", "version": version + 1}
        resent = await me.play(me.legal[0], client_id="first")
        assert resent == acked, "a resent id is acknowledged again, not applied again"
        for _ in range(5):
            while me.version < acked["version"]:
                await me.recv()
            if not me.legal:
                break
            acked = await me.play(me.legal[0])
            assert acked["type"] == "ack"
        # it comes back with its last version and gets exactly what it missed
        welcome = await other.reconnect()
        assert welcome["full"] is False and welcome["version"] == me.version
        assert me.frames is not None
        missed = sum(
            len(f["events"]) for f in me.frames if f["type"] == "update" and f["version"] > left_at
        )
        assert len(welcome["events"]) == missed > 0
        # the resumed welcome has the events, not the moves: the history is fetched in full
        assert not other.history_complete
        history = await other.refresh_history()
        assert other.history_complete and len(history) == other.version
        assert [m["number"] for m in history] == list(range(1, other.version + 1))
        # a spectator sees the same table and cannot act
        watcher = TableClient(server.base, table)
        seen = await watcher.connect()
        assert seen["seat"] is None and seen["legal"] == [] and "hand" not in seen["view"]
        answer = await watcher.play("pass")
        assert answer["code"] == "spectator"
        for client in (*seats, watcher):
            await client.close()

    asyncio.run(run())


def test_a_wrong_token_is_one_clear_error(server: Server) -> None:
    table, _ = two_humans(server)

    async def run() -> TableClosedError:
        client = TableClient(server.base, table, "not-a-token")
        with pytest.raises(TableClosedError) as closed:
            await client.connect()
        return closed.value

    closed = asyncio.run(run())
    assert closed.code == 4401 and not closed.retry


def test_connect_with_a_wrong_token_exits_with_one_line(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    table, _ = two_humans(server)
    code = main(["connect", server.base, "--table", table, "--token", "nope"])
    out = capsys.readouterr()
    assert code == 2
    assert out.err.startswith("error: the server closed the connection (4401)")
    assert "Traceback" not in out.err + out.out


def _connect(url: str, token: str | None, lines: list[str], script: Path) -> subprocess.Popen[str]:
    """`aerodeck connect URL` in a process of its own, typing ``lines`` (a file as its stdin)."""
    script.write_text("".join(f"{line}\n" for line in lines))
    command = [sys.executable, "-m", "aerodeck.cli.app", "connect", url]
    env = child_environment(COLUMNS="120")
    env.pop("AERODECK_TOKEN", None)
    if token is not None:
        env["AERODECK_TOKEN"] = token
    with script.open() as stdin:
        return subprocess.Popen(
            command,
            stdin=stdin,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
            env=env,
        )


def test_two_people_on_two_terminals_play_each_other(server: Server, tmp_path: Path) -> None:
    """The host's seat (its token) and a friend with the invite link, two `aerodeck connect`
    processes each typing the first listed move, play a game to its end across the server; each
    screen shows its own hand and the result."""
    created = server.create(
        game="race_to_ace",
        players=2,
        options={"kills_to_win": 1, "wingmen": True},
        seats=[{"kind": "human"}, {"kind": "human"}],
        claim=0,
        listed=False,
    )
    table = created["table"]
    (invite,) = created["invites"]
    first = ["help", "history", "99", "fly to the moon", "view"] + ["1"] * 3000
    players = [
        _connect(f"{server.base}/t/{table}", created["token"], first, tmp_path / "ann.txt"),
        _connect(invite["link"], None, ["1", "history"] + ["1"] * 3000, tmp_path / "bea.txt"),
    ]
    outputs = []
    for process in players:
        out, _ = process.communicate(timeout=CONNECT_TIMEOUT)
        outputs.append(out)
        assert process.returncode == 0, out[-2000:]
    described = server.get(f"/api/tables/{table}").json()
    assert described["status"] == "over"
    assert "You took seat 1. To come back to it later: AERODECK_TOKEN=" in outputs[1]
    # history in words: the first move as the log told it, numbered, with what it caused
    assert re.search(r"(?m)^(> )? +1 seat 0 plays \S", outputs[1]), outputs[1][:3000]
    wins = [out for out in outputs if "You win!" in out]
    assert len(wins) == 1, [out[-500:] for out in outputs]
    loser = outputs[1 - outputs.index(wins[0])]
    assert "Winner: seat" in loser
    for seat, out in enumerate(outputs):
        assert f"Race to Ace at table {table}, you are seat {seat}." in out
        assert "your hand:" in out and "Your move:" in out
        assert f"Game over at version {described['version']}." in out
    assert "Waiting for seat 1." in outputs[0] and "Waiting for seat 0." in outputs[1]
    assert "There is no move 99" in outputs[0]
    assert "Not allowed:" in outputs[0]  # the server's reason for 'fly to the moon'
    assert "no moves yet" in outputs[0] or "   1 " in outputs[0]  # history
    # the game the two terminals played is the stored one, and it replays
    record = _final_record(server, table)
    assert aerodeck.replay(record).is_terminal
    assert len(record["actions"]) == described["version"]


def test_a_used_invite_link_is_one_clear_error(
    server: Server, capsys: pytest.CaptureFixture[str]
) -> None:
    created = server.create(
        game="race_to_ace",
        players=2,
        options={"wingmen": True},
        seats=[{"kind": "human"}, {"kind": "human"}],
        claim=0,
    )
    (invite,) = created["invites"]
    server.join(created["table"], 1, invite["code"])
    code = main(["connect", invite["link"]])
    out = capsys.readouterr()
    assert code == 2
    # the link names its seat (#invite=CODE&seat=1): the error names it too
    assert out.err == (
        f"error: cannot join table {created['table']!r}: seat 1 is taken (if it is your seat, "
        "come back with the AERODECK_TOKEN command printed when you took it)\n"
    )


def test_leaving_says_how_to_come_back_and_a_watcher_is_not_told_of_a_token() -> None:
    client = TableClient("http://127.0.0.1:9", "tab")
    command = come_back_command("http://127.0.0.1:9", "tab", "sekret")
    assert command.startswith("AERODECK_TOKEN=sekret ") and command.endswith(
        " connect http://127.0.0.1:9/t/tab"
    )
    seat = RemoteTable(client, print, command).farewell()
    assert seat == [
        "You left the table; your seat stays yours. To come back to it:",
        f"  {command}",
    ]
    assert RemoteTable(client, print).farewell() == ["You stopped watching the table."]


def test_a_bad_link_or_no_server_is_one_clear_error(capsys: pytest.CaptureFixture[str]) -> None:
    for link in ("http://127.0.0.1:notaport/t/x", "http://[::1/t/x"):
        with pytest.raises(AerodeckError, match="not a server address"):
            parse_link(link)
    port = free_port()  # nobody listens there
    assert main(["connect", f"http://127.0.0.1:{port}/t/X#invite=abc&seat=0"]) == 2
    err = capsys.readouterr().err
    assert err.startswith(f"error: cannot reach http://127.0.0.1:{port}: ") and err.count("\n") == 1


def test_parse_link_reads_the_table_and_the_invite_from_a_link() -> None:
    link = parse_link("http://127.0.0.1:8000/t/Ab3_-x#invite=c0de&seat=2")
    assert link == TableLink("http://127.0.0.1:8000", "Ab3_-x", "c0de", 2)
    assert parse_link("127.0.0.1:9") == TableLink("http://127.0.0.1:9", None, None, None)
    with pytest.raises(AerodeckError, match="not a seat number"):
        parse_link("http://h/t/x#invite=c&seat=two")


def _final_record(server: Server, table: str) -> dict[str, Any]:
    async def run() -> dict[str, Any]:
        watcher = TableClient(server.base, table)
        await watcher.connect()
        end = await watcher.until_end()
        await watcher.close()
        record: dict[str, Any] = end["record"]
        return record

    return asyncio.run(run())


def test_the_connect_screen_picks_the_table_up_again_after_a_server_restart(
    new_server: Callable[..., Server],
) -> None:
    """The server is killed (no close frame) while the person thinks and comes back on the same
    store and port: the move typed then finds the connection lost, the screen reconnects with
    the last version seen and the game is played to its end."""
    server = new_server()
    created = server.create(
        game="race_to_ace",
        players=2,
        options={"kills_to_win": 1, "wingmen": True},
        seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
        claim=0,
        listed=False,
    )
    restarts = []

    def ask(prompt: str) -> str:
        if not restarts:
            server.kill9()
            restarts.append(server.restart(new_port=False))
        return "1"

    console = Console(file=io.StringIO(), width=120, record=True)
    client = TableClient(server.base, created["table"], created["token"])
    with RemoteTable(client, console.print) as table:
        finished = Screen(table, console, ask).run()
    shown = console.export_text()
    assert finished, shown[-2000:]
    assert "Connection lost (1006); reconnecting..." in shown and "Reconnected." in shown
    assert "Your move did not reach the table before the connection was lost." in shown
    version = server.get(f"/api/tables/{created['table']}").json()["version"]
    assert f"Game over at version {version}." in shown
    assert shown.count("Game over") == 2  # the rule above the summary, and the closing line


def test_the_client_and_the_connect_screen_import_nothing_of_the_server() -> None:
    """`aerodeck connect` and programs using the client need no server: no FastAPI, no
    SQLAlchemy, nothing of aerodeck.web."""
    code = (
        "import sys, aerodeck.client, aerodeck.cli.remote_table, aerodeck.cli.commands.connect; "
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('fastapi', 'sqlalchemy', "
        "'starlette', 'uvicorn') or m.startswith('aerodeck.web')))"
    )
    env = child_environment()
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, env=env
    )
    assert result.stdout.strip() == "[]"
