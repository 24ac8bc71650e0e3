"""Whole games through the protocol: two humans and a bot, a spectator, every frame checked."""

from __future__ import annotations

import asyncio

import pytest

import aerodeck
from tests.web.play import check_frames, play
from tests.web.server import Server

GAMES = [
    ("aces_versus_aces", {"target": 10}),  # face-down plays: secret moves in the history
    ("race_to_ace", {"kills_to_win": 2}),  # hidden hands
    ("ace_race", {}),  # a card given to one player
]


def _seat_up(server: Server, game: str, options: dict[str, object]) -> tuple[str, dict[int, str]]:
    created = server.create(
        game=game,
        players=3,
        options=options,
        seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "bot": "heuristic"}],
        claim=0,
        name="ann",
        listed=False,
    )
    assert created["table_state"]["status"] == "waiting"
    (invite,) = created["invites"]
    assert invite["seat"] == 1 and invite["link"].endswith(
        f"#invite={invite['code']}&seat={invite['seat']}"
    )
    token = server.join(created["table"], 1, invite["code"])
    return created["table"], {0: created["token"], 1: token}


@pytest.mark.parametrize(("game", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_a_whole_game_through_the_protocol(
    server: Server, game: str, options: dict[str, object]
) -> None:
    table, tokens = _seat_up(server, game, options)
    clients, ends = asyncio.run(play(server.ws_url, table, tokens, seed=7))
    records = [end["record"] for end in ends]
    assert all(r == records[0] for r in records), "every seat and spectator gets the same record"
    record = records[0]
    final = aerodeck.replay(record)
    assert final.is_terminal
    assert [end["winners"] for end in ends] == [final.winners] * len(ends)
    assert ends[0]["returns"] == final.returns()
    places = {row["seat"]: row["place"] for row in ends[0]["standings"]}
    if final.winners:
        assert {seat for seat, place in places.items() if place == 1} == set(final.winners)
    for seat, client in clients.items():
        assert check_frames(client, seat, record) > len(record["actions"]) // 2
    for seat in (0, 1):
        acked = [f for f in clients[seat].frames if f["type"] == "ack"]
        assert acked, "each human made moves"
        assert [f["version"] for f in acked] == sorted({f["version"] for f in acked})
    assert server.get(f"/api/tables/{table}").json()["status"] == "over"


def test_a_spectator_sees_no_seat_s_hand(server: Server) -> None:
    table, tokens = _seat_up(server, "race_to_ace", {"kills_to_win": 1})
    clients, _ = asyncio.run(play(server.ws_url, table, tokens, seed=3))
    spectator = clients[None]
    for frame in spectator.frames:
        if frame["type"] in ("welcome", "update"):
            assert "hand" not in frame["view"] and "wing" not in frame["view"]
            for event in frame["events"]:
                if event["event"]["type"] == "deal":  # the dealt hands are each seat's own
                    assert "hand" not in event["event"] and "wing" not in event["event"]
                if event["event"]["type"] == "turn":  # the card drawn is the drawer's own
                    assert "card" not in event["event"]
    seat0 = clients[0]
    assert any("hand" in f.get("view", {}) for f in seat0.frames), "a seat sees its own hand"
