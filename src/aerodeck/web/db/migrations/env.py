"""Alembic's environment: the connection comes from ``aerodeck.web.db.migrate`` (no alembic.ini)."""

from __future__ import annotations

from alembic import context

from aerodeck.web.db.models import Base

connection = context.config.attributes["connection"]
context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
with context.begin_transaction():
    context.run_migrations()
