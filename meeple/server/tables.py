"""Tables in memory and the small vocabulary every part of the server shares.

A ``Table`` is one game: its stored facts (record, seats, chat, clock) plus the
replayed state and what the server derives from it (caches, version tracking,
connected clients, bot and clock tasks). Also here: ``ApiError`` (a refusal with
its HTTP status), the ``Client`` protocol of a connected WebSocket, and ``dumps``
(JSON text, by orjson).

Every live table is held by ``meeple.server.seats.Seats``; the rooms that change
them are wired together in ``meeple.server.hub``.
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

import orjson

from meeple.ai.base import Bot
from meeple.engine import Game, GameRecord, GameState
from meeple.server.limits import CostBudget
from meeple.server.undo import LastDecision, SeenScan

T = TypeVar("T")
HUMAN = "human"
MAX_SEED = 2**62
EVERYTHING = 2**62  # a version and a chat id above any stored one


class ApiError(Exception):
    """A refusal with its HTTP status; ``rule`` names the rulebook section if any."""

    def __init__(self, status: int, detail: str, rule: str | None = None) -> None:
        super().__init__(detail)
        self.status = status
        self.detail = detail
        self.rule = rule

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"status": self.status, "detail": self.detail}
        if self.rule is not None:
            out["rule"] = self.rule
        return out


class Client(Protocol):
    """A connected WebSocket client of one table."""

    seat: int | None
    svg: bool
    log_to: int
    version: int
    board: str | None  # the id of the board layer it holds

    def push(self, text: str) -> bool:
        """Queue a message; False if the client is too far behind (then it is dropped)."""
        ...


class RunInDb(Protocol):
    """Runs a blocking storage call on the database thread and awaits its result."""

    def __call__(self, fn: Callable[..., T], /, *args: Any) -> Awaitable[T]: ...


class Driver(Protocol):
    """What moves a table on without a person (``Bots``, ``Clocks``) goes through
    (``meeple.server.moves.Moves``)."""

    def drives(self, table: Table, /) -> bool:
        """True if this process runs the table's bots and clock (it holds its lease)."""
        ...

    async def catch_up(self, table: Table, /) -> None:
        """Bring a table whose stored version moved on up to date (caller holds the
        lock)."""
        ...

    async def apply_driven(self, table: Table, seat: int, text: str, /) -> None:
        """Play a seat's action through the checked path, store it, then tell everyone
        (the caller holds ``table.lock``; a refused move raises ``ApiError``)."""
        ...


@dataclass
class Missed:
    """Cluster: what was notified about a table while this process loaded it, with no
    copy in place yet to tell (the highest version and chat message id notified, and
    whether presence changed). Noted from before storage is read until the copy is in
    place, so a change stored after the read is never lost: it is taken once the copy
    is in place (``Seats.get``)."""

    version: int = -1
    chat: int = 0
    presence: bool = False

    def everything(self) -> None:
        """Notifications may have been lost (the listener reconnected): check it all."""
        self.version, self.chat, self.presence = EVERYTHING, EVERYTHING, True


def check_cost(costs: CostBudget) -> None:
    """ApiError 429 while the address being served is in debt of server time
    (``Limits.cost_rate``, ``cost_burst``: replays, undos and loading stored tables)."""
    wait = costs.wait()
    if wait > 0:
        raise ApiError(
            429,
            "this address used its share of the server's time for replays, undos and"
            f" loading tables; try again in {wait:.1f} s",
        )


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


