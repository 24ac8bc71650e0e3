"""The table server: `aerodeck serve`, a server-authoritative online card table.

Three layers, imports one way (routers and db -> service):

- ``routers/``: the endpoints, one ``APIRouter`` each (lobby, tables, pages, websocket), and the
  WebSocket adapted to the service's ``Connection``;
- ``service/``: the domain, with no FastAPI, Starlette or SQLAlchemy import (the hub and the move
  path, tables and their frames, the session of a connection, bots and the move clock, records,
  errors, the table status);
- ``db/``: the SQLAlchemy models, the store (the service's ``TableStore``), the migrations.

``app`` builds the application, ``middleware`` its HTTP plumbing, ``serve`` runs it with uvicorn,
``settings`` holds every limit. docs/web-protocol.md is the protocol; docs/server.md the
operations and the module table.
"""
