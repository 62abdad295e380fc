"""The HTTP and WebSocket API, and the static web client: ``create_app``.

Endpoints (see the README and /docs), by router (``meeple.server.routes``):

* ``lobby``: ``GET /api/games``: the games, their player counts, options and bot
  levels; ``GET /api/tables``: the lobby (tables, their seats, which are free).
* ``tables``: ``POST /api/tables``: create a table; returns its id and each human
  seat's token.
  ``GET  /api/tables/{id}?token=``: that seat's view, the seats to act, its legal
  actions as text and the state version; without a token, the spectator's.
  ``POST /api/tables/{id}/actions``: ``{token, action, version}``.
  ``POST /api/tables/{id}/undo``, ``/chat``, ``/seats/{seat}/claim``,
  ``/seats/{seat}/bot``.
  ``GET  /api/tables/{id}/board.svg``: the unchanging board layer (layered games).
  ``GET  /api/tables/{id}/record`` and ``/replay/{ply}``: once the game is over.
* ``review``: ``GET|POST /api/tables/{id}/review``: a finished table's review (its
  status and progress; POST starts it); ``GET|POST /api/tables/{id}/hints``.
* ``ws``: ``WS /api/tables/{id}/ws?token=``: live state, actions, chat.
* ``pages``: ``/``, ``/t/{id}``, ``/t/{id}/replay`` and ``/static``.
* ``help``: ``/games/{name}/help`` (a game's "how to play" page) and
  ``/games/{name}/help/rule?rule=`` (to the section explaining a rule).
"""

from __future__ import annotations

import gc
import os
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from fastapi.staticfiles import StaticFiles

from meeple.server.guard import Guard
from meeple.server.headers import SecurityHeaders
from meeple.server.hub import Hub
from meeple.server.limits import Limits
from meeple.server.review_jobs import Reviews
from meeple.server.routes.help import help_router
from meeple.server.routes.lobby import lobby_router
from meeple.server.routes.pages import STATIC, pages_router
from meeple.server.routes.review import review_router
from meeple.server.routes.tables import tables_router
from meeple.server.routes.ws import ws_router
from meeple.server.schema import ERRORS, docs_routes, validation_error
from meeple.server.tables import ApiError


def create_app(
    db_url: str = "sqlite:///meeple.db",
    *,
    bot_delay: float = 0.0,
    limits: Limits | None = None,
    any_seed: bool | None = None,
) -> FastAPI:
    """The server's ASGI app over the database at ``db_url``.

    ``limits``: every cap (rates per client address, sizes, tables, chat, sockets);
    by default ``Limits.from_settings()`` (the defaults and ``MEEPLE_LIMIT_*``). The
    hub is ``app.state.hub``; at startup it resumes the tables that bots or a clock
    must move on. ``any_seed``: any table may be given a seed, even one people play
    (for tests and local experiments only; by default ``MEEPLE_ANY_SEED=1``, which
    the test suite sets, else never: ``Hub``, and docs/server.md, "Chance")."""
    from meeple.server.store import Store

    limits = Limits.from_settings() if limits is None else limits
    hub = Hub(Store(db_url), bot_delay=bot_delay, limits=limits, any_seed=any_seed)
    reviews = Reviews(hub)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        # What is loaded now lives long: keep it out of every later full collection.
        gc.collect()
        gc.freeze()
        yield
        reviews.stop()
        await hub.stop()

    app = FastAPI(
        title="meeple",
        summary="Play board games with every rule enforced: people and programs.",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,  # served from the package by ``docs_routes``: no CDN
        redoc_url=None,
    )
    app.state.hub = hub
    app.state.reviews = reviews

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        """A refusal as JSON: ``{status, detail[, rule]}`` with its HTTP status."""
        return JSONResponse(exc.to_json(), status_code=exc.status)

    app.add_exception_handler(RequestValidationError, validation_error)
    docs_routes(app)

    app.include_router(pages_router())
    app.include_router(help_router())
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    app.include_router(lobby_router(hub), responses=ERRORS)
    app.include_router(tables_router(hub), responses=ERRORS)
    app.include_router(review_router(reviews), responses=ERRORS)
    app.include_router(ws_router(hub))
    app.add_middleware(Guard, limits=limits)
    app.add_middleware(SecurityHeaders)  # outermost: the guard's refusals carry them too
    return app


SERVE_DB = "MEEPLE_SERVE_DB"
SERVE_BOT_DELAY = "MEEPLE_SERVE_BOT_DELAY"


def app_from_env() -> FastAPI:
    """The app of one worker of ``meeple serve --workers N`` (uvicorn's factory):
    database URL and bot delay from ``MEEPLE_SERVE_DB`` and ``MEEPLE_SERVE_BOT_DELAY``,
    limits from ``MEEPLE_LIMIT_*``, as ``meeple serve`` sets them for its workers."""
    return create_app(
        os.environ.get(SERVE_DB, "sqlite:///meeple.db"),
        bot_delay=float(os.environ.get(SERVE_BOT_DELAY, "0.4")),
    )
