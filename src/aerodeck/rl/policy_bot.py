"""A trained MaskablePPO policy as an aerodeck bot: ``--bots ppo:FILE``.

``save_policy(model, game, path)`` writes sb3-contrib's model zip and adds ``aerodeck.json`` to
it (the game, player count, observation size and action count it was trained on), so a file is
checked against the game before torch is even imported. ``PolicyBot`` decides from its seat's
observation only: the encoder's vector of the seat's view and the mask of the legal actions, as
the Gymnasium environment gives them, and plays the most likely legal action (deterministic).

The bot kind ``ppo`` (declared under the ``aerodeck.bot_kinds`` entry point group, which
``agents.registry`` reads) makes ``ppo:FILE`` bots wherever a bot is named: ``aerodeck play``,
``aerodeck simulate``. A table server offers only the policies in the folder named by the
``AERODECK_POLICIES`` environment variable, as ``ppo:NAME`` for ``NAME.zip`` trained on the
table's game and player count: a player at a table never names a file on the server.

Needs the ``learn`` extra (torch and sb3-contrib); without it a ``ppo:`` bot is refused in one
line.
"""

from __future__ import annotations

import json
import os
import zipfile
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from aerodeck.core.api import Action, Agent, Game, Observation
from aerodeck.core.errors import ConfigError, excerpt
from aerodeck.rl.encode import VectorEncoder, encoder_for

METADATA = "aerodeck.json"
POLICY_FOLDER = "AERODECK_POLICIES"
KIND = "ppo"


def policy_metadata(game: Game) -> dict[str, Any]:
    """What a saved policy records of the game it was trained on."""
    return {
        "game": game.info.id,
        "players": game.players,
        "observation_size": encoder_for(game).size,
        "actions": game.num_distinct_actions,
    }


def save_policy(model: Any, game: Game, path: str | Path) -> Path:
    """Save a MaskablePPO ``model`` trained on ``game`` where ``ppo:PATH`` bots can load it."""
    model.save(str(path))
    saved = Path(path) if str(path).endswith(".zip") else Path(f"{path}.zip")
    with zipfile.ZipFile(saved, "a") as archive:
        archive.writestr(
            METADATA, json.dumps({"algorithm": "MaskablePPO", **policy_metadata(game)})
        )
    return saved


def read_metadata(path: Path) -> dict[str, Any]:
    """The ``aerodeck.json`` of a saved policy; ConfigError when there is no such policy."""
    if not path.is_file():
        raise ConfigError(f"no policy file {excerpt(str(path))}")
    try:
        with zipfile.ZipFile(path) as archive:
            meta = json.loads(archive.read(METADATA))
    except (zipfile.BadZipFile, KeyError, json.JSONDecodeError, UnicodeDecodeError):
        raise ConfigError(
            f"{excerpt(str(path))} is not a policy saved by aerodeck (benchmarks/rl_ppo.py)"
        ) from None
    if not isinstance(meta, dict):
        raise ConfigError(f"{excerpt(str(path))} has no readable {METADATA}")
    return meta


def check_fits(meta: dict[str, Any], game: Game, path: Path) -> None:
    """ConfigError when the policy was trained on another game, player count or encoding."""
    expected = policy_metadata(game)
    if meta.get("game") != expected["game"] or meta.get("players") != expected["players"]:
        raise ConfigError(
            f"{path.name} was trained on {meta.get('game')} with {meta.get('players')} players, "
            f"not {expected['game']} with {expected['players']}"
        )
    for key in ("observation_size", "actions"):
        if meta.get(key) != expected[key]:
            raise ConfigError(
                f"{path.name} expects {key.replace('_', ' ')} {meta.get(key)}; "
                f"this {game.info.title} has {expected[key]} (other options?)"
            )


@cache
def _load_model(path: str, modified: int) -> Any:
    """The MaskablePPO model in ``path`` (cached while the file is unchanged)."""
    try:
        from sb3_contrib import MaskablePPO  # noqa: PLC0415 - the learn extra, only for ppo bots
    except ImportError:
        raise ConfigError(
            "ppo bots need torch and sb3-contrib: pip install -e '.[learn]'"
        ) from None
    try:
        return MaskablePPO.load(path, device="cpu")
    except Exception as exc:  # sb3 raises many kinds on a damaged zip
        raise ConfigError(
            f"{excerpt(path)} cannot be loaded as a MaskablePPO model: {exc}"
        ) from None


class PolicyBot:
    """A trained policy deciding from its seat's observation: argmax over the legal actions."""

    def __init__(self, game: Game, model: Any, name: str) -> None:
        self.game, self.model, self.name = game, model, name
        self.encoder: VectorEncoder = encoder_for(game)

    def choose(self, observation: Observation) -> Action:
        mask = np.zeros(self.game.num_distinct_actions, dtype=np.int8)
        legal = {self.game.action_index(a): a for a in observation.legal_actions}
        mask[list(legal)] = 1
        obs = {"observation": self.encoder.encode(observation.view), "action_mask": mask}
        index, _ = self.model.predict(obs, action_masks=mask.astype(bool), deterministic=True)
        return legal[int(index)]


def policy_path(argument: str) -> Path:
    """``NAME`` is ``NAME.zip`` in the ``AERODECK_POLICIES`` folder when that holds it (matched
    without regard to case, as bot names are); anything else is a file name."""
    folder = os.environ.get(POLICY_FOLDER)
    if folder and "/" not in argument and os.sep not in argument:
        for candidate in Path(folder).glob("*.zip"):
            if candidate.stem.lower() == argument.lower():
                return candidate
    return Path(argument).expanduser()


class PpoKind:
    """The ``ppo`` bot kind: ``ppo:FILE`` (or ``ppo:NAME`` from ``AERODECK_POLICIES``)."""

    def make(self, game: Game, seed: int, argument: str) -> Agent:
        """The bot; ``seed`` is unused (the policy is deterministic)."""
        if not argument:
            raise ConfigError("ppo bots name their model: ppo:FILE")
        path = policy_path(argument)
        check_fits(read_metadata(path), game, path)
        model = _load_model(str(path.resolve()), path.stat().st_mtime_ns)
        return PolicyBot(game, model, f"{KIND}:{argument}")

    def names(self, game: Game) -> list[str]:
        """``ppo:NAME`` for each policy in ``AERODECK_POLICIES`` trained on ``game``."""
        folder = os.environ.get(POLICY_FOLDER)
        if not folder:
            return []
        offered = []
        for path in sorted(Path(folder).glob("*.zip")):
            try:
                check_fits(read_metadata(path), game, path)
            except ConfigError:
                continue
            offered.append(f"{KIND}:{path.stem.lower()}")
        return offered


PPO = PpoKind()
"""The object the ``aerodeck.bot_kinds`` entry point ``ppo`` names."""
