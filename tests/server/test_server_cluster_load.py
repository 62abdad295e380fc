"""Notifications about a table that is being loaded (docs/server.md, "Several
processes", Pushes): two apps on one PostgreSQL in this test process, A and B.

A loads a table (a WebSocket opens on it) and is held between reading the stored
table and putting its copy in place, while B stores a move and a chat message of
that table. A's listener hears both notifications while it holds no copy to tell;
once the copy is in place, A must still take both, so its socket's first state
shows the move and the message. The second test holds A after the copy is in place
but before the socket is registered (the gap a load-time catch-up would widen).

Needs MEEPLE_TEST_PG_URL (skipped without it; CI sets it).
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from server_support import RELAXED, create, pg_url_or_skip, state, test_client

from meeple.server import cluster
from meeple.server.app import create_app
from meeple.server.hub import Hub
from meeple.server.tables import Table

pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
WAIT = 15.0  # seconds: generous on the shared machine; a pass takes well under one


def wait_for(condition: Callable[[], bool], what: str) -> None:
    deadline = time.time() + WAIT
    while not condition():
        assert time.time() < deadline, what
        time.sleep(0.01)


@contextmanager
def two_apps(monkeypatch: pytest.MonkeyPatch) -> Iterator[tuple[Any, Any, Hub, list[str]]]:
    """Two apps (A, B) on the test database, and the notifications A's listener hears."""
    url = pg_url_or_skip()
    app_a, app_b = create_app(url, limits=RELAXED), create_app(url, limits=RELAXED)
    hub_a: Hub = app_a.state.hub
    heard: list[str] = []
    dispatch = cluster.dispatch

    def spy(handlers: cluster.Handlers, payload: str) -> None:
        if getattr(handlers.changed, "__self__", None) is hub_a.membership:
            heard.append(payload)
        dispatch(handlers, payload)

    monkeypatch.setattr(cluster, "dispatch", spy)
    with test_client(app_a) as a, test_client(app_b) as b:
        yield a, b, hub_a, heard


def move_and_chat_on_b(b: Any, tid: str, tokens: dict[int, str], heard: list[str]) -> int:
    """B stores the next move and a chat message of ``tid``; returns once A's listener
    has heard both. Returns the stored version after the move."""
    actor = state(b, tid)["to_act"][0]
    mine = state(b, tid, tokens[actor])
    body = {"token": tokens[actor], "action": mine["legal"][0], "version": mine["version"]}
    r = b.post(f"/api/tables/{tid}/actions", json=body)
    assert r.status_code == 200, r.text
    r = b.post(f"/api/tables/{tid}/chat", json={"token": tokens[0], "text": "said meanwhile"})
    assert r.status_code == 200, r.text
    message_id = r.json()["id"]
    version = int(b.app.state.hub.tables[tid].version)
    wait_for(
        lambda: {f"m {tid} {version}", f"c {tid} {message_id}"} <= set(heard),
        f"A's listener never heard the move and the chat: {heard}",
    )
    return version


def first_messages(ws: Any) -> list[dict[str, Any]]:
    """What the socket received up to the answer to a ping sent now."""
    ws.send_json({"type": "ping", "id": "end"})
    messages: list[dict[str, Any]] = []
    while True:
        message = ws.receive_json()
        if message.get("type") == "pong":
            return messages
        messages.append(message)


def check_socket_saw_both(
    messages: list[dict[str, Any]], b: Any, tid: str, token: str, hub_a: Hub
) -> None:
    """The socket's states end at the seat's current version and log, and the chat
    message reached it (in a state's chat or as a chat message)."""
    expected = state(b, tid, token)
    states = [m for m in messages if m["type"] == "state"]
    assert states, messages
    last = states[-1]
    assert (last["version"], last["log_to"]) == (expected["version"], expected["log_to"]), (
        "the socket on A never got the move B stored while A loaded the table:"
        f" it holds version {last['version']}, log {last['log_to']};"
        f" the seat is at {expected['version']}, log {expected['log_to']}"
    )
    texts = [c["text"] for m in states for c in m.get("chat") or []]
    texts += [m["message"]["text"] for m in messages if m["type"] == "chat"]
    assert "said meanwhile" in texts, f"the chat never reached the socket on A: {messages}"


