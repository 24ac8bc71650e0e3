"""A MaskablePPO policy as a bot (``ppo:FILE``): trained on a tiny budget, saved, loaded by name
through the registry, it beats random; a file that cannot serve is refused in one line."""

from __future__ import annotations

import asyncio
import json
import sys
import zipfile
from collections.abc import Iterator
from importlib.metadata import entry_points
from pathlib import Path

import pytest

pytest.importorskip(
    "sb3_contrib", reason="ppo bot tests: sb3-contrib absent (pip install -e '.[learn]')"
)

import torch
from sb3_contrib import MaskablePPO
from stable_baselines3.common.logger import Logger
from stable_baselines3.common.vec_env import DummyVecEnv

from aerodeck.agents.registry import KIND_GROUP, agent_names, bot_kinds, make_agent
from aerodeck.cli.app import main
from aerodeck.core.errors import ConfigError
from aerodeck.core.registry import make
from aerodeck.rl import policy_bot
from aerodeck.rl.gym import AerodeckEnv
from aerodeck.rl.policy_bot import POLICY_FOLDER, save_policy
from aerodeck.sim.match import play_game

GAME = "aces_versus_aces"
STEPS = 4096  # about 5 seconds of CPU; it then won 0.75 of these 40 games and 0.74 of 200 others
EVAL_GAMES = 40
EVAL_SEED = 900_000


@pytest.fixture(scope="module", autouse=True)
def ppo_kind(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """The ``ppo`` kind as pyproject.toml declares it, also in an install that predates it."""
    declared = any(p.name == "ppo" for p in entry_points(group=KIND_GROUP))
    folder = tmp_path_factory.mktemp("dist")
    if not declared:
        info = folder / "aerodeck_ppo_kind-0.1.dist-info"
        info.mkdir()
        (info / "METADATA").write_text(
            "Metadata-Version: 2.1\nName: aerodeck-ppo-kind\nVersion: 0.1\n"
        )
        (info / "entry_points.txt").write_text(
            f"[{KIND_GROUP}]\nppo = aerodeck.rl.policy_bot:PPO\n"
        )
        sys.path.insert(0, str(folder))
    bot_kinds.cache_clear()
    yield
    if not declared:
        sys.path.remove(str(folder))
    bot_kinds.cache_clear()


@pytest.fixture(scope="module")
def policy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A policy trained for ``STEPS`` decisions against random, both seats, seeded."""
    torch.set_num_threads(1)
    venv = DummyVecEnv([lambda seat=seat: AerodeckEnv(GAME, 2, seat, "random") for seat in (0, 1)])
    venv.seed(5)
    model = MaskablePPO(
        "MultiInputPolicy", venv, n_steps=256, batch_size=128, n_epochs=4, learning_rate=1e-3,
        gamma=1.0, seed=5,
    )  # fmt: skip
    model.set_logger(Logger(None, []))  # no log folder: SB3's default makes one in /tmp per call
    model.learn(total_timesteps=STEPS)
    return save_policy(model, make(GAME, 2), tmp_path_factory.mktemp("policy") / "aces")


def test_a_tiny_policy_loaded_as_a_bot_beats_random(policy: Path) -> None:
    game = make(GAME, 2)
    bot = make_agent(f"ppo:{policy}", game, 0)
    wins = 0.0
    for g in range(EVAL_GAMES):
        seat = g % 2
        random = make_agent("random", game, g)
        agents = [bot, random] if seat == 0 else [random, bot]
        wins += play_game(game, agents, EVAL_SEED + g, events=False).returns[seat]
    assert wins / EVAL_GAMES >= 0.6, f"won {wins} of {EVAL_GAMES} against random"


def test_the_bot_is_deterministic_from_the_seats_observation(policy: Path) -> None:
    game = make(GAME, 2)
    state = game.new_game(seed=3)
    observation = state.observation(state.current_player or 0)
    first = make_agent(f"ppo:{policy}", game, 1).choose(observation)
    assert make_agent(f"ppo:{policy}", game, 2).choose(observation) == first


def test_simulate_plays_the_policy(policy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    bots = f"ppo:{policy},random"
    code = main(
        ["simulate", GAME, "-n", "4", "--players", "2", "--jobs", "1", "--bots", bots, "--json"]
    )
    out, err = capsys.readouterr()
    assert code == 0, err
    assert set(json.loads(out)["bots"]) == {f"ppo:{policy}", "random"}


def test_a_policy_folder_offers_its_policies_by_name(
    policy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A table server lists the folder's policies for the game they were trained on only."""
    monkeypatch.setenv(POLICY_FOLDER, str(policy.parent))
    assert "ppo:aces" in agent_names(make(GAME, 2))
    assert "ppo:aces" not in agent_names(make(GAME, 3))
    assert "ppo:aces" not in agent_names(make("down_in_flames", 2))
    by_name = make_agent("ppo:Aces", make(GAME, 2), 0)  # bot names are matched without case
    assert by_name.model is make_agent(f"ppo:{policy}", make(GAME, 2), 0).model  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("game_id", "players", "message"),
    [
        ("down_in_flames", 2, "trained on aces_versus_aces with 2 players, not down_in_flames"),
        (GAME, 3, "with 2 players, not aces_versus_aces with 3"),
    ],
)
def test_a_policy_for_another_game_or_table_is_refused(
    policy: Path, game_id: str, players: int, message: str
) -> None:
    with pytest.raises(ConfigError, match=message):
        make_agent(f"ppo:{policy}", make(game_id, players), 0)


