"""Results and ratings: a finished table's seats recorded and rated with openskill (checked
against openskill's own Plackett-Luce), the rulings on who is rated, the leaderboard and the
player page, and against a real server: a finished game rates its players and bots, and a
profile shows no game in progress and no private field."""

from __future__ import annotations

import asyncio
import json
import random
import sqlite3
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import httpx
import pytest
from alembic import command
from openskill.models import PlackettLuce
from sqlalchemy import Connection, text

import aerodeck
from aerodeck.sim.ratings import Skill
from aerodeck.web.db import migrate
from aerodeck.web.db.store import make_engine
from aerodeck.web.routers.players import COOKIE
from aerodeck.web.service.errors import NotFoundError
from aerodeck.web.service.records import utcnow
from aerodeck.web.service.results import bot_subject, player_subject
from aerodeck.web.settings import Settings
from tests.web.play import drive
from tests.web.server import Client, Server
from tests.web.standings import GAME, Shop, bot, human, with_shop

SHORT = ("aces_versus_aces", {"target": 15})  # a short two-player game for the real server


def in_store(tmp_path: Path, work: Callable[[Shop], Awaitable[None]], database: str = "") -> None:
    """``work`` on a fresh store: SQLite in ``tmp_path``, or the PostgreSQL ``database``."""
    asyncio.run(with_shop(Settings(data_dir=tmp_path, database=database), work))


def each_plays(seats: int, rounds: int = 2, source: str = "human") -> list[tuple[int, str]]:
    return [(seat, source) for _ in range(rounds) for seat in range(seats)]


def openskill_after(scores: list[float]) -> list[tuple[float, float]]:
    """What openskill's Plackett-Luce gives newcomers finishing with ``scores``."""
    model = PlackettLuce()
    teams = model.rate([[model.rating()] for _ in scores], scores=scores)
    return [(team[0].mu, team[0].sigma) for team in teams]


def skill_of(ratings: list[Any], subject: str) -> tuple[float, float]:
    (found,) = [r for r in ratings if r.subject == subject]
    return found.skill.mu, found.skill.sigma


def test_a_two_player_game_rates_winner_up_and_loser_down_as_openskill_does(
    tmp_path: Path,
) -> None:
    async def work(shop: Shop) -> None:
        ann, bob = await shop.person("Ann"), await shop.person("Bob")
        table = await shop.table([human(ann), human(bob)], each_plays(2))
        results = await shop.ratings.record(table, [0.0, 1.0])
        assert [(r.seat, r.place, r.value, r.rated) for r in results] == [
            (0, 2, 0.0, True),
            (1, 1, 1.0, True),
        ]
        (loser, winner) = openskill_after([0.0, 1.0])
        assert await shop.store.skills(GAME, 2, [player_subject(ann.id)]) == {
            player_subject(ann.id): Skill(*loser)
        }
        bobs = await shop.store.ratings_of(player_subject(bob.id))
        assert skill_of(bobs, player_subject(bob.id)) == pytest.approx(winner)
        assert winner[0] > 25 > loser[0] and bobs[0].games == 1
        assert await shop.ratings.record(table, [0.0, 1.0]) == [], "a table is recorded once"
        history = await shop.store.history_of(player_subject(bob.id))
        assert [(p.table_id, p.skill.mu) for p in history] == [(table, pytest.approx(winner[0]))]

    in_store(tmp_path, work)


def test_the_places_kept_are_the_game_s_own_and_the_ratings_move_by_returns(
    tmp_path: Path,
) -> None:
    """A player's page says the place the end screen said (State.placings: seat 2 second by
    points), while the ratings still move by the returns (every loser alike)."""

    async def work(shop: Shop) -> None:
        people = [await shop.person(name) for name in ("Ann", "Bob", "Cy")]
        table = await shop.table(list(map(human, people)), each_plays(3))
        results = await shop.ratings.record(table, [0.0, 1.0, 0.0], [[1], [2], [0]])
        assert [r.place for r in results] == [3, 1, 2]
        subjects = [r.subject or "" for r in results]
        after = await shop.store.skills(GAME, 3, subjects)
        assert after[subjects[0]] == after[subjects[2]], "the losers move alike"

    in_store(tmp_path, work)


