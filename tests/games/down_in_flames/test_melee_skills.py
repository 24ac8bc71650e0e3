"""Skills, custom loads, the 2nd missile and campaign options with several aircraft: rulings
R56..R61 of docs/games/down_in_flames.md, and a property test over random melee games."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

import aerodeck
from aerodeck.core.errors import ConfigError
from aerodeck.core.userdata import read_toml
from aerodeck.games.down_in_flames.campaign import CampaignRecord, find_campaign
from aerodeck.games.down_in_flames.data import load_data
from aerodeck.games.down_in_flames.rules import DifState
from tests.games.down_in_flames.helpers import legal, play
from tests.games.down_in_flames.test_melee import melee
from tests.games.down_in_flames.test_skills import expertise_playout

SHIPPED = Path(aerodeck.__file__).parent / "games" / "down_in_flames" / "data" / "locked_on.toml"
YK_1_NATION_1 = 'skill_options = ["Eagle Eyes", "Fighter Pilot"], special = []'
YK_1_NATION_2 = 'skill_options = ["Guided Intercept 2", "Jink"], special = [], sites = ["SA-7"]'


def new(seed: int = 5, **options: object) -> DifState:
    state = aerodeck.make("down_in_flames", **options).new_game(seed=seed)
    assert isinstance(state, DifState)
    return state


def user_data(tmp_path: Path, old: str, new_text: str) -> dict[str, Any]:
    """The shipped data set with one edit, read as a user's own file (the data option's table)."""
    text = SHIPPED.read_text(encoding="utf-8")
    assert text.count(old) == 1
    path = tmp_path / "mine.toml"  # the cache is by content: an edited file is a new data set
    path.write_text(text.replace(old, new_text), encoding="utf-8")
    return read_toml(path)


def test_ruling_R56_skills_are_chosen_in_secret_per_aircraft_and_revealed_together() -> None:
    for seed in range(4):
        for holder in (0, 2):
            state = new(seed, players=2, aircraft=2, skills=True, vp_limit=45, year=1980)
            play(state, "fly f-86f-sabre", "fly f-86f-sabre", "fly mig-17f", "fly mig-17f")
            assert state.phase == "skill" and state.to_act == 0
            moves = legal(state)
            assert {"skill drift-factor", "skill eagle-eyes"} <= moves  # two aircraft a side
            assert "skill aircraft-expertise" in moves  # built (R60)
            assert not {"skill 90-angle", "skill nfod"} & moves
            assert state.view(0)["skill_budget"] == 45 - 19
            play(state, *(["skill eagle-eyes"] if holder == 0 else []), "ready", "ready")
            assert state.to_act == 1
            # Player 1 cannot see #0's choice; its worlds have none.
            assert "skills" not in state.view(1)["aircraft"][0]
            assert state.determinize(1, random.Random(seed)).sheets[0].skills == ()
            play(state, *(["skill eagle-eyes"] if holder == 2 else []), "ready", "ready")
            assert state.view(0)["aircraft"][holder]["skills"] == ["Eagle Eyes"]
            assert state.skills_spent == ((),) * 4
            play(state, *["alt medium"] * 4)
            # Eagle Eyes gives its side the first turn over the EW tie (R32 per side).
            assert state.side_turn == state.side(holder)


def test_ruling_R56_effects_from_an_enemy_act_on_the_named_target_only() -> None:
    # #0 changes range against #2: only #2's Focused draws, not #3's.
    state = melee(
        ["F-86F Sabre", "F-86F Sabre", "MiG-17F", "MiG-17F"],
        hands=[["Break", "Tight Turn"], [], [], []],
        rng=["HS"] * 4,
        skills=[[], [], ["Focused"], ["Focused"]],
    )
    play(state, "range break foe-1 @2", "pass")
    assert len(state.hands[2]) == 1 and len(state.hands[3]) == 0
    assert state.view(1)["aircraft"][2]["skills"] == ["Focused"]


def test_ruling_R56_agile_and_lucky_only_for_the_named_target_not_a_teamwork_friend() -> None:
    # Teams of three players: side 0 flies #0 and #2, side 1 flies #1 (Teamwork for side 0).
    state = melee(
        ["MiG-17F", "F-86F Sabre", "MiG-17F"],
        players=3,
        hands=[["Guns"], ["Tight Turn"], ["Guns"]],
        flying=1,
        skills=[["Agile"], [], ["Agile"]],
    )
    play(state, "pos tight-turn 1 @0")
    assert "agile guns" in legal(state)  # the target may answer with Agile
    play(state, "pass")
    assert state.reactor == 2 and "agile guns" not in legal(state)  # the friend may not
    # Drift Factor: no Teamwork given or received.
    drift = melee(
        ["MiG-17F", "F-86F Sabre", "MiG-17F"],
        players=3,
        hands=[["Guns"], ["Tight Turn"], ["Guns"]],
        flying=1,
        skills=[[], [], ["Drift Factor"]],
    )
    play(drift, "pos tight-turn 1 @0", "pass")
    assert drift.chain == () and drift.rel(1, 0) == 1  # resolved without #2's answer


def test_ruling_R57_custom_loads_and_the_second_missile_per_aircraft() -> None:
    state = new(
        players=2, aircraft=2, missile_loads=True, second_missile=True, vp_limit=30, year=1980
    )
    play(state, "fly mig-17f")
    moves = legal(state)
    assert {"ready", "clean", "pairs aim-9e-sidewinder 2"} <= moves
    assert "pairs aim-9l-sidewinder 2" not in moves  # 16 + 18 > 30
    play(state, "pairs aim-9e-sidewinder 2")
    assert state.view(0)["load_vp"] == 16 + 12 and legal(state) == {"ready"}
    play(state, "ready", "fly f-86f-sabre", "ready")
    assert "load" not in state.view(1)
    play(state, "fly f-86f-sabre", "ready", "fly mig-17f", "ready")
    assert state.missiles[0][state.data.missile("AIM-9E Sidewinder").index] == 4
    assert state.missiles[3] == (0,) * len(state.data.missiles)
    assert state.view(1)["aircraft"][0]["vp"] == 28
    # The 2nd missile: two counters, one more card; Quick Hands draws two for the target only.
    fight = melee(
        ["F-4E Phantom II", "F-4E Phantom II", "MiG-17F", "MiG-17F"],
        hands=[["Tone", "Guns"], [], [], []],
        rng=["HS"] * 4,
        on={"0": [2, "tailing"]},
        skills=[[], [], ["Quick Hands"], ["Quick Hands"]],
        options={"second_missile": True},
    )
    play(fight, "tone tone aim-9e-sidewinder @2", "pass")
    assert {"launch", "launch2", "hold"} == legal(fight)
    single = fight.clone()
    assert isinstance(single, DifState)
    play(single, "launch")
    play(fight, "launch2")
    nine = fight.data.missile("AIM-9E Sidewinder").index
    assert fight.missiles[0][nine] == 2 and single.missiles[0][nine] == 3
    assert len(fight.missile_hand) == len(single.missile_hand) + 1
    assert len(fight.hands[2]) == 2 and len(single.hands[2]) == 1 and not fight.hands[3]


def test_ruling_R58_angle_skills_and_nfod_in_campaign_missions(tmp_path: Path) -> None:
    state = new(2, players=2, campaign="1965 India-Pakistan War", mission=1, skills=True)
    assert state.phase == "skill" and "ready" not in legal(state)  # one option must be taken
    assert legal(state) == {"skill focused", "skill agile"}
    play(state, "skill focused")
    assert legal(state) == {"ready"}
    play(state, "ready", "skill 90-angle", "ready", "alt medium", "alt medium")
    assert state.phase == "angle" and state.to_act == 1
    assert "angle rh @0" in legal(state)
    play(state, "angle g @0")
    assert (
        state.range_bands == (0, 0) and state.rel(1, 0) == 1
    )  # the Gnat at Advantage on the Sabre
    # NFOD: the nation earns the difference of the mission VPs (47 - 46) once.
    data = user_data(tmp_path, YK_1_NATION_1, YK_1_NATION_1.replace("Eagle Eyes", "NFOD"))
    nfod = new(3, campaign="1973 Yom Kippur War", data=data, skills=True)
    play(nfod, "skill nfod", "ready", "skill jink", "ready")
    assert nfod.nfod_vp == (1, 0) and nfod.view(1)["nfod"] == [1, 0]
    record = CampaignRecord(find_campaign(load_data(data), "1973 Yom Kippur War"))
    assert record.record(0, 0, (1, 0)).results[0].vp == (1, 0)


def test_ruling_R58_a_setup_gives_campaign_skills_only_in_a_campaign_mission() -> None:
    """The Angle skills set up a campaign dogfight's start (R58); a stacked duel given one had
    an Angle step whose moves could not be typed or encoded (the duel's moves name no target).
    Refused in one line, naming the ruling."""
    game = aerodeck.make("down_in_flames", skills=True)
    setup = {"aircraft": ["F-86F Sabre", "MiG-17F"], "skills": [["90° Angle"], []]}
    with pytest.raises(ConfigError, match=r"90° Angle is a campaign skill.*\(R58\)"):
        game.new_game(seed=1, setup=setup)


def test_ruling_R59_campaign_options_per_scale_step_and_special_conditions(
    tmp_path: Path,
) -> None:
    game = aerodeck.make(
        "down_in_flames", campaign="1973 Yom Kippur War", mission=1, scale=2, skills=True
    )
    assert game.skill_units == ((0,), (1,), (2, 4), (3, 5))  # type: ignore[attr-defined]
    state = new(1, campaign="1973 Yom Kippur War", mission=1, scale=2, skills=True)
    play(state, "skill eagle-eyes", "ready", "skill eagle-eyes", "ready", "skill jink", "ready")
    play(state, "skill jink", "ready")  # an option chosen twice (§18.9)
    assert [len(state.sheets[a].skills) for a in range(6)] == [1] * 6
    special = YK_1_NATION_2.replace("special = []", 'special = ["Lucky"]')
    data = user_data(tmp_path, YK_1_NATION_2, special)
    given = new(1, campaign="1973 Yom Kippur War", data=data)
    assert given.phase == "alt-pick" and given.has(1, "Lucky") and given.has(2, "Lucky")
    assert not given.has(0, "Lucky")
    bad = YK_1_NATION_2.replace("special = []", 'special = ["Low Fuel"]')
    with pytest.raises(ConfigError, match="unknown special condition"):
        load_data(user_data(tmp_path, YK_1_NATION_2, bad))


def test_ruling_R59_campaign_skills_leave_the_aircraft_vp_unadjusted() -> None:
    """R59: "do not adjust the aircraft VP for skill cost": a mission's skills are taken at no
    VP cost, so the aircraft's VP shown after the reveal are those before it; outside a
    campaign a skill's cost is added (R29)."""
    state = new(1, campaign="1973 Yom Kippur War", mission=1, skills=True)
    before = [a["vp"] for a in state.view(0)["aircraft"]]
    play(state, "skill eagle-eyes", "ready", "skill jink", "ready")
    assert state.sheets[0].skills and state.skill_vp(0) > 0
    assert [a["vp"] for a in state.view(0)["aircraft"]] == before
    revealed = [e for e in state.events_since(0, 0) if e["type"] == "skills"]
    assert revealed and revealed[0]["vp"] == before
    duel = new(1, skills=True, vp_limit=70, year=1990)
    play(duel, "fly f-86f-sabre", "fly f-86f-sabre")
    plain = duel.view(0)["aircraft"][0]["vp"]
    play(duel, "skill agile", "ready", "ready")
    assert duel.view(0)["aircraft"][0]["vp"] == plain + duel.skill_vp(0) > plain


def test_ruling_R60_aircraft_expertise_in_the_melee_and_as_a_special_condition(
    tmp_path: Path,
) -> None:
    total = 0
    for seed in range(10):
        state = new(seed, players=2, aircraft=2, skills=True, vp_limit=100, year=2000)
        play(state, *["fly f-86f-sabre"] * 4)
        while state.phase == "skill":
            take = "skill aircraft-expertise"
            play(state, take if take in legal(state) else "ready")
        for a in range(4):  # drawn at the start, set aside beside the opening hand
            perf = state.plane(a).performance
            assert len(state.pools[a]) == perf and len(state.hands[a]) == perf
            mine = state.view(state.owner(a))["aircraft"][a]
            theirs = state.view(1 - state.owner(a))["aircraft"][a]
            assert mine["pool"] == [state._title(c) for c in state.pools[a]]
            assert "pool" not in theirs and theirs["pool_size"] == perf
        total += expertise_playout(state, seed, state.owner)
    assert total > 0
    # A mission may give it as a special condition (R59): accepted on load.
    given = YK_1_NATION_2.replace("special = []", 'special = ["Aircraft Expertise"]')
    data = user_data(tmp_path, YK_1_NATION_2, given)
    game = aerodeck.make("down_in_flames", campaign="1973 Yom Kippur War", data=data)
    assert game.new_game(seed=1).legal_actions()


def test_ruling_R61_several_sites_check_in_the_missions_order(tmp_path: Path) -> None:
    both = YK_1_NATION_2.replace('sites = ["SA-7"]', 'sites = ["SA-7", "ZSU-23-4"]')
    data = user_data(tmp_path, YK_1_NATION_2, both)
    game = aerodeck.make("down_in_flames", campaign="1973 Yom Kippur War", data=data)
    assert [s.name for s in game.sites] == ["SA-7", "ZSU-23-4"]  # type: ignore[attr-defined]
    setup = {
        "aircraft": ["Mirage IIICJ", "MiG-17F", "MiG-17F"],
        "altitude": ["Low"] * 3,
        "range": ["G"] * 3,
        "hands": [[], [], []],
        "flying": 0,
        "deck": ["Break"] * 5 + ["Scissors"] + ["Guns"] + ["Barrel Roll"] * 5,
    }
    state = game.new_game(seed=1, setup=setup)
    assert isinstance(state, DifState)
    # The SA-7 draws no Tone and spends its cards; the ZSU-23-4 then attacks with Guns.
    assert state.cycle.kind == "site" and state.chain[0][2] == "Guns" and state.site_checked == 2
    play(state, "pass")
    assert not state.alive[0] and state.is_terminal


CONFIGS = [
    {"players": 2, "aircraft": 2, "skills": True, "missile_loads": True, "second_missile": True},
    {"players": 3, "skills": True, "missile_loads": True, "second_missile": True},
    {"players": 3, "mode": "ffa", "skills": True, "second_missile": True, "vp_limit": 60},
    {"players": 4, "skills": True, "missile_loads": True, "site": "SA-7"},
    {"players": 2, "campaign": "1973 Yom Kippur War", "mission": 2, "skills": True, "scale": 2},
    {"players": 2, "campaign": "1965 India-Pakistan War", "mission": 1, "skills": True},
]


@pytest.mark.parametrize(
    "options", CONFIGS, ids=lambda o: "-".join(f"{k}{v}" for k, v in o.items())
)
def test_random_melee_games_with_skills_loads_and_second_missile(
    options: dict[str, object],
) -> None:
    game = aerodeck.make("down_in_flames", **options)
    for seed in range(8):
        state = game.new_game(seed=seed)
        assert isinstance(state, DifState)
        rng = random.Random(seed)
        steps = 0
        while not state.is_terminal:
            state.apply(rng.choice(state.legal_actions()))
            state.check_invariants()
            steps += 1
            assert steps < 6000, "the game does not end"
            if steps % 17 == 0:
                for player in range(game.players):
                    world = state.determinize(player, random.Random(steps))
                    assert world.view(player) == state.view(player)
                    world.check_invariants()
        assert aerodeck.replay(state.record()).view(None) == state.view(None)


def test_a_campaign_flies_to_its_victory_level_with_skill_options() -> None:
    from aerodeck.core.api import Agent
    from aerodeck.games.down_in_flames.bot import HeuristicBot
    from aerodeck.games.down_in_flames.game import DownInFlames
    from aerodeck.sim.campaign import play_campaign

    def bots(game: DownInFlames, seat: int, seed: int) -> Agent:
        return HeuristicBot(game, seed)  # type: ignore[return-value]

    for name in ("1973 Yom Kippur War", "1965 India-Pakistan War"):
        record = play_campaign(DownInFlames(2, campaign=name, skills=True), bots, seed=4).scores
        assert record.finished
        levels = {level for _, level in record.campaign.victory_chart}
        assert set(record.levels()) <= levels | {"no chart"}


def test_heuristic_bots_choose_skills_and_loads_per_aircraft_within_the_limit() -> None:
    from aerodeck.games.down_in_flames.bot import HeuristicBot
    from aerodeck.sim.match import play as play_match

    game = aerodeck.make(
        "down_in_flames", players=4, skills=True, missile_loads=True, second_missile=True
    )
    for seed in range(3):
        state = play_match(
            game.new_game(seed=seed), [HeuristicBot(game, seed + p) for p in range(4)]
        )
        assert isinstance(state, DifState) and state.is_terminal
        assert any(state.sheets[a].skills for a in range(state.n_aircraft))
        for a in range(state.n_aircraft):
            assert state.load_vp(a) + state.skill_vp(a) <= 45
