"""Three ``meeple serve`` processes over one PostgreSQL (docs/server.md, "Several
processes"): clients spread over them play Namibia and Africa 1880 to the end and
every seat sees every move in order; ``kill -9`` of one process loses no
acknowledged move, its tables' bots and phase clock resume on another process
(lease takeover) and its clients reconnect elsewhere and resync.

Needs MEEPLE_TEST_PG_URL (skipped without it; CI sets it). Leases last 1.5 s here.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any

import httpx
import psycopg
import pytest
from server_support import RELAXED_ARGS, Server, pg_url_or_skip
from websockets.sync.client import connect

from meeple.engine import GameRecord, get_game, verify
from meeple.server.cluster import libpq_url
from meeple.server.store import Store, normalize_url

LEASE = 1.5
pytestmark = pytest.mark.filterwarnings("ignore:connect\\(\\) must be used:DeprecationWarning")
ARGS = (*RELAXED_ARGS, f"--limit=lease_seconds={LEASE}")


@contextmanager
def cluster(count: int, bot_delay: float) -> Iterator[list[Server]]:
    """``count`` server processes on the test database, started side by side."""
    url = pg_url_or_skip()
    servers = [Server(url, bot_delay, ARGS) for _ in range(count)]
    try:
        for server in servers:
            server.launch()
        for server in servers:
            server.ready()
        yield servers
    finally:
        for server in servers:
            server.stop()


class Watcher:
    """One WebSocket of a seat (None: a spectator) on one server, read in a thread."""

    def __init__(self, server: Server, tid: str, token: str | None = None) -> None:
        self.server, self.tid, self.token = server, tid, token
        query = f"?token={token}" if token else ""
        self.ws = connect(f"ws://127.0.0.1:{server.port}/api/tables/{tid}/ws{query}", max_size=None)
        self.messages: list[dict[str, Any]] = []
        self.closed = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                self.messages.append(json.loads(text))
        except Exception:
            pass
        finally:
            self.closed.set()

    def states(self) -> list[dict[str, Any]]:
        return [m for m in list(self.messages) if m["type"] == "state"]

    def close(self) -> None:
        self.ws.close()


def events_in_order(states: list[dict[str, Any]]) -> list[tuple[str, str]]:
    """The log a client builds from its state messages, checking as it goes that each
    continues the last (``log_from`` is the last ``log_to``; 0 replaces the log on a
    new connection) and that versions only grow on one connection."""
    log: list[tuple[str, str]] = []
    at, version = 0, -1
    for message in states:
        if message["log_from"] == 0:
            log = []
        else:
            assert message["log_from"] == at, "a push skipped part of the log"
        assert message["version"] > version or message["log_from"] == 0
        version = message["version"]
        log += [(e["kind"], e["text"]) for e in message["events"]]
        at = message["log_to"]
    return log


def full_log(server: Server, tid: str, token: str | None) -> tuple[int, list[tuple[str, str]]]:
    snap = get(server, f"/api/tables/{tid}", **({"token": token} if token else {}))
    return snap["log_to"], [(e["kind"], e["text"]) for e in snap["events"]]


def saw_everything(watcher: Watcher, server: Server) -> None:
    """Rule of the server (docs/server.md, WebSocket protocol): the client's log, built
    from its pushes alone, is the seat's whole log in order."""
    log_to, expected = full_log(server, watcher.tid, watcher.token)
    deadline = time.time() + 10
    while not watcher.states() or watcher.states()[-1]["log_to"] < log_to:
        assert time.time() < deadline, (
            f"the last move was never pushed to {watcher.token and watcher.token[:4]} on"
            f" {watcher.server.port}: log {watcher.states()[-1]['log_to']} of {log_to},"
            f" closed {watcher.closed.is_set()}, over {watcher.states()[-1]['over']}"
        )
        time.sleep(0.02)
    got = events_in_order(watcher.states())
    pushes = [
        (m["log_from"], m["log_to"], m["version"], len(m["events"])) for m in watcher.states()
    ]
    assert got == expected, (
        f"seat {watcher.token and watcher.token[:4]} on {watcher.server.port}: {len(got)}"
        f" events of {len(expected)}; pushes (from, to, version, events): {pushes}"
    )


def get(server: Server, path: str, **params: Any) -> Any:
    r = server.http.get(path, params=params)
    assert r.status_code == 200, r.text
    return r.json()


