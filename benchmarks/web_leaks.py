"""Leaks through the table server: 0 is the only passing figure (docs/server.md, "Measured").

Bot-filled games of every game and player count are played through a real `aerodeck serve`
process. Every human seat is a client choosing uniformly (seeded) among the legal moves its frames
list; every other table also has a server bot in its last seat; one spectator watches each table.
Each client also reconnects once at a seeded moment (seats resume with ``last_version``, the
spectator asks for a full welcome), so both kinds of welcome are checked.

After each game, from its full record, every frame every seat and the spectator received is
checked in two ways:

1. **Redrawn hidden cards.** The frame is rebuilt with the server's own frame builders
   (``Table.welcome``, ``Table.update``, ``Table.end``) from the true state at that version, which
   must give the frame received, and from ``state.determinize(seat, rng)`` (the spectator: one
   determinization from each of two seats), which must give the same frame. A frame that depended
   on a card its recipient cannot see would differ. (The seats list is lobby data, the same for
   any deal, and is left out of the comparison.) A determinization keeps the event log as it
   was (only its viewer's private parts are shown), so for events and moves the second check is
   the one that counts.
2. **Card names.** For every other seat, the strings of its private part of the view (its view
   less the public one: its hand, its secret play, ...) that are not public at that version, not
   among the recipient's own private strings, and not named by this step's events as the recipient
   gets them (the card it gave away is its own knowledge), must not
   occur in the frame's view, events, moves or legal moves as a whole string (a card's name is one
   string there), nor as a word of a move as the recipient sees it ("play radar").

3. **What a person sees besides the table's frames.** Every human seat is a person with a guest
   session cookie who created or joined the seat with it, so the seat belongs to their player.
   Every few moves, and when the game is over, the person asks for everything a page shows them
   off the table: their games (``/api/me/games``), their own and the other players' public
   pages (``/api/players/...``), the game's leaderboard, the table as the lobby describes it and
   its replay and record (refused until the game is over). Every string in each answer, and every
   word of one, is checked against the other seats' private strings hidden at every version from
   the last frame the person had seen to the table's version after the answers (a bot may move
   meanwhile): a name hidden all along that shows up is a leak.

Run: PYTHONPATH=src nice -n 10 .venv/bin/python -m benchmarks.web_leaks --games 1000 --json out.json

Backs: docs/server.md, "Leaks: 0".
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import sys
import tempfile
import time
import zlib
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import httpx

import aerodeck
from aerodeck.client import TableClient
from aerodeck.core.api import JSON, Action, State
from aerodeck.core.registry import make
from aerodeck.web.service.records import Seat
from aerodeck.web.service.status import TableStatus
from aerodeck.web.service.tables import Table
from benchmarks.web_common import ServerProcess, elapsed, games_and_counts, short_options

TABLE_SECONDS = 900.0  # a game that has not ended in this long is a failure
MAX_TURNS = 20_000  # moves one client makes in one game, at most
LOOK_EVERY = 5  # a person looks at their pages after every this many of their moves


# --- people: a session cookie, a seat that belongs to their player, the pages they see --------


class Person:
    """A browser's worth of HTTP: a guest session cookie, and the pages its player is shown."""

    def __init__(self, base: str) -> None:
        # the Origin a page of this server sends (the server refuses cookie POSTs without it)
        # a fresh connection per request: a kept-alive one the server closes as idle just as a
        # request leaves on it would fail that request (httpx does not retry it)
        self.http = httpx.AsyncClient(
            base_url=base,
            headers={"Origin": base},
            timeout=60.0,
            limits=httpx.Limits(max_keepalive_connections=0),
        )
        self.player = ""
        self.table = self.game = ""  # the table it sits at

    async def arrive(self) -> None:
        """Open the lobby (a guest is made) and learn the player's id."""
        (await self.http.get("/")).raise_for_status()
        self.player = (await self.http.get("/api/me")).json()["id"]

    async def post(self, path: str, body: JSON) -> JSON:
        response = await self.http.post(path, json=body)
        if response.status_code not in (200, 201):
            raise RuntimeError(f"{path}: {response.status_code} {response.text}")
        answer: JSON = response.json()
        return answer

    async def look(self, others: list[str]) -> tuple[int, JSON]:
        """Everything this person's pages show off the table, and the table's version after."""
        table, game = self.table, self.game
        answers: JSON = {}
        paths = [
            "/api/me/games",
            f"/api/players/{self.player}",
            *(f"/api/players/{other}" for other in others),
            f"/api/leaderboard/{game}",
            f"/api/tables/{table}/record",
            f"/t/{table}/replay",
        ]
        for path in paths:
            response = await self.http.get(path)
            kind = response.headers.get("content-type", "")
            answers[path] = (
                response.json() if kind.startswith("application/json") else response.text
            )
        described = (await self.http.get(f"/api/tables/{table}")).json()
        answers[f"/api/tables/{table}"] = described
        return int(described["version"]), answers


