"""Prometheus metrics of one server process (prometheus-client, served at ``/metrics`` by
``routers/operator.py``): the service's ``Meter`` (act-to-ack, moves, refusals, commit and bot
decision times) and, read at each scrape, the tables and connections the hub holds.

Each application has a registry of its own, so two apps in one process (tests) do not collide.
"""

from __future__ import annotations

from collections import Counter as Tally
from collections.abc import Iterator

from prometheus_client import CollectorRegistry, Counter, Histogram
from prometheus_client.core import CounterMetricFamily, GaugeMetricFamily, Metric
from prometheus_client.registry import Collector

from aerodeck.web.edge import HeaderWait
from aerodeck.web.service.hub import Hub
from aerodeck.web.service.status import TableStatus

# seconds: from a fraction of a millisecond (a move acknowledged at once) to the bot budget
FAST = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0)
SLOW = (0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0)


class PrometheusMeter:
    """The service's ``Meter`` kept as Prometheus series in ``registry``."""

    def __init__(self, registry: CollectorRegistry) -> None:
        self.act_to_ack = Histogram(
            "aerodeck_act_to_ack_seconds",
            "Time from a move reaching the hub to its acknowledgement (stored and committed)",
            ["source"],
            buckets=FAST,
            registry=registry,
        )
        self.moves = Counter(
            "aerodeck_moves", "Moves acknowledged, by who made them", ["source"], registry=registry
        )
        self.refusals = Counter(
            "aerodeck_move_refusals", "Moves refused, by refusal code", ["code"], registry=registry
        )
        self.commit = Histogram(
            "aerodeck_store_commit_seconds",
            "Time the store took to commit one move (its group commit included)",
            buckets=FAST,
            registry=registry,
        )
        self.bot = Histogram(
            "aerodeck_bot_decision_seconds",
            "Time a bot took to choose one move",
            ["bot"],
            buckets=SLOW,
            registry=registry,
        )
        self.pubsub_lag = Histogram(
            "aerodeck_pubsub_lag_seconds",
            "Time from another process telling a change (its NOTIFY) to this process hearing it",
            buckets=FAST,
            registry=registry,
        )
        self.caught_up = Counter(
            "aerodeck_moves_caught_up",
            "Moves another process made, read from the store and applied here for this "
            "process's connections (near 0 when the proxy routes each table to one process)",
            registry=registry,
        )

    def move_acknowledged(self, source: str, seconds: float) -> None:
        self.act_to_ack.labels(source).observe(seconds)
        self.moves.labels(source).inc()

    def move_refused(self, code: str) -> None:
        self.refusals.labels(code).inc()

    def move_committed(self, seconds: float) -> None:
        self.commit.observe(seconds)

    def bot_decided(self, bot: str, seconds: float) -> None:
        self.bot.labels(bot).observe(seconds)

    def pubsub_delivered(self, seconds: float) -> None:
        self.pubsub_lag.observe(seconds)

    def moves_caught_up(self, count: int) -> None:
        self.caught_up.inc(count)


class HubCollector(Collector):
    """The hub's tables (by status) and connections, and the connections waiting for their
    headers (``edge.py``, when the server runs it), counted when scraped."""

    def __init__(self, hub: Hub, header_wait: HeaderWait | None) -> None:
        self.hub = hub
        self.header_wait = header_wait

    def collect(self) -> Iterator[Metric]:
        tables = GaugeMetricFamily(
            "aerodeck_tables", "Tables this process holds in memory, by status", labels=["status"]
        )
        counts = Tally(table.status for table in self.hub.tables.values())
        for status in TableStatus:
            tables.add_metric([status.value], counts[status])
        yield tables
        yield GaugeMetricFamily(
            "aerodeck_connections",
            "WebSocket connections past their hello",
            value=self.hub.connection_count,
        )
        wait = self.header_wait
        if wait is None:
            return
        yield GaugeMetricFamily(
            "aerodeck_waiting_for_headers",
            "HTTP connections waiting for their request headers",
            value=len(wait.waiting),
        )
        closed = CounterMetricFamily(
            "aerodeck_header_wait_closed",
            "Connections closed for not sending their headers, by why",
            labels=["why"],
        )
        closed.add_metric(["timeout"], wait.timed_out)
        closed.add_metric(["pushed_out"], wait.pushed_out)
        yield closed


def metered(hub: Hub, header_wait: HeaderWait | None = None) -> CollectorRegistry:
    """A registry for ``hub``'s process, with the hub's meter set to report into it."""
    registry = CollectorRegistry()
    hub.meter = PrometheusMeter(registry)
    registry.register(HubCollector(hub, header_wait))
    return registry
