"""The table server's service layer: the domain, with no FastAPI, Starlette or SQLAlchemy.

It talks to clients through the ``Connection`` protocol (the transport implements it) and to the
database through the ``TableStore`` protocol (``aerodeck.web.db`` implements it), with domain
records and errors on both sides. tests/web/test_layers.py checks its imports.
"""
