"""The table chat over a real server process: say and chat frames, the chat log of a hello, the
refusals, and the host's REST call that closes and opens the chat."""

from __future__ import annotations

import asyncio
import json
from typing import Any

from tests.web.server import Client, Server

MARKUP = "<b>x</b><script>alert(1)</script>"


def two_players(server: Server) -> dict[str, Any]:
    created = server.create(
        game="aces_versus_aces",
        players=2,
        seats=[{"kind": "human"}, {"kind": "human"}],
        claim=0,
        name="ann",
        listed=False,
    )
    (invite,) = created["invites"]
    created["tokens"] = [created["token"], server.join(created["table"], 1, invite["code"])]
    return created


async def heard(client: Client, text: str) -> dict[str, Any]:
    """The chat frame of the message ``text`` (bounded, as every wait of these tests)."""
    for _ in range(50):
        frame = await client.until("chat")
        if frame["text"] == text:
            return frame
    raise AssertionError(f"no chat frame saying {text!r}")


async def pong(client: Client) -> list[dict[str, Any]]:
    """The frames up to the pong of a fresh ping (nothing else is on its way after it)."""
    start = len(client.frames)
    await client.send({"type": "ping"})
    await client.until("pong")
    return client.frames[start:-1]


def test_players_and_a_spectator_talk_and_the_host_closes_the_chat(server: Server) -> None:
    table = two_players(server)
    table_id, host = table["table"], table["host_token"]

    async def run() -> dict[str, Any]:
        ann, bea = (Client(server.ws_url, table_id, token) for token in table["tokens"])
        watcher = Client(server.ws_url, table_id, None)
        terminal = Client(server.ws_url, table_id, None)  # asks for no chat
        for client in (ann, bea, watcher):
            assert (await client.connect(chat=True))["type"] == "welcome"
            await client.until("chat_log")
        await terminal.connect()
        for client in (ann, bea, watcher):
            await pong(client)  # the seats-only updates of the others' connections
        await ann.send({"type": "say", "text": f"  {MARKUP}  "})
        said = await heard(bea, MARKUP)
        await watcher.send({"type": "say", "text": "hello from the rail"})
        rail = await heard(ann, "hello from the rail")
        await bea.send({"type": "say", "text": "x" * 501})
        too_long = await bea.until("chat_refusal")
        await bea.send({"type": "say", "text": "bell\u0007"})
        control = await bea.until("chat_refusal")
        quiet = await pong(terminal)

        wrong = server.post(f"/api/tables/{table_id}/chat", {"host_token": "x" * 43, "open": False})
        bad = server.post(f"/api/tables/{table_id}/chat", {"host_token": host, "open": "no"})
        closed = server.post(f"/api/tables/{table_id}/chat", {"host_token": host, "open": False})
        state = await watcher.until("chat_state")
        await watcher.send({"type": "say", "text": "let me in"})
        refused = await watcher.until("chat_refusal")

        late = Client(server.ws_url, table_id, table["tokens"][1])
        await late.connect(chat=True)
        log = await late.until("chat_log")
        for client in (ann, bea, watcher, terminal, late):
            await client.close()
        return {
            "said": said, "rail": rail, "too_long": too_long, "control": control,
            "quiet": quiet, "wrong": wrong.status_code, "bad": bad.status_code,
            "closed": closed.json(), "state": state, "refused": refused, "log": log,
        }  # fmt: skip

    seen = asyncio.run(run())
    said = seen["said"]
    assert said["text"] == MARKUP, "kept as sent (trimmed), never rewritten: the page shows text"
    assert (said["channel"], said["seat"], said["author"], said["key"]) == (
        "players", 0, "ann", "seat:0",
    )  # fmt: skip
    assert seen["rail"]["channel"] == "spectators" and seen["rail"]["seat"] is None
    assert seen["too_long"]["code"] == "too_long" and "at most 500" in seen["too_long"]["reason"]
    assert seen["control"]["code"] == "control"
    assert seen["quiet"] == [], "a connection that did not ask for the chat hears none of it"
    assert (seen["wrong"], seen["bad"]) == (401, 422)
    assert seen["closed"] == {"open": False}
    assert seen["state"] == {"type": "chat_state", "open": False}
    assert seen["refused"]["code"] == "closed"
    log = seen["log"]
    assert log["type"] == "chat_log" and log["open"] is False and log["channel"] == "players"
    assert [(m["id"], m["channel"], m["text"]) for m in log["messages"]] == [
        (1, "players", MARKUP),
        (2, "spectators", "hello from the rail"),
    ]
    reopened = server.post(f"/api/tables/{table_id}/chat", {"host_token": host, "open": True})
    assert reopened.json() == {"open": True}


def test_the_replay_page_carries_the_talk_as_data_never_as_markup(server: Server) -> None:
    created = server.create(
        game="aces_versus_aces",
        players=2,
        options={"target": 10},
        seats=[{"kind": "bot", "bot": "random"}, {"kind": "bot", "bot": "random"}],
        listed=False,
    )
    table_id = created["table"]

    async def run() -> None:
        watcher = Client(server.ws_url, table_id, None)
        await watcher.connect(chat=True)
        await watcher.until("end", limit=5000)  # bots only: the game plays itself to its end
        await watcher.send({"type": "say", "text": f"gg {MARKUP}"})
        await heard(watcher, f"gg {MARKUP}")
        await watcher.close()

    asyncio.run(run())
    page = server.get(f"/t/{table_id}/replay").text
    data = page.split('<script type="application/json" id="chat-data">', 1)[1].split("</script>")[0]
    (message,) = json.loads(data)
    assert (message["channel"], message["text"]) == ("spectators", f"gg {MARKUP}")
    assert "<script>alert(1)" not in page, "the text is escaped inside the page's JSON"