def test_a_four_player_game_with_tied_winners_rates_the_ties_alike(tmp_path: Path) -> None:
    async def work(shop: Shop) -> None:
        people = [await shop.person(name) for name in ("Ann", "Bob", "Cy")]
        seats = [*map(human, people), bot("hard")]
        returns = [0.5, 0.0, 0.5, 0.0]
        table = await shop.table(seats, each_plays(4))
        results = await shop.ratings.record(table, returns)
        assert [r.place for r in results] == [1, 3, 1, 3]
        subjects = [r.subject or "" for r in results]
        assert subjects[3] == bot_subject("hard")
        expected = openskill_after(returns)
        after = await shop.store.skills(GAME, 4, subjects)
        for subject, (mu, sigma) in zip(subjects, expected, strict=True):
            assert (after[subject].mu, after[subject].sigma) == pytest.approx((mu, sigma))
        assert after[subjects[0]] == after[subjects[2]], "tied winners move alike"
        assert after[subjects[1]] == after[subjects[3]], "tied losers move alike"
        assert after[subjects[0]].mu > 25 > after[subjects[1]].mu

    in_store(tmp_path, work)


@pytest.mark.parametrize(
    ("sources", "rated"),
    [
        (["human", "human", "human", "human"], True),
        (["human", "human", "bot", "clock"], True),  # half by a bot: still the person's game
        (["human", "bot", "clock", "bot"], False),  # over half: the bot's game, unrated
        (["bot", "bot", "bot", "bot"], False),
    ],
)
def test_a_seat_mostly_played_by_a_bot_is_recorded_unrated(
    tmp_path: Path, sources: list[str], rated: bool
) -> None:
    """The ruling: a human seat counts for its player only if the person made at least half of
    its moves; the other seats are rated among themselves either way."""

    async def work(shop: Shop) -> None:
        ann, bob = await shop.person("Ann"), await shop.person("Bob")
        moves = [move for source in sources for move in ((0, "human"), (1, source), (2, "bot"))]
        seats = [human(ann), human(bob), bot("heuristic")]
        results = await shop.ratings.record(await shop.table(seats, moves), [0.0, 1.0, 0.0])
        bobs = results[1]
        assert (bobs.moves, bobs.bot_moves, bobs.rated) == (
            4,
            sum(s != "human" for s in sources),
            rated,
        )
        assert results[0].rated and results[2].rated and results[2].bot == "medium"
        rated_subjects = {player_subject(ann.id), bot_subject("medium")}
        if rated:
            rated_subjects.add(player_subject(bob.id))
        subjects = [player_subject(p.id) for p in (ann, bob)] + [bot_subject("medium")]
        assert set(await shop.store.skills(GAME, 3, subjects)) == rated_subjects

    in_store(tmp_path, work)


def test_who_is_not_rated(tmp_path: Path) -> None:
    """An unrated table, a table of bots only, a person at two seats, a seat held by token
    only against a bot: results kept, no rating moves."""

    async def work(shop: Shop) -> None:
        ann = await shop.person("Ann")
        cases = [
            ([human(ann), bot("hard")], False),
            ([bot("hard"), bot("easy")], True),
            ([human(ann), human(ann), bot("easy")], True),
            ([human(None, "a program"), bot("easy")], True),
        ]
        for seats, rated in cases:
            table = await shop.table(seats, each_plays(len(seats)), rated=rated)
            results = await shop.ratings.record(table, [1.0] + [0.0] * (len(seats) - 1))
            assert len(results) == len(seats) and not any(r.rated for r in results)
        for players in (2, 3):
            board = await shop.ratings.leaderboard(GAME, players)
            assert board["standings"] == []
        profile = await shop.ratings.profile(ann.id)
        assert profile["games_played"] == 2 and profile["ratings"] == []

    in_store(tmp_path, work)


def test_two_bots_of_one_level_count_once_with_their_better_seat(tmp_path: Path) -> None:
    async def work(shop: Shop) -> None:
        ann = await shop.person("Ann")
        seats = [human(ann), bot("hard"), bot("ismcts-hard")]
        table = await shop.table(seats, each_plays(3))
        await shop.ratings.record(table, [0.0, 0.0, 1.0])
        (mine, hard) = openskill_after([0.0, 1.0])
        after = await shop.store.skills(GAME, 3, [player_subject(ann.id), bot_subject("hard")])
        assert (after[bot_subject("hard")].mu, after[player_subject(ann.id)].mu) == (
            pytest.approx(hard[0]),
            pytest.approx(mine[0]),
        )
        assert (await shop.store.ratings_of(bot_subject("hard")))[0].games == 1

    in_store(tmp_path, work)


