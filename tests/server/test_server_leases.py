"""Which tables need a lease holder (docs/server.md, "Several processes", Leases):
the stored count of bot seats and the index of tables that move on without a
person, so that startup and every heartbeat read only those tables, however many
tables only people play.

The SQLite tests always run; the PostgreSQL ones need MEEPLE_TEST_PG_URL.
"""

from __future__ import annotations

import secrets
import time
from pathlib import Path
from typing import Any

import psycopg
from server_support import pg_url_or_skip, sqlite_url
from sqlalchemy import text as sql_text

from meeple.server.cluster import LeaseStore, libpq_url
from meeple.server.store import Store, StoredTable, normalize_url

HUMAN = {"kind": "human", "name": None, "claimed": False}
BOT = {"kind": "random", "name": "random bot", "claimed": True}


def stored_table(seats: list[dict[str, Any]], deadline: float | None = None) -> StoredTable:
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
    )


def add(store: Store, seats: list[dict[str, Any]], deadline: float | None = None) -> str:
    table = stored_table(seats, deadline)
    store.create_table(table)
    return table.id


def bot_seats(store: Store, table_id: str) -> int | None:
    with store.engine.connect() as connection:
        value = connection.execute(
            sql_text("SELECT bot_seats FROM meeple_tables WHERE id = :id"), {"id": table_id}
        ).scalar_one()
    return None if value is None else int(value)


def test_bot_seats_are_counted_when_a_table_is_stored_and_when_its_seats_change(
    tmp_path: Path,
) -> None:
    """A seat handed to a bot makes the table need a driver; taken back, it does not."""
    store = Store(sqlite_url(tmp_path))
    try:
        people = add(store, [HUMAN, HUMAN, HUMAN])
        mixed = add(store, [HUMAN, BOT, BOT])
        assert (bot_seats(store, people), bot_seats(store, mixed)) == (0, 2)
        store.set_seats(people, [HUMAN, BOT, HUMAN], 1)
        assert bot_seats(store, people) == 1
        store.set_seats(people, [HUMAN, HUMAN, HUMAN], 2)
        assert bot_seats(store, people) == 0
    finally:
        store.close()


def test_startup_loads_only_tables_moved_on_by_bots_or_a_clock(tmp_path: Path) -> None:
    """``active_ids``: the unfinished tables with a bot seat or a running clock, most
    recently updated first, at most ``limit``; never a finished one or one of people
    only."""
    store = Store(sqlite_url(tmp_path))
    try:
        people = [add(store, [HUMAN, HUMAN, HUMAN]) for _ in range(5)]
        bots = add(store, [HUMAN, BOT, HUMAN])
        clock = add(store, [HUMAN, HUMAN], deadline=time.time() + 60)
        done = add(store, [BOT, BOT, BOT])
        store.add_move(done, 0, 0, "x", 1, "over", time.time())
        newest = add(store, [BOT, HUMAN, HUMAN])
        store.add_move(newest, 0, 0, "x", 1, "playing", time.time())
        assert store.active_ids(10) == [newest, clock, bots]
        assert store.active_ids(1) == [newest]
        assert not set(people) & set(store.active_ids(10))
    finally:
        store.close()


def test_a_database_from_before_the_count_gets_it_on_opening(tmp_path: Path) -> None:
    """Rows stored before ``bot_seats`` existed (NULL) are counted when a server opens
    the database, so none of their tables is missed by the index."""
    url = sqlite_url(tmp_path)
    store = Store(url)
    try:
        mixed, people = add(store, [BOT, HUMAN, HUMAN]), add(store, [HUMAN, HUMAN, HUMAN])
        with store.engine.begin() as connection:
            connection.execute(sql_text("UPDATE meeple_tables SET bot_seats = NULL"))
        assert store.active_ids(10) == []  # (the old rows are not counted yet)
    finally:
        store.close()
    store = Store(url)
    try:
        assert (bot_seats(store, mixed), bot_seats(store, people)) == (1, 0)
        assert store.active_ids(10) == [mixed]
    finally:
        store.close()


def test_the_heartbeat_takes_over_only_unleased_tables_needing_a_driver() -> None:
    """``LeaseStore.orphans`` (PostgreSQL): a table with a bot seat or a running clock
    whose lease lapsed or that has none (and did not change in the last lease period);
    not one whose lease is alive, not one of people only, not a finished one."""
    store = Store(pg_url_or_skip())
    try:
        leases = LeaseStore(store, secrets.token_hex(8), 30.0)
        other = LeaseStore(store, secrets.token_hex(8), 30.0)
        people = add(store, [HUMAN, HUMAN, HUMAN])
        unleased = add(store, [HUMAN, BOT, HUMAN])
        clock = add(store, [HUMAN, HUMAN], deadline=time.time() + 60)
        held = add(store, [BOT, BOT, BOT])
        assert other.acquire(held)
        lapsed = add(store, [BOT, HUMAN, HUMAN])
        assert other.acquire(lapsed)
        leases._run(f"UPDATE meeple_leases SET expires = 0 WHERE key = '{lapsed}'")
        done = add(store, [BOT, BOT, BOT])
        store.add_move(done, 0, 0, "x", 1, "over", time.time() - 3600)
        found = set(leases.orphans(10**6)) & {people, unleased, clock, held, lapsed, done}
        assert found == {unleased, clock, lapsed}
        assert leases.acquire(lapsed)  # a lapsed lease is taken
        assert lapsed not in leases.orphans(10**6)
    finally:
        store.close()


def test_the_heartbeats_scan_is_served_by_the_index_of_tables_needing_a_driver() -> None:
    """The orphans query can be answered from the partial index ``meeple_tables_driven``
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
    assert "meeple_tables_driven" in plan, plan


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