async def seat_people(
    server: ServerProcess, game: str, players: int, bots: dict[int, str]
) -> tuple[str, dict[int, str], dict[int, Person]]:
    """A table whose human seats belong to people: the first creates it (claiming a seat), the
    others join with their invites; the table's id, each human seat's token and person."""
    humans = [s for s in range(players) if s not in bots]
    people = {seat: Person(server.base) for seat in humans}
    for person in people.values():
        await person.arrive()
    seats = [
        {"kind": "bot", "bot": bots[s]} if s in bots else {"kind": "human"} for s in range(players)
    ]
    created = await people[humans[0]].post(
        "/api/tables",
        {
            "game": game,
            "players": players,
            "options": short_options(game, players),
            "seats": seats,
            "claim": humans[0],
            "listed": False,
        },
    )
    table = created["table"]
    for person in people.values():
        person.table, person.game = table, game
    tokens = {humans[0]: created["token"]}
    for invite in created["invites"]:
        joined = await people[invite["seat"]].post(
            f"/api/tables/{table}/join", {"seat": invite["seat"], "invite": invite["code"]}
        )
        tokens[invite["seat"]] = joined["token"]
    return table, tokens, people


# --- playing ----------------------------------------------------------------------------------


async def _seat_player(
    client: TableClient,
    rng: random.Random,
    reconnect_at: int,
    person: Person,
    others: list[str],
    looks: list[JSON],
) -> None:
    """Random legal moves to the end; one reconnect (resume) at version ``reconnect_at``; the
    person's pages looked at every few moves and at the end (into ``looks``)."""

    async def look() -> None:
        seen = client.version
        after, answers = await person.look(others)
        looks.append({"from": seen, "to": after, "answers": answers})

    await client.connect()
    wait_for = 0
    reconnected = False
    moves = 0
    for _ in range(MAX_TURNS):
        if client.end is not None:
            await look()
            return
        if not reconnected and client.version >= reconnect_at:
            reconnected = True
            await client.close()
            await client.reconnect()
            continue
        if client.legal and client.version >= wait_for:
            answer = await client.play(rng.choice(client.legal))
            if answer["type"] != "ack":
                raise AssertionError(f"a legal move was refused: {answer}")
            wait_for = answer["version"]
            moves += 1
            if moves % LOOK_EVERY == 0:
                await look()
        else:
            await client.recv()
    raise AssertionError(f"no end after {MAX_TURNS} moves")


async def _spectator(client: TableClient, reconnect_at: int) -> None:
    """Watch to the end; one full reconnect at version ``reconnect_at``."""
    await client.connect()
    for _ in range(MAX_TURNS * 10):
        if client.end is not None:
            return
        if client.version >= reconnect_at > 0:
            reconnect_at = -1
            await client.close()
            await client.connect(None)
            continue
        await client.recv()
    raise AssertionError("no end for the spectator")