def test_leaderboard_and_profile_show_public_finished_things_only(
    tmp_path: Path, database: str
) -> None:
    async def work(shop: Shop) -> None:
        ann, bob = await shop.person("Ann"), await shop.person("Bob")
        for returns in ([1.0, 0.0, 0.0], [1.0, 0.0, 0.0], [0.0, 1.0, 0.0]):
            seats = [human(ann, "Ann"), human(bob, "Bob"), bot("random")]
            await shop.ratings.record(await shop.table(seats, each_plays(3)), returns)
        unfinished = await shop.table([human(ann, "Ann"), human(bob, "Bob"), bot("random")], [])
        board = await shop.ratings.leaderboard(GAME, 3)
        names = [(row["name"], row["bot"]) for row in board["standings"]]
        assert names == [("Ann", False), ("Bob", False), ("random", True)]
        assert board["standings"][0]["player"] == ann.id and board["player_counts"] == [2, 3, 4, 5]
        assert [row["rank"] for row in board["standings"]] == [1, 2, 3]
        profile = await shop.ratings.profile(ann.id)
        assert profile["player"] == {"id": ann.id, "name": "Ann", "guest": True}
        assert profile["games_played"] == 3
        assert [g["place"] for g in profile["results"]] == [2, 1, 1], "newest first"
        assert all(g["replay"] for g in profile["results"])
        (rating,) = profile["ratings"]
        assert (rating["game"], rating["players"], rating["games"]) == (GAME, 3, 3)
        assert len(rating["history"]) == 3 and rating["history"][-1]["rating"] == rating["rating"]
        # a table's id here is short ("t4"): looked up where the profile names a table, not as a
        # substring of the whole profile, where a random 16-character player id may hold it
        named = {g["table"] for g in profile["results"]}
        named |= {point["table"] for point in rating["history"]}
        assert unfinished not in named and named == {"t1", "t2", "t3"}
        text = json.dumps(profile)
        assert "username" not in text and "session" not in text
        for bad in (
            lambda: shop.ratings.leaderboard("chess", None),
            lambda: shop.ratings.leaderboard(GAME, 7),
            lambda: shop.ratings.profile("nobody"),
            lambda: shop.ratings.profile("x" * 5000),
        ):
            with pytest.raises(NotFoundError):
                await bad()

    in_store(tmp_path, work, database)


def test_a_finished_table_left_unrecorded_is_recorded_at_the_next_start(
    tmp_path: Path, database: str
) -> None:
    """A server stopped between a game's last move and its record: the next start rebuilds the
    table from its moves and records it, once."""

    async def work(shop: Shop) -> None:
        ann = await shop.person("Ann")
        state = aerodeck.make(SHORT[0], 2, **SHORT[1]).new_game(seed=4)
        rng = random.Random(4)
        moves, notation = [], []
        while not state.is_terminal:
            seat = state.current_player
            assert seat is not None
            moves.append((seat, "human"))
            action = rng.choice(state.legal_actions())
            notation.append(str(action))
            state.apply(action)
        seats = [human(ann, "Ann"), bot("random")]
        table = await shop.table(seats, moves, notation=notation, game=SHORT, seed=4)
        assert await shop.store.unrecorded() == [table]
        assert await shop.ratings.catch_up() == 1
        assert await shop.ratings.catch_up() == 0
        profile = await shop.ratings.profile(ann.id)
        (game,) = profile["results"]
        assert game["return"] == state.returns()[0] and game["rated"]

    in_store(tmp_path, work, database)


def test_the_migration_keeps_every_table_seat_and_move(tmp_path: Path, database: str) -> None:
    """The revisions after 0003 on a database at 0003 holding a table: its seats and moves stay
    (on SQLite a batch copy of ``tables`` would cascade-delete them), and the table is rated by
    default; and back down again."""
    settings = Settings(data_dir=tmp_path, database=database)
    counts = "SELECT (SELECT count(*) FROM seats), (SELECT count(*) FROM moves)"

    async def run() -> None:
        engine = make_engine(settings.database_url)
        try:
            await migrate.upgrade(engine, "0003")
            async with engine.begin() as conn:
                await conn.execute(
                    text(
                        "INSERT INTO tables (id, game, players, options, seed, status, version,"
                        " listed, host_hash, created_at, updated_at, fallback_bot) VALUES"
                        " ('old', 'ace_race', 2, '{}', 1, 'playing', 1, true, :h, :at, :at, 'x')"
                    ),
                    {"h": "h" * 64, "at": utcnow()},
                )
                for seat in (0, 1):
                    await conn.execute(
                        text(
                            "INSERT INTO seats (table_id, seat, kind, name)"
                            " VALUES ('old', :seat, 'human', 'p')"
                        ),
                        {"seat": seat},
                    )
                await conn.execute(
                    text(
                        "INSERT INTO moves (table_id, seq, seat, move, source, created_at)"
                        " VALUES ('old', 0, 0, 'x', 'human', :at)"
                    ),
                    {"at": utcnow()},
                )
            await migrate.upgrade(engine)
            async with engine.connect() as conn:
                assert (await conn.execute(text(counts))).one() == (2, 1)
                rated = await conn.scalar(text("SELECT rated FROM tables WHERE id = 'old'"))
                assert rated in (True, 1)

            def down(connection: Connection) -> None:
                command.downgrade(migrate.alembic_config(connection), "0003")

            async with engine.begin() as conn:
                await conn.run_sync(down)
            async with engine.connect() as conn:
                assert (await conn.execute(text(counts))).one() == (2, 1)
        finally:
            await engine.dispose()

    asyncio.run(run())


