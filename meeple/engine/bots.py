"""The bot part of the contract: what a bot is, and the knowledge a game lends search.

A game's bot knowledge lives in the game's own folder and reaches the generic
search and levels of ``meeple.ai`` only through ``Game.bots()``, which returns a
``BotKit``. Every knowledge method receives a *determinized sample* (a state built
by ``Game.determinize`` for the searching seat), never the true state, so whatever
it reads is consistent with that seat's information only.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol

from meeple.engine.rng import Rng
from meeple.engine.state import GameState

if TYPE_CHECKING:
    from meeple.engine.game import Game


class Bot(Protocol):
    """A player program: it decides for one seat from that seat's information.

    It receives the state only to clone it for search through ``Game.determinize``
    and to read its seat's view; it must never read hidden parts directly."""

    name: str

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        """Index of a legal action for ``seat``."""
        ...


BotFactory = Callable[["Game[Any]", int], Bot]
"""Builds a bot for a game from a seed."""


class Knowledge:
    """What a game tells search; subclass it and override what the game knows better.

    The defaults are uniform rollouts, every legal action a branch (also at the
    root), an even leaf value, and rollouts that may be judged anywhere."""

    def rollout(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        """A quick action for ``seat`` in a rollout (must be one of ``legal``)."""
        return rng.choice(legal)

    def candidates(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        """The legal actions worth a tree branch (a non-empty subset of ``legal``)."""
        return legal

    def shortlist(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> list[int]:
        """The search root's branches: ``candidates`` narrowed further, at a cost paid
        once per decision (the true state: read it only through determinize and views)."""
        return self.candidates(game, state, seat, legal)

    def settled(self, game: Game[Any], state: GameState) -> bool:
        """Whether a rollout cut off at its depth may be judged here (for instance
        only once secret orders have been revealed and resolved); else it goes on."""
        return True

    def evaluate(self, game: Game[Any], state: GameState, observer: int) -> list[float]:
        """Per seat, a value in [0, 1] (a win chance) of an unfinished sample,
        judged from ``observer``'s view of it."""
        n = state.config.players
        return [1.0 / n] * n


NoKnowledge = Knowledge
"""The defaults alone: what search uses for a game that gives no knowledge."""


class WrappedKnowledge(Knowledge):
    """A knowledge that is ``inner``'s in everything it does not override: its five
    methods and every knob the search reads off a knowledge (``trust``,
    ``iteration_share``, ``decide``, ...). Subclass it to change one part."""

    def __init__(self, inner: Knowledge) -> None:
        self.inner = inner

    def __getattr__(self, name: str) -> Any:
        # reached only for a name this object lacks: the inner knowledge's knobs
        if name == "inner":  # not set yet (copy, unpickling): no recursion
            raise AttributeError(name)
        return getattr(self.inner, name)

    def rollout(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        return self.inner.rollout(game, state, seat, legal, rng)

    def candidates(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        return self.inner.candidates(game, state, seat, legal)

    def shortlist(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> list[int]:
        return self.inner.shortlist(game, state, seat, legal, rng)

    def settled(self, game: Game[Any], state: GameState) -> bool:
        return self.inner.settled(game, state)

    def evaluate(self, game: Game[Any], state: GameState, observer: int) -> list[float]:
        return self.inner.evaluate(game, state, observer)


@dataclass(frozen=True)
class BotKit:
    """Everything a game gives its bots; every part is optional.

    * ``heuristic``: a fast rule-of-thumb player (``easy`` builds on it).
    * ``search``: the knowledge IS-MCTS uses; None means uniform rollouts played to
      the end of the game.
    * ``rollout_depth``: atomic decisions after which a rollout is judged by
      ``search.evaluate``; None takes the search layer's default.
    * ``players``: bots this game adds or replaces under a level's name (Africa
      1880's ``hard`` plans whole order sheets).
    * ``level_iterations``: IS-MCTS iterations per decision of a level (``medium``,
      ``hard``) in this game; a missing level takes the search layer's default.
    * ``summaries``: for a level in ``players``, one line for people choosing a bot
      (what it is, how long it thinks); the search layer words the generic levels.
    """

    heuristic: BotFactory | None = None
    search: Knowledge | None = None
    rollout_depth: int | None = None
    players: Mapping[str, BotFactory] = field(default_factory=dict)
    level_iterations: Mapping[str, int] = field(default_factory=dict)
    summaries: Mapping[str, str] = field(default_factory=dict)
