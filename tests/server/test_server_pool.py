"""The server-wide CPU pool (meeple.server.pool): worker processes, a fair queue
across tables, a per-table budget."""

from __future__ import annotations

import asyncio
import os
import time
from pathlib import Path

import pytest
from server_support import RELAXED_ARGS, Server, sqlite_url, wait_for

from meeple.server.pool import CpuPool


async def ordered(pool: CpuPool, jobs: list[tuple[str, float]], done: list[str]) -> None:
    """Submit ``jobs`` ((key, seconds of sleep)) in order; ``done`` gets each key as its
    job finishes."""

    async def one(key: str, seconds: float) -> None:
        await pool.run(key, time.sleep, seconds)
        done.append(key)

    tasks = []
    for key, seconds in jobs:
        tasks.append(asyncio.create_task(one(key, seconds)))
        await asyncio.sleep(0)  # submitted in this order
    await asyncio.gather(*tasks)


def test_jobs_run_in_another_process_and_return_or_raise() -> None:
    async def run() -> None:
        pool = CpuPool(workers=1, budget=10.0)
        assert await pool.run("t", os.getpid) != os.getpid()
        assert await pool.run("t", pow, 3, 4) == 81
        with pytest.raises(ZeroDivisionError):
            await pool.run("t", divmod, 1, 0)
        assert pool.keys.keys() <= {"t"} and pool.waiting() == 0

    asyncio.run(run())


def test_tables_take_turns_whatever_one_has_queued() -> None:
    async def run() -> list[str]:
        pool = CpuPool(workers=1, budget=100.0)
        await pool.run("warm", time.sleep, 0)
        done: list[str] = []
        await ordered(pool, [("a", 0.03)] * 5 + [("b", 0.03)], done)
        return done

    done = asyncio.run(run())
    assert done[:3] == ["a", "b", "a"], "b waits for one of a's jobs, not five"


def test_a_table_over_its_budget_goes_after_the_others() -> None:
    async def run() -> list[str]:
        pool = CpuPool(workers=1, budget=0.1)
        await pool.run("a", time.sleep, 0.3)  # a has spent its budget
        done: list[str] = []
        await ordered(pool, [("c", 0.05), ("a", 0.01), ("b", 0.01)], done)
        return done

    done = asyncio.run(run())
    assert done == ["c", "b", "a"]


def test_a_cancelled_waiting_job_never_runs() -> None:
    async def run() -> list[str]:
        pool = CpuPool(workers=1, budget=10.0)
        done: list[str] = []
        first = asyncio.create_task(pool.run("a", time.sleep, 0.1))
        await asyncio.sleep(0)
        dropped = asyncio.create_task(pool.run("b", done.append, "b"))
        await asyncio.sleep(0.02)
        dropped.cancel()
        await first
        await asyncio.sleep(0.05)
        return done

    assert asyncio.run(run()) == []


def children(pid: int) -> set[int]:
    """The processes whose parent is ``pid`` (Linux /proc)."""
    out = set()
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as stat:
                    fields = stat.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.add(int(entry))
    return out


def alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    server = Server(sqlite_url(tmp_path), args=RELAXED_ARGS)
    server.start()
    try:
        body = {"game": "namibia", "players": 3, "seats": ["random"] * 3, "seed": 1}
        assert server.http.post("/api/tables", json=body).status_code == 201
        assert server.proc is not None
        pid = server.proc.pid
        workers = wait_for(lambda: children(pid))
        server.kill9()
        wait_for(lambda: not any(alive(w) for w in workers), timeout=10)
    finally:
        server.stop()
