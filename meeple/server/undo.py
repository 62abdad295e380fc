"""Undo on the server: what a seat may take back, decided only from what it may see.

The policy and its reasons are ``meeple.engine.undo``'s. A seat takes back its last
decision when nothing it can see happened since: no later move of another seat
logged an event this seat may see or changed its view or its legal actions. Others'
hidden edits (another seat writing its secret orders) do not stand in the way, and
are kept: the undo replays the record without the seat's last move.

Whether undo is available is sent in every seat's state (``undo_status``), so the
table keeps, per seat, what its last decision left (``LastDecision``): noted when
the decision is played (``note``), or while a record is replayed (``replay_noting``,
``play_noting``). The answer reads only that seat's own decision, view, legal
actions and the events it may see: it never moves because of a hidden move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple.engine import Event, Game, GameRecord, GameState, MeepleError, replay
from meeple.engine.undo import (
    AVAILABLE,
    CHANGED_SINCE,
    NO_DECISION,
    NOT_REPLAYABLE,
    UndoStatus,
    acted_since,
    decision_refusal,
    revealed_since,
    seen_since,
)

# A decision that drew chance is final: taking it back replays the record, so the
# seat would meet the very same roll or draw again and could choose knowing it.
DREW_CHANCE = (
    "Your decision drew chance (a roll or a draw): that is final, since playing it again"
    " would meet the same chance."
)


@dataclass(frozen=True)
class LastDecision:
    """A seat's last decision: its ply, the reason it is final from the start
    (``decision_refusal``: it revealed something or handed in a simultaneous part;
    None), and what the seat saw right after it: the log's length, its view and its
    legal actions."""

    ply: int
    refusal: str | None
    log_to: int
    view: dict[str, Any]
    legal: tuple[int, ...]


def note(
    game: Game[Any],
    state: GameState,
    seat: int,
    ply: int,
    waiting: Sequence[int],
    log_from: int,
    view: dict[str, Any] | None = None,
    rng_from: int | None = None,
) -> LastDecision:
    """``seat``'s decision at ``ply``, just played on ``state`` (``waiting``: the seats
    to act before it; ``log_from``: the log's length before it; ``view``: the seat's
    view now, if already built; ``rng_from``: the state's generator before it, which
    moved if the decision drew chance: then it is final, ``DREW_CHANCE``)."""
    refusal = decision_refusal(state.log[log_from:], waiting, game.to_act(state), seat)
    if refusal is None and rng_from is not None and state.rng.state != rng_from:
        refusal = DREW_CHANCE
    return LastDecision(
        ply,
        refusal,
        len(state.log),
        game.view(state, seat) if view is None else view,
        tuple(game.legal_actions(state, seat)),
    )


def play_noting(
    game: Game[Any],
    state: GameState,
    moves: Sequence[tuple[int, str]],
    first_ply: int,
    decisions: dict[int, LastDecision],
) -> None:
    """Play ``moves`` (plies ``first_ply`` on) on ``state`` through the checked path,
    noting in ``decisions`` each mover's last decision among them (MeepleError
    if one is refused: the moves before it are played)."""
    last = {seat: i for i, (seat, _) in enumerate(moves)}
    for i, (seat, text) in enumerate(moves):
        if last[seat] != i:
            game.play(state, seat, text)
            continue
        waiting, log_from, rng_from = tuple(game.to_act(state)), len(state.log), state.rng.state
        game.play(state, seat, text)
        decisions[seat] = note(game, state, seat, first_ply + i, waiting, log_from, None, rng_from)


def replay_noting(game: Game[Any], record: GameRecord) -> tuple[GameState, dict[int, LastDecision]]:
    """``replay(game, record)`` and every seat's last decision in it."""
    lasts = {seat: i for i, (seat, _) in enumerate(record.moves)}
    start = min(lasts.values(), default=len(record.moves))
    state = replay(game, record, start)
    decisions: dict[int, LastDecision] = {}
    try:
        play_noting(game, state, record.moves[start:], start, decisions)
    except MeepleError:
        replay(game, record)  # raises BadRecord, naming the move
        raise
    return state, decisions


@dataclass
class SeenScan:
    """How far the log since a seat's last decision was read for ``undo_status``:
    up to ``upto`` (``tail``: the event just before, to notice another log), with the
    first event the seat may see there and the first revealing one."""

    decision: LastDecision
    upto: int
    tail: Event | None
    first: Event | None = None
    revealing: Event | None = None

    def fits(self, decision: LastDecision, log: Sequence[Event]) -> bool:
        """Was this scan made of ``log`` since ``decision``?"""
        return (
            self.decision is decision
            and self.upto <= len(log)
            and (self.tail is None or log[self.upto - 1] is self.tail)
        )

    def read(self, log: Sequence[Event], seat: int) -> None:
        """Read the events logged since the last read."""
        for event in log[self.upto :]:
            if event.visible_to(seat) and self.revealing is None:
                self.first = self.first or event
                if event.reveals:
                    self.revealing = event
        self.upto = len(log)
        self.tail = log[-1] if log else None


