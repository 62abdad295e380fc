"""The result (14.): Political Control of five Areas at the end of a turn (most
Areas, then most money), or the most money at the end of the last turn."""

from __future__ import annotations

from meeple.engine import Result, rank_by
from meeple.games.newworld.rules.control import controlled
from meeple.games.newworld.state import NewWorldState


def result(state: NewWorldState) -> Result:
    n = state.players
    areas = [controlled(state, s) for s in range(n)]
    by_control = "Political Control" in state.end_note
    keys = [
        (areas[s], state.cash[s]) if by_control else (state.cash[s], areas[s]) for s in range(n)
    ]
    ranks = list(rank_by(keys))
    for seat in state.winners:
        ranks[seat] = 1
    return Result(
        scores=tuple(areas if by_control else state.cash),
        breakdown=tuple({"political_control": areas[s], "money": state.cash[s]} for s in range(n)),
        ranks=tuple(ranks),
        winners=tuple(state.winners),
        tiebreak=tuple((k[1],) for k in keys),
        note=state.end_note,
    )
