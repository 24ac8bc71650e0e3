"""Game-specific figures, registered here by game id; a game without figures simply has none.

A figure reads only the outcomes' records: it replays each record through the core contract
(``new_game`` and ``apply``) to learn which seat made each move, and never looks inside a
game's state. ``choice_figure`` covers the common question "how often is each choice made, and
how often does the seat that made it win?" (weapons, rules, cards bought, aircraft flown).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from aerodeck.core.registry import make
from aerodeck.sim.stats import Estimate, wilson


@dataclass(frozen=True)
class Figure:
    """A bar chart: per category, how often it was chosen and the chooser's win rate."""

    key: str
    title: str
    categories: tuple[str, ...]
    counts: tuple[int, ...]
    win_rates: tuple[Estimate, ...]

    def as_dict(self) -> dict[str, Any]:
        return {
            "key": self.key,
            "title": self.title,
            "rows": [
                {"choice": c, "count": n, "chooser_win_rate": e.as_dict()}
                for c, n, e in zip(self.categories, self.counts, self.win_rates, strict=True)
            ],
        }


FigureMaker = Callable[[Sequence[dict[str, Any]]], list[Figure]]
FIGURES: dict[str, FigureMaker] = {}


def register(game_id: str) -> Callable[[FigureMaker], FigureMaker]:
    """Register a game's figure maker under its id."""

    def wrap(maker: FigureMaker) -> FigureMaker:
        FIGURES[game_id] = maker
        return maker

    return wrap


def figures_for(game_id: str, outcomes: Sequence[dict[str, Any]]) -> list[Figure]:
    maker = FIGURES.get(game_id)
    return maker(outcomes) if maker and outcomes else []


def moves(record: dict[str, Any]) -> Iterator[tuple[int, str]]:
    """(seat, notation) for every move of a record, by replaying it through the contract."""
    game = make(record["game"], record["players"], **record["options"])
    state = game.new_game(seed=record["seed"], setup=record.get("setup"))
    for text in record["actions"]:
        seat = state.current_player
        assert seat is not None
        state.apply(text)
        yield seat, text


def choice_figure(
    outcomes: Sequence[dict[str, Any]],
    key: str,
    title: str,
    pick: Callable[[str], str | None],
) -> Figure:
    """Count the choices ``pick`` reads from move notations (None: not such a move) and the win
    rate of the seat that made each, counted once per game and seat."""
    counts: Counter[str] = Counter()
    holders: dict[str, list[float]] = defaultdict(list)
    for outcome in outcomes:
        chosen: set[tuple[int, str]] = set()
        for seat, text in moves(outcome["record"]):
            choice = pick(text)
            if choice is not None:
                counts[choice] += 1
                chosen.add((seat, choice))
        for seat, choice in chosen:
            holders[choice].append(outcome["returns"][seat])
    categories = tuple(sorted(counts, key=lambda c: (-counts[c], c)))
    rates = tuple(wilson(sum(holders[c]), len(holders[c])) for c in categories)
    return Figure(key, title, categories, tuple(counts[c] for c in categories), rates)


def _word(prefix: str, position: int = 1) -> Callable[[str], str | None]:
    def pick(text: str) -> str | None:
        words = text.split()
        if words and words[0] == prefix and len(words) > position:
            return words[position]
        return None

    return pick


def _first_word(choices: set[str]) -> Callable[[str], str | None]:
    def pick(text: str) -> str | None:
        word = text.split(maxsplit=1)[0] if text else ""
        return word if word in choices else None

    return pick


@register("race_to_ace")
def _race_to_ace(outcomes: Sequence[dict[str, Any]]) -> list[Figure]:
    weapons = {"guns", "missile", "radar", "visual", "jammit", "flameout", "maneuver"}
    return [choice_figure(outcomes, "cards_played", "Cards played", _first_word(weapons))]


def _ace_race_rule(text: str) -> str | None:
    """The rule set by a move: ``rule high`` (the bid winner's first rule) or ``AH series``."""
    words = text.split()
    if len(words) < 2:
        return None
    if words[0] == "rule" or (len(words[0]) == 2 and words[0][0] == "A" and words[0][1] in "CDHS"):
        return words[1]
    return None


@register("ace_race")
def _ace_race(outcomes: Sequence[dict[str, Any]]) -> list[Figure]:
    return [
        choice_figure(
            outcomes, "rules_chosen", "Rules chosen (first rule and Aces)", _ace_race_rule
        ),
        choice_figure(outcomes, "first_rule", "First rule, set by the bid winner", _word("rule")),
    ]


@register("air_racing")
def _air_racing(outcomes: Sequence[dict[str, Any]]) -> list[Figure]:
    return [choice_figure(outcomes, "buys", "Buys per card", _word("buy"))]


@register("down_in_flames")
def _down_in_flames(outcomes: Sequence[dict[str, Any]]) -> list[Figure]:
    return [choice_figure(outcomes, "aircraft", "Aircraft flown", _word("fly"))]