# --- against a real server ------------------------------------------------------------------


def bind_seat(server: Server, table: str, seat: int, player_id: str) -> None:
    """Give a seat to a player in the server's store (what h16's seat ownership will do)."""
    with sqlite3.connect(server.data_dir / "aerodeck.sqlite3", timeout=30) as db:
        db.execute(
            "UPDATE seats SET player_id = ? WHERE table_id = ? AND seat = ?",
            (player_id, table, seat),
        )


def until(check: Callable[[], Any], what: str, seconds: float = 30.0) -> Any:
    """``check()`` once it is truthy (the finisher runs just after the end frame), bounded."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)
    raise AssertionError(f"not within {seconds} s: {what}")


def test_a_finished_game_rates_its_player_and_the_pages_answer(server: Server) -> None:
    with httpx.Client(base_url=server.base, timeout=30.0) as browser:
        browser.get("/")
        assert COOKIE in browser.cookies
        me = browser.get("/api/me").json()
        tables = []
        for _ in range(2):
            created = server.create(
                game=SHORT[0],
                players=2,
                options=SHORT[1],
                seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}],
                claim=0,
                name="Ann",
                listed=False,
            )
            bind_seat(server, created["table"], 0, me["id"])
            tables.append(created)
        finished, unfinished = tables

        async def play() -> dict[str, Any]:
            client = Client(server.ws_url, finished["table"], finished["token"])
            welcome = await client.connect()
            assert welcome["type"] == "welcome"
            return await drive(client, random.Random(3), welcome)

        end = asyncio.run(play())
        place = next(s["place"] for s in end["standings"] if s["seat"] == 0)
        url = f"/api/players/{me['id']}"

        def recorded() -> dict[str, Any] | None:
            profile: dict[str, Any] = browser.get(url).json()
            return profile if profile["games_played"] == 1 else None

        profile = until(recorded, "the finished game on the player's page")
        (game,) = profile["results"]
        assert (game["table"], game["place"], game["rated"], game["replay"]) == (
            finished["table"],
            place,
            True,
            True,
        )
        assert [s["name"] for s in game["seats"]] == ["Ann", "random"]
        (rating,) = profile["ratings"]
        assert (rating["game"], rating["players"], rating["games"], len(rating["history"])) == (
            SHORT[0],
            2,
            1,
            1,
        )
        text = browser.get(url).text
        assert unfinished["table"] not in text, "a game in progress shows nowhere"
        for private in ("username", "password", "session", "token", COOKIE):
            assert private not in text
        for secret in (finished["token"], finished["host_token"], unfinished["token"]):
            assert secret not in text
        board = browser.get(f"/api/leaderboard/{SHORT[0]}?players=2").json()
        assert {(r["name"], r["bot"]) for r in board["standings"]} == {
            (me["name"], False),
            ("random", True),
        }
        page = browser.get(f"/p/{me['id']}")
        assert page.status_code == 200 and me["name"] in page.text
        assert unfinished["table"] not in page.text and "<script>" not in page.text
        leaderboard = browser.get(f"/leaderboard/{SHORT[0]}?players=2")
        assert leaderboard.status_code == 200 and f'href="/p/{me["id"]}"' in leaderboard.text
        for path in (
            "/p/nobody",
            "/api/players/nobody",
            "/leaderboard/chess",
            f"/api/leaderboard/{SHORT[0]}?players=9",
            f"/api/leaderboard/{SHORT[0]}?players=x",
        ):
            response = browser.get(path)
            assert response.status_code in (404, 422), path
            assert len(response.text) < 300 and "Traceback" not in response.text
