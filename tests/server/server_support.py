"""Helpers of the server tests: table helpers and a real server process."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest

warnings.filterwarnings("ignore", message=".*httpx.*")

from fastapi.testclient import TestClient  # noqa: E402

from meeple.server.limits import Limits  # noqa: E402

# Limits that tests not about limits never reach.
RELAXED = Limits(
    http_rate=1e6,
    http_burst=1e6,
    ws_rate=1e6,
    ws_burst=1e6,
    tables_per_hour=10**6,
    open_tables=10**6,
    chat_per_seat=10**6,
    chat_per_table=10**6,
)

# The same, as ``meeple serve`` options.
RELAXED_ARGS = tuple(
    f"--limit={name}={getattr(RELAXED, name)}"
    for name in (
        "http_rate",
        "http_burst",
        "ws_rate",
        "ws_burst",
        "tables_per_hour",
        "open_tables",
        "chat_per_seat",
        "chat_per_table",
    )
)

PG_ENV = "MEEPLE_TEST_PG_URL"
CHROMIUM = os.environ.get("MEEPLE_TEST_CHROMIUM", "/usr/bin/chromium")
# Headless, and without the background connections this machine's closed network refuses.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium through Playwright; skips the test without either."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium (.ci/run does)")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


def test_client(app: Any) -> TestClient:
    """A TestClient (its lifespan runs inside ``with``)."""
    return TestClient(app)


test_client.__test__ = False  # type: ignore[attr-defined]  (not a test)


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'meeple.db'}"


def pg_url_or_skip() -> str:
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL server to test against (.ci/run sets it)")
    return url


def create(
    c: TestClient,
    game: str = "namibia",
    seats: list[Any] | None = None,
    seed: int = 7,
    **options: Any,
) -> tuple[str, dict[int, str]]:
    seats = seats or [{"kind": "human", "name": f"P{i}"} for i in range(3)]
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "options": options}
    r = c.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], {int(k): v for k, v in data["tokens"].items()}


def state(c: TestClient, tid: str, token: str | None = None) -> dict[str, Any]:
    params = {"token": token} if token else {}
    r = c.get(f"/api/tables/{tid}", params=params)
    assert r.status_code == 200, r.text
    return dict(r.json())


def act(c: TestClient, tid: str, token: str, action: str, version: int | None = None) -> Any:
    body: dict[str, Any] = {"token": token, "action": action}
    if version is not None:
        body["version"] = version
    return c.post(f"/api/tables/{tid}/actions", json=body)


def wait_for(predicate: Any, timeout: float = 20.0) -> Any:
    deadline = time.time() + timeout
    while time.time() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.02)
    raise AssertionError("condition not reached in time")


def play_random(
    c: TestClient, tid: str, tokens: dict[int, str], moves: int, seed: int = 1
) -> dict[str, Any]:
    """Play up to ``moves`` random legal actions for the human seats; the last state."""
    rng = random.Random(seed)
    snap = state(c, tid)
    for _ in range(moves):
        snap = state(c, tid)
        if snap["over"]:
            break
        humans = [s for s in snap["to_act"] if s in tokens]
        if not humans:
            time.sleep(0.01)
            continue
        seat = humans[0]
        mine = state(c, tid, tokens[seat])
        if not mine["legal"]:
            continue
        r = act(c, tid, tokens[seat], rng.choice(mine["legal"]), mine["version"])
        assert r.status_code == 200, r.text
    return state(c, tid)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Server:
    """A real ``meeple serve`` process (uvicorn) on a free port."""

    def __init__(self, db: str, bot_delay: float = 0.002, args: tuple[str, ...] = ()) -> None:
        self.db = db
        self.args = args
        self.bot_delay = bot_delay
        self.port = free_port()
        self.base = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.http = httpx.Client(base_url=self.base, timeout=10)

    def start(self) -> None:
        self.launch()
        self.ready()

    def launch(self) -> None:
        """Start the process without waiting for it (``ready`` waits)."""
        self.proc = subprocess.Popen(
            [
                *(sys.executable, "-m", "meeple.cli.main", "serve"),
                *("--port", str(self.port), "--db", self.db, "--bot-delay", str(self.bot_delay)),
                *self.args,
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )

    def ready(self) -> None:
        """Wait until the server answers."""
        deadline = time.time() + 30
        while time.time() < deadline:
            try:
                if self.http.get("/api/games", timeout=1).status_code == 200:
                    return
            except httpx.HTTPError:
                time.sleep(0.1)
        raise AssertionError("the server did not start")

    def kill9(self) -> None:
        assert self.proc is not None
        os.kill(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=10)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(timeout=10)
        self.http.close()
