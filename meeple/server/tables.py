"""Live tables: one game each, its seats, bots, clock and connected clients.

Every change to a table (a move, an undo, a seat handed to a bot) happens under
that table's ``asyncio.Lock`` and is committed to storage before it is
acknowledged or broadcast. Bots choose on a clone of the state in a thread pool,
so the event loop keeps serving other tables while they think.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import json
import logging
import secrets
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol, TypeVar

from meeple.ai import load_bots
from meeple.ai.base import Bot, bot_names, make_bot
from meeple.engine import (
    BadConfig,
    Game,
    GameConfig,
    GameRecord,
    GameState,
    IllegalAction,
    MeepleError,
    NotYourTurn,
    UnknownAction,
    get_game,
    replay,
    undo_point,
)
from meeple.engine.config import OptionValue
from meeple.server import render
from meeple.server.store import Store, StoredTable

try:
    import orjson
except ImportError:  # pragma: no cover - orjson is optional
    orjson = None

log = logging.getLogger("meeple.server")

T = TypeVar("T")
HUMAN = "human"
MAX_SEED = 2**62


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
    decision_version: list[int] = field(default_factory=list)
    seen: dict[int | None, int] = field(default_factory=dict)
    content: dict[int | None, int] = field(default_factory=dict)
    event_counts: dict[int | None, tuple[int, int]] = field(default_factory=dict)
    bot_task: asyncio.Task[None] | None = None
    timer_task: asyncio.Task[None] | None = None
    cache: dict[tuple[Any, ...], Any] = field(default_factory=dict)

    @property
    def over(self) -> bool:
        return bool(self.game.is_over(self.state))

    @property
    def players(self) -> int:
        return int(self.state.config.players)

    def seat_of(self, token: str | None) -> int | None:
        """The seat a token holds; None for no token; ApiError 403 for a wrong one."""
        if token is None or token == "":
            return None
        digest = hash_token(token)
        for seat, info in enumerate(self.seats):
            stored = info.get("token_hash")
            if stored and hmac.compare_digest(stored, digest):
                return seat
        raise ApiError(403, "this token holds no seat at this table")

    def connected(self, seat: int) -> bool:
        return any(c.seat == seat for c in self.clients)


class Hub:
    """Every live table, the storage and the worker pools."""

    def __init__(
        self,
        store: Store,
        *,
        bot_delay: float = 0.0,
        bot_workers: int = 2,
    ) -> None:
        load_bots()
        self.store = store
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        self.loading: dict[str, asyncio.Lock] = {}
        self.db_pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self.bot_pool = ThreadPoolExecutor(max_workers=bot_workers, thread_name_prefix="meeple-bot")
        self.replays: dict[str, tuple[int, GameState]] = {}
        # Board layers by (game, rules version, config): drawn once, shared by tables.
        self.boards: dict[tuple[str, str, str], tuple[str, str] | None] = {}

    async def db(self, fn: Callable[..., T], *args: Any) -> T:
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self.db_pool, fn, *args)

    async def start(self) -> None:
        """Resume every unfinished table: its bots play on and its clock runs."""
        for table_id in await self.db(self.store.table_ids, "playing"):
            try:
                await self.get(table_id)
            except Exception:  # a table that no longer replays must not stop the server
                log.exception("table %s does not load", table_id)

    async def stop(self) -> None:
        for table in self.tables.values():
            for task in (table.bot_task, table.timer_task):
                if task is not None:
                    task.cancel()
        self.bot_pool.shutdown(wait=False, cancel_futures=True)
        self.db_pool.shutdown(wait=True)
        self.store.close()

    # ---- loading and creating -------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        async with lock:
            table = self.tables.get(table_id)
            if table is not None:
                return table
            stored = await self.db(self.store.load_table, table_id)
            if stored is None:
                raise ApiError(404, f"no table {table_id!r}")
            table = await asyncio.get_running_loop().run_in_executor(
                self.bot_pool, self._rebuild, stored
            )
            self.tables[table_id] = table
        self.loading.pop(table_id, None)
        self._after_change(table)
        return table

    def _rebuild(self, stored: StoredTable) -> Table:
        """Replay a stored table (in a worker thread: long games take a moment)."""
        game = get_game(stored.game)
        record = GameRecord(
            stored.game,
            stored.rules_version,
            GameConfig.from_json(stored.config),
            stored.seed,
            list(stored.moves),
        )
        state = replay(game, record)
        if game.is_over(state):
            record.result = game.result(state).to_json()
        table = Table(
            id=stored.id,
            game=game,
            record=record,
            state=state,
            seats=stored.seats,
            version=stored.version,
            created=stored.created,
            chat=stored.chat,
            deadline=stored.deadline,
            timer_key=stored.timer_key,
        )
        self._make_bots(table)
        self._track_decisions(table, reset=True)
        self._track_seen(table, reset=True)
        return table

    def _make_bots(self, table: Table) -> None:
        table.bots = {
            seat: make_bot(info["kind"], table.game, table.record.seed * 1009 + seat)
            for seat, info in enumerate(table.seats)
            if info["kind"] != HUMAN
        }

    async def create(
        self,
        game_name: str,
        players: int,
        seats: list[dict[str, Any]],
        options: dict[str, OptionValue],
        seed: int | None,
    ) -> tuple[Table, dict[int, str]]:
        try:
            game = get_game(game_name)
            config = game.make_config(players, options)
        except BadConfig as exc:
            raise ApiError(422, str(exc)) from None
        if len(seats) != players:
            raise ApiError(422, f"give {players} seats, one per player, not {len(seats)}")
        allowed = [HUMAN, *bot_names(game.name)]
        tokens: dict[int, str] = {}
        stored_seats: list[dict[str, Any]] = []
        for seat, spec in enumerate(seats):
            kind = spec["kind"]
            if kind not in allowed:
                raise ApiError(422, f"seat {seat}: unknown kind {kind!r}; choose from {allowed}")
            info: dict[str, Any] = {"kind": kind, "name": spec.get("name") or None}
            if kind == HUMAN:
                token = secrets.token_urlsafe(18)
                tokens[seat] = token
                info["token_hash"] = hash_token(token)
                info["claimed"] = bool(spec.get("name"))
            else:
                info["name"] = f"{kind} bot"
                info["claimed"] = True
            stored_seats.append(info)
        if seed is None:
            seed = secrets.randbelow(MAX_SEED)
        try:
            state = game.new_game(config, seed)
        except MeepleError as exc:
            raise ApiError(422, str(exc)) from None
        now = time.time()
        table_id = secrets.token_hex(6)
        record = GameRecord(game.name, game.rules_version, config, seed, [])
        table = Table(
            id=table_id,
            game=game,
            record=record,
            state=state,
            seats=stored_seats,
            version=0,
            created=now,
            chat=[],
        )
        self._make_bots(table)
        table.deadline, table.timer_key = self._timer_for(table, None, None)
        self._track_decisions(table, reset=True)
        self._track_seen(table, reset=True)
        await self.db(
            self.store.create_table,
            StoredTable(
                id=table_id,
                game=game.name,
                rules_version=game.rules_version,
                config=config.to_json(),
                seed=seed,
                seats=stored_seats,
                version=0,
                status="playing",
                created=now,
                updated=now,
                deadline=table.deadline,
                timer_key=table.timer_key,
            ),
        )
        self.tables[table_id] = table
        self._after_change(table)
        return table, tokens

    # ---- decisions ------------------------------------------------------------------

    async def act(self, table: Table, seat: int, text: str, expected: int | None) -> int:
        """Apply a seat's action through the checked path; returns the log length before."""
        async with table.lock:
            if expected is not None and (
                expected > table.version or expected < table.decision_version[seat]
            ):
                raise ApiError(
                    409,
                    f"stale version {expected}: this seat's decision changed at version"
                    f" {table.decision_version[seat]}; it is now at {table.seen[seat]}",
                )
            before = len(table.state.log)
            await self._apply(table, seat, text)
            return before

    async def _apply(self, table: Table, seat: int, text: str) -> None:
        """Checked move, stored before anything else sees it. Caller holds the lock."""
        try:
            action = table.game.play(table.state, seat, text)
        except NotYourTurn as exc:
            raise ApiError(422, exc.message, exc.rule) from None
        except IllegalAction as exc:
            raise ApiError(422, exc.message, exc.rule) from None
        except UnknownAction as exc:
            raise ApiError(422, str(exc)) from None
        table.cache.clear()
        table.record.moves.append((seat, action.text))
        version = table.version + 1
        over = table.over
        timer = self._timer_for(table, table.deadline, table.timer_key)
        move = (
            table.id,
            len(table.record.moves) - 1,
            seat,
            action.text,
            version,
            "over" if over else "playing",
            time.time(),
            timer,
        )
        try:
            if self.store.inline:
                self.store.add_move(*move)  # SQLite: a local append, no thread hop
            else:
                await self.db(self.store.add_move, *move)
        except Exception:
            log.exception("table %s: storing a move failed; rebuilding", table.id)
            table.record.moves.pop()
            table.state = replay(table.game, table.record)
            table.cache.clear()
            raise ApiError(503, "the move could not be stored; try again") from None
        if self.store.inline and self.store.moves_since_checkpoint >= self.store.CHECKPOINT_EVERY:
            self.store.moves_since_checkpoint = 0
            with contextlib.suppress(RuntimeError):  # RuntimeError: shutting down
                self.db_pool.submit(self._checkpoint)
        table.version = version
        table.deadline, table.timer_key = timer
        if over:
            table.record.result = table.game.result(table.state).to_json()
        self._after_change(table)

    def _checkpoint(self) -> None:
        try:
            self.store.checkpoint()
        except Exception:  # the next one may succeed; moves are safe in the WAL meanwhile
            log.exception("database checkpoint failed")

    async def undo(self, table: Table, seat: int) -> None:
        async with table.lock:
            keep = await asyncio.get_running_loop().run_in_executor(
                self.bot_pool,
                lambda: undo_point(table.game, table.record, seat, others_may_follow=False),
            )
            if keep is None:
                raise ApiError(
                    422,
                    "nothing to undo: you have made no decision, another seat acted since,"
                    " or something was revealed since",
                    "Undo",
                )
            moves = table.record.moves[:keep]
            record = GameRecord(
                table.record.game,
                table.record.rules_version,
                table.record.config,
                table.record.seed,
                moves,
            )
            state = replay(table.game, record)
            version = table.version + 1
            old_state, old_record = table.state, table.record
            table.state, table.record = state, record
            table.cache.clear()
            timer = self._timer_for(table, table.deadline, table.timer_key)
            try:
                await self.db(
                    self.store.truncate_moves, table.id, keep, version, time.time(), timer
                )
            except Exception:
                table.state, table.record = old_state, old_record
                table.cache.clear()
                raise ApiError(503, "the undo could not be stored; try again") from None
            table.version = version
            table.deadline, table.timer_key = timer
            self._after_change(table)

    async def claim(self, table: Table, seat: int, name: str) -> str:
        """Take a free human seat: returns a fresh token for it (old links stop working)."""
        async with table.lock:
            self._check_seat(table, seat)
            info = table.seats[seat]
            if info["kind"] != HUMAN or info.get("claimed"):
                raise ApiError(409, f"seat {seat} is not free")
            token = secrets.token_urlsafe(18)
            seats = [dict(s) for s in table.seats]
            seats[seat].update(name=name, claimed=True, token_hash=hash_token(token))
            await self.db(self.store.set_seats, table.id, seats, table.version + 1)
            table.seats = seats
            table.version += 1
            table.cache.clear()
            self._after_change(table)
            return token

    async def arrived(self, table: Table, seat: int | None) -> None:
        """A seat's token was used: its seat is no longer offered as free in the lobby."""
        if seat is None or table.seats[seat].get("claimed"):
            return
        async with table.lock:
            seats = [dict(s) for s in table.seats]
            seats[seat]["claimed"] = True
            await self.db(self.store.set_seats, table.id, seats, table.version + 1)
            table.seats = seats
            table.version += 1
            table.cache.clear()
            self._after_change(table)

    async def hand_to_bot(self, table: Table, seat: int, by: int, level: str) -> None:
        async with table.lock:
            self._check_seat(table, seat)
            if level not in bot_names(table.game.name):
                raise ApiError(422, f"no bot {level!r}; choose from {bot_names(table.game.name)}")
            if table.seats[seat]["kind"] != HUMAN:
                raise ApiError(409, f"seat {seat} is already played by a bot")
            if by != seat and table.connected(seat):
                raise ApiError(403, "that player is still connected; only they can leave")
            seats = [dict(s) for s in table.seats]
            seats[seat] = {"kind": level, "name": f"{level} bot", "claimed": True}
            await self.db(self.store.set_seats, table.id, seats, table.version + 1)
            table.seats = seats
            table.version += 1
            table.cache.clear()
            table.bots[seat] = make_bot(level, table.game, table.record.seed * 1009 + seat)
            self._after_change(table)

    async def chat(self, table: Table, seat: int, text: str, to: int | None) -> dict[str, Any]:
        if to is not None:
            self._check_seat(table, to)
            if to == seat:
                raise ApiError(422, "a private message goes to another seat")
        text = text.strip()
        if not text:
            raise ApiError(422, "empty message")
        now = time.time()
        message_id = await self.db(self.store.add_chat, table.id, seat, to, text, now)
        message = {"id": message_id, "from": seat, "to": to, "text": text, "time": now}
        table.chat.append(message)
        data = dumps({"type": "chat", "message": message})
        for client in list(table.clients):
            if to is None or client.seat in (seat, to):
                self._send(table, client, data)
        return message

    @staticmethod
    def _check_seat(table: Table, seat: int) -> None:
        if not 0 <= seat < table.players:
            raise ApiError(422, f"seat {seat} does not exist; seats are 0..{table.players - 1}")

    # ---- after every change ---------------------------------------------------------

    def _track_decisions(self, table: Table, reset: bool = False) -> None:
        """Remember, per seat, the version at which its legal actions last changed."""
        game, state = table.game, table.state
        now = [tuple(game.legal_actions(state, s)) for s in range(table.players)]
        if reset or len(table.decided) != len(now):
            table.decision_version = [table.version] * len(now)
        else:
            for seat, legal in enumerate(now):
                if legal != table.decided[seat]:
                    table.decision_version[seat] = table.version
        table.decided = now

    def _track_seen(self, table: Table, reset: bool = False) -> None:
        """Per seat (None: spectators), the version at which what it may see last changed.

        A seat is shown this version, not the table's, and is pushed a new state only
        when it changes: so nobody learns how often, or when, another seat edited a
        secret decision (e.g. a line of its order sheet).
        """
        game, state, log = table.game, table.state, table.state.log
        self.seats_public(table)
        common = (
            dumps(table.cache[("seats",)]),
            tuple(game.to_act(state)),
            table.deadline,
            table.record.result is not None,
        )
        public = render.public_view(game)
        spectators = self.view_json(table, None)
        for seat in (None, *range(table.players)):
            done, count = table.event_counts.get(seat, (0, 0))
            if reset or done > len(log):
                done, count = 0, 0
            count += sum(1 for e in log[done:] if e.visible_to(seat))
            table.event_counts[seat] = (len(log), count)
            legal = () if seat is None else table.decided[seat]
            seen = spectators if public or seat is None else self.view_json(table, seat)
            key = hash((common, seen, legal, count))
            if reset or table.content.get(seat) != key:
                table.content[seat] = key
                table.seen[seat] = table.version

    def _after_change(self, table: Table) -> None:
        """After every change: decision versions, bots, clock, and a push to every client.
        Whoever changed the table cleared ``table.cache`` right after the change."""
        self._track_decisions(table)
        self._track_seen(table)
        self._ensure_bots(table)
        self._ensure_timer(table)
        asyncio.get_running_loop().create_task(self.broadcast(table))

    def _timer_for(
        self, table: Table, deadline: float | None, key: str | None
    ) -> tuple[float | None, str | None]:
        """The phase clock: (deadline, phase key) for a timed phase, else (None, None).

        A game times a phase by a view field named ``<phase>_seconds`` (Africa
        1880's ``diplomacy_seconds``) or a ``timed_phase(state)`` method returning
        (key, seconds). When the clock runs out the server plays, for each seat
        still deciding, its ``ready`` action (or its only legal action).
        """
        spec = self._timed_phase(table)
        if spec is None:
            return None, None
        new_key, seconds = spec
        if new_key == key and deadline is not None:
            return deadline, key
        return time.time() + seconds, new_key

    def _timed_phase(self, table: Table) -> tuple[str, float] | None:
        game, state = table.game, table.state
        if game.is_over(state) or not game.to_act(state):
            return None
        method = getattr(game, "timed_phase", None)
        if callable(method):
            spec = method(state)
            return None if spec is None else (str(spec[0]), float(spec[1]))
        view = self.view(table, None)
        phase = view.get("phase")
        seconds = view.get(f"{phase}_seconds")
        if not isinstance(seconds, int | float) or isinstance(seconds, bool) or seconds <= 0:
            return None
        when = view.get("turn", view.get("round", ""))
        return f"{phase}:{when}", float(seconds)

    def _ensure_timer(self, table: Table) -> None:
        if table.timer_task is not None:
            table.timer_task.cancel()
            table.timer_task = None
        if table.deadline is not None and table.timer_key is not None:
            table.timer_task = asyncio.get_running_loop().create_task(
                self._clock(table, table.deadline, table.timer_key)
            )

    async def _clock(self, table: Table, deadline: float, key: str) -> None:
        await asyncio.sleep(max(0.0, deadline - time.time()))
        async with table.lock:
            if table.timer_key != key:
                return
            table.timer_task = None  # _apply must not cancel this very task
            for seat in table.game.to_act(table.state):
                legal = [a.text for a in table.game.legal(table.state, seat)]
                choice = "ready" if "ready" in legal else legal[0] if len(legal) == 1 else None
                if choice is not None and table.timer_key == key:
                    try:
                        await self._apply(table, seat, choice)
                    except ApiError:
                        log.exception("table %s: the clock could not play %s", table.id, choice)

    def _ensure_bots(self, table: Table) -> None:
        if table.bot_task is None and self._bot_seat(table) is not None:
            table.bot_task = asyncio.get_running_loop().create_task(self._drive_bots(table))

    @staticmethod
    def _bot_seat(table: Table) -> int | None:
        if table.over:
            return None
        for seat in table.game.to_act(table.state):
            if seat in table.bots and table.seats[seat]["kind"] != HUMAN:
                return seat
        return None

    async def _drive_bots(self, table: Table) -> None:
        loop = asyncio.get_running_loop()
        while True:
            async with table.lock:
                seat = self._bot_seat(table)
                if seat is None:
                    table.bot_task = None
                    return
                bot = table.bots[seat]
                clone = table.state.clone()
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            try:
                index = await loop.run_in_executor(
                    self.bot_pool, bot.choose, table.game, clone, seat
                )
            except Exception:
                log.exception(
                    "table %s: bot of seat %d failed; playing its first option", table.id, seat
                )
                legal = table.game.legal_actions(clone, seat)
                if not legal:
                    continue
                index = legal[0]
            async with table.lock:
                if table.bots.get(seat) is not bot:
                    continue
                if index not in table.game.legal_actions(table.state, seat):
                    continue  # the table moved on while the bot thought
                try:
                    await self._apply(table, seat, table.game.actions[index].text)
                except ApiError:
                    log.exception("table %s: bot move refused", table.id)
                    await asyncio.sleep(0.5)

    # ---- what clients see -----------------------------------------------------------

    def view(self, table: Table, seat: int | None) -> dict[str, Any]:
        key = ("view", seat)
        cached = table.cache.get(key)
        if cached is None:
            if seat is not None and render.public_view(table.game):
                cached = {**self.view(table, None), "seat": seat}
            else:
                cached = table.game.view(table.state, seat)
            table.cache[key] = cached
        return dict(cached)

    def view_json(self, table: Table, seat: int | None) -> str:
        """The seat's view as JSON text, serialised once per change. A public-view game's
        views differ only by ``seat``: its text is spliced into the one serialisation."""
        key = ("view_json", seat)
        text = table.cache.get(key)
        if text is None:
            if render.public_view(table.game):
                shared = table.cache.get(("view_json",))
                if shared is None:
                    rest = {k: v for k, v in self.view(table, None).items() if k != "seat"}
                    shared = table.cache[("view_json",)] = dumps(rest)
                head = f'{{"seat":{"null" if seat is None else int(seat)}'
                text = head + ("}" if shared == "{}" else "," + shared[1:])
            else:
                text = dumps(self.view(table, seat))
            table.cache[key] = text
        return str(text)

    def svg(self, table: Table, seat: int | None, layered: bool = False) -> str | None:
        """The seat's whole board as SVG; with ``layered``, only what the state draws
        on top of the table's board layer (the whole board for a one-layer game)."""
        if seat is not None and render.public_view(table.game):
            seat = None  # a public-view game draws the same board for every seat
        key = ("overlay" if layered else "svg", seat)
        if key not in table.cache:
            view = self.view(table, seat)
            if layered:
                table.cache[key] = render.render_overlay(table.game, view)
            else:
                table.cache[key] = render.render_svg(table.game, view)
        value = table.cache[key]
        return None if value is None else str(value)

    def board(self, table: Table) -> tuple[str, str] | None:
        """The table's board layer as (id, SVG), or None for a one-layer game. Drawn once
        per game config; the id is a digest of the SVG, so it changes when it does."""
        config = table.record.config
        key = (table.game.name, table.game.rules_version, dumps(config.to_json()))
        if key not in self.boards:
            svg = render.render_board(table.game, self.view(table, None))
            self.boards[key] = (
                None if svg is None else (hashlib.sha256(svg.encode()).hexdigest()[:16], svg)
            )
        return self.boards[key]

    def seats_public(self, table: Table) -> list[dict[str, Any]]:
        key = ("seats",)
        if key not in table.cache:
            view = self.view(table, None)
            waiting = list(table.game.to_act(table.state))
            names = table.game.seat_names(table.state.config)
            table.cache[key] = [
                {
                    "seat": seat,
                    "name": names[seat],
                    "player": info.get("name"),
                    "kind": info["kind"],
                    "claimed": bool(info.get("claimed")),
                    "status": "finished"
                    if table.over
                    else render.seat_status(table.game, view, seat, waiting),
                    "panel": render.panel(table.game, view, seat),
                }
                for seat, info in enumerate(table.seats)
            ]
        out: list[dict[str, Any]] = [dict(s) for s in table.cache[key]]
        for entry in out:
            entry["connected"] = entry["kind"] != HUMAN or table.connected(entry["seat"])
        return out

    def snapshot(
        self,
        table: Table,
        seat: int | None,
        *,
        svg: bool = False,
        since: int = 0,
        chat: bool = True,
        layered: bool = False,
        with_board: bool = True,
        fragments: bool = False,
    ) -> dict[str, Any]:
        """Everything one seat (or a spectator) may see of the table now.

        With ``svg``, the board as SVG: the whole board, or with ``layered`` (the
        WebSocket) ``svg`` is what this state draws on top of the board layer named by
        ``board``, whose SVG comes as ``board_svg`` only ``with_board``. With
        ``fragments`` (for ``dumps`` only) the view is its JSON text, serialised once."""
        game, state = table.game, table.state
        since = max(0, min(since, len(state.log)))
        out: dict[str, Any] = {
            "type": "state",
            "table": table.id,
            "game": game.name,
            "title": game.title,
            "seat": seat,
            "version": table.seen.get(seat, table.version),
            "over": table.over,
            "to_act": list(game.to_act(state)),
            "legal": [a.text for a in game.legal(state, seat)] if seat is not None else [],
            "decision_version": None if seat is None else table.decision_version[seat],
            "seats": self.seats_public(table),
            "view": orjson.Fragment(self.view_json(table, seat))
            if fragments and orjson is not None
            else self.view(table, seat),
            "result": table.record.result,
            "deadline": table.deadline,
            "now": time.time(),
            "bots": bot_names(game.name),
            "log_from": since,
            "log_to": len(state.log),
            "events": [e.to_json() for e in game.events(state, seat, since)],
            "chat": [m for m in table.chat if visible(m, seat)] if chat else None,
        }
        for event in out["events"]:
            event.pop("private_to", None)
        if svg:
            out["svg"] = self.svg(table, seat, layered)
            board = self.board(table) if layered else None
            if board is not None:
                out["board"] = board[0]
                if with_board:
                    out["board_svg"] = board[1]
        return out

    async def broadcast(self, table: Table, force: bool = False) -> None:
        """Push the new state to every client that can see a change (all if ``force``).

        Every distinct message is serialised once and its text shared by every client
        it goes to. The board layer goes only to clients that do not hold it yet."""
        # Let the acting client's ack (queued just before this task runs) leave first.
        await asyncio.sleep(0)
        texts: dict[tuple[Any, ...], str] = {}
        board = self.board(table)
        board_id = None if board is None else board[0]
        for client in list(table.clients):
            version = table.seen.get(client.seat, table.version)
            if not force and version == client.version:
                # Nothing it may see changed; what an undo removed was hidden from it.
                client.log_to = min(client.log_to, len(table.state.log))
                continue
            client.version = version
            since = client.log_to if client.log_to <= len(table.state.log) else 0
            with_board = client.svg and board_id is not None and client.board != board_id
            key = (client.seat, client.svg, since, with_board)
            text = texts.get(key)
            if text is None:
                # Chat travels as its own messages.
                payload = self.snapshot(
                    table,
                    client.seat,
                    svg=client.svg,
                    since=since,
                    chat=False,
                    layered=True,
                    with_board=with_board,
                    fragments=True,
                )
                text = dumps(payload)
                texts[key] = text
            client.log_to = len(table.state.log)
            if with_board:
                client.board = board_id
            self._send(table, client, text)

    def _send(self, table: Table, client: Client, text: str) -> None:
        if not client.push(text):
            table.clients.discard(client)

    # ---- replays --------------------------------------------------------------------

    def replay_state(self, table: Table, ply: int) -> GameState:
        cached = self.replays.get(table.id)
        if cached is not None and cached[0] <= ply:
            done, state = cached[0], cached[1].clone()
        else:
            done, state = 0, table.game.new_game(table.record.config, table.record.seed)
        for seat, text in table.record.moves[done:ply]:
            table.game.play(state, seat, text)
        self.replays[table.id] = (ply, state.clone())
        if len(self.replays) > 256:
            self.replays.pop(next(iter(self.replays)))
        return state


def dumps(data: Any) -> str:
    """JSON text, with orjson when it is installed (several times faster)."""
    if orjson is not None:
        return orjson.dumps(data).decode()
    return json.dumps(data)


def visible(message: dict[str, Any], seat: int | None) -> bool:
    return message["to"] is None or seat in (message["from"], message["to"])
