"""The progress bars' shared columns: time spent and the time left (simulate, replay --analyse)."""

from __future__ import annotations

from rich.progress import ProgressColumn, TextColumn, TimeElapsedColumn, TimeRemainingColumn


def timing_columns() -> tuple[ProgressColumn, ...]:
    """Elapsed time, then "ETA" and the estimated time left."""
    return (TimeElapsedColumn(), TextColumn("ETA"), TimeRemainingColumn())
