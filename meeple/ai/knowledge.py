"""Game knowledge that search may use: a rollout policy, candidate pruning, a leaf value.

IS-MCTS (``meeple.ai.mcts``) is generic; a game may register a ``Knowledge`` that
makes it stronger. Every method receives a *determinized sample* (a state built by
``Game.determinize`` for the searching seat), never the true state, so whatever it
reads is consistent with that seat's information only.
"""

from __future__ import annotations

from typing import Any, Protocol, runtime_checkable

from meeple.engine import Game, GameState, Rng


class Knowledge(Protocol):
    def rollout(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        """A quick action for ``seat`` in a rollout (must be one of ``legal``)."""
        ...

    def candidates(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        """The legal actions worth a tree branch (a non-empty subset of ``legal``)."""
        ...

    def evaluate(self, game: Game[Any], state: GameState, observer: int) -> list[float]:
        """Per seat, a value in [0, 1] (a win chance) of an unfinished sample,
        judged from ``observer``'s view of it."""
        ...


@runtime_checkable
class Shortlisting(Protocol):
    """Optional extra of a Knowledge: fewer, better branches at the search root."""

    def shortlist(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> list[int]:
        """The root's branches: ``candidates`` narrowed further, at a cost paid once
        per decision (the true state: read it only through determinize and views)."""
        ...


@runtime_checkable
class Settling(Protocol):
    """Optional extra of a Knowledge: where a cut-off rollout may be judged.

    A rollout that has reached its depth goes on until ``settled`` (for instance
    until secret orders have been revealed and resolved), then is evaluated."""

    def settled(self, game: Game[Any], state: GameState) -> bool: ...


def is_settled(knowledge: Knowledge, game: Game[Any], state: GameState) -> bool:
    return not isinstance(knowledge, Settling) or knowledge.settled(game, state)


def preferred_depth(game: Game[Any], default: int) -> int:
    """The rollout depth a game's knowledge asks for (its ``depth`` attribute)."""
    depth = getattr(knowledge_for(game), "depth", default)
    return int(depth)


def root_options(
    knowledge: Knowledge, game: Game[Any], state: GameState, seat: int, rng: Rng
) -> list[int]:
    """The branches of the search root: the shortlist if the knowledge has one."""
    legal = game.legal_actions(state, seat)
    if isinstance(knowledge, Shortlisting):
        return knowledge.shortlist(game, state, seat, legal, rng)
    return knowledge.candidates(game, state, seat, legal)


class NoKnowledge:
    """Uniform rollouts, every legal action a branch; games are played to the end."""

    def rollout(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int], rng: Rng
    ) -> int:
        return rng.choice(legal)

    def candidates(
        self, game: Game[Any], state: GameState, seat: int, legal: list[int]
    ) -> list[int]:
        return legal

    def evaluate(self, game: Game[Any], state: GameState, observer: int) -> list[float]:
        n = state.config.players
        return [1.0 / n] * n


_KNOWLEDGE: dict[str, Knowledge] = {}


def register_knowledge(game: str, knowledge: Knowledge) -> None:
    _KNOWLEDGE[game] = knowledge


def knowledge_for(game: Game[Any]) -> Knowledge | None:
    """The registered knowledge of ``game``, or None (search plays to the end)."""
    return _KNOWLEDGE.get(game.name)
