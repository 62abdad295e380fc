"""What text people may put where others read it: chat messages and seat names.

Both go into the database and onto every screen at the table, so characters that
would break either are refused with a clear error (``ApiError`` 422) before
anything is stored: control characters (NUL, which PostgreSQL cannot store in text,
escape codes, DEL, the C1 block), and in names also line breaks, tabs and the
characters that change the direction text is drawn in (embeddings, overrides and
isolates: a name could otherwise reverse the words after it on every screen).
A chat message may hold line breaks and tabs.
"""

from __future__ import annotations

import unicodedata

from meeple.server.tables import ApiError

# Unicode's explicit direction formatting (embeddings, overrides, isolates) and the
# marks and separators that act like them.
DIRECTION_CHARACTERS = frozenset(
    "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"
)
CHAT_ALLOWED_CONTROLS = frozenset("\n\t")


def _first_refused(text: str, allowed: frozenset[str], direction: bool) -> int | None:
    """The index of the first character ``text`` may not hold, or None."""
    for i, char in enumerate(text):
        if char in allowed:
            continue
        if unicodedata.category(char) in ("Cc", "Cs", "Zl", "Zp"):
            return i
        if direction and char in DIRECTION_CHARACTERS:
            return i
    return None


def _where(text: str, i: int) -> str:
    return f"U+{ord(text[i]):04X} at character {i + 1}"


def check_chat(text: str) -> str:
    """``text`` if a chat message may say it (line breaks and tabs are fine); else
    ApiError 422 naming the first control character."""
    i = _first_refused(text, CHAT_ALLOWED_CONTROLS, direction=False)
    if i is not None:
        raise ApiError(
            422,
            f"a chat message may not hold control characters ({_where(text, i)});"
            " send plain text (line breaks and tabs are fine)",
        )
    return text


def check_name(name: str) -> str:
    """``name`` if a seat may be called so; else ApiError 422 naming the first control
    or text-direction character (line breaks and tabs included)."""
    i = _first_refused(name, frozenset(), direction=True)
    if i is not None:
        raise ApiError(
            422,
            f"a name may not hold control or text-direction characters ({_where(name, i)});"
            " write it on one line of plain text",
        )
    return name
