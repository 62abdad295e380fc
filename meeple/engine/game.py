"""The contract every game meets, and the shared checked path written once.

A ``Game`` is a stateless rules object. Its state lives in a ``GameState`` that
the engine creates (``new_game``: common fields, then the game's ``setup``), and
every decision goes through one of two doors:

* ``apply(state, seat, index)``: trusted and fast, for search and simulation; the
  caller guarantees that ``index`` is in ``legal_actions(state, seat)``.
* ``play(state, seat, action)``: checked, for outside input; a refused action
  raises a typed error naming the rule and changes nothing.

Both count the decision in ``state.version``; a game writes only its rules
(``apply_action``). Besides the rules, a game may fill in the optional parts the
adapters use, each with a default: ``presentation`` (board drawing, seat status,
panels), ``terminal`` (how ``meeple play`` shows it), ``timed_phase`` and
``on_timeout`` (phase clocks), ``bots`` (its heuristic, search knowledge, own
players and level budgets), ``validate``
(invariants of a position, checked by the conformance battery at every step) and
``encoding`` (a view as numbers, for the learning adapters).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Mapping
from typing import Any, ClassVar, Generic, NamedTuple, TypeVar

from meeple.engine.actions import Action, ActionSpace
from meeple.engine.bots import BotKit
from meeple.engine.config import GameConfig, OptionSpec, OptionValue
from meeple.engine.encoding import Encoding
from meeple.engine.errors import BadConfig, IllegalAction, NotYourTurn, UnknownAction
from meeple.engine.events import Event
from meeple.engine.presentation import Presentation
from meeple.engine.result import Result
from meeple.engine.rng import Rng
from meeple.engine.state import GameState
from meeple.engine.terminal import GENERIC_TERMINAL, Terminal

S = TypeVar("S", bound=GameState)

JSON = dict[str, Any]

GENERIC_PRESENTATION = Presentation()
NO_BOT_KIT = BotKit()


class TimedPhase(NamedTuple):
    """A phase that runs against a clock: ``key`` names this occurrence of it (a new
    key restarts the clock), ``seconds`` is its length."""

    key: str
    seconds: float


class Game(ABC, Generic[S]):
    """Rules of one game. Subclasses fill in the abstract methods, nothing else."""

    name: ClassVar[str]
    title: ClassVar[str]
    rules_version: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    option_specs: ClassVar[tuple[OptionSpec, ...]] = ()
    reconstructed: ClassVar[str] = ""
    """A sentence for players naming the components no public source gives, which
    meeple reconstructed (empty: every component is as printed). Adapters show it
    where a game starts and beside the board."""
    summary: ClassVar[str] = ""
    """One paragraph for players, in our own words: what the game is about and how it
    is won (a lobby shows it beside the game; empty: nothing to show)."""
    minutes: ClassVar[tuple[int, int] | None] = None
    """How long a game takes people at a table, in minutes, as (shortest, longest) over
    the player counts; None: not said."""
    example: ClassVar[bool] = False
    """True for a teaching example of the game contract (the plugin walk-through's
    game in docs/adding-a-game.md) rather than a game people choose for an evening:
    lobbies list it after the others and mark it."""

    def __init__(self, actions: ActionSpace, state_type: type[S]) -> None:
        self.actions = actions
        self.state_type = state_type

    # ---- configuration and creation -------------------------------------------------

    def make_config(
        self, players: int, options: Mapping[str, OptionValue] | None = None
    ) -> GameConfig:
        """A validated config; unknown options, out-of-range counts and an option set
        (to anything but its default) at a player count it does not apply to are
        refused."""
        if not self.min_players <= players <= self.max_players:
            raise BadConfig(
                f"{self.title} takes {self.min_players} to {self.max_players} players,"
                f" not {players}"
            )
        chosen = dict(options or {})
        specs = {spec.name: spec for spec in self.option_specs}
        unknown = sorted(set(chosen) - set(specs))
        if unknown:
            known = ", ".join(specs) or "none"
            raise BadConfig(f"unknown option(s) {unknown} for {self.name}; known: {known}")
        values = {name: spec.check(chosen.get(name, spec.default)) for name, spec in specs.items()}
        for spec in specs.values():
            if not spec.applies_to(players) and values[spec.name] != spec.default:
                counts = " or ".join(str(n) for n in spec.players)
                raise BadConfig(
                    f"option {spec.name!r} ({spec.title}) applies to {counts} players only,"
                    f" not {players}; leave it at its default ({spec.default!r})"
                )
        return GameConfig(players, values)

    def new_game(self, config: GameConfig, seed: int) -> S:
        """The initial state: setup done up to the first decision, ``version`` 0."""
        checked = self.make_config(config.players, config.options)
        state = self.state_type.begin(checked, seed)
        self.setup(state)
        return state

    @abstractmethod
    def setup(self, state: S) -> None:
        """Fill the game's own fields of a state whose common fields (config, seed,
        rng, empty log, version 0) the engine has set, up to the first decision."""

    @abstractmethod
    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        """Display names of the seats (colours, countries)."""

    # ---- the decision loop ----------------------------------------------------------

    @abstractmethod
    def to_act(self, state: S) -> tuple[int, ...]:
        """Seats that must decide now; several means simultaneous secret decisions."""

    @abstractmethod
    def legal_actions(self, state: S, seat: int) -> list[int]:
        """Indices of the actions ``seat`` may take now (empty if it need not act)."""

    def apply(self, state: S, seat: int, index: int) -> None:
        """Trusted fast path: apply a legal action in place and count it."""
        self.apply_action(state, seat, index)
        state.version += 1

    @abstractmethod
    def apply_action(self, state: S, seat: int, index: int) -> None:
        """The rules of one legal action, applied in place (``apply`` counts it)."""

    @abstractmethod
    def is_over(self, state: S) -> bool:
        """True once the game has ended."""

    @abstractmethod
    def result(self, state: S) -> Result:
        """Scores, breakdown and ranks of a finished game."""

    @abstractmethod
    def explain_illegal(self, state: S, seat: int, action: Action) -> IllegalAction:
        """Why ``action`` is not legal for ``seat`` now, naming the rulebook section."""

    # ---- information ----------------------------------------------------------------

    @abstractmethod
    def view(self, state: S, seat: int | None) -> JSON:
        """Everything ``seat`` may know, as plain JSON data (None: a spectator)."""

    @abstractmethod
    def determinize(self, state: S, seat: int, rng: Rng) -> S:
        """A full state consistent with ``seat``'s view, hidden parts sampled from rng."""

    @abstractmethod
    def render_text(self, view: JSON) -> str:
        """The board and status of a view as terminal text."""

    # ---- optional parts, with defaults -------------------------------------------

    def presentation(self) -> Presentation:
        """How adapters draw this game's views (default: no board, generic words)."""
        return GENERIC_PRESENTATION

    def terminal(self) -> Terminal:
        """How ``meeple play`` shows this game and helps a person type its actions
        (default: the full board from ``render_text``, no legend, no colour)."""
        return GENERIC_TERMINAL

    def bots(self) -> BotKit:
        """This game's bot knowledge (default: none; search plays uniformly)."""
        return NO_BOT_KIT

    def timed_phase(self, state: S) -> TimedPhase | None:
        """The clock of the phase ``state`` is in, or None if it is not timed."""
        return None

    def on_timeout(self, state: S, seat: int) -> int | None:
        """The action played for ``seat`` when a timed phase runs out while it is
        still deciding (default: its only legal action; None: nothing)."""
        legal = self.legal_actions(state, seat)
        return legal[0] if len(legal) == 1 else None

    def validate(self, state: S) -> None:
        """Raise ``InvalidState`` listing every broken invariant of ``state``
        (conservation of pieces, consistent phase); the default checks nothing."""

    def encoding(self) -> Encoding | None:
        """How a seat's view becomes a fixed-length vector for the learning adapters
        (``meeple.rl``); the default None means this game has no encoding yet, and the
        adapters refuse it with ``NoEncoding``."""
        return None

    # ---- shared machinery, written once ---------------------------------------------

    def parse(self, text: str) -> Action:
        return self.actions.parse(text)

    def legal(self, state: S, seat: int) -> list[Action]:
        """Legal actions of ``seat`` as action objects, in index order."""
        return [self.actions[i] for i in self.legal_actions(state, seat)]

    def to_action(self, action: Action | str | int) -> Action:
        if isinstance(action, Action):
            return self.actions[action.index]
        if isinstance(action, int):
            if not 0 <= action < len(self.actions):
                raise UnknownAction(f"action index {action} is outside 0..{len(self.actions) - 1}")
            return self.actions[action]
        return self.actions.parse(action)

    def check(self, state: S, seat: int, action: Action) -> None:
        """Raise the typed error that forbids ``action``, or return if it is legal."""
        if self.is_over(state):
            raise IllegalAction("End of the Game", "the game is over; no more actions")
        waiting = self.to_act(state)
        if seat not in waiting:
            names = self.seat_names(state.config)
            who = ", ".join(names[s] for s in waiting)
            raise NotYourTurn(
                "Turn order", f"it is not {names[seat]}'s decision now; waiting for {who}"
            )
        if action.index not in self.legal_actions(state, seat):
            raise self.explain_illegal(state, seat, action)

    def play(self, state: S, seat: int, action: Action | str | int) -> Action:
        """Checked path: validate fully, then apply; a refusal changes nothing."""
        if not 0 <= seat < state.config.players:
            raise IllegalAction(
                "Seats", f"seat {seat} does not exist; seats are 0..{state.config.players - 1}"
            )
        chosen = self.to_action(action)
        self.check(state, seat, chosen)
        self.apply(state, seat, chosen.index)
        return chosen

    def events(self, state: S, seat: int | None, start: int = 0) -> list[Event]:
        """Log entries from ``start`` on that ``seat`` may see."""
        return [e for e in state.log[start:] if e.visible_to(seat)]

    def snapshot(self, state: S) -> JSON:
        """A JSON document from which ``restore`` rebuilds an equal state."""
        return {
            "game": self.name,
            "rules_version": self.rules_version,
            "fields": state.snapshot_fields(),
        }

    def restore(self, data: JSON) -> S:
        if data.get("game") != self.name:
            raise BadConfig(f"snapshot is of {data.get('game')!r}, not {self.name!r}")
        if data.get("rules_version") != self.rules_version:
            raise BadConfig(
                f"snapshot is of rules version {data.get('rules_version')!r};"
                f" this build plays {self.rules_version!r}"
            )
        state = self.state_type.__new__(self.state_type)
        state.restore_fields(data["fields"])
        return state
