"""The lobby's request bodies (pydantic): every field typed and bounded, unknown fields refused."""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, StrictBool, StrictInt, StrictStr

from aerodeck.web.service.clock import MAX_CLOCK, MIN_CLOCK


def _encodable(text: str) -> str:
    """Text the store can keep (no lone surrogates)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise ValueError("text must be valid Unicode") from None
    return text


Text = Annotated[StrictStr, AfterValidator(_encodable)]
Scalar = Text | StrictBool | StrictInt
MAX_SEATS = 16


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class SeatIn(_Body):
    kind: Literal["human", "bot"]
    bot: Text | None = Field(default=None, max_length=64)


class CreateTable(_Body):
    game: Text = Field(max_length=64)
    players: StrictInt | None = Field(default=None, ge=1, le=MAX_SEATS)
    options: dict[Annotated[Text, Field(max_length=64)], Scalar] = Field(default_factory=dict)
    seats: list[SeatIn] | None = Field(default=None, max_length=MAX_SEATS)
    listed: StrictBool = True
    clock: StrictInt | None = Field(default=None, ge=MIN_CLOCK, le=MAX_CLOCK)
    fallback_bot: Text = Field(default="heuristic", max_length=64)
    on_timeout: Literal["bot", "forfeit"] = "bot"
    claim: StrictInt | None = Field(default=None, ge=0, le=MAX_SEATS)
    name: Text = Field(default="", max_length=32)
    rated: StrictBool = True  # a finished game updates the ratings (docs/server.md, Ratings)
    hints: StrictBool = False  # "suggest a move" allowed (unrated tables only; docs/server.md)


class Join(_Body):
    seat: StrictInt | None = Field(default=None, ge=0, le=MAX_SEATS)
    invite: Text | None = Field(default=None, max_length=128)
    name: Text = Field(default="", max_length=32)


class SeatToken(_Body):
    token: Text = Field(max_length=128)


class SeatProof(_Body):
    """The seat's token, or none when the seat belongs to the signed-in player."""

    token: Text | None = Field(default=None, max_length=128)


class HostBot(_Body):
    host_token: Text | None = Field(default=None, max_length=128)  # None: the host player
    bot: Text | None = Field(default=None, max_length=64)


class HostOnly(_Body):
    host_token: Text | None = Field(default=None, max_length=128)  # None: the host player
