"""The Race to Ace game object: options, notation, encoding, rules text and rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from aerodeck.core.api import JSON, Action, ActionTable, Agent, Game, GameInfo, State
from aerodeck.core.errors import ConfigError, NotationError, excerpt
from aerodeck.core.features import Encoder
from aerodeck.core.figures import ChoiceFigure, first_word_among
from aerodeck.core.i18n import N_, _
from aerodeck.core.options import Option
from aerodeck.core.search import SearchSettings
from aerodeck.games.race_to_ace import actions, encoder, reference, render
from aerodeck.games.race_to_ace.bot import HeuristicBot, evaluate
from aerodeck.games.race_to_ace.cards import WORDS
from aerodeck.games.race_to_ace.rules import RaceState


class RaceToAce(Game):
    info = GameInfo(
        id="race_to_ace",
        title="Race to Ace",
        player_counts=(2, 3, 4, 5),
        default_players=4,
        summary=N_("Acquire, dogfight and shoot: the first pilot to five kills is the Ace."),
        credits=(
            "Race to Ace, an Aerocatures card game created by Hank Caruso (1980), developed with "
            "Tom Quirk (1981); updated in 2023 by Craig Robertson, Hank and Amy Caruso and "
            "Lombardy Studios. Rules of Engagement v2.0."
        ),
        options=(
            Option(
                "kills_to_win",
                5,
                N_("kills that make the Ace"),
                minimum=1,
                maximum=20,
                quick=3,
                label=N_("Kills to win"),
            ),
            Option(
                "must_answer",
                False,
                N_("a pilot who can answer in a dogfight must do so (R12)"),
                label=N_("Must answer"),
            ),
            Option(
                "visual_counters_maneuver",
                True,
                N_("a new VISUAL ACQUISITION counters a MANEUVER (R6)"),
                label=N_("VISUAL counters MANEUVER"),
            ),
            Option(
                "wingmen",
                False,
                N_("two-player variant: each pilot also has a wingman hand of 7 cards (R17)"),
                label=N_("Wingmen (two players)"),
            ),
            Option(
                "acquisition_tokens",
                False,
                N_("acquisitions belong to who placed them; several per pilot (R16)"),
                label=N_("Acquisition tokens"),
            ),
            Option(
                "weapon_counters",
                False,
                N_("JAMMIT!/MALFUNCTION defeat a MISSILE, MALFUNCTION defeats GUNS (R18)"),
                label=N_("Weapon counters"),
            ),
            Option(
                "specials_lost",
                False,
                N_("a displayed HOT STICK or GOLDEN BIRD is discarded when its pilot is shot down"),
                label=N_("Specials lost when shot down"),
            ),
            Option(
                "games",
                1,
                N_(
                    "a match of this many games, "
                    "scored 5 a kill and 2 a successful acquisition (R19)"
                ),
                minimum=1,
                maximum=50,
                label=N_("Games in the match"),
            ),
            Option(
                "max_turns",
                400,
                N_("turns in a game before most kills wins (R20)"),
                minimum=10,
                maximum=100_000,
                label=N_("Turn limit"),
            ),
        ),
    )
    action_table = ActionTable(actions.ALL_MOVES)
    state_class = RaceState
    renderer = render

    def __init__(self, players: int | None = None, **options: Any) -> None:
        if players == 2:
            options.setdefault("wingmen", True)  # two pilots always fly with wingmen (R17)
        super().__init__(players, **options)
        if self.players == 2 and not self.options["wingmen"]:
            raise ConfigError(
                _(
                    "Race to Ace is for 3 to 5 pilots; two play only with the wingmen variant, "
                    "so wingmen=false cannot be used with 2 players"
                )
            )
        if self.players != 2 and self.options["wingmen"]:
            raise ConfigError(_("the wingmen option is the two-player variant (players=2)"))

    def _new_game(self, seed: int | None, setup: Mapping[str, Any] | None) -> State:
        if setup is not None and not isinstance(setup, Mapping):
            raise ConfigError("setup must be an object (hands, wings, deck, first, kills)")
        return RaceState(self, seed, setup)

    def board_assets(self) -> Traversable:
        """The table page's board: ``board/board.js`` and ``board/board.css``."""
        return resources.files(__package__) / "board"

    def _parse_action(self, state: State, text: str) -> Action:
        """Canonical notation, or a card word alone when exactly one play of it is legal."""
        move = actions.parse(text)
        legal = state.legal_actions()
        if move in legal or len(text.split()) != 1 or move is actions.PASS:
            return move
        same = [a for a in legal if isinstance(a, actions.Move) and a.card == move.card]
        plays = [a for a in same if not a.discard]
        if len(plays) == 1:
            return plays[0]
        if len(plays) > 1:
            options = ", ".join(str(a) for a in plays)
            raise NotationError(
                _(
                    "{text} is ambiguous: say which ({options})",
                    text=excerpt(text.strip()),
                    options=options,
                )
            )
        return move

    def forced_reason(self, state: State) -> str | None:
        """Why the seat to act has only one move: a flamed-out pilot offered only "pass" is told
        why (the faces show it beside the move)."""
        return state.forced_reason() if isinstance(state, RaceState) else None

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": HeuristicBot}

    def observation_encoder(self) -> Encoder:
        return encoder.encoder(self)

    def setup_examples(self) -> tuple[JSON, ...]:
        hand = ["radar", "visual", "missile", "guns", "relight", "radar", "visual"]
        seats = range(self.players)
        setup: JSON = {
            "hands": [list(hand) for _ in seats],
            "deck": ["guns", "maneuver"],
            "first": 0,
            "kills": [0] * self.players,
        }
        return ({**setup, "wings": [[] for _ in seats]} if self.players == 2 else setup,)

    def max_game_length(self) -> int:
        # about three times the longest of 300 random games a player count (docs/rl.md)
        return 2_000

    def search_settings(self) -> SearchSettings:
        # its learned evaluation (bot.WEIGHTS) reads the position well enough to use four times
        # the worlds; the budget keeps the slowest decision under a second (docs/bots.md)
        return SearchSettings(worlds=1024, horizon=16, deviation_z=0.5, budget=24_000)

    def evaluate(self, view: JSON) -> float:
        return evaluate(view)

    def figures(self) -> tuple[ChoiceFigure, ...]:
        return (
            # every card a pilot plays (not a discard or a pass), the specials included
            ChoiceFigure("cards_played", "Cards played", first_word_among(WORDS)),
        )

    def reference(self) -> JSON:
        return reference.reference()
