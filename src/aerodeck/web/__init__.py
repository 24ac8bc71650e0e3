"""The table server: `aerodeck serve`, a server-authoritative online card table.

One concern per module: settings, tokens, models (the store's tables), migrate (Alembic at
start-up), store (the store's queries), remote_options (options from the network), frames (the
protocol's frames in and out), limits (rates and counts), tables (the tables in memory and the
move path), bots (bot seats and the move clock), ws (the WebSocket endpoint), lobby (REST), app
(the FastAPI application). docs/web-protocol.md is the protocol; docs/server.md the operations.
"""
