"""The End of the Game: victory points, and no winner when several tie for the lead.

* 8 points per presence on a colony where no other country is present;
* 3 points per presence on a colony shared with one or more other countries;
* 1 point per alliance declared in one's embassy on the last turn: the markers of
  the other countries in the game that show the alliance side towards this country.
"""

from __future__ import annotations

from meeple.engine import Result
from meeple.games.africa1880 import texts
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.state import ALLIANCE, AfricaState

SOLE_COLONY_POINTS = 8
SHARED_COLONY_POINTS = 3
ALLIANCE_POINTS = 1


def breakdown(state: AfricaState, seat: int) -> dict[str, int]:
    """The rulebook's three scoring lines for one seat, counts and points."""
    n = state.players
    bit = 1 << seat
    sole = shared = 0
    for t in range(len(BOARD.ids)):
        if state.colony[t] and state.presence[t] & bit:
            if state.presence[t] == bit:
                sole += 1
            else:
                shared += 1
    alliances = sum(
        1 for other in range(n) if other != seat and state.embassy[other * n + seat] == ALLIANCE
    )
    return {
        "sole_colony_presences": sole,
        "shared_colony_presences": shared,
        "alliances_received": alliances,
        "points": SOLE_COLONY_POINTS * sole
        + SHARED_COLONY_POINTS * shared
        + ALLIANCE_POINTS * alliances,
    }


def result(state: AfricaState) -> Result:
    """Ranks: 1 for the leader(s), 2 for everyone else (there is no second place).
    A tie for the lead means no winner: ``winners`` is empty."""
    parts = tuple(breakdown(state, s) for s in range(state.players))
    scores = tuple(p["points"] for p in parts)
    best = max(scores)
    leaders = tuple(s for s, v in enumerate(scores) if v == best)
    winners = leaders if len(leaders) == 1 else ()
    note = (
        f"{texts.country(state, leaders[0])} wins."
        if winners
        else "Several countries tie for the lead: no winner, play a new game."
    )
    return Result(
        scores=scores,
        breakdown=parts,
        ranks=tuple(1 if v == best else 2 for v in scores),
        winners=winners,
        tiebreak=tuple(() for _ in scores),
        note=note,
    )


def score_lines(state: AfricaState) -> list[str]:
    """One sentence per country, then the verdict."""
    outcome = result(state)
    lines = []
    for seat, part in enumerate(outcome.breakdown):
        lines.append(
            f"{texts.country(state, seat)} scores {part['points']}:"
            f" {part['sole_colony_presences']} sole colony presence(s) x8,"
            f" {part['shared_colony_presences']} shared x3,"
            f" {part['alliances_received']} alliance(s) received x1."
        )
    lines.append(outcome.note)
    return lines
