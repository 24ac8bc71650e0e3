"""The High Card Tricks game object: options, notation, encoding, rendering and the hooks the
faces ask a game (reference, observation encoder, figures, game length, evaluation)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from aerodeck.core.api import JSON, Action, ActionTable, Agent, Game, GameInfo, State
from aerodeck.core.options import Option
from aerodeck_toy import actions, bot, observation, render
from aerodeck_toy.actions import MAX_HAND
from aerodeck_toy.rules import TricksState
from aerodeck_toy.state import MADE_BONUS

if TYPE_CHECKING:
    from aerodeck.core.features import Encoder
    from aerodeck.core.figures import ChoiceFigure


class HighCardTricks(Game):
    info = GameInfo(
        id="high_card_tricks",
        title="High Card Tricks",
        player_counts=(2, 3),
        default_players=2,
        summary="Bid your tricks, then play: the highest card takes each trick (a plug-in toy).",
        credits="A toy game shipped apart from aerodeck, as the worked example of a plug-in.",
        options=(
            Option("rounds", 3, "rounds in a game", minimum=1, maximum=9),
            Option("hand_size", 5, "cards dealt to each player", minimum=2, maximum=MAX_HAND),
            Option("hook", False, "the last bid may not make the bids add up to the tricks"),
        ),
    )
    action_table = ActionTable(actions.ALL_ACTIONS)
    state_class = TricksState
    renderer = render

    @property
    def hand_size(self) -> int:
        size: int = self.options["hand_size"]
        return size

    def _parse_action(self, state: State, text: str) -> Action:
        return actions.parse(text)

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": bot.HeuristicBot}

    # --- the plug-in hooks ------------------------------------------------------------------

    def reference(self) -> JSON:
        return {
            "cards": {},
            "tables": [
                {
                    "title": "Scoring a round",
                    "columns": ["tricks taken", "points"],
                    "rows": [
                        ["exactly the bid", f"{MADE_BONUS} + the bid"],
                        ["more or fewer", "1 a trick"],
                    ],
                }
            ],
        }

    def observation_encoder(self) -> Encoder:
        return observation.encoder(self)

    def setup_examples(self) -> tuple[JSON, ...]:
        """The first round's hands stacked, dealt in turn: seat s holds s + 1, s + 1 + players..."""
        n = self.players
        return (
            {"hands": [[seat + 1 + n * i for i in range(self.hand_size)] for seat in range(n)]},
        )

    def max_game_length(self) -> int:
        """Exact: every round each seat bids once and plays every card of its hand."""
        rounds: int = self.options["rounds"]
        return rounds * self.players * (1 + self.hand_size)

    def evaluate(self, view: JSON) -> float:
        return bot.evaluate(view)

    def figures(self) -> tuple[ChoiceFigure, ...]:
        from aerodeck.core.figures import ChoiceFigure  # imported when asked: see observation.py

        return (ChoiceFigure("bids", "Bids made", _bid),)


def _bid(move: str) -> str | None:
    """The bid of a ``bid N`` move, as the figure's category (None: not a bid)."""
    verb, _, tricks = move.partition(" ")
    return f"bid {tricks}" if verb == "bid" else None
