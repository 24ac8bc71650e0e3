"""What the cluster's parts share: free loopback ports, a child process in a session of its own
(a Ctrl-C at the terminal reaches the cluster command, which stops its children in order), a
bounded stop, and a bounded wait for an HTTP answer."""

from __future__ import annotations

import signal
import socket
import subprocess
import time
from pathlib import Path

import httpx

STOP_SECONDS = 20.0  # a child has this long to stop after SIGTERM before it is killed


def free_port(host: str = "127.0.0.1") -> int:
    """A port nobody listens on now (the child binds it a moment later)."""
    with socket.socket() as sock:
        sock.bind((host, 0))
        port: int = sock.getsockname()[1]
        return port


def spawn(
    command: list[str], log: Path, env: dict[str, str] | None = None
) -> subprocess.Popen[bytes]:
    """``command`` with its output in ``log``, in a new session (no terminal signal reaches it)."""
    with log.open("ab") as out:
        return subprocess.Popen(
            command,
            stdout=out,
            stderr=out,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
        )


def stop(process: subprocess.Popen[bytes], how: signal.Signals = signal.SIGTERM) -> None:
    """Signal ``process`` and wait for it; killed if it has not stopped in ``STOP_SECONDS``."""
    if process.poll() is not None:
        return
    process.send_signal(how)
    try:
        process.wait(timeout=STOP_SECONDS)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait(timeout=STOP_SECONDS)


def wait_until_answering(url: str, process: subprocess.Popen[bytes], seconds: float) -> bool:
    """Poll ``url`` until it answers 200 (True), ``process`` exits or ``seconds`` pass (False)."""
    deadline = time.monotonic() + seconds
    with httpx.Client(timeout=2.0) as client:  # one client: each new one loads the CA bundle
        while time.monotonic() < deadline:
            try:
                if client.get(url).status_code == 200:
                    return True
            except httpx.TransportError:
                pass
            try:
                process.wait(timeout=0.1)
            except subprocess.TimeoutExpired:
                continue
            return False
    return False


def log_tail(log: Path, lines: int = 3) -> str:
    """The last lines of a child's log, joined into one line for an error message."""
    try:
        text = log.read_text(errors="replace").strip().splitlines()
    except OSError:
        return ""
    return " | ".join(line.strip() for line in text[-lines:])
