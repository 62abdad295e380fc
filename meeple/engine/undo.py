"""Undo's policy: may a seat take back its last decision now, and if not, why.

Every adapter that offers undo (the server, ``meeple play``) follows it and words
its refusals with these reasons, checked in this order:

1. the game is over;
2. the seat has made no decision;
3. its decision revealed something (an event marked ``reveals``: a draw, a roll,
   the sheets turned face up);
4. its decision handed in its part of a simultaneous decision (it was to act with
   other seats and no longer is: a sealed order sheet, "ready"), which is final; or
   it began one (other seats are to act together from it on, as when the last
   "ready" opens the writing of orders): they may be acting on it in secret, so the
   seat could not tell whether taking it back is still possible;
5. something the seat can see was revealed since its decision;
6. another seat has acted since, in a way the seat can see. The server refuses for
   any such move (the others may already be acting on the decision); the terminal
   takes the bots' moves back with the decision and refuses only for another
   person's decision (``decided_since``).

Every reason is worded from what the refused seat may see: an event hidden from it
is never named.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.engine.events import Event

GAME_OVER = "The game is over."
NO_DECISION = "You have not made a decision yet."
HANDED_IN = (
    "Your decision handed in your part of a decision all players make at once; that is final."
)
BEGAN_TOGETHER = (
    "Your decision began a step all players take at once; the others may be acting on it."
)
CHANGED_SINCE = "Something you can see has changed since your decision."
NOT_REPLAYABLE = "The decisions taken since yours cannot be played without it."


@dataclass(frozen=True)
class UndoStatus:
    """Whether undo is available to a seat now; ``reason``: why not (None: it is)."""

    reason: str | None = None

    @property
    def available(self) -> bool:
        return self.reason is None

    def to_json(self) -> dict[str, Any]:
        return {"available": self.available, "reason": self.reason}


AVAILABLE = UndoStatus()


def quoted(event: Event) -> str:
    """An event's words as a reason ends with them (one final full stop)."""
    return event.text.rstrip(". ") + "."


def revealed_by_decision(events: Iterable[Event], seat: int) -> str | None:
    """Reason 3: the decision's own ``events`` revealed something."""
    revealing = [e for e in events if e.reveals]
    if not revealing:
        return None
    shown = [e for e in revealing if e.visible_to(seat)]
    if not shown:
        return "Your decision revealed something to another player."
    return f"Your decision revealed something: {quoted(shown[0])}"


def handed_in(waiting_before: Sequence[int], waiting_after: Sequence[int], seat: int) -> bool:
    """Reason 4: was ``seat`` to act together with others, and no longer is?"""
    return len(waiting_before) > 1 and seat in waiting_before and seat not in waiting_after


def decision_refusal(
    events: Iterable[Event],
    waiting_before: Sequence[int],
    waiting_after: Sequence[int],
    seat: int,
) -> str | None:
    """Reasons 3 and 4, fixed when the decision is made: ``events`` are those it
    logged, ``waiting_*`` the seats to act before and after it."""
    revealed = revealed_by_decision(events, seat)
    if revealed is not None:
        return revealed
    if handed_in(waiting_before, waiting_after, seat):
        return HANDED_IN
    return BEGAN_TOGETHER if began_together(waiting_before, waiting_after, seat) else None


def began_together(waiting_before: Sequence[int], waiting_after: Sequence[int], seat: int) -> bool:
    """Reason 4 too: after the decision several seats are to act at once, among them
    another seat that was not to act before it."""
    return len(waiting_after) > 1 and any(
        s != seat and s not in waiting_before for s in waiting_after
    )


def revealed_since(event: Event | None) -> str:
    """Reason 5, naming what was revealed (None: the seat cannot see it)."""
    if event is None:
        return "Something was revealed since your decision."
    return f"Something was revealed since your decision: {quoted(event)}"


def acted_since(event: Event) -> str:
    """Reason 6 (server), naming the first thing the seat saw happen since."""
    return f"Another player has acted since your decision: {quoted(event)}"


def decided_since(name: str) -> str:
    """Reason 6 (terminal): another person decided after the seat."""
    return f"{name} has decided since your decision."


def seen_since(events: Iterable[Event], seat: int) -> str | None:
    """Reasons 5 and 6 from the events logged since the decision: a revealing event
    the seat can see, else the first event it can see; None if it sees none."""
    first: Event | None = None
    for event in events:
        if not event.visible_to(seat):
            continue
        if event.reveals:
            return revealed_since(event)
        first = first or event
    return None if first is None else acted_since(first)
