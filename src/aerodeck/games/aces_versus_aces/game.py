"""The Aces versus Aces game object: options, notation, encoding, rules text and rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from importlib import resources
from importlib.resources.abc import Traversable

from aerodeck.core.api import JSON, Action, ActionTable, Agent, Game, GameInfo, State
from aerodeck.core.features import Encoder
from aerodeck.core.i18n import N_, _
from aerodeck.core.options import Option
from aerodeck.core.reference import reference_text as lay_out_reference
from aerodeck.core.search import SearchSettings, expert_default
from aerodeck.games.aces_versus_aces import actions, encoder, observation, reference, render
from aerodeck.games.aces_versus_aces.bot import HeuristicBot, evaluate
from aerodeck.games.aces_versus_aces.rules import AvAState
from aerodeck.games.aces_versus_aces.state import PLAY


class AcesVersusAces(Game):
    info = GameInfo(
        id="aces_versus_aces",
        title="Aces versus Aces",
        player_counts=(2, 3, 4),
        default_players=3,
        summary=N_(
            "War with command markers and Ace coins: play a card in secret, high card wins."
        ),
        credits="A variant of War by Jonathan Middleton (CUDO Plays 2, 2015).",
        options=(
            Option(
                "target",
                50,
                N_("points that win the game"),
                minimum=1,
                maximum=1000,
                quick=25,
                label=N_("Points to win"),
            ),
            Option(
                "discard_replace",
                True,
                N_("after the draw, each player may discard and replace"),
                label=N_("Discard and replace after the draw"),
            ),
            Option(
                "winner_keeps",
                "all",
                N_("what the winner of a hand keeps: all played cards, or only the beaten (R1)"),
                choices=("all", "beaten"),
                choice_labels=(N_("all the cards played"), N_("only the cards beaten")),
                label=N_("The hand's winner keeps"),
            ),
            Option(
                "max_rounds",
                100,
                N_("safety limit on rounds (R9)"),
                minimum=1,
                maximum=10_000,
                label=N_("Round limit"),
            ),
        ),
    )
    action_table = ActionTable(actions.ALL_ACTIONS)
    state_class = AvAState
    renderer = render

    def board_assets(self) -> Traversable:
        """The table page's board: ``board/board.js`` and ``board/board.css``."""
        return resources.files(__package__) / "board"

    def _parse_action(self, state: State, text: str) -> Action:
        assert isinstance(state, AvAState)
        return actions.parse(text, bare_card_means_play=state.phase == PLAY)

    def forced_reason(self, state: State) -> str | None:
        """Why a seat is offered one move only: its last card is the only one it can play."""
        assert isinstance(state, AvAState)
        seat = state.current_player
        if seat is None or state.phase != PLAY or len(state.legal_actions()) != 1:
            return None
        return _("you hold one card only: every player plays a card each hand")

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": HeuristicBot}

    def move_seen_by(self, action: Action, actor: int, seat: int | None) -> str:
        """A card is committed face down: others see that a card was played, not which."""
        if isinstance(action, actions.Play):
            return "play (face down)"
        return str(action)

    def observation_encoder(self) -> Encoder:
        declared = encoder.encoder(self)
        declared.from_state = observation.state_writer(declared)  # the fast path, same numbers
        return declared

    def setup_examples(self) -> tuple[JSON, ...]:
        deck = [f"{rank}{suit}" for rank in "23456789" for suit in "SHDC"]
        deck += [f"10{suit}" for suit in "SHDC"]
        return (
            {
                "hands": [deck[4 * seat : 4 * seat + 4] for seat in range(self.players)],
                "deck": ["KH", "QS"],
                "pennies": [3] * self.players,
                "scores": [0] * self.players,
            },
        )

    def max_game_length(self) -> int:
        # about three times the longest of 300 random games a player count (docs/rl.md)
        return 1_000

    def search_settings(self) -> SearchSettings:
        # measured in docs/bots.md: playouts to a horizon where the evaluation reads the position
        return SearchSettings(worlds=64, horizon=16, deviation_z=0.5)

    def expert_settings(self) -> SearchSettings:
        # hard's search with four times the worlds, every candidate kept for 16 worlds and then
        # while within two standard errors of the heuristic's move (closer to a many-world
        # oracle's choice), and 18,000 playout moves (20,000 took 1.02 s of CPU once at a load
        # average of 12); tuned on seeds 9001-9101, docs/bots.md's expert section
        default = expert_default(self.search_settings())
        return replace(default, min_worlds=16, drop_z=2.0, budget=18_000)

    def evaluate(self, view: JSON) -> float:
        return evaluate(view)

    def reference(self) -> JSON:
        return reference.reference()

    def reference_text(self) -> str:
        """The scores as one table: the page keeps a line per card for its hover text, which
        would be 52 lines here."""
        return lay_out_reference({"tables": self.reference()["tables"]})
