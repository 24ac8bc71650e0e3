"""A heuristic Locked-On pilot: it decides from its seat's view, the legal moves and the printed
card data (public rules knowledge), never from the true state.

One strategy for any number of aircraft: every decision is the deciding aircraft's against its
target, the duel being the case of one enemy. Target: the enemy it already holds; else one
holding an aircraft of its side at Advantage or Tailing (covering a wingman); else the one with
the fewest cards; moves aimed at another enemy are set aside.

Plan: fly one of the strongest aircraft allowed; keep level with the target; spend Speed
Maneuvers and weak cards to take Tailing and close to the range of its best weapon; fire when the
odds are good (a card left to answer a reaction; a missile hand of at least one card; Yo-Yo/Break
first to fatten it); keep good reaction cards (Ace Pilot, Barrel Roll, Redline, Split-S) for the
enemy's attacks; always answer an attack, on itself or (Teamwork) on a wingman, answer maneuvers
only with cheap cards; discard the least useful card when a cost is due. With several aircraft
(teams, a free-for-all) four rules measured better than the duel's: Speed Maneuvers close to
guns, every Tone is fired, Yo-Yo and Break are kept as answers, and a hand of three cards or
fewer only shoots (docs/bots.md).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from math import exp

from aerodeck.core.api import JSON, Action, Game, Observation
from aerodeck.core.decisions import DecisionRandom
from aerodeck.games.down_in_flames.actions import (
    Act,
    Altitude,
    Angle,
    Attack,
    CardMove,
    Expertise,
    Fly,
    Move,
    Pairs,
    Position,
    Range,
    Rate,
    React,
    Skill,
    Speed,
    Tone,
    Wild,
    Word,
    WordVerb,
    only,
)
from aerodeck.games.down_in_flames.data import ALTITUDES, RANGES, CardType, DataSet, load_data
from aerodeck.games.down_in_flames.flight import gun_discard, mutual_range
from aerodeck.games.down_in_flames.phases import (
    ALT_PICK,
    ALTITUDE,
    ANGLE,
    BURNER,
    DISCARD,
    FOLLOW,
    INITIATIVE,
    LAUNCH,
    ORDER,
    PAY,
    PHASES,
    PICK,
    PLAY,
    REACT,
    SKILL,
    SPEED,
)

Words = dict[WordVerb, Word]  # the legal moves without arguments, by verb
_WEIGHTS = {"Guns": 3.0, "Tone": 2.0, "Missile": 3.0, "Maneuvering": 1.0, "ANY": 10.0}
ATTACKS = ("gun", "tone", "missile", "site")
SITE = -2  # the site's place in a cycle: ``deciding`` when its hand answers (state.SITE)
CHEAP = 2.5  # cards worth less than this may answer a mere maneuver
KEEP_GOOD = 2  # good reaction cards kept back from maneuvering
PRECIOUS = 8.0  # Ace Pilot and Split-S are kept for attacks
THIN = 3  # with several aircraft, a hand this small is kept for answers (measured)
RATE_UP = ("speed", "performance", "thrust-post", "thrust-pre", "gun", "ew")
RATE_DOWN = ("ew", "gun", "thrust-pre", "speed", "thrust-post", "performance")
SKILL_ORDER = (
    "agile",
    "better-envelope",
    "skilled",
    "up-the-sleeve",
    "guided-intercept-3",
    "eagle-eyes",
    "jink",
    "alert",
    "fighter-pilot",
    "lucky",
    "guided-intercept-2",
    "locked",
    "edge",
    "gun-fighter",
)


def card_value(card: CardType) -> float:
    """How much a card is worth keeping: mostly what it can react to."""
    value = sum(_WEIGHTS.get(title, 0.5) for title in card.react_to)
    if "ANY_ENEMY_TURN" in card.react_to:
        value += 6.0
    if card.can_gun or card.can_tone:
        value += 1.5
    return value


class HeuristicBot:
    name = "heuristic"

    def __init__(self, game: Game, seed: int) -> None:
        self.rng = DecisionRandom(seed)  # only to vary the aircraft it flies
        # The printed card data is public rules knowledge, not part of any seat's secrets.
        self.data: DataSet = load_data(game.options.get("data", ""))
        self.value = {c.slug: card_value(c) for c in self.data.cards}

    def choose(self, observation: Observation) -> Action:
        self.rng.decide(observation.move_number)  # seeded per decision (resume)
        view = observation.view
        legal = [m for m in observation.legal_actions if isinstance(m, Move)]
        words: Words = {m.verb: m for m in legal if isinstance(m, Word)}
        phase = view["phase"]
        if phase in ("play", "react") and not ({"end", "pass"} & words.keys()):
            return self._lent(legal)  # a card taken from the Expertise pool must be played
        pool = only(legal, Expertise)
        if pool:
            legal = [m for m in legal if not isinstance(m, Expertise)]
        view, legal = self._aim(view, legal)
        choice = _DECIDE[phase](self, view, legal, words)
        if pool and isinstance(choice, Word) and choice.verb in ("end", "pass"):
            # Rather than end the turn or let a card stand, play a card from the pool (R60).
            return max(pool, key=lambda m: (self.value.get(m.card, 0.0), m.card))
        return choice

    def _first(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """No preference: the first legal move (the next aircraft of the side to fly)."""
        return legal[0]

    def _lent(self, legal: list[Move]) -> Move:
        """The play of a pool card: an attack first, then a reaction, an action, a maneuver."""
        return min(legal, key=lambda m: (_lent_rank(m), str(m)))

    # --- the deciding aircraft and its target ------------------------------------------------

    def _aim(self, view: JSON, legal: list[Move]) -> tuple[JSON, list[Move]]:
        """The deciding aircraft's target joins the view as ``target``, of the enemies its moves
        name, else of all (the duel's one enemy); moves aimed at another enemy are set aside.
        Nothing to aim at the set-up or for a site's hand."""
        me = view["deciding"]
        if me is None or me == SITE:
            return view, legal
        aimed = {m.t for m in legal if m.t >= 0}
        enemies = {p["aircraft"][1] for p in view["pairs"] if p["aircraft"][0] == me}
        goal = self._target(view, aimed or enemies)
        return view | {"target": goal}, [m for m in legal if m.t in (-1, goal)]

    def _target(self, view: JSON, candidates: set[int]) -> int:
        """The enemy to fly against, of ``candidates`` (see the module docstring)."""
        craft = view["aircraft"]
        me = craft[view["deciding"]]
        if me["on"] is not None and me["on"]["target"] in candidates:
            return int(me["on"]["target"])
        threats = [
            c["aircraft_no"]
            for c in craft
            if c["aircraft_no"] in candidates
            and c["on"] is not None
            and craft[c["on"]["target"]]["side"] == me["side"]
        ]
        if threats:
            return int(threats[0])
        return int(min(candidates, key=lambda t: (craft[t]["hand_size"], t)))

    def _me(self, view: JSON) -> JSON:
        """The deciding aircraft."""
        craft: JSON = view["aircraft"][view["deciding"]]
        return craft

    def _foe(self, view: JSON) -> JSON:
        """Its target (``_aim``)."""
        craft: JSON = view["aircraft"][view["target"]]
        return craft

    def _pair(self, view: JSON) -> JSON:
        """The pair of the two: their mutual range and the deciding aircraft's position."""
        mine = [view["deciding"], view["target"]]
        pair: JSON = next(p for p in view["pairs"] if p["aircraft"] == mine)
        return pair

    def _hand(self, view: JSON) -> list[str]:
        hand: list[str] = self._me(view)["hand"]
        return hand

    def _side(self, view: JSON, x: int) -> int:
        """The side of aircraft ``x``, or of a site (SITE): that of the seat it defends."""
        craft = view["aircraft"]
        if x != SITE:
            return int(craft[x]["side"])
        return int(next(c["side"] for c in craft if c["seat"] == view["site"]["seat"]))

    def _enemy_site(self, view: JSON) -> JSON | None:
        """The site, if it defends another side than the seat's."""
        site: JSON | None = view.get("site")
        sides = {c["seat"]: c["side"] for c in view["aircraft"]}
        return site if site and sides[site["seat"]] != sides[view["seat"]] else None

    # --- helpers -------------------------------------------------------------------------

    def _cheapest(self, moves: Sequence[CardMove]) -> Move:
        return min(moves, key=lambda m: (self.value.get(m.card, 0.0), str(m)))

    def _target_band(self, me: JSON) -> int:
        """The mutual range the bot wants: its best missile's band, else guns."""
        best, band = -1.0, 0
        for name, count in me.get("missiles", {}).items():
            missile = self.data.missile(name)
            if count and missile.cards[2] is not None:
                score = sum(v or 0 for v in missile.cards)
                if score > best:
                    best, band = score, 2 if missile.type == "AH" else missile.band
        if me["ratings"]["gun"] != "-" and best < 0:
            band = 0
        return band

    def _good_cards(self, view: JSON) -> int:
        return sum(1 for t in self._hand(view) if card_value(self.data.card(t)) >= CHEAP)

    # --- set-up ----------------------------------------------------------------------------

    def _pick(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """One of the strongest aircraft allowed: VP within 15% of the best, chosen by seed."""
        flies = only(legal, Fly)
        if not flies:
            return self._load(view, legal, words)
        best = max(self.data.plane(m.aircraft).vp_loaded for m in flies)
        strong = [m for m in flies if self.data.plane(m.aircraft).vp_loaded >= 0.85 * best]
        return self.rng.choice(strong)

    def _load(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """Keeps a printed load; an aircraft printed without missiles buys the best missile the
        VP left allows (two pairs if it can), then stops."""
        pairs = only(legal, Pairs)
        ready = "ready" in words  # not when the printed load is over the limit (melee)
        if ready and (view.get("load") or not pairs or "clean" not in words):
            return words["ready"]
        if not pairs:
            return words["clean"]

        def worth(move: Pairs) -> tuple[int, int]:
            missile = self.data.missile(move.missile)
            return (move.count, sum(c or 0 for c in missile.cards) + missile.band)

        return max(pairs, key=worth)

    def _skill(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """Rating steps up Speed, then Performance; down the least used rating. Skills in a
        fixed order of value, within the VP left (the legal list already keeps to it), for
        each aircraft alike with several aircraft; in a campaign, the first option it rates."""
        rates = only(legal, Rate)
        if rates:
            order = RATE_UP if rates[0].direction == "up" else RATE_DOWN
            return min(rates, key=lambda m: order.index(m.rating))
        skills = only(legal, Skill)
        offered = {m.skill: m for m in skills}
        for name in SKILL_ORDER:
            if name in offered:
                return offered[name]
        if "ready" not in words:  # a campaign: one of the mission's options must be taken
            return skills[0]
        return words["ready"]

    def _alt_pick(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """Medium, unless an enemy site covers Medium more than another altitude."""
        alts = only(legal, Altitude)
        site = self._enemy_site(view)
        if site is None:
            return next(m for m in alts if m.altitude == "medium")
        cells = [alt for alt, _ in site["envelope"]]
        order = ("medium", "high", "low")
        return min(alts, key=lambda m: (cells.count(m.altitude.title()), order.index(m.altitude)))

    def _angle(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """90° or 0° Angle: start against its target at its weapons' longest reach."""
        band = str(self._me(view).get("reach") or "G").lower()
        angles = only(legal, Angle)
        return next((m for m in angles if m.band == band), angles[0])

    def _initiative(self, view: JSON, legal: list[Move], words: Words) -> Move:
        # Measured: the aircraft that flies second gets the first shot after the closing
        # maneuvers (see the docs page), so the bot hands the first turn to the enemy.
        return words["second"]

    # --- turn steps ------------------------------------------------------------------------

    def _burner(self, view: JSON, legal: list[Move], words: Words) -> Move:
        me = self._me(view)
        low = len(self._hand(view)) <= me.get("performance", 6) - 3
        return words["burner" if low else "no-burner"]

    def _discard(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return words["neutral" if "neutral" in words else "draw"]

    def _altitude(self, view: JSON, legal: list[Move], words: Words) -> Move:
        mine = ALTITUDES.index(self._me(view)["altitude"])
        theirs = ALTITUDES.index(self._foe(view)["altitude"])
        site = self._enemy_site(view)
        if site and ALTITUDES[mine] not in {alt for alt, _ in site["envelope"]}:
            return words["level"]  # stay out of the enemy site's reach
        if theirs < mine and "dive" in words:
            return words["dive"]
        if theirs > mine and "climb" in words and len(self._hand(view)) >= 4:
            return words["climb"]
        return words["level"]

    def _follow(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return words["follow" if len(self._hand(view)) >= 3 else "stay"]

    def _pay(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return self._cheapest(only(legal, CardMove))

    def _launch(self, view: JSON, legal: list[Move], words: Words) -> Move:
        return words["launch2" if "launch2" in words else "launch"]

    def _range_move(self, view: JSON, moves: Sequence[Speed | Range], want: int) -> Move | None:
        """A range change that brings both bands toward the mutual range ``want``, if any helps."""
        me, foe = self._me(view), self._foe(view)
        alt_gap = abs(ALTITUDES.index(me["altitude"]) - ALTITUDES.index(foe["altitude"]))
        mine, theirs = RANGES.index(me["range"]), RANGES.index(foe["range"])

        def excess(a: int, b: int) -> int:
            mutual = mutual_range(a, b, 0, alt_gap)
            return 10 * abs(mutual - want) + max(0, a - want) + max(0, b - want)

        now = excess(mine, theirs)
        best: Move | None = None
        best_key: tuple[int, float] | None = None
        for move in moves:
            worth = self.value.get(move.card, 0.0) if isinstance(move, Range) else 0.0
            key = (excess(mine + move.me, theirs + move.foe), worth)
            if key[0] < now and (best_key is None or key < best_key):
                best, best_key = move, key
        return best

    def _speed(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """A position step first; else a free range step toward its best weapon's band, with
        several aircraft toward guns (measured: closing in all the way pays there)."""
        speeds = only(legal, Speed)
        pos = [m for m in speeds if m.kind == "pos"]
        if pos:
            return pos[0]
        want = 0 if _several(view) else self._target_band(self._me(view))
        ranged = self._range_move(view, [m for m in speeds if m.kind == "range"], want)
        return ranged or words["end"]

    def _play(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """Shoot at good odds (Yo-Yo or Break first to fatten a missile hand), else get out of a
        bad position, take Tailing, close to its best weapon's band with cards it can spare.
        With several aircraft (measured): every Tone, no Yo-Yo or Break, a thin hand kept."""
        me = self._me(view)
        hand = len(self._hand(view))
        several = _several(view)
        foe_hand = self._foe(view)["hand_size"]
        guns = [m for m in only(legal, Attack) if self._gun_odds(view, m, foe_hand)]
        if guns:
            return min(guns, key=lambda m: self.data.card(m.card).gun_discard or 0)
        tones = only(legal, Tone)
        acts = only(legal, Act)
        if tones:
            bonus = [m for m in acts if m.card in ("yo-yo", "break")]
            if bonus and hand >= 3 and view["missile_bonus"] < 2 and not several:
                return bonus[0]
            best = max(tones, key=lambda m: (self._missile_cards(view, m), m.card))
            if several or self._missile_cards(view, best) >= 1 or foe_hand <= 1:
                return best
        if several and hand <= THIN:
            return words["end"]
        rel = self._pair(view)["position"]
        if rel in ("Disadvantaged", "Tailed"):
            fix = [m for m in acts if m.card in ("barrel-roll", "scissors")]
            if fix:
                return max(fix, key=lambda m: m.card == "scissors")
        spare = self._good_cards(view) > KEEP_GOOD

        def affordable(move: CardMove) -> bool:
            value = self.value.get(move.card, 0.0)
            return value < CHEAP or spare

        usable = [m for m in only(legal, Position) if affordable(m)]
        if usable and rel != "Tailing":
            return max(usable, key=lambda m: (m.steps, -self.value.get(m.card, 0.0)))
        out_of_reach = me["reach"] is None or RANGES.index(me["reach"]) < RANGES.index(
            self._pair(view)["range"]
        )
        ranged: list[Speed | Range] = [
            m
            for m in only(legal, Range)
            if affordable(m) or (out_of_reach and self.value[m.card] < PRECIOUS)
        ]
        move = self._range_move(view, ranged, self._target_band(me))
        if move is not None:
            return move
        return words["end"]

    def _gun_odds(self, view: JSON, move: Attack, foe_hand: int) -> bool:
        """Shoot when a card is left to answer the enemy's reaction, or its hand is thin."""
        card = self.data.card(move.card)
        gun = self._me(view)["ratings"]["gun"]
        cost = gun_discard(card.gun_discard or 0, None if gun == "-" else gun)
        return len(self._hand(view)) - 1 - cost >= 1 or foe_hand <= 2

    def _missile_cards(self, view: JSON, move: Tone) -> int:
        """The missile hand this Tone would draw, from what the view shows."""
        me, foe = self._me(view), self._foe(view)
        missile = self.data.missile(move.missile)
        rel = ("Neutral", "Advantage", "Tailing").index(self._pair(view)["position"])
        size = (missile.cards[rel] or 0) + self.data.card(move.card).missile_hand_mod
        size += view["missile_bonus"] * self.data.constants.yoyo_break_missile_bonus
        size += ALTITUDES.index(me["altitude"]) - ALTITUDES.index(foe["altitude"]) - foe["ew"]
        if missile.type == "HS" and foe["afterburner_on"]:
            size += self.data.constants.hs_vs_afterburner_bonus
        return int(size)

    def _react(self, view: JSON, legal: list[Move], words: Words) -> Move:
        """Against the enemy: always answer an attack, on itself or (Teamwork) on a wingman, a
        maneuver against itself when threatening, else only with a cheap card. On its own side's
        cycle: the missile's or site's hand plays what it can; a pilot keeps a thin hand."""
        cycle = view["cycle"]
        mine = self._side(view, cycle["by"]) == self._side(view, view["deciding"])
        answers = only(legal, React)
        if "cm" in words and not mine:
            return words["cm"]
        if not answers and not mine and cycle["use"] in ATTACKS:
            wild = only(legal, Wild)
            jink = [m for m in wild if m.verb == "jink"]
            agile = [m for m in wild if m.verb == "agile"]
            if jink:
                return self._cheapest(jink)
            if "lucky" in words:
                return words["lucky"]
            if agile:
                return self._cheapest(agile)
        if not answers:
            return words["pass"]
        if cycle["use"] in ("missile", "site") and mine:
            return answers[0]  # the missile's or site's hand is spent anyway
        if cycle["use"] in ATTACKS:
            return self._cheapest(answers)
        cheap = [m for m in answers if self.value.get(m.card, 0.0) < CHEAP]
        if mine:
            return self._cheapest(answers) if len(self._hand(view)) >= 3 or cheap else words["pass"]
        threat = cycle["target"] == view["deciding"] and (
            cycle["use"] in ("pos", "disadv_to_adv") or self._good_cards(view) > KEEP_GOOD
        )
        if cheap or threat:
            return self._cheapest(answers)
        return words["pass"]


def _several(view: JSON) -> bool:
    """A dogfight of more than two aircraft (teams, a free-for-all), even once only two are
    left: measured, its rules are worth more than the duel's there too."""
    return len(view["aircraft"]) > 2


def _lent_rank(move: Move) -> int:
    """The order a pool card's plays are tried in (``HeuristicBot._lent``)."""
    match move:
        case Attack():
            return 0
        case Tone():
            return 1
        case React():
            return 2
        case Wild(verb="jink"):
            return 3
        case Wild():
            return 4
        case Act():
            return 5
        case Position():
            return 6
        case Range():
            return 7
    return 9


# --- evaluation of a position, for truncated search playouts ------------------------------------

POSITION_WORTH = {"Tailing": 1.0, "Advantage": 0.5, "Neutral": 0.0, "Disadvantaged": -0.5}
POSITION_WORTH["Tailed"] = -1.0
CARD_WORTH = 0.25  # a card in hand: one more answer to an attack
MISSILE_WORTH = 0.3


def evaluate(view: JSON) -> float:
    """How good the position is for the seat whose view this is, in [0, 1]: each aircraft's
    positions on its enemies (Tailing wins the shots, Tailed takes them), cards in hand to attack
    or answer with, and missiles left; the seat's best aircraft against the best enemy (teams and
    melees: the nearest threat)."""
    craft = view["aircraft"]
    worth = [0.0] * len(craft)
    for pair in view["pairs"]:  # a position is worth to one of the pair what it costs the other
        a, b = pair["aircraft"]
        gain = POSITION_WORTH[pair["position"]]
        worth[a] += gain
        worth[b] -= gain

    def standing(c: JSON) -> float:
        missiles = int(sum((c.get("missiles") or {}).values()))
        return worth[c["aircraft_no"]] + CARD_WORTH * int(c["hand_size"]) + MISSILE_WORTH * missiles

    mine = [c for c in craft if c["seat"] == view["seat"] and c["alive"]]
    if not mine:
        return 0.5
    rivals = [standing(c) for c in craft if c["side"] != mine[0]["side"] and c["alive"]]
    if not rivals:
        return 0.5
    return 1.0 / (1.0 + exp(-(max(map(standing, mine)) - max(rivals))))


# The bot's decision in each phase: every phase of phases.PHASES has one (checked on load).
_DECIDE: dict[str, Callable[[HeuristicBot, JSON, list[Move], Words], Move]] = {
    PICK: HeuristicBot._pick,
    SKILL: HeuristicBot._skill,
    ALT_PICK: HeuristicBot._alt_pick,
    ANGLE: HeuristicBot._angle,
    INITIATIVE: HeuristicBot._initiative,
    ORDER: HeuristicBot._first,
    BURNER: HeuristicBot._burner,
    DISCARD: HeuristicBot._discard,
    ALTITUDE: HeuristicBot._altitude,
    SPEED: HeuristicBot._speed,
    PLAY: HeuristicBot._play,
    REACT: HeuristicBot._react,
    LAUNCH: HeuristicBot._launch,
    FOLLOW: HeuristicBot._follow,
    PAY: HeuristicBot._pay,
}
if _DECIDE.keys() != PHASES.keys():
    raise TypeError(f"the bot decides in phases {sorted(_DECIDE)}, the rules have {sorted(PHASES)}")
