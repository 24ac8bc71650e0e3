"""The server's settings: where the store lives and every limit, in one typed place."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from aerodeck.core.rng import check_seed

DEFAULT_DATA_DIR = Path("aerodeck-data")
SQLITE_FILE = "aerodeck.sqlite3"


@dataclass(frozen=True)
class Settings:
    """Everything `aerodeck serve` can be told; the defaults are docs/server.md's."""

    database: str = ""  # a SQLAlchemy async URL; empty: SQLite in data_dir
    data_dir: Path = DEFAULT_DATA_DIR
    public_url: str = ""  # base of the links the lobby hands out; empty: from the request
    # frames
    max_frame_bytes: int = 16 * 1024
    ws_max_size: int = 64 * 1024  # the WebSocket layer's own limit (close 1009 above it)
    max_body_bytes: int = 64 * 1024
    hello_timeout: float = 10.0
    # A scripted client that acts as soon as its update arrives stays under the player rate; a
    # flood does not. Spectators only say hello and ping.
    player_rate: float = 50.0  # frames per second per player connection
    player_burst: int = 200
    spectator_rate: float = 5.0
    spectator_burst: int = 20
    outgoing_queue: int = 512  # frames waiting for a slow connection before it is closed
    # counts
    max_connections: int = 2000
    max_table_connections: int = 64
    max_seat_connections: int = 4
    max_tables: int = 1000  # unfinished tables per process
    creations_per_ip: int = 20
    creation_window: float = 600.0
    # bots
    bot_budget: float = 10.0  # seconds a bot may think before the random bot moves for it
    # Deals: None draws every table's seed unpredictably. A number makes the n-th table created by
    # this process deal as it did last time (tests and demos); whoever knows it knows every deck.
    table_seed: int | None = None
    # retention (seconds)
    keep_finished: float = 7 * 86400
    keep_abandoned: float = 30 * 86400
    keep_waiting: float = 86400
    purge_every: float = 3600.0
    evict_finished_after: float = 600.0  # finished tables leave memory; a hello reloads them

    def __post_init__(self) -> None:
        if self.table_seed is not None:
            check_seed(self.table_seed)  # 0..2**63-1, as every game's seed

    @property
    def database_url(self) -> str:
        """The URL given, or the SQLite file in the data folder."""
        if self.database:
            return self.database
        return f"sqlite+aiosqlite:///{(self.data_dir / SQLITE_FILE).resolve()}"
