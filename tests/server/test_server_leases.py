"""Which tables need a lease holder (docs/server.md, "Several processes", Leases):
the stored flag ``driven`` (a bot seat to act or a phase clock running) and the
index of such tables, so that startup and every heartbeat read only those tables,
however many tables only people play or wait on a person.

The SQLite tests always run; the PostgreSQL ones need MEEPLE_TEST_PG_URL.
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import psycopg
from server_support import RELAXED, create, pg_url_or_skip, sqlite_url, state, test_client
from sqlalchemy import text as sql_text

from meeple.server.app import create_app
from meeple.server.cluster import LeaseStore, libpq_url
from meeple.server.store import Store, StoredTable, normalize_url

HUMAN = {"kind": "human", "name": None, "claimed": False}
BOT = {"kind": "random", "name": "random bot", "claimed": True}


def stored_table(
    seats: list[dict[str, Any]], driven: bool, deadline: float | None = None
) -> StoredTable:
    now = time.time() - 3600  # changed an hour ago: older than any lease period here
    return StoredTable(
        id=secrets.token_hex(6),
        game="namibia",
        rules_version="1",
        config={"players": len(seats)},
        seed=1,
        seats=seats,
        version=0,
        status="playing",
        created=now,
        updated=now,
        deadline=deadline,
        timer_key="t" if deadline is not None else None,
        driven=driven,
    )


def add(
    store: Store, seats: list[dict[str, Any]], driven: bool, deadline: float | None = None
) -> str:
    table = stored_table(seats, driven, deadline)
    store.tables.create_table(table)
    return table.id


def forget(store: Store, ids: set[str]) -> None:
    """Delete these made-up tables (and their moves and leases) from a shared database:
    left there, the cluster tests' servers would try to take them over."""
    with store.engine.begin() as connection:
        for sql in (
            "DELETE FROM meeple_moves WHERE table_id = :id",
            "DELETE FROM meeple_leases WHERE key = :id",
            "DELETE FROM meeple_tables WHERE id = :id",
        ):
            for table_id in ids:
                connection.execute(sql_text(sql), {"id": table_id})


def driven(store: Store, table_id: str) -> bool | None:
    with store.engine.connect() as connection:
        value = connection.execute(
            sql_text("SELECT driven FROM meeple_tables WHERE id = :id"), {"id": table_id}
        ).scalar_one()
    return None if value is None else bool(value)


def test_driven_is_stored_with_every_change(tmp_path: Path) -> None:
    """The flag is stored with the table, a move, a seat change and an undo, and left
    as it is by a change that does not give it."""
    store = Store(sqlite_url(tmp_path))
    try:
        tid = add(store, [HUMAN, BOT, HUMAN], driven=True)
        assert driven(store, tid) is True
        store.moves.add_move(tid, 0, 1, "x", 1, "playing", time.time(), None, None, False)
        assert driven(store, tid) is False
        store.moves.set_seats(tid, [HUMAN, HUMAN, HUMAN], 2, None, True)
        assert driven(store, tid) is True
        store.moves.rewrite_moves(tid, 0, [], 3, time.time(), (None, None), None, False)
        assert driven(store, tid) is False
        store.moves.add_move(tid, 0, 1, "y", 4, "playing", time.time())
        assert driven(store, tid) is False
        store.tables.set_driven(tid, 3, True)  # a stale correction: the table moved on
        assert driven(store, tid) is False
        store.tables.set_driven(tid, 4, True)
        assert driven(store, tid) is True
    finally:
        store.close()


def test_startup_loads_only_tables_moved_on_by_bots_or_a_clock_now(tmp_path: Path) -> None:
    """``active_ids``: the unfinished tables stored as moving on without a person, most
    recently updated first, at most ``limit``; not a finished one, not one of people
    only, not one whose bot seats wait on a person."""
    store = Store(sqlite_url(tmp_path))
    try:
        people = [add(store, [HUMAN, HUMAN, HUMAN], driven=False) for _ in range(5)]
        waiting = add(store, [HUMAN, BOT, HUMAN], driven=False)
        bots = add(store, [HUMAN, BOT, HUMAN], driven=True)
        clock = add(store, [HUMAN, HUMAN], driven=True, deadline=time.time() + 60)
        done = add(store, [BOT, BOT, BOT], driven=True)
        store.moves.add_move(done, 0, 0, "x", 1, "over", time.time())
        newest = add(store, [BOT, HUMAN, HUMAN], driven=True)
        store.moves.add_move(newest, 0, 0, "x", 1, "playing", time.time())
        assert store.tables.active_ids(10) == [newest, clock, bots]
        assert store.tables.active_ids(1) == [newest]
        assert not {waiting, *people} & set(store.tables.active_ids(10))
    finally:
        store.close()


