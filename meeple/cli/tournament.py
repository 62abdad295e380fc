"""``meeple tournament``: bots play a seat-rotated series; win rates, CIs and ratings."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import typer
from rich.progress import Progress
from rich.table import Table

from meeple.cli.common import console, errors, fail, load_game, parse_seats, seat_bot
from meeple.engine import BadConfig
from meeple.tournament import TournamentSpec, run, summarise
from meeple.tournament.stats import write_csv


def _table(data: dict[str, Any], title: str) -> Table:
    caption = (
        "win: win rate; ms/dec: mean thinking time per decision; rating: OpenSkill"
        " in Elo-like points (150 more: finishes ahead 70% of the time)"
    )
    table = Table(title=f"{data['games']} games of {title}", caption=caption)
    # short headers and no wrapping: the table fits a terminal of 80 columns
    for column in ("bot", "games", "wins", "win", "95% CI", "score", "ms/dec", "rating"):
        table.add_column(column, no_wrap=True, justify="left" if column == "bot" else "right")
    for bot in data["bots"]:
        low, high = bot["ci95"]
        table.add_row(
            bot["name"],
            str(bot["games"]),
            str(bot["wins"]),
            f"{100 * bot['win_rate']:.1f}%",
            f"{100 * low:.1f}-{100 * high:.1f}",
            f"{bot['mean_score']:.2f}",
            f"{bot['mean_decision_ms']:.1f}",
            f"{bot['points']:.0f}",
        )
    return table


def tournament(
    game_name: str = typer.Argument(..., help="a registered game"),
    bots: str = typer.Option(..., help="comma-separated bot per seat, e.g. hard,random,random"),
    n: int = typer.Option(100, "-n", help="number of games"),
    seed: int = typer.Option(1, help="seed of the first game; game i uses seed+i"),
    jobs: int = typer.Option(1, "--jobs", "-j", help="worker processes (or Ray CPUs)"),
    ray: str = typer.Option(None, "--ray", help="Ray cluster address, or 'local'"),
    csv_path: Path = typer.Option(None, "--csv", help="write one row per game to this file"),
    as_json: bool = typer.Option(False, "--json", help="print a JSON summary on stdout"),
) -> None:
    """Play a seat-rotated tournament between bots; report win rates and ratings."""
    game = load_game(game_name)
    players = len([b for b in bots.split(",") if b.strip()])
    kinds = parse_seats(game, bots, players, "random")
    if "human" in kinds:
        raise fail("a tournament plays bots only; 'human' is not a bot")
    if n < 1 or jobs < 1:
        raise fail("-n and --jobs must be at least 1")
    try:
        game.make_config(players)
    except BadConfig as exc:
        raise fail(str(exc)) from None
    spec = TournamentSpec(game.name, tuple(kinds), n, seed)
    with Progress(console=errors, transient=True) as bar:
        task = bar.add_task(f"{game.name}: {','.join(kinds)}", total=n)
        results = run(spec, jobs, ray, progress=lambda _: bar.advance(task), seats=seat_bot)
    if csv_path is not None:
        write_csv(csv_path, results)
    data = summarise(spec, results)
    if as_json:
        print(json.dumps(data, indent=1))
        return
    console.print(_table(data, game.title))


def register(app: typer.Typer) -> None:
    app.command("tournament")(tournament)