def undo_status(
    decision: LastDecision | None,
    log: Sequence[Event],
    view: dict[str, Any],
    legal: Sequence[int],
    seat: int,
    scans: dict[int, SeenScan],
) -> UndoStatus:
    """May ``seat`` take back its last ``decision`` (None: it has made none) now,
    with the table's ``log`` and the seat's ``view`` and ``legal`` actions? (Whether
    the game is over or a bot plays the seat is the caller's to check first.)
    ``scans`` keeps, per seat, how far the log was read, so that each event is read
    once per decision."""
    if decision is None:
        return UndoStatus(NO_DECISION)
    if decision.refusal is not None:
        return UndoStatus(decision.refusal)
    scan = scans.get(seat)
    if scan is None or not scan.fits(decision, log):
        start = min(decision.log_to, len(log))
        scan = scans[seat] = SeenScan(decision, start, log[start - 1] if start else None)
    scan.read(log, seat)
    if scan.revealing is not None:
        return UndoStatus(revealed_since(scan.revealing))
    if scan.first is not None:
        return UndoStatus(acted_since(scan.first))
    if tuple(legal) != decision.legal or view != decision.view:
        return UndoStatus(CHANGED_SINCE)
    return AVAILABLE


def undo_moves(
    game: Game[Any], record: GameRecord, now: GameState, seat: int
) -> tuple[int, list[tuple[int, str]]] | str:
    """The ply of ``seat``'s last decision and the record's moves once it is taken
    back (``now`` is the replayed record), or the reason it may not be (see
    ``meeple.engine.undo``; the game being over is the caller's to check)."""
    mine = [i for i, (who, _) in enumerate(record.moves) if who == seat]
    if not mine:
        return NO_DECISION
    last = mine[-1]
    before = replay(game, record, last)
    decided = replay(game, record, last + 1)
    refusal = decision_refusal(
        decided.log[len(before.log) :], game.to_act(before), game.to_act(decided), seat
    )
    if refusal is None and decided.rng.state != before.rng.state:
        refusal = DREW_CHANCE
    if refusal is not None:
        return refusal
    changed = changed_since(game, decided, now, seat)
    if changed is not None:
        return changed
    moves = record.moves[:last] + record.moves[last + 1 :]
    trial = GameRecord(record.game, record.rules_version, record.config, record.seed, moves)
    try:
        replay(game, trial)
    except MeepleError:
        return NOT_REPLAYABLE
    return last, moves


def changed_since(game: Game[Any], then: GameState, now: GameState, seat: int) -> str | None:
    """Why not, if something ``seat`` may see changed from ``then`` to ``now``."""
    seen = seen_since(now.log[len(then.log) :], seat)
    if seen is not None:
        return seen
    if game.legal_actions(then, seat) != game.legal_actions(now, seat):
        return CHANGED_SINCE
    return None if game.view(then, seat) == game.view(now, seat) else CHANGED_SINCE


def unseen_since(game: Game[Any], then: GameState, now: GameState, seat: int) -> bool:
    """True if nothing ``seat`` may see changed from ``then`` to ``now``."""
    return changed_since(game, then, now, seat) is None


@dataclass
class PreparedUndo:
    """An undo worked out on a record: the ply taken back, the record and state
    without it, every seat's last decision there, and (to extend it over later
    moves: ``extend_undo``) the state just after the seat's decision."""

    ply: int
    record: GameRecord
    state: GameState
    decided: GameState | None
    decisions: dict[int, LastDecision]


def prepare_undo(
    game: Game[Any], record: GameRecord, now: GameState, seat: int, extensible: bool
) -> PreparedUndo | str:
    """``undo_moves`` and the replay of what it leaves (CPU work, run in a thread),
    or the reason it is refused; ``extensible``: keep the state after the decision
    for ``extend_undo``."""
    undone = undo_moves(game, record, now, seat)
    if isinstance(undone, str):
        return undone
    ply, moves = undone
    kept = GameRecord(record.game, record.rules_version, record.config, record.seed, moves)
    decided = replay(game, record, ply + 1) if extensible else None
    state, decisions = replay_noting(game, kept)
    return PreparedUndo(ply, kept, state, decided, decisions)


def extend_undo(
    game: Game[Any],
    undone: PreparedUndo,
    now: GameState,
    seat: int,
    later: list[tuple[int, str]],
) -> PreparedUndo | str:
    """``undone``, prepared on a record that ``later`` moves of other seats have since
    extended (``now``: that record's state), as ``undo_moves`` decides it on the
    extended record without replaying it: refused (the reason) if the seat can see
    something the later moves did, or one of them cannot be played once the decision
    is taken back; else the later moves kept after the undone record. Only plays the
    later moves (``undone.state`` and its decisions are consumed)."""
    assert undone.decided is not None, "prepared without extensible"
    changed = changed_since(game, undone.decided, now, seat)
    if changed is not None:
        return changed
    state, moves = undone.state, list(undone.record.moves)
    try:
        play_noting(game, state, later, len(moves), undone.decisions)
    except MeepleError:
        return NOT_REPLAYABLE
    moves += later
    record = undone.record
    kept = GameRecord(record.game, record.rules_version, record.config, record.seed, moves)
    return PreparedUndo(undone.ply, kept, state, undone.decided, undone.decisions)
