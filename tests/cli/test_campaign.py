"""`aerodeck campaign`: a whole campaign flown in the terminal, by bots or by a person against
a bot, saved after every move and game and resumed half-way to the same result as the series
flown in one go (core.series, the simulator's runner)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import aerodeck
from aerodeck.agents.registry import make_agent
from aerodeck.core.api import Action, Agent, Game, Observation
from aerodeck.core.series import Series, game_seed
from aerodeck.sim.campaign import play_campaign
from aerodeck.sim.match import play
from tests.cli.test_app import run_cli

YOM_KIPPUR = "1973 Yom Kippur War"
INDIA_PAKISTAN = "1965 India-Pakistan War"


class FirstMove:
    """What a person typing ``1`` at every prompt plays: the first legal move."""

    name = "first"

    def choose(self, observation: Observation) -> Action:
        return observation.legal_actions[0]


def flown(name: str, seed: int, seats: dict[int, str]) -> Series:
    """The campaign flown in one go by the series runner: ``seats`` names each side's bot
    ("first" for the scripted person)."""

    def agent(game: Game, seat: int, agent_seed: int) -> Agent:
        bot = seats[seat]
        return FirstMove() if bot == "first" else make_agent(bot, game, agent_seed)

    return play_campaign(aerodeck.make("down_in_flames", 2, campaign=name), agent, seed)


def saved_series(path: Path) -> Series:
    data = json.loads(path.read_text())
    game = aerodeck.make(data["game"], data["players"], **data["options"])
    return game.series_from_json(data["series"])


def test_bots_fly_a_whole_campaign_in_the_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "c.json"
    args = ["campaign", "down-in-flames", "-v", f"campaign={YOM_KIPPUR}", "--watch"]
    code, out, _ = run_cli([*args, "--seed", "3", "--save", str(save)], capsys)
    assert code == 0
    expected = flown(YOM_KIPPUR, 3, {0: "medium", 1: "medium"})
    kept = saved_series(save)
    assert kept.finished and kept.totals() == expected.totals()
    assert kept.levels() == expected.levels() and kept.winners() == expected.winners()
    assert "Game 6 of 6 scored" in out and "Campaign over" in out
    totals = expected.sheet()["sections"][1]["rows"]
    assert all(cell in out for row in totals for cell in row)
    assert str(expected.sheet()["result"]) in out


def _person_moves_in_mission_one(seed: int) -> int:
    """How many moves the person (Israel, always the first move) makes in mission 1."""
    game = aerodeck.make("down_in_flames", 2, campaign=YOM_KIPPUR, mission=1)
    seats: list[int] = []
    agents = [FirstMove(), make_agent("medium", game, 0)]
    play(game.new_game(seed=game_seed(seed, 1)), agents, seats)
    return seats.count(0)


def test_a_person_resumes_a_campaign_half_way_to_the_same_result(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seed, save = 4, tmp_path / "c.json"
    start = ["campaign", "down-in-flames", "-v", f"campaign={YOM_KIPPUR}", "--seat", "0"]
    start += ["--bots", "medium", "--seed", str(seed), "--save", str(save)]
    moves = _person_moves_in_mission_one(seed) + 3  # into mission 2
    code, out, _ = run_cli(start, capsys, "1\n" * moves + "sheet\nquit\n")
    assert code == 0
    assert f"aerodeck campaign down-in-flames --resume {save}" in out
    assert "Game 1 of 6 scored" in out and "Game 2 of 6 scored" not in out
    assert out.count("Victory Point chart") == 3  # at the start, after mission 1, `sheet`
    data = json.loads(save.read_text())
    assert len(data["series"]["results"]) == 1 and len(data["playing"]["actions"]) > 3
    code, out, _ = run_cli(
        ["campaign", "down-in-flames", "--resume", str(save)], capsys, "1\n" * 3000
    )
    assert code == 0 and "Campaign over" in out
    expected = flown(YOM_KIPPUR, seed, {0: "first", 1: "medium"})
    kept = saved_series(save)
    assert kept.to_json() == expected.to_json() and kept.totals() == expected.totals()
    assert kept.levels() == expected.levels()
    assert json.loads(save.read_text())["playing"] is None


def test_the_campaigns_are_listed_when_none_is_chosen(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run_cli(["campaign", "down-in-flames"], capsys)
    assert code == 0
    assert "Israel against Egypt, 6 missions" in out and INDIA_PAKISTAN in out
    code, _, err = run_cli(["campaign", "aces-versus-aces"], capsys)
    assert code == 2 and "has no campaigns" in err and err.strip().count("\n") == 0


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", "not valid JSON"),
        ('{"format": "aerodeck-record", "game": "x"}', "the record of one game"),
        ('{"format": "aerodeck-campaign", "version": 1, "game": 3}', "is missing"),
        ("broken series", "not a saved campaign"),
        ("foreign game", "is not game 1 of this campaign"),
    ],
)
def test_a_corrupt_campaign_file_is_one_line(
    content: str, message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    save = tmp_path / "c.json"
    if content in ("broken series", "foreign game"):
        args = ["campaign", "down-in-flames", "-v", f"campaign={INDIA_PAKISTAN}"]
        assert run_cli([*args, "--seed", "2", "--save", str(save)], capsys, "quit\n")[0] == 0
        data = json.loads(save.read_text())
        if content == "broken series":
            data["series"] = {"results": []}
        else:
            data["playing"] = aerodeck.make("down_in_flames", 2).new_game(seed=1).record()
        content = json.dumps(data)
    save.write_text(content)
    code, _, err = run_cli(["campaign", "down-in-flames", "--resume", str(save)], capsys)
    assert code == 2 and message in err and err.strip().count("\n") == 0