def create(server: Server, game: str, seats: list[str], seed: int, **options: Any) -> Any:
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "options": options}
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def play(
    servers: list[Server],
    tid: str,
    tokens: dict[str, str],
    rng: random.Random,
    *,
    strict: bool,
    until: Callable[[dict[str, Any]], bool] = lambda snap: bool(snap["over"]),
    wait_for_clock: bool = False,
    acked: list[tuple[int, str]] | None = None,
    timeout: float = 40.0,
) -> dict[str, Any]:
    """Play random legal moves for the human seats, each read from one random server
    and sent to another, until ``until``. ``strict``: every move must be accepted
    (no other actor can change the seat's decision meanwhile), which proves every
    process shows a seat the same versions. ``wait_for_clock``: never act while a
    phase clock runs (the clock must end the phase). Accepted moves go to ``acked``."""
    deadline = time.time() + timeout
    snap: dict[str, Any] = get(rng.choice(servers), f"/api/tables/{tid}")
    while True:
        assert time.time() < deadline, "the game did not reach its goal in time"
        if until(snap):
            return snap
        humans = [s for s in snap["to_act"] if str(s) in tokens]
        if snap["over"] or not humans or (wait_for_clock and snap["deadline"] is not None):
            time.sleep(0.02)
            snap = get(rng.choice(servers), f"/api/tables/{tid}")
            continue
        seat = rng.choice(humans)
        token = tokens[str(seat)]
        snap = mine = get(rng.choice(servers), f"/api/tables/{tid}", token=token)
        if not mine["legal"] or until(mine):
            continue
        action = rng.choice(mine["legal"])
        body = {"token": token, "action": action, "version": mine["version"]}
        try:
            r = rng.choice(servers).http.post(f"/api/tables/{tid}/actions", json=body)
        except httpx.HTTPError:
            continue  # (a server killed under this request: not acknowledged)
        if strict:
            assert r.status_code == 200, r.text
        else:
            assert r.status_code in (200, 409, 422), r.text
        if r.status_code == 200:
            snap = r.json()  # the seat's state after its move: who is to act now
            if acked is not None:
                acked.append((seat, action))


class Negotiations:
    """Africa 1880's timed negotiations seen by a player, told apart by deadline."""

    def __init__(self) -> None:
        self.deadlines: set[float] = set()

    def running(self, count: int) -> Callable[[dict[str, Any]], bool]:
        """A goal for ``play``: the ``count``-th negotiation seen is running."""

        def reached(snap: dict[str, Any]) -> bool:
            if snap["deadline"] is not None:
                self.deadlines.add(snap["deadline"])
            return len(self.deadlines) >= count and snap["deadline"] is not None

        return reached


def lease_holder(table_id: str) -> int:
    """The pid of the process holding ``table_id``'s lease (waiting a moment for one:
    a process asks for it right after loading the table)."""
    deadline = time.time() + 10
    with psycopg.connect(libpq_url(normalize_url(pg_url_or_skip()))) as db:
        while True:
            row = db.execute(
                "SELECT n.name FROM meeple_leases l JOIN meeple_nodes n ON n.id = l.holder"
                " WHERE l.key = %s AND l.expires > extract(epoch from clock_timestamp())",
                (table_id,),
            ).fetchone()
            if row is not None:
                return int(str(row[0]).rsplit(" ", 1)[1])
            assert time.time() < deadline, f"nobody holds the lease of {table_id}"
            time.sleep(0.05)


def server_of(servers: list[Server], pid: int) -> Server:
    return next(s for s in servers if s.proc is not None and s.proc.pid == pid)


def is_subsequence(part: list[Any], whole: list[Any]) -> bool:
    it = iter(whole)
    return all(any(item == other for other in it) for item in part)


def connected(watcher: Watcher) -> list[bool]:
    """Which seats the watcher was last told are connected (a presence message, or
    the seats of a state)."""
    for message in reversed(list(watcher.messages)):
        if message["type"] == "presence":
            return list(message["connected"])
        if message["type"] == "state":
            return [bool(seat["connected"]) for seat in message["seats"]]
    return []


def chat_seen(watcher: Watcher) -> set[str]:
    """The chat a client holds, as the table page builds it: each state's ``chat`` (the
    messages before it, a socket's first state included) replaces the list, and each
    ``chat`` message adds one."""
    held: dict[int, str] = {}
    for message in list(watcher.messages):
        if message["type"] == "state" and message.get("chat") is not None:
            held = {m["id"]: m["text"] for m in message["chat"]}
        elif message["type"] == "chat":
            held[message["message"]["id"]] = message["message"]["text"]
    return set(held.values())


