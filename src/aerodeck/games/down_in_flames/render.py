"""Terminal text (rich markup) for Locked-On views and events."""

from __future__ import annotations

from aerodeck.core.api import JSON


def render_view(view: JSON) -> str:
    return str(view)


def describe_event(event: JSON) -> str:
    return str(event)
