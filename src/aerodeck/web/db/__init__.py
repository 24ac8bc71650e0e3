"""The table server's database: the SQLAlchemy models, the store that takes and returns the
service's records (``aerodeck.web.service.records``), and the Alembic migrations."""
