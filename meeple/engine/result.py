"""Final results: scores, the rulebook's breakdown, ranks and tie-breaks."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Result:
    """The outcome of a finished game.

    ``ranks[seat]`` is 1 for the winner(s); tied seats share a rank. ``winners`` is
    empty when the rules declare no winner (Africa 1880's tie for first).
    ``tiebreak`` lists, per seat, the values compared after the score.
    """

    scores: tuple[int, ...]
    breakdown: tuple[dict[str, int], ...]
    ranks: tuple[int, ...]
    winners: tuple[int, ...]
    tiebreak: tuple[tuple[int, ...], ...]
    note: str = ""

    def to_json(self) -> dict[str, Any]:
        return {
            "scores": list(self.scores),
            "breakdown": [dict(b) for b in self.breakdown],
            "ranks": list(self.ranks),
            "winners": list(self.winners),
            "tiebreak": [list(t) for t in self.tiebreak],
            "note": self.note,
        }


def rank_by(keys: Sequence[tuple[int, ...]]) -> tuple[int, ...]:
    """Competition ranks (1, 2, 2, 4) of seats ordered by descending key."""
    ranks = []
    for key in keys:
        ranks.append(1 + sum(1 for other in keys if other > key))
    return tuple(ranks)
