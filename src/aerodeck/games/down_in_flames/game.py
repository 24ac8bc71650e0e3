"""The Locked-On game object: options, data set, notation, encoding, rules text and rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from aerodeck.core.api import JSON, Action, Agent, Game, GameInfo, State
from aerodeck.core.errors import ConfigError
from aerodeck.core.options import Option
from aerodeck.games.down_in_flames import render
from aerodeck.games.down_in_flames.actions import Catalogue
from aerodeck.games.down_in_flames.bot import HeuristicBot
from aerodeck.games.down_in_flames.campaign import find_campaign
from aerodeck.games.down_in_flames.data import Aircraft, DataSet, Site, load_data, slug
from aerodeck.games.down_in_flames.melee import MeleeState
from aerodeck.games.down_in_flames.phases import Hand
from aerodeck.games.down_in_flames.rules import DifState
from aerodeck.games.down_in_flames.skills import modified

_CATALOGUES: dict[tuple[str, int], Catalogue] = {}


class DownInFlames(Game):
    info = GameInfo(
        id="down_in_flames",
        title="Down In Flames: Locked-On",
        player_counts=(2, 3, 4),
        default_players=2,
        summary="Jet-age card dogfight: positions, range bands, altitude, guns and missiles.",
        credits=(
            "Game design Dan Verssen; development Kevin Verssen, Holly Verssen "
            "(Dan Verssen Games, 2018). Aircraft, missile and deck values are aerodeck's own."
        ),
        options=(
            Option(
                "vp_limit", 45, "agreed VP limit for the aircraft choice", minimum=1, maximum=999
            ),
            Option(
                "year", 1980, "agreed year: aircraft in service by then", minimum=1900, maximum=2100
            ),
            Option("data", "", "path of your own TOML data set (default: the shipped one)"),
            Option("skills", False, "choose skills in secret, paid from the VP limit (§17)"),
            Option("site", "", "a ground site of the data set defending one side (§16.4)"),
            Option("site_seat", 1, "the seat whose side the site defends", minimum=0, maximum=1),
            Option("missile_loads", False, "optional rule: custom missile loads (§18.1)"),
            Option("decks", 1, "Action card decks combined into one (§18.8)", minimum=1, maximum=3),
            Option("second_missile", False, "optional rule: launch two missiles as one (§18.2)"),
            Option("aircraft", 1, "aircraft each player flies (§18.3)", minimum=1, maximum=4),
            Option("campaign", "", "fly a mission of this campaign of the data set (§16)"),
            Option("mission", 1, "the campaign mission to fly", minimum=1, maximum=99),
            Option(
                "scale", 1, "Campaign Scaling: aircraft x1, x2 or x3 (§18.9)", minimum=1, maximum=3
            ),
            Option(
                "mode",
                "teams",
                "three or more players: two teams or free-for-all (§18.5, §18.6)",
                choices=("teams", "ffa"),
            ),
        ),
    )

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.data: DataSet = load_data(self.options["data"])
        # Several aircraft (R46): aircraft i belongs to player i // per_player.
        self.per_player: int = self.options["aircraft"]
        self.melee = self.players > 2 or self.per_player > 1
        self.n_aircraft = self.players * self.per_player if self.melee else 0
        ffa = self.options["mode"] == "ffa"
        self.side_of = tuple(p if ffa else p % 2 for p in range(self.players))
        self.n_sides = len(set(self.side_of))
        self.owner_of: tuple[int, ...] = tuple(i // self.per_player for i in range(self.n_aircraft))
        self.fixed_planes: tuple[int, ...] = ()
        self.rounds: int = self.data.constants.rounds_per_dogfight
        site_name = str(self.options["site"])
        if self.options["campaign"]:
            site_name = self._campaign_mission()
        duel_only = ("skills", "missile_loads", "second_missile")
        if self.melee and any(self.options[o] for o in duel_only):
            raise ConfigError(
                "skills, missile loads and the 2nd missile are built for the two-aircraft duel "
                "only (not with several aircraft yet)"
            )
        key = (self.options["data"], self.n_aircraft)
        if key not in _CATALOGUES:
            _CATALOGUES[key] = Catalogue(self.data, self.n_aircraft)
        self.catalogue = _CATALOGUES[key]
        self.action_table = self.catalogue.table
        self.skill_ix = {s.name: i for i, s in enumerate(self.data.skills)}
        self.skill_slugs = [slug(s.name) for s in self.data.skills]
        self.site: Site | None = None
        self.site_seat: int = self.options["site_seat"]
        if site_name:
            found = [t for t in self.data.sites if slug(t.name) == slug(site_name)]
            if not found:
                names = ", ".join(t.name for t in self.data.sites)
                raise ConfigError(f"option site: no site {site_name!r} ({names})")
            self.site = found[0]
        self._flown: dict[tuple[int, Hand, Hand], Aircraft] = {}
        limit, year = self.options["vp_limit"], self.options["year"]
        fits = any(a.vp_loaded <= limit and a.year <= year for a in self.data.aircraft)
        if not fits and not self.fixed_planes:
            raise ConfigError(f"no aircraft of the data set fits vp_limit={limit} and year={year}")

    def _campaign_mission(self) -> str:
        """A campaign mission (R54): seat 0 flies Nation #1's aircraft, seat 1 Nation #2's, scaled;
        the mission's turns; Nation #2's site. Returns the site's name ("" for none)."""
        campaign = find_campaign(self.data, str(self.options["campaign"]))
        number = int(self.options["mission"])
        if not 1 <= number <= len(campaign.missions) or self.players != 2:
            raise ConfigError(
                f"{campaign.name}: missions 1..{len(campaign.missions)}, flown by 2 players"
            )
        self.mission = campaign.missions[number - 1]
        scale = int(self.options["scale"])
        owners: list[int] = []
        planes: list[int] = []
        for seat, side in enumerate((self.mission.nation1, self.mission.nation2)):
            for name, count in side.aircraft:
                planes += [self.data.plane(name).index] * (count * scale)
                owners += [seat] * (count * scale)
        self.melee, self.n_aircraft = True, len(planes)
        self.owner_of, self.fixed_planes = tuple(owners), tuple(planes)
        self.side_of, self.n_sides = (0, 1), 2
        self.rounds = self.mission.turns
        self.site_seat = 1
        return self.mission.nation2.sites[0] if self.mission.nation2.sites else ""

    def flown(self, plane: int, mods: Hand, skills: Hand) -> Aircraft:
        """The aircraft with its skills' rating changes (cached: the rules ask often)."""
        key = (plane, mods, skills)
        out = self._flown.get(key)
        if out is None:
            grit = self.skill_ix.get("Grit", -1) in skills
            fighter = self.skill_ix.get("Fighter Pilot", -1) in skills
            out = modified(self.data.aircraft[plane], mods, grit, fighter)
            self._flown[key] = out
        return out

    def new_game(self, seed: int | None = None, setup: Mapping[str, Any] | None = None) -> State:
        if self.melee:
            return MeleeState(self, seed, setup)
        return DifState(self, seed, setup)

    def parse_action(self, state: State, text: str) -> Action:
        return self.catalogue.parse(text)

    def render_view(self, view: JSON) -> str:
        return render.render_view(view)

    def describe_event(self, event: JSON) -> str:
        return render.describe_event(event)

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": HeuristicBot}
