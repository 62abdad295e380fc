"""An undo racing a fast bot on another process (docs/server.md, "Several
processes", Order): two apps on one PostgreSQL in this test process, A and B, set
up as in ``test_server_cluster_race``.

An Africa 1880 table of three seats is in its order-writing phase (rulebook 2)
"Writing orders": the sheets are written secretly and simultaneously). Seat 0 is a
person on A who writes a line and takes it back; B writes lines of seat 1 as a bot
does. Seat 1's lines are hidden from seat 0, so they do not stand in the way of its
undo and are kept (``meeple.server.undo``). An undo replays the record (CPU work):
the old code stored it only if nothing was stored during that replay, so a bot
storing a move during every replay made every attempt lose (503 after 16).

The last test needs no database: an undo worked out on a record and extended over
later moves of other seats (``extend_undo``, what the hub does under the row lock)
decides as ``undo_moves`` does on the extended record, and leaves the same state.

The PostgreSQL tests need MEEPLE_TEST_PG_URL (skipped without it; CI sets it).
"""

from __future__ import annotations

import asyncio
import random
import threading
import time
from typing import Any

import pytest
from server_support import act, state
from test_server_cluster_race import (
    PERSON,
    WAIT,
    back_offs_counted,
    bot_move,
    check_consistent,
    two_apps,
    writing_table,
)

from meeple.engine import GameRecord, get_game, replay
from meeple.server import moves as moves_module
from meeple.server import undo as undo_module
from meeple.server.hub import Hub
from meeple.server.undo import extend_undo, prepare_undo, replay_noting, undo_moves

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
FORCED, FREE = 4, 10  # the person's undos in each test


def write_and_undo(
    a: Any, tid: str, token: str, count: int, undoing: threading.Event | None = None
) -> list[tuple[int, int]]:
    """The person writes a line of its sheet on A and takes it back, ``count`` times;
    returns each undo's answer (status) and the conflicts (back-offs) it met.
    ``undoing`` is set while an undo is under way."""
    answers: list[tuple[int, int]] = []
    with back_offs_counted() as met:
        for _ in range(count):
            mine = state(a, tid, token)
            action = next(t for t in mine["legal"] if t != "seal orders")
            assert act(a, tid, token, action).status_code == 200
            met[0] = 0
            if undoing is not None:
                undoing.set()
            try:
                r = a.post(f"/api/tables/{tid}/undo", json={"token": token})
            finally:
                if undoing is not None:
                    undoing.clear()
            assert r.status_code in (200, 503), r.text
            answers.append((r.status_code, met[0]))
    return answers


def person_lines(hub: Hub, tid: str) -> int:
    return sum(1 for seat, _ in hub.tables[tid].record.moves if seat == PERSON)


def test_an_undo_stores_when_a_bot_moves_during_each_of_its_replays(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Forced race: whenever A replays the record to work an undo out, B stores a bot
    move first (the table moves on during the replay). The undo takes B's moves in
    under the row lock and is stored at its first attempt, B's lines kept; the old
    code met a Conflict at every attempt (503 after 16)."""
    with two_apps() as (a, b, hub_a, hub_b):
        tid, tokens = writing_table(b)
        assert b.portal is not None
        portal = b.portal
        move = bot_move(hub_b, tid)
        armed, stored = threading.Event(), [0]
        real_replay = replay  # (what meeple.server.undo calls)
        real_prepare = undo_module.prepare_undo
        undoing = threading.local()  # set in the thread working an undo out

        def bot_during_replay(*args: Any, **kwargs: Any) -> Any:
            # Only the undo's own replays: B's catch-up replays (after A stored an
            # undo) must not wait on B's loop, which waits on them.
            if armed.is_set() and getattr(undoing, "on", False):
                stored[0] += portal.call(move)
            return real_replay(*args, **kwargs)

        def prepare(*args: Any) -> Any:
            undoing.on = True
            try:
                return real_prepare(*args)
            finally:
                undoing.on = False

        monkeypatch.setattr(undo_module, "replay", bot_during_replay)
        monkeypatch.setattr(moves_module, "prepare_undo", prepare)
        answers: list[tuple[int, int]] = []
        for _ in range(FORCED):
            state(a, tid)  # (A holds the table at the stored version)
            lines = person_lines(hub_a, tid)
            armed.set()
            try:
                answers += write_and_undo(a, tid, tokens[PERSON], 1)
            finally:
                armed.clear()
            state(a, tid)
            assert answers[-1][0] != 200 or person_lines(hub_a, tid) == lines
        print(f"(answer, conflicts) per undo: {answers}; bot moves stored: {stored[0]}")
        assert stored[0] >= FORCED, f"B stored only {stored[0]} moves: no race"
        assert answers == [(200, 0)] * FORCED, f"(answer, conflicts) per undo: {answers}"
        check_consistent((a, b), (hub_a, hub_b), tid)


def test_an_undo_stores_without_a_conflict_while_a_bot_runs_free(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B's bot stores moves of seat 1 one after another, as fast as it can, while the
    person writes and takes back lines on A: every undo is stored, at its first
    attempt, and the bot kept moving meanwhile (at least one undo found moves of B's
    stored while it was worked out, when it locked the row: a race took place)."""
    with two_apps() as (a, b, hub_a, hub_b):
        tid, tokens = writing_table(b)
        assert b.portal is not None
        move = bot_move(hub_b, tid)
        stop, undoing = threading.Event(), threading.Event()
        stored, raced = [0], [0]
        lock_row = hub_a.store.moves.lock_row

        def counted(*args: Any) -> Any:
            held, changes = lock_row(*args)
            raced[0] += undoing.is_set() and changes is not None
            return held, changes

        monkeypatch.setattr(hub_a.store.moves, "lock_row", counted)

        async def run_free() -> None:
            while not stop.is_set():
                stored[0] += await move()
                await asyncio.sleep(0)

        running = b.portal.start_task_soon(run_free)
        try:
            time.sleep(0.2)  # the bot is under way
            before, started = stored[0], time.perf_counter()
            answers = write_and_undo(a, tid, tokens[PERSON], FREE, undoing)
            during, took = stored[0] - before, time.perf_counter() - started
        finally:
            stop.set()
            running.result(timeout=WAIT)
        print(
            f"(answer, conflicts) per undo: {answers}; bot moves meanwhile: {during}"
            f" in {took:.1f} s;"
            f" undos finding B's moves under the row lock: {raced[0]}"
        )
        assert during >= FREE // 2 and raced[0] > 0, (
            f"the bot stored {during} moves, {raced[0]} undos met one: no race"
        )
        assert all(answer == 200 for answer, _ in answers), f"(answer, conflicts): {answers}"
        assert max(n for _, n in answers) == 0, f"(answer, conflicts) per undo: {answers}"
        check_consistent((a, b), (hub_a, hub_b), tid)


