"""The ``meeple`` command. Each sub-command lives in its own module."""

from __future__ import annotations

import typer

from meeple.cli import bench, info, play, replay, review, serve, simulate, tournament

app = typer.Typer(
    help="meeple: play and study Namibia, Mombasa, New World and Africa 1880.",
    no_args_is_help=True,
    add_completion=False,
)

for module in (info, play, simulate, replay, review, bench, serve, tournament):
    module.register(app)


if __name__ == "__main__":
    app()
