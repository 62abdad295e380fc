"""``meeple bench``: per registered game, random-play decisions per second, clone
cost and IS-MCTS iterations per second, also as ratios to a calibration workload
measured in the same run (so figures compare across machines)."""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from meeple.ai import load_bots
from meeple.ai.levels import mcts
from meeple.ai.mcts import Budget
from meeple.cli.common import console
from meeple.engine import Game, GameState, Rng, all_games

CALIBRATION = Path(__file__).resolve().parents[3] / "shared" / "tools" / "calibrate.py"
SEARCH_POSITIONS = 6  # mid-game positions searched per game
SEARCH_ITERATIONS = 150  # iterations per searched position


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


def random_states(game: Game[Any], players: int, seed: int) -> list[GameState]:
    """Every state of one random game, in order."""
    config = game.make_config(players)
    rng = Rng(seed)
    states = [game.new_game(config, seed)]
    while not game.is_over(states[-1]):
        state = states[-1].clone()
        seat = rng.choice(game.to_act(state))
        game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
        states.append(state)
    return states


def mid_game_state(game: Game[Any], players: int, seed: int) -> GameState:
    """The state halfway through a random game."""
    states = random_states(game, players, seed)
    return states[len(states) // 2]


def clone_microseconds(state: GameState, repeat: int = 20_000) -> float:
    start = time.perf_counter()
    for _ in range(repeat):
        state.clone()
    return (time.perf_counter() - start) / repeat * 1e6


def search_rate(game: Game[Any], players: int, seed: int) -> float:
    """IS-MCTS iterations per second with the game's heuristic rollouts (the
    ``medium``/``hard`` search), over decisions with a real choice spread over
    one random game."""
    states = [s for s in random_states(game, players, seed) if not game.is_over(s)]
    choices = [s for s in states if len(game.legal_actions(s, game.to_act(s)[0])) > 1]
    step = max(1, len(choices) // SEARCH_POSITIONS)
    iterations, seconds = 0, 0.0
    for state in choices[::step][:SEARCH_POSITIONS]:
        bot = mcts(game, seed, Budget(iterations=SEARCH_ITERATIONS))
        start = time.perf_counter()
        bot.choose(game, state, game.to_act(state)[0])
        seconds += time.perf_counter() - start
        iterations += bot.last_iterations
    return iterations / seconds if seconds else 0.0


def calibration_rate(script: Path) -> float | None:
    """Operations per second of the calibration workload, or None without it."""
    if not script.exists():
        return None
    out = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=True
    ).stdout
    return float(out.split()[-1])


def measure(game: Game[Any], games: int, seed: int, calibration: float | None) -> dict[str, Any]:
    players = min(max(4, game.min_players), game.max_players)
    decisions, seconds = random_play_rate(game, players, games, seed)
    rate = decisions / seconds
    search = search_rate(game, players, seed)
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "decisions": decisions,
        "decisions_per_second": round(rate),
        "x_calibration": None if calibration is None else round(rate / calibration, 4),
        "clone_microseconds": round(clone_microseconds(mid_game_state(game, players, seed)), 2),
        "mcts_iterations_per_second": round(search),
    }


def bench(
    games: int = typer.Option(200, "-n", help="random games per game"),
    seed: int = typer.Option(1),
    game_names: list[str] = typer.Option([], "--game", help="only these games (repeatable)"),
    calibrate: Path = typer.Option(CALIBRATION, help="calibration workload script"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Measure random-play speed, clone cost and search speed of every registered
    game (one core), with the calibration workload measured in the same run."""
    load_bots()
    calibration = calibration_rate(calibrate)
    chosen = [g for g in all_games() if not game_names or g.name in game_names]
    rows = [measure(game, games, seed, calibration) for game in chosen]
    if as_json:
        print(json.dumps({"calibration_ops_per_second": calibration, "games": rows}, indent=1))
        return
    table = Table(title="meeple bench (one core)", caption=caption(calibration))
    for column in ("game", "seats", "decisions", "dec/s", "x calib", "clone µs", "MCTS it/s"):
        table.add_column(column, no_wrap=True)
    for row in rows:
        ratio = row["x_calibration"]
        table.add_row(
            row["game"],
            str(row["players"]),
            str(row["decisions"]),
            str(row["decisions_per_second"]),
            "-" if ratio is None else f"{ratio:.3f}",
            str(row["clone_microseconds"]),
            str(row["mcts_iterations_per_second"]),
        )
    console.print(table)


def caption(calibration: float | None) -> str:
    if calibration is None:
        return "no calibration workload found (--calibrate PATH)"
    return f"calibration workload: {calibration:,.0f} ops/s in this run"


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)