def chat_and_presence_cross(servers: list[Server], made: Any, watchers: list[Watcher]) -> None:
    """Chat sent through one process reaches the sockets on the others, a private
    message only its recipient (docs/server.md, Talk): pushed, or in a socket's first
    state if sent before the socket was registered; presence counts the sockets
    of every process: each seat's socket is on another process, and every watcher
    learns that all three seats are connected."""
    tid, tokens = made["id"], made["tokens"]
    said = {"token": tokens["0"], "text": "hello all"}
    assert servers[1].http.post(f"/api/tables/{tid}/chat", json=said).status_code == 200
    private = {"token": tokens["0"], "text": "just you", "to": 1}
    assert servers[2].http.post(f"/api/tables/{tid}/chat", json=private).status_code == 200
    expected = {0: {"hello all", "just you"}, 1: {"hello all", "just you"}, 2: {"hello all"}}
    for seat, watcher in enumerate(watchers):
        want = expected.get(seat, {"hello all"})  # (the fourth is the spectator)
        deadline = time.time() + 10
        while True:
            texts = chat_seen(watcher)
            presence = connected(watcher)
            if texts >= want and presence == [True] * 3:
                break
            assert time.time() < deadline, f"watcher {seat}: chat {texts}, presence {presence}"
            time.sleep(0.02)
        assert texts == want


def test_three_processes_play_namibia_and_africa_to_the_end() -> None:
    """Every seat is watched over a socket on one process and plays by HTTP through
    random processes: Namibia among three people, Africa 1880 among two people and a
    bot (whose moves the lease holder plays). Chat and presence cross processes;
    each table ends; every watcher saw every move in order; the records replay."""
    rng = random.Random(15)
    with cluster(3, bot_delay=0.002) as servers:
        namibia = create(servers[0], "namibia", ["human"] * 3, seed=31)
        africa = create(
            servers[1], "africa1880", ["human", "random", "human"], seed=32, diplomacy_seconds=3600
        )
        watchers = []
        for made in (namibia, africa):
            for seat, token in made["tokens"].items():
                watchers.append(Watcher(servers[int(seat) % 3], made["id"], token))
            watchers.append(Watcher(servers[2], made["id"]))
        chat_and_presence_cross(servers, namibia, watchers[:4])
        # Both tables at once: their moves interleave on the processes.
        with ThreadPoolExecutor(2) as pool:
            games = [
                pool.submit(play, servers, namibia["id"], namibia["tokens"], rng, strict=True),
                pool.submit(
                    play, servers, africa["id"], africa["tokens"], random.Random(17), strict=False
                ),
            ]
            for future in games:
                future.result()
        for watcher in watchers:
            saw_everything(watcher, servers[(servers.index(watcher.server) + 1) % 3])
            watcher.close()
        for made in (namibia, africa):
            record = get(servers[2], f"/api/tables/{made['id']}/record")
            game = get_game(record["game"])
            assert game.is_over(verify(game, GameRecord.from_json(record)))


