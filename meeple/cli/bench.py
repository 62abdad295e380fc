"""``meeple bench``: per registered game, random-play decisions per second, clone
cost and IS-MCTS iterations per second, also as ratios to a calibration workload
measured in the same run (so figures compare across machines).

Two clocks: the wall clock (the default), or with ``--cpu`` this process's CPU
time, the calibration workload and the games interleaved in short rounds so that
all meet the same conditions on a machine shared with other work."""

from __future__ import annotations

import importlib.util
import json
import random
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from meeple.ai import load_bots
from meeple.ai.levels import mcts
from meeple.ai.mcts import Budget
from meeple.cli.common import console, errors, fail
from meeple.engine import Game, GameState, Rng, all_games

# The calibration workload, beside the checkout this code runs from.
CALIBRATION = Path(__file__).resolve().parents[3] / "shared" / "tools" / "calibrate.py"
# ... and as seen from a checkout's own folder (another checkout, an installed meeple).
CALIBRATION_FROM_HERE = Path("..") / "shared" / "tools" / "calibrate.py"
SEARCH_POSITIONS = 6  # mid-game positions searched per game
SEARCH_ITERATIONS = 150  # iterations per searched position
CHUNK_SECONDS = 0.25  # CPU seconds of the calibration workload per interleaved round

Clock = Callable[[], float]
WALL: Clock = time.perf_counter
CPU: Clock = time.process_time
Workload = Callable[[random.Random], int]  # the calibration script's ``workload``: ops done
Played = tuple[int, float]  # decisions and the seconds they took


def random_play_rate(
    game: Game[Any], players: int, games: int, seed: int, clock: Clock = WALL
) -> Played:
    """Decisions and seconds for ``games`` uniformly random games (fast path), the
    games of seeds ``seed`` to ``seed + games - 1``."""
    decisions, seconds = 0, 0.0
    config = game.make_config(players)
    for i in range(games):
        rng = Rng(seed + i)
        state = game.new_game(config, seed + i)
        start = clock()
        while not game.is_over(state):
            seat = rng.choice(game.to_act(state))
            game.apply(state, seat, rng.choice(game.legal_actions(state, seat)))
            decisions += 1
        seconds += clock() - start
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


def clone_microseconds(state: GameState, repeat: int = 20_000, clock: Clock = WALL) -> float:
    start = clock()
    for _ in range(repeat):
        state.clone()
    return (clock() - start) / repeat * 1e6


def search_rate(
    game: Game[Any],
    players: int,
    seed: int,
    clock: Clock = WALL,
    budget: int | None = SEARCH_ITERATIONS,
) -> float:
    """IS-MCTS iterations per second with the game's heuristic rollouts (the
    ``medium``/``hard`` search, ``budget`` iterations a decision), over decisions
    with a real choice spread over one random game."""
    states = [s for s in random_states(game, players, seed) if not game.is_over(s)]
    choices = [s for s in states if len(game.legal_actions(s, game.to_act(s)[0])) > 1]
    step = max(1, len(choices) // SEARCH_POSITIONS)
    iterations, seconds = 0, 0.0
    for state in choices[::step][:SEARCH_POSITIONS]:
        bot = mcts(game, seed, Budget(iterations=budget))
        start = clock()
        bot.choose(game, state, game.to_act(state)[0])
        seconds += clock() - start
        iterations += bot.last_iterations
    return iterations / seconds if seconds else 0.0


def find_calibration(given: Path | None) -> Path | None:
    """The calibration script: the one given (it must exist), else the first of
    ../shared/tools/calibrate.py beside this code's checkout or beside the current
    folder; None if there is none."""
    if given is not None:
        if not given.is_file():
            raise fail(f"no calibration script at {given}: give the path of calibrate.py")
        return given
    return next((p for p in calibration_candidates() if p.is_file()), None)


def calibration_candidates() -> list[Path]:
    return [CALIBRATION, (Path.cwd() / CALIBRATION_FROM_HERE).resolve()]


def calibration_rate(script: Path) -> float | None:
    """Operations per wall-clock second of the calibration script run on its own,
    or None without it."""
    if not script.exists():
        return None
    out = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, check=True
    ).stdout
    return float(out.split()[-1])


def load_workload(script: Path) -> Workload:
    """The calibration script's ``workload(rng) -> operations`` (its ``main`` is not run)."""
    spec = importlib.util.spec_from_file_location("meeple_calibration", script)
    if spec is None or spec.loader is None:
        raise fail(f"{script} cannot be loaded as a Python module")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    workload: Workload | None = getattr(module, "workload", None)
    if not callable(workload):
        raise fail(f"{script} has no workload(rng) function to time")
    return workload


def calibration_chunk(workload: Workload, seconds: float, rng: random.Random) -> Played:
    """Operations of the calibration workload over about ``seconds`` of CPU time,
    and the CPU seconds they took."""
    ops, start = 0, CPU()
    while CPU() - start < seconds:
        ops += workload(rng)
    return ops, CPU() - start


def players_for(game: Game[Any]) -> int:
    """Four seats where the game allows them, else the nearest count it allows."""
    return min(max(4, game.min_players), game.max_players)


