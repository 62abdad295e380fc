"""``meeple simulate``: seeded games between bots, summarised as JSON or a table."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import typer
from rich.progress import Progress
from rich.table import Table

from meeple.cli.common import console, errors, fail, load_game, make_bots, parse_seats
from meeple.engine import BadConfig, Game


@dataclass
class Tally:
    """Totals over a series of games."""

    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    wins: list[int] = field(default_factory=list)
    score_sum: list[int] = field(default_factory=list)


def play_one(game: Game[Any], config: Any, seed: int, kinds: list[str]) -> tuple[Any, int]:
    """One whole game between bots; returns its result and the number of decisions."""
    state = game.new_game(config, seed)
    bots = make_bots(game, kinds, seed)
    decisions = 0
    while not game.is_over(state):
        seat = game.to_act(state)[0]
        game.apply(state, seat, bots[seat].choose(game, state, seat))
        decisions += 1
    return game.result(state), decisions


def run_series(
    game: Game[Any], config: Any, kinds: list[str], n: int, seed: int, progress: bool
) -> Tally:
    tally = Tally(wins=[0] * config.players, score_sum=[0] * config.players)
    with Progress(console=errors, transient=True, disable=not progress) as bar:
        task = bar.add_task(f"{game.name}", total=n)
        for i in range(n):
            start = time.perf_counter()
            result, decisions = play_one(game, config, seed + i, kinds)
            tally.seconds += time.perf_counter() - start
            tally.games += 1
            tally.decisions += decisions
            for seat in range(config.players):
                tally.wins[seat] += seat in result.winners
                tally.score_sum[seat] += result.scores[seat]
            bar.advance(task)
    return tally


def summary(game: Game[Any], kinds: list[str], tally: Tally) -> dict[str, Any]:
    names = game.seat_names(game.make_config(len(kinds)))
    return {
        "game": game.name,
        "games": tally.games,
        "decisions": tally.decisions,
        "seconds": round(tally.seconds, 3),
        "decisions_per_second": round(tally.decisions / tally.seconds) if tally.seconds else 0,
        "seats": [
            {
                "seat": seat,
                "name": names[seat],
                "bot": kind,
                "wins": tally.wins[seat],
                "mean_score": round(tally.score_sum[seat] / max(1, tally.games), 3),
            }
            for seat, kind in enumerate(kinds)
        ],
    }


def simulate(
    game_name: str = typer.Argument(..., help="a registered game"),
    n: int = typer.Option(100, "-n", help="number of games"),
    players: int = typer.Option(4, "--players", "-p"),
    seed: int = typer.Option(1, help="seed of the first game; game i uses seed+i"),
    bots: str = typer.Option(None, help="comma-separated bot per seat (default: random)"),
    as_json: bool = typer.Option(False, "--json", help="print a JSON summary on stdout"),
) -> None:
    """Play seeded games between bots and report wins, scores and speed."""
    game = load_game(game_name)
    kinds = parse_seats(game, bots, players, "random")
    if "human" in kinds:
        raise fail("simulate plays bots only; 'human' is not a bot")
    if n < 1:
        raise fail("-n must be at least 1")
    try:
        config = game.make_config(players)
    except BadConfig as exc:
        raise fail(str(exc)) from None
    data = summary(game, kinds, run_series(game, config, kinds, n, seed, progress=True))
    if as_json:
        print(json.dumps(data, indent=1))
        return
    table = Table(title=f"{data['games']} games of {game.title}")
    for column in ("seat", "bot", "wins", "mean score"):
        table.add_column(column)
    for row in data["seats"]:
        table.add_row(row["name"], row["bot"], str(row["wins"]), str(row["mean_score"]))
    console.print(table)
    console.print(
        f"{data['decisions']} decisions in {data['seconds']} s: "
        f"{data['decisions_per_second']} decisions per second"
    )


def register(app: typer.Typer) -> None:
    app.command("simulate")(simulate)