async def play_table(
    server: ServerProcess, game: str, players: int, index: int, seed: int
) -> dict[str, Any]:
    """One game through the server; every client's frames and the record."""
    rng = random.Random(seed * 1_000_003 + index)
    bots = {players - 1: "heuristic"} if index % 2 else {}
    table, tokens, people = await seat_people(server, game, players, bots)
    clients: dict[int | None, TableClient] = {
        seat: TableClient(server.base, table, token, keep_frames=True, id_prefix=f"s{seat}")
        for seat, token in tokens.items()
    }
    clients[None] = TableClient(server.base, table, None, keep_frames=True)
    looks: dict[int, list[JSON]] = {seat: [] for seat in tokens}
    ids = {seat: person.player for seat, person in people.items()}
    work = [
        _seat_player(
            clients[s],
            random.Random(rng.getrandbits(32)),
            rng.randrange(1, 40),
            people[s],
            [ids[other] for other in ids if other != s],
            looks[s],
        )
        for s in tokens
    ]
    work.append(_spectator(clients[None], rng.randrange(1, 40)))
    try:
        await asyncio.wait_for(asyncio.gather(*work), TABLE_SECONDS)
    finally:
        for client in clients.values():
            await client.close()
        for person in people.values():
            await person.http.aclose()
    end = clients[None].end
    assert end is not None
    return {
        "table": table,
        "game": game,
        "players": players,
        "record": end["record"],
        "frames": {str(seat): client.frames for seat, client in clients.items()},
        "looks": {str(seat): seat_looks for seat, seat_looks in looks.items()},
    }


# --- checking ---------------------------------------------------------------------------------


def _strings(value: Any, out: set[str]) -> set[str]:
    """Every string in a JSON value (dict keys too)."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for key, item in value.items():
            out.add(str(key))
            _strings(item, out)
    elif isinstance(value, list):
        for item in value:
            _strings(item, out)
    return out


def _private(seen: Any, public: Any, path: tuple[Any, ...], out: list[tuple[Any, ...]]) -> None:
    """The paths where a seat's view differs from the public view."""
    if isinstance(seen, dict) and isinstance(public, dict):
        for key, item in seen.items():
            if key not in public:
                out.append((*path, key))
            else:
                _private(item, public[key], (*path, key), out)
    elif isinstance(seen, list) and isinstance(public, list) and len(seen) == len(public):
        for i, (a, b) in enumerate(zip(seen, public, strict=True)):
            _private(a, b, (*path, i), out)
    elif seen != public:
        out.append(path)


def _at(view: Any, path: tuple[Any, ...]) -> Any:
    for part in path:
        try:
            view = view[part]
        except (KeyError, IndexError, TypeError):
            return None
    return view


class Versions:
    """The game's states at every version of one record, and what the checks need per version."""

    def __init__(self, record: JSON) -> None:
        self.game = make(record["game"], record["players"], **record["options"])
        state = self.game.new_game(seed=record["seed"], setup=record["setup"])
        self.states: list[State] = [state.clone()]
        self.actions: list[Action] = []
        self.actors: list[int] = []
        for move in record["actions"]:
            seat = state.current_player
            assert seat is not None
            action = self.game.parse_action(state, move)
            state.apply(action)
            self.actors.append(seat)
            self.actions.append(action)
            self.states.append(state.clone())
        self.marks = [s.event_count for s in self.states]
        self._hidden: dict[tuple[int, int | None], set[str]] = {}

    def table(self, table_id: str, state: State, seats: list[JSON], status: str) -> Table:
        """A table around ``state`` with the frame's seats, to call the server's frame builders."""
        rows = [
            Seat(
                kind=s["kind"],
                bot=s["bot"],
                name=s["name"],
                token_hash="claimed" if s["claimed"] else None,
                invite_hash=None,
                bot_override=s["played_by"]
                if s["kind"] == "human" and s["played_by"] != "human"
                else None,
            )
            for s in seats
        ]
        marks = self.marks[: state.move_number + 1]
        return Table(
            id=table_id,
            game=self.game,
            state=state,
            seed=0,
            host_hash="",
            listed=False,
            clock=None,
            fallback_bot="random",
            status=TableStatus(status),
            created="",
            seats=rows,
            marks=marks,
            acked={},
        )

    def frame(
        self,
        table_id: str,
        source: State,
        frame: JSON,
        recipient: int | None,
        last_version: int | None,
    ) -> JSON:
        """The frame the server's own builders make from ``source`` for the frame received."""
        table = self.table(table_id, source, frame.get("seats", []), frame.get("status", "over"))
        if frame["type"] == "welcome":
            return table.welcome(recipient, last_version)
        if frame["type"] == "end":
            return table.end(recipient)
        version = frame["version"]
        if frame["moves"]:
            move = (version, self.actors[version - 1], self.actions[version - 1])
            return table.update(recipient, version - 1, [move])
        return table.update(recipient, version, [])

    def hidden_names(self, version: int, recipient: int | None) -> set[str]:
        """The other seats' private strings the recipient may not see at ``version``."""
        key = (version, recipient)
        if key in self._hidden:
            return self._hidden[key]
        state = self.states[version]
        public = state.view(None)
        known = _strings(public, set())
        if version > 0:
            # this step's events: the public ones, and the recipient's own (a card it gave away)
            for event in state.events_since(self.marks[version - 1], recipient):
                known |= _strings(event, set())
        if recipient is not None:  # the recipient's own secrets (its hand, ...) are its own
            mine = state.view(recipient)
            own_paths: list[tuple[Any, ...]] = []
            _private(mine, public, (), own_paths)
            for path in own_paths:
                known |= _strings(_at(mine, path), set())
        names: set[str] = set()
        for other in range(self.game.players):
            if other == recipient:
                continue
            theirs = state.view(other)
            paths: list[tuple[Any, ...]] = []
            _private(theirs, public, (), paths)
            for path in paths:
                names |= _strings(_at(theirs, path), set())
        names = {n for n in names if n and n not in known and not n.isdigit()}
        self._hidden[key] = names
        return names


