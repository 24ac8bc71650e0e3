"""The core contract: Game, State, Action, events, observations and the Agent protocol.

Every game subclasses ``Game`` and ``State``; faces, agents and the simulator use only what is
declared here. The state is omniscient; everything a seat is shown goes through ``view`` and
``events_since``.
"""

from __future__ import annotations

import operator
import random
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property, partial
from importlib import resources
from itertools import groupby
from typing import TYPE_CHECKING, Any, ClassVar, NamedTuple, Protocol

from aerodeck.core.errors import (
    ConfigError,
    IllegalActionError,
    NotationError,
    SeatError,
    excerpt,
)
from aerodeck.core.i18n import _
from aerodeck.core.notation import check_move_text
from aerodeck.core.options import Option, resolve_options
from aerodeck.core.reference import reference_text
from aerodeck.core.rng import check_seed, fresh_seed
from aerodeck.core.search import AnalysisThresholds, SearchSettings, expert_default
from aerodeck.core.setups import check_setup

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from aerodeck.core.features import Encoder
    from aerodeck.core.figures import ChoiceFigure
    from aerodeck.core.series import Series

JSON = dict[str, Any]
RECORD_FORMAT = "aerodeck-record"
RECORD_VERSION = 1


class Action:
    """A move. Subclasses are small frozen values whose ``str`` is the canonical notation."""

    __slots__ = ()

    def __str__(self) -> str:  # pragma: no cover - every game overrides
        raise NotImplementedError("abstract: each game's actions define their notation")

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self}>"


class ActionTable:
    """A game's fixed integer encoding: every distinct action once, in a fixed order."""

    __slots__ = ("_index", "actions")

    def __init__(self, actions: Sequence[Action]) -> None:
        self.actions = tuple(actions)
        self._index = {action: i for i, action in enumerate(self.actions)}
        if len(self._index) != len(self.actions):
            raise ValueError("an action appears twice in the table")

    def __len__(self) -> int:
        return len(self.actions)

    def __contains__(self, action: object) -> bool:
        try:
            return action in self._index
        except TypeError:  # an unhashable object is no move
            return False

    def index(self, action: Action) -> int:
        try:
            return self._index[action]
        except (KeyError, TypeError):
            raise NotationError(
                _("{move} is not a move of this game", move=excerpt(action))
            ) from None

    def __getitem__(self, index: int) -> Action:
        try:  # an int or an integer type such as numpy's (RL adapters), never a bool or float
            number = -1 if isinstance(index, bool) else operator.index(index)
        except TypeError:
            number = -1
        if not 0 <= number < len(self.actions):
            raise NotationError(
                f"no move has the index {excerpt(index)} (0 to {len(self.actions) - 1})"
            )
        return self.actions[number]


@dataclass(frozen=True, slots=True)
class GameInfo:
    """Static facts about a game: what `aerodeck games` lists and `make` checks."""

    id: str
    title: str
    player_counts: tuple[int, ...]
    default_players: int
    summary: str
    options: tuple[Option, ...] = ()
    version: int = 1
    credits: str = ""

    @property
    def cli_name(self) -> str:
        return self.id.replace("_", "-")


class Renderer(Protocol):
    """A game's terminal text, as its ``render`` module provides it (``Game.renderer``)."""

    def render_view(self, view: JSON) -> str: ...

    def describe_event(self, event: JSON) -> str: ...

    def render_result(self, view: JSON, events: list[JSON]) -> str: ...


