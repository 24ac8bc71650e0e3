"""A heuristic Ace Race bot: it decides from its seat's view and the legal moves only.

Plan: shed as many cards per turn as the rule allows; keep Aces and jokers for when they change
the game (no other play, and the Ace's rule gives an immediate play, or an opponent is close to
going out, or the bot has fallen behind); set rules that suit the hand; bid only with a hand that
has a strong rule; aim giveaways at the leader, giving the cards least likely to be playable.
"""

from __future__ import annotations

from collections import Counter
from math import exp

from aerodeck.core.api import JSON, Action, Observation
from aerodeck.core.decisions import GameBot
from aerodeck.games.ace_race.actions import (
    ABOVE_BELOW,
    DRAW,
    HIGHER,
    LOWER,
    MULTIPLES,
    PASS,
    SERIES,
    SUITS_RULE,
    AcePlay,
    Bid,
    Give,
    JokerPlay,
    Play,
    SetRule,
)
from aerodeck.games.ace_race.cards import IS_ACE, JOKER, SUIT, VALUE, is_joker, parse_card
from aerodeck.games.ace_race.legal import (
    ON_JOKER,
    RuleState,
    numerals_of,
    rule_plays,
    single_allowed,
)

URGENT_CARDS = 3  # an opponent this close to going out makes Aces and jokers worth spending
BEHIND_BY = 4  # this many cards more than the leader makes an Ace worth spending


class HeuristicBot(GameBot):
    urgent_cards = URGENT_CARDS
    behind_by = BEHIND_BY
    bid_strengths = (0.45, 0.6)  # hand strength needed to bid 0, and to bid 1
    ace_gain = 3  # play an Ace over a rule play when it sheds this many more cards at once
    joker_hand = 4  # with no other play, spend a joker when holding this many cards or fewer

    def decide(self, observation: Observation) -> Action:
        view = observation.view
        legal = observation.legal_actions
        hand = _hand(view["hand"])
        phase = view["phase"]
        if phase == "bid":
            return self._bid(legal, hand)
        if phase == "rule":
            return _best_rule([a for a in legal if isinstance(a, SetRule)], hand)
        if phase == "give":
            return _give(view, legal, hand)
        return self._turn(view, legal, hand)

    # --- bidding and rules ------------------------------------------------------------------

    def _bid(self, legal: list[Action], hand: list[int]) -> Action:
        """Bid the minimum needed, up to a cap set by how well the hand suits its best rule."""
        numerals = numerals_of(tuple(hand))
        best = max(coverage(rule, suit, numerals) for rule, suit in _RULES)
        strength = best / max(1, len(hand)) + 0.1 * sum(1 for c in hand if IS_ACE[c] or is_joker(c))
        low, high = self.bid_strengths
        cap = -1 if strength < low else 0 if strength < high else 1
        bids = [a for a in legal if isinstance(a, Bid) and a.amount <= cap]
        return bids[0] if bids else PASS

    # --- a turn -----------------------------------------------------------------------------

    def _turn(self, view: JSON, legal: list[Action], hand: list[int]) -> Action:
        me = view["seat"]
        sizes = view["hand_sizes"]
        others = [size for s, size in enumerate(sizes) if s != me]
        urgent = min(others) <= self.urgent_cards or view["draw_size"] == 0
        behind = len(hand) >= min(others) + self.behind_by
        rs = _rule_state(view)
        plays = [a for a in legal if isinstance(a, Play)]
        for action in legal:  # going out beats everything
            if isinstance(action, Play | JokerPlay) and _size(action) == len(hand):
                return action
            if isinstance(action, AcePlay) and len(hand) == 1:
                return action
        aces = [a for a in legal if isinstance(a, AcePlay)]
        if plays:
            best_play = max(plays, key=lambda a: _play_score(a, rs, hand))
            if aces and view["phase"] == "turn":
                ace = max(aces, key=lambda a: _ace_follow_up(a, hand))
                if 1 + _ace_follow_up(ace, hand) >= len(best_play.cards) + self.ace_gain:
                    return ace
            return best_play
        jokers = [a for a in legal if isinstance(a, JokerPlay)]
        if aces:
            best = _best_ace(aces, hand)
            if urgent or behind or view["phase"] == "drawn" or _follows_up(best, hand):
                return best
        if jokers and (urgent or len(hand) <= self.joker_hand):
            return max(jokers, key=lambda a: _awkwardness(a.card, hand))
        if DRAW in legal:
            return DRAW
        if aces and view["phase"] != "drawn":
            return _best_ace(aces, hand)  # the draw pile is empty: an Ace refills it
        if jokers and view["phase"] != "drawn":
            return max(jokers, key=lambda a: _awkwardness(a.card, hand))
        return PASS if PASS in legal else legal[0]


# --- evaluation helpers (pure) ------------------------------------------------------------------

_RULES = (
    (MULTIPLES, ""),
    (SERIES, ""),
    ("high", ""),
    ("medium", ""),
    ("low", ""),
    (SUITS_RULE, "S"),
    (SUITS_RULE, "H"),
    (SUITS_RULE, "D"),
    (SUITS_RULE, "C"),
    ("prime", ""),
    (ABOVE_BELOW, ""),
)


def _hand(texts: list[str]) -> list[int]:
    """The hand as card numbers; the second joker gets the second joker's number."""
    out: list[int] = []
    for text in texts:
        c = parse_card(text)
        out.append(c + 1 if c == JOKER and JOKER in out else c)
    return out


