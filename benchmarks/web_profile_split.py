"""Where a table server's CPU goes: a py-spy profile (raw format) of `aerodeck serve` under
`benchmarks.web_load`, its samples split into the parts of a move (docs/server.md, "Capacity").

Record the profile while the load runs, then split it:

    py-spy record -p SERVER_PID -d 30 -r 100 --native -f raw -o server.raw
    python -m benchmarks.web_profile_split server.raw

A frame is ``function (file:line)``; ``CONTEXT`` and ``LEAF`` below say how a sample is placed.
A sample that matches nothing is "event loop and other" (uvloop's C code, asyncio's scheduling,
the interpreter). With ``--native`` the garbage collector's C frames are seen too.

Backs: docs/server.md, "Capacity" (the table of where the time goes).
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from pathlib import Path

# (part, substrings of a frame). A sample belongs to the first CONTEXT part one of its frames
# matches, wherever in the stack; otherwise to the part of its deepest frame that matches a LEAF
# part (the work itself: a JSON encoder called by the broadcast is JSON, not the broadcast).
CONTEXT: list[tuple[str, tuple[str, ...]]] = [
    ("garbage collector", ("gc_collect", "collect_with_callback", "gc_collect_main")),
    ("store: the moves' group commit", ("Store._flush", "move_writes.py", "aerodeck-moves")),
    ("store: other calls", ("db/store.py", "aiosqlite/", "asyncpg/", "sqlalchemy/")),
    ("lobby (REST): create, join, pages", ("httptools_impl",)),
    ("logging", ("(logging/",)),
]
LEAF: list[tuple[str, tuple[str, ...]]] = [
    ("metrics", ("prometheus_client", "web/metrics.py", "service/metrics.py")),
    ("frames: JSON", ("json/encoder", "json/__init__", "send_json")),
    ("frames: views", ("State.view ", "/view.py")),
    ("frames: events", ("events_for", "describe_event", "as_seen_by")),
    ("frames: legal moves", ("legal_for", "legal_actions")),
    ("frames: the rest", ("Table.broadcast", "Table.update", "Table.welcome", "Table.end")),
    ("rules: the move", ("Hub._submit", "State.apply", "State.clone", "parse_action")),
    ("websockets: deflate", ("permessage_deflate", "zlib", "deflate", "inflate")),
    ("websockets: framing, uvicorn, socket I/O", ("websockets/", "websockets_sansio_impl")),
    ("session: frames in, queues out", ("service/session.py", "routers/websocket.py", "pydantic")),
    ("ASGI: Starlette, FastAPI, middleware", ("starlette/", "fastapi/", "web/middleware", "_asgi")),
]
OTHER = "event loop and other"


def _part(frames: list[str]) -> str:
    for name, keys in CONTEXT:
        if any(key in frame for frame in frames for key in keys):
            return name
    for frame in reversed(frames):
        for name, keys in LEAF:
            if any(key in frame for key in keys):
                return name
    return OTHER


def split(lines: list[str]) -> Counter[str]:
    """Samples per part, from py-spy's raw lines (``frame;frame;... count``)."""
    parts: Counter[str] = Counter()
    for line in lines:
        stack, _, count = line.rstrip().rpartition(" ")
        if not stack or not count.isdigit():
            continue
        parts[_part(stack.split(";"))] += int(count)
    return parts


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("raw", type=Path, help="py-spy record -f raw output")
    args = parser.parse_args(argv)
    parts = split(args.raw.read_text().splitlines())
    total = sum(parts.values())
    if not total:
        print("no samples", file=sys.stderr)
        return 1
    print("| part | share of the server's samples |\n| --- | ---: |")
    for name, count in parts.most_common():
        print(f"| {name} | {100 * count / total:.1f}% |")
    print(f"\n{total} samples")
    return 0


if __name__ == "__main__":
    sys.exit(main())
