"""The Locked-On game object: options, data set, notation, encoding, rules text and rendering."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Any

from aerodeck.core.api import JSON, Action, Agent, Game, GameInfo, State
from aerodeck.core.errors import ConfigError, NotationError, excerpt
from aerodeck.core.features import Encoder
from aerodeck.core.figures import ChoiceFigure, word_after
from aerodeck.core.i18n import N_, _, n_
from aerodeck.core.options import Option
from aerodeck.core.search import AnalysisThresholds, SearchSettings
from aerodeck.core.text import seat_name
from aerodeck.games.down_in_flames import encoder, forced, observation, reference, render, wording
from aerodeck.games.down_in_flames.actions import Catalogue, Move, is_secret
from aerodeck.games.down_in_flames.bot import HeuristicBot, evaluate
from aerodeck.games.down_in_flames.campaign import CampaignSeries, campaign_series, find_campaign
from aerodeck.games.down_in_flames.data import (
    SHIPPED_ID,
    Aircraft,
    DataSet,
    Site,
    load_data,
    parse_campaign,
    slug,
)
from aerodeck.games.down_in_flames.phases import Hand
from aerodeck.games.down_in_flames.rules import DifState
from aerodeck.games.down_in_flames.skills import modified


class DownInFlames(Game):
    info = GameInfo(
        id="down_in_flames",
        title="Down In Flames: Locked-On",
        player_counts=(2, 3, 4),
        default_players=2,
        summary=N_("Jet-age card dogfight: positions, range bands, altitude, guns and missiles."),
        credits=(
            "Game design Dan Verssen; development Kevin Verssen, Holly Verssen "
            "(Dan Verssen Games, 2018). Aircraft, missile and deck values are aerodeck's own."
        ),
        options=(
            Option(
                "vp_limit",
                45,
                N_("agreed VP limit for the aircraft choice"),
                minimum=1,
                maximum=999,
                label=N_("VP limit"),
            ),
            Option(
                "year",
                1980,
                N_("agreed year: aircraft in service by then"),
                minimum=1900,
                maximum=2100,
                label=N_("Year"),
            ),
            Option(
                "data",
                SHIPPED_ID,
                N_("the data set: the shipped one, or your own with --data-file data=FILE"),
                choices=(SHIPPED_ID,),
                choice_labels=(N_("Locked-On, as shipped"),),
                inline=True,
                label=N_("Data set"),
            ),
            Option(
                "skills",
                False,
                N_("choose skills in secret, paid from the VP limit (§17)"),
                label=N_("Skills"),
            ),
            Option(
                "site",
                "",
                N_("a ground site of the data set defending one side (§16.4)"),
                label=N_("Ground site"),
            ),
            Option(
                "site_seat",
                1,
                N_("the seat whose side the site defends"),
                minimum=0,
                maximum=1,
                label=N_("Seat the site defends"),
            ),
            Option(
                "missile_loads",
                False,
                N_("optional rule: custom missile loads (§18.1)"),
                label=N_("Missile loads"),
            ),
            Option(
                "decks",
                1,
                N_("Action card decks combined into one (§18.8)"),
                minimum=1,
                maximum=3,
                label=N_("Action decks"),
            ),
            Option(
                "second_missile",
                False,
                N_("optional rule: launch two missiles as one (§18.2)"),
                label=N_("Second missile"),
            ),
            Option(
                "aircraft",
                1,
                N_("aircraft each player flies (§18.3)"),
                minimum=1,
                maximum=4,
                label=N_("Aircraft per player"),
            ),
            Option(
                "campaign",
                "",
                N_(
                    "fly a mission of this campaign of the data set, or of your own campaign "
                    "with --data-file campaign=FILE (§16)"
                ),
                inline=True,
                label=N_("Campaign"),
            ),
            Option(
                "mission",
                1,
                N_("the campaign mission to fly"),
                minimum=1,
                maximum=99,
                label=N_("Mission"),
            ),
            Option(
                "scale",
                1,
                N_("Campaign Scaling: aircraft x1, x2 or x3 (§18.9)"),
                minimum=1,
                maximum=3,
                label=N_("Campaign scale"),
            ),
            Option(
                "mode",
                "teams",
                N_("three or more players: two teams or free-for-all (§18.5, §18.6)"),
                choices=("teams", "ffa"),
                choice_labels=(N_("two teams"), N_("free-for-all")),
                label=N_("Three or more players"),
            ),
        ),
    )

    state_class = DifState
    renderer = render

    def __init__(self, players: int | None = None, **options: Any) -> None:
        super().__init__(players, **options)
        self.data: DataSet = load_data(self.options["data"])
        # Several aircraft (R46): aircraft i belongs to player i // per_player.
        self.per_player: int = self.options["aircraft"]
        self.melee = self.players > 2 or self.per_player > 1
        self.n_aircraft = self.players * self.per_player
        ffa = self.options["mode"] == "ffa"
        self.side_of = tuple(p if ffa else p % 2 for p in range(self.players))
        self.n_sides = len(set(self.side_of))
        self.owner_of: tuple[int, ...] = tuple(i // self.per_player for i in range(self.n_aircraft))
        self.fixed_planes: tuple[int, ...] = ()
        self.rounds: int = self.data.constants.rounds_per_dogfight
        self.skill_ix = {s.name: i for i, s in enumerate(self.data.skills)}
        self.skill_slugs = [slug(s.name) for s in self.data.skills]
        # Skills with several aircraft (R56): who chooses (a unit of aircraft sharing the
        # choice), from which menu (empty: any skill within the VP limit), and the skills a
        # campaign's special conditions give every aircraft of a nation (R59).
        self.skill_units: tuple[tuple[int, ...], ...] = ()
        self.skill_menu: tuple[tuple[int, ...], ...] = ()
        self.special: tuple[Hand, ...] = ((),) * self.n_aircraft
        self.mission_vp: tuple[int, ...] = ()
        site_names = [str(self.options["site"])] if self.options["site"] else []
        if self.options["campaign"]:
            site_names = self._campaign_mission()
        elif self.options["skills"]:
            self.skill_units = tuple((a,) for a in range(self.n_aircraft))
            self.skill_menu = ((),) * self.n_aircraft
        self.side_members = tuple(
            tuple(a for a in range(self.n_aircraft) if self.side_of[self.owner_of[a]] == s)
            for s in range(self.n_sides)
        )
        self.side_sizes = tuple(len(m) for m in self.side_members)
        # Teamwork (§18.4) needs teams and, some time, more aircraft on one side than another.
        self.teamwork = self.options["mode"] != "ffa" and max(self.side_sizes) >= 2
        # The duel's moves name no target (one enemy): its catalogue holds no targeted moves.
        named = self.n_aircraft if self.melee else 0
        key = ("catalogue", named)  # kept with its data set, so bounded with it
        if key not in self.data.derived:
            self.data.derived[key] = Catalogue(self.data, named)
        self.catalogue: Catalogue = self.data.derived[key]
        self.action_table = self.catalogue.table
        self.sites: tuple[Site, ...] = ()
        self.site_seat: int = self.options["site_seat"]
        for site_name in site_names:
            found = [t for t in self.data.sites if slug(t.name) == slug(site_name)]
            if not found:
                names = ", ".join(t.name for t in self.data.sites)
                raise ConfigError(f"option site: no site {excerpt(site_name)} ({names})")
            self.sites += (found[0],)
        self.site: Site | None = self.sites[0] if self.sites else None
        self._flown: dict[tuple[int, Hand, Hand], Aircraft] = {}
        self.play_tables: dict[tuple[Any, ...], Any] = {}  # the duel's play-step tables
        self.split_s = frozenset(c.index for c in self.data.cards if c.action == "split_s")
        limit, year = self.options["vp_limit"], self.options["year"]
        fits = any(a.vp_loaded <= limit and a.year <= year for a in self.data.aircraft)
        if not fits and not self.fixed_planes:
            raise ConfigError(f"no aircraft of the data set fits vp_limit={limit} and year={year}")

    def _campaign_mission(self) -> list[str]:
        """A campaign mission (R54): seat 0 flies Nation #1's aircraft, seat 1 Nation #2's, scaled;
        the mission's turns; Nation #2's sites (returned by name); with option ``skills`` each
        nation's skill options, one choice per scale step (R59); its special conditions."""
        chosen = self.options["campaign"]
        if isinstance(chosen, Mapping):
            campaign = parse_campaign(self.data, chosen)
        else:
            campaign = find_campaign(self.data, str(chosen))
        number = int(self.options["mission"])
        if not 1 <= number <= len(campaign.missions) or self.players != 2:
            raise ConfigError(
                f"{campaign.name}: missions 1..{len(campaign.missions)}, flown by 2 players"
            )
        self.mission = campaign.missions[number - 1]
        self.campaign_name = campaign.name
        self.nation_names = (campaign.nation1, campaign.nation2)
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
        if self.options["missile_loads"]:
            raise ConfigError("missile_loads: a campaign mission fixes its aircraft and loads")
        nations = (self.mission.nation1, self.mission.nation2)
        self.mission_vp = (nations[0].vp, nations[1].vp)
        special: list[Hand] = []
        units: list[tuple[int, ...]] = []
        menus: list[tuple[int, ...]] = []
        for seat, side in enumerate(nations):
            mine = [a for a in range(len(planes)) if owners[a] == seat]
            given = tuple(sorted({self.skill_ix[name] for name in side.special}))
            special += [given] * len(mine)
            menu = tuple(dict.fromkeys(self.skill_ix[name] for name in side.skill_options))
            if self.options["skills"] and menu:
                for group in range(scale):
                    units.append(tuple(a for j, a in enumerate(mine) if j % scale == group))
                    menus.append(menu)
        self.special, self.skill_units, self.skill_menu = tuple(special), tuple(units), tuple(menus)
        return list(self.mission.nation2.sites)

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

    def board_assets(self) -> Traversable:
        """The table page's board: ``board/board.js`` and ``board/board.css``."""
        return resources.files(__package__) / "board"

    def _parse_action(self, state: State, text: str) -> Action:
        """The duel's moves name no target, but a record may name the only enemy: both parse."""
        words = text.split()
        if not self.melee and len(words) > 1 and words[-1].startswith("@"):
            actor = state.current_player
            if actor is None or words[-1] != f"@{1 - actor}":
                raise NotationError(
                    _(
                        "cannot read {text}: the only enemy is @{seat}",
                        text=excerpt(text.strip()),
                        seat=1 - (actor or 0),
                    )
                )
            text = " ".join(words[:-1])
        return self.catalogue.parse(text)

    def render_view(self, view: JSON) -> str:
        text = super().render_view(view)
        seat = view.get("seat")
        if view.get("phase") == "pick" and seat is not None and view.get("to_act") == seat:
            # the aircraft's ratings before one is chosen (the whole reference: `cards`)
            limit, year = self.options["vp_limit"], self.options["year"]
            text += "\n" + "\n".join(reference.aircraft_rows(self.data, limit, year))
        return text

    def describe_event(self, event: JSON) -> str:
        """An event names an aircraft by its owner and number ("seat 1's #3"; the site is "the
        site"); where every player flies one, numbered as the seats, by its seat. In a campaign
        mission the aircraft's own VP are left out: the mission VP replace them (R41)."""
        if self.mission_vp and event.get("type") in ("aircraft", "skills"):
            event = {key: value for key, value in event.items() if key != "vp"}
        owners = self.owner_of
        if owners == tuple(range(len(owners))):
            return render.describe_event(event)

        def name(a: int) -> str:
            if 0 <= a < len(owners):
                return _("{seat}'s #{number}", seat=seat_name(owners[a]), number=a)
            return _("the site")

        return render.describe_event(event, name)

    def forced_reason(self, state: State) -> str | None:
        """Why the pilot deciding now is offered one move only (None when there is a choice)."""
        assert isinstance(state, DifState)
        return forced.forced_reason(state)

    def reference_text(self) -> str:
        return reference.reference_text(self.data, self.options["vp_limit"], self.options["year"])

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        return {"heuristic": HeuristicBot}

    def move_seen_by(self, action: Action, actor: int, seat: int | None) -> str:
        """Aircraft, loads, altitudes and skills are chosen in secret and revealed together;
        an Aircraft Expertise card is taken from a hidden pool (R60)."""
        if isinstance(action, Move) and is_secret(action):
            return f"{str(action).split()[0]} (secret)"
        return str(action)

    def observation_encoder(self) -> Encoder:
        declared = encoder.encoder(self)
        declared.from_state = observation.state_writer(declared, self)  # the fast path
        return declared

    def setup_examples(self) -> tuple[JSON, ...]:
        """A duel at the card step, or a furball with seat 1 on seat 0's tail."""
        if self.players == 2:
            duel: JSON = {
                "aircraft": ["F-86F Sabre", "MiG-17F"],
                "altitude": ["Low", "High"],
                "range": ["G", "G"],
                "position": "neutral",
                "hands": [[], []],
                "deck": [],
                "first": 0,
                "step": "play",
            }
            return (duel,)
        seats = range(self.players)
        furball: JSON = {
            "aircraft": ["F-86F Sabre"] * self.players,
            "altitude": ["Medium"] * self.players,
            "range": ["G"] * self.players,
            "hands": [[] for _ in seats],
            "flying": 0,
            "on": {"1": [0, "advantage"]},
        }
        return (furball,)

    def max_game_length(self) -> int:
        # about three times the longest of 300 random games a player count (docs/rl.md)
        return 1_500

    def search_settings(self) -> SearchSettings:
        # measured in docs/bots.md: playouts to the end (the evaluation reads it less well)
        return SearchSettings(worlds=24, width=8, deviation_z=0.5)

    def analysis_thresholds(self) -> AnalysisThresholds:
        # playouts to the end score a world 0 or 1: a move's value is noisier than where an
        # evaluation reads the position, so the marks ask for a larger loss (docs/games/)
        return AnalysisThresholds(inaccuracy=0.08, mistake=0.15, blunder=0.30)

    def evaluate(self, view: JSON) -> float:
        return evaluate(view)

    def figures(self) -> tuple[ChoiceFigure, ...]:
        names = {a.slug: a.name for a in self.data.aircraft}
        flown = ChoiceFigure(
            "aircraft", "Aircraft flown", word_after("fly"), lambda slug: names.get(slug, slug)
        )
        return (flown,)

    def reference(self) -> JSON:
        return reference.page_reference(self.data)

    def series(self) -> CampaignSeries | None:
        """With a ``campaign`` option: the whole campaign from its first mission (R54)."""
        return campaign_series(self) if self.options["campaign"] else None

    def series_choices(self) -> tuple[tuple[str, str], ...]:
        """The data set's campaigns by name (the year is in the name), with their nations and
        missions."""
        return tuple(
            (
                campaign.name,
                n_(
                    "{first} against {second}, {count} mission",
                    "{first} against {second}, {count} missions",
                    len(campaign.missions),
                    first=wording.campaign_word(campaign.nation1),
                    second=wording.campaign_word(campaign.nation2),
                ),
            )
            for campaign in self.data.campaigns
        )

    def series_from_json(self, data: JSON) -> CampaignSeries:
        if not self.options["campaign"]:
            return super().series_from_json(data)  # type: ignore[return-value]
        return campaign_series(self, data)
