"""What a review produces, as plain data that round-trips through JSON.

Every figure is a win chance in [0, 1] from the deciding seat's information at
that moment. ``REVIEW_VERSION`` names the format: a stored review of an older
version is recomputed, not read.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from meeple.engine import BadRecord

REVIEW_VERSION = 1

# Grades, worst last, with the least loss of win chance each needs (the deciding
# seat's chance under the search's preferred action minus under the action played).
GRADES: tuple[tuple[str, float], ...] = (
    ("inaccuracy", 0.05),
    ("mistake", 0.12),
    ("blunder", 0.25),
)
SIGNIFICANCE = 2.0  # a loss is graded only if it is this many standard errors or more


def grade(loss: float, error: float) -> str | None:
    """The grade of a decision that lost ``loss`` win chance, estimated with standard
    error ``error``; None when the loss is below the first threshold or not clearly
    above the search's noise."""
    if loss < SIGNIFICANCE * error:
        return None
    reached = [name for name, threshold in GRADES if loss >= threshold]
    return reached[-1] if reached else None


@dataclass(frozen=True)
class Choice:
    """One root action of a search: its text, the visits phase one gave it (its
    rank in the search's preference) and every seat's estimated win chance after
    it (None if no sample went through it)."""

    action: str
    visits: int
    samples: int
    win: list[float] | None


@dataclass(frozen=True)
class Decision:
    """One decision of a record, judged from its seat's information at that moment.

    ``move`` counts from 1 as in ``meeple replay``. A decision with one legal
    action is ``forced``: it is not searched and has no estimates.
    ``before``: every seat's win chance under the search's preferred action;
    ``after``: under the action played; ``loss``: the deciding seat's difference
    (never below 0), ``error`` its standard error, ``grade`` from ``GRADES``.
    ``choices``: every root candidate, best first by the search's preference.
    """

    move: int
    seat: int
    action: str
    legal: int
    forced: bool
    preferred: str | None = None
    before: list[float] | None = None
    after: list[float] | None = None
    loss: float = 0.0
    error: float = 0.0
    grade: str | None = None
    choices: list[Choice] = field(default_factory=list)

    def better(self, limit: int = 3) -> list[Choice]:
        """The alternatives the search preferred to the action played, best first."""
        ranked = [c.action for c in self.choices]
        if self.action not in ranked:
            return self.choices[:limit]
        return self.choices[: ranked.index(self.action)][:limit]


@dataclass(frozen=True)
class SeatSummary:
    """Per seat: decisions searched, how many got each grade, the mean loss."""

    seat: int
    name: str
    searched: int
    graded: dict[str, int]
    mean_loss: float


@dataclass(frozen=True)
class Review:
    """A whole review of one record (or of the moves of it that were asked for)."""

    game: str
    rules_version: str
    players: int
    seat_names: list[str]
    record_seed: int
    seed: int
    iterations: int
    moves: int
    finished: bool
    decisions: list[Decision]
    summary: list[SeatSummary]
    thresholds: dict[str, float] = field(default_factory=lambda: dict(GRADES))
    significance: float = SIGNIFICANCE
    version: int = REVIEW_VERSION

    def marked(self) -> list[Decision]:
        """The graded decisions, in the order they were played."""
        return [d for d in self.decisions if d.grade is not None]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(raw: dict[str, Any]) -> Review:
        """Rebuild a review written by ``to_json`` of the same ``REVIEW_VERSION``."""
        if raw.get("version") != REVIEW_VERSION:
            raise BadRecord(
                f"review format version {raw.get('version')!r} is not {REVIEW_VERSION};"
                " run the review again"
            )
        try:
            decisions = [_decision(d) for d in raw["decisions"]]
            summary = [SeatSummary(**s) for s in raw["summary"]]
            fields = {k: v for k, v in raw.items() if k not in ("decisions", "summary")}
            return Review(decisions=decisions, summary=summary, **fields)
        except (KeyError, TypeError) as exc:
            raise BadRecord(f"not a review: missing or malformed field ({exc})") from exc


def _decision(raw: dict[str, Any]) -> Decision:
    choices = [Choice(**c) for c in raw["choices"]]
    return Decision(**{**raw, "choices": choices})