def _without_seats(frame: JSON) -> JSON:
    return {k: v for k, v in frame.items() if k != "seats"}


def check_game(played: dict[str, Any]) -> dict[str, Any]:
    """Both checks over every frame of one game: counts, and the first few leaks found."""
    record = played["record"]
    final = aerodeck.replay(record)
    assert final.is_terminal
    versions = Versions(record)
    frames_checked = determinized = names_scanned = 0
    leaks: list[str] = []
    for who, frames in played["frames"].items():
        recipient = None if who == "None" else int(who)
        rng = random.Random(zlib.crc32(f"{played['table']}:{who}".encode()))
        last_version: int | None = None
        for frame in frames:
            kind = frame["type"]
            if kind == "hello":
                last_version = frame["last_version"]
                continue
            frames_checked += 1
            if kind not in ("welcome", "update", "end"):
                continue
            version = frame["version"]
            state = versions.states[version]

            def build(
                source: State,
                frame: JSON = frame,
                recipient: int | None = recipient,
                last_version: int | None = last_version,
            ) -> JSON:
                return versions.frame(played["table"], source, frame, recipient, last_version)

            rebuilt = _without_seats(build(state))
            if rebuilt != _without_seats(frame):
                keys = sorted(
                    k for k in rebuilt.keys() | frame.keys() if rebuilt.get(k) != frame.get(k)
                )
                leaks.append(f"{who}@{version} {kind}: differs from the server's builder in {keys}")
                continue
            if kind == "end":
                continue  # the game is over: its whole record is everyone's
            seats_from = (
                [recipient]
                if recipient is not None
                else [version % versions.game.players, (version + 1) % versions.game.players]
            )
            for seat in seats_from:
                sampled = state.determinize(seat, rng)
                determinized += 1
                redrawn = _without_seats(build(sampled))
                if redrawn != _without_seats(frame):
                    keys = sorted(k for k in redrawn if redrawn[k] != frame.get(k))
                    leaks.append(f"{who}@{version} {kind}: {keys} change when cards are redrawn")
            scanned = {
                "view": frame["view"],
                "legal": frame["legal"],
                "events": frame["events"] if kind == "update" else [],
                "moves": frame.get("moves") or [],
            }
            leaves = _strings(scanned, set())
            # a move as seen names its cards as words: "play radar"
            words = {w for move in scanned["moves"] for w in str(move["move"]).split()}
            hidden = versions.hidden_names(version, recipient)
            names_scanned += len(hidden)
            for name in sorted(hidden & (leaves | words)):
                leaks.append(f"{who}@{version} {kind}: names {name!r}")
    looked = 0
    for who, seat_looks in played["looks"].items():
        recipient = int(who)
        for seen in seat_looks:
            looked += 1
            window = range(seen["from"], min(seen["to"], len(versions.states) - 1) + 1)
            if any(versions.states[v].is_terminal for v in window):
                continue  # over: the whole record is everyone's
            hidden = set.intersection(*(versions.hidden_names(v, recipient) for v in window))
            leaves = _strings(seen["answers"], set())
            words = {w for leaf in leaves for w in leaf.split()}
            names_scanned += len(hidden)
            for name in sorted(hidden & (leaves | words)):
                leaks.append(f"{who}@{seen['from']}-{seen['to']} pages: names {name!r}")
    return {
        "game": played["game"],
        "players": played["players"],
        "moves": len(record["actions"]),
        "frames": frames_checked,
        "looks": looked,
        "determinized": determinized,
        "names_scanned": names_scanned,
        "leaks": leaks,
    }


