"""The one list of the moves each phase accepts (phases.PHASES) holds for both machines: every
move either lists is there, and a move of another phase is refused with that phase's words."""

from __future__ import annotations

import random
from typing import Any

import pytest

import aerodeck
from aerodeck.core.errors import IllegalActionError
from aerodeck.games.down_in_flames.actions import Expertise, Move
from aerodeck.games.down_in_flames.phases import PHASES

CONFIGS: list[tuple[int, dict[str, Any]]] = [
    (2, {}),
    (2, {"skills": True, "missile_loads": True, "second_missile": True, "vp_limit": 90}),
    (2, {"site": "SA-7", "skills": True}),
    (3, {"skills": True}),
    (2, {"aircraft": 2, "missile_loads": True, "vp_limit": 90, "year": 2000}),
    (2, {"campaign": "1973 Yom Kippur War", "mission": 2, "skills": True}),
]


@pytest.mark.parametrize(("players", "options"), CONFIGS)
def test_every_listed_move_is_one_its_phase_accepts(players: int, options: dict[str, Any]) -> None:
    game = aerodeck.make("down_in_flames", players=players, **options)
    seen: set[str] = set()
    for seed in range(4):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        while not state.is_terminal:
            phase = str(getattr(state, "phase", ""))
            moves = state.legal_actions()
            for move in moves:
                assert isinstance(move, Move)
                # an Aircraft Expertise card is offered in any phase where a card may be played
                ok = PHASES[phase].accepts(move) or isinstance(move, Expertise)
                assert ok, (phase, str(move))
            seen.add(phase)
            state.apply_unchecked(rng.choice(moves))
    assert {"play", "react"} <= seen


def test_a_move_of_another_phase_is_refused_with_the_phases_words() -> None:
    for players in (2, 3):
        state = aerodeck.make("down_in_flames", players=players).new_game(seed=1)
        with pytest.raises(IllegalActionError, match="not now: choose your aircraft in secret"):
            state.apply("level")


def test_the_phase_table_holds_a_legal_and_an_apply_function_for_every_phase() -> None:
    from aerodeck.games.down_in_flames.rules import MACHINE

    assert list(MACHINE) == list(PHASES)
    for phase, entry in MACHINE.items():
        assert entry.rule is PHASES[phase]
        assert entry.legal.__name__ == "_legal_" + phase.replace("-", "_")
        assert entry.apply.__name__ == "_do_" + phase.replace("-", "_")


def test_a_phase_table_missing_a_handler_is_refused() -> None:
    from aerodeck.games.down_in_flames.phases import machine
    from aerodeck.games.down_in_flames.rules import MACHINE

    handlers = {phase: (entry.legal, entry.apply) for phase, entry in MACHINE.items()}
    assert machine(handlers) == MACHINE
    del handlers["pay"]
    with pytest.raises(TypeError, match=r"no handlers for \['pay'\]"):
        machine(handlers)
    handlers["pay"] = (MACHINE["pay"].legal, None)  # type: ignore[assignment]
    with pytest.raises(TypeError, match="'pay' needs a legal and an apply function"):
        machine(handlers)
