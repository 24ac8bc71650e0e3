"""nginx in front of the cluster's processes: deploy/nginx/'s two templates filled in (where to
listen, the processes' addresses, the run folder) and nginx run on them in the foreground, every
file of it in the run folder (docs/deploy.md)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.web.cluster.processes import log_tail, spawn, stop, wait_until_answering

# deploy/ sits beside src/ in a checkout; the cluster command runs from one
DEPLOY = Path(aerodeck.__file__).resolve().parents[2] / "deploy" / "nginx"
SITE, STANDALONE = "aerodeck.conf", "standalone.conf"
DEBIAN_BINARY = Path("/usr/sbin/nginx")  # not on a non-root user's PATH
START_SECONDS = 30.0
# one upstream line per process: a process that refuses a connection is left out for 5 s
SERVER_LINE = "server {address} max_fails=1 fail_timeout=5s;"


def binary() -> str:
    """Debian's nginx; ConfigError (one line) if it is not installed."""
    found = shutil.which("nginx") or (str(DEBIAN_BINARY) if DEBIAN_BINARY.exists() else None)
    if found is None:
        raise ConfigError("nginx is not installed: make nginx (apt-get install nginx)")
    return found


def templates() -> tuple[str, str]:
    """The two templates' text; ConfigError outside a checkout."""
    try:
        return (DEPLOY / SITE).read_text(), (DEPLOY / STANDALONE).read_text()
    except OSError:
        raise ConfigError(
            f"nginx's configuration not found in {DEPLOY} (run from a checkout)"
        ) from None


def site_config(listen: str, upstreams: list[str]) -> str:
    """deploy/nginx/aerodeck.conf for nginx listening on ``listen`` in front of ``upstreams``."""
    site, _ = templates()
    servers = "".join(f"    {SERVER_LINE.format(address=a)}\n" for a in upstreams)
    # the placeholders' own lines only (the file's opening comment names them too)
    return site.replace("    @SERVERS@\n", servers).replace("listen @LISTEN@;", f"listen {listen};")


def standalone_config(run_dir: Path) -> str:
    """deploy/nginx/standalone.conf for an nginx whose every file is in ``run_dir``."""
    _, standalone = templates()
    user = "user nobody nogroup;" if os.geteuid() == 0 else ""
    return standalone.replace("\n@USER@\n", f"\n{user}\n").replace("@RUN@", str(run_dir))


class Nginx:
    """nginx listening on ``host:port`` in front of ``upstreams`` (addresses ``host:port``)."""

    def __init__(self, run_dir: Path, host: str, port: int, upstreams: list[str]) -> None:
        self.run_dir = run_dir.resolve()
        self.host, self.port = host, port
        self.config = self.run_dir / "nginx.conf"
        self.log = self.run_dir / "nginx-error.log"
        self.upstreams = upstreams
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://{self.host}:{self.port}"

    def write(self) -> None:
        """The two files nginx reads, in the run folder."""
        (self.run_dir / "temp").mkdir(parents=True, exist_ok=True)
        listen = f"{self.host}:{self.port}"
        (self.run_dir / SITE).write_text(site_config(listen, self.upstreams))
        self.config.write_text(standalone_config(self.run_dir))

    def _command(self, *more: str) -> list[str]:
        # -e: the error log from the first line on (before the configuration names it)
        prefix = ["-p", str(self.run_dir), "-e", str(self.log), "-c", str(self.config)]
        return [binary(), *prefix, *more]

    def start(self) -> None:
        """Check the configuration (its first complaint as one line), then run nginx."""
        self.write()
        checked = subprocess.run(self._command("-t", "-q"), capture_output=True, check=False)
        if checked.returncode != 0:
            complaint = checked.stderr.decode(errors="replace").strip().splitlines()
            raise ConfigError(
                f"nginx refused its configuration: {complaint[0] if complaint else ''}"
            )
        self.process = spawn(self._command("-g", "daemon off;"), self.run_dir / "nginx.out")

    def wait_ready(self) -> None:
        """Until /healthz answers through nginx (the processes are up by then)."""
        assert self.process is not None
        if not wait_until_answering(f"{self.url}/healthz", self.process, START_SECONDS):
            raise ConfigError(
                f"nginx did not answer on {self.url} ({self.log}): {log_tail(self.log)}"
            )

    def exited(self) -> bool:
        return self.process is not None and self.process.poll() is not None

    def pid(self) -> int | None:
        return self.process.pid if self.process is not None else None

    def stop(self) -> None:
        """SIGTERM: nginx closes its connections (the WebSockets too) and exits."""
        if self.process is not None:
            stop(self.process)
