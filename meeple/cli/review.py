"""``meeple review``: judge every decision of a saved record with the bots' search
and print the costliest ones with the alternatives the search preferred.

Issue 28, point 3: the review is about the person. A record the server published
(``GET /api/tables/{id}/record``) or ``meeple play`` saved says who played each
seat (``people``); else ``--person`` names the seats people played. With people
at the table only their decisions are judged unless ``--bots``; the people's
marks and totals come first."""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import typer
from rich.progress import Progress
from rich.table import Table

from meeple.cli.common import console, errors, fail, load_game
from meeple.engine import Game, GameRecord, MeepleError
from meeple.review import DEFAULT_ITERATIONS, Decision, Review, review_record
from meeple.review.model import seat_person

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


PERSON_HELP = (
    "a seat a person played, by number or name, optionally with the person's name"
    " (Red=Ann); repeat for each; the others are bots. A record the server published"
    " says it itself"
)
BOTS_HELP = (
    "judge the bots' decisions too (default: only when no seat is a person's);"
    " --no-bots judges only the people's"
)


def people_in_file(path: Path, players: int) -> list[str | None] | None:
    """Per seat the person's name ("" if not named) or None for a bot, from a record
    the server published (its ``people``); None when the file does not say."""
    try:
        raw = json.loads(path.read_text())
    except (OSError, ValueError):
        return None
    entries = raw.get("people") if isinstance(raw, dict) else None
    if not isinstance(entries, list) or len(entries) != players:
        return None
    return [seat_person(entry) for entry in entries]


def people_from_options(game: Game[Any], record: GameRecord, given: list[str]) -> list[str | None]:
    """``--person`` options (a seat's number or name, then ``=NAME`` if given)."""
    names = list(game.seat_names(record.config))
    people: list[str | None] = [None] * len(names)
    for option in given:
        seat_text, _, person = option.partition("=")
        seat = seat_number(seat_text.strip(), names)
        people[seat] = person.strip()
    return people


def seat_number(text: str, names: list[str]) -> int:
    lowered = [n.lower() for n in names]
    if text.isdigit() and int(text) < len(names):
        return int(text)
    if text.lower() in lowered:
        return lowered.index(text.lower())
    choices = ", ".join(f"{i} ({n})" for i, n in enumerate(names))
    raise fail(f"--person {text!r} is not a seat of this game; seats are {choices}")


def seat_words(review: Review, seat: int) -> str:
    """A seat as the review names it: "Ann (Red)" for a person's, "Red" otherwise."""
    person = review.people[seat] if review.people else None
    name = review.seat_names[seat]
    if person is None:
        return name
    return f"{person} ({name})" if person else f"{name} (a person)"


def percent(value: float) -> str:
    return f"{100 * value:.0f}%"


def better_choices(decision: Decision) -> str:
    seat = decision.seat
    return "\n".join(
        f"{c.action} ({percent(c.win[seat])})" if c.win else c.action for c in decision.better()
    )


def print_marked(review: Review) -> None:
    """The marked decisions: the people's first, then the bots' (when judged)."""
    persons = set(review.person_seats())
    people = [d for d in review.marked() if d.seat in persons]
    others = [d for d in review.marked() if d.seat not in persons]
    if persons:
        marked_table(review, people, "The people's marked decisions")
    if others or not persons:
        marked_table(review, others, "The bots' marked decisions" if persons else "")


def marked_table(review: Review, marked: list[Decision], title: str) -> None:
    heading = title or "Marked decisions"
    if not marked:
        console.print(f"{heading}: no decision lost enough win chance to be marked.")
        return
    table = Table(title=f"{heading} (win chance of the deciding seat)")
    for column in ("move", "seat", "played", "grade", "before", "after", "search preferred"):
        table.add_column(column)
    for d in marked:
        assert d.before is not None and d.after is not None  # a graded decision was searched
        table.add_row(
            str(d.move),
            seat_words(review, d.seat),
            d.action,
            d.grade or "",
            percent(d.before[d.seat]),
            percent(d.after[d.seat]),
            better_choices(d),
        )
    console.print(table)


def print_summary(review: Review) -> None:
    table = Table(title="Per seat (people first)" if review.person_seats() else "Per seat")
    table.add_column("seat")
    table.add_column("played by")
    table.add_column("decisions searched")
    for name in review.thresholds:
        table.add_column(name)
    table.add_column("mean loss")
    for row in review.summary:
        counts = [str(row.graded[name]) for name in review.thresholds]
        who = "a bot" if row.person is None else (row.person or "a person")
        if review.people is None:
            who = "?"
        searched = str(row.searched) if review.bots or row.person is not None else "not judged"
        table.add_row(row.name, who, searched, *counts, percent(row.mean_loss))
    console.print(table)
    limits = ", ".join(
        f"{name} {percent(t['share'])} and {t['points'] * 100:g} points"
        for name, t in review.thresholds.items()
    )
    console.print(
        f"Grades by lost win chance as a share of the chance at stake (the seat's, at"
        f" most 50%), each with a floor in points: {limits}"
        f" (and at least {review.significance:g} standard errors)."
        f" {review.iterations} iterations per decision, seed {review.seed}."
    )
    if review.person_seats() and not review.bots:
        console.print("The bots' decisions were not judged (--bots judges them too).")


def usable_cores() -> int:
    """The cores this process may run on (what a review's workers can use)."""
    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1


def review_command(
    path: Path = typer.Argument(..., help="a game record written by 'save' or the server"),
    iterations: int = typer.Option(DEFAULT_ITERATIONS, "--iterations", "-i", help=ITERATIONS_HELP),
    seed: int = typer.Option(0, help="seed of the searches (same seed and budget: same review)"),
    moves: str = typer.Option(None, help="review only these moves: FIRST-LAST or N"),
    json_path: Path = typer.Option(None, "--json", help="write the whole analysis to this file"),
    person: list[str] = typer.Option([], "--person", help=PERSON_HELP),
    bots: bool = typer.Option(None, "--bots/--no-bots", help=BOTS_HELP),
    jobs: int = typer.Option(
        usable_cores(), "--jobs", "-j", help="worker processes (default: this machine's cores)"
    ),
) -> None:
    """Judge each decision of a game record from what its seat knew then."""
    try:
        record = GameRecord.load(path)
    except MeepleError as exc:
        raise fail(str(exc)) from None
    game = load_game(record.game)
    wanted = parse_moves(moves, len(record.moves))
    players = record.config.players
    people = people_from_options(game, record, person) if person else None
    if people is None:
        people = people_in_file(path, players)
    if bots is False and people is None:
        raise fail("--no-bots needs to know which seats people played: name them with --person")
    if jobs < 1:
        raise fail(f"--jobs must be at least 1, not {jobs}")
    start = time.perf_counter()
    with Progress(console=errors, transient=True) as bar:
        task = bar.add_task(f"reviewing {path.name}", total=len(wanted or record.moves))

        def advance(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        try:
            review = review_record(
                game, record, iterations, seed, wanted, advance, people, bots, jobs
            )
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
