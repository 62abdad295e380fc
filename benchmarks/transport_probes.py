"""Probes of the server's transport against abuse (issue 27, items 3, 4 and 7).

Each probe starts ``meeple serve`` (SQLite in a temporary directory, default limits
but for a high rate limit where said) on a free port, unless given ``--url`` (and,
for ``frames``, ``--server-pid``), and prints one line of figures:

* ``frames``: 30 WebSockets each send one text frame of 16 MiB - 1 byte; the server's
  resident memory before, at its highest while they send (sampled every 20 ms), and
  after, with how each socket ended.
* ``handshakes``: 20 WebSocket handshakes with a 9 KB request line and 20 with a
  9 KB header line; how many were answered (and with what) within 5 s.
* ``headers``: 200 connections send a request's headers one line a second; how many
  the server still holds open after ``--seconds`` (default 20).
* ``slow-client``: a spectator WebSocket that reads nothing (a 4 KB receive buffer)
  on an all-bot Namibia table playing fast, for ``--seconds``; then it reads what it
  was sent: whether the server closed it (and how), and whether a new socket gets the
  table's current version.
* ``pings``: 5,000 ping round trips over one socket; the server's CPU time per ping
  (the message path, with the default ``ws_rate`` raised).

    .venv/bin/python benchmarks/transport_probes.py frames
    .venv/bin/python benchmarks/transport_probes.py headers --seconds 60
    .venv/bin/python benchmarks/transport_probes.py slow-client --url http://127.0.0.1:8000
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import contextlib
import json
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time

import httpx
from load import free_port  # (benchmarks/ is the script's folder)

RAISED_RATE: tuple[str, ...] = ("--limit=http_rate=100000", "--limit=http_burst=100000")


def rss_mb(pid: int) -> float:
    """The resident memory of process ``pid`` in MB (Linux /proc)."""
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return -1.0


def start_server(
    args: tuple[str, ...], bot_delay: float = 0.4
) -> tuple[subprocess.Popen[bytes], str]:
    port = free_port()
    db = f"sqlite:///{tempfile.mkdtemp()}/probe.db"
    command = [sys.executable, "-m", "meeple.cli.main", "serve", "--port", str(port)]
    command += ["--db", db, "--bot-delay", str(bot_delay), *args]
    server = subprocess.Popen(command, stdout=subprocess.DEVNULL)
    base = f"http://127.0.0.1:{port}"
    deadline = time.time() + 60
    while time.time() < deadline:
        with contextlib.suppress(httpx.HTTPError):
            if httpx.get(f"{base}/api/games", timeout=1).status_code == 200:
                return server, base
        time.sleep(0.2)
    server.kill()
    raise SystemExit("the server did not start")


def handshake(host: str, path: str, extra: str = "") -> bytes:
    key = base64.b64encode(os.urandom(16)).decode()
    return (
        f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        f"Sec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n{extra}\r\n"
    ).encode()


def new_table(base: str, seats: list[object], game: str = "namibia") -> str:
    body = {"game": game, "players": len(seats), "seats": seats}
    r = httpx.post(f"{base}/api/tables", json=body, timeout=30)
    r.raise_for_status()
    return str(r.json()["id"])


async def probe_frames(base: str, pid: int, sockets: int = 30) -> None:
    """``sockets`` WebSockets, one 16 MiB - 1 frame each; the server's memory."""
    host, port = base.removeprefix("http://").split(":")
    tid = new_table(base, ["human"] * 3)
    size = 16 * 1024 * 1024 - 1
    payload = b"\0" * 4 + b"x" * size  # a zero mask, then the text (valid UTF-8)
    header = struct.pack("!BBQ", 0x81, 0x80 | 127, size)
    before = rss_mb(pid)
    peak = before
    sending = True

    async def sample() -> None:
        nonlocal peak
        while sending:
            peak = max(peak, rss_mb(pid))
            await asyncio.sleep(0.02)

    async def one() -> str:
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(handshake(host, f"/api/tables/{tid}/ws"))
        await reader.readuntil(b"\r\n\r\n")
        try:
            writer.write(header + payload)
            await writer.drain()
            received = await asyncio.wait_for(reader.read(), 30)
        except ConnectionError:
            return "reset"
        except TimeoutError:
            return "still open after 30 s"
        finally:
            writer.close()
        close = received.rfind(b"\x88")
        if close < 0 or close + 4 > len(received):
            return "closed without a close frame"
        return f"close {struct.unpack('!H', received[close + 2 : close + 4])[0]}"

    sampler = asyncio.create_task(sample())
    endings = await asyncio.gather(*(one() for _ in range(sockets)))
    await asyncio.sleep(1)
    sending = False
    await sampler
    counts = {e: endings.count(e) for e in sorted(set(endings))}
    print(
        f"{sockets} sockets x one {size + 1} B frame: server RSS {before:.1f} MB before,"
        f" {peak:.1f} MB at most while they sent, {rss_mb(pid):.1f} MB after; {counts}"
    )


