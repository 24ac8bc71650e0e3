"""OpenSpiel's Python IS-MCTS as an aerodeck bot: an outside opponent our levels do not model.

The ``openspiel-ismcts`` bot kind (``openspiel-ismcts`` or ``openspiel-ismcts:SIMULATIONS``):
``open_spiel.python.algorithms.ismcts.ISMCTSBot`` with random rollouts
(``mcts.RandomRolloutEvaluator``) and UCT constant 2, searching our OpenSpiel adapter
(``rl/openspiel.py``). OpenSpiel's C++ IS-MCTS is not usable on Python games (docs/rl.md); this is
its Python twin, as ``benchmarks/rl_openspiel.py`` runs it.

The bot sees what every aerodeck bot sees, the ``Observation``: it wraps a world sampled from it
(``Observation.sample``, a determinization consistent with the seat's view) in an OpenSpiel
state, and the search resamples from that state's information state (``State.determinize``
again) at every simulation, keying its tree on the seat's perfect-recall information state
string. Nothing of the true deal reaches it. Each decision reseeds its generators from the bot's
seed and the move number, so a game replays exactly, as for every aerodeck bot.

Its budget is a count of simulations (``SIMULATIONS`` by default); ``benchmarks/round_robin.py``
sets it per game to the mean CPU a move of ``hard`` (docs/bots.md).
"""

from __future__ import annotations

import random

import numpy as np
from open_spiel.python.algorithms import ismcts, mcts

from aerodeck.core.api import Action, Agent, Game, Observation
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.core.rng import decision_seed
from aerodeck.rl.openspiel import AerodeckGame, state_from, wrap_game

KIND = "openspiel-ismcts"
SIMULATIONS = 100
UCT_C = 2.0  # OpenSpiel's example value for returns in [0, 1] (and benchmarks/rl_openspiel.py's)
ROLLOUTS = 1  # random rollouts an evaluation


class OpenSpielIsmctsBot:
    """One seat's OpenSpiel IS-MCTS, ``simulations`` a decision."""

    def __init__(self, game: Game, seed: int, simulations: int = SIMULATIONS) -> None:
        self.game = game
        self.spiel: AerodeckGame = wrap_game(game)
        self.seed = seed
        self.simulations = simulations
        self.name = f"{KIND}:{simulations}" if simulations != SIMULATIONS else KIND

    def choose(self, observation: Observation) -> Action:
        legal = observation.legal_actions
        if len(legal) == 1:
            return legal[0]
        seed = decision_seed(self.seed, observation.move_number)
        world = observation.sample(random.Random(seed))
        rng = np.random.RandomState(seed % 2**32)
        bot = ismcts.ISMCTSBot(
            self.spiel,
            mcts.RandomRolloutEvaluator(ROLLOUTS, rng),
            UCT_C,
            self.simulations,
            random_state=rng,
        )
        # Worlds from the bot's own generator: OpenSpiel's default resampler builds an unseeded
        # UniformProbabilitySampler, and the game would not replay.
        bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.uniform))
        index = int(bot.step(state_from(self.spiel, world)))
        return self.game.action_from_index(index)


class OpenSpielIsmctsKind:
    """The ``openspiel-ismcts`` bot kind: ``openspiel-ismcts`` (``SIMULATIONS`` simulations a
    decision) or ``openspiel-ismcts:N``."""

    def make(self, game: Game, seed: int, argument: str) -> Agent:
        if not argument:
            return OpenSpielIsmctsBot(game, seed)
        if not argument.isdigit() or not 0 < int(argument) <= 1_000_000:
            raise ConfigError(
                f"{KIND} takes a number of simulations (1 to 1,000,000), not {excerpt(argument)}"
            )
        return OpenSpielIsmctsBot(game, seed, int(argument))

    def names(self, game: Game) -> list[str]:
        """None offered: a measuring opponent (benchmarks/round_robin.py), not a level for a
        table; any ``openspiel-ismcts`` name still works where one is named."""
        return []


OPENSPIEL_ISMCTS = OpenSpielIsmctsKind()
"""The object the ``aerodeck.bot_kinds`` entry point ``openspiel-ismcts`` names."""
