"""End of the Game: the score is the total value of the prizes won; the highest
total wins, and tied totals share the win (Goofspiel has no tie-break)."""

from __future__ import annotations

from meeple.engine import IllegalAction, Result, rank_by
from meeple_goofspiel.state import NO_PRIZE, GoofspielState, cards_in, total


def result(state: GoofspielState) -> Result:
    if state.prize != NO_PRIZE:
        raise IllegalAction("End of the Game", "the game is not over yet")
    points = tuple(total(mask) for mask in state.won)
    ranks = rank_by([(p,) for p in points])
    return Result(
        scores=points,
        breakdown=tuple(
            {"prizes_won": len(cards_in(mask)), "points": total(mask)} for mask in state.won
        ),
        ranks=ranks,
        winners=tuple(seat for seat, rank in enumerate(ranks) if rank == 1),
        tiebreak=tuple(() for _ in points),
        note="the highest total of prizes wins; tied totals share the win",
    )
