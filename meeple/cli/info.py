"""``meeple games``: the registered games, player counts, options and bots.

One block per game rather than one wide table, so that it reads in 80 columns:
the game's title, name and player counts on one line, then its options (name,
default, description) and the bots that can take a seat.
"""

from __future__ import annotations

from typing import Any

import typer
from rich.table import Table
from rich.text import Text

from meeple.ai import load_bots
from meeple.ai.base import bot_names
from meeple.cli.common import console
from meeple.engine import Game, all_games
from meeple.engine.registry import broken_games


def game_block(game: Game[Any]) -> Table:
    """A game's details as a two-column grid: labels, then folded text."""
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold", no_wrap=True)
    grid.add_column(overflow="fold")
    for spec in game.option_specs:
        grid.add_row(f"--option {spec.name}", f"default {spec.default!r}: {spec.description}")
    if not game.option_specs:
        grid.add_row("options", "none")
    grid.add_row("bots", ", ".join(bot_names(game.name)))
    return grid


def games() -> None:
    """List the registered games with their player counts, variants and bots."""
    load_bots()
    for game in all_games():
        title = Text(game.title, style="bold cyan")
        title.append(f"  (meeple play {game.name}, {game.min_players}-{game.max_players} players)")
        console.print(title)
        console.print(game_block(game))
        console.print()
    for name, reason in broken_games().items():
        console.print(f"[red]game {name!r} is installed but did not load:[/red] {reason}")


def register(app: typer.Typer) -> None:
    app.command("games")(games)
