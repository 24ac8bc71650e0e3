"""Python's garbage collector set for a long-running server (docs/server.md, "Capacity").

With the interpreter's defaults a busy server collected its youngest objects every 700
allocations, so the frames, futures and coroutines of the moves in flight were promoted to the
older generations, and a full collection, which walks every object of the process (the imported
modules, the app, every table), came every second or so at a few hundred moves a second: up to
100 ms of CPU each, holding every table's moves meanwhile (the act-to-ack tail). Two changes:

- everything alive when the server starts (modules, classes, the app) is frozen out of the
  collector (``gc.freeze``): it lives as long as the process and is never garbage;
- the youngest generation is collected every ``YOUNG_THRESHOLD`` allocations, so what a move
  allocates is mostly gone, freed by reference counting, before a collection looks at it.

Cycles are still collected (asyncio's tasks and exceptions make some); only less often.
"""

from __future__ import annotations

import gc

YOUNG_THRESHOLD = 10_000  # allocations between collections of the youngest generation (700)


def settle_for_serving() -> None:
    """Collect once, freeze what is alive, and space out young collections: call once, after
    the app is built and before it serves."""
    gc.collect()
    gc.freeze()
    _, middle, oldest = gc.get_threshold()
    gc.set_threshold(YOUNG_THRESHOLD, middle, oldest)
