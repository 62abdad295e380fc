"""The browser client's pages: the lobby, a table, a replay.

The pages are static files; ``STATIC`` (their folder) is mounted at ``/static`` by
``create_app``, since a router cannot carry a mount.
"""

from __future__ import annotations

from importlib import resources
from pathlib import Path

from fastapi import APIRouter
from fastapi.responses import FileResponse

STATIC = Path(str(resources.files("meeple.server").joinpath("static")))


def pages_router() -> APIRouter:
    """``/`` (lobby), ``/t/{id}`` (table), ``/t/{id}/replay`` and ``/favicon.ico``; not
    in the API schema."""
    router = APIRouter(include_in_schema=False)

    @router.get("/")
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @router.get("/t/{table_id}")
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @router.get("/t/{table_id}/replay")
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    @router.get("/favicon.ico")
    async def favicon() -> FileResponse:
        # Browsers ask for /favicon.ico on a page without an icon link (the replay).
        return FileResponse(STATIC / "favicon.svg", media_type="image/svg+xml")

    return router