@pytest.mark.parametrize("name", ["africa1880", "namibia", "mombasa", "newworld"])
def test_an_undo_extended_over_later_moves_decides_as_undo_moves(name: str) -> None:
    """Random games: at random points, the undo of a seat's last decision worked out
    on the record then, extended over the next moves of other seats, equals
    ``undo_moves`` on the longer record (refused alike; else the same moves and the
    same state as their replay)."""
    game = get_game(name)
    compared = refused = 0
    for seed in range(6):
        rng = random.Random(seed)
        players = game.min_players if name != "africa1880" else 3
        record = GameRecord(name, game.rules_version, game.make_config(players), seed, [])
        now = replay(game, record)
        for _ply in range(120):
            if game.is_over(now):
                break
            seat = rng.choice(game.to_act(now))
            text = game.actions[rng.choice(game.legal_actions(now, seat))].text
            game.play(now, seat, text)
            record.moves.append((seat, text))
            if rng.random() < 0.15:
                outcome = extension_against_undo_moves(game, record, now, seat, rng)
                compared += outcome is not None
                refused += outcome is False
    print(f"{name}: {compared} undos compared, {refused} refused alike")
    assert compared >= 5, f"only {compared} comparisons"


def extension_against_undo_moves(
    game: Any, record: GameRecord, now: Any, seat: int, rng: random.Random
) -> bool | None:
    """Prepare the undo of ``seat`` now, play up to three later moves of other seats
    on a copy, compare ``extend_undo`` with ``undo_moves`` on the longer record.
    None: nothing to compare (refused already, or no other seat to move); False:
    both refused; True: both allowed, alike."""
    prepared = prepare_undo(game, record, now, seat, True)
    if isinstance(prepared, str):
        return None
    later_state = now.clone()
    later: list[tuple[int, str]] = []
    for _ in range(rng.randint(1, 3)):
        others = [s for s in game.to_act(later_state) if s != seat]
        if game.is_over(later_state) or not others:
            break
        who = rng.choice(others)
        text = game.actions[rng.choice(game.legal_actions(later_state, who))].text
        game.play(later_state, who, text)
        later.append((who, text))
    if not later:
        return None
    longer = GameRecord(
        record.game, record.rules_version, record.config, record.seed, record.moves + later
    )
    expected = undo_moves(game, longer, later_state, seat)
    extended = extend_undo(game, prepared, later_state, seat, later)
    if isinstance(expected, str):
        assert extended == expected, f"extended answered {extended!r} for {expected!r}: {later}"
        return False
    assert not isinstance(extended, str), f"extended refused what undo_moves allows: {later}"
    assert (extended.ply, extended.record.moves) == expected
    kept = GameRecord(record.game, record.rules_version, record.config, record.seed, expected[1])
    assert extended.state.log == replay(game, kept).log
    assert extended.decisions == replay_noting(game, kept)[1]
    return True
