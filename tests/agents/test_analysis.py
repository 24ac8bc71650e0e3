"""The analysis (agents/analysis.py): deterministic, judged from the seat's information only,
marked at the game's thresholds, plain JSON."""

from __future__ import annotations

import json
import random

import pytest

from aerodeck.agents.analysis import Budget, analyse, judge, move_accuracy, suggestion
from aerodeck.agents.registry import make_agent
from aerodeck.core.api import JSON
from aerodeck.core.registry import make
from aerodeck.core.search import AnalysisThresholds
from aerodeck.sim.match import play_game
from tests.conftest import SHIPPED_GAMES

TINY = Budget(worlds=3, moves=600, width=3)


def finished(game_id: str, seed: int = 7) -> JSON:
    game = make(game_id, players=2)
    agents = [make_agent("easy", game, seed), make_agent("medium", game, seed + 1)]
    return play_game(game, agents, seed=seed).record


@pytest.mark.parametrize("game_id", SHIPPED_GAMES)
def test_the_same_record_gives_the_same_analysis(game_id: str) -> None:
    record = finished(game_id)
    first = analyse(record, seats=[0], budget=TINY)
    again = analyse(json.loads(json.dumps(record)), seats=[0], budget=TINY)
    assert json.dumps(first) == json.dumps(again)
    assert first["decisions"] and {d["seat"] for d in first["decisions"]} == {0}


@pytest.mark.parametrize("game_id", SHIPPED_GAMES)
def test_a_judgement_is_the_same_whatever_the_others_hold(game_id: str) -> None:
    """At each of seat 0's decisions, the real state and worlds redrawn from seat 0's view (the
    others' hidden cards and the deck dealt again) give the very same judgement."""
    record = finished(game_id)
    game = make(game_id, players=2)
    state = game.new_game(seed=record["seed"], setup=record["setup"])
    redraw = random.Random(5)
    judged = 0
    for text in record["actions"]:
        seat = state.current_player
        action = game.parse_action(state, text)
        if seat == 0 and len(state.legal_actions()) > 1 and judged < 4:
            truth = judge(state.observation(0), action, TINY)
            for _ in range(2):
                other = state.determinize(0, redraw)
                assert judge(other.observation(0), action, TINY) == truth
            judged += 1
        state.apply(action)
    assert judged


def test_the_marks_follow_the_thresholds() -> None:
    marks = AnalysisThresholds(inaccuracy=0.05, mistake=0.1, blunder=0.2)
    assert [marks.mark(x) for x in (0.0, 0.049, 0.05, 0.1, 0.19, 0.2, 1.0)] == [
        None,
        None,
        "inaccuracy",
        "mistake",
        "mistake",
        "blunder",
        "blunder",
    ]
    assert make("air_racing", players=2).analysis_thresholds().blunder == 0.3
    assert make("ace_race", players=2).analysis_thresholds() == AnalysisThresholds()


def test_accuracy_falls_with_the_loss() -> None:
    assert move_accuracy(0.0) == 100.0
    assert 60 < move_accuracy(0.1) < 64
    assert move_accuracy(1.0) == 0.0


def test_every_decision_is_marked_by_its_loss_and_summed_per_player() -> None:
    record = finished("ace_race")
    result = analyse(record, budget=TINY)
    thresholds = AnalysisThresholds()
    for decision in result["decisions"]:
        assert decision["loss"] == pytest.approx(
            decision["best_value"] - decision["value"], abs=2e-4
        )
        assert decision["mark"] == thresholds.mark(decision["loss"])
        assert (decision["best"] == decision["played"]) == (decision["loss"] == 0)
        assert decision["best_events"] or decision["best"] == decision["played"]
    for summary in result["summary"]:
        mine = [d for d in result["decisions"] if d["seat"] == summary["seat"]]
        assert summary["decisions"] == len(mine)
        assert summary["blunders"] == sum(d["mark"] == "blunder" for d in mine)


def test_progress_counts_every_judged_decision() -> None:
    record = finished("race_to_ace")
    seen: list[tuple[int, int]] = []
    result = analyse(record, seats=[1], budget=TINY, progress=lambda d, t: seen.append((d, t)))
    total = len(result["decisions"])
    assert seen == [(n, total) for n in range(1, total + 1)]


def test_a_suggestion_names_a_legal_move_with_its_chances() -> None:
    game = make("aces_versus_aces", players=2)
    state = game.new_game(seed=3)
    seat = state.current_player
    assert seat is not None
    hint = suggestion(state, seat, TINY)
    assert hint["move"] in [str(a) for a in state.legal_actions()]
    assert 0 <= hint["value"] <= 1 and hint["next_value"] <= hint["value"]
    assert suggestion(state, seat, TINY) == hint
