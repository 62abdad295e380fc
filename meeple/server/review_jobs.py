"""Background reviews of finished tables, and hints at live ones (``meeple.review``).

Reviews: anyone viewing a finished table may start its review; a table is reviewed
once, ever. The job judges one decision at a time on the server-wide CPU pool
(``CpuPool``, key ``review:<table id>``), so bots and other reviews keep their fair
share, and at most ``ReviewSettings.running`` reviews search at once (the others
wait, status ``queued``). Progress and the decisions judged so far are stored with
the table (``meeple_reviews``): a job cut off by a restart resumes where it was
when the review is next asked for, and since each decision's verdict depends only
on the record, the seed and the budget (docs/review.md), the resumed review is
the one an uninterrupted job would have made. A review reads only the finished
table's record, which the replay route publishes in full (moves and seed), so it
shows nothing the replay does not.

The review is about the person (issue 28, point 3): at a table where a person
played, only the people's decisions are judged unless the start asks for the
bots' too (``bots``); a review of the people's decisions alone is extended, not
redone, when the bots' are asked for later. At a table of bots every decision is.

Hints: allowed for a seat when the table was created with ``hints: true`` (every
person joining accepts the table's terms) or when every other seat is a bot that
never was a person's. A hint searches from the seat's information only
(``meeple.review.hints`` determinizes from its view), seeded from the seat and how
many hints it used before, never from anything hidden; one at a time per seat, on
the CPU pool under the table's key. The hints each seat used are stored with the
table (``meeple_hints``) and shown with the final result.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import time
from dataclasses import asdict, dataclass, field
from typing import Any

from meeple.engine import Game, GameState, IllegalAction, get_game
from meeple.review import REVIEW_VERSION, Choice, Decision, Review, hints, judge
from meeple.review.model import seat_person
from meeple.review.review import decision_seed, judges_bots, summarise
from meeple.server.hub import Hub
from meeple.server.people import seat_people
from meeple.server.store import StoredReview
from meeple.server.tables import HUMAN, ApiError, Table

log = logging.getLogger("meeple.server")

REVIEW_SEED = 0  # every server review is seeded alike: a review is a function of its record
SAVE_EVERY = 10  # decisions between two stores of the decisions judged so far


def _env_int(name: str, default: int) -> int:
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = int(raw)
    except ValueError:
        raise ValueError(f"{name}={raw!r} is not a whole number") from None
    if value < 8:
        raise ValueError(f"{name}={raw!r}: a search needs at least 8 iterations")
    return value


@dataclass
class ReviewSettings:
    """Budgets (iterations per searched decision) and the cap on reviews at once.

    ``meeple serve`` reads ``MEEPLE_REVIEW_ITERATIONS`` and ``MEEPLE_HINT_ITERATIONS``."""

    iterations: int = 500
    hint_iterations: int = 300
    running: int = 2

    @classmethod
    def from_env(cls) -> ReviewSettings:
        return cls(
            iterations=_env_int("MEEPLE_REVIEW_ITERATIONS", cls.iterations),
            hint_iterations=_env_int("MEEPLE_HINT_ITERATIONS", cls.hint_iterations),
        )


@dataclass
class HintState:
    """A table's hints in memory: the option and the hints each seat used."""

    allowed: bool
    used: list[int]
    busy: set[int] = field(default_factory=set)  # seats whose hint is being searched


