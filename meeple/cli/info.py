"""``meeple games``: the registered games, player counts, options and bots."""

from __future__ import annotations

import typer
from rich.table import Table

from meeple.ai import load_bots
from meeple.ai.base import bot_names
from meeple.cli.common import console
from meeple.engine import all_games
from meeple.engine.registry import broken_games


def games() -> None:
    """List the registered games with their player counts, variants and bots."""
    load_bots()
    table = Table(title="meeple games")
    for column in ("name", "title", "players", "options (default)", "bots"):
        table.add_column(column)
    for game in all_games():
        options = "\n".join(
            f"{spec.name} ({spec.default!r}): {spec.description}" for spec in game.option_specs
        )
        table.add_row(
            game.name,
            game.title,
            f"{game.min_players}-{game.max_players}",
            options or "-",
            ", ".join(bot_names(game.name)),
        )
    console.print(table)
    for name, reason in broken_games().items():
        console.print(f"[red]game {name!r} is installed but did not load:[/red] {reason}")


def register(app: typer.Typer) -> None:
    app.command("games")(games)