# --- the run ----------------------------------------------------------------------------------


def _progress(done: asyncio.Future[dict[str, Any]], started: int, games: int) -> None:
    """One line on stderr per game checked: a long run shows how far it got."""
    if done.cancelled() or done.exception() is not None:
        return
    result = done.result()
    print(
        f"checked {result['game']} x{result['players']} ({started}/{games} started): "
        f"{len(result['leaks'])} leaks",
        file=sys.stderr,
        flush=True,
    )


async def run(
    games: int, seed: int, concurrent: int, jobs: int, data_dir: Path, only: list[str]
) -> JSON:
    combos = [c for c in games_and_counts() if not only or c[0] in only]
    plan = [(i, *combos[i % len(combos)]) for i in range(games)]
    results: list[dict[str, Any]] = []
    started = time.monotonic()
    loop = asyncio.get_running_loop()
    with ServerProcess(data_dir, nice=0) as server, ProcessPoolExecutor(jobs) as pool:
        queue = list(reversed(plan))
        checks: list[asyncio.Future[dict[str, Any]]] = []

        async def worker() -> None:
            while queue:
                index, game, players = queue.pop()
                played = await play_table(server, game, players, index, seed)
                check = loop.run_in_executor(pool, check_game, played)
                check.add_done_callback(lambda done: _progress(done, len(checks), games))
                checks.append(check)

        await asyncio.gather(*(worker() for _ in range(concurrent)))
        results = list(await asyncio.gather(*checks))
        healthy = server.healthy()
    per_game: dict[str, dict[str, int]] = {}
    for result in results:
        row = per_game.setdefault(
            f"{result['game']} x{result['players']}", {"games": 0, "moves": 0, "leaks": 0}
        )
        row["games"] += 1
        row["moves"] += result["moves"]
        row["leaks"] += len(result["leaks"])
    return {
        "games": len(results),
        "moves": sum(r["moves"] for r in results),
        "frames": sum(r["frames"] for r in results),
        "page_looks": sum(r["looks"] for r in results),
        "determinizations": sum(r["determinized"] for r in results),
        "names_scanned": sum(r["names_scanned"] for r in results),
        "leaks": sum(len(r["leaks"]) for r in results),
        "first_leaks": [leak for r in results for leak in r["leaks"]][:20],
        "per_game": per_game,
        "server_healthy_at_end": healthy,
        "seconds": elapsed(started),
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--concurrent", type=int, default=6, help="tables played at once")
    parser.add_argument("--jobs", type=int, default=1, help="processes checking finished games")
    parser.add_argument("--json", type=Path, help="write the summary here")
    parser.add_argument("--game", action="append", default=[], help="only this game (repeatable)")
    parser.add_argument("--data-dir", type=Path, help="the server's store (default: a temp dir)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="aerodeck-web-leaks-") as tmp:
        summary = asyncio.run(
            run(
                args.games,
                args.seed,
                args.concurrent,
                args.jobs,
                args.data_dir or Path(tmp),
                args.game,
            )
        )
    text = json.dumps(summary, indent=1)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0 if summary["leaks"] == 0 and summary["server_healthy_at_end"] else 1


if __name__ == "__main__":
    sys.exit(main())