class Reviews:
    """The review jobs and hints of every table of ``hub``."""

    def __init__(self, hub: Hub, settings: ReviewSettings | None = None) -> None:
        self.hub = hub
        self.settings = ReviewSettings.from_env() if settings is None else settings
        self.jobs: dict[str, asyncio.Task[None]] = {}
        self.progress: dict[str, StoredReview] = {}
        self.slots = asyncio.Semaphore(self.settings.running)
        self.hint_states: dict[str, HintState] = {}
        self.searched = 0  # decisions searched by this process's review jobs

    # ---- reviews ----------------------------------------------------------------------

    async def status(
        self, table: Table, start: bool = False, bots: bool | None = None
    ) -> dict[str, Any]:
        """The review of finished ``table`` as the API answers it: ``status`` (``none``,
        ``queued``, ``running``, ``done`` or ``failed``), ``done`` and ``total``
        decisions, and ``review`` once done. ``start`` starts it if there is none
        (judging the bots' decisions as ``bots`` says; by default only at a table of
        bots), or extends a done review of the people's decisions to the bots' when
        ``bots`` is true; a stored job that no running task holds (a restart) resumes."""
        if not table.over:
            raise ApiError(409, "a game is reviewed once it is over; this one is still on")
        stored = self.progress.get(table.id)
        if stored is None:
            stored = await self.hub.db(self.hub.store.reviews.load_review, table.id)
        if stored is not None and outdated(stored):
            stored = None  # of an older format: computed again, as if never
        if stored is None and start:
            judged = judges_bots(people_of(table), bots)
            data = {"version": REVIEW_VERSION, "decisions": [], "bots": judged}
            stored = StoredReview("queued", 0, self._decisions(table, judged), data, None)
            await self.hub.db(self.hub.store.reviews.save_review, table.id, stored, time.time())
        elif stored is not None and start and bots and stored.status == "done":
            stored = await self._with_bots(table, stored)
        # Two first starts at once: both answer from, and the job updates, one record.
        if (
            stored is not None
            and stored.status in ("queued", "running")
            and table.id not in self.jobs
            and await self._lease(table.id)
        ):
            stored = self.progress.setdefault(table.id, stored)
            if table.id not in self.jobs:
                self.jobs[table.id] = asyncio.get_running_loop().create_task(self._job(table))
        return _answer(stored)

    async def _lease(self, table_id: str) -> bool:
        """May this process run the review job of ``table_id``? Always on SQLite; in a
        cluster, where it holds the lease ``review:<table id>`` (so the job runs once
        across the cluster; another process takes it over, from its stored progress,
        when asked after the holder died)."""
        cluster = self.hub.cluster
        if cluster is None:
            return True
        return bool(await self.hub.db(cluster.leases.acquire, f"review:{table_id}"))

    def _decisions(self, table: Table, bots: bool) -> int:
        """How many decisions the review judges: every move, or the people's."""
        persons = [name is not None for name in people_of(table)]
        return sum(bots or persons[seat] for seat, _ in table.record.moves)

    async def _with_bots(self, table: Table, stored: StoredReview) -> StoredReview:
        """A done review of the people's decisions, queued again to judge the bots'."""
        data = stored.data or {}
        if data.get("bots", True):
            return stored
        keep = {"version": REVIEW_VERSION, "decisions": data["decisions"], "bots": True}
        total = self._decisions(table, True)
        again = StoredReview("queued", len(data["decisions"]), total, keep, None)
        await self.hub.db(self.hub.store.reviews.save_review, table.id, again, time.time())
        return again

    async def _job(self, table: Table) -> None:
        try:
            async with self.slots:
                await self._review(table)
        except (asyncio.CancelledError, RuntimeError):
            pass  # shutting down (the pool is closed): resumed when next asked for
        except Exception as exc:
            log.exception("table %s: review failed", table.id)
            failed = StoredReview("failed", 0, 0, None, f"the review failed: {exc}")
            self.progress.pop(table.id, None)
            with contextlib.suppress(Exception):
                await self.hub.db(self.hub.store.reviews.save_review, table.id, failed, time.time())
        finally:
            self.jobs.pop(table.id, None)
            if self.hub.cluster is not None:
                leases = self.hub.cluster.leases
                with contextlib.suppress(Exception):
                    await self.hub.db(leases.release, f"review:{table.id}")

    async def _review(self, table: Table) -> None:
        """Judge every decision of ``table``'s record not judged yet, storing the
        progress; then store the whole review."""
        game, record = table.game, table.record
        progress = self.progress[table.id]
        data = progress.data or {}
        decisions = [decision_from_json(d) for d in data.get("decisions", [])]
        people = people_of(table)
        bots = bool(data.get("bots", True))
        wanted = [bots or name is not None for name in people]
        judged = {d.move for d in decisions}
        progress.status = "running"
        state: GameState = game.new_game(record.config, record.seed)
        ordinals = [0] * record.config.players
        for number, (seat, text) in enumerate(record.moves, start=1):
            if wanted[seat] and number not in judged:
                decisions.append(await self._judge(table, state, seat, text, number, ordinals))
                progress.done = len(decisions)
                if len(decisions) % SAVE_EVERY == 0:
                    await self._save(table.id, progress, decisions, bots)
            game.play(state, seat, text)
            ordinals[seat] += 1
        decisions.sort(key=lambda d: d.move)
        names = list(game.seat_names(record.config))
        review = Review(
            game=game.name,
            rules_version=game.rules_version,
            players=record.config.players,
            seat_names=names,
            record_seed=record.seed,
            seed=REVIEW_SEED,
            iterations=self.settings.iterations,
            moves=len(record.moves),
            finished=game.is_over(state),
            decisions=decisions,
            summary=summarise(decisions, names, people),
            people=people,
            bots=bots,
        )
        done = StoredReview("done", len(decisions), len(decisions), review.to_json(), None)
        await self.hub.db(self.hub.store.reviews.save_review, table.id, done, time.time())
        self.progress.pop(table.id, None)  # read from storage from now on

    async def _judge(
        self, table: Table, state: GameState, seat: int, text: str, number: int, ordinals: list[int]
    ) -> Decision:
        game = table.game
        played = game.to_action(text).index
        seed = decision_seed(REVIEW_SEED, seat, ordinals[seat])
        iterations = self.settings.iterations
        if len(game.legal_actions(state, seat)) == 1:  # forced: not searched
            return judge(game, state, seat, played, number, iterations, seed)
        self.searched += 1
        return await self.hub.cpu.run(
            f"review:{table.id}",
            judge_in_worker,
            game.name,
            state.clone(),
            (seat, played, number),
            iterations,
            seed,
        )

    async def _save(
        self, table_id: str, progress: StoredReview, decisions: list[Decision], bots: bool
    ) -> None:
        judged = [asdict(d) for d in decisions]
        progress.data = {"version": REVIEW_VERSION, "decisions": judged, "bots": bots}
        await self.hub.db(self.hub.store.reviews.save_review, table_id, progress, time.time())

    def stop(self) -> None:
        """Cancel the running jobs (their progress is stored; they resume later)."""
        for task in list(self.jobs.values()):
            task.cancel()

    # ---- hints ------------------------------------------------------------------------

    async def hint_state(self, table: Table) -> HintState:
        """The table's hints; in a cluster the counts are read again each time (another
        process may have given hints since)."""
        state = self.hint_states.get(table.id)
        if state is None or self.hub.cluster is not None:
            stored = await self.hub.db(self.hub.store.reviews.load_hints, table.id)
            allowed, used = stored if stored is not None else (False, [])
            used = (used + [0] * table.players)[: table.players]
            if state is None:
                state = self.hint_states.setdefault(table.id, HintState(allowed, used))
            elif not state.busy:
                state.allowed, state.used = allowed, used
        return state

    async def created(self, table: Table, allowed: bool) -> None:
        """Store a new table's hints option."""
        used = [0] * table.players
        await self.hub.db(self.hub.store.reviews.save_hints, table.id, allowed, used)
        self.hint_states[table.id] = HintState(allowed, used)

    def may_hint(self, table: Table, hint: HintState, seat: int) -> bool:
        """Hints for ``seat``: by the table's option, or with only bots around it that
        never were a person's (a seat handed to a bot keeps its ``player``)."""
        if hint.allowed:
            return True
        others = [info for s, info in enumerate(table.seats) if s != seat]
        return all(info["kind"] != HUMAN and "player" not in info for info in others)

    async def hints_info(self, table: Table, seat: int | None) -> dict[str, Any]:
        hint = await self.hint_state(table)
        allowed = [self.may_hint(table, hint, s) for s in range(table.players)]
        return {
            "option": hint.allowed,
            "allowed": allowed,
            "seat": seat,
            "used": list(hint.used),
            "iterations": self.settings.hint_iterations,
        }

    async def hint(self, table: Table, seat: int) -> dict[str, Any]:
        """The search's best choices for ``seat`` now (ApiError 403 where hints are
        not allowed, 409 while one is searched or the game is over, 422 if the seat
        has no decision to make)."""
        hint = await self.hint_state(table)
        if not self.may_hint(table, hint, seat):
            raise ApiError(
                403,
                "hints are not allowed at this table: they must be chosen when the table"
                " is created (option hints), unless every other seat is a bot",
            )
        table.check_person(seat)
        if table.over:
            raise ApiError(409, "the game is over: no hints; its review is in the replay")
        if seat in hint.busy:
            raise ApiError(409, "a hint for this seat is being searched; wait for it")
        if seat not in table.game.to_act(table.state):
            raise ApiError(422, "your seat has no decision to make now, so no hint", "Turn order")
        hint.busy.add(seat)
        try:
            seed = hint.used[seat] * 64 + seat
            try:
                choices = await self.hub.cpu.run(
                    table.id,
                    hints_in_worker,
                    table.game.name,
                    table.state.clone(),
                    seat,
                    self.settings.hint_iterations,
                    seed,
                )
            except ValueError as exc:
                raise ApiError(409, f"the table moved on: {exc}") from None
            hint.used[seat] += 1
            await self.hub.db(
                self.hub.store.reviews.save_hints, table.id, hint.allowed, list(hint.used)
            )
        finally:
            hint.busy.discard(seat)
        return {"seat": seat, "choices": choices, "used": hint.used[seat]}


