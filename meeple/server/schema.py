"""The API's answers as its OpenAPI schema states them, and /docs without internet.

Every refusal is an ``ErrorBody``: ``{status, detail[, rule][, errors]}``, whoever
refuses (a route's ``ApiError``, a request that fails validation, or the guard in
front of the app). ``ERRORS`` documents the statuses every API route may answer
with; ``validation_error`` turns FastAPI's validation errors into an ``ErrorBody``
(the fields and messages, never the values sent). ``docs_routes`` serves Swagger UI
from the ``swagger-ui-bundle`` package, so /docs works offline.
"""

from __future__ import annotations

import re
from typing import Any

import swagger_ui_bundle
from fastapi import APIRouter, FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.openapi.docs import get_swagger_ui_html
from fastapi.responses import HTMLResponse, JSONResponse
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field

from meeple.server.headers import csp_with_script

DOCS_ASSETS = "/docs-assets"


class FieldError(BaseModel):
    loc: list[str | int] = Field(description="where: 'body', then the field's path")
    msg: str = Field(description="what is wrong with it")
    type: str = Field(description="the kind of error, e.g. 'missing', 'string_too_long'")


class ErrorBody(BaseModel):
    """A refusal: its HTTP status, what is wrong and what would be right."""

    status: int
    detail: str = Field(description="what is wrong, and what would be right")
    rule: str | None = Field(default=None, description="the rulebook section, if a rule")
    errors: list[FieldError] | None = Field(
        default=None, description="for 422 on a malformed request: each field's problem"
    )


_WHY = {
    400: "the body is not standard JSON (NaN, Infinity, lone surrogates...)",
    403: "the token holds no seat here, or the seat may not do this",
    404: "no such table (or ply)",
    409: "stale version, a seat that is taken, or the game is not over yet",
    413: "the request body is too large",
    422: "the request is malformed, or the move is illegal (with the rule)",
    429: "past a rate or a cap of the server (docs/server.md, Limits)",
    431: "the request line and headers are too large",
    503: "the server could not store the change, or is full; try again",
}

ERRORS: dict[int | str, dict[str, Any]] = {
    status: {"model": ErrorBody, "description": why} for status, why in _WHY.items()
}


async def validation_error(_request: Request, exc: Exception) -> JSONResponse:
    """A request that fails validation: 422 with each field's problem (no values)."""
    assert isinstance(exc, RequestValidationError)
    errors = [
        {
            "loc": [part if isinstance(part, int) else str(part) for part in e.get("loc", ())],
            "msg": str(e.get("msg", "")),
            "type": str(e.get("type", "")),
        }
        for e in exc.errors()
    ]
    parts = [f"{'.'.join(str(p) for p in e['loc'])}: {e['msg']}" for e in errors[:5]]
    body = {"status": 422, "detail": "; ".join(parts) or "malformed request", "errors": errors}
    return JSONResponse(body, status_code=422)


def docs_routes(app: FastAPI) -> None:
    """``/docs``: Swagger UI with its scripts and styles served by this server."""
    app.mount(
        DOCS_ASSETS,
        StaticFiles(directory=swagger_ui_bundle.swagger_ui_path),
        name="docs-assets",
    )
    router = APIRouter(include_in_schema=False)

    @router.get("/docs")
    async def docs() -> HTMLResponse:
        page = get_swagger_ui_html(
            openapi_url=app.openapi_url or "/openapi.json",
            title=f"{app.title}: API",
            swagger_js_url=f"{DOCS_ASSETS}/swagger-ui-bundle.js",
            swagger_css_url=f"{DOCS_ASSETS}/swagger-ui.css",
            swagger_favicon_url=f"{DOCS_ASSETS}/favicon-32x32.png",
        )
        # The page starts Swagger UI in one inline script: the policy allows just it.
        inline = re.search(r"<script>(.*?)</script>", bytes(page.body).decode(), re.DOTALL)
        if inline is not None:
            page.headers["content-security-policy"] = csp_with_script(inline.group(1))
        return page

    app.include_router(router)