def interleaved_play(
    chosen: Sequence[Game[Any]], games: int, seed: int, rounds: int, workload: Workload
) -> tuple[float, dict[str, Played]]:
    """Calibration operations per CPU second and each game's random play (decisions,
    CPU seconds), measured in ``rounds`` rounds of a calibration chunk followed by
    ``games / rounds`` random games of each game; rates are of the summed counts."""
    per_round = max(1, games // rounds)
    rng = random.Random(seed)
    ops, ops_seconds = 0, 0.0
    played = {game.name: (0, 0.0) for game in chosen}
    for round_ in range(rounds):
        done, seconds = calibration_chunk(workload, CHUNK_SECONDS, rng)
        ops, ops_seconds = ops + done, ops_seconds + seconds
        for game in chosen:
            first = seed + round_ * per_round
            decisions, cpu = random_play_rate(game, players_for(game), per_round, first, CPU)
            total = played[game.name]
            played[game.name] = (total[0] + decisions, total[1] + cpu)
    return ops / ops_seconds, played


def figures(
    game: Game[Any],
    games: int,
    seed: int,
    played: Played,
    calibration: float | None,
    clock: Clock,
) -> dict[str, Any]:
    """One game's row: its random play (``played``) and, timed by ``clock``, its
    clone cost and search speed."""
    players = players_for(game)
    decisions, seconds = played
    rate = decisions / seconds
    state = mid_game_state(game, players, seed)
    return {
        "game": game.name,
        "players": players,
        "games": games,
        "decisions": decisions,
        "decisions_per_second": round(rate),
        "x_calibration": None if calibration is None else round(rate / calibration, 4),
        "clone_microseconds": round(clone_microseconds(state, clock=clock), 2),
        "mcts_iterations_per_second": round(search_rate(game, players, seed, clock)),
    }


def measure(game: Game[Any], games: int, seed: int, calibration: float | None) -> dict[str, Any]:
    """One game's row by the wall clock."""
    played = random_play_rate(game, players_for(game), games, seed)
    return figures(game, games, seed, played, calibration, WALL)


def choose_games(names: list[str]) -> list[Game[Any]]:
    """The registered games named (all of them when none is)."""
    registered = {game.name: game for game in all_games()}
    unknown = [name for name in names if name not in registered]
    if unknown:
        raise fail(f"unknown game {unknown[0]!r}; choose from: {', '.join(sorted(registered))}")
    return [game for name, game in registered.items() if not names or name in names]


def bench(
    games: int = typer.Option(200, "-n", help="random games per game"),
    seed: int = typer.Option(1),
    game_names: list[str] = typer.Option([], "--game", help="only these games (repeatable)"),
    calibrate: Path | None = typer.Option(
        None,
        help="calibration workload script (default: ../shared/tools/calibrate.py beside"
        " the code's checkout or the current folder)",
    ),
    cpu: bool = typer.Option(
        False,
        "--cpu",
        help="time by this process's CPU time, the calibration workload and the games"
        " interleaved in rounds (for a machine shared with other work)",
    ),
    rounds: int = typer.Option(20, min=1, help="with --cpu: interleaved rounds"),
    as_json: bool = typer.Option(False, "--json"),
) -> None:
    """Measure random-play speed, clone cost and search speed of every registered
    game (one core), with the calibration workload measured in the same run."""
    load_bots()
    chosen = choose_games(game_names)
    script = find_calibration(calibrate)
    calibration: float | None
    if cpu:
        calibration, rows = cpu_rows(chosen, games, seed, rounds, script)
    else:
        calibration, rows = wall_rows(chosen, games, seed, script)
    clock = "cpu" if cpu else "wall"
    if as_json:
        report = {"clock": clock, "calibration_ops_per_second": calibration, "games": rows}
        print(json.dumps(report, indent=1))
        return
    console.print(figures_table(rows, clock, caption(calibration, script)))


def wall_rows(
    chosen: Sequence[Game[Any]], games: int, seed: int, script: Path | None
) -> tuple[float | None, list[dict[str, Any]]]:
    if script is None:
        errors.print(missing_calibration() + "; figures without ratios")
    calibration = None if script is None else calibration_rate(script)
    return calibration, [measure(game, games, seed, calibration) for game in chosen]


def cpu_rows(
    chosen: Sequence[Game[Any]], games: int, seed: int, rounds: int, script: Path | None
) -> tuple[float, list[dict[str, Any]]]:
    if script is None:
        raise fail(missing_calibration() + ": --cpu times the games against it")
    rounds = min(rounds, games)  # a round plays one game of each at least
    calibration, played = interleaved_play(chosen, games, seed, rounds, load_workload(script))
    played_games = max(1, games // rounds) * rounds
    rows = [
        figures(game, played_games, seed, played[game.name], calibration, CPU) for game in chosen
    ]
    return calibration, rows


def missing_calibration() -> str:
    looked = " or ".join(str(p) for p in calibration_candidates())
    return f"no calibration workload at {looked} (give one with --calibrate PATH)"


def figures_table(rows: list[dict[str, Any]], clock: str, note: str) -> Table:
    table = Table(title=f"meeple bench (one core, {clock} clock)", caption=note)
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
    return table


def caption(calibration: float | None, script: Path | None) -> str:
    if calibration is None:
        return "no calibration workload found (--calibrate PATH)"
    return f"calibration workload ({script}): {calibration:,.0f} ops/s in this run"


def register(app: typer.Typer) -> None:
    app.command("bench")(bench)
