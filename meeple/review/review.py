"""Review of a game record: every decision judged by the search from the
information its seat had at that moment.

``review_record`` replays the record through the checked path and, before each
move, asks ``judge`` about it. ``judge`` sees the true state only through what the
search uses (``Game.determinize`` for the deciding seat and that seat's shortlist),
so a review never blames a seat for what it could not see. Each decision's search
is seeded from the review's seed, its seat and how many decisions that seat had
made before (never from others' secret moves): a decision's verdict does not
depend on which other decisions were reviewed, and the same seed and budget
give the same review on every machine.
"""

from __future__ import annotations

import multiprocessing
from collections.abc import Callable, Collection
from functools import partial
from typing import Any

from meeple.engine import BadRecord, Game, GameRecord, GameState, MeepleError, get_game
from meeple.review.model import Choice, Decision, Review, grade, share_lost, summarise
from meeple.review.search import AnalysisSearch, RootStats

DEFAULT_ITERATIONS = 1000  # per decision: about 1 s in Namibia on the 2-core machine
MIN_ITERATIONS = 8
CHECK_SHARE = 4  # one iteration in this many goes through the action played
DIGITS = 4  # win chances are reported to 0.01 percentage points
PARTS_PER_WORKER = 6  # a parallel review's decisions come in this many parts a worker

__all__ = ["decision_seed", "judge", "judges_bots", "review_record", "summarise"]

Progress = Callable[[int, int], None]
"""Called after each decision with (decisions done, decisions in all)."""


def check_iterations(iterations: int) -> None:
    if iterations < MIN_ITERATIONS:
        raise ValueError(
            f"a review needs at least {MIN_ITERATIONS} iterations per decision, not {iterations}"
        )


def decision_seed(seed: int, seat: int, ordinal: int) -> int:
    """The search seed of ``seat``'s ``ordinal``-th decision (from 0) in a review
    seeded ``seed``. It is built from what the seat knows (its own decisions), not
    from the move number, which can count other seats' secret decisions."""
    return (seed * 1_000_003 + ordinal) * 64 + seat


def judge(
    game: Game[Any],
    state: GameState,
    seat: int,
    played: int,
    move: int,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
) -> Decision:
    """The verdict on ``seat`` playing action index ``played`` at ``state`` (move
    number ``move``, reported only), searched with generator seed ``seed``;
    ``state`` is not changed."""
    check_iterations(iterations)
    text = game.actions[played].text
    legal = game.legal_actions(state, seat)
    if played not in legal:
        raise ValueError(f"move {move}: {text!r} is not legal for seat {seat} here")
    if len(legal) == 1:
        return Decision(move=move, seat=seat, action=text, legal=1, forced=True)
    search = AnalysisSearch(game, seed, iterations)
    candidates = search.candidates(game, state, seat)
    if played not in candidates:
        candidates.append(played)
    checks = iterations // CHECK_SHARE
    stats = search.run(game, state, seat, candidates, iterations - checks, (played, checks))
    return _verdict(game, stats, move, text, played, len(legal))


def _verdict(
    game: Game[Any], stats: RootStats, move: int, text: str, played: int, legal: int
) -> Decision:
    seat, preferred = stats.seat, stats.ranking[0]
    best, mine = stats.tallies[preferred], stats.tallies[played]
    before, after = best.means(), mine.means()
    assert before is not None and after is not None  # both were searched
    loss, error, share, verdict = 0.0, 0.0, 0.0, None
    if preferred != played:
        mean_before, mean_after = round(before[seat], DIGITS), round(after[seat], DIGITS)
        loss = round(max(0.0, mean_before - mean_after), DIGITS)
        error = round((best.error(seat) ** 2 + mine.error(seat) ** 2) ** 0.5, DIGITS)
        share = round(share_lost(mean_before, mean_after), DIGITS)
        verdict = grade(mean_before, mean_after, error)
    choices = [choice(game, stats, a) for a in stats.ranking]
    return Decision(
        move=move,
        seat=seat,
        action=text,
        legal=legal,
        forced=False,
        preferred=game.actions[preferred].text,
        before=rounded(before),
        after=rounded(after),
        loss=loss,
        error=error,
        grade=verdict,
        choices=choices,
        share=share,
    )


def rounded(chances: list[float] | None) -> list[float] | None:
    return None if chances is None else [round(c, DIGITS) for c in chances]


def choice(game: Game[Any], stats: RootStats, action: int) -> Choice:
    """A root action as the analysis reports it."""
    tally = stats.tallies[action]
    return Choice(
        game.actions[action].text, stats.visits[action], tally.count, rounded(tally.means())
    )


