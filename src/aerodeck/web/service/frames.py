"""The protocol's frames (docs/web-protocol.md): what a client may send, parsed strictly, and the
close codes. Outgoing frames are built per recipient in ``tables``."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import (
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    StrictInt,
    StrictStr,
    TypeAdapter,
    ValidationError,
)

from aerodeck.web.service.records import MAX_MOVE_CHARS

# close codes
NORMAL = 1000
GOING_AWAY = 1001
MALFORMED = 4400
BAD_TOKEN = 4401
NO_TABLE = 4404
RATE_LIMIT = 4408
TOO_BIG = 4413
TOO_MANY = 4429
TOO_SLOW = 4500
SERVER_ERROR = 1011

MAX_TOKEN_CHARS = 128
MAX_TABLE_ID_CHARS = 64
TABLE_ID_PATTERN = r"^[A-Za-z0-9_-]{1,64}$"  # token_urlsafe's alphabet
CLIENT_ID_PATTERN = r"^[!-~]{1,64}$"  # printable ASCII: stored as given
MAX_INT = 2**53  # integers in frames: what every JSON reader keeps exactly


class _Frame(BaseModel):
    model_config = ConfigDict(extra="ignore", frozen=True)


class Hello(_Frame):
    type: Literal["hello"]
    table: StrictStr = Field(pattern=TABLE_ID_PATTERN)
    token: StrictStr | None = Field(default=None, max_length=MAX_TOKEN_CHARS)
    last_version: StrictInt | None = Field(default=None, ge=-MAX_INT, le=MAX_INT)
    chat: StrictBool = False  # send this connection the table's chat (service/chat.py)


class Act(_Frame):
    type: Literal["act"]
    id: StrictStr = Field(pattern=CLIENT_ID_PATTERN)
    version: StrictInt = Field(ge=-MAX_INT, le=MAX_INT)
    move: StrictStr = Field(min_length=1, max_length=MAX_MOVE_CHARS)


class Ping(_Frame):
    type: Literal["ping"]


class Say(_Frame):
    """A chat message: its channel is the sender's (service/chat.py checks the text)."""

    type: Literal["say"]
    text: StrictStr


class RematchAnswer(_Frame):
    """At a finished table: offer a rematch, accept or decline the one offered."""

    type: Literal["rematch"]
    answer: Literal["offer", "accept", "decline"]


class Why(_Frame):
    """Why is a move not offered now: answered to the asker alone (service/why.py)."""

    type: Literal["why"]
    move: StrictStr = Field(min_length=1, max_length=MAX_MOVE_CHARS)


ClientFrame = Hello | Act | Ping | Say | RematchAnswer | Why
_client_frame: TypeAdapter[ClientFrame] = TypeAdapter(
    Annotated[ClientFrame, Field(discriminator="type")]
)


class MalformedFrameError(ValueError):
    """A frame that is not one of the protocol's: the connection closes with 4400."""


def parse_frame(text: str) -> ClientFrame:
    """One client frame from its JSON text; MalformedFrameError with a short reason otherwise."""
    try:
        return _client_frame.validate_json(text)
    except ValidationError as error:
        first = error.errors(include_url=False, include_input=False)[0]
        where = ".".join(str(part) for part in first.get("loc", ())) or "frame"
        raise MalformedFrameError(
            f"malformed frame: {where}: {first.get('msg', 'invalid')}"
        ) from None
