"""The server's small parts in process: tokens, frames, rate limits, bot seeds, the CLI."""

from __future__ import annotations

import pytest

from aerodeck.web.service.frames import Act, Hello, MalformedFrameError, Ping, parse_frame
from aerodeck.web.service.limits import TokenBucket, WindowCounter
from aerodeck.web.service.tokens import digest, matches, new_invite, new_token


def test_tokens_are_long_random_and_kept_only_as_digests() -> None:
    token = new_token()
    assert len(token) == 43 and token != new_token()
    assert len(new_invite()) == 22
    stored = digest(token)
    assert token not in stored and len(stored) == 64
    assert matches(token, stored)
    assert not matches(token[:-1] + ("A" if token[-1] != "A" else "B"), stored)
    assert not matches(None, stored) and not matches(token, None)
    assert not matches("\ud800", stored), "a lone surrogate is compared, not a crash"


def test_frames_parse_strictly() -> None:
    assert parse_frame('{"type":"hello","table":"abc_-9"}') == Hello(
        type="hello", table="abc_-9", token=None, last_version=None
    )
    assert isinstance(parse_frame('{"type":"ping","extra":1}'), Ping)
    act = parse_frame('{"type":"act","id":"m1","version":3,"move":"pass"}')
    assert isinstance(act, Act) and act.version == 3
    for bad in (
        "",
        "null",
        "{}",
        '{"type":"hello","table":"../etc"}',
        '{"type":"hello","table":"a","last_version":1.5}',
        '{"type":"act","id":"m 1","version":3,"move":"pass"}',
        '{"type":"act","id":"m1","version":"3","move":"pass"}',
        '{"type":"act","id":"m1","version":3,"move":""}',
        '{"type":"act","id":"m1","version":3}',
        '{"type":"ACT","id":"m1","version":3,"move":"pass"}',
        '{"type":"act","id":"m1","version":1' + "0" * 5000 + ',"move":"pass"}',
        '{"type":"hello","table":"a","last_version":-1' + "0" * 20 + "}",
    ):
        with pytest.raises(MalformedFrameError, match="malformed frame"):
            parse_frame(bad)


def test_a_token_bucket_lets_a_burst_through_then_refuses() -> None:
    bucket = TokenBucket(rate=0.001, burst=5)
    assert [bucket.take() for _ in range(7)] == [True] * 5 + [False] * 2


def test_a_window_counter_counts_per_key() -> None:
    counter = WindowCounter(limit=2, window=3600)
    assert [counter.allow("a") for _ in range(3)] == [True, True, False]
    assert counter.allow("b")


def test_a_bot_decision_is_a_function_of_the_table_seed_seat_and_version() -> None:
    import aerodeck
    from aerodeck.core.rng import derive_seed
    from aerodeck.web.service.bots import choose

    game = aerodeck.make("aces_versus_aces", 3)
    state = game.new_game(seed=11)
    seat = state.current_player
    assert seat is not None
    seed = derive_seed(11, "bot", seat, state.move_number)
    moves = {choose(game, "ismcts-easy", seed, state.clone(), seat) for _ in range(3)}
    assert len(moves) == 1, "a table rebuilt after a crash makes the same bot move"
    assert moves <= {str(a) for a in state.legal_actions()}


@pytest.mark.parametrize(
    "args",
    [
        ["--database", "postgresql://user@host/db"],  # no async driver
        ["--database", "not a url"],
        ["--database", "postgresql+asyncpg://user:pw@127.0.0.1:1/db"],  # nobody listens
    ],
    ids=["sync-driver", "not-a-url", "unreachable"],
)
def test_serve_refuses_a_store_it_cannot_use_in_one_line(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from aerodeck.cli.app import main

    assert main(["serve", "--port", "1", *args]) == 2
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and len(err.splitlines()) == 1
    assert ":pw@" not in err, "the password is masked"
