"""The move path on PostgreSQL for real: the same tests as on SQLite, on a throwaway cluster."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from tests.web import test_games, test_protocol
from tests.web.server import Server


@pytest.fixture(scope="module")
def pg_server(
    postgres_cluster: Callable[[], str], tmp_path_factory: pytest.TempPathFactory
) -> Iterator[Server]:
    running = Server(tmp_path_factory.mktemp("pgserve"), postgres_cluster()).start()
    yield running
    running.stop()


def test_a_whole_game_on_postgresql(pg_server: Server) -> None:
    game, options = test_games.GAMES[0]
    test_games.test_a_whole_game_through_the_protocol(pg_server, game, options)


def test_a_resent_message_id_on_postgresql(pg_server: Server) -> None:
    test_protocol.test_a_resent_message_id_is_acked_once_more_and_applied_once(pg_server)


def test_a_stale_version_on_postgresql(pg_server: Server) -> None:
    test_protocol.test_a_stale_version_is_refused(pg_server)


def test_an_illegal_move_on_postgresql(pg_server: Server) -> None:
    test_protocol.test_an_illegal_move_is_refused_with_the_rule_and_nothing_moves(pg_server)


def test_reconnect_on_postgresql(pg_server: Server) -> None:
    test_protocol.test_reconnect_with_last_version_gets_exactly_the_missed_events(pg_server)
