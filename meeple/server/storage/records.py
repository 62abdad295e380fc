"""What the stores hand back (a stored table, a review, the changes to catch up
with) and the refusals they raise (``Conflict``, ``LimitReached``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class StoredReview:
    """A table's review row: ``data`` is the review's JSON (or its decisions so far)."""

    status: str
    done: int
    total: int
    data: dict[str, Any] | None
    error: str | None


@dataclass
class StoredTable:
    """One table as stored: enough to rebuild it by replay."""

    id: str
    game: str
    rules_version: str
    config: dict[str, Any]
    seed: int
    seats: list[dict[str, Any]]
    version: int
    status: str
    created: float
    updated: float
    deadline: float | None
    timer_key: str | None
    moves: list[tuple[int, str]] = field(default_factory=list)
    talk: str = "rules"
    chat: list[dict[str, Any]] = field(default_factory=list)
    seat_versions: str | None = None  # ``Table.versions_json`` as stored with the change
    rewrites: int = 0  # undos so far: the moves' history changed that often
    driven: bool = False  # moves on without a person now (``Table.driven_now``)
    shown: float | None = None  # when what spectators see last changed (None: unknown)
    analysis: bool = False  # an analysis table: its seed is open to every seat

    @property
    def public_time(self) -> float:
        """When what spectators see last changed (``updated`` for an older row)."""
        return self.updated if self.shown is None else self.shown


@dataclass
class Changes:
    """What a process holding a table at some version must learn to catch up: the
    stored table (without moves or chat) and the moves after the ones it holds.
    ``moves_from`` is the ply of the first move in ``moves`` (0 when
    the history was rewritten and every move is there)."""

    table: StoredTable
    moves_from: int
    moves: list[tuple[int, str]]


class Conflict(Exception):
    """The stored table is no longer at the version a change was decided on: another
    process changed it first. Nothing was stored; catch up and decide again."""


class LimitReached(Exception):
    """A per-address creation limit (checked in the database, so cluster-wide)."""
