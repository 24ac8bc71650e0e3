"""Air Racing bots: three buying strategies over one race heuristic; they see only their view.

The season is a Dominion: money buys speed, but a Microknot costs $6 while a Dollar is worth $1,
so a deck must first grow its buying power. ``money`` builds the economy first (Dollars and
Sponsorships) and buys Microknots late; ``speed`` buys the most speed it can afford every turn;
``heuristic`` (balanced) buys engine cards (Night Shift, Team Effort, Wind Tunnel, Sponsorship)
in the autumn and speed mods from February on. All three race the same way: Boost while the
backfire check is likely to pass, fly the inside lane only with enough FAST to risk the pylon
cuts, and dive for the line on the last stretch.
"""

from __future__ import annotations

from abc import abstractmethod
from math import exp

from aerodeck.core.api import JSON, Action, Observation
from aerodeck.core.decisions import GameBot
from aerodeck.games.air_racing import actions
from aerodeck.games.air_racing.cards import (
    BOOST,
    COSTS,
    DOLLAR,
    FAST,
    MICROKNOT,
    NAMES,
    NIGHT_SHIFT,
    SPEED_MODS,
    SPONSORSHIP,
    TEAM_EFFORT,
    WIND_TUNNEL,
    kind,
)
from aerodeck.games.air_racing.state import MONTHS, PASS_MARK

PLAY_ORDER = (TEAM_EFFORT, WIND_TUNNEL, NIGHT_SHIFT, SPONSORSHIP)
DOUBLE_ORDER = (TEAM_EFFORT, NIGHT_SHIFT, SPONSORSHIP, WIND_TUNNEL)
INSIDE_FAST = 4  # with this much FAST the inside lane's cut risk is worth the shorter line
BOOST_ODDS = 0.6  # play a Boost when the backfire check passes at least this often


def pass_chance(fast: int, modifier: int = 0) -> float:
    """Chance a D10 skill check passes: faces 1..9 with face + fast + modifier >= 6."""
    need = max(1, PASS_MARK - fast - modifier)
    return max(0, 10 - need) / 10


class RaceBot(GameBot):
    """The shared season mechanics (actions, redraws) and race heuristic; subclasses buy."""

    name = "base"
    opening = 2  # Boosts among the three starting speed mods

    def decide(self, observation: Observation) -> Action:
        view = observation.view
        legal = observation.legal_actions
        phase = view["phase"]
        if phase == "pick":
            wanted = actions.START[self.opening]
            return wanted if wanted in legal else legal[0]
        if phase in ("action", "tunnel", "redraw"):
            return self._action_phase(view, legal)
        if phase in ("buy", "quick"):
            buyable = [a.arg for a in legal if isinstance(a, actions.Move) and a.verb == "buy"]
            choice = self.buy(view, buyable, phase == "quick")
            return actions.BUY[choice] if choice is not None else actions.END
        return self._race(view, legal)

    # --- season -------------------------------------------------------------------------------

    def _action_phase(self, view: JSON, legal: list[Action]) -> Action:
        hand = [kind(name) for name in view["hand"]]
        if view["phase"] == "tunnel":
            for card in DOUBLE_ORDER:
                if actions.DOUBLE[card] in legal:
                    return actions.DOUBLE[card]
            return actions.CASH
        if view["phase"] == "redraw":
            for card in SPEED_MODS:
                if actions.TOSS[card] in legal:
                    return actions.TOSS[card]
            return actions.DRAW
        clogged = sum(1 for c in hand if c in SPEED_MODS)
        if actions.REDRAW in legal and clogged >= 2:
            return actions.REDRAW
        for card in PLAY_ORDER:
            if actions.PLAY[card] in legal and (card != WIND_TUNNEL or len(hand) > 1):
                return actions.PLAY[card]
        if actions.REDRAW in legal and clogged:
            return actions.REDRAW
        return actions.BUYS

    @abstractmethod
    def buy(self, view: JSON, buyable: list[int], quick: bool) -> int | None:
        """The card to buy now, or None to end the turn."""

    @staticmethod
    def month(view: JSON) -> int:
        return MONTHS.index(view["month"])

    @staticmethod
    def mine(view: JSON, card: int) -> int:
        seat = view["seat"]
        return int(view["seats"][seat]["cards"].get(NAMES[card], 0)) if "seats" in view else 0

    quick_list: tuple[int, ...] = (MICROKNOT,) * 4  # Quick Play's shopping list, in order

    def quick_buy(self, view: JSON, buyable: list[int]) -> int | None:
        """Quick Play: the next card of the strategy's shopping list that is still wanted."""
        mine = view["aircraft"][view["seat"]]  # what this seat has bought so far
        bought = {MICROKNOT: mine["microknot"], FAST: mine["fast"], BOOST: mine["boost"]}
        for card in self.quick_list:
            if bought[card]:
                bought[card] -= 1
            elif card in buyable:
                return card
        return None

    # --- race ---------------------------------------------------------------------------------

    def _race(self, view: JSON, legal: list[Action]) -> Action:
        me = view["aircraft"][view["seat"]]
        phase = view["phase"]
        to_go = view["finish"] - me["pos"]
        if phase == "altitude":
            level = actions.ALTITUDES.index(me["altitude"])
            sprint = to_go <= view["speed_left"] + 2 * level + 6 * me["boost"]
            target = actions.ALT[0] if sprint else actions.ALT[level]
            return target if target in legal else legal[0]
        if phase == "cancel":
            return actions.CANCEL
        if phase == "side":
            return actions.SIDE[0]
        odds = pass_chance(me["fast"], -view["boosts_used"])
        last_lap = to_go <= 2 * view["course"]["length"] // 3
        if actions.BOOST in legal and (odds >= BOOST_ODDS or (last_lap and odds >= 0.5)):
            return actions.BOOST
        aim = 0 if me["fast"] >= INSIDE_FAST else 1
        lanes = [a.arg for a in legal if isinstance(a, actions.Move) and a.verb == "fly"]
        here = me["lane"]
        best = min(lanes, key=lambda lane: (abs(lane - aim), abs(lane - here)))
        if abs(best - here) * 2 > view["speed_left"] // 3:
            best = here if here in lanes else best
        return actions.FLY[best]


