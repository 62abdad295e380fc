"""Storage: tables survive the server, on SQLite and on a real PostgreSQL server."""

from __future__ import annotations

import secrets
import threading
import time
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from server_support import RELAXED, create, pg_url_or_skip, play_random, sqlite_url, state

from meeple.engine import GameRecord, get_game, replay
from meeple.server.app import create_app
from meeple.server.store import Store, normalize_url


@pytest.fixture(params=["sqlite", "postgresql"])
def any_db(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    if request.param == "sqlite":
        return sqlite_url(tmp_path)
    return pg_url_or_skip()


def test_a_table_is_rebuilt_exactly_by_a_new_server(any_db: str) -> None:
    with TestClient(create_app(any_db, limits=RELAXED)) as c:
        tid, tokens = create(c, seed=secrets.randbelow(10**9))
        before = play_random(c, tid, tokens, 25)
        c.post(f"/api/tables/{tid}/chat", json={"token": tokens[0], "text": "keep me"})
        c.post(f"/api/tables/{tid}/chat", json={"token": tokens[1], "text": "only 2", "to": 2})
        seat_views = {s: state(c, tid, tokens[s]) for s in range(3)}
    with TestClient(create_app(any_db, limits=RELAXED)) as c:
        after = state(c, tid)
        assert after["version"] == before["version"] == 25
        assert after["view"] == before["view"]
        for s in range(3):
            again = state(c, tid, tokens[s])
            assert again["legal"] == seat_views[s]["legal"]
            assert again["chat"] == seat_views[s]["chat"]
        assert [m["text"] for m in state(c, tid, tokens[2])["chat"]] == ["keep me", "only 2"]
        assert [m["text"] for m in state(c, tid, tokens[0])["chat"]] == ["keep me"]
        play_random(c, tid, tokens, 5, seed=2)
        assert state(c, tid)["version"] == 30


def test_the_store_holds_the_record(any_db: str) -> None:
    with TestClient(create_app(any_db, limits=RELAXED)) as c:
        tid, tokens = create(c, seed=5)
        play_random(c, tid, tokens, 10)
        view = state(c, tid)["view"]
    store = Store(any_db)
    try:
        stored = store.tables.load_table(tid)
        assert stored is not None and len(stored.moves) == 10
        game = get_game(stored.game)
        record = GameRecord(
            stored.game, stored.rules_version, game.make_config(3), stored.seed, stored.moves
        )
        assert game.view(replay(game, record), None) == view
        assert tid in store.tables.table_ids("playing")
    finally:
        store.close()


def test_postgres_urls_use_psycopg3() -> None:
    assert normalize_url("postgresql://u:p@h/db") == "postgresql+psycopg://u:p@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"


def test_postgres_is_reachable_when_configured() -> None:
    url = pg_url_or_skip()
    store = Store(url)
    try:
        assert store.engine.dialect.name == "postgresql"
    finally:
        store.close()


def test_sqlite_moves_are_checkpointed_outside_the_move(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On SQLite a move is committed on the event loop with autocheckpoint off; the
    database thread checkpoints every CHECKPOINT_EVERY moves, and a fresh server (a
    new connection) sees every move."""
    url = sqlite_url(tmp_path)
    monkeypatch.setattr(Store, "CHECKPOINT_EVERY", 5)
    threads: list[str] = []
    original = Store.checkpoint

    def checkpoint(self: Store) -> None:
        threads.append(threading.current_thread().name)
        original(self)

    monkeypatch.setattr(Store, "checkpoint", checkpoint)
    with TestClient(create_app(url, limits=RELAXED)) as c:
        assert c.app.state.hub.store.inline  # type: ignore[attr-defined]
        tid, tokens = create(c, seed=11)
        before = play_random(c, tid, tokens, 23)
        assert before["version"] == 23
        for _ in range(100):
            if len(threads) >= 4:
                break
            time.sleep(0.02)
    assert len(threads) == 4 and all(t.startswith("meeple-db") for t in threads), threads
    with TestClient(create_app(url, limits=RELAXED)) as c:
        assert state(c, tid)["view"] == before["view"]