class Game(ABC):
    """A configured game (player count and options): a factory of states and the notation.

    What every game would otherwise write again is here once: a game names the class of its
    states (``state_class``) and its ``render`` module (``renderer``), and overrides
    ``_new_game`` or the rendering hooks only where it does more."""

    info: ClassVar[GameInfo]
    action_table: ActionTable  # a class attribute, or set in __init__ when data decides it
    state_class: type[State]
    """The game's state, built as ``state_class(game, seed, setup)`` by ``_new_game``."""
    renderer: Renderer
    """The module (or object) with ``render_view``, ``describe_event`` and ``render_result``."""

    def __init__(self, players: int | None = None, **options: Any) -> None:
        count = self.info.default_players if players is None else players
        if isinstance(count, bool) or not isinstance(count, int):
            raise ConfigError(
                _("players must be a whole number, not {count}", count=excerpt(count))
            )
        if count not in self.info.player_counts:
            allowed = ", ".join(str(n) for n in self.info.player_counts)
            raise ConfigError(
                _(
                    "{game} is for {allowed} players, not {count}",
                    game=self.info.title,
                    allowed=allowed,
                    count=excerpt(count),
                )
            )
        self.players = count
        self.options: dict[str, Any] = resolve_options(self.info.options, options)

    @property
    def id(self) -> str:
        return self.info.id

    def __repr__(self) -> str:
        return f"<{self.info.id} players={self.players} options={self.options}>"

    def new_game(self, seed: int | None = None, setup: Mapping[str, Any] | None = None) -> State:
        """A fresh game. ``setup`` is an optional scenario (stacked deck, hands, scores...).

        ConfigError on a seed outside 0..2**63-1 or a setup that is not plain bounded JSON data
        (checked here, once for every game) or that the game cannot read. A setup may come from
        a record anyone wrote, and each game reads its content: a shape it did not foresee (a
        text where it wants a list, a word where it wants a number) is the setup's fault, so it
        is reported as a ConfigError naming the game, never as a TypeError or KeyError."""
        seed = None if seed is None else check_seed(seed)
        if setup is None:
            return self._new_game(seed, None)
        checked = check_setup(setup)
        try:
            return self._new_game(seed, checked)
        except (TypeError, ValueError, KeyError, IndexError, AttributeError) as error:
            raise ConfigError(
                f"this setup does not fit {self.info.title} "
                f"({type(error).__name__}: {excerpt(str(error), 60)})"
            ) from None

    def _new_game(self, seed: int | None, setup: Mapping[str, Any] | None) -> State:
        """A fresh game from a checked seed (or None) and setup (plain JSON data, or None)."""
        return self.state_class(self, seed, setup)

    def parse_action(self, state: State, text: str) -> Action:
        """Read notation (NotationError if it is none). Legality is checked by ``State.apply``.

        The text is checked here once for every game (a string of at most ``MOVE_TEXT_LIMIT``
        printable ASCII characters) before the game's ``_parse_action`` reads it, so a parser
        never meets a NUL, a surrogate, a Unicode digit or a megabyte of text."""
        if not isinstance(state, State) or type(state.game) is not type(self):
            raise ConfigError(f"parse_action reads moves for a {self.info.title} state")
        return self._parse_action(state, check_move_text(text))

    @abstractmethod
    def _parse_action(self, state: State, text: str) -> Action:
        """Read checked, stripped notation; NotationError if it names no move of this game."""

    @property
    def num_distinct_actions(self) -> int:
        """Size of the fixed integer action encoding."""
        return len(self.action_table)

    def action_index(self, action: Action) -> int:
        """The action's fixed integer in 0..num_distinct_actions-1."""
        return self.action_table.index(action)

    def action_from_index(self, index: int) -> Action:
        """Inverse of ``action_index``."""
        return self.action_table[index]

    def rules_text(self) -> str:
        """The rules summary and notation, from the game package's rules.md."""
        package = type(self).__module__.rpartition(".")[0]
        return resources.files(package).joinpath("rules.md").read_text(encoding="utf-8")

    def render_view(self, view: JSON) -> str:
        """A seat's view as text for the terminal (rich markup allowed)."""
        return self.renderer.render_view(view)

    def describe_event(self, event: JSON) -> str:
        """One line for an event as ``events_since`` returns it."""
        return self.renderer.describe_event(event)

    def reference_text(self) -> str:
        """A player's reference card (rich markup): what each card, aircraft or piece does,
        shown by the terminal's ``cards`` command. By default ``reference()`` laid out as text
        (``core/reference.py``); empty (no ``cards`` command) when that holds nothing."""
        return reference_text(self.reference())

    def render_result(self, view: JSON, events: list[JSON]) -> str:
        """The end-of-game summary for the terminal: standings and the score breakdown, from the
        final view and the game's events as that seat saw them."""
        return self.renderer.render_result(view, events)

    def bots(self) -> Mapping[str, Callable[[Game, int], Agent]]:
        """The game's own bots by name (at least ``heuristic``), as factories (game, seed)."""
        return {}

    def move_seen_by(self, action: Action, actor: int, seat: int | None) -> str:
        """How ``action``, made by ``actor``, appears to ``seat`` (None: a spectator).

        The full notation, unless the rules keep that move secret from that seat: games with
        secret moves (a card played face down, a secret aircraft, a card given to one player)
        override this. Whatever the move later reveals reaches the seat through its events.
        """
        return str(action)

    def forced_reason(self, state: State) -> str | None:
        """Why the seat to move has one legal move only, in players' words (``_()``), shown
        beside that move ("you flamed out: you sit this turn out"); None: no reason to give.

        Asked by the faces only when the seat to move is offered exactly one move, never on the
        hot path of ``legal_actions``. The state is omniscient: the reason is read by the seat to
        move alone, and says nothing that seat may not know.
        """
        return None

    # The plug-in hooks: what the faces ask a game, each with a generic default
    # (docs/architecture.md, "Where does X live").

    def reference(self) -> JSON:
        """Public reference data for the page and the terminal: ``{"cards": {text: {"title",
        "kind", "lines", "text", ...}}, "tables": [{"title", "columns", "rows"}]}``, each card
        keyed by its text in the views; a game may add keys of its own for its board."""
        return {"cards": {}, "tables": []}

    def observation_encoder(self) -> Encoder | None:
        """The RL observation encoder of this configured game (None: the RL faces refuse it)."""
        return None

    def max_game_length(self) -> int:
        """An upper bound on the moves of a game (OpenSpiel's ``max_game_length``)."""
        return 10_000

    def search_settings(self) -> SearchSettings:
        """How the ``hard`` level searches this game (measured per game in docs/bots.md)."""
        return SearchSettings()

    def expert_settings(self) -> SearchSettings:
        """How the ``expert`` level searches this game: by default ``hard``'s search with more
        worlds and a larger budget (``core.search.expert_default``)."""
        return expert_default(self.search_settings())

    def analysis_thresholds(self) -> AnalysisThresholds:
        """The losses of expected return at which the analysis (``agents.analysis``) marks a
        move an inaccuracy, a mistake or a blunder (each game's docs page gives them)."""
        return AnalysisThresholds()

    def evaluate(self, view: JSON) -> float | None:
        """The position's value in [0, 1] for the seat whose view this is (``State.view(seat)``),
        read by a search that stops before the end (None: no evaluation, search plays on)."""
        return None

    def figures(self) -> tuple[ChoiceFigure, ...]:
        """The simulator's figures for this game, read from the moves' notation."""
        return ()

    def board_assets(self) -> Traversable | None:
        """A folder of the game package holding the page's ``board.js`` (and ``board.css``),
        served at /games/<id>/board.js (the module interface: web/static/board_generic.js);
        None: the page draws the generic board."""
        return None

    def series(self) -> Series | None:
        """The series of games this configured game starts (Down In Flames with a ``campaign``
        option: its missions in order; ``core.series``); None: a game on its own."""
        return None

    def series_choices(self) -> tuple[tuple[str, str], ...]:
        """The series a person may choose to start (Down In Flames: the data set's campaigns),
        each as (the option's value, one line in words: sides, games, years); () when the game
        offers none."""
        return ()

    def series_from_json(self, data: JSON) -> Series:
        """The series ``Series.to_json`` stored, rebuilt on this configured game; ConfigError
        when the data does not fit it."""
        raise ConfigError(f"{self.info.title} with these options is not a series of games")

    def setup_examples(self) -> tuple[JSON, ...]:
        """Setups this configured game accepts (``new_game(seed, setup)``), as a scenario's
        author would write them: the hostile-input tests mutate them into near misses. Empty:
        the game reads no setup (or shows none), and only core's checks of a setup are tested."""
        return ()


