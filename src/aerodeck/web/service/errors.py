"""What the service refuses, and what the store reports, as domain errors: the transport turns the
first into its own answers (HTTP statuses), the service turns the second into refusals."""

from __future__ import annotations


class TableRequestError(Exception):
    """A lobby request about a table refused, with one readable line."""


class NotFoundError(TableRequestError):
    """No such table or seat."""


class WrongSecretError(TableRequestError):
    """A token or invite code that is not the one asked for."""


class ConflictError(TableRequestError):
    """The request conflicts with the table's state (a seat taken, the game over, ...)."""


class InvalidRequestError(TableRequestError):
    """A value the service cannot take (a display name, a password, ...); the message says why."""


class CapacityError(TableRequestError):
    """The server holds its maximum (of tables)."""


class StoreError(Exception):
    """The store did not answer or did not take a write: nothing was stored."""


class DuplicateError(StoreError):
    """The store already holds this (a move at this version, or this client message id)."""
