"""A seat change racing a fast bot on another process (docs/server.md, "Several
processes", Order): two apps on one PostgreSQL in this test process, A and B, set
up as in ``test_server_cluster_race`` (Africa 1880's order writing, rulebook 2)
"Writing orders": every seat writes at once, so B's bot always has a line to
write).

The person of seat 0 names its seat on A, again and again (a seat change: a new
stored version, like handing a seat to a bot or taking it back). Right before each
of A's attempts to store it, B stores a bot move. The old code met a Conflict at
every attempt (503 after 8); now the second attempt holds the table's row, and B's
move waits for it and is refused.

Needs MEEPLE_TEST_PG_URL (skipped without it; CI sets it).
"""

from __future__ import annotations

from typing import Any

import psycopg
import pytest
from server_support import pg_url_or_skip, state
from test_server_cluster_race import (
    PERSON,
    BotFirst,
    bot_move,
    check_consistent,
    two_apps,
    writing_table,
)

from meeple.server.cluster import libpq_url
from meeple.server.store import normalize_url

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
FORCED = 4  # the person's seat changes


def test_a_seat_change_stores_after_one_conflict_when_a_bot_moves_before_each_attempt(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Before each of A's attempts to store seat 0's new name, B stores a bot move (or,
    when A holds the row, tries to and waits): each name is stored at A's second
    attempt, B's waiting moves are refused, and both copies end alike."""
    with (
        two_apps() as (a, b, hub_a, hub_b),
        psycopg.connect(libpq_url(normalize_url(pg_url_or_skip())), autocommit=True) as pg,
    ):
        tid, tokens = writing_table(b)
        assert b.portal is not None
        state(a, tid)  # (A holds the table)
        set_seats = hub_a.store.moves.set_seats
        bot_first = BotFirst(b.portal, bot_move(hub_b, tid), pg, set_seats)
        monkeypatch.setattr(hub_a.store.moves, "set_seats", bot_first)
        answers: list[tuple[int, int]] = []
        for number in range(FORCED):
            before = bot_first.stored + bot_first.waited
            body: dict[str, Any] = {"token": tokens[PERSON], "name": f"Name {number}"}
            r = a.post(f"/api/tables/{tid}/seats/{PERSON}/name", json=body)
            assert r.status_code in (200, 503), r.text
            attempts = bot_first.stored + bot_first.waited - before
            answers.append((r.status_code, attempts - (r.status_code == 200)))
        monkeypatch.setattr(hub_a.store.moves, "set_seats", set_seats)
        print(f"(answer, conflicts) per seat change: {answers}; bot moves: {bot_first}")
        assert answers == [(200, 1)] * FORCED, f"(answer, conflicts) per change: {answers}"
        bot_first.check(FORCED)
        check_consistent((a, b), (hub_a, hub_b), tid)
        stored = hub_a.store.tables.load_table(tid)
        assert stored is not None and stored.seats[PERSON]["name"] == f"Name {FORCED - 1}"
        assert hub_b.tables[tid].seats[PERSON]["name"] == f"Name {FORCED - 1}"
