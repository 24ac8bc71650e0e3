"""The server's settings: where the store lives and every limit, in one typed place.

Each field carries its help (and, for some, a least value) in its metadata: `aerodeck serve`
builds one command-line option per field from them (``cli/commands/serve.py``), so a new setting
is an option without a second edit. ``flag`` and ``per`` name an option in other units than the
field (``--keep-days``: the field counts seconds).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aerodeck.core.rng import check_seed

DEFAULT_DATA_DIR = Path("aerodeck-data")
SQLITE_FILE = "aerodeck.sqlite3"
DAY = 86400.0


def _option(help_text: str, **more: Any) -> dict[str, Any]:
    """A field's metadata for its command-line option: its help and, in ``more``, ``minimum``
    (the least value), ``flag`` and ``per`` (an option in other units: value times ``per``)."""
    return {"help": help_text, **more}


@dataclass(frozen=True)
class Settings:
    """Everything `aerodeck serve` can be told; the defaults are docs/server.md's."""

    database: str = field(
        default="",
        metadata=_option(
            "SQLAlchemy async URL, e.g. postgresql+asyncpg://user@host/db (default: SQLite in "
            "the data folder)"
        ),
    )
    data_dir: Path = field(
        default=DEFAULT_DATA_DIR, metadata=_option("folder of the SQLite store (default database)")
    )
    public_url: str = field(
        default="", metadata=_option("base URL of the links handed out (default: as requested)")
    )
    # the edge (web/edge.py, docs/server.md: The edge)
    forwarded_allow_ips: str = field(
        default="",
        metadata=_option(
            "comma-separated addresses of the proxies whose X-Forwarded-For is trusted "
            "(default: none, every client is its socket's address)"
        ),
    )
    header_timeout: float = field(
        default=5.0,
        metadata=_option("seconds a connection has to send its request headers", minimum=0.1),
    )
    max_waiting_headers: int = field(
        default=256,
        metadata=_option(
            "connections waiting for their headers at once (then the oldest is closed)",
            minimum=1,
        ),
    )
    wrong_secrets_per_address: int = field(
        default=10,
        metadata=_option(
            "wrong tokens or invite codes one client address may send per secret window",
            minimum=1,
        ),
    )
    wrong_secrets_per_table: int = field(
        default=30,
        metadata=_option("wrong tokens or invite codes one table may get per window", minimum=1),
    )
    secret_window: float = field(
        default=60.0,
        metadata=_option("seconds of the window wrong secrets are counted in", minimum=1),
    )
    # frames
    max_frame_bytes: int = field(
        default=16 * 1024, metadata=_option("bytes a frame may have (close 4413)", minimum=1)
    )
    ws_max_size: int = field(
        default=64 * 1024,
        metadata=_option("bytes the WebSocket layer accepts in a frame (close 1009)", minimum=1),
    )
    max_body_bytes: int = field(
        default=64 * 1024, metadata=_option("bytes a lobby request body may have", minimum=1)
    )
    hello_timeout: float = field(
        default=10.0, metadata=_option("seconds a connection has to say hello", minimum=0.1)
    )
    # A scripted client that acts as soon as its update arrives stays under the player rate; a
    # flood does not. Spectators only say hello and ping.
    player_rate: float = field(
        default=50.0,
        metadata=_option("frames per second a player connection may send", minimum=0.1),
    )
    player_burst: int = field(
        default=200, metadata=_option("frames a player connection may send at once", minimum=1)
    )
    spectator_rate: float = field(
        default=5.0,
        metadata=_option("frames per second a spectator connection may send", minimum=0.1),
    )
    spectator_burst: int = field(
        default=20, metadata=_option("frames a spectator may send at once", minimum=1)
    )
    outgoing_queue: int = field(
        default=512,
        metadata=_option("frames waiting for a slow connection before it is closed", minimum=1),
    )
    # chat (service/chat.py): both buckets, per connection and per author, have these sizes
    chat_rate: float = field(
        default=1.0,
        metadata=_option(
            "chat messages per second a connection or an author may send", minimum=0.01
        ),
    )
    chat_burst: int = field(
        default=5,
        metadata=_option("chat messages a connection or an author may send at once", minimum=1),
    )
    chat_history: int = field(
        default=100,
        metadata=_option("latest chat messages of each channel sent on a hello", minimum=0),
    )
    # counts
    max_connections: int = field(
        default=2000, metadata=_option("WebSocket connections per process", minimum=1)
    )
    max_table_connections: int = field(
        default=64, metadata=_option("connections per table", minimum=1)
    )
    max_table_spectators: int = field(
        default=48, metadata=_option("spectator connections per table", minimum=0)
    )
    spectator_idle: float = field(
        default=900.0,
        metadata=_option(
            "seconds a spectator connection may send nothing (pings count) before it is closed",
            minimum=1,
        ),
    )
    max_seat_connections: int = field(
        default=4, metadata=_option("connections per seat", minimum=1)
    )
    max_tables: int = field(
        default=1000, metadata=_option("unfinished tables per process", minimum=1)
    )
    creations_per_ip: int = field(
        default=20,
        metadata=_option("tables one client address may create per creation window", minimum=1),
    )
    creation_window: float = field(
        default=600.0,
        metadata=_option("seconds of the window creations per address are counted in", minimum=1),
    )
    # accounts: sign-in attempts counted per account and per address in a sliding window
    sign_ins_per_account: int = field(
        default=5,
        metadata=_option("sign-in attempts one account may get per sign-in window", minimum=1),
    )
    sign_ins_per_address: int = field(
        default=20,
        metadata=_option("sign-in attempts one client address may make per window", minimum=1),
    )
    sign_in_window: float = field(
        default=60.0,
        metadata=_option("seconds of the window sign-in attempts are counted in", minimum=1),
    )
    # Argon2id's memory per password hash (RFC 9106's second choice: 64 MiB, 3 passes). Only
    # tests lower it, to keep a hash from taking a second on a loaded machine.
    password_memory_kib: int = field(
        default=64 * 1024,
        metadata=_option("KiB of memory one password hash takes (Argon2id)", minimum=32),
    )
    # bots
    bot_budget: float = field(
        default=10.0,
        metadata=_option("seconds a bot may think before the random bot moves", minimum=0.1),
    )
    # a finished game's analysis and the hints (service/analysis.py, service/hints.py)
    analysis_worlds: int | None = field(
        default=None,
        metadata=_option(
            "sampled worlds per decision of an analysis or a hint (default: the game's own "
            "search settings; fewer is faster and rougher)",
            minimum=2,
        ),
    )
    # Deals: None draws every table's seed unpredictably. A number makes the n-th table created by
    # this process deal as it did last time (tests and demos); whoever knows it knows every deck.
    table_seed: int | None = field(
        default=None,
        metadata=_option("deal the same tables every run (tests, demos; never a public server)"),
    )
    # several processes on one PostgreSQL store (service/cluster.py, docs/server.md)
    node_name: str = field(
        default="",
        metadata=_option(
            "this process's name among several on one PostgreSQL store, unique to it "
            "(default: host:pid)"
        ),
    )
    lease_seconds: float = field(
        default=4.0,
        metadata=_option(
            "seconds a process holds a table's bots and clock unless renewed; a dead "
            "process's tables are taken over after it",
            minimum=1,
        ),
    )
    # retention
    keep_finished: float = field(
        default=7 * DAY,
        metadata=_option(
            "days a finished table is kept before the purge", minimum=0, flag="--keep-days", per=DAY
        ),
    )
    keep_abandoned: float = field(
        default=30 * DAY,
        metadata=_option("seconds an unfinished table without a move is kept", minimum=0),
    )
    keep_waiting: float = field(
        default=DAY, metadata=_option("seconds a table waiting for its players is kept", minimum=0)
    )
    purge_every: float = field(
        default=3600.0,
        metadata=_option("seconds between purges of tables past retention", minimum=1),
    )
    evict_finished_after: float = field(
        default=600.0,
        metadata=_option(
            "seconds a finished table stays in memory (a hello reloads it)", minimum=0
        ),
    )

    def __post_init__(self) -> None:
        if self.table_seed is not None:
            check_seed(self.table_seed)  # 0..2**63-1, as every game's seed

    @property
    def clustered(self) -> bool:
        """Whether other processes may serve the same store (PostgreSQL: any number may)."""
        return self.database.startswith("postgresql")

    @property
    def database_url(self) -> str:
        """The URL given, or the SQLite file in the data folder."""
        if self.database:
            return self.database
        return f"sqlite+aiosqlite:///{(self.data_dir / SQLITE_FILE).resolve()}"