EventEntry = tuple[JSON, dict[int, JSON] | None]
# An append-only log as immutable cons cells, newest first: clone shares it and append is O(1)
# for every copy. Reading walks it, which only faces and tests do. The event log's cells are
# (previous, entry); the move log's are (previous, action, actor), the actor being the seat that
# made the move, logged as the move is applied, so nobody has to replay the game to learn it.
Log = tuple[Any, ...] | None


class SeenMove(NamedTuple):
    """One move of a game as one seat may know it: its number (from 1), who made it, its text."""

    number: int
    seat: int
    move: str


def _log_items(log: Log, count: int) -> list[Any]:
    """The last ``count`` entries of the event log, oldest first."""
    items = []
    for _step in range(count):
        assert log is not None
        log, item = log
        items.append(item)
    items.reverse()
    return items


def _logged_moves(log: Log, count: int) -> list[tuple[int, Action]]:
    """The last ``count`` moves of the move log, oldest first, each as (actor, action)."""
    moves = []
    for _step in range(count):
        assert log is not None
        log, action, actor = log
        moves.append((actor, action))
    moves.reverse()
    return moves


class State(ABC):
    """One game in progress. Mutable; ``clone`` is a cheap structural copy.

    Subclasses keep only immutable values (ints, tuples, interned cards) in their slots, so the
    generic ``clone`` can copy slot references. The move log (each move with the seat that made
    it) and the event log are shared between a state and its clones until one of them appends
    (copy on write).
    """

    __slots__ = (
        "_event_count",
        "_events",
        "_history",
        "_move_count",
        "_muted",
        "_viewer",
        "game",
        "seed",
        "setup",
    )
    _slot_names: ClassVar[tuple[str, ...]] = ()
    memo_slots: ClassVar[frozenset[str]] = frozenset()
    """Slots that only remember a value derived from the others (filled when first asked for,
    cleared when what they derive from changes): not part of the position, so a check that a
    refused move changed nothing leaves them out."""
    _copy_slots: ClassVar[Callable[[State, State], None]]

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        names: list[str] = []
        for klass in reversed(cls.__mro__):
            for name in getattr(klass, "__slots__", ()):
                if name not in names and name != "__weakref__":
                    names.append(name)
        cls._slot_names = tuple(names)
        cls._copy_slots = staticmethod(_slot_copier(cls._slot_names))

    def __init__(self, game: Game, seed: int | None, setup: Mapping[str, Any] | None) -> None:
        self.game = game
        self.seed = fresh_seed() if seed is None else check_seed(seed)
        self.setup: JSON | None = None if setup is None else check_setup(setup)
        self._history: Log = None
        self._move_count = 0
        self._events: Log = None
        self._event_count = 0
        self._muted = False
        self._viewer: int | None = None

    # --- what every game implements -------------------------------------------------------

    @property
    @abstractmethod
    def current_player(self) -> int | None:
        """The seat that decides now (also out of turn); None when the game is over."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """Every action the current player may take; never empty unless terminal."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Carry out a legal action (no checks)."""

    @property
    @abstractmethod
    def is_terminal(self) -> bool: ...

    @abstractmethod
    def returns(self) -> list[float]:
        """Final payoff per seat: winners share 1.0, everyone else 0.0 (zeros until the end)."""

    @abstractmethod
    def _view(self, player: int | None) -> JSON:
        """Everything ``player`` (a checked seat, or None) may know, JSON-ready."""

    @abstractmethod
    def _determinize(self, player: int, seed: int) -> State:
        """A full state consistent with ``player``'s view, hidden cards redrawn from ``seed``.

        It must be a function of the seat's information and ``seed`` only: put the unknown cards
        in a canonical order before shuffling, or a search bot's samples would depend on where
        the hidden cards really are (tests/test_contract.py checks this through every bot).
        """

    def check_invariants(self) -> None:  # noqa: B027 - an optional hook, not abstract
        """Raise AssertionError if the state breaks a conservation law (cards, coins, supply).

        The shared property tests call it after every step; games override it.
        """

    def why_illegal(self, action: Action) -> str:
        """The rule that forbids ``action`` now, in players' words. Games refine this."""
        if self.is_terminal:
            return "the game is over"
        return f"{action} is not a legal move now"

    # --- the shared machinery ---------------------------------------------------------------

    @property
    def winners(self) -> list[int]:
        """Seats that won (shared wins included); empty until the end."""
        if not self.is_terminal:
            return []
        return [seat for seat, value in enumerate(self.returns()) if value > 0]

    def placings(self) -> list[list[int]]:
        """At the end, the seats best first, each place a list of the seats that share it: the
        winners first, then the others ordered by ``_standing`` (empty until the end)."""
        if not self.is_terminal:
            return []
        winners = self.winners
        rest = sorted(
            (seat for seat in range(self.game.players) if seat not in winners),
            key=self._standing,
            reverse=True,
        )
        places = [winners] if winners else []
        places += [list(tied) for _, tied in groupby(rest, key=self._standing)]
        return places

    def _standing(self, seat: int) -> Any:
        """What orders the seats that did not win, higher first: what the game's own summary
        orders them by (points, race wins then distance, ...). By default nothing: they share
        the place after the winners."""
        return 0

    @property
    def move_number(self) -> int:
        """How many actions have been applied."""
        return self._move_count

    def apply(self, action: Action | str) -> None:
        """Apply an action or its notation, checking it; IllegalActionError names the rule."""
        if self.is_terminal:
            raise IllegalActionError(_("the game is over: no more moves"), rule="game over")
        if isinstance(action, str):
            action = self.game.parse_action(self, action)
        elif not isinstance(action, Action):
            raise NotationError(f"{excerpt(action)} is not a move: apply takes an Action or text")
        if action not in self.legal_actions():
            if action not in self.game.action_table:  # another game's or configuration's move
                raise NotationError(_("{move} is not a move of this game", move=_name(action)))
            raise IllegalActionError(self.why_illegal(action))
        self.apply_unchecked(action)

    def apply_unchecked(self, action: Action) -> None:
        """Apply an action the caller already knows is legal: taken from this state's own
        ``legal_actions()`` (a search's playouts, the match loop after it checked a bot's move).

        TRUSTED CALLERS ONLY. Nothing is checked: an illegal action silently corrupts the state
        (broken invariants, a record that no longer replays). Anything a person or a network
        sent (move text, an action index, a record) goes through ``apply``, which refuses it
        with an ``IllegalActionError``; tests/test_apply_unchecked_callers.py keeps the faces
        (cli, sim, agents, and any web or rl package) to the audited calls."""
        self._history = (self._history, action, self.current_player)
        self._move_count += 1
        self._apply(action)

    def clone(self) -> State:
        """An independent copy, RNG included, sharing immutable parts and the logs (COW)."""
        cls = type(self)
        new = cls.__new__(cls)
        cls._copy_slots(self, new)
        return new

    def view(self, player: int | None) -> JSON:
        """Everything ``player`` may know, JSON-ready; None is a spectator. SeatError on a seat
        that is not 0..players-1 (a negative index would otherwise read another seat's hand)."""
        if player is None or (type(player) is int and 0 <= player < self.game.players):
            return self._view(player)
        return self._view(self.check_seat(player, spectator=True))

    def check_seat(self, player: object, spectator: bool = False) -> int | None:
        """``player`` as a seat of this game (or None when ``spectator``); else SeatError."""
        if player is None and spectator:
            return None
        return self._seat(player, spectator)

    def _seat(self, player: object, spectator: bool = False) -> int:
        """``player`` as an int seat: an int (or an integer type such as numpy's, for the RL
        adapters) in 0..players-1, never a bool, a float or a string."""
        try:
            seat = -1 if isinstance(player, bool) else operator.index(player)  # type: ignore[arg-type]
        except TypeError:
            seat = -1
        if not 0 <= seat < self.game.players:
            raise _bad_seat(player, self.game.players, spectator)
        return seat

    def determinize(self, player: int, rng: random.Random) -> State:
        """A full state consistent with ``player``'s view, with fresh randomness for the future."""
        player = self._seat(player)
        if not isinstance(rng, random.Random):
            raise ConfigError(f"determinize takes a random.Random, not {type(rng).__name__}")
        new = self._determinize(player, rng.getrandbits(63))
        new._viewer = player
        return new

    def observation(self, player: int) -> Observation:
        """What an agent at ``player`` gets: view, legal actions, and a determinization sampler."""
        player = self._seat(player)
        return Observation(
            game=self.game,
            seat=player,
            legal_actions=self.legal_actions(),
            sampler=partial(self.determinize, player),
            viewer=partial(self.view, player),
            move_number=self._move_count,
        )

    def _emit(self, public: JSON, private: dict[int, JSON] | None = None) -> None:
        """Log an event: ``public`` for everyone, ``private[seat]`` added for that seat only."""
        if self._muted:
            return
        self._events = (self._events, (public, private))
        self._event_count += 1

    def mute_events(self) -> State:
        """Stop logging events from now on; returns the state.

        For states whose events nobody reads: a search's sampled worlds, the simulator's games.
        Moves, views, legal actions, returns and the record are unchanged (the shared property
        suite checks it); only ``events_since`` sees nothing new. A muted playout keeps no event
        alive, which makes it 5 to 15 % faster."""
        self._muted = True
        return self

    @property
    def event_count(self) -> int:
        return self._event_count

    def events_since(self, n: int, player: int | None) -> list[JSON]:
        """Events from index ``n`` on, as ``player`` may see them (None: spectator).

        A determinization knows only its viewer's secrets: other seats get the public parts.
        """
        player = self.check_seat(player, spectator=True)
        if type(n) is not int or n < 0:
            raise ConfigError(f"events_since takes an event index 0 or more, not {excerpt(n)}")
        out: list[JSON] = []
        entries = _log_items(self._events, max(0, self._event_count - n))
        hidden = self._viewer is not None and player != self._viewer
        for public, private in entries:
            if private is not None and player is not None and player in private and not hidden:
                out.append({**public, **private[player]})
            else:
                out.append(dict(public))
        return out

    def history(self) -> list[str]:
        """The notation of every action applied so far."""
        return [str(action) for _, action in _logged_moves(self._history, self._move_count)]

    def actors(self) -> list[int]:
        """The seat that made each move so far, as logged when the move was applied."""
        return [actor for actor, _ in _logged_moves(self._history, self._move_count)]

    def history_for(self, seat: int | None) -> list[SeenMove]:
        """Every move so far as ``seat`` may know it (None: a spectator).

        A seat sees its own moves in full and others' as the game shows them
        (``Game.move_seen_by``): a face-down play stays face down here. Everything a face shows
        a seat of the move history goes through this, never through ``history()``. Linear in
        the moves: who made each one is in the move log, nothing is replayed.
        """
        seat = self.check_seat(seat, spectator=True)
        seen = self.game.move_seen_by
        return [
            SeenMove(number, actor, str(action) if actor == seat else seen(action, actor, seat))
            for number, (actor, action) in enumerate(
                _logged_moves(self._history, self._move_count), start=1
            )
        ]

    def record_for(self, seat: int | None) -> JSON:
        """The record as ``seat`` may see it: the whole record once the game is over; until then
        no seed and no set-up (they fix the deck order) and the moves as ``history_for`` shows
        them. A redacted record cannot be replayed, and says so."""
        seat = self.check_seat(seat, spectator=True)
        if self.is_terminal:
            return self.record()
        return {
            **self._record_head(),
            "redacted_for": seat,
            "moves": [move._asdict() for move in self.history_for(seat)],
        }

    def _record_head(self) -> JSON:
        """What every record starts with: its format, the game, its version and configuration."""
        return {
            "format": RECORD_FORMAT,
            "version": RECORD_VERSION,
            "game": self.game.id,
            "game_version": self.game.info.version,
            "players": self.game.players,
            "options": dict(self.game.options),
        }

    def record(self) -> JSON:
        """The versioned record: enough to rebuild and re-validate the whole game."""
        record: JSON = {
            **self._record_head(),
            "seed": self.seed,
            "setup": self.setup,
            "actions": self.history(),
        }
        if self.is_terminal:
            record["result"] = {"returns": self.returns(), "winners": self.winners}
        return record


