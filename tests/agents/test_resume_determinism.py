"""The same record and the same bots give the same game however often it is interrupted: every
bot seeds each decision from its own seed and the move number (issue 13)."""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

import aerodeck
from aerodeck.agents.ismcts import IsmctsAgent
from aerodeck.agents.registry import make_agent
from aerodeck.cli.app import main
from aerodeck.core.api import Agent, Game, State
from aerodeck.core.rng import decision_seed, derive_seed
from aerodeck.sim.match import play
from tests.conftest import GAME_IDS

Lineup = Callable[[Game, int], list[Agent]]


def _named(*names: str) -> Lineup:
    def lineup(game: Game, seed: int) -> list[Agent]:
        return [
            make_agent(names[s % len(names)], game, derive_seed(seed, "bot", s))
            for s in range(game.players)
        ]

    return lineup


def _search(game: Game, seed: int) -> list[Agent]:
    rollout = game.bots()["heuristic"]
    return [
        IsmctsAgent(game, derive_seed(seed, "bot", s), iterations=4, rollout=rollout, epsilon=0.2)
        for s in range(game.players)
    ]


def _step(state: State, agents: list[Agent], moves: int) -> None:
    for _ in range(moves):
        if state.is_terminal:
            return
        seat = state.current_player
        assert seat is not None
        state.apply(agents[seat].choose(state.observation(seat)))


def _interrupted(game: Game, seed: int, lineup: Lineup, cuts: list[int]) -> State:
    """Play ``cuts[i]`` moves, save the record, rebuild the game and the bots from it, go on."""
    state = game.new_game(seed=seed)
    for moves in cuts:
        _step(state, lineup(game, seed), moves)
        state = aerodeck.replay(json.loads(json.dumps(state.record())))
        game = state.game
    return play(state, lineup(game, seed))


@pytest.mark.parametrize("game_id", GAME_IDS)
@pytest.mark.parametrize("bots", [("heuristic",), ("random", "heuristic")])
def test_a_resumed_game_goes_on_as_the_uninterrupted_one(
    game_id: str, bots: tuple[str, ...]
) -> None:
    game = aerodeck.make(game_id)
    for seed in (1, 2):
        whole = play(game.new_game(seed=seed), _named(*bots)(game, seed))
        cut = _interrupted(game, seed, _named(*bots), [7, 1, 23, 40])
        assert cut.record() == whole.record()


@pytest.mark.parametrize("game_id", ["race_to_ace", "down_in_flames"])
def test_a_resumed_search_bot_searches_as_before(game_id: str) -> None:
    game = aerodeck.make(game_id)
    whole = play(game.new_game(seed=3), _search(game, 3))
    cut = _interrupted(game, 3, _search, [5, 11, 2])
    assert cut.record() == whole.record()


def test_decision_seeds_differ_by_seed_and_move() -> None:
    seeds = {decision_seed(seed, move) for seed in range(50) for move in range(200)}
    assert len(seeds) == 50 * 200 and all(0 <= s < 2**63 for s in seeds)


def test_play_resume_on_the_command_line_goes_on_as_the_uninterrupted_game(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def cli(args: list[str], stdin: str) -> int:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        return main(args)

    whole, cut = tmp_path / "whole.json", tmp_path / "cut.json"
    base = ["play", "race-to-ace", "-p", "4", "--seed", "9", "--bots", "heuristic"]
    assert cli([*base, "--save", str(whole)], "1\n" * 3000) == 0
    assert cli([*base, "--save", str(cut)], "1\n" * 3 + "quit\n") == 0
    for _ in range(2):
        assert cli(["play", "race-to-ace", "--resume", str(cut)], "1\n" * 2 + "quit\n") == 0
    assert cli(["play", "race-to-ace", "--resume", str(cut)], "1\n" * 3000) == 0
    capsys.readouterr()
    done = json.loads(cut.read_text())
    assert done["actions"] == json.loads(whole.read_text())["actions"] and "result" in done
