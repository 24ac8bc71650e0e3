"""The Ace Race game object: options, notation, encoding, rules text and rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable

from aerodeck.core.api import Action, ActionTable, Agent, Game, GameInfo, State
from aerodeck.core.options import Option
from aerodeck.games.ace_race import actions, render
from aerodeck.games.ace_race.bot import HeuristicBot
from aerodeck.games.ace_race.rules import AceRaceState


class AceRace(Game):
    info = GameInfo(
        id="ace_race",
        title="Ace Race",
        player_counts=(2, 3, 4, 6),
        default_players=4,
        summary="Shed your hand first under nine rules that any Ace can change; jokers break them.",
        credits="Created by Adam Mepham and Samantha Le.",
        options=(
            Option(
                "games", 1, "games in the match; the most games won wins it", minimum=1, maximum=50
            ),
            Option(
                "max_turns",
                400,
                "safety limit on turns in one game; then the fewest cards win (R14)",
                minimum=20,
                maximum=10_000,
            ),
        ),
    )
    action_table = ActionTable(actions.ALL_ACTIONS)
    state_class = AceRaceState
    renderer = render

    def board_assets(self) -> Traversable:
        """The table page's board: ``board/board.js`` and ``board/board.css``."""
        return resources.files(__package__) / "board"

    def _parse_action(self, state: State, text: str) -> Action:
        return actions.parse(text)

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": HeuristicBot}

    def move_seen_by(self, action: Action, actor: int, seat: int | None) -> str:
        """A given card is seen only by the giver and the receiver."""
        if isinstance(action, actions.Give) and seat != action.seat:
            return f"give a card to {action.seat}"
        return str(action)