def people_of(table: Table) -> list[str | None]:
    """Per seat the name of the person who played it ("" if not named), None for a
    bot's own seat (a person's seat a bot took over stays the person's)."""
    return [seat_person(entry) for entry in seat_people(table)]


def decision_from_json(raw: dict[str, Any]) -> Decision:
    """A decision stored by a job (``asdict``), rebuilt."""
    return Decision(**{**raw, "choices": [Choice(**c) for c in raw["choices"]]})


def outdated(stored: StoredReview) -> bool:
    """A stored review (or a job's decisions so far) of another ``REVIEW_VERSION``."""
    return stored.data is not None and stored.data.get("version") != REVIEW_VERSION


def _answer(stored: StoredReview | None) -> dict[str, Any]:
    if stored is None:
        return {"status": "none", "done": 0, "total": 0}
    out: dict[str, Any] = {"status": stored.status, "done": stored.done, "total": stored.total}
    if stored.status == "done":
        out["review"] = stored.data
    if stored.error is not None:
        out["error"] = stored.error
    return out


def judge_in_worker(
    game_name: str, state: GameState, move: tuple[int, int, int], iterations: int, seed: int
) -> Decision:
    """In a worker process: the verdict on one decision (``move``: seat, action, number)."""
    seat, played, number = move
    return judge(get_game(game_name), state, seat, played, number, iterations, seed)


def hints_in_worker(
    game_name: str, state: GameState, seat: int, iterations: int, seed: int
) -> list[dict[str, Any]]:
    """In a worker process: ``seat``'s hints as JSON (win: the seat's own chance)."""
    game: Game[Any] = get_game(game_name)
    try:
        found = hints(game, state, seat, iterations, seed)
    except IllegalAction as exc:
        raise ValueError(exc.message) from None
    return [
        {
            "action": c.action,
            "visits": c.visits,
            "win": None if c.win is None else c.win[seat],
        }
        for c in found
    ]
