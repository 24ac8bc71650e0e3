"""The core contract, checked the same way for every registered game and player count.

Property tests over random playouts: the game ends, the legal list is never empty for the seat to
act, every listed action applies, notation and integer encoding round-trip, the game's own
invariants (conservation of cards, coins, supply) hold after every step, views and events never
depend on what the seat cannot see, and records replay to the same final state.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import aerodeck
from aerodeck.core.api import State
from aerodeck.core.errors import IllegalActionError, RecordError
from tests.conftest import GAME_COUNTS

MAX_STEPS = 20_000
GAMES_PER_COUNT = 50  # with the hypothesis examples below; benchmarks/fuzz.py plays many more
seeds = st.integers(min_value=0, max_value=2**63 - 1)
# Each example of the three seeded properties below plays a game, or its first 70 to 84 moves, at
# every table size: they take half the profile's examples (the default profile's 50, the same
# seeds every run; HYPOTHESIS_PROFILE=thorough's 500, new ones each run), which keeps `make test`
# in its budget.
GAME_EXAMPLES = settings(max_examples=max(1, settings.default.max_examples // 2))


def random_playout(
    state: State, rng: random.Random, check: bool = True, stop_at: int | None = None
) -> list[State]:
    """Play uniformly at random to the end, returning a sample of the states passed through
    (every 7th); with ``stop_at``, stop once that many are sampled (a test that looks at the
    first few only; the whole games are checked by the tests that play them out)."""
    samples: list[State] = []
    for step in range(MAX_STEPS):
        if stop_at is not None and len(samples) == stop_at:
            return samples
        if state.is_terminal:
            assert state.current_player is None
            assert state.legal_actions() == []
            return samples
        legal = state.legal_actions()
        assert legal, "the seat to act has no legal action"
        assert len(set(legal)) == len(legal), f"a move is listed twice: {legal}"
        assert state.current_player is not None
        if check:
            state.check_invariants()
        if step % 7 == 0:
            samples.append(state.clone())
        state.apply(rng.choice(legal))
    raise AssertionError(f"no end after {MAX_STEPS} steps")


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_many_random_games_end_and_conserve(game_id: str, players: int) -> None:
    game = aerodeck.make(game_id, players=players)
    for seed in range(GAMES_PER_COUNT):
        state = game.new_game(seed=seed)
        random_playout(state, random.Random(seed))
        state.check_invariants()
        assert sum(state.returns()) == pytest.approx(1.0)
        assert state.winners
        placings = state.placings()  # every seat once, the winners first
        assert placings[0] == state.winners, placings
        assert sorted(s for tied in placings for s in tied) == list(range(players))
        assert all(tied for tied in placings)


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
@GAME_EXAMPLES
@given(seed=seeds)
def test_every_listed_action_applies_and_round_trips(game_id: str, players: int, seed: int) -> None:
    game = aerodeck.make(game_id, players=players)
    state = game.new_game(seed=seed)
    for sample in random_playout(state, random.Random(seed), stop_at=12):
        for action in sample.legal_actions():
            text = str(action)
            assert game.parse_action(sample, text) == action, text
            index = game.action_index(action)
            assert 0 <= index < game.num_distinct_actions
            assert game.action_from_index(index) == action
            copy = sample.clone()
            copy.apply(text)
            copy.check_invariants()


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
@GAME_EXAMPLES
@given(seed=seeds)
def test_views_and_events_never_depend_on_hidden_information(
    game_id: str, players: int, seed: int
) -> None:
    """A determinization redraws everything a seat cannot see; its view must not change."""
    game = aerodeck.make(game_id, players=players)
    state = game.new_game(seed=seed)
    rng = random.Random(seed)
    hidden_changed = False
    for sample in random_playout(state, random.Random(seed), stop_at=10):
        public = sample.view(None)
        for seat in range(players):
            world = sample.determinize(seat, rng)
            world.check_invariants()
            seen, told = sample.view(seat), sample.events_since(0, seat)
            assert world.view(seat) == seen
            assert world.events_since(0, seat) == told
            assert world.view(None) == public
            assert world.current_player == sample.current_player
            json.dumps(seen)
            json.dumps(told)
            if not hidden_changed:  # once a redraw showed, the closing assertion holds
                others = [s for s in range(players) if s != seat]
                hidden_changed = any(world.view(s) != sample.view(s) for s in others)
            if not world.is_terminal:
                world.apply(random.Random(seed).choice(world.legal_actions()))
    assert hidden_changed or state.move_number < 20, "determinize never redrew hidden cards"


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
@GAME_EXAMPLES
@given(seed=seeds)
def test_records_replay_to_the_same_game(game_id: str, players: int, seed: int) -> None:
    game = aerodeck.make(game_id, players=players)
    state = game.new_game(seed=seed)
    # the whole game; its invariants at every step are test_many_random_games_end_and_conserve's
    random_playout(state, random.Random(seed), check=False)
    record = json.loads(json.dumps(state.record()))
    again = aerodeck.replay(record)
    assert again.returns() == state.returns()
    assert again.view(None) == state.view(None)
    assert all(again.view(s) == state.view(s) for s in range(players))


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_muted_events_change_nothing_else(game_id: str, players: int) -> None:
    game = aerodeck.make(game_id, players=players)
    for seed in range(3):
        loud, quiet = game.new_game(seed=seed), game.new_game(seed=seed).mute_events()
        rng = random.Random(seed)
        while not loud.is_terminal:
            legal = loud.legal_actions()
            assert quiet.legal_actions() == legal
            assert all(quiet.view(s) == loud.view(s) for s in (None, *range(players)))
            action = rng.choice(legal)
            loud.apply_unchecked(action)
            quiet.apply_unchecked(action)
        assert quiet.is_terminal and quiet.returns() == loud.returns()
        assert quiet.record() == loud.record()
        assert quiet.event_count <= loud.event_count


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_same_seed_same_game_and_clone_is_independent(game_id: str, players: int) -> None:
    game = aerodeck.make(game_id, players=players)
    first, second = game.new_game(seed=99), game.new_game(seed=99)
    assert first.view(None) == second.view(None)
    assert all(first.view(s) == second.view(s) for s in range(players))
    rng = random.Random(5)
    for _ in range(30):
        if first.is_terminal:
            break
        copy = first.clone()
        before = first.view(None), first.move_number
        copy.apply(rng.choice(copy.legal_actions()))
        assert (first.view(None), first.move_number) == before
        first.apply(copy.history()[-1])
    assert first.view(None) == first.clone().view(None)


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_an_action_that_is_not_legal_is_refused_with_a_reason(game_id: str, players: int) -> None:
    game = aerodeck.make(game_id, players=players)
    state = game.new_game(seed=3)
    legal = set(state.legal_actions())
    illegal = next(
        game.action_from_index(i)
        for i in range(game.num_distinct_actions)
        if game.action_from_index(i) not in legal
    )
    with pytest.raises(IllegalActionError) as error:
        state.apply(illegal)
    assert str(error.value) and "\n" not in str(error.value)
    with pytest.raises(IllegalActionError):
        state.apply("this is not a move at all 42")


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_a_tampered_record_is_refused(game_id: str, players: int) -> None:
    game = aerodeck.make(game_id, players=players)
    state = game.new_game(seed=11)
    random_playout(state, random.Random(11), check=False)
    record = state.record()
    record["actions"] = [*record["actions"][:3], "not a move", *record["actions"][4:]]
    with pytest.raises(RecordError, match="action 4"):
        aerodeck.replay(record)


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_no_bot_can_use_hidden_information(game_id: str, players: int) -> None:
    """A bot's choice, for a fixed seed, is the same in any world its seat cannot tell apart."""
    from dataclasses import replace

    from aerodeck.agents.ismcts import IsmctsAgent
    from aerodeck.agents.levels import SEARCHING, searcher
    from aerodeck.agents.registry import agent_names, make_agent

    game = aerodeck.make(game_id, players=players)
    bots = {
        name: (lambda seed, name=name: make_agent(name, game, seed))
        for name in agent_names(game)
        if name not in SEARCHING  # searched with a small budget below, to stay fast
    }
    bots["ismcts-agent"] = lambda seed: IsmctsAgent(game, seed, iterations=8)
    # two worlds (the second after the first drops candidates) over the heuristic's move and
    # a seeded sample of four others
    small = replace(game.search_settings(), worlds=2, min_worlds=1, width=4)
    bots["hard"] = lambda seed: searcher(small, game, seed, "hard")
    truncated = replace(small, horizon=6, blend=0.3, ismcts=None)  # the rollouts, evaluated
    bots["hard-truncated"] = lambda seed: searcher(truncated, game, seed, "hard")
    rng = random.Random(17)
    for seed in range(3):
        state = game.new_game(seed=seed)
        for sample in random_playout(state, random.Random(seed), check=False, stop_at=8):
            seat = sample.current_player
            assert seat is not None
            world = sample.determinize(seat, rng)
            for name, bot in bots.items():
                here = bot(5).choose(sample.observation(seat))
                there = bot(5).choose(world.observation(seat))
                assert here == there, f"{name} chose differently in a world its seat cannot see"


