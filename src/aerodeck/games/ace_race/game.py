"""The Ace Race game object: options, notation, encoding, rules text and rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from importlib import resources
from importlib.resources.abc import Traversable

from aerodeck.core.api import JSON, Action, ActionTable, Agent, Game, GameInfo, State
from aerodeck.core.features import Encoder
from aerodeck.core.figures import ChoiceFigure
from aerodeck.core.i18n import N_
from aerodeck.core.options import Option
from aerodeck.core.search import SearchSettings, expert_default
from aerodeck.games.ace_race import actions, encoder, render
from aerodeck.games.ace_race.bot import HeuristicBot, evaluate
from aerodeck.games.ace_race.figures import FIGURES
from aerodeck.games.ace_race.rules import AceRaceState


class AceRace(Game):
    info = GameInfo(
        id="ace_race",
        title="Ace Race",
        player_counts=(2, 3, 4, 6),
        default_players=4,
        summary=N_(
            "Shed your hand first under nine rules that any Ace can change; jokers break them."
        ),
        credits="Created by Adam Mepham and Samantha Le.",
        options=(
            Option(
                "games",
                1,
                N_("games in the match; the most games won wins it"),
                minimum=1,
                maximum=50,
                label=N_("Games in the match"),
            ),
            Option(
                "max_turns",
                400,
                N_("safety limit on turns in one game; then the fewest cards win (R14)"),
                minimum=20,
                maximum=10_000,
                label=N_("Turn limit"),
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

    def forced_reason(self, state: State) -> str | None:
        """Why the seat to act has only one move (nothing playable: draw; a drawn card the rule
        forbids: pass), shown beside the move."""
        return state.forced_reason() if isinstance(state, AceRaceState) else None

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": HeuristicBot}

    def move_seen_by(self, action: Action, actor: int, seat: int | None) -> str:
        """A given card is seen only by the giver and the receiver."""
        if isinstance(action, actions.Give) and seat != action.seat:
            return f"give a card to {action.seat}"
        return str(action)

    def observation_encoder(self) -> Encoder:
        return encoder.encoder(self)

    def setup_examples(self) -> tuple[JSON, ...]:
        cards = ["5S", "5H", "5D", "5C", "6S", "6H", "6D", "6C", "7S", "7H", "7D", "7C"]
        seats = range(self.players)
        return (
            {
                "hands": [[cards[seat]] for seat in seats],
                "draw": ["9C", "JK"],
                "dealer": 0,
                "rule": "high",
                "first": 0,
                "wins": [0] * self.players,
                "previous_winners": [],
            },
        )

    def max_game_length(self) -> int:
        # about three times the longest of 300 random games a player count (docs/rl.md)
        return 2_000

    def search_settings(self) -> SearchSettings:
        # measured in docs/bots.md: playouts to a horizon where the evaluation reads the position
        return SearchSettings(worlds=48, horizon=24, deviation_z=0.5)

    def expert_settings(self) -> SearchSettings:
        # hard's search with four times the worlds, every candidate kept for 16 worlds and then
        # while within two standard errors of the heuristic's move (closer to a many-world
        # oracle's choice), and 15,000 playout moves (20,000 took 1.41 s of CPU once at a load
        # average of 12); tuned on seeds 9002-9101, docs/bots.md's expert section
        default = expert_default(self.search_settings())
        return replace(default, min_worlds=16, drop_z=2.0, budget=15_000)

    def evaluate(self, view: JSON) -> float:
        return evaluate(view)

    def figures(self) -> tuple[ChoiceFigure, ...]:
        return FIGURES