def test_a_database_from_before_the_flag_gets_it_on_opening(tmp_path: Path) -> None:
    """Rows stored before ``driven`` existed (NULL) get it when a server opens the
    database: true where a bot seat or a clock may move the table on (whoever loads
    it corrects that: ``test_a_table_waiting_on_its_person_is_not_loaded_at_startup``)."""
    url = sqlite_url(tmp_path)
    store = Store(url)
    try:
        mixed, people = add(store, [BOT, HUMAN, HUMAN], True), add(store, [HUMAN] * 3, False)
        clock = add(store, [HUMAN, HUMAN], False, deadline=time.time() + 60)
        with store.engine.begin() as connection:
            connection.execute(sql_text("UPDATE meeple_tables SET driven = NULL"))
        assert store.tables.active_ids(10) == []  # (the old rows are not flagged yet)
    finally:
        store.close()
    store = Store(url)
    try:
        assert [driven(store, t) for t in (mixed, people, clock)] == [True, False, True]
        assert set(store.tables.active_ids(10)) == {mixed, clock}
    finally:
        store.close()


def test_a_table_waiting_on_its_person_is_not_loaded_at_startup(tmp_path: Path) -> None:
    """A Namibia table of a person and two bots: once the bots have played up to the
    person's turn, it is stored as not driven, and a restarted server does not load
    it (nor, in a cluster, take it over: the same flag). The same table stored before
    the flag existed is loaded once, found waiting on its person, and stored so."""
    url = sqlite_url(tmp_path)
    seats = [{"kind": "human", "name": "P"}, {"kind": "random"}, {"kind": "random"}]
    with test_client(create_app(url, bot_delay=0.0, limits=RELAXED)) as c:
        tid, tokens = create(c, "namibia", seats=seats, seed=3)
        deadline = time.time() + 30
        while state(c, tid)["to_act"] != [0]:
            assert time.time() < deadline, "the bots never reached the person's turn"
            time.sleep(0.02)
    store = Store(url)
    try:
        assert driven(store, tid) is False
        with store.engine.begin() as connection:
            connection.execute(sql_text("UPDATE meeple_tables SET driven = NULL"))
    finally:
        store.close()
    app = create_app(url, limits=RELAXED)
    with test_client(app):
        assert tid in app.state.hub.tables  # flagged from its bot seats, loaded once
    app = create_app(url, limits=RELAXED)
    with test_client(app) as c:
        assert tid not in app.state.hub.tables
        assert state(c, tid, tokens[0])["legal"]  # loaded on demand: the person plays on


def test_the_heartbeat_takes_over_only_unleased_tables_needing_a_driver() -> None:
    """``LeaseStore.orphans`` (PostgreSQL): a table stored as moving on without a person
    (a bot to act or a running clock) whose lease lapsed or that has none (and did not
    change in the last lease period); not one whose lease is alive, not one of people
    only, not one whose bots wait on a person, not a finished one."""
    store = Store(pg_url_or_skip())
    try:
        leases = LeaseStore(store, secrets.token_hex(8), 30.0)
        other = LeaseStore(store, secrets.token_hex(8), 30.0)
        people = add(store, [HUMAN, HUMAN, HUMAN], False)
        waiting = add(store, [HUMAN, BOT, HUMAN], False)
        unleased = add(store, [HUMAN, BOT, HUMAN], True)
        clock = add(store, [HUMAN, HUMAN], True, deadline=time.time() + 60)
        held = add(store, [BOT, BOT, BOT], True)
        assert other.acquire(held)
        lapsed = add(store, [BOT, HUMAN, HUMAN], True)
        assert other.acquire(lapsed)
        leases._run(f"UPDATE meeple_leases SET expires = 0 WHERE key = '{lapsed}'")
        done = add(store, [BOT, BOT, BOT], True)
        store.moves.add_move(done, 0, 0, "x", 1, "over", time.time() - 3600)
        ours = {people, waiting, unleased, clock, held, lapsed, done}
        try:
            assert set(leases.orphans(10**6)) & ours == {unleased, clock, lapsed}
            assert leases.acquire(lapsed)  # a lapsed lease is taken
            assert lapsed not in leases.orphans(10**6)
        finally:
            forget(store, ours)
    finally:
        store.close()


def test_the_heartbeats_scan_is_served_by_the_index_of_tables_needing_a_driver() -> None:
    """The orphans query can be answered from the partial index ``meeple_tables_to_drive``
    (sequential scans off, as on a database with many tables where the planner picks
    the index anyway): it reads no row of a table only people play."""
    store = Store(pg_url_or_skip())
    try:
        leases = LeaseStore(store, secrets.token_hex(8), 30.0)
        query = _orphans_sql(leases)
    finally:
        store.close()
    with psycopg.connect(libpq_url(normalize_url(pg_url_or_skip()))) as db:
        db.execute("SET enable_seqscan = off")
        plan = "\n".join(str(row[0]) for row in db.execute(f"EXPLAIN {query}").fetchall())
    assert "meeple_tables_to_drive" in plan, plan


def _orphans_sql(leases: LeaseStore) -> str:
    """The SQL ``orphans`` runs, with its parameters filled in."""
    seen: list[str] = []

    def capture(sql: str, **params: Any) -> list[Any]:
        for name, value in params.items():
            sql = sql.replace(f":{name}", repr(value))
        seen.append(sql)
        return []

    leases._run = capture  # type: ignore[method-assign]
    leases.orphans(50)
    return seen[0]
