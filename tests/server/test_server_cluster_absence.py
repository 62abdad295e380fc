"""A seat's absence is counted over every process of a cluster (docs/server.md,
"Several processes", Presence; "Seats": another seat may hand a seat to a bot only
once it has had no socket and no request for ``absent_after`` seconds).

Two apps on one PostgreSQL in this test process, A and B: seat 0 keeps making
requests to A only; seat 1 asks B to hand seat 0 to a bot. B must refuse while A
sees seat 0 (each process stores the seats it saw at its heartbeat), and allow it
once seat 0 has been silent everywhere for ``absent_after`` seconds.

Needs MEEPLE_TEST_PG_URL (skipped without it; CI sets it).
"""

from __future__ import annotations

import dataclasses
import time
from typing import Any

from server_support import RELAXED, create, pg_url_or_skip, state, test_client
from sqlalchemy import text as sql_text

from meeple.server.app import create_app

AWAY = 3.0  # absent_after here, seconds
LIMITS = dataclasses.replace(RELAXED, absent_after=AWAY, lease_seconds=0.6)


def test_a_seat_present_on_one_process_is_not_absent_on_another() -> None:
    url = pg_url_or_skip()
    app_a, app_b = create_app(url, limits=LIMITS), create_app(url, limits=LIMITS)
    with test_client(app_a) as a, test_client(app_b) as b:
        tid, tokens = create(b, "namibia")
        state(b, tid)  # B holds the table from now on; seat 0 never asks B anything
        hand = {"token": tokens[1], "level": "random"}
        until = time.time() + AWAY + 1.5
        while time.time() < until:
            state(a, tid, tokens[0])  # seat 0 is present, on A
            time.sleep(0.1)
        assert b.app.state.hub.tables[tid].absent_for(0) > AWAY  # B alone would say absent
        r = b.post(f"/api/tables/{tid}/seats/0/bot", json=hand)
        assert r.status_code == 403, (
            f"B handed seat 0 to a bot while it made requests to A: {r.status_code} {r.text}"
        )
        assert "seat 0 was present" in r.json()["detail"]
        time.sleep(AWAY + 1.0)  # seat 0 silent everywhere
        r = b.post(f"/api/tables/{tid}/seats/0/bot", json=hand)
        assert r.status_code == 200, r.text
        assert state(a, tid)["seats"][0]["kind"] == "random"


class Presence:
    """What one socket was last told of which seats are connected."""

    def __init__(self, ws: Any) -> None:
        self.ws, self.connected = ws, []

    def now(self) -> list[bool]:
        """Read every message up to the answer to a ping sent now."""
        self.ws.send_json({"type": "ping", "id": "presence"})
        while True:
            message = self.ws.receive_json()
            if message["type"] == "pong":
                return list(self.connected)
            if message["type"] == "presence":
                self.connected = list(message["connected"])
            elif message["type"] == "state":
                self.connected = [bool(seat["connected"]) for seat in message["seats"]]


def wait_until(presence: Presence, expected: list[bool], what: str) -> None:
    deadline = time.time() + 15
    while presence.now() != expected:
        assert time.time() < deadline, f"{what}: {presence.connected}"
        time.sleep(0.05)


def test_the_seats_of_a_dead_process_stop_counting_as_connected() -> None:
    """Seat 0 has a socket on A, seat 1 on B. B stops (its heartbeat ends and its node
    expires, as after kill -9, which tells nobody): A's socket learns that seat 1 is
    no longer connected (A notices the node gone at its heartbeat)."""
    url = pg_url_or_skip()
    app_a, app_b = create_app(url, limits=LIMITS), create_app(url, limits=LIMITS)
    with test_client(app_a) as a, test_client(app_b) as b:
        tid, tokens = create(b, "namibia")
        with (
            a.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[0]}") as ws_a,
            b.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}"),
        ):
            presence = Presence(ws_a)
            wait_until(presence, [True, True, False], "A never saw seat 1 on B")
            hub_b = b.app.state.hub
            assert b.portal is not None
            b.portal.call(hub_b.cluster.stop)  # B's heartbeat and listener end
            with hub_b.store.engine.begin() as connection:
                connection.execute(
                    sql_text("UPDATE meeple_nodes SET expires = 0 WHERE id = :id"),
                    {"id": hub_b.cluster.node},
                )
            wait_until(presence, [True, False, False], "seat 1 still counts as connected")
