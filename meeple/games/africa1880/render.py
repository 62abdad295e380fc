"""Text rendering of a view (placeholder, replaced below)."""

from __future__ import annotations

from typing import Any


def render_text(view: dict[str, Any]) -> str:
    return str(view["phase"])
