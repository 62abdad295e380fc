"""``meeple replay``: replay a saved record, verify it and show how it ended."""

from __future__ import annotations

from pathlib import Path

import typer

from meeple.cli.common import console, fail, load_game
from meeple.cli.play import print_result
from meeple.engine import GameRecord, MeepleError, verify


def replay_command(
    path: Path = typer.Argument(..., help="a game record written by 'save' or the server"),
    show: bool = typer.Option(False, help="print every move"),
) -> None:
    """Replay a game record through the rules and show the final position."""
    try:
        record = GameRecord.load(path)
        game = load_game(record.game)
        state = verify(game, record)
    except MeepleError as exc:
        raise fail(str(exc)) from None
    if show:
        for event in game.events(state, None):
            console.print(f"  - {event.text}")
    console.print(game.render_text(game.view(state, None)))
    console.print(f"Record verified: {len(record.moves)} moves replay exactly.")
    if game.is_over(state):
        print_result(game, state)
    else:
        console.print(
            "The game is not finished; waiting for "
            + ", ".join(game.seat_names(state.config)[s] for s in game.to_act(state))
        )


def register(app: typer.Typer) -> None:
    app.command("replay")(replay_command)