def test_a_file_that_is_no_policy_is_refused_in_one_line(tmp_path: Path) -> None:
    game = make(GAME, 2)
    with pytest.raises(ConfigError, match="no policy file"):
        make_agent(f"ppo:{tmp_path / 'absent.zip'}", game, 0)
    text = tmp_path / "notes.zip"
    text.write_text("not a zip")
    with pytest.raises(ConfigError, match="is not a policy saved by aerodeck"):
        make_agent(f"ppo:{text}", game, 0)
    other = tmp_path / "other.zip"
    with zipfile.ZipFile(other, "w") as archive:
        archive.writestr("data", "{}")
    with pytest.raises(ConfigError, match="is not a policy saved by aerodeck"):
        make_agent(f"ppo:{other}", game, 0)
    with pytest.raises(ConfigError, match="ppo bots name their model"):
        make_agent("ppo:", game, 0)


def test_without_sb3_contrib_the_bot_is_refused_in_one_line(
    policy: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "sb3_contrib", None)  # what an absent package imports as
    policy_bot._load_model.cache_clear()
    try:
        with pytest.raises(ConfigError, match=r"need torch and sb3-contrib: pip install"):
            make_agent(f"ppo:{policy}", make(GAME, 2), 0)
    finally:
        policy_bot._load_model.cache_clear()


def test_a_damaged_model_is_refused_in_one_line(policy: Path, tmp_path: Path) -> None:
    damaged = tmp_path / "damaged.zip"
    with zipfile.ZipFile(policy) as source, zipfile.ZipFile(damaged, "w") as target:
        target.writestr("aerodeck.json", source.read("aerodeck.json"))
    with pytest.raises(ConfigError, match="cannot be loaded as a MaskablePPO model"):
        make_agent(f"ppo:{damaged}", make(GAME, 2), 0)


def test_an_unknown_bot_kind_is_refused_in_one_line() -> None:
    with pytest.raises(ConfigError, match="unknown bot kind 'alphazero'"):
        make_agent("alphazero:net.pt", make(GAME, 2), 0)


def test_a_table_seats_a_policy_from_the_folder_and_never_a_file(
    policy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The server's hub accepts ``ppo:NAME`` from ``AERODECK_POLICIES`` and refuses a path; the
    bot then decides at the table as every table bot does (``service.bots.choose``)."""
    pytest.importorskip("sqlalchemy", reason="table test: the web extra is absent")
    from aerodeck.web.db import migrate
    from aerodeck.web.db.store import Store, make_engine
    from aerodeck.web.service.bots import choose
    from aerodeck.web.service.hub import Hub, SeatSpec
    from aerodeck.web.settings import Settings

    monkeypatch.setenv(POLICY_FOLDER, str(policy.parent))

    async def seat(bot: str) -> str:
        engine = make_engine(f"sqlite+aiosqlite:///{tmp_path / 'store.sqlite3'}")
        await migrate.upgrade(engine)
        hub = Hub(Store(engine), Settings(data_dir=tmp_path))
        try:
            created = await hub.create(
                GAME, 2, {}, [SeatSpec("human"), SeatSpec("bot", bot)],
                listed=False, clock=None, fallback_bot="random", claim=0, name="ann",
            )  # fmt: skip
            state = created.table.state
            state.apply(state.legal_actions()[0])  # the person's move: now the bot's turn
            return choose(created.table.game, bot, 1, state, 1)
        finally:
            await engine.dispose()

    assert asyncio.run(seat("ppo:aces"))
    with pytest.raises(ConfigError, match="unknown bot"):
        asyncio.run(seat(f"ppo:{policy}"))