def review_record(
    game: Game[Any],
    record: GameRecord,
    iterations: int = DEFAULT_ITERATIONS,
    seed: int = 0,
    moves: Collection[int] | None = None,
    progress: Progress | None = None,
    people: list[str | None] | None = None,
    bots: bool | None = None,
    jobs: int = 1,
) -> Review:
    """Judge every decision of ``record`` (or only the move numbers in ``moves``).

    ``people``: per seat, the name of the person who played it (None: a bot); None
    when not known. ``bots``: judge the bots' decisions too; by default (None) only
    when no seat is a person's (issue 28, point 3: the review is about the person).
    ``jobs``: worker processes sharing the decisions; a decision's verdict does not
    depend on which others are judged with it, so any ``jobs`` gives the same review.

    Raises ``BadRecord`` if the record is of another game or rules version, or a
    move does not replay; ``ValueError`` for a budget below ``MIN_ITERATIONS``.
    """
    check_iterations(iterations)
    if jobs < 1:
        raise ValueError(f"a review needs at least one worker, not {jobs}")
    wanted = range(1, len(record.moves) + 1) if moves is None else sorted(set(moves))
    unknown = [m for m in wanted if not 1 <= m <= len(record.moves)]
    if unknown:
        raise ValueError(f"moves {unknown} are not in the record (1..{len(record.moves)})")
    if people is not None and len(people) != record.config.players:
        raise ValueError(
            f"people names {len(people)} seats; the record has {record.config.players}"
        )
    judge_bots = judges_bots(people, bots)
    persons = [name is not None for name in people or [None] * record.config.players]
    todo = {m for m in wanted if judge_bots or _persons_move(persons, record.moves[m - 1][0])}
    parallel = jobs > 1 and len(todo) > 1
    finished, decisions, deferred = _replay_judging(
        game, record, iterations, seed, todo, None if parallel else progress, defer=parallel
    )
    if deferred:
        decisions += _judge_in_workers(game, record, iterations, seed, deferred, progress, jobs)
        decisions.sort(key=lambda d: d.move)
    names = list(game.seat_names(record.config))
    return Review(
        game=game.name,
        rules_version=game.rules_version,
        players=record.config.players,
        seat_names=names,
        record_seed=record.seed,
        seed=seed,
        iterations=iterations,
        moves=len(record.moves),
        finished=finished,
        decisions=decisions,
        summary=summarise(decisions, names, people),
        people=people,
        bots=judge_bots,
    )


def _replay_judging(
    game: Game[Any],
    record: GameRecord,
    iterations: int,
    seed: int,
    todo: Collection[int],
    progress: Progress | None,
    defer: bool = False,
) -> tuple[bool, list[Decision], list[int]]:
    """Replay ``record`` whole, judging the moves in ``todo`` on the way; with
    ``defer``, only the forced ones (they cost no search), the others listed for
    workers. (Whether the game finished, the decisions, the deferred moves.)"""
    state = _start(game, record)
    decisions: list[Decision] = []
    deferred: list[int] = []
    ordinals = [0] * record.config.players
    for number, (seat, text) in enumerate(record.moves, start=1):
        if number in todo:
            played = _index(game, state, seat, text, number)
            if defer and len(game.legal_actions(state, seat)) > 1:
                deferred.append(number)
            else:
                search_seed = decision_seed(seed, seat, ordinals[seat])
                decisions.append(judge(game, state, seat, played, number, iterations, search_seed))
            if progress is not None:
                progress(len(decisions), len(todo))
        _play(game, state, seat, text, number)
        ordinals[seat] += 1
    return game.is_over(state), decisions, deferred


def _judge_in_workers(
    game: Game[Any],
    record: GameRecord,
    iterations: int,
    seed: int,
    searched: list[int],
    progress: Progress | None,
    jobs: int,
) -> list[Decision]:
    """The searched decisions judged by ``jobs`` worker processes, in parts of a few
    decisions each (every part replays the record: milliseconds beside a search)."""
    size = max(1, len(searched) // (jobs * PARTS_PER_WORKER))
    parts = [searched[k : k + size] for k in range(0, len(searched), size)]
    context = multiprocessing.get_context("spawn")
    judged: list[Decision] = []
    work = partial(_judge_part, game.name, record, iterations, seed)
    with context.Pool(min(jobs, len(parts))) as pool:
        for part in pool.imap_unordered(work, parts):
            judged.extend(part)
            if progress is not None:
                progress(len(judged), len(searched))
    return judged


def _judge_part(
    game_name: str, record: GameRecord, iterations: int, seed: int, moves: list[int]
) -> list[Decision]:
    """A worker's part of a review (a top-level function, so workers can run it)."""
    _, decisions, _ = _replay_judging(get_game(game_name), record, iterations, seed, moves, None)
    return decisions


def _persons_move(persons: list[bool], seat: int) -> bool:
    """Is a move of ``seat`` a person's? A seat out of range counts as one, so that
    replaying it reports the bad record."""
    return persons[seat] if 0 <= seat < len(persons) else True


def judges_bots(people: list[str | None] | None, bots: bool | None) -> bool:
    """Are the bots' decisions judged? As asked; by default only when no seat is
    known to be a person's."""
    if bots is not None:
        return bots
    return not any(name is not None for name in people or [])


def _start(game: Game[Any], record: GameRecord) -> GameState:
    if record.game != game.name:
        raise BadRecord(f"record is of {record.game!r}, not {game.name!r}")
    if record.rules_version != game.rules_version:
        raise BadRecord(
            f"record was played under rules version {record.rules_version!r};"
            f" this build plays {game.rules_version!r}"
        )
    state: GameState = game.new_game(record.config, record.seed)
    return state


def _index(game: Game[Any], state: GameState, seat: int, text: str, number: int) -> int:
    """The action index of a record's move, checked as ``replay`` checks it."""
    if not 0 <= seat < state.config.players:
        raise BadRecord(f"move {number} names seat {seat}; seats are 0..{state.config.players - 1}")
    try:
        action = game.to_action(text)
        game.check(state, seat, action)
    except MeepleError as exc:
        raise BadRecord(f"move {number} ({seat}: {text!r}) does not replay: {exc}") from exc
    return action.index


def _play(game: Game[Any], state: GameState, seat: int, text: str, number: int) -> None:
    try:
        game.play(state, seat, text)
    except MeepleError as exc:
        raise BadRecord(f"move {number} ({seat}: {text!r}) does not replay: {exc}") from exc
