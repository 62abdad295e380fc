"""Helpers of the server tests: table helpers, a real server process, and Chromium
pages for the browser tests (fixtures in tests/conftest.py)."""

from __future__ import annotations

import os
import random
import signal
import socket
import subprocess
import sys
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Error as PlaywrightError

warnings.filterwarnings("ignore", message=".*httpx.*")

from fastapi.testclient import TestClient  # noqa: E402

from meeple.testing.server import CHROMIUM, RELAXED, chromium  # noqa: E402,F401  (the browser tests')
from meeple.testing.server import BrowserPage as KitPage  # noqa: E402

# The kit's limits that tests not about limits never reach, as ``meeple serve`` options.
RELAXED_ARGS = tuple(
    f"--limit={name}={getattr(RELAXED, name)}"
    for name in (
        "http_rate",
        "http_burst",
        "ws_rate",
        "ws_burst",
        "tables_per_hour",
        "open_tables",
        "bot_tables_per_address",
        "chat_per_seat",
        "chat_per_table",
    )
)

PG_ENV = "MEEPLE_TEST_PG_URL"


def test_client(app: Any) -> TestClient:
    """A TestClient (its lifespan runs inside ``with``)."""
    return TestClient(app)


test_client.__test__ = False  # type: ignore[attr-defined]  # pytest: not a test


def sqlite_url(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'meeple.db'}"


def pg_url_or_skip() -> str:
    """The PostgreSQL test database; under pytest-xdist each worker gets a database of
    its own (``<name>_gw0``, ...), made on first use, so two workers' clusters, leases
    and tables never meet."""
    url = os.environ.get(PG_ENV)
    if not url:
        pytest.skip(f"{PG_ENV} is not set: no PostgreSQL server to test against (.ci/run sets it)")
    worker = os.environ.get("PYTEST_XDIST_WORKER")
    return _worker_database(url, worker) if worker else url


_made_databases: set[str] = set()


def _worker_database(url: str, worker: str) -> str:
    """``url`` with its database renamed for ``worker``, created if missing."""
    from sqlalchemy.engine import make_url

    base = make_url(url)
    name = f"{base.database}_{worker}"
    own = base.set(database=name).render_as_string(hide_password=False)
    if own not in _made_databases:
        import psycopg

        admin = base.set(drivername="postgresql").render_as_string(hide_password=False)
        with psycopg.connect(admin, autocommit=True) as connection:
            exists = connection.execute("SELECT 1 FROM pg_database WHERE datname = %s", (name,))
            if exists.fetchone() is None:
                connection.execute(f'CREATE DATABASE "{name}"')
        _made_databases.add(own)
    return own


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
    """Play up to ``moves`` random legal actions for the human seats, waiting for the
    bots' moves between them for at most 60 s in all; the last state."""
    rng = random.Random(seed)
    deadline = time.monotonic() + 60.0
    played = 0
    while played < moves and time.monotonic() < deadline:
        snap = state(c, tid)
        if snap["over"]:
            break
        humans = [s for s in snap["to_act"] if s in tokens]
        mine = state(c, tid, tokens[humans[0]]) if humans else None
        if mine is None or not mine["legal"]:
            time.sleep(0.01)  # a bot's move (or another process's) is due
            continue
        r = act(c, tid, tokens[humans[0]], rng.choice(mine["legal"]), mine["version"])
        assert r.status_code == 200, r.text
        played += 1
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


# ---- the browser tests: a page in Chromium over a real server ----

# The widths the table page is checked at: a desktop's and a phone's.
WIDTHS = (1280, 390)
Snapshot = dict[str, Any]  # a table as the HTTP API or the page's script gives it
# Seat 0 a person played by the test, the other three random bots.
ANN_AND_THREE_BOTS: list[Any] = [{"kind": "human", "name": "Ann"}, "random", "random", "random"]

# Where the browser tests leave their screenshots (git-ignored test artefacts).
SHOTS = Path(__file__).resolve().parents[2] / "screenshots"

