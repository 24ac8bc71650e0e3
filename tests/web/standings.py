"""Finished tables made to order in a store, for the ratings' tests, the browser test and the
screenshots: seats bound to players as h16's seat ownership will bind them, moves stored with
who made them, and a small league of real games (seeded random play) for pages worth a look."""

from __future__ import annotations

import random
from collections.abc import Awaitable, Callable
from typing import Any

from sqlalchemy import insert, update

import aerodeck
from aerodeck.web.db.models import MoveRow, TableRow
from aerodeck.web.db.store import Store
from aerodeck.web.service.players import Player, Players
from aerodeck.web.service.ratings import Ratings
from aerodeck.web.service.records import Seat, TableRecord, utcnow
from aerodeck.web.service.status import TableStatus
from aerodeck.web.settings import Settings

GAME = "race_to_ace"
LEAGUE = ("aces_versus_aces", 3, {"target": 15})  # a real game, short to play out


def human(player: Player | None, name: str = "") -> Seat:
    """A claimed human seat, belonging to ``player`` (None: held by its token only)."""
    return Seat("human", None, name, "t" * 64, None, None, None if player is None else player.id)


def bot(name: str) -> Seat:
    return Seat("bot", name, name, None, None, None)


class Shop:
    """A store with its players and ratings, and finished tables made to order."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.players = Players(store)
        self.ratings = Ratings(store)
        self.made = 0

    async def person(self, name: str) -> Player:
        guest, _ = await self.players.new_guest()
        return await self.players.rename(guest, name)

    async def table(
        self,
        seats: list[Seat],
        moves: list[tuple[int, str]],
        rated: bool = True,
        notation: list[str] | None = None,
        game: tuple[str, dict[str, Any]] = (GAME, {}),
        seed: int = 1,
    ) -> str:
        """A table whose seat ``moves[n][0]`` made move n, by ``moves[n][1]`` (human, bot or
        clock), as ``notation[n]`` or a placeholder (the ratings read who moved, never what);
        its last move ends it. No moves: a table still playing."""
        self.made += 1
        table_id = f"t{self.made}"
        record = TableRecord(
            id=table_id,
            game=game[0],
            players=len(seats),
            options=game[1],
            seed=seed,
            status=TableStatus.PLAYING,
            listed=False,
            host_hash="h" * 64,
            created_at=utcnow(),
            clock=None,
            fallback_bot="heuristic",
            rated=rated,
        )
        await self.store.create_table(record, seats)
        if not moves:
            return table_id
        now = utcnow()
        rows = [
            {
                "table_id": table_id,
                "seq": seq,
                "seat": seat,
                "move": notation[seq] if notation else f"m{seq}",
                "client_id": None,
                "source": source,
                "created_at": now,
            }
            for seq, (seat, source) in enumerate(moves)
        ]
        over = {"version": len(moves), "status": TableStatus.OVER.value, "finished_at": now}
        async with self.store.sessions() as session, session.begin():  # one commit, not one a move
            await session.execute(insert(MoveRow), rows)
            await session.execute(update(TableRow).where(TableRow.id == table_id).values(over))
        return table_id

    async def play(
        self, seats: list[Seat], game: tuple[str, int, dict[str, Any]], seed: int
    ) -> tuple[str, list[float]]:
        """A real game played out by seeded random moves, stored and recorded: its table and
        returns (its replay opens like any finished table's)."""
        state = aerodeck.make(game[0], game[1], **game[2]).new_game(seed=seed)
        rng = random.Random(seed)
        moves, notation = [], []
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            moves.append((seat, "human" if seats[seat].kind == "human" else "bot"))
            action = rng.choice(state.legal_actions())
            notation.append(str(action))
            state.apply(action)
        table = await self.table(
            seats, moves, notation=notation, game=(game[0], game[2]), seed=seed
        )
        await self.ratings.record(table, state.returns())
        return table, state.returns()

    async def league(self, games: int = 12, seed: int = 5) -> dict[str, Player]:
        """Ann, Bob and Cy against each other and the bot levels at ``LEAGUE``: the players."""
        people = {name: await self.person(name) for name in ("Ann", "Bob", "Cy")}
        levels = ["easy", "medium", "hard", "random"]
        rng = random.Random(seed)
        for n in range(games):
            chosen = rng.sample(list(people), rng.choice([1, 2, 2, 3]))
            seats = [human(people[name], name) for name in chosen]
            seats += [bot(rng.choice(levels)) for _ in range(LEAGUE[1] - len(seats))]
            rng.shuffle(seats)
            await self.play(seats, LEAGUE, seed=seed * 1000 + n)
        return people


async def with_shop(settings: Settings, work: Callable[[Shop], Awaitable[Any]]) -> Any:
    """``work(shop)`` on the store of ``settings``, closed after."""
    store = await Store.open(settings)
    try:
        return await work(Shop(store))
    finally:
        await store.close()