@dataclass
class Table:
    """A table in memory: the stored facts plus the replayed state."""

    id: str
    game: Game[Any]
    record: GameRecord
    state: GameState
    seats: list[dict[str, Any]]
    version: int
    created: float
    chat: list[dict[str, Any]]
    deadline: float | None = None
    timer_key: str | None = None
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    clients: set[Client] = field(default_factory=set)
    bots: dict[int, Bot] = field(default_factory=dict)
    decided: list[tuple[int, ...]] = field(default_factory=list)
    decision_version: list[int] = field(default_factory=list)  # per seat, in its versions
    decisions_changed: set[int] = field(default_factory=set)
    seen: dict[int | None, int] = field(default_factory=dict)
    content: dict[int | None, int] = field(default_factory=dict)
    event_counts: dict[int | None, tuple[int, int]] = field(default_factory=dict)
    # Per seat, its last decision as undo needs it, and how far undo read the log since.
    last_decisions: dict[int, LastDecision] = field(default_factory=dict)
    undo_scans: dict[int, SeenScan] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)
    touched: float = field(default_factory=time.monotonic)  # last request or change
    loaded: float = field(default_factory=time.monotonic)
    seen_at: dict[int, float] = field(default_factory=dict)  # seat -> its last request
    # Epoch seconds: when the table was loaded here, and when a seat's socket last
    # opened or closed (what the hand-over countdown counts from: never a request,
    # whose timing could tell when another seat edits a secret sheet).
    loaded_at: float = field(default_factory=time.time)
    socket_seen: dict[int, float] = field(default_factory=dict)
    seen_since: set[int] = field(default_factory=set)  # cluster: seen since the heartbeat
    presence_task: asyncio.Task[None] | None = None
    presence_sent: list[bool] | None = None  # the connected list last pushed
    sockets: int = 0  # WebSockets open on this table
    talk: str = "rules"  # the talk option: "rules" (the game's) or "free"
    creator: str | None = None  # the client address that created it (this run only)
    retired: bool = False  # unloaded from memory: whoever still holds it must reload
    # Cluster (``meeple.server.cluster``): the stored table moved past this copy.
    behind: bool = False
    rewrites: int = 0  # undos stored so far (the history this copy follows)
    remote_seats: set[int] = field(default_factory=set)  # seats with sockets elsewhere
    refresh_task: asyncio.Task[None] | None = None
    claiming: bool = False  # asking the database for this table's lease
    storing: int | None = None  # the version this process is storing (its own NOTIFY)
    # Epoch seconds: when what spectators see last changed (``moves.public_time``), the
    # only time the lobby shows (stored as ``meeple_tables.shown``).
    public_at: float = field(default_factory=time.time)
    # An analysis table: its seed is open to every seat, and play begins once every
    # person's seat was taken by someone agreeing to that (docs/server.md, "Chance").
    analysis: bool = False

    def unagreed(self) -> list[int]:
        """The seats of an analysis table whose person has not agreed to its open seed
        yet (free person's seats: taking one agrees); empty for any other table."""
        if not self.analysis:
            return []
        return [
            seat
            for seat, info in enumerate(self.seats)
            if info["kind"] == HUMAN and not info.get("claimed")
        ]

    def check_agreed(self) -> None:
        """ApiError 409 while an analysis table waits for its seats' agreement."""
        waiting = self.unagreed()
        if waiting:
            listed = ", ".join(str(seat) for seat in waiting)
            raise ApiError(
                409,
                f"this analysis table begins once every seat is taken by someone who agrees"
                f" that its seed is open (so anyone can foresee its dice and draws): seat"
                f"{'s' if len(waiting) > 1 else ''} {listed} still free",
            )

    def touch(self) -> None:
        """Note a use of the table (idle tables leave memory)."""
        self.touched = time.monotonic()

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    @property
    def has_person(self) -> bool:
        """Does a person play one of its seats (a seat of kind human, claimed or not)?
        A table without (bots alone, or every person's seat handed to a bot) counts
        against ``Limits.bot_tables`` and its bots think after people's tables'."""
        return any(info["kind"] == HUMAN for info in self.seats)

    @property
    def players(self) -> int:
        return int(self.state.config.players)

    def seat_of(self, token: str | None, *, present: bool = True) -> int | None:
        """The seat a token holds; None for no token; ApiError 403 for a wrong one.
        With ``present`` (a request made at the table) the seat counts as present."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for seat, info in enumerate(self.seats):
            stored = info.get("token_hash")
            if stored and hmac.compare_digest(stored, digest):
                if present:
                    self.saw(seat)  # a request: the seat is present
                return seat
        raise ApiError(403, "this token holds no seat at this table")

    def saw(self, seat: int) -> None:
        """``seat`` made a request or opened or closed a socket now."""
        self.seen_at[seat] = time.monotonic()
        self.seen_since.add(seat)

    def connected(self, seat: int) -> bool:
        """Has ``seat`` a socket open here or, in a cluster, on another process?"""
        return seat in self.remote_seats or any(c.seat == seat for c in self.clients)

    @property
    def last_chat(self) -> int:
        """The id of the newest chat message this copy holds (0: none)."""
        return int(self.chat[-1]["id"]) if self.chat else 0

    def needs_driver(self) -> bool:
        """Can the table move on without a person (a bot seat or a phase clock)?"""
        if self.over:
            return False
        return self.deadline is not None or any(info["kind"] != HUMAN for info in self.seats)

    def driven_now(self) -> bool:
        """Does the table move on without a person right now: unfinished, and a seat a
        bot plays is to act or a phase clock runs? Stored with every change
        (``meeple_tables.driven``): only such tables are loaded at startup or taken
        over in a cluster (a bot seat waiting on a person is left until the person
        comes)."""
        if self.over:
            return False
        if self.deadline is not None:
            return True
        return any(self.seats[seat]["kind"] != HUMAN for seat in self.game.to_act(self.state))

    # ---- the versions each seat is shown, as stored with every change ---------------

    def memory(self) -> Memory:
        """What a change replaces (state, record, seats, clock, tracking, caches): a
        change is worked out, remembered, and hidden again (``recall`` of the memory
        before it) while it is stored, so nobody is served a change not yet stored."""
        return Memory(
            self.state,
            self.record,
            list(self.record.moves),
            self.seats,
            self.deadline,
            self.timer_key,
            Tracking.of(self),
            self.cache,
        )

    def recall(self, memory: Memory) -> None:
        """Put back what ``memory`` remembers."""
        self.state, self.record = memory.state, memory.record
        self.record.moves[:] = memory.moves
        self.seats, self.deadline, self.timer_key = memory.seats, memory.deadline, memory.timer_key
        memory.tracking.put_back(self)
        self.cache = memory.cache

    def versions_json(self) -> str:
        """Each seat's version and decision version, and the spectators', as stored
        with the table: every process of a cluster (and a restarted one) shows them."""
        return dumps(
            {
                "spectators": self.seen.get(None, self.version),
                "seats": [self.seen.get(s, self.version) for s in range(self.players)],
                "decisions": list(self.decision_version),
            }
        )

    def adopt_versions(self, stored: str | None) -> None:
        """Take the versions stored with the table's last change (``versions_json``)."""
        if stored is None:
            return
        data = orjson.loads(stored)
        seats = data["seats"]
        if len(seats) != self.players:
            return
        self.seen[None] = int(data["spectators"])
        for seat, version in enumerate(seats):
            self.seen[seat] = int(version)
        self.decision_version = [int(v) for v in data["decisions"]]

    def absent_for(self, seat: int) -> float:
        """Seconds since ``seat`` last had a socket open or made a request (0 while
        connected; counted from the table's loading if it never did)."""
        if self.connected(seat):
            return 0.0
        return time.monotonic() - self.seen_at.get(seat, self.loaded)

    def check_person(self, seat: int) -> None:
        """ApiError 409 if ``seat`` is played by a bot (its person handed it over)."""
        if self.seats[seat]["kind"] != HUMAN:
            raise ApiError(
                409,
                f"seat {seat} is played by a bot now; take it back first (POST"
                f" /api/tables/{self.id}/seats/{seat}/back with your token)",
            )

    def check_seat(self, seat: int) -> None:
        """ApiError 422 unless ``seat`` is one of this table's seats."""
        if not 0 <= seat < self.players:
            raise ApiError(422, f"seat {seat} does not exist; seats are 0..{self.players - 1}")

    def track_decisions(self, reset: bool = False) -> None:
        """Remember each seat's legal actions, and which seats' changed (their
        ``decision_version`` is set from their own version by ``Views.track_seen``)."""
        game, state = self.game, self.state
        now = [tuple(game.legal_actions(state, s)) for s in range(self.players)]
        if reset or len(self.decided) != len(now):
            self.decision_version = [0] * len(now)
            self.decisions_changed = set(range(len(now)))
        else:
            self.decisions_changed |= {
                seat for seat, legal in enumerate(now) if legal != self.decided[seat]
            }
        self.decided = now


