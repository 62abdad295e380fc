"""What a review produces, as plain data that round-trips through JSON.

Every figure is a win chance in [0, 1] from the deciding seat's information at
that moment. ``REVIEW_VERSION`` names the format: a stored review of version 1
(graded in absolute points) is graded again on load from its own chances
(``Review.from_json``); any other version is refused with a clear message.

Grades (issue 28, point 2) scale with the chances at stake: the measure is the
loss as a share of the deciding seat's win chance before the decision, that
chance taken at most 50% (``STAKE_CAP``; at least 0.5%, ``STAKE_FLOOR``). So in a
4-player game, where a seat's chance is 25% before anything happens, 8% -> 1%
loses 87% of what was at stake (a blunder), while above a coin flip the measure is
twice the points lost, as fits a 2-player game (95% -> 70%: a blunder). Each grade
also needs a floor in points, so that noise at tiny chances is no blunder, and the
loss must stand clear of the search's noise (``SIGNIFICANCE`` standard errors).
The thresholds were chosen on benchmarks/review_grades.py (docs/review.md).
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field, replace
from typing import Any

from meeple.engine import BadRecord

REVIEW_VERSION = 2
GRADED_IN_POINTS = 1  # the older format: grades by absolute points, re-graded on load

STAKE_CAP = 0.5  # the chance at stake is the seat's chance before, at most this
STAKE_FLOOR = 0.005  # and at least this


@dataclass(frozen=True)
class Grade:
    """A grade and the least loss it needs: ``share`` of the chance at stake and
    ``points`` of absolute win chance."""

    name: str
    share: float
    points: float


# Grades, worst last.
GRADES: tuple[Grade, ...] = (
    Grade("inaccuracy", 0.15, 0.01),
    Grade("mistake", 0.3, 0.03),
    Grade("blunder", 0.5, 0.05),
)
GRADE_NAMES: tuple[str, ...] = tuple(g.name for g in GRADES)
SIGNIFICANCE = 3.0  # a loss is graded only if it is this many standard errors or more
TOLERANCE = 1e-9  # chances are stored to 4 digits: 0.061 - 0.051 must reach 0.01


def at_stake(before: float) -> float:
    """The chance at stake in a decision whose seat had win chance ``before``."""
    return min(STAKE_CAP, max(STAKE_FLOOR, before))


def share_lost(before: float, after: float) -> float:
    """The loss from win chance ``before`` to ``after`` as a share of the chance
    at stake (never below 0; above 1 only when the stake is capped)."""
    return max(0.0, before - after) / at_stake(before)


def grade(before: float, after: float, error: float) -> str | None:
    """The grade of a decision that took the deciding seat's win chance from
    ``before`` (the search's preferred action) to ``after`` (the action played),
    the difference estimated with standard error ``error`` (points); None when the
    loss reaches no grade or is not clearly above the search's noise."""
    points = before - after
    if points <= 0.0 or points < SIGNIFICANCE * error - TOLERANCE:
        return None
    share = share_lost(before, after)
    reached = [
        g.name for g in GRADES if share >= g.share - TOLERANCE and points >= g.points - TOLERANCE
    ]
    return reached[-1] if reached else None


def thresholds_json() -> dict[str, dict[str, float]]:
    """The grades as a review writes them: name -> {"share": ..., "points": ...}."""
    return {g.name: {"share": g.share, "points": g.points} for g in GRADES}


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
    in points (never below 0), ``error`` its standard error, ``share`` the same
    loss as a share of the chance at stake (the grading measure), ``grade`` from
    ``GRADES``.
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
    share: float = 0.0

    def better(self, limit: int = 3) -> list[Choice]:
        """The alternatives the search preferred to the action played, best first."""
        ranked = [c.action for c in self.choices]
        if self.action not in ranked:
            return self.choices[:limit]
        return self.choices[: ranked.index(self.action)][:limit]


def graded(decision: Decision) -> Decision:
    """``decision`` with its ``share`` and ``grade`` worked out from its own
    chances and error by today's ``GRADES`` (a forced decision is unchanged)."""
    if decision.before is None or decision.after is None:
        return decision
    seat = decision.seat
    before, after = decision.before[seat], decision.after[seat]
    share = 0.0 if decision.loss == 0.0 else share_lost(before, after)
    verdict = None if decision.loss == 0.0 else grade(before, after, decision.error)
    return replace(decision, share=round(share, 4), grade=verdict)


@dataclass(frozen=True)
class SeatSummary:
    """Per seat: who played it (``person``: the name of the person, None for a bot
    or when the record does not say), decisions searched, how many got each grade,
    the mean loss in points and as a share of the chance at stake."""

    seat: int
    name: str
    searched: int
    graded: dict[str, int]
    mean_loss: float
    mean_share: float = 0.0
    person: str | None = None


def summarise(
    decisions: list[Decision], names: list[str], people: list[str | None] | None = None
) -> list[SeatSummary]:
    """Per seat: searched decisions, grade counts, mean losses over searched ones;
    the seats people played first (issue 28, point 3), then the others, each in
    seat order."""
    persons = people or [None] * len(names)
    summary = []
    for seat, name in enumerate(names):
        mine = [d for d in decisions if d.seat == seat and not d.forced]
        counts = {g: sum(d.grade == g for d in mine) for g in GRADE_NAMES}
        mean = sum(d.loss for d in mine) / len(mine) if mine else 0.0
        share = sum(d.share for d in mine) / len(mine) if mine else 0.0
        person = persons[seat] if seat < len(persons) else None
        summary.append(
            SeatSummary(seat, name, len(mine), counts, round(mean, 4), round(share, 4), person)
        )
    return sorted(summary, key=lambda s: s.person is None)


HUMAN = "human"  # a seat's kind in the server's records


def seat_person(entry: object) -> str | None:
    """Who played a seat, from a server record's ``people`` entry (``kind``,
    ``player``): the person's name ("" if not named), None for a bot's own seat. A
    person's seat later handed to a bot keeps its ``player``: still the person's."""
    if not isinstance(entry, dict):
        return None
    player = entry.get("player")
    if entry.get("kind") == HUMAN or player:
        return str(player or "")
    return None


@dataclass(frozen=True)
class Review:
    """A whole review of one record (or of the moves of it that were asked for).

    ``people``: per seat, the name of the person who played it ("" for a person
    not named), None for a bot's seat; None as a whole when the record does not
    say. ``bots``: whether the bots' decisions were judged (issue 28, point 3: by
    default not when a person played; always when the record does not say)."""

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
    thresholds: dict[str, dict[str, float]] = field(default_factory=thresholds_json)
    significance: float = SIGNIFICANCE
    version: int = REVIEW_VERSION
    people: list[str | None] | None = None
    bots: bool = True
    stake: list[float] = field(default_factory=lambda: [STAKE_FLOOR, STAKE_CAP])

    def marked(self) -> list[Decision]:
        """The graded decisions, in the order they were played."""
        return [d for d in self.decisions if d.grade is not None]

    def person_seats(self) -> list[int]:
        """The seats a person played (empty when none did or the record does not say)."""
        return [s for s, name in enumerate(self.people or []) if name is not None]

    def to_json(self) -> dict[str, Any]:
        return asdict(self)

    @staticmethod
    def from_json(raw: dict[str, Any]) -> Review:
        """Rebuild a review written by ``to_json`` of ``REVIEW_VERSION``; one of
        version 1 (graded in absolute points) is graded again from its own chances
        and errors; any other version is refused with ``BadRecord``."""
        version = raw.get("version")
        if version not in (REVIEW_VERSION, GRADED_IN_POINTS):
            raise BadRecord(
                f"review format version {version!r} is not {REVIEW_VERSION}; run the review again"
            )
        try:
            decisions = [_decision(d) for d in raw["decisions"]]
            if version == GRADED_IN_POINTS:
                return _regraded(raw, decisions)
            summary = [SeatSummary(**s) for s in raw["summary"]]
            fields = {k: v for k, v in raw.items() if k not in ("decisions", "summary")}
            return Review(decisions=decisions, summary=summary, **fields)
        except (KeyError, TypeError, AttributeError) as exc:
            raise BadRecord(f"not a review: missing or malformed field ({exc})") from exc


def _decision(raw: dict[str, Any]) -> Decision:
    choices = [Choice(**c) for c in raw["choices"]]
    return Decision(**{**raw, "choices": choices})


def _regraded(raw: dict[str, Any], decisions: list[Decision]) -> Review:
    """A version-1 review (grades by points, every seat judged) in today's grades."""
    decisions = [graded(d) for d in decisions]
    names = [str(n) for n in raw["seat_names"]]
    kept = ("thresholds", "significance", "version", "decisions", "summary")
    fields = {k: v for k, v in raw.items() if k not in kept}
    return Review(decisions=decisions, summary=summarise(decisions, names), **fields)
