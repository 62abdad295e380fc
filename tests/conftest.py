"""Fixtures of the browser tests, in tests/server and in the games' folders: a real
server and Debian's Chromium (skipped without it or Playwright; .ci/run sets
MEEPLE_TEST_CHROMIUM). Each module gets its own server and browser. The helpers
are imported when a fixture is first used, so tests without a browser never load
the web server."""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

import pytest

# The tests play seeded tables with people (docs/server.md, "Chance": a server
# started so lets any table be given a seed; the tests of that rule turn it off).
os.environ["MEEPLE_ANY_SEED"] = "1"

if TYPE_CHECKING:
    from tests.server.server_support import BrowserPage, Pages, Server

# Under pytest-xdist (`make test` runs two workers): the tests of these modules share
# nothing (no module fixture, no order) and are the longest, so they are spread one
# by one and handed out first; every other module stays whole on one worker, with
# its module-scoped server and browser started once.
SPREAD_MODULES = ("test_conformance.py", "test_state_encodings.py")


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not config.pluginmanager.hasplugin("xdist") or not os.environ.get("PYTEST_XDIST_WORKER"):
        return
    for item in items:
        if item.path.name not in SPREAD_MODULES:
            item.add_marker(pytest.mark.xdist_group(item.nodeid.split("::", 1)[0]))
    items.sort(key=lambda item: item.path.name not in SPREAD_MODULES)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A ``meeple serve`` process with the default request limits."""
    from tests.server.server_support import served

    with served(tmp_path_factory.mktemp("web")) as running:
        yield running


@pytest.fixture(scope="module")
def relaxed_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A ``meeple serve`` process whose limits no test reaches: for tests that play
    many moves over HTTP to reach a position."""
    from tests.server.server_support import RELAXED_ARGS, served

    with served(tmp_path_factory.mktemp("web"), RELAXED_ARGS) as running:
        yield running


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    """Chromium, launched through Playwright."""
    from tests.server.server_support import chromium

    with chromium() as launched:
        yield launched


@pytest.fixture
def pages(browser: Any) -> Iterator[Pages]:
    """``pages(width)`` (or ``pages(width, height)``) opens a recording page; all
    are closed after the test."""
    from tests.server.server_support import BrowserPage

    opened: list[BrowserPage] = []

    def open_page(width: int, height: int = 900) -> BrowserPage:
        page = BrowserPage(browser, width, height)
        opened.append(page)
        return page

    yield open_page
    for page in opened:
        page.close()