def _name(action: Action) -> str:
    """A foreign action's notation for an error message, or its type if it has none."""
    try:
        return excerpt(str(action))
    except Exception:  # any object may reach here; its str is only decoration
        return excerpt(action)


def _bad_seat(player: object, players: int, spectator: bool) -> SeatError:
    """The one-line error for a value that is not a seat of a ``players``-seat game."""
    allowed = f"a seat 0 to {players - 1}" + (" or None (a spectator)" if spectator else "")
    return SeatError(
        _(
            "{seat} is not a seat of this game: expected {allowed}",
            seat=excerpt(player),
            allowed=allowed,
        )
    )


def _slot_copier(names: tuple[str, ...]) -> Callable[[State, State], None]:
    """A straight-line function copying every slot reference: clone is on the search hot path,
    and this is several times faster than a loop of getattr/setattr over the names."""
    assert all(name.isidentifier() for name in names)
    body = "".join(f"\n    new.{name} = old.{name}" for name in names) or "\n    pass"
    namespace: dict[str, Any] = {}
    exec(f"def copy_slots(old, new):{body}", namespace)  # names are checked identifiers
    copier: Callable[[State, State], None] = namespace["copy_slots"]
    return copier


OVER = "over"  # the phase of a finished game (TurnState)


def shared_returns(winners: Iterable[int], players: int) -> tuple[float, ...]:
    """The returns rule: the winners share 1.0 (a sole winner 1.0, two 0.5 each), the rest 0.0;
    no winner at all (a drawn game nobody wins) gives every seat 0.0."""
    won = set(winners)
    share = 1.0 / len(won) if won else 0.0
    return tuple(share if seat in won else 0.0 for seat in range(players))


