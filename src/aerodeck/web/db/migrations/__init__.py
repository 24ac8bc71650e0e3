"""Alembic migrations of the store, run by ``aerodeck.web.db.migrate`` at start-up (no
alembic.ini)."""