@dataclass
class Tracking:
    """What a table tracks of its seats' versions (``Tracking.of``)."""

    decided: list[tuple[int, ...]]
    decision_version: list[int]
    decisions_changed: set[int]
    seen: dict[int | None, int]
    content: dict[int | None, int]
    event_counts: dict[int | None, tuple[int, int]]
    last_decisions: dict[int, LastDecision]

    @classmethod
    def of(cls, table: Table) -> Tracking:
        """A copy of what ``Table.track_decisions`` and ``Views.track_seen`` keep, to
        put back if the change they tracked could not be stored."""
        return cls(
            list(table.decided),
            list(table.decision_version),
            set(table.decisions_changed),
            dict(table.seen),
            dict(table.content),
            dict(table.event_counts),
            dict(table.last_decisions),
        )

    def put_back(self, table: Table) -> None:
        table.decided, table.decision_version = self.decided, self.decision_version
        table.decisions_changed, table.seen = self.decisions_changed, self.seen
        table.content, table.event_counts = self.content, self.event_counts
        table.last_decisions = self.last_decisions


@dataclass
class Memory:
    """A table's changing parts at one moment (``Table.memory``)."""

    state: GameState
    record: GameRecord
    moves: list[tuple[int, str]]
    seats: list[dict[str, Any]]
    deadline: float | None
    timer_key: str | None
    tracking: Tracking
    cache: dict[tuple[Any, ...], Any]


def dumps(data: Any) -> str:
    """JSON text (orjson: several times faster than the standard library)."""
    return orjson.dumps(data).decode()


def fragment(text: str) -> Any:
    """JSON text that ``dumps`` embeds as it is."""
    return orjson.Fragment(text)


def visible(message: dict[str, Any], seat: int | None) -> bool:
    """May ``seat`` (None: a spectator) read ``message`` (to everyone, one seat or a
    list of seats)?"""
    to = message["to"]
    if to is None:
        return True
    if seat is None:
        return False
    return seat == message["from"] or (seat in to if isinstance(to, list) else seat == to)
