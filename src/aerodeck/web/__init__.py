"""The table server: `aerodeck serve`, a server-authoritative online card table.

One concern per module: settings, tokens, models (the store's tables), migrate (Alembic at
start-up), store (the store's writes and reads), frames (the protocol's frames and close codes),
limits (rates and counts), tables (a table in memory and the frames built for each recipient),
hub (every table, the move path, the lobby's seat changes), bots (bot seats and the move clock),
ws (the WebSocket endpoint), lobby (REST), app (the FastAPI application), serve (uvicorn).
docs/web-protocol.md is the protocol; docs/server.md the operations.
"""
