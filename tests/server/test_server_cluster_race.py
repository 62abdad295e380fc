"""A person's move racing a fast bot on another process (docs/server.md, "Several
processes", Order): two apps on one PostgreSQL in this test process, A and B.

An Africa 1880 table of three seats is in its order-writing phase, where every seat
decides at once (rulebook 2) "Writing orders": the sheets are written secretly and
simultaneously). Seat 0 is a person whose moves go to A; B plays seat 1 as a bot
does (``Moves.apply_driven`` on its copy, caught up first) and never seals, so it
always has a next line to write (or ``revise orders``). The person must never lose
to the bot: a move stores after at most one conflict, whatever B stores meanwhile.

The first test is the worst case, forced: right before each of A's attempts to
store, B stores a bot move (or, if A holds the table's row, tries to and waits).
The old code lost every attempt (503 after 16). The second lets B's bot run free
and counts A's attempts.

Needs MEEPLE_TEST_PG_URL (skipped without it; CI sets it).
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from concurrent.futures import TimeoutError as FutureTimeout
from contextlib import contextmanager
from typing import Any

import psycopg
import pytest
from server_support import RELAXED, act, create, pg_url_or_skip, state, test_client

from meeple.engine import replay
from meeple.server import moves as moves_module
from meeple.server.app import create_app
from meeple.server.cluster import libpq_url
from meeple.server.hub import Hub
from meeple.server.store import Conflict, RowLock, Store, StoredTable, normalize_url

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
WAIT = 15.0  # seconds: generous on the shared machine
PERSON, BOT = 0, 1
FORCED, FREE = 6, 12  # the person's moves in each test


@contextmanager
def two_apps() -> Iterator[tuple[Any, Any, Hub, Hub]]:
    url = pg_url_or_skip()
    app_a, app_b = create_app(url, limits=RELAXED), create_app(url, limits=RELAXED)
    with test_client(app_a) as a, test_client(app_b) as b:
        yield a, b, app_a.state.hub, app_b.state.hub


def writing_table(b: Any) -> tuple[str, dict[int, str]]:
    """A table created on B, played (first legal actions) to its order writing."""
    tid, tokens = create(b, "africa1880", [{"kind": "human", "name": f"P{i}"} for i in range(3)])
    for _ in range(200):
        snap = state(b, tid)
        if snap["view"]["phase"] == "writing":
            return tid, tokens
        for seat in snap["to_act"]:
            mine = state(b, tid, tokens[seat])
            if mine["legal"] and mine["view"]["phase"] != "writing":
                assert act(b, tid, tokens[seat], mine["legal"][0]).status_code == 200
    raise AssertionError("the table never reached order writing")


def bot_move(hub_b: Hub, tid: str) -> Callable[[], Awaitable[bool]]:
    """One move of B's bot for seat 1, decided on the latest stored table as a bot's
    turn does (catch up under the table's lock, then ``apply_driven``): the first
    line it may write that is not ``seal orders``. True if it was stored."""

    async def move() -> bool:
        table = hub_b.tables[tid]
        async with table.lock:
            table.behind = True  # (whatever the notifications said so far)
            await hub_b.moves.catch_up(table)
            legal = table.game.legal_actions(table.state, BOT)
            texts = [table.game.actions[i].text for i in legal]
            text = next(t for t in texts if t != "seal orders")
            version = table.version
            await hub_b.moves.apply_driven(table, BOT, text)
            return table.version == version + 1

    return move


@contextmanager
def back_offs_counted() -> Iterator[list[int]]:
    """While open, the hub's back-offs after a conflict are counted in the one-item
    list it yields (reset it to 0 before each decision)."""
    back_off = moves_module._back_off
    met = [0]

    async def counted(attempt: int) -> None:
        met[0] += 1
        await back_off(attempt)

    moves_module._back_off = counted
    try:
        yield met
    finally:
        moves_module._back_off = back_off


def person_moves(a: Any, tid: str, token: str, count: int) -> list[tuple[int, int]]:
    """The person writes ``count`` lines of its sheet on A (never sealing), each at
    the version it read; returns each move's answer (status) and the conflicts
    (back-offs) it met."""
    answers: list[tuple[int, int]] = []
    with back_offs_counted() as met:
        for _ in range(count):
            mine = state(a, tid, token)
            action = next(t for t in mine["legal"] if t != "seal orders")
            met[0] = 0
            r = act(a, tid, token, action, mine["version"])
            assert r.status_code in (200, 503), r.text
            answers.append((r.status_code, met[0]))
    return answers


def waiting_on_a_row_lock(pg: psycopg.Connection[Any]) -> bool:
    """Is some session waiting for a lock while updating a table's row (B's bot move
    waiting for the row A holds)?"""
    row = pg.execute(
        "SELECT count(*) FROM pg_stat_activity WHERE datname = current_database()"
        " AND wait_event_type = 'Lock' AND query LIKE 'UPDATE meeple_tables%'"
    ).fetchone()
    return row is not None and int(row[0]) > 0


class BotFirst:
    """A store call of A's (``call``) made to lose the race: before it runs, B's bot
    moves (``move``) and is stored, or, if A holds the table's row, tries to and
    waits for it (``check`` then asserts the waiting moves were refused)."""

    def __init__(
        self,
        portal: Any,
        move: Callable[[], Awaitable[bool]],
        pg: psycopg.Connection[Any],
        call: Callable[..., None],
    ) -> None:
        self.portal, self.move, self.pg, self.call = portal, move, pg, call
        self.stored = self.waited = 0
        self.pending: list[Future[bool]] = []

    def __call__(self, *args: Any, **kwargs: Any) -> None:
        done: Future[bool] = self.portal.start_task_soon(self.move)
        deadline = time.time() + WAIT
        while True:
            try:
                self.stored += done.result(timeout=0.01)
                break
            except FutureTimeout:
                if waiting_on_a_row_lock(self.pg):
                    self.waited += 1
                    self.pending.append(done)
                    break
                assert time.time() < deadline, "B's bot move neither stored nor waited"
        self.call(*args, **kwargs)

    def __str__(self) -> str:
        return f"{self.stored} stored, {self.waited} waited for the row"

    def check(self, count: int) -> None:
        """B stored ``count`` moves first, and ``count`` more waited for A's row and
        were refused once A had stored."""
        for done in self.pending:
            assert done.result(timeout=WAIT) is False, "B stored while A held the row"
        assert self.stored == self.waited == count, str(self)


def check_consistent(clients: tuple[Any, Any], hubs: tuple[Hub, Hub], tid: str) -> None:
    """After a read on each process, both copies are the stored table: its version and
    moves, which replay to the copy's state (nothing half-applied)."""
    stored = hubs[0].store.tables.load_table(tid)
    assert stored is not None
    for client, hub in zip(clients, hubs, strict=True):
        state(client, tid)  # (a read brings the copy up to the stored version)
        table = hub.tables[tid]
        assert table.version == stored.version
        assert table.record.moves == stored.moves
        assert replay(table.game, table.record).log == table.state.log


