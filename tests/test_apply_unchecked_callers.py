"""``State.apply_unchecked`` is for trusted callers: no face passes it what a person or a network
sent. The rule is checked on the call sites (an AST walk: every module outside core/ and games/
that calls it is listed with why its action is already legal) and on behaviour (the match loop
refuses a bot's illegal move and leaves the state as it was)."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import aerodeck
from aerodeck.core.api import Action, Observation
from aerodeck.core.errors import IllegalActionError
from aerodeck.sim.match import play
from tests.conftest import GAME_IDS

PACKAGE = Path(aerodeck.__file__).parent
# The modules outside core/ and games/ that may call it, and why their action is already legal.
# The faces (cli/, web/) never do: what a person or a network sends goes through ``apply``.
TRUSTED = {
    "sim/match.py": "the bot's move, after `action not in observation.legal_actions` refuses",
    "agents/ismcts.py": "actions of the sampled world's own legal_actions(), in playouts",
    "agents/rollouts.py": (
        "a candidate from the observation's legal actions in a world consistent with it (the "
        "same legal moves: the view decides them); the sampled world's legal_actions() in playouts"
    ),
    "agents/analysis.py": (
        "the observation's legal actions (the move played refused by `judge` unless among "
        "them) in worlds consistent with the observation, as agents/rollouts.py"
    ),
    "rl/pettingzoo/aec.py": "the agent's index, after `not in self.legal_indices()` refuses",
    "rl/batch.py": (
        "the move of the game's own legal_actions() whose index the action is, after `move()` "
        "finds none (an illegal action ends the game); a bot's after `not in legal_actions`"
    ),
    "rl/gym.py": (
        "the learner's move after `not in legal_actions()` refuses; a bot's after "
        "`not in observation.legal_actions` refuses"
    ),
}


def _calls_apply_unchecked(path: Path) -> bool:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return any(
        isinstance(node, ast.Attribute) and node.attr in ("apply_unchecked", "_apply")
        for node in ast.walk(tree)
    )


def test_apply_unchecked_is_called_only_from_audited_modules() -> None:
    callers = {
        path.relative_to(PACKAGE).as_posix()
        for path in sorted(PACKAGE.rglob("*.py"))
        if _calls_apply_unchecked(path)
    }
    outside = {module for module in callers if not module.startswith(("core/", "games/"))}
    assert not {module for module in outside if module.startswith(("cli/", "web/"))}
    assert outside <= set(TRUSTED), f"audit these callers first: {sorted(outside - set(TRUSTED))}"


class _Cheat:
    """A bot that answers with a move of another moment: the match loop must refuse it."""

    name = "cheat"

    def __init__(self, move: Action) -> None:
        self.move = move

    def choose(self, observation: Observation) -> Action:
        return self.move


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_match_loop_refuses_a_bots_illegal_move_and_changes_nothing(game_id: str) -> None:
    game = aerodeck.make(game_id)
    state = game.new_game(seed=2)
    legal = set(state.legal_actions())
    illegal = next(a for a in game.action_table.actions if a not in legal)
    before = state.record()
    with pytest.raises(IllegalActionError, match="cheat chose"):
        play(state, [_Cheat(illegal)] * game.players)
    assert state.record() == before