def _rule_state(view: JSON) -> RuleState:
    rule = view["rule"]
    direction = {"higher": HIGHER, "lower": LOWER}.get(rule["direction"], 0)
    last = tuple(parse_card(t) for t in rule["last"])
    return RuleState(rule["rule"], rule["suit"], last, rule["last_kind"], direction)


def coverage(rule: str, suit: str, numerals: list[int]) -> float:
    """Roughly how many of these cards the rule lets me shed, bundles counting extra."""
    if rule == MULTIPLES:
        counts = Counter(VALUE[c] for c in numerals)
        return 1.3 * sum(n for n in counts.values() if n >= 2)
    if rule == SERIES:
        values = Counter(VALUE[c] for c in numerals)
        shed = 0
        for low in range(2, 12):
            while all(values[low + k] > 0 for k in range(3)):
                for k in range(3):
                    values[low + k] -= 1
                shed += 3
        return 1.2 * shed
    if rule == ABOVE_BELOW:
        return 0.45 * len(numerals)
    rs = RuleState(rule, suit)
    return float(sum(1 for c in numerals if single_allowed(rs, c)))


def _best_rule(options: list[SetRule], hand: list[int]) -> Action:
    numerals = numerals_of(tuple(hand))
    return max(options, key=lambda a: coverage(a.rule, a.suit, numerals))


def _best_ace(aces: list[AcePlay], hand: list[int]) -> AcePlay:
    """The Ace whose rule best suits the rest of the hand, preferring one I can play under now."""

    def score(action: AcePlay) -> float:
        numerals = numerals_of(tuple(c for c in hand if c != action.card))
        immediate = 2.0 if _follows_up(action, hand) else 0.0
        return coverage(action.rule, action.suit, numerals) + immediate

    return max(aces, key=score)


def _follows_up(action: AcePlay, hand: list[int]) -> bool:
    """Would this Ace's rule let me play again at once (so the Ace changes the game for me)?"""
    rest = numerals_of(tuple(c for c in hand if c != action.card))
    return bool(rule_plays(RuleState(action.rule, action.suit), rest))


def _ace_follow_up(action: AcePlay, hand: list[int]) -> int:
    """How many cards the biggest play right after this Ace would shed."""
    rest = numerals_of(tuple(c for c in hand if c != action.card))
    plays = rule_plays(RuleState(action.rule, action.suit), rest)
    return max((len(a.cards) for a in plays if isinstance(a, Play)), default=0)


def _size(action: Play | JokerPlay) -> int:
    return len(action.cards) if isinstance(action, Play) else 2


def _play_score(action: Play, rs: RuleState, hand: list[int]) -> float:
    """More cards first; then leave the next player the narrowest choice; keep bundles whole."""
    score = 10.0 * len(action.cards)
    card = action.cards[-1]
    value = VALUE[card]
    if rs.rule == ABOVE_BELOW:
        direction = action.direction or -rs.direction
        room = 13 - value if direction == HIGHER else value - 2
        score -= 0.5 * room
    if len(action.cards) == 1 and rs.kind != ON_JOKER:
        score -= 0.5 * _connections(card, hand)
    return score


def _connections(card: int, hand: list[int]) -> int:
    """How many other cards share or neighbour this card's value (it helps bundles)."""
    value = VALUE[card]
    return sum(1 for c in hand if c != card and VALUE[c] and abs(VALUE[c] - value) <= 1)


def _awkwardness(card: int, hand: list[int]) -> float:
    """A card that bundles with nothing and sits mid-range is the hardest to get rid of."""
    return -_connections(card, hand) - abs(VALUE[card] - 7.5) / 10


def _give(view: JSON, legal: list[Action], hand: list[int]) -> Action:
    """Give the most awkward card (never an Ace or joker if avoidable) to the leader."""
    me = view["seat"]
    sizes = view["hand_sizes"]
    leader = min((s for s in range(len(sizes)) if s != me), key=lambda s: (sizes[s], s))
    rs = _rule_state(view)

    def badness(action: Give) -> float:
        c = action.card
        if IS_ACE[c]:
            return -100.0
        if is_joker(c):
            return -50.0
        playable = 3.0 if single_allowed(rs, c) else 0.0
        return _awkwardness(c, hand) - playable + (0.1 if SUIT[c] else 0.0)

    gives = [a for a in legal if isinstance(a, Give) and a.seat == leader]
    best = max(gives, key=badness)
    if badness(best) <= -50.0 and PASS in legal:  # only Aces and jokers left to give: keep them
        return PASS
    return best


# --- evaluation of a position, for truncated search playouts ------------------------------------

EVAL_SCALE = 2.5  # cards of hand-size lead that make a position worth about 0.73


def evaluate(view: JSON) -> float:
    """How good the position is for the seat whose view this is, in [0, 1]: the race to empty
    the hand, read from the hand sizes (an Ace or joker in my hand counts as half a card shed,
    since it plays onto anything), and games already won in a match of several."""
    me = view["seat"]
    sizes = view["hand_sizes"]
    others = [size for s, size in enumerate(sizes) if s != me]
    flexible = sum(1 for c in _hand(view["hand"]) if IS_ACE[c] or is_joker(c))
    lead = min(others) - sizes[me] + 0.5 * flexible
    wins = view["wins"]
    lead += 4.0 * (wins[me] - max(w for s, w in enumerate(wins) if s != me))
    return 1.0 / (1.0 + exp(-lead / EVAL_SCALE))
