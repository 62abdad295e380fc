"""What ``meeple play`` draws: a game's texts in colour, the help, the action list
and the hand-over screen. Everything here is generic: a game speaks through its
``Terminal`` (``meeple/engine/terminal.py``), never by name.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import lru_cache

from rich.console import Console
from rich.table import Table
from rich.text import Text

from meeple.engine.actions import Action
from meeple.engine.terminal import Command, Highlight

LIST_LIMIT = 40  # more legal actions than this are summarised by kind
CLEAR_SCROLLBACK = "\x1b[3J"  # also forget the lines scrolled off the screen

# The terminal's own commands: (usage, help).
BASE_COMMANDS = (
    ("list", "every legal action, numbered"),
    ("board", "show the full board (after each decision only a short status is shown)"),
    ("legend", "what the board's symbols mean"),
    (
        "undo",
        "take back your last decision, and the bots' moves after it, while nothing"
        " was revealed and no other person acted since",
    ),
    ("save FILE", "write the game record to FILE"),
    ("help", "this help"),
    ("quit", "leave the game (save it first to keep it)"),
)

COMMAND_NAMES = tuple(usage for usage, _ in BASE_COMMANDS)


@lru_cache(maxsize=256)
def _compiled(pattern: str) -> re.Pattern[str]:
    return re.compile(pattern)


def styled(text: str, highlights: Sequence[Highlight]) -> Text:
    """``text`` as a Rich text (no markup is read from it) with the game's colours."""
    out = Text(text)
    for highlight in highlights:
        style = f"bold {highlight.colour}" if highlight.bold else highlight.colour
        for match in _compiled(highlight.pattern).finditer(text):
            out.stylize(style, match.start(), match.end())
    return out


def kinds_sample(legal: Sequence[Action], per_kind: int = 1, limit: int = 4) -> list[str]:
    """A few legal actions, the first ``per_kind`` of each kind."""
    seen: dict[str, int] = {}
    out = []
    for action in legal:
        if seen.get(action.kind, 0) < per_kind:
            seen[action.kind] = seen.get(action.kind, 0) + 1
            out.append(action.text)
    return out[:limit]


def help_table(
    title: str,
    now: Sequence[str],
    examples: Sequence[str],
    game_commands: Sequence[Command],
) -> Table:
    """The help: how to act now, the game's own examples, every command."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    grid.add_row("act", "type an action's number from the list, or its text")
    if now:
        grid.add_row("now", "for example: " + ", ".join(repr(text) for text in now))
    if examples:
        grid.add_row(title, "inputs look like: " + ", ".join(repr(text) for text in examples))
    for usage, what in BASE_COMMANDS:
        grid.add_row(usage, what)
    for command in game_commands:
        grid.add_row(command.usage, command.help)
    return grid


def action_lines(
    texts: Sequence[str],
    kinds: Sequence[str],
    everything: bool,
    labels: Mapping[str, str] | None = None,
) -> list[str]:
    """The legal actions, numbered, each in the game's words (``labels``, by text)
    with the text to type after it where they differ beyond capitals; or, when they are many, a
    sample of each kind's texts."""
    if everything or len(texts) <= LIST_LIMIT:
        words = labels or {}
        return [
            f"  {number:>3}. {_worded(words.get(text, text), text)}"
            for number, text in enumerate(texts, start=1)
        ]
    groups: dict[str, list[str]] = {}
    for kind, text in zip(kinds, texts, strict=True):
        groups.setdefault(kind, []).append(text)
    lines = [f"{len(texts)} legal actions; type one, or 'list' to number them all:"]
    for group in groups.values():
        sample = ", ".join(group[:3]) + (", ..." if len(group) > 3 else "")
        lines.append(f"  {len(group):>4} like: {sample}")
    return lines


def _worded(label: str, text: str) -> str:
    """An action in the game's words, with its text to type where that differs."""
    return label if label.lower() == text else f"{label}  ({text})"


def clear(console: Console) -> None:
    """Wipe the screen and, on a real terminal, its scrollback."""
    console.clear()
    if console.is_terminal:
        console.file.write(CLEAR_SCROLLBACK)
        console.file.flush()


def legend_table(legend: Sequence[tuple[str, str]]) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    for symbol, meaning in legend:
        grid.add_row(symbol, meaning)
    return grid