class TurnState(State):
    """A state whose decider is ``to_act``, which is over in phase ``OVER`` and whose returns are
    set once by ``_end``: the contract's current player, terminal test and returns, which every
    game would otherwise write again."""

    __slots__ = ("phase", "result", "to_act")

    phase: str
    to_act: int | None
    result: tuple[float, ...] | None

    @property
    def current_player(self) -> int | None:
        return self.to_act

    @property
    def is_terminal(self) -> bool:
        return self.phase == OVER

    def returns(self) -> list[float]:
        result = self.result
        return list(result) if result is not None else [0.0] * self.game.players

    def _end(self, winners: Iterable[int]) -> None:
        """End the game: nobody to act, the winners share the returns."""
        self.phase, self.to_act = OVER, None
        self.result = shared_returns(winners, self.game.players)


@dataclass(frozen=True)
class Observation:
    """What an agent decides from: its seat's view, the legal actions, and a sampler of worlds.

    The view is built on first use: random and search bots never read it, and building it is
    the dearest part of a decision in the simulator.
    """

    game: Game
    seat: int
    legal_actions: list[Action]
    sampler: Callable[[random.Random], State] = field(repr=False)
    viewer: Callable[[], JSON] = field(repr=False)
    move_number: int = 0
    """Actions applied so far in the game: bots seed each decision from it and their own seed
    (``core.rng.decision_seed``), so a bot rebuilt from a record decides as before."""

    @cached_property
    def view(self) -> JSON:
        """Everything this seat may know (``State.view``), computed once."""
        return self.viewer()

    def sample(self, rng: random.Random) -> State:
        """A full state consistent with this seat's view (a determinization), for search."""
        return self.sampler(rng)


class Agent(Protocol):
    """A player that chooses from an observation only; seeded at construction."""

    name: str

    def choose(self, observation: Observation) -> Action: ...


AgentFactory = Callable[[Game, int], Agent]
