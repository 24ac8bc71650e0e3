"""Alembic migrations of the store, run by ``aerodeck.web.migrate`` at start-up (no alembic.ini)."""
