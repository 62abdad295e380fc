"""A change stored by another process while this one stored the same version
(docs/server.md, "Several processes", Pushes): two apps on one PostgreSQL in this
test process, A and B.

B's bot (or clock) decides a move of a table at version v and stores it as v + 1.
Meanwhile a person's move of A is stored first as v + 1, and A's notification
reaches B's listener while B is still storing v + 1: B takes it for its own and
does nothing with it. B's store then meets a Conflict. Nothing on B decides again
here (the bot has nothing left to do), so only the conflict itself can bring B's
copy up to date: B's socket must be pushed A's move without any further request.
The old code left the copy behind until some later read or notification.

Needs MEEPLE_TEST_PG_URL (skipped without it; CI sets it).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from server_support import RELAXED, act, create, pg_url_or_skip, state, test_client

from meeple.server import cluster
from meeple.server.app import create_app
from meeple.server.hub import Hub
from meeple.server.membership import Membership

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
WAIT = 15.0  # seconds: generous on the shared machine; a pass takes well under one
WATCHER = 2  # the seat whose socket is open on B


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.time() + WAIT
    while not condition():
        assert time.time() < deadline, what
        time.sleep(0.01)


@contextmanager
def two_apps(
    monkeypatch: pytest.MonkeyPatch,
) -> Iterator[tuple[Any, Any, Hub, Hub, list[tuple[Membership, str]]]]:
    """Two apps (A, B) on the test database, and the notifications each hub's
    ``Membership`` has been handed (each recorded once its handler returned)."""
    url = pg_url_or_skip()
    app_a, app_b = create_app(url, limits=RELAXED), create_app(url, limits=RELAXED)
    handed: list[tuple[Membership, str]] = []
    dispatch = cluster.dispatch

    def spy(handlers: cluster.Handlers, payload: str) -> None:
        dispatch(handlers, payload)
        handed.append((getattr(handlers.changed, "__self__", None), payload))  # type: ignore[arg-type]

    monkeypatch.setattr(cluster, "dispatch", spy)
    with test_client(app_a) as a, test_client(app_b) as b:
        yield a, b, app_a.state.hub, app_b.state.hub, handed


def socket_states(ws: Any) -> list[dict[str, Any]]:
    """The states the socket received up to the answer to a ping sent now (a ping
    reads nothing from storage: it cannot bring the copy up to date)."""
    ws.send_json({"type": "ping", "id": "end"})
    states: list[dict[str, Any]] = []
    while True:
        message = ws.receive_json()
        if message.get("type") == "pong":
            return states
        if message.get("type") == "state":
            states.append(message)


def test_a_driven_move_losing_to_another_process_pushes_the_others_move(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B's driven move of the seat to act meets A's person move of that seat, stored
    first at the same version and notified to B while B stored: after B's Conflict,
    B's copy reaches A's version and B's socket is pushed A's move, with no request
    made to B."""
    with two_apps(monkeypatch) as (a, b, hub_a, hub_b, handed):
        tid, tokens = create(a, "namibia")
        with b.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[WATCHER]}") as ws:
            socket_states(ws)  # registered on B, its copy at the stored version
            table = hub_b.tables[tid]
            actor = state(a, tid)["to_act"][0]
            mine = state(a, tid, tokens[actor])
            text, version = mine["legal"][0], hub_a.tables[tid].version + 1
            add_move = hub_b.store.moves.add_move

            def person_first(*args: Any, **kwargs: Any) -> None:
                """B is storing ``version``: A's person stores it first, and B's
                listener is handed A's notification before B's store goes on."""
                assert act(a, tid, tokens[actor], text, mine["version"]).status_code == 200
                wait_for(
                    lambda: (hub_b.membership, f"m {tid} {version}") in handed,
                    f"B's listener never heard A's version {version}",
                )
                add_move(*args, **kwargs)

            monkeypatch.setattr(hub_b.store.moves, "add_move", person_first)

            async def driven_move() -> int:
                async with table.lock:
                    await hub_b.moves.apply_driven(table, actor, text)
                    return int(table.version)

            assert b.portal is not None
            assert b.portal.call(driven_move) == version - 1, "B's move was stored"
            monkeypatch.setattr(hub_b.store.moves, "add_move", add_move)
            wait_for(
                lambda: table.version == version and not table.behind,
                f"B's copy stayed at version {table.version} after its Conflict: A's"
                f" version {version} was notified while B stored it, and nothing caught up",
            )
            expected = state(a, tid, tokens[WATCHER])
            states = socket_states(ws)
            assert states, "B's socket was pushed nothing after the Conflict"
            last = states[-1]
            assert (last["version"], last["log_to"]) == (
                expected["version"],
                expected["log_to"],
            ), f"B's socket holds version {last['version']}; the seat is at {expected['version']}"


