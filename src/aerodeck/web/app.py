"""The FastAPI application, built by ``create_app(settings)``: the store opened and migrated and
the hub's unfinished tables rebuilt for the app's lifespan, the routers, the static files."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import socket
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from argon2 import PasswordHasher
from fastapi import FastAPI
from fastapi.staticfiles import StaticFiles

from aerodeck import __version__
from aerodeck.agents.analysis import Budget
from aerodeck.web.db.analysis_store import AnalysisQueries
from aerodeck.web.db.campaign_store import CampaignQueries
from aerodeck.web.db.cluster_store import ClusterStore
from aerodeck.web.db.notify import PostgresBus
from aerodeck.web.db.store import Store
from aerodeck.web.headers import SecurityHeaders
from aerodeck.web.language import Language
from aerodeck.web.metrics import metered
from aerodeck.web.middleware import BodyLimit, one_line_errors
from aerodeck.web.request_log import RequestLog
from aerodeck.web.routers import (
    accounts,
    analysis,
    api_tokens,
    boards,
    campaigns,
    chat,
    language,
    lobby,
    me,
    operator,
    pages,
    players,
    ratings,
    tables,
    websocket,
)
from aerodeck.web.same_origin import SameOrigin
from aerodeck.web.service.accounts import Accounts
from aerodeck.web.service.analysis import Analyses
from aerodeck.web.service.api_tokens import ApiTokens
from aerodeck.web.service.bots import Autoplay
from aerodeck.web.service.campaigns import Campaigns
from aerodeck.web.service.cluster import Cluster
from aerodeck.web.service.hints import Hints
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.leases import Leases
from aerodeck.web.service.limits import WindowCounter
from aerodeck.web.service.players import Players
from aerodeck.web.service.ratings import Ratings
from aerodeck.web.service.rematch import Rematches
from aerodeck.web.service.throttle import SignInThrottle
from aerodeck.web.settings import Settings

log = logging.getLogger("aerodeck.web")
STATIC = Path(__file__).resolve().parent / "static"


def _cluster(hub: Hub, store: Store, settings: Settings) -> Cluster:
    """This process among any number of others on the same PostgreSQL store."""
    name = settings.node_name or f"{socket.gethostname()}:{os.getpid()}"
    queries = ClusterStore(store)
    leases = Leases(queries, name, settings.lease_seconds)
    cluster = Cluster(hub, PostgresBus(settings.database_url), queries, leases, name)
    hub.join_cluster(cluster)
    return cluster


def create_app(settings: Settings | None = None) -> FastAPI:
    """The server for ``settings`` (defaults: SQLite in ./aerodeck-data)."""
    settings = settings or Settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await Store.open(settings)
        hub = Hub(store, settings)
        autoplay = Autoplay(hub)
        app.state.hub = hub
        app.state.metrics = metered(hub, getattr(app.state, "header_wait", None))  # serve.py
        app.state.players = Players(store)
        app.state.accounts = Accounts(
            store,
            PasswordHasher(memory_cost=settings.password_memory_kib),
            SignInThrottle(
                settings.sign_ins_per_account,
                settings.sign_ins_per_address,
                settings.sign_in_window,
            ),
        )
        app.state.api_tokens = ApiTokens(store)
        app.state.ratings = Ratings(store)
        hub.finishers.append(app.state.ratings.record_table)
        app.state.store = store
        app.state.rematches = Rematches(hub, store)
        budget = Budget(worlds=settings.analysis_worlds)
        analyses = Analyses(hub, AnalysisQueries(store), budget)
        app.state.analyses = analyses
        app.state.hints = Hints(budget)
        app.state.campaigns = Campaigns(hub, CampaignQueries(store))
        hub.finishers.append(app.state.campaigns.table_finished)
        cluster = _cluster(hub, store, settings) if settings.clustered else None
        if cluster is not None:
            cluster.rematch_heard = app.state.rematches.heard
            await cluster.listen()  # before the tables are restored: no change is missed
        app.state.creations = WindowCounter(settings.creations_per_ip, settings.creation_window)
        restored = await hub.restore()
        log.info("rebuilt %d unfinished tables from the store", restored)
        resumed = await analyses.resume()
        if resumed:
            log.info("analysing again %d games a stop interrupted", resumed)
        await app.state.campaigns.catch_up()  # games that ended while nobody scored them
        if cluster is not None:
            cluster.run()  # the leases: which tables' bots and clocks run here
        purge = asyncio.create_task(hub.purge_forever())
        catch_up = asyncio.create_task(app.state.ratings.catch_up())  # while serving
        try:
            yield
        finally:
            for task in (purge, catch_up):
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
            if cluster is not None:
                await cluster.stop()  # the leases given up: the others take over at once
            autoplay.stop()
            analyses.stop()
            hub.shutdown()
            await store.close()

    app = FastAPI(
        title="aerodeck table server",
        version=__version__,
        description="Lobby of the online card table; the table itself is the WebSocket /ws "
        "(docs/web-protocol.md).",
        lifespan=lifespan,
    )
    one_line_errors(app, pages.error_page)
    app.include_router(lobby.router)
    app.include_router(operator.router)
    app.include_router(tables.router)
    app.include_router(players.router)
    app.include_router(chat.router)
    app.include_router(accounts.router)
    app.include_router(api_tokens.router)
    app.include_router(me.router)
    app.include_router(language.router)
    app.include_router(pages.router)
    app.include_router(ratings.router)
    app.include_router(analysis.router)
    app.include_router(boards.router)
    app.include_router(campaigns.router)
    app.include_router(websocket.router)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.add_middleware(BodyLimit, limit=settings.max_body_bytes)
    app.add_middleware(
        SameOrigin,
        cookie=players.COOKIE,
        public_url=settings.public_url,
        starts_session=accounts.STARTS_SESSION,
    )
    app.add_middleware(Language)  # the reader's language for the request or connection
    app.add_middleware(SecurityHeaders)  # on every answer, the refusals too
    app.add_middleware(RequestLog)  # outermost: one line per request, with its id
    return app
