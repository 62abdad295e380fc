"""End of the Game: final scores, the breakdown, ranks and tie-breaks."""

from __future__ import annotations

from meeple.engine import IllegalAction, Result, rank_by
from meeple.games.namibia.state import GAME_OVER, NamibiaState

BREAKDOWN_KEYS = (
    "reputation_before",
    "construction_payment",
    "points_bought",
    "reputation",
    "money_left",
)


def result(state: NamibiaState) -> Result:
    """Highest reputation wins; ties go to the most money (End of the Game).

    Eliminated players (1. Bribe Colonial Officials: reputation below one) rank
    below everyone still in the game; among them a later elimination ranks above
    an earlier one (``out`` counts eliminations 1, 2, ...: the higher, the later).
    """
    if state.phase != GAME_OVER:
        raise IllegalAction("End of the Game", "the game is not over yet")
    keys = []
    for seat, row in enumerate(state.final):
        out = state.out[seat]
        keys.append((0, out, 0) if out else (1, row[3], row[4]))
    ranks = rank_by(keys)
    return Result(
        scores=tuple(row[3] for row in state.final),
        breakdown=tuple(dict(zip(BREAKDOWN_KEYS, row, strict=True)) for row in state.final),
        ranks=ranks,
        winners=tuple(seat for seat, rank in enumerate(ranks) if rank == 1),
        tiebreak=tuple((row[4],) for row in state.final),
        note="highest reputation wins; a tie goes to the most money left",
    )
