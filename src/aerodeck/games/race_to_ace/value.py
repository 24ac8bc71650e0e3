"""The ``expert`` level's value of a Race to Ace position: a small neural network over the
seat's view (docs/bots.md, ``expert``).

``hard`` ends its playouts on ``bot.evaluate``, a logistic regression on 44 features. This value
reads those and more of the view: what the seat can count of the cards it cannot see (the chance
that the rival holds each kind, from the discards, its own hand and the cards in play), the deck
left, the phase and who is to act, the dogfight, a weapon in flight, and the threats by kind. A
network of one hidden layer (``data/expert_value.json``, fitted by
``benchmarks/race_to_ace_expert_value.py`` on games between heuristic bots) turns them into the
seat's chance to win. numpy carries the network: one call costs a few microseconds beside the
features' few dozen (measured in docs/bots.md).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from math import exp, lgamma
from typing import Any

import numpy as np
from numpy.typing import NDArray

from aerodeck.games.race_to_ace import cards as c
from aerodeck.games.race_to_ace.bot import FEATURES as BASE_FEATURES
from aerodeck.games.race_to_ace.bot import features as base_features

PHASES = ("turn", "lost turn", "dogfight", "fire", "react", "weapon", "trim")
KIND = {word: kind for kind, word in enumerate(c.WORDS)}
LOG_FACTORIAL = tuple(lgamma(n + 1) for n in range(c.DECK_SIZE + 1))

FEATURES = (
    *BASE_FEATURES,
    *(f"rival holds a {name}" for name in c.NAMES),
    *(f"{name} cards the rival holds on average / 3" for name in c.NAMES),
    "deck / 90",
    *(f"phase {phase}" for phase in PHASES),
    "I am to act",
    "I attack in a dogfight",
    "I defend in a dogfight",
    "the dogfight is a RADAR one",
    "a weapon fired at me",
    "a weapon fired by me",
    "a card pending against me",
    "a card pending by me",
    "VISUAL threats on me",
    "RADAR threats on me",
    "VISUAL threats on rival, GUNS in hand",
    "RADAR threats on rival, MISSILE in hand",
    "VISUAL threats on rival",
    "RADAR threats on rival",
    "my kills",
    "rival kills",
    "my acquisitions",
    "rival acquisitions",
)


def unseen(view: dict[str, Any], hand: tuple[int, ...]) -> list[int]:
    """Cards of each kind the seat cannot see (in the deck or in the other pilots' hands): all
    of them less its own, the discards and the cards in play."""
    left = list(c.COUNTS)
    for kind, n in enumerate(hand):
        left[kind] -= n
    for word, n in view["discards"].items():
        left[KIND[word]] -= n
    for acquisition in view["acquisitions"]:
        left[KIND[acquisition["kind"]]] -= 1
        if acquisition["cover"] is not None:
            left[KIND[acquisition["cover"]]] -= 1
    for pilot in view["pilots"]:
        left[c.FLAMEOUT] -= len(pilot["flameouts"])
        left[c.HOT_STICK] -= pilot["hot_stick"]
        left[c.GOLDEN_BIRD] -= pilot["golden_bird"]
    if view["weapon"] is not None:
        left[KIND[view["weapon"]["card"]]] -= 1
    return left


def holds_none(kind_left: int, total: int, held: int) -> float:
    """The chance that ``held`` cards dealt from ``total`` unseen ones hold none of a kind with
    ``kind_left`` of them unseen (hypergeometric)."""
    if held > total - kind_left:
        return 0.0
    f = LOG_FACTORIAL
    return exp(f[total - kind_left] + f[total - held] - f[total - kind_left - held] - f[total])


def features(view: dict[str, Any]) -> list[float]:
    """What the value reads, from the seat's view only (``FEATURES`` names them)."""
    me = view["seat"]
    pilots = view["pilots"]
    mine = pilots[me]
    rival = max((p for p in pilots if p["seat"] != me), key=lambda p: p["kills"])
    r = rival["seat"]
    hand = c.hand_of([c.kind_of(w) for w in view["hand"] + view.get("wing", [])])
    left = unseen(view, hand)
    total = sum(left)
    held = rival["hand_size"] + rival["wing_size"]
    phase = view["phase"]
    fight = view["dogfight"]
    weapon = view["weapon"]
    pending = view["pending"]
    threat = {("visual", me): 0.0, ("radar", me): 0.0, ("visual", r): 0.0, ("radar", r): 0.0}
    for acquisition in view["acquisitions"]:
        key = (acquisition["kind"], acquisition["threatens"])
        if key in threat:
            threat[key] += 1.0
    return [
        *base_features(view),
        *(1.0 - holds_none(u, total, held) for u in left),
        *(held * u / total / 3.0 if total else 0.0 for u in left),
        view["deck"] / 90.0,
        *(float(phase == p) for p in PHASES),
        float(view["to_act"] == me),
        float(fight is not None and fight["attacker"] == me),
        float(fight is not None and fight["defender"] == me),
        float(fight is not None and fight["kind"] == "radar"),
        float(weapon is not None and weapon["at"] == me),
        float(weapon is not None and weapon["by"] == me),
        float(pending is not None and pending["against"] == me),
        float(pending is not None and pending["by"] == me),
        threat[("visual", me)],
        threat[("radar", me)],
        threat[("visual", r)] * float(hand[c.GUNS] > 0),
        threat[("radar", r)] * float(hand[c.MISSILE] > 0),
        threat[("visual", r)],
        threat[("radar", r)],
        float(mine["kills"]),
        float(rival["kills"]),
        float(mine["acquisitions"]),
        float(rival["acquisitions"]),
    ]


Matrix = NDArray[np.float64]


@cache
def network() -> tuple[tuple[Matrix, Matrix], ...]:
    """The fitted layers, weight and bias each (``data/expert_value.json``)."""
    data = json.loads(
        resources.files("aerodeck.games.race_to_ace").joinpath("data/expert_value.json").read_text()
    )
    if tuple(data["features"]) != FEATURES:
        raise ValueError("data/expert_value.json was fitted on other features")
    return tuple(
        (np.array(layer["weight"], dtype=np.float64), np.array(layer["bias"], dtype=np.float64))
        for layer in data["layers"]
    )


def evaluate(view: dict[str, Any]) -> float:
    """How good the position is for the seat whose view this is, in [0, 1]: the network's chance
    that the seat wins, from ``features``."""
    return evaluate_features(features(view))


def evaluate_features(row: list[float]) -> float:
    """``evaluate`` of a position's ``features``: hidden layers with ReLU, then a logistic."""
    *hidden, (weight, bias) = network()
    x = np.array(row)
    for w, b in hidden:
        x = np.maximum(w @ x + b, 0.0)
    lead = float(weight[0] @ x + bias[0])
    return 1.0 / (1.0 + exp(-lead))
