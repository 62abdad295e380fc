"""The end of a Game Turn (14.): a victory by Political Control or by money, else
the Game Leader's marker passes left (3.6)."""

from __future__ import annotations

from meeple.games.newworld.rules.control import controlled
from meeple.games.newworld.state import (
    GAME_OVER,
    NOBODY,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    PC_TO_WIN,
    country,
    last_turn,
    listing,
    log,
)


def end_turn(state: NewWorldState) -> bool:
    """The game ends here (14.1, 14.2), or the Game Leader's marker passes left:
    True when another turn is played."""
    final = last_turn(state.config)
    counts = [controlled(state, s) for s in range(state.players)]
    if state.turn < final and max(counts) >= PC_TO_WIN:
        best = max(counts)
        tied = [s for s in range(state.players) if counts[s] == best]
        richest = max(state.cash[s] for s in tied)
        finish(
            state,
            [s for s in tied if state.cash[s] == richest],
            f"Political Control of {best} Areas (14.1)",
        )
        return False
    if state.turn >= final:
        richest = max(state.cash)
        finish(
            state,
            [s for s in range(state.players) if state.cash[s] == richest],
            f"the most money at the end of turn {final} (14.2)",
        )
        return False
    state.leader = (state.leader + 1) % state.players
    return True


def finish(state: NewWorldState, winners: list[int], why: str) -> None:
    state.phase = GAME_OVER
    state.actor = NOBODY
    state.winners = winners
    verb = "wins" if len(winners) == 1 else "win"
    state.end_note = f"{listing([country(s) for s in winners])} {verb} with {why}"
    log(state, "end", state.end_note, True)
