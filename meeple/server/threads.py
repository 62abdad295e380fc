"""The storage and the threads that call it, so the event loop never waits on them.

* the database thread (one: storage calls run one at a time, ``db``);
* the move threads (PostgreSQL: moves of different tables are stored at once, so
  their commits share WAL flushes; a table's own moves go one at a time, its lock);
  on SQLite a move's commit is a local append made on the event loop (``inline``);
* the replay thread (loading a table, an undo's replays: short, one at a time),
  whose work for a request may be charged to the address being served (``charged``:
  ``Limits.cost_rate``).
"""

from __future__ import annotations

import asyncio
import contextlib
import contextvars
import functools
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from meeple.server.limits import CostBudget
from meeple.server.store import Store

log = logging.getLogger("meeple.server")

T = TypeVar("T")
MOVE_THREADS = 4  # PostgreSQL: moves of different tables stored at once


class Threads:
    """``store`` and its threads; ``costs``: what replays charge to the address served."""

    def __init__(self, store: Store, costs: CostBudget) -> None:
        self.store = store
        self.costs = costs
        self.db_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self.move_pool = ThreadPoolExecutor(
            max_workers=1 if store.inline else MOVE_THREADS, thread_name_prefix="meeple-move"
        )
        self.replay_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-replay")

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the database thread (storage calls run one at a time)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, fn, *args)

    async def on_move_thread(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on a move thread (a move's commit, or a change stored under a
        table's row lock: not behind the database thread's queue, which may wait on
        other tables' rows)."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.move_pool, fn, *args)

    async def replay(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the replay thread."""
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.replay_pool, fn, *args)

    async def charged(self, fn: Callable[..., T], *args: Any) -> T:
        """``fn(*args)`` on the replay thread, its CPU time charged to the address being
        served (``CostBudget.timed``)."""
        run = functools.partial(contextvars.copy_context().run, self.costs.timed, fn)
        return await self.replay(run, *args)

    def moved(self) -> None:
        """A move was stored inline (SQLite): every ``Store.CHECKPOINT_EVERY`` of them,
        the WAL is copied back into the database on the database thread."""
        store = self.store
        if store.inline and store.moves.since_checkpoint >= store.CHECKPOINT_EVERY:
            store.moves.since_checkpoint = 0
            with contextlib.suppress(RuntimeError):  # RuntimeError: shutting down
                self.db_pool.submit(self._checkpoint)

    def _checkpoint(self) -> None:
        try:
            self.store.checkpoint()
        except Exception:  # the next one may succeed; moves are safe in the WAL meanwhile
            log.exception("database checkpoint failed")

    def close(self) -> None:
        """Stop the threads (a replay under way is dropped; stores finish), then close
        the storage."""
        self.replay_pool.shutdown(wait=False, cancel_futures=True)
        self.move_pool.shutdown(wait=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()
