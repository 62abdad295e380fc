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

from dataclasses import dataclass
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
    if not unseen_since(game, decided, now, seat):
        return None
    moves = record.moves[:last] + record.moves[last + 1 :]
    trial = GameRecord(record.game, record.rules_version, record.config, record.seed, moves)
    try:
        replay(game, trial)
    except MeepleError:
        return None
    return last, moves


def unseen_since(game: Game[Any], then: GameState, now: GameState, seat: int) -> bool:
    """True if nothing ``seat`` may see changed from ``then`` to ``now``."""
    if any(event.visible_to(seat) for event in now.log[len(then.log) :]):
        return False
    if game.legal_actions(then, seat) != game.legal_actions(now, seat):
        return False
    return bool(game.view(then, seat) == game.view(now, seat))


@dataclass
class PreparedUndo:
    """An undo worked out on a record: the ply taken back, the record and state
    without it, and (to extend it over later moves: ``extend_undo``) the state just
    after the seat's decision."""

    ply: int
    record: GameRecord
    state: GameState
    decided: GameState | None


def prepare_undo(
    game: Game[Any], record: GameRecord, now: GameState, seat: int, extensible: bool
) -> PreparedUndo | None:
    """``undo_moves`` and the replay of what it leaves (CPU work, run in a thread);
    ``extensible``: keep the state after the decision for ``extend_undo``."""
    undone = undo_moves(game, record, now, seat)
    if undone is None:
        return None
    ply, moves = undone
    kept = GameRecord(record.game, record.rules_version, record.config, record.seed, moves)
    decided = replay(game, record, ply + 1) if extensible else None
    return PreparedUndo(ply, kept, replay(game, kept), decided)


def extend_undo(
    game: Game[Any],
    undone: PreparedUndo,
    now: GameState,
    seat: int,
    later: list[tuple[int, str]],
) -> PreparedUndo | None:
    """``undone``, prepared on a record that ``later`` moves of other seats have since
    extended (``now``: that record's state), as ``undo_moves`` decides it on the
    extended record without replaying it: refused (None) if the seat can see
    something the later moves did, or one of them cannot be played once the decision
    is taken back; else the later moves kept after the undone record. Only plays the
    later moves (``undone.state`` is consumed)."""
    assert undone.decided is not None, "prepared without extensible"
    if not unseen_since(game, undone.decided, now, seat):
        return None
    state, moves = undone.state, list(undone.record.moves)
    try:
        for who, text in later:
            game.play(state, who, text)
            moves.append((who, text))
    except MeepleError:
        return None
    record = undone.record
    kept = GameRecord(record.game, record.rules_version, record.config, record.seed, moves)
    return PreparedUndo(undone.ply, kept, state, undone.decided)