def test_a_move_and_a_chat_stored_while_the_table_loads_reach_its_socket(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """B's move and chat are stored, and notified, after A read the table from storage
    and before A's copy is in place: A's table catches up and its socket sees both."""
    read, go = threading.Event(), threading.Event()
    with two_apps(monkeypatch) as (a, b, hub_a, heard):
        rebuild = hub_a.seats._rebuild

        def held(stored: Any) -> Table:
            read.set()  # storage is read; the copy is not in place until ``go``
            assert go.wait(WAIT)
            return rebuild(stored)

        monkeypatch.setattr(hub_a.seats, "_rebuild", held)
        tid, tokens = create(b, "namibia")
        with a.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[1]}") as ws:
            assert read.wait(WAIT), "A never read the table"
            version = move_and_chat_on_b(b, tid, tokens, heard)
            go.set()
            wait_for(
                lambda: tid in hub_a.tables and hub_a.tables[tid].version == version,
                f"A's copy of the table never reached version {version}, stored (and"
                " notified) while A was loading it",
            )
            check_socket_saw_both(first_messages(ws), b, tid, tokens[1], hub_a)


def test_a_move_and_a_chat_stored_before_the_socket_is_registered_reach_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A's copy is in place but its new socket is not registered yet (held where the
    socket handler marks the seat taken) when B stores a move and a chat: the
    socket's first state, or the pushes after it, show both."""
    reached, go = threading.Event(), threading.Event()
    with two_apps(monkeypatch) as (a, b, hub_a, heard):
        arrived = hub_a.seats.arrived

        async def held(table: Table, seat: int | None) -> None:
            reached.set()
            while not go.is_set():
                await asyncio.sleep(0.005)
            await arrived(table, seat)

        monkeypatch.setattr(hub_a.seats, "arrived", held)
        tid, tokens = create(b, "namibia")
        with a.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[2]}") as ws:
            assert reached.wait(WAIT), "A's socket handler never got the table"
            move_and_chat_on_b(b, tid, tokens, heard)
            go.set()
            expected = state(b, tid, tokens[2])
            wait_for(
                lambda: hub_a.tables[tid].seen.get(2) == expected["version"],
                "A's copy never caught up with the move stored before the socket registered",
            )
            check_socket_saw_both(first_messages(ws), b, tid, tokens[2], hub_a)


def test_a_move_notified_while_the_copy_catches_up_is_taken_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A holds the table with a socket. B stores a move; A catches up, and is held
    after reading the stored changes while B stores a second move, which A's listener
    hears meanwhile. A must take the second move too (a copy marked behind during its
    read stays behind), and its socket must see it."""
    with two_apps(monkeypatch) as (a, b, hub_a, heard):
        tid, tokens = create(b, "namibia")
        with a.websocket_connect(f"/api/tables/{tid}/ws?token={tokens[2]}") as ws:
            first_messages(ws)  # registered on A
            store_a = hub_a.store.tables
            load_changes = store_a.load_changes
            armed, read, go = threading.Event(), threading.Event(), threading.Event()

            def held(*args: Any) -> Any:
                changes = load_changes(*args)
                if armed.is_set() and not read.is_set():
                    read.set()  # read; A takes it only after ``go``
                    assert go.wait(WAIT)
                return changes

            monkeypatch.setattr(store_a, "load_changes", held)
            armed.set()
            play_one(b, tid, tokens)
            assert read.wait(WAIT), "A never caught up with B's first move"
            version = play_one(b, tid, tokens)
            wait_for(lambda: f"m {tid} {version}" in heard, f"A never heard version {version}")
            go.set()
            wait_for(
                lambda: hub_a.tables[tid].version == version,
                f"A's copy never reached version {version}: the move notified while it"
                " caught up with the one before was never taken",
            )
            expected = state(b, tid, tokens[2])
            states = [m for m in first_messages(ws) if m["type"] == "state"]
            assert states and states[-1]["log_to"] == expected["log_to"], states


def play_one(b: Any, tid: str, tokens: dict[int, str]) -> int:
    """B plays the next seat's first legal action; returns the stored version."""
    actor = state(b, tid)["to_act"][0]
    mine = state(b, tid, tokens[actor])
    body = {"token": tokens[actor], "action": mine["legal"][0], "version": mine["version"]}
    r = b.post(f"/api/tables/{tid}/actions", json=body)
    assert r.status_code == 200, r.text
    return int(b.app.state.hub.tables[tid].version)


def test_a_read_of_the_stored_version_never_marks_a_copy_up_to_date(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A read (``GET``) compares the stored version first. If a notification marked the
    copy behind while that comparison was under way (it read the version before the
    change), the copy must stay behind: its refresh, waiting for the table's lock,
    would otherwise find nothing to do and its sockets would miss the push."""
    with two_apps(monkeypatch) as (a, b, hub_a, _heard):
        tid, _tokens = create(b, "namibia")
        state(a, tid)  # A holds the table, at the stored version
        table = hub_a.tables[tid]

        async def read_while_notified() -> bool:
            table.behind = True  # as a notification during the read would
            await hub_a.moves.sync.moved(table)
            return table.behind

        assert a.portal is not None
        assert a.portal.call(read_while_notified), "the read marked the copy up to date"
