"""Drive a whole game through the protocol, and check every frame against the engine.

Each human seat is a client choosing uniformly (seeded) among the legal moves its frames list;
bots play their seats on the server. ``check_frames`` replays the finished game's record and
checks that every view and event a recipient got is exactly what the engine gives that recipient,
and is the same in a determinization (others' hidden cards redrawn): a frame that depended on a
card the recipient cannot see would differ.
"""

from __future__ import annotations

import asyncio
import random
from typing import Any

import aerodeck
from aerodeck.core.api import State
from aerodeck.core.words import as_seen_by
from tests.web.server import Client

MAX_FRAMES = 5000


async def drive(client: Client, rng: random.Random, welcome: dict[str, Any]) -> dict[str, Any]:
    """Play the client's seat to the end of the game; the end frame."""
    version, legal = welcome["version"], welcome["legal"]
    acted = -1
    for _ in range(MAX_FRAMES):
        if legal and acted != version:
            acted = version
            await client.act(f"m{version}", version, rng.choice(legal))
        frame = await client.recv()
        kind = frame["type"]
        if kind == "refusal":
            raise AssertionError(f"a legal move was refused: {frame}")
        if kind in ("update", "welcome"):
            version, legal = frame["version"], frame["legal"]
        elif kind == "end":
            return frame
    raise AssertionError(f"no end in {MAX_FRAMES} frames")


async def play(
    url: str, table: str, tokens: dict[int, str], seed: int, spectators: int = 1
) -> tuple[dict[int | None, Client], list[dict[str, Any]]]:
    """Every human seat and ``spectators`` watchers to the end; their clients and end frames."""
    clients: dict[int | None, Client] = {}
    welcomes = {}
    for seat, token in tokens.items():
        clients[seat] = Client(url, table, token)
        welcomes[seat] = await clients[seat].connect()
        assert welcomes[seat]["type"] == "welcome", welcomes[seat]
    watchers = [Client(url, table, None) for _ in range(spectators)]
    for watcher in watchers:
        assert (await watcher.connect())["type"] == "welcome"
    work = [drive(clients[s], random.Random(seed * 100 + s), welcomes[s]) for s in tokens]
    work += [watcher.until("end", MAX_FRAMES) for watcher in watchers]
    ends = list(await asyncio.gather(*work))
    for watcher in watchers[:1]:
        clients[None] = watcher
    for client in [*clients.values(), *watchers]:
        await client.close()
    return clients, ends


def states_by_version(record: dict[str, Any]) -> list[State]:
    """The game's state at every version, replayed from the full record."""
    game = aerodeck.make(record["game"], record["players"], **record["options"])
    state = game.new_game(seed=record["seed"], setup=record["setup"])
    states = [state.clone()]
    for move in record["actions"]:
        state.apply(move)
        states.append(state.clone())
    return states


def check_frames(client: Client, seat: int | None, record: dict[str, Any]) -> int:
    """Every welcome and update ``client`` got, against the engine and a determinization.
    Returns how many frames were checked."""
    states = states_by_version(record)
    game = states[0].game
    checked = 0
    previous = None
    for frame in client.frames:
        if frame["type"] not in ("welcome", "update"):
            continue
        state = states[frame["version"]]
        other = 0 if seat is None else seat  # a spectator knows less than any seat
        sampled = state.determinize(other, random.Random(frame["version"]))
        for source in (state, sampled):
            assert frame["view"] == source.view(seat), f"view differs at {frame['version']}"
        if frame["type"] == "welcome" and frame["full"]:
            assert frame["history"] == [m._asdict() for m in state.history_for(seat)]
        if frame["type"] == "update" and frame["moves"]:
            since = states[frame["version"] - 1].event_count
            for source in (state, sampled):
                expected = source.events_since(since, seat)
                assert [e["event"] for e in frame["events"]] == expected
            assert [e["text"] for e in frame["events"]] == [  # as the seat reads them
                as_seen_by(game.describe_event(e), seat) for e in state.events_since(since, seat)
            ]
            (move,) = frame["moves"]
            assert move["number"] == frame["version"]
            assert move == state.history_for(seat)[-1]._asdict(), "the move as the seat may know it"
            assert previous is None or frame["version"] == previous + 1
        if frame["type"] == "update" and frame["moves"]:
            previous = frame["version"]
        if frame["type"] == "welcome":  # a reconnection: it carries what was missed up to here
            previous = frame["version"]
        checked += 1
    return checked