def test_a_person_stores_after_one_conflict_when_a_bot_moves_before_each_attempt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Forced race: before each of A's attempts to store the person's move, B stores
    a bot move (it moved the table on: Conflict). The second attempt holds the table's
    row: B's bot move waits for it, then finds the table moved on (its Conflict), and
    the person's move is stored. The old code met a Conflict at every attempt."""
    with (
        two_apps() as (a, b, hub_a, hub_b),
        psycopg.connect(libpq_url(normalize_url(pg_url_or_skip())), autocommit=True) as pg,
    ):
        tid, tokens = writing_table(b)
        assert b.portal is not None
        portal = b.portal
        add_move = hub_a.store.moves.add_move
        bot_first = BotFirst(portal, bot_move(hub_b, tid), pg, add_move)
        monkeypatch.setattr(hub_a.store.moves, "add_move", bot_first)
        answers = person_moves(a, tid, tokens[PERSON], FORCED)
        monkeypatch.setattr(hub_a.store.moves, "add_move", add_move)
        print(f"(answer, conflicts) per person move: {answers}; bot moves: {bot_first}")
        assert answers == [(200, 1)] * FORCED, f"(answer, conflicts) per move: {answers}"
        bot_first.check(FORCED)
        check_consistent((a, b), (hub_a, hub_b), tid)


