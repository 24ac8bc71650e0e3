"""The Air Racing game object: options, the course, notation, encoding, rules text, rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from aerodeck.core.api import JSON, Action, ActionTable, Agent, Game, GameInfo, State
from aerodeck.core.features import Encoder
from aerodeck.core.figures import ChoiceFigure, word_after
from aerodeck.core.i18n import N_, _
from aerodeck.core.options import Option
from aerodeck.core.reference import reference_text as lay_out_reference
from aerodeck.core.search import AnalysisThresholds, SearchSettings
from aerodeck.games.air_racing import actions, bot, course, encoder, reference, render, words
from aerodeck.games.air_racing.rules import AirRacingState
from aerodeck.games.air_racing.state import ALT, BOOSTING, BUY, PICK, QUICK, REDRAW, TUNNEL


class AirRacing(Game):
    info = GameInfo(
        id="air_racing",
        title="Air Racing",
        player_counts=(2, 3, 4),
        default_players=4,
        summary=N_("A deck-building season of speed mods, then a three-lap pylon race."),
        credits="Air Racing: a print-and-play card game for 2-4 players (rulebook in seeds/).",
        options=(
            Option(
                "course",
                course.STANDARD,
                N_("the race course: 'standard', or your own with --data-file course=FILE"),
                choices=(course.STANDARD,),
                choice_labels=(N_("the standard course"),),
                inline=True,
                label=N_("Course"),
            ),
            Option(
                "laps",
                0,
                N_("laps of the race (0: the course's own, 3 on the standard course)"),
                minimum=0,
                maximum=20,
                label=N_("Laps"),
            ),
            Option(
                "stock_speed",
                4,
                N_("every aircraft's speed before Microknots"),
                minimum=1,
                maximum=12,
                label=N_("Stock speed"),
            ),
            Option(
                "quick_play",
                False,
                N_("skip the season: $25 of speed mods each, then race"),
                quick=True,
                label=N_("Quick play (no season)"),
            ),
            Option(
                "seasons",
                1,
                N_("seasons (each ending in a race) in a championship"),
                minimum=1,
                maximum=10,
                label=N_("Seasons"),
            ),
            Option(
                "legacy",
                False,
                N_("speed mods carry over into the next season (R21)"),
                label=N_("Legacy: speed mods carry over"),
            ),
            Option(
                "heat_laps",
                0,
                N_("laps of a heat race that sets the final's grid (0: none)"),
                minimum=0,
                maximum=20,
                label=N_("Heat race laps"),
            ),
            Option(
                "max_rounds",
                100,
                N_("safety limit on race rounds (R13)"),
                minimum=1,
                maximum=1000,
                label=N_("Round limit"),
            ),
        ),
    )
    action_table = ActionTable(actions.ALL_ACTIONS)
    state_class = AirRacingState
    renderer = render

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.course = course.load(self.options["course"])
        self.laps: int = int(self.options["laps"]) or self.course.laps
        """The race length: the option, or the course's own lap count."""

    def board_assets(self) -> Traversable:
        """The table page's board: ``board/board.js`` and ``board/board.css``."""
        return resources.files(__package__) / "board"

    def _parse_action(self, state: State, text: str) -> Action:
        return actions.parse(text)

    def forced_reason(self, state: State) -> str | None:
        """Why the seat to act is offered one move only, in players' words."""
        assert isinstance(state, AirRacingState)
        if state.current_player is None or len(state.legal_actions()) != 1:
            return None
        reasons = {
            TUNNEL: _("you hold no other action card, so the Wind Tunnel gives you $2 to spend"),
            REDRAW: _("your hand is empty: draw as many cards as you discarded"),
            BUY: _("you cannot afford any card left in the supply: your turn ends"),
            QUICK: _("your money buys no speed mod left in the supply"),
            PICK: _("the supply has only this mix of Boost and FAST left"),
            ALT: _("you fly low and have no speed to climb"),
            BOOSTING: _("you have no Boost card and no lane change is open: you fly on"),
        }
        return reasons.get(state.phase)

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": bot.BalancedBot, "money": bot.MoneyBot, "speed": bot.SpeedBot}

    def observation_encoder(self) -> Encoder:
        return encoder.encoder(self)

    def setup_examples(self) -> tuple[JSON, ...]:
        """A season's decks and month, and a race in progress; each with the next dice."""
        seats = range(self.players)
        deck = ["microknot", "fast", "boost", "team-effort", "microknot", "fast"]
        race = {
            "mods": [{"microknot": 1, "fast": 0, "boost": 1} for _ in seats],
            "positions": [2 * seat for seat in seats],
            "lanes": list(seats),
            "altitudes": ["low"] * self.players,
            "tokens": [0] * self.players,
        }
        return (
            {"season": {"decks": [list(deck) for _ in seats], "month": 1}, "dice": [3, 4]},
            {"race": race, "dice": [2, 5]},
        )

    def max_game_length(self) -> int:
        # about three times the longest of 300 random games a player count (docs/rl.md)
        return 1_500

    def search_settings(self) -> SearchSettings:
        # search only the purchases and the race (where a deep search finds the heuristic's
        # mistakes, benchmarks/deep_disagreements.py), with many worlds and a strict test
        return SearchSettings(
            worlds=32,
            min_worlds=8,
            deviation_z=2.0,
            budget=16_000,
            phases=("buy", "altitude", "boost"),
        )

    def analysis_thresholds(self) -> AnalysisThresholds:
        # playouts to the end score a world 0 or 1: a move's value is noisier than where an
        # evaluation reads the position, so the marks ask for a larger loss (docs/games/)
        return AnalysisThresholds(inaccuracy=0.08, mistake=0.15, blunder=0.30)

    def evaluate(self, view: JSON) -> float:
        return bot.evaluate(view)

    def figures(self) -> tuple[ChoiceFigure, ...]:
        return (ChoiceFigure("buys", "Buys per card", word_after("buy"), words.title),)

    def reference(self) -> JSON:
        return reference.reference()

    def reference_text(self) -> str:
        """The cards as one table: title, price and what each does."""
        return lay_out_reference({"tables": [reference.card_table()]})
