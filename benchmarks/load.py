"""Load benchmark of the web server: many tables playing at once, with spectators.

By default it starts ``meeple serve`` (uvicorn, SQLite in a temporary directory) on
a free port, creates ``--tables`` Namibia tables whose every seat is played by this
script over WebSockets (the browser's path), connects ``--spectators`` spectator
WebSockets per table (asking for the SVG board, as the browser does), and plays
one action per table per second for ``--duration`` seconds. It prints the move
round trip (action sent -> ack after the move is stored) at p50/p95/p99, the delay
until spectators see the move, and every error.

    .venv/bin/python benchmarks/load.py                    # 90 tables, 2 spectators, 60 s
    .venv/bin/python benchmarks/load.py --url http://127.0.0.1:8000 --tables 10
    .venv/bin/python benchmarks/load.py --tables 3 --spectators 0 --bot-tables 6 --duration 30

``--probe memory`` instead measures the server's memory (RSS) before and after
20,000 requests for unknown table ids over 10 connections (``--probe-requests``;
half of them 60 KB ids as in issue 10, half well-formed ids; the rate limit
raised so that every request reaches the server's routing); ``--probe rate``, how
many requests per second the server accepts (200) from one address over 10
connections for 5 s, with its default limits. Both start their own server unless
given ``--url`` (and, for memory, ``--server-pid``).

``--processes N`` starts N ``meeple serve`` processes on one database (``--db``, a
PostgreSQL URL when N > 1: the cluster form, docs/server.md) and spreads the
clients over them: table i is created on process i mod N, its seat s and its
spectators connect to processes (i + s) mod N and onwards, so every move crosses
processes. ``--sweep 30,60,90`` runs one measurement per table count (``--duration``
each, fresh tables, same processes) and names the largest count served at p95 <= 50
ms.

``--bot-tables N`` also runs N Namibia tables whose three seats are ``hard`` bots
(``--bot-level``), so the round trip shows what people's moves cost while bots
think. All the clients come from one address, so the server it starts is given
limits that stand for many clients (``SERVER_LIMITS``).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
import orjson
from websockets.asyncio.client import ClientConnection, connect

# The benchmark's clients all come from 127.0.0.1: it stands for many people.
SERVER_LIMITS = {
    "http_rate": "1000000",
    "http_burst": "1000000",
    "ws_rate": "1000000",
    "ws_burst": "1000000",
    "tables_per_hour": "1000000",
    "open_tables": "1000000",
    "bot_tables_per_address": "1000000",
    "ws_per_address": "1000000",
    "loaded_tables": "100000",
}


@dataclass
class Stats:
    rtt: list[float] = field(default_factory=list)
    spectator_delay: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    moves: int = 0


@dataclass
class Seat:
    ws: ClientConnection
    state: dict[str, Any] = field(default_factory=dict)
    changed: asyncio.Event = field(default_factory=asyncio.Event)
    acks: dict[int, asyncio.Future[dict[str, Any]]] = field(default_factory=dict)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    k = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[k]


async def reader(seat: Seat, stats: Stats, stop: asyncio.Event) -> None:
    try:
        while True:
            raw = await seat.ws.recv(decode=False)  # bytes: orjson needs no str
            message = orjson.loads(raw)
            kind = message.get("type")
            if kind == "state":
                held = (seat.state or {}).get("version", -1)
                if message.get("version", 0) < held:
                    # A push older than one already received: the server's order broke.
                    stats.errors.append(f"push out of order: {message.get('version')} < {held}")
                    continue
                seat.state = message
                seat.changed.set()
            elif kind in ("ack", "error"):
                future = seat.acks.pop(message.get("id"), None)
                if future is not None and not future.done():
                    future.set_result(message)
                if kind == "error":
                    stats.errors.append(f"error: {message.get('status')} {message.get('detail')}")
    except Exception as exc:
        if not stop.is_set():
            stats.errors.append(f"player connection lost: {exc!r}")


async def spectator(
    url: str, sent: dict[int, float], stats: Stats, stop: asyncio.Event, ready: asyncio.Event
) -> None:
    try:
        async with connect(url, max_size=2**22, open_timeout=60, compression=None) as ws:
            ready.set()
            while True:
                message = orjson.loads(await ws.recv(decode=False))
                if message.get("type") == "state":
                    started = sent.pop(message["version"], None)
                    if started is not None:
                        stats.spectator_delay.append(time.perf_counter() - started)
                if stop.is_set():
                    return
    except Exception as exc:
        ready.set()
        if not stop.is_set():
            stats.errors.append(f"spectator connection lost: {exc!r}")


async def table(
    bases: list[str],
    http: httpx.AsyncClient,
    index: int,
    args: argparse.Namespace,
    stats: Stats,
    stop: asyncio.Event,
    go: asyncio.Event,
    setup_done: list[int],
) -> None:
    rng = random.Random(index)
    home = bases[index % len(bases)]
    r = await http.post(
        home + "/api/tables",
        # (no seed: a table of people may not choose one; docs/server.md, "Chance")
        json={"game": "namibia", "players": 3, "seats": ["human"] * 3},
    )
    r.raise_for_status()
    made = r.json()
    tid = made["id"]

    def ws_base(k: int) -> str:
        """The socket URL of this table on the process ``index + k`` (round robin)."""
        base = bases[(index + k) % len(bases)]
        return base.replace("http", "ws", 1) + f"/api/tables/{tid}/ws"

    seats: dict[int, Seat] = {}
    tasks = []
    for s, token in made["tokens"].items():
        ws = await connect(
            f"{ws_base(int(s))}?token={token}", max_size=2**22, open_timeout=60, compression=None
        )
        seats[int(s)] = Seat(ws)
        tasks.append(asyncio.create_task(reader(seats[int(s)], stats, stop)))
    sent: dict[int, float] = {}
    readies = []
    for k in range(args.spectators):
        ready = asyncio.Event()
        readies.append(ready)
        url = ws_base(k + 1) + ("?svg=1" if args.spectator_svg else "")
        tasks.append(asyncio.create_task(spectator(url, sent, stats, stop, ready)))
    for ready in readies:
        await ready.wait()
    setup_done.append(index)
    await go.wait()
    await asyncio.sleep(rng.random() / args.rate)
    next_at = time.perf_counter()
    message_id = 0
    while not stop.is_set():
        next_at += 1 / args.rate
        actor = None
        for seat in seats.values():
            st = seat.state
            if st and st.get("legal") and not st.get("over"):
                actor = seat
                break
        if actor is None:
            if any(s.state.get("over") for s in seats.values()):
                break
            await asyncio.sleep(0.01)
            next_at = time.perf_counter()
            continue
        st = actor.state
        message_id += 1
        future: asyncio.Future[dict[str, Any]] = asyncio.get_running_loop().create_future()
        actor.acks[message_id] = future
        actor.changed.clear()
        body = {
            "type": "action",
            "id": message_id,
            "action": rng.choice(st["legal"]),
            "version": st["version"],
        }
        started = time.perf_counter()
        sent[st["version"] + 1] = started
        await actor.ws.send(json.dumps(body))
        try:
            reply = await asyncio.wait_for(future, timeout=10)
        except TimeoutError:
            stats.errors.append("timeout waiting for an ack")
            continue
        if reply.get("type") == "ack":
            stats.rtt.append(time.perf_counter() - started)
            stats.moves += 1
            # Wait until every seat has seen the new version before deciding again.
            for seat in seats.values():
                while seat.state.get("version", -1) < reply["version"] and not stop.is_set():
                    seat.changed.clear()
                    try:
                        await asyncio.wait_for(seat.changed.wait(), timeout=10)
                    except TimeoutError:
                        stats.errors.append("timeout waiting for a state push")
                        break
        delay = next_at - time.perf_counter()
        if delay > 0:
            await asyncio.sleep(delay)
    for seat in seats.values():
        await seat.ws.close()
    for task in tasks:
        task.cancel()


async def bot_tables(bases: list[str], http: httpx.AsyncClient, count: int, level: str) -> None:
    """``count`` Namibia tables of three ``level`` bots, playing on their own."""
    for index in range(count):
        body = {"game": "namibia", "players": 3, "seats": [level] * 3, "seed": 5000 + index}
        r = await http.post(bases[index % len(bases)] + "/api/tables", json=body)
        r.raise_for_status()


async def run(bases: list[str], args: argparse.Namespace) -> Stats:
    stats = Stats()
    stop, go = asyncio.Event(), asyncio.Event()
    setup_done: list[int] = []
    limits = httpx.Limits(max_connections=20)
    async with httpx.AsyncClient(timeout=60, limits=limits) as http:
        await bot_tables(bases, http, args.bot_tables, args.bot_level)
        tasks = [
            asyncio.create_task(table(bases, http, i, args, stats, stop, go, setup_done))
            for i in range(args.tables)
        ]
        while len(setup_done) < args.tables:
            failed = [t for t in tasks if t.done() and t.exception()]
            if failed:
                raise RuntimeError(f"setup failed: {failed[0].exception()!r}")
            await asyncio.sleep(0.1)
        print(
            f"{args.tables} tables, {args.tables * 3} player and"
            f" {args.tables * args.spectators} spectator WebSockets connected; playing"
            f" {args.rate:g} action/s per table for {args.duration:g} s"
            f" ({args.bot_tables} tables of {args.bot_level} bots alongside;"
            f" {len(bases)} server process{'es' if len(bases) > 1 else ''})",
            flush=True,
        )
        go.set()
        await asyncio.sleep(args.duration)
        stop.set()
        await asyncio.sleep(0.5)
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    return stats


def rss_kb(pid: int) -> int:
    """The resident memory of process ``pid``, in KB (Linux /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return -1


async def raw_get(reader: asyncio.StreamReader, writer: asyncio.StreamWriter, path: str) -> int:
    """One keep-alive HTTP/1.1 GET on a raw connection (httpx takes ~13 ms to build a
    60 KB URL: the client, not the server, would be measured); its status."""
    writer.write(f"GET {path} HTTP/1.1\r\nHost: bench\r\n\r\n".encode())
    await writer.drain()
    head = await reader.readuntil(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(":")
        if name.lower() == "content-length":
            length = int(value)
    await reader.readexactly(length)
    return int(lines[0].split()[1])


async def probe_memory(base: str, pid: int, requests: int) -> None:
    """The server's memory before and after ``requests`` unknown-id requests."""
    host, port = base.removeprefix("http://").split(":")
    before = rss_kb(pid)
    codes: dict[int, int] = {}

    async def unknown(worker: int) -> None:
        reader, writer = await asyncio.open_connection(host, int(port))
        for i in range(worker, requests, 10):
            tid = f"{i:012x}" if i % 2 else f"{i:06d}" + "x" * 60_000
            try:
                status = await raw_get(reader, writer, f"/api/tables/{tid}")
            except (asyncio.IncompleteReadError, ConnectionError):
                status = 0  # the server closed the connection: open another
                writer.close()
                reader, writer = await asyncio.open_connection(host, int(port))
            codes[status] = codes.get(status, 0) + 1
        writer.close()

    started = time.perf_counter()
    await asyncio.gather(*(unknown(w) for w in range(10)))
    took = time.perf_counter() - started
    print(
        f"{requests} unknown-id requests (half with 60 KB ids) over 10 connections in"
        f" {took:.1f} s: {codes}; server RSS {before / 1024:.1f} MB ->"
        f" {rss_kb(pid) / 1024:.1f} MB"
    )


async def probe_rate(base: str) -> None:
    """Requests accepted per second from one address over 10 connections."""
    clients = [httpx.AsyncClient(base_url=base, timeout=30) for _ in range(10)]
    accepted: dict[int, int] = {}
    stop_at = time.perf_counter() + 5

    async def hammer(client: httpx.AsyncClient) -> None:
        while time.perf_counter() < stop_at:
            r = await client.get("/api/games")
            accepted[r.status_code] = accepted.get(r.status_code, 0) + 1

    await asyncio.gather(*(hammer(c) for c in clients))
    for client in clients:
        await client.aclose()
    print(
        f"one address, 10 connections, 5 s: {accepted}; accepted {accepted.get(200, 0) / 5:.0f}/s"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--db", help="database URL for the started server (default: SQLite)")
    parser.add_argument("--tables", type=int, default=90)
    parser.add_argument("--spectators", type=int, default=2)
    parser.add_argument("--rate", type=float, default=1.0, help="actions per second per table")
    parser.add_argument("--duration", type=float, default=60.0, help="seconds of play")
    parser.add_argument(
        "--spectator-svg",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="spectators ask for the SVG board, as the browser does",
    )
    parser.add_argument("--bot-tables", type=int, default=0, help="tables of bots alongside")
    parser.add_argument(
        "--processes", type=int, default=1, help="server processes on one database (cluster)"
    )
    parser.add_argument("--sweep", help="table counts to measure one after another, e.g. 30,60")
    parser.add_argument(
        "--probe", choices=("memory", "rate"), help="measure abuse from one address instead"
    )
    parser.add_argument("--probe-requests", type=int, default=20_000)
    parser.add_argument("--server-pid", type=int, help="with --url: the server's process id")
    parser.add_argument("--bot-level", default="hard", help="the level of those bots")
    parser.add_argument(
        "--client-nice", type=int, default=0, help="niceness of this client process (0: none)"
    )
    args = parser.parse_args()

    servers: list[subprocess.Popen[bytes]] = []
    bases = [args.url] if args.url else []
    if args.url is None:
        db = args.db or f"sqlite:///{tempfile.mkdtemp()}/load.db"
        if args.processes > 1 and db.startswith("sqlite"):
            parser.error("--processes above 1 needs --db postgresql://... (the cluster form)")
        limits = [f"--limit={n}={v}" for n, v in SERVER_LIMITS.items()]
        if args.probe == "rate":
            limits = []  # the defaults
        for _ in range(args.processes):
            port = free_port()
            servers.append(
                subprocess.Popen(
                    [
                        *(sys.executable, "-m", "meeple.cli.main", "serve"),
                        *("--port", str(port), "--db", db, *limits),
                    ],
                    stdout=subprocess.DEVNULL,
                )
            )
            bases.append(f"http://127.0.0.1:{port}")
        for base in bases:
            wait_ready(base)
    if args.client_nice:
        # The clients stand for browsers on other machines: let the server go first.
        os.nice(args.client_nice)
    try:
        if args.probe == "memory":
            pid = servers[0].pid if servers else args.server_pid
            assert pid, "--probe memory with --url needs --server-pid"
            asyncio.run(probe_memory(bases[0], pid, args.probe_requests))
            return
        if args.probe == "rate":
            asyncio.run(probe_rate(bases[0]))
            return
        counts = [int(c) for c in args.sweep.split(",")] if args.sweep else [args.tables]
        served = []
        for count in counts:
            args.tables = count
            print(f"load average {os.getloadavg()[0]:.1f}", flush=True)
            stats = asyncio.run(run(bases, args))
            p95 = report(stats, args)
            if not stats.errors and p95 <= 50.0:
                served.append(count)
        if args.sweep:
            best = max(served) if served else 0
            print(f"tables served at p95 <= 50 ms with {len(bases)} process(es): {best}")
    finally:
        for server in servers:
            server.terminate()
            server.wait(timeout=10)


def wait_ready(base: str) -> None:
    for _ in range(300):
        try:
            if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            time.sleep(0.1)


def report(stats: Stats, args: argparse.Namespace) -> float:
    """Print one measurement; returns the move round trip's p95 in ms."""
    ms = [x * 1000 for x in stats.rtt]
    spec = [x * 1000 for x in stats.spectator_delay]
    print(f"moves: {stats.moves} ({stats.moves / args.duration:.1f}/s)")
    if ms:
        print(
            f"move round trip ms: p50 {percentile(ms, 50):.1f}  p95 {percentile(ms, 95):.1f}"
            f"  p99 {percentile(ms, 99):.1f}  max {max(ms):.1f}  mean {statistics.mean(ms):.1f}"
        )
    if spec:
        print(
            f"spectator sees the move ms: p50 {percentile(spec, 50):.1f}"
            f"  p95 {percentile(spec, 95):.1f}  p99 {percentile(spec, 99):.1f}"
        )
    print(f"errors: {len(stats.errors)}", flush=True)
    for line in sorted(set(stats.errors))[:20]:
        print("  ", line)
    return percentile(ms, 95) if ms else float("inf")


if __name__ == "__main__":
    main()
