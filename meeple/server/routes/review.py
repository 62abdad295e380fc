"""A finished table's review, and hints at a live one (``meeple.server.review_jobs``)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Query
from pydantic import BaseModel, Field

from meeple.server.review_jobs import Reviews
from meeple.server.tables import ApiError


class HintBody(BaseModel):
    token: str = Field(max_length=64)


def review_router(reviews: Reviews) -> APIRouter:
    """``/api/tables/{table_id}/review`` (GET: its status; POST: start it) and
    ``/hints`` (GET: the option and counts; POST: a seat's hint)."""
    router = APIRouter()
    hub = reviews.hub

    @router.get(
        "/api/tables/{table_id}/review",
        summary="A finished table's review: status, progress and, once done, the analysis",
    )
    async def review(table_id: str) -> dict[str, Any]:
        table = await hub.seats.get(table_id)
        return await reviews.status(table)

    @router.post(
        "/api/tables/{table_id}/review",
        summary="Start a finished table's review (anyone may; computed once per table)",
        description=(
            "Where a person played, the review judges the people's decisions; `bots=true`"
            " judges the bots' too (and extends a done review of the people's)."
            " At a table of bots every decision is judged."
        ),
    )
    async def start_review(
        table_id: str,
        bots: bool | None = Query(default=None, description="judge the bots' decisions too"),
    ) -> dict[str, Any]:
        table = await hub.seats.get(table_id)
        return await reviews.status(table, start=True, bots=bots)

    @router.get(
        "/api/tables/{table_id}/hints",
        summary="The table's hints option, who may ask, and the hints each seat used",
    )
    async def hints_info(
        table_id: str, token: str | None = Query(default=None, max_length=64)
    ) -> dict[str, Any]:
        table = await hub.seats.get(table_id)
        return await reviews.hints_info(table, table.seat_of(token))

    @router.post(
        "/api/tables/{table_id}/hints",
        summary="A hint: the search's three best choices for one's seat, from its view",
    )
    async def hint(table_id: str, body: HintBody) -> dict[str, Any]:
        table = await hub.seats.get(table_id)
        seat = table.seat_of(body.token)
        if seat is None:
            raise ApiError(403, "a seat's token is required")
        return await reviews.hint(table, seat)

    return router
