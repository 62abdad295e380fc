"""Undo on the server: what a seat may take back, decided only from what it may see.

A seat takes back its last decision when nothing it can see happened since: no
later move of another seat logged an event this seat may see or changed its view or
its legal actions. Others' hidden edits (another seat writing its secret orders) do
not stand in the way, and are kept: the undo replays the record without the seat's
last move. Refused, whatever anyone else did, when:

* the seat has made no decision;
* its decision revealed randomness or hidden information (``Event.reveals``);
* its decision handed in its part of a simultaneous decision: it was to act together
  with other seats and no longer is (Africa 1880's ``seal orders`` and ``ready``):
  the others may already act on it, so handing in is final.
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Game, GameRecord, GameState, MeepleError, replay

REFUSED = (
    "nothing to undo: you have made no decision, something you can see happened since,"
    " your decision revealed something, or it handed in your part of a simultaneous"
    " decision (which is final)"
)


def undo_moves(
    game: Game[Any], record: GameRecord, now: GameState, seat: int
) -> tuple[int, list[tuple[int, str]]] | None:
    """The ply of ``seat``'s last decision and the record's moves once it is taken
    back (``now`` is the replayed record), or None if it may not be (see the module)."""
    mine = [i for i, (who, _) in enumerate(record.moves) if who == seat]
    if not mine:
        return None
    last = mine[-1]
    before = replay(game, record, last)
    decided = replay(game, record, last + 1)
    if any(event.reveals for event in decided.log[len(before.log) :]):
        return None
    waiting = game.to_act(before)
    if len(waiting) > 1 and seat in waiting and seat not in game.to_act(decided):
        return None
    if not _unseen_since(game, decided, now, seat):
        return None
    moves = record.moves[:last] + record.moves[last + 1 :]
    trial = GameRecord(record.game, record.rules_version, record.config, record.seed, moves)
    try:
        replay(game, trial)
    except MeepleError:
        return None
    return last, moves


def _unseen_since(game: Game[Any], then: GameState, now: GameState, seat: int) -> bool:
    """True if nothing ``seat`` may see changed from ``then`` to ``now``."""
    if any(event.visible_to(seat) for event in now.log[len(then.log) :]):
        return False
    if game.legal_actions(then, seat) != game.legal_actions(now, seat):
        return False
    return bool(game.view(then, seat) == game.view(now, seat))
