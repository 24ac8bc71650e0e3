"""The `why` request (docs/web-protocol.md): a seated player asks why a move is not offered and
hears the engine's rule, alone; nothing is applied, spectators and seats not deciding get no
engine answer, and the answer never depends on what the asker cannot see."""

from __future__ import annotations

import asyncio
from typing import Any

import aerodeck
from tests.web.server import Client, Server
from tests.web.test_protocol import GAME, ping, seated, two_humans


async def ask(client: Client, move: str) -> dict[str, Any]:
    await client.send({"type": "why", "move": move})
    answer: dict[str, Any] = await client.until("why")
    return answer


def test_the_mover_hears_the_rule_and_nothing_moves(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> dict[str, Any]:
        clients, mover = await seated(server, table, tokens)
        mine = clients[mover].frames[0]["view"]["hand"]
        theirs = clients[1 - mover].frames[0]["view"]["hand"]
        plays = [str(a) for a in aerodeck.make(GAME, 2).action_table.actions]
        in_deck = next(m for m in plays if m.startswith("play ") and m[5:] not in mine + theirs)
        out = {
            "legal": await ask(clients[mover], clients[mover].frames[0]["legal"][0]),
            "theirs": await ask(clients[mover], f"play {theirs[0]}"),
            "deck": await ask(clients[mover], in_deck),
            "notation": await ask(clients[mover], "loop the loop"),
            "other seat": await ask(clients[1 - mover], f"play {theirs[0]}"),
            "heard": await ping(clients[1 - mover]),
            "cards": (theirs[0], in_deck[5:]),
        }
        watcher = Client(server.ws_url, table, None)
        await watcher.connect()
        out["spectator"] = await ask(watcher, f"play {mine[0]}")
        for client in [*clients, watcher]:
            await client.close()
        return out

    out = asyncio.run(run())
    assert out["legal"]["code"] == "legal"
    assert out["theirs"]["code"] == out["deck"]["code"] == "illegal"
    theirs, deck = out["cards"]
    # a card the other seat holds and a card in the deck get the same answer, but for its name
    assert out["theirs"]["reason"].replace(theirs, "X") == out["deck"]["reason"].replace(deck, "X")
    assert theirs in out["theirs"]["reason"]
    assert out["notation"]["code"] == "notation"
    assert out["other seat"]["code"] == "not_your_turn"
    assert out["spectator"]["code"] == "spectator"
    assert not [f for f in out["heard"] if f.get("type") == "why"], "only the asker hears"
    assert server.get(f"/api/tables/{table}").json()["version"] == 0


def test_a_why_frame_is_checked_like_every_frame(server: Server) -> None:
    table, tokens = two_humans(server)

    async def run() -> int:
        client = Client(server.ws_url, table, tokens[0])
        await client.connect()
        await client.send({"type": "why", "move": ""})  # a move of 1..200 characters
        return await client.closed_with()

    assert asyncio.run(run()) == 4400
