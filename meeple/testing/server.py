"""Server and browser helpers for a game's own tests, so that an outside game never
imports meeple's private test helpers.

- ``app_client(game, folder)``: the server's ASGI app over a SQLite file in
  ``folder``, the game registered, no request limits reached, as a FastAPI
  ``TestClient`` (in-process; needs httpx). ``create_table``, ``table_state`` and
  ``act`` speak its HTTP API; ``check_table_plays`` plays a table through it.
- ``live_server(game, folder)``: the same app served by uvicorn in a thread on a free
  port, for a real browser; ``chromium()`` launches Debian's Chromium through
  Playwright (the test skips without either) and ``BrowserPage`` is a page that
  records every script error, console error and failed request.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from meeple.engine import Game, GameRecord, Rng, register, verify
from meeple.server.app import create_app
from meeple.server.limits import Limits

# Limits that a game's tests never reach.
RELAXED = Limits(
    http_rate=1e6,
    http_burst=1e6,
    ws_rate=1e6,
    ws_burst=1e6,
    tables_per_hour=10**6,
    open_tables=10**6,
    bot_tables_per_address=10**6,
    chat_per_seat=10**6,
    chat_per_table=10**6,
)
CHROMIUM = os.environ.get("MEEPLE_TEST_CHROMIUM", "/usr/bin/chromium")
# Headless, and without the background connections a closed network refuses.
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
Snapshot = dict[str, Any]  # a table as the HTTP API gives it


def sqlite_url(folder: Path) -> str:
    return f"sqlite:///{folder / 'meeple.db'}"


@contextmanager
def app_client(game: Game[Any], folder: Path, bot_delay: float = 0.0) -> Iterator[TestClient]:
    """A TestClient of the server's app with ``game`` registered (its lifespan runs
    inside the ``with``); any table may be given a seed."""
    register(game)
    app = create_app(sqlite_url(folder), bot_delay=bot_delay, limits=RELAXED, any_seed=True)
    with TestClient(app) as client:
        yield client


def people(players: int) -> list[dict[str, str]]:
    """Seats for ``players`` people, named P0, P1, ..."""
    return [{"kind": "human", "name": f"P{seat}"} for seat in range(players)]


def create_table(
    client: TestClient, game: str, seats: list[Any], seed: int = 7, **options: Any
) -> tuple[str, dict[int, str]]:
    """A new table: its id and each person's token by seat."""
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "options": options}
    r = client.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    data = r.json()
    return data["id"], {int(k): v for k, v in data["tokens"].items()}


def table_state(
    client: TestClient, table: str, token: str | None = None, **params: Any
) -> Snapshot:
    """The table as the seat of ``token`` (None: a spectator) sees it."""
    if token:
        params["token"] = token
    r = client.get(f"/api/tables/{table}", params=params)
    assert r.status_code == 200, r.text
    snapshot: Snapshot = r.json()
    return snapshot


def act(client: TestClient, table: str, token: str, action: str, version: int | None = None) -> Any:
    """POST one action for the seat of ``token``: the response."""
    body: dict[str, Any] = {"token": token, "action": action}
    if version is not None:
        body["version"] = version
    return client.post(f"/api/tables/{table}/actions", json=body)


def check_table_plays(client: TestClient, game: Game[Any], seed: int = 5, most: int = 5000) -> None:
    """A table of people at the fewest players, played to the end over HTTP by random
    legal actions: each seat asked is offered its legal actions and its drawing; an
    action it may not take is refused (422) naming a rule and changes nothing; the
    published record replays to the stored result. Fails after ``most`` decisions."""
    table, tokens = create_table(client, game.name, people(game.min_players), seed=seed)
    rng = Rng(seed)
    refused = False
    for _ in range(most):
        public = table_state(client, table)
        if public["over"]:
            break
        seat = rng.choice(public["to_act"])
        mine = table_state(client, table, tokens[seat], svg="true")
        assert mine["legal"], f"seat {seat} is asked but offered nothing"
        drawing = mine.get("svg")  # None: the game draws no board
        assert drawing is None or drawing.lstrip().startswith("<svg"), "not an SVG drawing"
        if not refused:
            refused = refuses_an_illegal_action(client, game, table, tokens[seat], mine)
        r = act(client, table, tokens[seat], rng.choice(mine["legal"]), mine["version"])
        assert r.status_code == 200, r.text
    assert table_state(client, table)["over"], f"no end after {most} decisions"
    record = GameRecord.from_json(client.get(f"/api/tables/{table}/record").json())
    assert record.game == game.name
    verify(game, record)  # the stored result is the replayed one


