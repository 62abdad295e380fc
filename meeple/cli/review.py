"""``meeple review``: judge every decision of a saved record with the bots' search
and print the costliest ones with the alternatives the search preferred."""

from __future__ import annotations

import json
import time
from pathlib import Path

import typer
from rich.progress import Progress
from rich.table import Table

from meeple.cli.common import console, errors, fail, load_game
from meeple.engine import GameRecord, MeepleError
from meeple.review import DEFAULT_ITERATIONS, Decision, Review, review_record

ITERATIONS_HELP = (
    "search iterations per decision (the budget; the default takes about 1 s a"
    " decision in Namibia on a 2-core machine, less in lighter games)"
)


def parse_moves(text: str | None, total: int) -> list[int] | None:
    """Move numbers from "FIRST-LAST" or "N" (None: every move)."""
    if text is None:
        return None
    first, _, last = text.partition("-")
    try:
        low, high = int(first), int(last or first)
    except ValueError:
        raise fail(f"--moves takes FIRST-LAST or N (move numbers), not {text!r}") from None
    if not 1 <= low <= high <= total:
        raise fail(f"--moves {text} is outside the record's moves 1-{total}")
    return list(range(low, high + 1))


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def better_choices(decision: Decision) -> str:
    seat = decision.seat
    return "\n".join(
        f"{c.action} ({percent(c.win[seat])})" if c.win else c.action for c in decision.better()
    )


def print_marked(review: Review) -> None:
    marked = review.marked()
    if not marked:
        console.print("No decision lost enough win chance to be marked.")
        return
    table = Table(title="Marked decisions (win chance of the deciding seat)")
    for column in ("move", "seat", "played", "grade", "before", "after", "search preferred"):
        table.add_column(column)
    for d in marked:
        assert d.before is not None and d.after is not None  # a graded decision was searched
        table.add_row(
            str(d.move),
            review.seat_names[d.seat],
            d.action,
            d.grade or "",
            percent(d.before[d.seat]),
            percent(d.after[d.seat]),
            better_choices(d),
        )
    console.print(table)


def print_summary(review: Review) -> None:
    table = Table(title="Per seat")
    table.add_column("seat")
    table.add_column("decisions searched")
    for name, _ in review.thresholds.items():
        table.add_column(name)
    table.add_column("mean loss")
    for row in review.summary:
        counts = [str(row.graded[name]) for name in review.thresholds]
        table.add_row(row.name, str(row.searched), *counts, percent(row.mean_loss))
    console.print(table)
    limits = ", ".join(f"{name} {percent(t)}" for name, t in review.thresholds.items())
    console.print(
        f"Grades by lost win chance: {limits} (and at least {review.significance:g} standard"
        f" errors). {review.iterations} iterations per decision, seed {review.seed}."
    )


def review_command(
    path: Path = typer.Argument(..., help="a game record written by 'save' or the server"),
    iterations: int = typer.Option(DEFAULT_ITERATIONS, "--iterations", "-i", help=ITERATIONS_HELP),
    seed: int = typer.Option(0, help="seed of the searches (same seed and budget: same review)"),
    moves: str = typer.Option(None, help="review only these moves: FIRST-LAST or N"),
    json_path: Path = typer.Option(None, "--json", help="write the whole analysis to this file"),
) -> None:
    """Judge each decision of a game record from what its seat knew then."""
    try:
        record = GameRecord.load(path)
    except MeepleError as exc:
        raise fail(str(exc)) from None
    game = load_game(record.game)
    wanted = parse_moves(moves, len(record.moves))
    start = time.perf_counter()
    with Progress(console=errors, transient=True) as bar:
        task = bar.add_task(f"reviewing {path.name}", total=len(wanted or record.moves))

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            review = review_record(game, record, iterations, seed, wanted, advance)
        except (MeepleError, ValueError) as exc:
            raise fail(str(exc)) from None
    seconds = time.perf_counter() - start
    print_marked(review)
    print_summary(review)
    searched = sum(not d.forced for d in review.decisions)
    console.print(
        f"{searched} decisions searched in {seconds:.1f} s"
        f" ({seconds / max(1, searched):.2f} s a decision)."
    )
    if json_path is not None:
        try:
            json_path.write_text(json.dumps(review.to_json(), indent=1, ensure_ascii=False) + "\n")
        except OSError as exc:
            raise fail(f"cannot write {json_path}: {exc}") from None
        console.print(f"Analysis written to {json_path}.")


def register(app: typer.Typer) -> None:
    app.command("review")(review_command)