async def probe_handshakes(base: str, each: int = 20) -> None:
    """Handshakes with a 9 KB request line and with a 9 KB header line: answered?"""
    host, port = base.removeprefix("http://").split(":")

    async def one(request: bytes) -> str:
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(request)
        try:
            line = await asyncio.wait_for(reader.readline(), 5)
        except TimeoutError:
            return "no answer in 5 s"
        finally:
            writer.close()
        return line.decode("latin-1").strip() or "closed without an answer"

    for what, request in (
        ("9 KB request line", handshake(host, "/api/tables/x/ws?token=" + "a" * 9000)),
        ("9 KB header line", handshake(host, "/api/tables/x/ws", f"X-A: {'b' * 9000}\r\n")),
    ):
        answers = await asyncio.gather(*(one(request) for _ in range(each)))
        counts = {a: answers.count(a) for a in sorted(set(answers))}
        print(f"{each} handshakes with a {what}: {counts}")


async def probe_headers(base: str, connections: int, seconds: float) -> None:
    """``connections`` requests whose headers come one line a second: still open?"""
    host, port = base.removeprefix("http://").split(":")
    opened = []
    for _ in range(connections):
        reader, writer = await asyncio.open_connection(host, int(port))
        writer.write(b"GET /api/games HTTP/1.1\r\nHost: probe\r\n")
        opened.append((reader, writer))
    started = time.monotonic()
    line = 0
    while time.monotonic() - started < seconds:
        await asyncio.sleep(1)
        line += 1
        for _, writer in opened:
            if not writer.is_closing():
                with contextlib.suppress(ConnectionError):
                    writer.write(f"X-Line-{line}: {line}\r\n".encode())
    still_open = 0
    for reader, writer in opened:
        try:  # what the server sent, up to its closing
            await asyncio.wait_for(reader.read(), 0.2)
        except TimeoutError:
            still_open += 1
        except ConnectionError:
            pass
        writer.close()
    print(
        f"{connections} connections sending a header line a second: {still_open} still open"
        f" after {seconds:.0f} s"
    )


async def move_and_take_back(base: str, tid: str, tokens: dict[str, str], stop: float) -> int:
    """Play the first legal action of the seat to act and take it back, again and
    again until ``stop`` (monotonic): every change is a new state for every socket."""
    changes = 0
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        while time.monotonic() < stop:
            seat = str((await http.get(f"/api/tables/{tid}")).json()["to_act"][0])
            mine = (await http.get(f"/api/tables/{tid}", params={"token": tokens[seat]})).json()
            body = {"token": tokens[seat], "action": mine["legal"][0], "version": mine["version"]}
            if (await http.post(f"/api/tables/{tid}/actions", json=body)).status_code == 200:
                await http.post(f"/api/tables/{tid}/undo", json={"token": tokens[seat]})
                changes += 2
    return changes


