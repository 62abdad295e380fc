"""Probe of CPU abuse (issue 27, items 5 and 6): what a person's moves cost while two
other addresses hammer the replay endpoint and fill the server with tables of bots.

It starts ``meeple serve`` (SQLite in a temporary directory, the default limits but
``--limit loaded_tables=40`` as in the issue, the default bot delay), prepares a few
finished games (played quickly by this script from an address of its own), then for
``--duration`` seconds:

* the person (127.0.0.1) plays a Namibia table of three people, one move every 0.2 s
  by HTTP, timing each move's round trip (request sent -> answer, the move stored);
  plays its seat at a table with two ``hard`` bots, counting the bots' moves per
  second; and tries to create and open a table every 2 s;
* each of two attackers (127.0.0.2 and 127.0.0.3, ``--attackers``) creates tables
  of three ``hard`` bots as fast as the server lets it, and asks for replay steps of
  the finished games (random plies, SVG boards) at 45 requests per second.

``--no-attack`` measures the person alone (the baseline); ``--only replays`` or
``--only bots``, one attack alone. ``--tree DIR`` runs the
server from another checkout (e.g. a ``git worktree`` of an older commit), to
compare before and after on the same machine in the same minutes.

    .venv/bin/python benchmarks/abuse_cpu.py                  # 30 s under attack
    .venv/bin/python benchmarks/abuse_cpu.py --no-attack      # the baseline
    .venv/bin/python benchmarks/abuse_cpu.py --tree /tmp/old  # the same, older server
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import subprocess
import sys
import tempfile
import time
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

import httpx
from load import free_port, percentile  # (benchmarks/ is the script's folder)

PERSON = "127.0.0.1"
# The finished games are played from many addresses (each has its own rate limit).
PREPARERS = tuple(f"127.0.1.{i}" for i in range(1, 17))
ATTACKERS = ("127.0.0.2", "127.0.0.3", "127.0.0.4", "127.0.0.5")
REPLAY_RATE = 45.0  # replay requests per second per attacker (inside the rate limit)


@dataclass
class Figures:
    rtt: list[float] = field(default_factory=list)  # the person's move round trips, s
    bot_moves: int = 0  # moves of the bots at the person's bot table
    person_codes: Counter[int] = field(default_factory=Counter)  # create and open
    attack_codes: Counter[str] = field(default_factory=Counter)
    errors: list[str] = field(default_factory=list)


def client(base: str, address: str) -> httpx.AsyncClient:
    transport = httpx.AsyncHTTPTransport(local_address=address)
    return httpx.AsyncClient(base_url=base, transport=transport, timeout=30)


async def new_table(
    http: httpx.AsyncClient, seats: list[str], game: str = "namibia"
) -> dict[str, Any]:
    r = await http.post("/api/tables", json={"game": game, "players": 3, "seats": seats})
    r.raise_for_status()
    return dict(r.json())


async def play_a_move(http: httpx.AsyncClient, tid: str, tokens: dict[str, str]) -> float | None:
    """One move of whichever seat of ours is to act; its round trip (None: none)."""
    spectator = (await http.get(f"/api/tables/{tid}")).json()
    if spectator["over"]:
        return None
    for seat in spectator["to_act"]:
        token = tokens.get(str(seat))
        if token is None:
            continue
        mine = (await http.get(f"/api/tables/{tid}", params={"token": token})).json()
        if not mine["legal"]:
            continue
        body = {"token": token, "action": random.choice(mine["legal"]), "version": mine["version"]}
        start = time.perf_counter()
        r = await http.post(f"/api/tables/{tid}/actions", json=body)
        took = time.perf_counter() - start
        return took if r.status_code == 200 else None
    return None


async def finished_games(base: str, count: int, game: str) -> list[tuple[str, int]]:
    """``count`` games of ``game`` played to the end by this script: (id, moves)."""
    out = []
    https = [client(base, address) for address in PREPARERS]
    try:
        for _ in range(count):
            made = await new_table(https[0], ["human"] * 3, game)
            tid, tokens = made["id"], made["tokens"]
            turn = 0
            while not (await https[turn % len(https)].get(f"/api/tables/{tid}")).json()["over"]:
                turn += 1
                await play_a_move(https[turn % len(https)], tid, tokens)
            record = (await https[0].get(f"/api/tables/{tid}/record")).json()
            out.append((tid, len(record["moves"])))
    finally:
        for http in https:
            await http.aclose()
    return out


async def person(base: str, figures: Figures, stop: asyncio.Event) -> None:
    async with client(base, PERSON) as http:
        made = await new_table(http, ["human"] * 3)
        while not stop.is_set():
            took = await play_a_move(http, made["id"], made["tokens"])
            if took is None:
                made = await new_table(http, ["human"] * 3)
            else:
                figures.rtt.append(took)
            await asyncio.sleep(0.2)


async def person_with_bots(base: str, figures: Figures, stop: asyncio.Event) -> None:
    async with client(base, PERSON) as http:
        made = await new_table(http, ["human", "hard", "hard"])
        tid, tokens = made["id"], made["tokens"]
        last = 0
        while not stop.is_set():
            snap = (await http.get(f"/api/tables/{tid}", params={"token": tokens["0"]})).json()
            if snap["over"]:
                return
            version = (await http.get(f"/api/tables/{tid}")).json()["version"]
            figures.bot_moves += max(0, version - last)  # (the person's own moves skipped)
            last = version
            if snap["legal"]:
                await play_a_move(http, tid, tokens)
                last = (await http.get(f"/api/tables/{tid}")).json()["version"]
            else:
                await asyncio.sleep(0.1)


async def person_opens_tables(base: str, figures: Figures, stop: asyncio.Event) -> None:
    async with client(base, PERSON) as http:
        while not stop.is_set():
            body = {"game": "namibia", "players": 3, "seats": ["human"] * 3}
            r = await http.post("/api/tables", json=body)
            figures.person_codes[r.status_code] += 1
            if r.status_code == 201:
                opened = await http.get(f"/api/tables/{r.json()['id']}")
                figures.person_codes[opened.status_code] += 1
            await asyncio.sleep(2.0)


async def attacker(
    base: str,
    address: str,
    games: list[tuple[str, int]],
    figures: Figures,
    stop: asyncio.Event,
    only: str | None,
) -> None:
    async with client(base, address) as http:

        async def bot_tables() -> None:
            while not stop.is_set():
                body = {"game": "namibia", "players": 3, "seats": ["hard"] * 3}
                r = await http.post("/api/tables", json=body)
                figures.attack_codes[f"create {r.status_code}"] += 1
                await asyncio.sleep(0.05 if r.status_code == 201 else 1.0)

        async def replays() -> None:
            while not stop.is_set():
                tid, total = random.choice(games)
                ply = random.randint(0, total)
                r = await http.get(f"/api/tables/{tid}/replay/{ply}", params={"svg": "true"})
                figures.attack_codes[f"replay {r.status_code}"] += 1
                await asyncio.sleep(1.0 / REPLAY_RATE)

        attacks = {"bots": [bot_tables()], "replays": [replays()]}
        await asyncio.gather(*attacks.get(only or "both", [bot_tables(), replays()]))


async def probe(base: str, args: argparse.Namespace) -> Figures:
    figures = Figures()
    games = await finished_games(base, args.games, args.replay_game)
    stop = asyncio.Event()
    tasks = [
        asyncio.create_task(person(base, figures, stop)),
        asyncio.create_task(person_with_bots(base, figures, stop)),
        asyncio.create_task(person_opens_tables(base, figures, stop)),
    ]
    if not args.no_attack:
        for address in ATTACKERS[: args.attackers]:
            attack = attacker(base, address, games, figures, stop, args.only)
            tasks.append(asyncio.create_task(attack))
    await asyncio.sleep(args.duration)
    stop.set()
    for task in tasks:
        try:
            await asyncio.wait_for(task, 30)
        except Exception as exc:  # a probe reports, it does not stop
            figures.errors.append(f"{type(exc).__name__}: {exc}")
    return figures


def report(figures: Figures, args: argparse.Namespace) -> None:
    ms = [x * 1000 for x in figures.rtt]
    attackers = 0 if args.no_attack else args.attackers
    print(f"load average {os.getloadavg()[0]:.1f}; attackers {attackers}")
    print(
        f"person's move round trip ms ({len(ms)} moves): p50 {percentile(ms, 50):.1f}"
        f"  p95 {percentile(ms, 95):.1f}  p99 {percentile(ms, 99):.1f}"
    )
    print(f"bots at the person's table: {figures.bot_moves / args.duration:.2f} moves/s")
    print(f"person's create/open answers: {dict(sorted(figures.person_codes.items()))}")
    print(f"attackers' answers: {dict(sorted(figures.attack_codes.items()))}")
    for line in figures.errors:
        print("  error:", line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--duration", type=float, default=30.0)
    parser.add_argument("--attackers", type=int, default=2, choices=range(1, len(ATTACKERS) + 1))
    parser.add_argument("--no-attack", action="store_true", help="the person alone")
    parser.add_argument("--only", choices=("bots", "replays"), help="one of the two attacks")
    parser.add_argument("--games", type=int, default=3, help="finished games to replay")
    parser.add_argument("--replay-game", default="namibia", help="the game they play")
    parser.add_argument("--tree", help="run the server from this checkout")
    parser.add_argument("--url", help="probe a running server instead")
    parser.add_argument("--server-log", help="write the server's log (stderr) there")
    args = parser.parse_args()
    server = None
    base = args.url
    if base is None:
        port = free_port()
        env = dict(os.environ)
        if args.tree:
            env["PYTHONPATH"] = args.tree
        db = f"sqlite:///{tempfile.mkdtemp()}/abuse.db"
        server = subprocess.Popen(
            [
                *(sys.executable, "-m", "meeple.cli.main", "serve"),
                *("--port", str(port), "--db", db, "--limit", "loaded_tables=40"),
            ],
            stdout=subprocess.DEVNULL,
            stderr=open(args.server_log, "wb") if args.server_log else subprocess.DEVNULL,  # noqa: SIM115
            env=env,
            cwd=args.tree or None,
        )
        base = f"http://127.0.0.1:{port}"
        for _ in range(300):
            try:
                if httpx.get(base + "/api/games", timeout=1).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.2)
    try:
        report(asyncio.run(probe(base, args)), args)
    finally:
        if server is not None:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()
