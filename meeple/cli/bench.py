"""``meeple bench``: decisions per second of random play and clone time, per game."""

from __future__ import annotations

import json
import time
from typing import Any

import typer
from rich.table import Table

from meeple.ai import load_bots
from meeple.cli.common import console
from meeple.engine import Game, GameState, Rng, all_games


def random_play_rate(game: Game[Any], players: int, games: int, seed: int) -> tuple[int, float]:
    """Decisions and seconds for ``games`` uniformly random games (fast path)."""
    decisions, seconds = 0, 0.0
    config = game.make_config(players)
    for i in range(games):
        rng = Rng(seed + i)
        state = game.new_game(config, seed + i)
        start = time.perf_counter()
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            decisions += 1
        seconds += time.perf_counter() - start
    return decisions, seconds


def mid_game_state(game: Game[Any], players: int, seed: int) -> GameState:
    """The state halfway through a random game."""
    config = game.make_config(players)
    rng = Rng(seed)
    states = [game.new_game(config, seed)]
    while not game.is_over(states[-1]):
        state = states[-1].clone()
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return states[len(states) // 2]


def clone_microseconds(state: GameState, repeat: int = 20_000) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        state.clone()
    return (time.perf_counter() - start) / repeat * 1e6


def bench(
    games: int = typer.Option(200, "-n", help="random games per game"),
    seed: int = typer.Option(1),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Measure random-play speed and clone cost of every registered game (one core)."""
    load_bots()
    rows = []
    for game in all_games():
        players = 4 if game.min_players <= 4 <= game.max_players else game.min_players
        decisions, seconds = random_play_rate(game, players, games, seed)
        clone = clone_microseconds(mid_game_state(game, players, seed))
        rows.append(
            {
                "game": game.name,
                "players": players,
                "games": games,
                "decisions": decisions,
                "decisions_per_second": round(decisions / seconds),
                "clone_microseconds": round(clone, 2),
            }
        )
    if as_json:
        print(json.dumps(rows, indent=1))
        return
    table = Table(title="meeple bench (random play, one core)")
    for column in ("game", "players", "decisions", "decisions/s", "clone µs"):
        table.add_column(column)
    for row in rows:
        table.add_row(
            row["game"],
            str(row["players"]),
            str(row["decisions"]),
            str(row["decisions_per_second"]),
            str(row["clone_microseconds"]),
        )
    console.print(table)


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)
