"""Accounts and the security of cookie sessions, against a real server process: a guest becomes
an account and keeps its player, sign-in on a second browser starts a new session (a session
planted before sign-in is worth nothing after), sign out everywhere, cross-site requests
refused when they ride on the cookie, sign-in throttled and logged without the password,
API tokens."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
import websockets

from aerodeck.web.db.store import Store
from aerodeck.web.routers.players import COOKIE
from aerodeck.web.same_origin import origin_of
from aerodeck.web.service.api_tokens import ApiToken
from aerodeck.web.service.limits import TooManyTriesError
from aerodeck.web.service.players import Players
from aerodeck.web.service.records import utcnow
from aerodeck.web.service.throttle import SignInThrottle
from aerodeck.web.service.tokens import digest
from aerodeck.web.settings import Settings
from tests.web.server import Server

EVIL = "https://evil.example"
GAME = "aces_versus_aces"
PASSWORD = "correct horse battery"
# A cheap Argon2 (64 KiB instead of 64 MiB): a hash takes milliseconds, not a second, on a busy
# machine. Production keeps the default; the hashing code is the same.
FAST_HASHES = ("--password-memory-kib", "64")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """One server for the module, with the sign-in limits lifted (every client is 127.0.0.1;
    the throttle has a test and a server of its own)."""
    lifted = ("--sign-ins-per-address", "10000", "--sign-ins-per-account", "10000")
    flags = ("--creations-per-ip", "10000", *lifted, *FAST_HASHES)
    running = Server(tmp_path_factory.mktemp("accounts"), "", *flags).start()
    yield running
    running.stop()


@contextmanager
def visit(server: Server, origin: str | None = None) -> Iterator[httpx.Client]:
    """A browser that opened the lobby (so holds a guest's cookie) and sends ``origin`` (by
    default the server's own) with every request, as a browser's fetch does."""
    headers = {"Origin": origin or server.base}
    with httpx.Client(base_url=server.base, timeout=30.0, headers=headers) as client:
        assert client.get("/").status_code == 200
        assert client.cookies.get(COOKIE)
        yield client


def cookie_flags(response: httpx.Response) -> set[str]:
    """The attributes of the session cookie the response sets, lower case."""
    header = response.headers["set-cookie"]
    assert header.startswith(f"{COOKIE}="), header
    return {part.strip().lower() for part in header.split(";")[1:]}


def me(client: httpx.Client, secret: str | None = None) -> httpx.Response:
    """GET /api/me with the client's cookie, or with ``secret`` as the cookie."""
    if secret is None:
        return client.get("/api/me")
    bare = httpx.Client(base_url=client.base_url, timeout=30.0)
    with bare:
        return bare.get("/api/me", headers={"Cookie": f"{COOKIE}={secret}"})


def test_a_guest_becomes_an_account_and_keeps_its_player(server: Server) -> None:
    with visit(server) as alice, visit(server) as other:
        guest = me(alice).json()
        planted = alice.cookies[COOKIE]
        made = alice.post("/api/account", json={"username": "Alice", "password": PASSWORD})
        assert made.status_code == 201, made.text
        assert made.json()["id"] == guest["id"] and made.json()["username"] == "alice"
        assert alice.cookies[COOKIE] != planted, "a new session, a new cookie"
        assert {"httponly", "samesite=lax", "path=/"} <= cookie_flags(made)
        assert "secure" not in cookie_flags(made), "plain http: a Secure cookie would be lost"
        assert me(alice).json() == {**guest, "guest": False, "username": "alice"}
        assert me(alice, planted).status_code == 401, "the guest's session ended"
        taken = other.post("/api/account", json={"username": "ALICE", "password": PASSWORD})
        assert taken.status_code == 409 and "taken" in taken.json()["detail"]
        short = other.post("/api/account", json={"username": "bob", "password": "1234567"})
        assert short.status_code == 400 and "8 characters" in short.json()["detail"]
        again = alice.post("/api/account", json={"username": "alice2", "password": PASSWORD})
        assert again.status_code == 409
        renamed = alice.post("/api/me/name", json={"name": " Alice A. "})
        assert renamed.status_code == 200 and me(alice).json()["name"] == "Alice A."


def test_sign_in_elsewhere_is_a_new_session_and_sign_out_everywhere_ends_all(
    server: Server,
) -> None:
    with visit(server) as laptop, visit(server) as phone:
        laptop.post("/api/account", json={"username": "carol", "password": PASSWORD})
        carol = me(laptop).json()
        planted = phone.cookies[COOKIE]  # say, set in this browser by someone else
        wrong = phone.post("/api/sign-in", json={"username": "carol", "password": "nope" * 3})
        assert wrong.status_code == 401 and wrong.json()["detail"] == "wrong username or password"
        unknown = phone.post("/api/sign-in", json={"username": "nobody", "password": PASSWORD})
        assert unknown.json() == wrong.json(), "an unknown name answers as a wrong password"
        signed = phone.post("/api/sign-in", json={"username": "CAROL", "password": PASSWORD})
        assert signed.status_code == 200 and signed.json()["id"] == carol["id"]
        assert phone.cookies[COOKIE] not in (planted, laptop.cookies[COOKIE])
        assert me(phone, planted).status_code == 401, "the planted session is not the new one"
        assert me(phone).json()["id"] == me(laptop).json()["id"] == carol["id"]

        changed = laptop.post("/api/me/password", json={"current": "nope" * 3, "new": "x" * 8})
        assert changed.status_code == 401 and changed.json()["detail"] == "wrong password"
        new_password = "battery staple horse"
        changed = laptop.post("/api/me/password", json={"current": PASSWORD, "new": new_password})
        assert changed.status_code == 200 and changed.json()["id"] == carol["id"]
        assert me(phone).status_code == 401, "a new password signs out the other devices"
        old = phone.post("/api/sign-in", json={"username": "carol", "password": PASSWORD})
        assert old.status_code == 401
        signed = phone.post("/api/sign-in", json={"username": "carol", "password": new_password})
        assert signed.status_code == 200 and me(laptop).json()["id"] == carol["id"]

        ended = phone.post("/api/sign-out-everywhere")
        assert ended.status_code == 200 and ended.json()["signed_out"] == 2
        assert me(phone).status_code == 401 and me(laptop).status_code == 401
        again = laptop.post("/api/sign-in", json={"username": "carol", "password": new_password})
        assert again.status_code == 200
        assert laptop.post("/api/sign-out").status_code == 200
        assert me(laptop).status_code == 401


def test_a_forged_cross_site_request_is_refused_when_it_rides_on_the_cookie(
    server: Server,
) -> None:
    with visit(server, EVIL) as victim:
        forged = victim.post("/api/me/name", json={"name": "pwned"})
        assert forged.status_code == 403 and "cross-site" in forged.json()["detail"]
        secret = victim.cookies[COOKIE]
        headers = {"Cookie": f"{COOKIE}={secret}"}
        for claimed in ({"Referer": f"{EVIL}/page"}, {}, {"Origin": "null"}):
            refused = httpx.post(
                f"{server.base}/api/me/name", json={"name": "x"}, headers={**headers, **claimed}
            )
            assert refused.status_code == 403, claimed
        own = {**headers, "Referer": f"{server.base}/"}
        assert httpx.post(f"{server.base}/api/me/name", json={"name": "x"}, headers=own).is_success
        assert victim.get("/api/me").status_code == 200, "reading is not refused"
        login = httpx.post(
            f"{server.base}/api/sign-in",
            json={"username": "alice", "password": PASSWORD},
            headers={"Origin": EVIL},
        )
        assert login.status_code == 403, "a forged sign-in is refused even without a cookie"

    # A script's seat-token calls carry no cookie: whatever their headers, they pass.
    script = {"Origin": EVIL}
    base = server.base
    created = httpx.post(
        f"{base}/api/tables",
        json={"game": GAME, "players": 2, "seats": [{"kind": "human"}] * 2, "listed": False},
        headers=script,
    )
    assert created.status_code == 201, created.text
    table, invite = created.json()["table"], created.json()["invites"][0]
    claim = {"seat": invite["seat"], "invite": invite["code"]}
    joined = httpx.post(f"{base}/api/tables/{table}/join", json=claim, headers=script)
    assert joined.status_code == 200
    left = httpx.post(
        f"{base}/api/tables/{table}/leave", json={"token": joined.json()["token"]}, headers=script
    )
    assert left.status_code == 200

    async def handshake(origin: str) -> None:
        cookie = {"Cookie": f"{COOKIE}={secret}"}
        async with websockets.connect(server.ws_url, origin=origin, additional_headers=cookie):
            pass

    with pytest.raises(websockets.InvalidStatus, match="403"):
        asyncio.run(handshake(EVIL))
    asyncio.run(handshake(server.base))


def test_api_tokens_identify_their_account_until_revoked(server: Server) -> None:
    with visit(server) as guest:
        refused = guest.post("/api/me/tokens", json={"name": "bot"})
        assert refused.status_code == 409 and "account" in refused.json()["detail"]
        guest.post("/api/account", json={"username": "dave", "password": PASSWORD})
        made = guest.post("/api/me/tokens", json={"name": "my bot"})
        assert made.status_code == 201, made.text
        token, token_id = made.json()["token"], made.json()["id"]
        listed = guest.get("/api/me/tokens").json()["tokens"]
        assert [t["name"] for t in listed] == ["my bot"] and token not in str(listed)
        dave = me(guest).json()

    bearer = {"Authorization": f"Bearer {token}", "Origin": EVIL}  # no cookie: no CSRF check
    assert httpx.get(f"{server.base}/api/me", headers=bearer).json()["id"] == dave["id"]
    renamed = httpx.post(f"{server.base}/api/me/name", json={"name": "Dave bot"}, headers=bearer)
    assert renamed.status_code == 200 and renamed.json()["name"] == "Dave bot"
    more = httpx.post(f"{server.base}/api/me/tokens", json={"name": "x"}, headers=bearer)
    assert more.status_code == 401, "a token cannot make tokens"

    with httpx.Client(base_url=server.base, timeout=30.0, headers={"Origin": server.base}) as web:
        assert web.post("/api/sign-in", json={"username": "dave", "password": PASSWORD}).is_success
        assert web.delete(f"/api/me/tokens/{token_id}").status_code == 204
        assert web.delete(f"/api/me/tokens/{token_id}").status_code == 404
    gone = httpx.get(f"{server.base}/api/me", headers=bearer)
    assert gone.status_code == 401 and "revoked" in gone.json()["detail"]


def test_a_thousand_wrong_passwords_are_throttled_and_logged_without_them(
    new_server: Callable[..., Server],
) -> None:
    """The default limits (5 attempts per account, 20 per address) in a window of an hour (the
    default minute could pass during the test), over HTTPS as the public URL says: the cookie
    is Secure and the pages' origin is the public one."""
    public = "https://cards.example"
    flags = ("--public-url", public, "--sign-in-window", "3600", *FAST_HASHES)
    https_server = new_server("", None, *flags)
    first = httpx.get(f"{https_server.base}/", timeout=30.0)
    assert {"httponly", "samesite=lax", "secure"} <= cookie_flags(first)

    secret = first.cookies[COOKIE]
    browser = {"Origin": public, "Cookie": f"{COOKIE}={secret}"}
    with httpx.Client(base_url=https_server.base, timeout=30.0, headers=browser) as client:
        made = client.post("/api/account", json={"username": "erin", "password": PASSWORD})
        assert made.status_code == 201, made.text
        assert {"httponly", "samesite=lax", "secure"} <= cookie_flags(made)
        guesses = [f"guess-{n:04d}-xyzzy" for n in range(1000)]
        answers = [
            client.post("/api/sign-in", json={"username": "erin", "password": guess})
            for guess in guesses
        ]
        codes = [answer.status_code for answer in answers]
        assert codes[:5] == [401] * 5 and set(codes[5:]) == {429}
        assert 0 < int(answers[-1].headers["retry-after"]) <= 3600
        right = client.post("/api/sign-in", json={"username": "erin", "password": PASSWORD})
        assert right.status_code == 429, "the account waits out its window, right or wrong"
        spread = [
            client.post("/api/sign-in", json={"username": f"u{n}", "password": PASSWORD})
            for n in range(20)
        ]
        assert [a.status_code for a in spread] == [401] * 15 + [429] * 5
        assert "from this address" in spread[-1].json()["detail"]
    log = https_server.log.read_text(errors="replace")
    assert log.count("sign-in refused") >= 1000
    assert not any(guess in log for guess in guesses) and PASSWORD not in log


def test_the_store_keeps_accounts_sessions_and_tokens(database: str, tmp_path: Path) -> None:
    """The store's account calls on SQLite and PostgreSQL: a username taken once, sessions
    started and ended with their counts, tokens bounded per player and deleted by their owner
    only."""

    async def run() -> None:
        store = await Store.open(Settings(database=database, data_dir=tmp_path))
        try:
            players = Players(store)
            ada, ada_secret = await players.new_guest()
            bob, _ = await players.new_guest()
            assert await store.make_account(ada.id, "ada", "hash-a", digest("s1"))
            assert not await store.make_account(bob.id, "ada", "hash-b", digest("s2")), "taken"
            assert not await store.make_account(ada.id, "ada2", "hash-a", digest("s3")), "no guest"
            found = await store.account("ada")
            assert found is not None and found[0].id == ada.id and found[1] == "hash-a"
            assert await players.by_session(ada_secret) is None, "the guest's session ended"
            await store.start_session(ada.id, digest("s4"), ending=digest("s1"))
            assert await players.by_session("s1") is None
            assert (await players.by_session("s4")) == found[0]
            await store.start_session(ada.id, digest("s5"), ending=None)
            await store.end_session(digest("s5"))
            await store.change_password(ada.id, "hash-c", digest("s6"))
            assert await players.by_session("s4") is None, "a new password ends the sessions"
            assert (await store.account("ada")) == (found[0], "hash-c")
            assert await store.end_sessions(ada.id) == 1 and await players.by_session("s6") is None

            tokens = [ApiToken(f"t{n}", ada.id, f"bot {n}", utcnow()) for n in range(3)]
            for n, token in enumerate(tokens):
                assert await store.add_api_token(token, digest(f"k{n}"), most=2) == (n < 2)
            assert [t.id for t in await store.api_tokens(ada.id)] == ["t0", "t1"]
            assert (await store.api_token_player(digest("k0"))) == found[0]
            assert not await store.delete_api_token(bob.id, "t0"), "only the owner's"
            assert await store.delete_api_token(ada.id, "t0")
            assert await store.api_token_player(digest("k0")) is None
        finally:
            await store.close()

    asyncio.run(run())


def test_the_throttle_counts_per_account_and_per_address() -> None:
    throttle = SignInThrottle(per_account=2, per_address=3, window=600)
    throttle.attempt("ada", "10.0.0.1")
    throttle.attempt("ada", "10.0.0.2")
    with pytest.raises(TooManyTriesError, match="for this account") as refused:
        throttle.attempt("ada", "10.0.0.3")
    assert 0 < refused.value.retry_after <= 600
    throttle.attempt("bob", "10.0.0.1")
    throttle.attempt("cy", "10.0.0.1")
    with pytest.raises(TooManyTriesError, match="from this address"):
        throttle.attempt("dee", "10.0.0.1")
    throttle.attempt("dee", "10.0.0.4")  # the refused attempt was not counted against dee
    throttle.attempt("dee", "10.0.0.4")
    with pytest.raises(TooManyTriesError, match="for this account"):
        throttle.attempt("dee", "10.0.0.4")


@pytest.mark.parametrize(
    ("url", "origin"),
    [
        ("https://Cards.Example:443/lobby", "https://cards.example"),
        ("http://127.0.0.1:8000/", "http://127.0.0.1:8000"),
        ("wss://cards.example/ws", "https://cards.example"),
        ("null", None),
        ("javascript:alert(1)", None),
        ("http://[::1]:99999/", None),
    ],
)
def test_origins_are_compared_in_one_spelling(url: str, origin: str | None) -> None:
    assert origin_of(url) == origin
