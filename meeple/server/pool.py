"""The server-wide pool for the CPU-heavy work of tables: bots thinking, and any other
long computation a table needs (e.g. reviewing a finished game).

``CpuPool.run(key, fn, *args)`` runs ``fn(*args)`` in a worker process and returns
its result; ``key`` names whose work it is (a table id). The workers are processes,
not threads: a bot searching for seconds holds no lock the event loop needs (the
GIL), so people's moves are served at once whatever the bots do. Hence ``fn`` must
be a module-level function and its arguments and result picklable.

Fairness: jobs wait in one queue per key, and a free worker takes the next job of
the key served least recently (a key never served first), so a table with many
jobs queued never makes another table wait for more than the jobs already running.
Budget: each key's worker time is counted (decaying over ``WINDOW`` seconds); a key
that has used more than ``budget`` seconds goes after every key that has not, so a
few tables of strong bots cannot starve the others. Within a key, jobs run in the
order they were submitted.

The worker processes are shared by every pool of the process with the same number
of workers and niceness (one set per interpreter: tests create many apps), started
on the first job, and end themselves when the process that started them is gone.
The hub has two pools: one for the tables a person plays at (nice +5) and one, of
its own processes at nice +19, for tables of bots alone, so their work never takes
a worker from a person's table and the system gives it only the CPU time left over.
"""

from __future__ import annotations

import asyncio
import math
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, TypeVar

T = TypeVar("T")

WINDOW = 10.0  # seconds over which a key's worker time decays

PEOPLE_NICE = 5  # people's requests in the server process come first
BOTS_ALONE_NICE = 19  # tables of bots alone: after everything else

_executors: dict[tuple[int, int], Executor] = {}
_executors_lock = threading.Lock()


def shared_executor(workers: int, nice: int = PEOPLE_NICE) -> Executor:
    """The process's pool of ``workers`` worker processes at niceness ``nice`` (made
    on first use; started fresh (spawn), never forked from the threaded web server).
    Each worker ends itself once this process is gone, even after ``kill -9``."""
    with _executors_lock:
        executor = _executors.get((workers, nice))
        if executor is None:
            executor = ProcessPoolExecutor(
                max_workers=workers,
                mp_context=multiprocessing.get_context("spawn"),
                initializer=_worker_start,
                initargs=(os.getpid(), nice),
            )
            _executors[(workers, nice)] = executor
        return executor


def _forget_executor(workers: int, nice: int, executor: Executor) -> None:
    with _executors_lock:
        if _executors.get((workers, nice)) is executor:
            del _executors[(workers, nice)]
    executor.shutdown(wait=False, cancel_futures=True)


def _worker_start(server: int, nice: int = PEOPLE_NICE) -> None:
    """In each worker process: the games and bots are registered once, and a watchdog
    ends the worker when the server process ``server`` is gone (its queues would not
    tell: the worker holds both ends of them)."""
    from meeple.ai import load_bots

    os.nice(nice)
    load_bots()
    threading.Thread(target=_watch, args=(server,), daemon=True, name="watchdog").start()


def _watch(server: int) -> None:
    """End this worker once its parent, the server, is gone (it is then re-parented)."""
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


@dataclass
class _Job:
    fn: Callable[..., Any]
    args: tuple[Any, ...]
    future: asyncio.Future[Any]


@dataclass
class _Key:
    """One key's queue and the worker time it used (decayed)."""

    jobs: deque[_Job] = field(default_factory=deque)
    used: float = 0.0
    stamp: float = field(default_factory=time.monotonic)
    running: int = 0
    served: float = 0.0  # when its last job started (0: never)

    def usage(self, now: float) -> float:
        return self.used * math.exp(-(now - self.stamp) / WINDOW)

    def charge(self, seconds: float, now: float) -> None:
        self.used = self.usage(now) + seconds
        self.stamp = now


class CpuPool:
    """A fair queue in front of the shared worker processes (see the module).

    ``workers``: how many jobs run at once; ``budget``: the worker seconds a key may
    use in about ``WINDOW`` seconds before it yields to keys that used less; ``nice``:
    the niceness of its worker processes."""

    def __init__(self, workers: int, budget: float, nice: int = PEOPLE_NICE) -> None:
        self.workers, self.budget, self.nice = workers, budget, nice
        self.keys: dict[str, _Key] = {}
        self.running = 0
        self.closed = False

    async def run(self, key: str, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` in a worker process, when ``key``'s turn comes; its result.
        Cancelling the awaiting task drops the job if it has not started."""
        if self.closed:
            raise RuntimeError("the CPU pool is closed")
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        state = self.keys.setdefault(key, _Key())
        state.jobs.append(_Job(fn, args, future))
        self._dispatch()
        return await future

    def waiting(self) -> int:
        """Jobs queued, not yet running."""
        return sum(len(k.jobs) for k in self.keys.values())

    def close(self) -> None:
        """Refuse new jobs and cancel the waiting ones (running ones finish unheard)."""
        self.closed = True
        for state in self.keys.values():
            for job in state.jobs:
                job.future.cancel()
            state.jobs.clear()

    def _dispatch(self) -> None:
        while self.running < self.workers:
            key = self._next_key()
            if key is None:
                return
            state = self.keys[key]
            job = state.jobs.popleft()
            if job.future.cancelled():
                continue
            self._start(key, state, job)

    def _next_key(self) -> str | None:
        """Of the keys with jobs waiting, those within their budget first, then the one
        served least recently."""
        now = time.monotonic()
        waiting = [
            (k.usage(now) > self.budget, k.served, key) for key, k in self.keys.items() if k.jobs
        ]
        return min(waiting)[2] if waiting else None

    def _start(self, key: str, state: _Key, job: _Job) -> None:
        loop = asyncio.get_running_loop()
        started = state.served = time.monotonic()
        self.running += 1
        state.running += 1
        executor = shared_executor(self.workers, self.nice)
        try:
            done = asyncio.wrap_future(executor.submit(job.fn, *job.args), loop=loop)
        except (BrokenProcessPool, RuntimeError):
            _forget_executor(self.workers, self.nice, executor)
            done = asyncio.wrap_future(
                shared_executor(self.workers, self.nice).submit(job.fn, *job.args), loop=loop
            )

        def finished(result: asyncio.Future[Any]) -> None:
            now = time.monotonic()
            self.running -= 1
            state.running -= 1
            state.charge(now - started, now)
            if not state.jobs and not state.running and state.usage(now) < 0.01:
                self.keys.pop(key, None)  # nothing to remember about this key
            if not job.future.done():
                error = None if result.cancelled() else result.exception()
                if result.cancelled():
                    job.future.cancel()
                elif error is not None:
                    if isinstance(error, BrokenProcessPool):
                        _forget_executor(self.workers, self.nice, executor)
                    job.future.set_exception(error)
                else:
                    job.future.set_result(result.result())
            if not self.closed:
                self._dispatch()

        done.add_done_callback(finished)