def test_a_person_stores_after_at_most_one_conflict_while_a_bot_runs_free() -> None:
    """B's bot stores moves of seat 1 one after another, as fast as it can, while the
    person makes its moves on A: each is stored after at most one conflict, and the
    bot kept moving meanwhile (at least one move of the person's met a conflict: a
    race took place; it does in about half of them)."""
    with two_apps() as (a, b, hub_a, hub_b):
        tid, tokens = writing_table(b)
        assert b.portal is not None
        move = bot_move(hub_b, tid)
        stop = threading.Event()
        stored = [0]

        async def run_free() -> None:
            while not stop.is_set():
                stored[0] += await move()
                await asyncio.sleep(0)

        running = b.portal.start_task_soon(run_free)
        try:
            time.sleep(0.2)  # the bot is under way
            before = stored[0]
            answers = person_moves(a, tid, tokens[PERSON], FREE)
            during = stored[0] - before
        finally:
            stop.set()
            running.result(timeout=WAIT)
        print(f"(answer, conflicts) per person move: {answers}; bot moves meanwhile: {during}")
        raced = sum(1 for _, n in answers if n > 0)
        assert during >= FREE // 2 and raced > 0, (
            f"the bot stored {during} moves, {raced} of the person's met one: no race"
        )
        assert all(answer == 200 for answer, _ in answers), f"(answer, conflicts): {answers}"
        assert max(n for _, n in answers) <= 1, f"(answer, conflicts) per move: {answers}"
        check_consistent((a, b), (hub_a, hub_b), tid)


def bare_table(store: Store) -> str:
    """A stored table row (no game behind it: only its version matters here)."""
    now = time.time()
    table = StoredTable(
        id=secrets.token_hex(6),
        game="namibia",
        rules_version="1",
        config={"players": 3},
        seed=1,
        seats=[{"kind": "human"}] * 3,
        version=0,
        status="playing",
        created=now,
        updated=now,
        deadline=None,
        timer_key=None,
    )
    store.tables.create_table(table)
    return table.id


def test_a_held_row_makes_other_writers_wait_then_conflict(monkeypatch: pytest.MonkeyPatch) -> None:
    """Store level: while one process holds a table's row (``lock_row``), another's
    move waits, and once the holder stored its move it finds the version moved
    (Conflict, nothing stored); another ``lock_row`` gives up after ``RowLock.WAIT``
    with a Conflict. A lock ends with its move (``release`` after is nothing), or
    with ``release`` (nothing stored; the row is free again)."""
    url = pg_url_or_skip()
    mine, other = Store(url), Store(url)
    try:
        tid = bare_table(mine)
        held, changes = mine.moves.lock_row(tid, 0, 0, 0)
        assert changes is None and held.open
        monkeypatch.setattr(RowLock, "WAIT", 0.2)
        with pytest.raises(Conflict):
            other.moves.lock_row(tid, 0, 0, 0)
        with ThreadPoolExecutor(1) as thread:
            waiting = thread.submit(
                other.moves.add_move, tid, 0, 1, "bot's", 1, "playing", time.time()
            )
            time.sleep(0.3)
            assert not waiting.done(), "the other process stored while the row was held"
            mine.moves.add_move(tid, 0, 0, "person's", 1, "playing", time.time(), held=held)
            with pytest.raises(Conflict):
                waiting.result(timeout=WAIT)
        assert not held.open
        held.release()  # (nothing: the move ended it)
        stored = other.tables.load_table(tid)
        assert stored is not None and (stored.version, stored.moves) == (1, [(0, "person's")])
        held, changes = other.moves.lock_row(tid, 0, 0, 0)
        assert changes is not None and changes.moves == [(0, "person's")]
        held.release()
        with pytest.raises(RuntimeError):
            mine.moves.add_move(tid, 1, 1, "late", 2, "playing", time.time(), held=held)
        mine.moves.add_move(tid, 1, 1, "bot's", 2, "playing", time.time())  # the row is free
        assert mine.tables.version_of(tid) == 2
    finally:
        mine.close()
        other.close()