async def probe_slow_client(base: str, seconds: float, game: str, read_every: float) -> None:
    """A spectator reading one message every ``read_every`` s while the table changes
    faster (a move and its undo, over and over); then, if it is still open, whether it
    answers a ping and how far behind it is, and what a new socket gets."""
    from websockets.asyncio.client import connect
    from websockets.exceptions import ConnectionClosed

    host, port = base.removeprefix("http://").split(":")
    body = {"game": game, "players": 3, "seats": ["human"] * 3}
    created = httpx.post(f"{base}/api/tables", json=body, timeout=30).json()
    tid, tokens = created["id"], created["tokens"]
    sock = socket.socket()
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, 4096)
    sock.connect((host, int(port)))
    uri = f"ws://{host}:{port}/api/tables/{tid}/ws?svg=1"
    started = time.monotonic()
    driver = asyncio.create_task(move_and_take_back(base, tid, tokens, started + seconds))
    received, last_version, ended = 0, -1, ""
    async with connect(uri, sock=sock, max_queue=1, max_size=None) as slow:
        try:
            while time.monotonic() - started < seconds:
                left = seconds - (time.monotonic() - started)
                try:
                    message = json.loads(await asyncio.wait_for(slow.recv(), max(left, 0.01)))
                except TimeoutError:
                    break  # nothing more was sent in the time left
                received += 1
                last_version = message.get("version", last_version)
                await asyncio.sleep(read_every)
            await slow.send(json.dumps({"type": "ping", "id": "probe"}))
            while True:  # now reading at full speed: the reply to its ping?
                message = json.loads(await asyncio.wait_for(slow.recv(), 5))
                received += 1
                last_version = message.get("version", last_version)
                if message.get("type") == "pong":
                    ended = "still open and answering (pong)"
                    break
        except TimeoutError:
            ended = "still open and silent: no pong within 5 s"
        except ConnectionClosed as exc:
            ended = f"closed by the server after {time.monotonic() - started:.0f} s ({exc})"
    changes = await driver
    now = httpx.get(f"{base}/api/tables/{tid}").json()["version"]
    async with connect(f"ws://{host}:{port}/api/tables/{tid}/ws") as again:
        fresh = json.loads(await again.recv())
    print(
        f"a spectator reading a message every {read_every:g} s for {seconds:.0f} s while"
        f" {changes} changes were made to a {game} table: it read {received} messages,"
        f" the last at version {last_version} (the table's: {now}); it was {ended}; a new"
        f" socket's first state: version {fresh['version']}"
    )


def cpu_seconds(pid: int) -> float:
    """The user and system CPU time of process ``pid`` so far (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as stat:
        fields = stat.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


async def probe_pings(base: str, pid: int, count: int = 5000) -> None:
    """``count`` ping round trips over one socket; the server's CPU time per ping."""
    from websockets.asyncio.client import connect

    tid = new_table(base, ["human"] * 3)
    async with connect(base.replace("http://", "ws://") + f"/api/tables/{tid}/ws?svg=1") as ws:
        await ws.recv()
        cpu, started = cpu_seconds(pid), time.perf_counter()
        for _ in range(count):
            await ws.send('{"type": "ping", "id": 1}')
            while json.loads(await ws.recv())["type"] != "pong":
                pass
        cpu, wall = cpu_seconds(pid) - cpu, time.perf_counter() - started
    print(
        f"{count} ping round trips over one socket: server CPU {cpu / count * 1e6:.0f} µs"
        f" each, {wall / count * 1e6:.0f} µs wall"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "probe", choices=("frames", "handshakes", "headers", "slow-client", "pings")
    )
    parser.add_argument("--url", help="an already running server (default: start one)")
    parser.add_argument("--server-pid", type=int, help="with --url: the server's process id")
    parser.add_argument("--seconds", type=float, default=20.0, help="headers, slow-client")
    parser.add_argument("--connections", type=int, default=200, help="headers")
    parser.add_argument("--game", default="namibia", help="slow-client: the table's game")
    parser.add_argument(
        "--read-every", type=float, default=0.02, help="slow-client: seconds between reads"
    )
    args = parser.parse_args()
    server = None
    base = args.url
    if base is None:
        limits = RAISED_RATE
        if args.probe == "pings":
            limits += ("--limit=ws_rate=1e6", "--limit=ws_burst=1e6")
        server, base = start_server(limits, bot_delay=0.0)
    pid = server.pid if server is not None else args.server_pid
    try:
        if args.probe in ("frames", "pings"):
            if pid is None:
                parser.error(f"{args.probe} with --url needs --server-pid")
            asyncio.run((probe_frames if args.probe == "frames" else probe_pings)(base, pid))
        elif args.probe == "handshakes":
            asyncio.run(probe_handshakes(base))
        elif args.probe == "headers":
            asyncio.run(probe_headers(base, args.connections, args.seconds))
        else:
            asyncio.run(probe_slow_client(base, args.seconds, args.game, args.read_every))
    finally:
        if server is not None:
            server.kill()
            server.wait()


if __name__ == "__main__":
    main()