def refuses_an_illegal_action(
    client: TestClient, game: Game[Any], table: str, token: str, mine: Snapshot
) -> bool:
    """If the seat may not take some action now: it is refused with a rule and the
    table stays as it was. False when every action is legal here."""
    wrong = next((a.text for a in game.actions if a.text not in set(mine["legal"])), None)
    if wrong is None:
        return False
    r = act(client, table, token, wrong, mine["version"])
    assert r.status_code == 422, r.text
    assert r.json().get("rule"), f"the refusal names no rule: {r.text}"
    assert table_state(client, table, token)["version"] == mine["version"]
    return True


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def live_server(game: Game[Any], folder: Path, bot_delay: float = 0.002) -> Iterator[str]:
    """The server's app with ``game`` registered, served by uvicorn in a thread on a
    free port of 127.0.0.1: yields its base URL (``http://127.0.0.1:<port>``)."""
    import uvicorn

    register(game)
    app = create_app(sqlite_url(folder), bot_delay=bot_delay, limits=RELAXED, any_seed=True)
    port = free_port()
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=server.run, name="meeple-test-server", daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        server.should_exit = True
        thread.join(timeout=10)


@contextmanager
def chromium() -> Iterator[Any]:
    """Debian's Chromium (``MEEPLE_TEST_CHROMIUM``, default /usr/bin/chromium) through
    Playwright; skips the test without either."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"no Chromium at {CHROMIUM}: apt-get install chromium")
    sync_api = pytest.importorskip("playwright.sync_api")
    with sync_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        yield browser
        browser.close()


class BrowserPage:
    """A page in a browser context of its own at one width, recording in ``errors``
    every script error, console error and failed request (status 400 or more): a
    test of a page ends with ``assert not page.errors, page.errors``."""

    shots = Path("screenshots")  # where ``shot`` writes (relative: to the working folder)

    def __init__(self, browser: Any, width: int, height: int = 900) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(f"page error: {e}"))
        self.page.on(
            "console",
            lambda m: self.errors.append(f"console: {m.text}") if m.type == "error" else None,
        )
        self.page.on(
            "response",
            lambda r: self.errors.append(f"{r.status} {r.url}") if r.status >= 400 else None,
        )
        self.closed = False

    def state(self, condition: str = "true", timeout: float = 30_000) -> Any:
        """The table state the page holds, once it has one and ``condition`` (a
        JavaScript expression) holds."""
        self.page.wait_for_function(
            f"() => window.meeple && window.meeple.state && ({condition})", timeout=timeout
        )
        return self.page.evaluate("() => window.meeple.state")

    def drawn_state(self, condition: str = "true", timeout: float = 30_000) -> Any:
        """Like ``state``, after the page has drawn the state it just received."""
        self.state(condition, timeout)
        self.page.wait_for_timeout(150)
        return self.state()

    def evaluate(self, script: str, arg: Any = None) -> Any:
        return self.page.evaluate(script, arg)

    def overflow(self) -> int:
        """How many pixels the page is wider than the window (0: no sideways scroll)."""
        return int(
            self.evaluate(
                "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
            )
        )

    def shot(self, name: str) -> None:
        """A full-page screenshot, ``<shots>/<name>.png``."""
        self.shots.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(self.shots / f"{name}.png"), full_page=True)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.context.close()