class BalancedBot(RaceBot):
    """Engine cards in the autumn, speed mods from February (the default ``heuristic``)."""

    name = "heuristic"
    opening = 1
    quick_list = (MICROKNOT,) * 4  # measured best: see the docs' Quick Play figures

    def buy(self, view: JSON, buyable: list[int], quick: bool) -> int | None:
        if quick:
            return self.quick_buy(view, buyable)
        coins = view["coins"]
        early = self.month(view) < 4
        if MICROKNOT in buyable and not early:
            return MICROKNOT
        if early:
            for card in (NIGHT_SHIFT, WIND_TUNNEL, SPONSORSHIP, TEAM_EFFORT):
                limit = 1 if card == WIND_TUNNEL else 2
                if card in buyable and self.mine(view, card) < limit:
                    return card
            return DOLLAR if DOLLAR in buyable and coins <= 2 else None
        if FAST in buyable and self.mine(view, FAST) < 3:
            return FAST
        if BOOST in buyable and self.mine(view, BOOST) < 4:
            return BOOST
        return DOLLAR if DOLLAR in buyable and self.month(view) < 8 else None


class MoneyBot(RaceBot):
    """Economy first (Dollars, Sponsorships), Microknots from the spring."""

    name = "money"
    opening = 1
    quick_list = (MICROKNOT, MICROKNOT, FAST, FAST, BOOST, BOOST)

    def buy(self, view: JSON, buyable: list[int], quick: bool) -> int | None:
        if quick:
            return self.quick_buy(view, buyable)
        month = self.month(view)
        if MICROKNOT in buyable and month >= 5:
            return MICROKNOT
        if SPONSORSHIP in buyable and self.mine(view, SPONSORSHIP) < 3:
            return SPONSORSHIP
        if month >= 8 and FAST in buyable and self.mine(view, FAST) < 3:
            return FAST
        return DOLLAR if DOLLAR in buyable else None


class SpeedBot(RaceBot):
    """Speed first: a Microknot whenever affordable, two Sponsorships to reach $6, else FAST."""

    name = "speed"
    opening = 2
    quick_list = (MICROKNOT,) * 4

    def buy(self, view: JSON, buyable: list[int], quick: bool) -> int | None:
        if quick:
            return self.quick_buy(view, buyable)
        if MICROKNOT in buyable:
            return MICROKNOT
        if SPONSORSHIP in buyable and self.mine(view, SPONSORSHIP) < 2:
            return SPONSORSHIP
        for card in (FAST, BOOST):
            if card in buyable:
                return card
        return DOLLAR if DOLLAR in buyable and view["coins"] < COSTS[FAST] else None


# --- evaluation of a position, for truncated search playouts ------------------------------------

TURN_WEIGHT = 1.5  # a race turn ahead of the rival makes a position worth about 0.82
MOD_WEIGHT = {MICROKNOT: 1.0, FAST: 0.35, BOOST: 0.3}  # a season card's worth, in Microknots
ENGINE_WEIGHT = 0.25  # an engine card or Dollar bought early, in Microknots, by months left


def evaluate(view: JSON) -> float:
    """How good the position is for the seat whose view this is, in [0, 1]. In the race: how
    many turns ahead of the best rival it would finish at its speed (its position, the distance
    left, and each Boost as one and a half tiles). In the season: the speed mods bought (a
    Microknot is the speed itself), and the buying power that buys more while months remain."""
    me = view["seat"]
    wins = view["race_wins"]
    lead = 3.0 * (wins[me] - max(w for s, w in enumerate(wins) if s != me))
    if view["stage"] == "race":
        finish = view["finish"]

        def turns_left(plane: JSON) -> float:
            speed = max(1.0, plane["speed"] + 0.5 * plane["boost"])
            return float(max(0.0, finish - plane["pos"]) / speed)

        planes = view["aircraft"]
        rival = min(turns_left(p) for p in planes if p["seat"] != me)
        lead += TURN_WEIGHT * (rival - turns_left(planes[me]))
    else:
        months_left = max(0, len(MONTHS) - 1 - RaceBot.month(view))

        def strength(seat: JSON) -> float:
            cards = {kind(name): count for name, count in seat["cards"].items()}
            mods = sum(w * cards.get(k, 0) for k, w in MOD_WEIGHT.items())
            engine = sum(cards.get(k, 0) for k in (DOLLAR, *PLAY_ORDER))
            return float(mods + ENGINE_WEIGHT * engine * months_left / len(MONTHS))

        seats = view["seats"]
        lead += strength(seats[me]) - max(strength(s) for s in seats if s["seat"] != me)
    return 1.0 / (1.0 + exp(-lead))