# A JavaScript expression: every action text one click on the table page reaches
# (an action button, an entry of a list, or what a board element offers).
REACHABLE_JS = """[
  ...[...document.querySelectorAll('#actions button[data-action-text]')]
    .map((b) => b.dataset.actionText),
  ...[...document.querySelectorAll('#actions select option')].map((o) => o.value),
  ...[...document.querySelectorAll('#actions [data-amount-template]')].flatMap((n) =>
    JSON.parse(n.dataset.values).map((v) => n.dataset.amountTemplate.replace('{n}', v))),
  ...[...document.querySelectorAll('#board .playable')].flatMap((n) => window.meeple.offers(n)),
]"""


@contextmanager
def served(folder: Path, args: tuple[str, ...] = ()) -> Iterator[Server]:
    """A running ``meeple serve`` over a SQLite file in ``folder``, stopped after."""
    server = Server(sqlite_url(folder), bot_delay=0.002, args=args)
    server.start()
    try:
        yield server
    finally:
        server.stop()


class BrowserPage(KitPage):
    """The kit's page (``meeple.testing.server.BrowserPage``: it records every script
    error, console error and failed request), its screenshots in screenshots/."""

    shots = SHOTS


# The ``pages`` fixture: ``pages(width)`` or ``pages(width, height)`` opens a page.
Pages = Callable[..., BrowserPage]


def click_a_decision(page: Any) -> None:
    """One decision by clicking on a Playwright page: a glowing board element if
    any (and the first entry of the menu it may open), else a button or a list;
    the question a move may ask first is answered yes."""
    board = page.locator("#board .playable")
    if board.count():
        click_like_a_person(page, board.first)
        menu = page.locator(".menu button[data-action-text]:visible")
        if menu.count():
            menu.first.click()
    else:
        page.locator("#actions button[data-action-text]:visible").first.click()
    answer_yes(page)


def click_like_a_person(page: Any, element: Any) -> None:
    """Click the middle of ``element`` with the mouse, as a person does: whatever the
    board draws on top there (a mine head on its space) receives the click, and the
    table must resolve it to the element's target.

    A board redrawn between finding the element and clicking it (another seat's
    move arriving: Goofspiel's bots bid while we do) detaches it; the locator then
    finds its successor, drawn at the same place, on the next try."""
    for attempt in range(5):
        try:
            element.scroll_into_view_if_needed(timeout=5000)
            box = element.bounding_box(timeout=5000)
        except PlaywrightError as refused:
            if "not attached" not in str(refused) or attempt == 4:
                raise
            continue
        if box is not None:
            break
    assert box is not None, "a playable board element has no box on the page"
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)


def answer_yes(page: Any) -> None:
    """Play the move a confirmation dialog (decision.js) asks about, if one is open."""
    dialog = page.locator("#confirm-dialog[open] #confirm-yes")
    if dialog.count():
        dialog.click()


def new_table(
    server: Server, game: str, seats: list[Any], seed: int = 4, **options: Any
) -> dict[str, Any]:
    """A table made over HTTP: its id, and each seat's token and link by seat number."""
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "options": options}
    r = server.http.post("/api/tables", json=body)
    assert r.status_code == 201, r.text
    made: dict[str, Any] = r.json()
    return made


class SeatAtTable:
    """Seat 0 of a new table, played over HTTP by the test (the other seats as given)."""

    def __init__(
        self, server: Server, game: str, seats: list[Any], seed: int, **options: Any
    ) -> None:
        made = new_table(server, game, seats, seed, **options)
        self.server = server
        self.id: str = made["id"]
        self.token: str = made["tokens"]["0"]
        self.link = server.base + made["links"]["0"]
        self.rng = random.Random(seed)

    def snap(self) -> Snapshot:
        """The table as seat 0 sees it."""
        r = self.server.http.get(f"/api/tables/{self.id}", params={"token": self.token})
        assert r.status_code == 200, r.text
        snap: Snapshot = r.json()
        return snap

    def act(self, action: str, version: int) -> httpx.Response:
        body = {"token": self.token, "action": action, "version": version}
        return self.server.http.post(f"/api/tables/{self.id}/actions", json=body)
