"""``State.apply_unchecked`` is for trusted callers: no face passes it what a person or a network
sent. Every call outside core/ and games/ is listed here with why its action is already legal."""

from __future__ import annotations

import ast
from collections import Counter
from pathlib import Path

import pytest

import aerodeck
from aerodeck.core.api import Action, Observation
from aerodeck.core.errors import IllegalActionError
from aerodeck.sim.match import play
from tests.conftest import GAME_IDS

PACKAGE = Path(aerodeck.__file__).parent
TRUSTED = {
    # module: (calls, why the action is legal)
    "sim/match.py": (1, "the bot's move, after `action not in observation.legal_actions` refuses"),
    "agents/ismcts.py": (4, "actions of the sampled world's own legal_actions(), in playouts"),
    "agents/rollouts.py": (
        2,
        "a candidate from the observation's legal actions in a world consistent with it (the "
        "same legal moves: the view decides them); the sampled world's legal_actions() in playouts",
    ),
    "rl/pettingzoo/aec.py": (1, "the agent's index, after `not in self.legal_indices()` refuses"),
    "rl/gym.py": (
        2,
        "the learner's move after `not in legal_actions()` refuses; a bot's after "
        "`not in observation.legal_actions` refuses",
    ),
}


def _calls(path: Path) -> int:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return sum(
        1
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute) and node.attr in ("apply_unchecked", "_apply")
    )


def test_faces_call_apply_unchecked_only_where_audited() -> None:
    found: Counter[str] = Counter()
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE).as_posix()
        if relative.startswith(("core/", "games/")):
            continue
        count = _calls(path)
        if count:
            found[relative] = count
    assert dict(found) == {module: calls for module, (calls, _) in TRUSTED.items()}


def test_the_match_loop_checks_a_bots_move_before_applying_it() -> None:
    """The audited call in sim/match.py sits behind the legal-list check."""
    source = (PACKAGE / "sim" / "match.py").read_text(encoding="utf-8")
    check = source.index("if action not in observation.legal_actions")
    assert check < source.index("state.apply_unchecked(action)")


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