def _seen_after(state: State, action: object, seat: int | None) -> tuple[object, object]:
    """What ``seat`` is shown right after ``action``: its view and the new events."""
    after = state.clone()
    count = after.event_count
    after.apply_unchecked(action)  # type: ignore[arg-type]
    return after.view(seat), after.events_since(count, seat)


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_move_history_never_tells_a_seat_what_it_cannot_see(game_id: str, players: int) -> None:
    """A seat's move history (``history_for``) may not tell apart two moves of another seat that
    leave the seat's view and events identical: a face-down play, a secret aircraft, a card given
    to someone else. Checked at every step of seeded random games against every alternative."""
    game = aerodeck.make(game_id, players=players)
    for seed in range(3):
        state = game.new_game(seed=seed)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal and steps < 400:
            actor = state.current_player
            assert actor is not None
            legal = state.legal_actions()
            chosen = rng.choice(legal)
            for seat in [None, *range(players)]:
                if seat == actor:
                    continue
                shown = game.move_seen_by(chosen, actor, seat)
                seen = _seen_after(state, chosen, seat)
                for other in legal[:40]:
                    if other is not chosen and _seen_after(state, other, seat) == seen:
                        assert game.move_seen_by(other, actor, seat) == shown, (
                            f"seat {seat} would tell {chosen} from {other} in its history"
                        )
            state.apply(chosen)
            steps += 1
        for seat in [None, *range(players)]:
            history = state.history_for(seat)
            assert [m.number for m in history] == list(range(1, state.move_number + 1))
            assert all(
                m.move == h for m, h in zip(history, state.history(), strict=True) if m.seat == seat
            )


@pytest.mark.parametrize(("game_id", "players"), GAME_COUNTS)
def test_a_redacted_record_holds_no_seed_and_cannot_be_replayed(game_id: str, players: int) -> None:
    game = aerodeck.make(game_id, players=players)
    state = game.new_game(seed=11)
    rng = random.Random(11)
    for _ in range(30):
        if state.is_terminal:
            break
        state.apply(rng.choice(state.legal_actions()))
    if state.is_terminal:
        assert state.record_for(0) == state.record()
        return
    for seat in [None, *range(players)]:
        redacted = state.record_for(seat)
        assert "seed" not in redacted and "setup" not in redacted and "actions" not in redacted
        assert [m["move"] for m in redacted["moves"]] == [m.move for m in state.history_for(seat)]
        with pytest.raises(RecordError):
            aerodeck.replay(redacted)
    with pytest.raises(aerodeck.errors.ConfigError):
        state.record_for(players)