def test_kill_9_of_one_process_mid_game() -> None:
    """A bots' Namibia table and an Africa 1880 table of two people and a bot whose
    negotiation is timed (1 s; the people never act during it, so only the clock
    ends it) are driven by one process (they have bots from the start: the process
    creating them takes their leases). It is killed (SIGKILL) during the second
    negotiation. Another process takes both leases over: the bots play to the end and
    the clock ends that negotiation; every move acknowledged before the kill is
    stored; the killed process's sockets reconnect elsewhere and resync."""
    rng = random.Random(16)
    with cluster(3, bot_delay=0.03) as servers:
        bots = create(servers[0], "namibia", ["random"] * 3, seed=41)
        people = create(
            servers[0], "africa1880", ["human", "human", "random"], seed=42, diplomacy_seconds=1
        )
        holder = server_of(servers, lease_holder(bots["id"]))
        assert lease_holder(people["id"]) == lease_holder(bots["id"])
        watchers = [Watcher(server, bots["id"]) for server in servers]
        watchers += [
            Watcher(servers[int(seat)], people["id"], token)
            for seat, token in people["tokens"].items()
        ]
        acked: list[tuple[int, str]] = []
        # People play (never during a negotiation) until the second one is running.
        negotiations = Negotiations()
        play(
            servers,
            people["id"],
            people["tokens"],
            rng,
            strict=False,
            until=negotiations.running(2),
            wait_for_clock=True,
            acked=acked,
        )
        before = get(holder, f"/api/tables/{bots['id']}")
        assert not before["over"], "the bots finished before the kill: slow them down"
        holder.kill9()
        alive = [s for s in servers if s is not holder]
        taken = time.time()
        # Everything the dead process stored (its bots may have moved after ``before``).
        killed_at = get(alive[0], f"/api/tables/{bots['id']}")["version"]
        # The bots play on elsewhere, once the lease has lapsed.
        deadline = time.time() + 30
        while get(alive[0], f"/api/tables/{bots['id']}")["version"] == killed_at:
            assert time.time() < deadline, "nobody took the bots' table over"
            time.sleep(0.05)
        assert time.time() - taken < LEASE + 10
        assert server_of(alive, lease_holder(bots["id"])) in alive
        # Sockets of the dead process reconnect to a live one: a full state first.
        for i, watcher in enumerate(watchers):
            if watcher.server is holder:
                assert watcher.closed.wait(10)
                again = Watcher(alive[i % 2], watcher.tid, watcher.token)
                deadline = time.time() + 10
                while not again.states():
                    assert time.time() < deadline
                    time.sleep(0.02)
                assert again.states()[0]["log_from"] == 0
                again.messages[:0] = watcher.messages  # the client's whole story
                watchers[i] = again
        # The clock ends the negotiation running at the kill, on another process; the
        # people play on to the next one.
        play(
            alive,
            people["id"],
            people["tokens"],
            rng,
            strict=False,
            until=negotiations.running(3),
            wait_for_clock=True,
            acked=acked,
        )
        deadline = time.time() + 30
        while not get(alive[1], f"/api/tables/{bots['id']}")["over"]:
            assert time.time() < deadline, "the bots' table did not finish"
            time.sleep(0.05)
        record = get(alive[1], f"/api/tables/{bots['id']}/record")
        game = get_game("namibia")
        assert game.is_over(verify(game, GameRecord.from_json(record)))
        store = Store(pg_url_or_skip())
        try:
            stored = store.tables.load_table(people["id"])
        finally:
            store.close()
        assert stored is not None
        assert is_subsequence(acked, stored.moves), "an acknowledged move was lost"
        clock = [move for move in stored.moves[len(acked) :] if move not in acked]
        assert len(stored.moves) > len(acked) and clock, "the clock played nothing"
        for watcher in watchers:
            saw_everything(watcher, alive[0])
            watcher.close()


def alive_nodes() -> set[str]:
    with psycopg.connect(libpq_url(normalize_url(pg_url_or_skip()))) as db:
        rows = db.execute(
            "SELECT name FROM meeple_nodes WHERE expires > extract(epoch from clock_timestamp())"
        ).fetchall()
    return {str(row[0]) for row in rows}


def test_workers_share_one_port_as_a_cluster() -> None:
    """``meeple serve --workers 2`` (docs/server.md, Several processes): two processes
    on one port, each a node of the cluster; a table plays through the port."""
    url = pg_url_or_skip()
    before = alive_nodes()
    server = Server(url, 0.002, (*ARGS, "--workers", "2"))
    try:
        server.start()
        deadline = time.time() + 15
        while len(alive_nodes() - before) < 2:
            assert time.time() < deadline, f"nodes alive: {alive_nodes() - before}"
            time.sleep(0.1)
        made = create(server, "namibia", ["human", "random", "random"], seed=51)
        play(
            [server],
            made["id"],
            made["tokens"],
            random.Random(51),
            strict=False,
            until=lambda snap: int(snap["version"]) >= 12,
        )
    finally:
        if server.proc is not None:
            server.proc.terminate()  # (uvicorn stops its workers)
            server.proc.wait(timeout=30)
        server.stop()


def test_workers_need_postgresql(tmp_path: Any) -> None:
    """SQLite serves from one process: ``--workers 2`` with it is refused, saying why."""
    done = subprocess.run(
        [
            *(sys.executable, "-m", "meeple.cli.main", "serve", "--workers", "2"),
            *("--db", f"sqlite:///{tmp_path / 'x.db'}"),
        ],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert "several workers need PostgreSQL" in done.stdout + done.stderr
