"""Fixtures of the server tests: an app over a fresh SQLite file."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from server_support import RELAXED, sqlite_url, test_client

from meeple.server.app import create_app


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    return sqlite_url(tmp_path)


@pytest.fixture
def client(db_url: str) -> Iterator[Any]:
    with test_client(create_app(db_url, limits=RELAXED)) as c:
        yield c