def test_the_clock_losing_to_another_process_runs_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Africa 1880's timed negotiation (rulebook 1) "Diplomatic Action": when the
    negotiation time is up, every seat still negotiating is ready). A drives the
    table's clock (it holds the lease). When the time is up, A's clock stores "ready"
    of the first seat to act; B's person of that seat stores its own "ready" first,
    notified to A while A stores. A's clock meets a Conflict for every seat and ends.
    A must catch up and run its clock again, so the negotiation ends with no request
    made to A: the old code left A's copy behind and no clock running anywhere, and
    the negotiation never ended."""
    with two_apps(monkeypatch) as (a, b, hub_a, _hub_b, handed):
        seats = [{"kind": "human", "name": f"P{i}"} for i in range(3)]
        tid, tokens = create(a, "africa1880", seats, diplomacy_seconds=SECONDS)
        armed, first = threading.Event(), [0]
        add_move = hub_a.store.moves.add_move
        lost: list[int] = []

        def person_first(*args: Any, **kwargs: Any) -> None:
            """A's clock is storing: B's person of seat 0 is ready first."""
            if armed.is_set() and not lost:
                version = int(args[4])
                lost.append(version)
                mine = state(b, tid, tokens[first[0]])
                assert "ready" in mine["legal"], mine["legal"]
                r = act(b, tid, tokens[first[0]], "ready", mine["version"])
                assert r.status_code == 200, r.text
                wait_for(
                    lambda: (hub_a.membership, f"m {tid} {version}") in handed,
                    f"A's listener never heard B's version {version}",
                )
            add_move(*args, **kwargs)

        monkeypatch.setattr(hub_a.store.moves, "add_move", person_first)
        to_diplomacy(a, tid, tokens)
        first[0] = state(a, tid)["to_act"][0]
        armed.set()  # (within the negotiation time: the clock has not run out)
        assert tid in hub_a.leases.held, "A does not drive the table's clock"
        wait_for(lambda: bool(lost), "A's clock never stored")
        wait_for(
            lambda: phase_stored(b, tid) != "diplomacy",
            f"the negotiation never ended: A's clock lost version {lost} to B's person"
            f" and A's copy stayed at version {hub_a.tables[tid].version}",
        )
        assert hub_a.tables[tid].version > lost[0]


SECONDS = 2  # the negotiation time limit of the clock test


def to_diplomacy(a: Any, tid: str, tokens: dict[int, str]) -> None:
    """Play the setup on A (first legal actions) up to the negotiation."""
    for _ in range(200):
        snap = state(a, tid)
        if snap["view"]["phase"] == "diplomacy":
            return
        seat = snap["to_act"][0]
        mine = state(a, tid, tokens[seat])
        assert act(a, tid, tokens[seat], mine["legal"][0]).status_code == 200
    raise AssertionError("the table never reached its negotiation")


def phase_stored(b: Any, tid: str) -> str:
    """The table's phase as B reads it from storage (no request to A)."""
    return str(state(b, tid)["view"]["phase"])
