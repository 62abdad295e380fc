"""Security headers on every HTTP response: ``SecurityHeaders``.

* ``Content-Security-Policy`` (``CSP``): scripts only from this server's files (no
  inline script, no ``eval``), connections (fetch, WebSocket) only to it, no plugins,
  no ``<base>``, forms posting only here, and no framing by any page
  (``frame-ancestors 'none'``). Styles may be inline: the boards' SVG carry their
  ``<style>`` elements. A response may set its own policy (``/docs`` allows its one
  inline script by hash: ``csp_with_script``); the middleware then leaves it.
* ``X-Frame-Options: DENY`` (framing, for browsers without ``frame-ancestors``),
  ``X-Content-Type-Options: nosniff``, ``Referrer-Policy: no-referrer`` (a table's
  address carries no token today, but no address of ours is told to other sites).
"""

from __future__ import annotations

import base64
import hashlib
from collections.abc import Awaitable, Callable, MutableMapping
from typing import Any

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]

SCRIPTS = "script-src 'self'"
CSP = "; ".join(
    (
        "default-src 'self'",
        SCRIPTS,
        "style-src 'self' 'unsafe-inline'",
        "img-src 'self' data: blob:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "frame-ancestors 'none'",
    )
)
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-frame-options", b"DENY"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
)


def csp_with_script(script: str) -> str:
    """``CSP`` that also allows one inline ``<script>`` whose text is ``script``."""
    digest = base64.b64encode(hashlib.sha256(script.encode()).digest()).decode()
    return CSP.replace(SCRIPTS, f"{SCRIPTS} 'sha256-{digest}'")


class SecurityHeaders:
    """ASGI middleware adding ``HEADERS`` to every HTTP response that lacks them."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = list(message.get("headers") or [])
                present = {name.lower() for name, _ in headers}
                headers.extend(pair for pair in HEADERS if pair[0] not in present)
                message["headers"] = headers
            await send(message)

        await self.app(scope, receive, send_with_headers)
