"""Tables and their seats: loading, creating, joining and leaving.

A table is loaded on first use by replaying its stored record (in a worker thread:
long games take a moment), or created with its seats: a human seat gets a token
(only its hash is stored), a bot seat its bot. A free human seat can be claimed;
a seat's first use marks it claimed; a seat can be handed to a bot.

Every change here happens under the table's lock and is stored before the table
changes in memory; then ``Moves.after_change`` tells bots, clock and clients.
"""

from __future__ import annotations

import asyncio
import random
import re
import secrets
import time
from collections.abc import Callable, Iterable
from typing import Any

from meeple.ai.base import bot_names
from meeple.engine import BadConfig, GameConfig, GameRecord, MeepleError, get_game
from meeple.engine.config import OptionValue
from meeple.server import render
from meeple.server.bots import Bots, bot_for
from meeple.server.broadcast import Views
from meeple.server.chatroom import ChatRoom
from meeple.server.leases import Leases
from meeple.server.limits import Limits, Window
from meeple.server.moves import Moves
from meeple.server.store import Conflict, LimitReached, RowLock, StoredTable
from meeple.server.tables import (
    HUMAN,
    MAX_SEED,
    ApiError,
    Missed,
    Table,
    check_cost,
    hash_token,
)
from meeple.server.texts import check_name
from meeple.server.threads import Threads
from meeple.server.undo import replay_noting

RETRIES = 8  # attempts at a seat change whose stored table moved on meanwhile (cluster)
# New seats, and the bot (seat, level) a seat is handed to, if any.
SeatChange = tuple[list[dict[str, Any]], tuple[int, str] | None]

TABLE_ID = re.compile(r"[0-9A-Za-z_-]{1,32}")  # new tables: 12 hex digits


class Seats:
    """Every live table (``tables``, by id): loads and creates them and seats people.

    ``threads`` runs storage calls and replays stored tables (charged to the address
    served); ``moves`` follows every change (``Moves.after_change``), once it is
    stored and made. In a cluster, ``moves`` also brings a table up to date before a
    seat change is decided (caller holds the lock) and, after a Conflict, decides and
    stores it under the table's row lock (``CatchUp.hold_row``); ``leases`` gives up
    the lease of a table leaving memory and tells how long ago any process saw a
    seat; ``chat`` takes what was notified about a table while it was being loaded
    (``missed``: the notes of the tables loading now)."""

    def __init__(
        self,
        threads: Threads,
        views: Views,
        limits: Limits,
        moves: Moves,
        chat: ChatRoom,
        leases: Leases,
    ) -> None:
        self.tables: dict[str, Table] = {}
        self.threads = threads
        self.store = threads.store
        self.db = threads.db
        self.views = views
        self.limits = limits
        self.moves = moves
        self.chat = chat
        self.leases = leases
        self.loading: dict[str, asyncio.Lock] = {}
        self.missed: dict[str, Missed] = {}
        self.renames = Window(60.0)  # names given, per seat and per table (``name``)
        # Any table may be given a seed (tests and local experiments only: then a
        # chosen seed is known to whoever chose it; see ``check_seed``).
        self.any_seed = False

    # ---- loading and creating -------------------------------------------------------

    async def get(self, table_id: str) -> Table:
        """The live table ``table_id``, loaded from storage on first use (ApiError 404).

        An id that cannot be a table's is refused before any lookup, and a 404 leaves
        nothing behind: the loading lock of an id is dropped once nobody waits on it."""
        table = self.tables.get(table_id)
        if table is not None:
            table.touch()
            return table
        if not TABLE_ID.fullmatch(table_id):
            raise ApiError(
                404,
                f"no table {table_id[:40]!r}: table ids are 1 to 32 letters, digits, '-' or '_'",
            )
        lock = self.loading.setdefault(table_id, asyncio.Lock())
        missed: Missed | None = None
        try:
            async with lock:
                table = self.tables.get(table_id)
                if table is None:
                    table, missed = await self._load(table_id)
        finally:
            if self.loading.get(table_id) is lock and not lock.locked():
                del self.loading[table_id]
        if table is None:
            raise ApiError(404, f"no table {table_id!r}")
        if missed is not None:
            # Before the caller registers a socket: its first state shows it all.
            await self.chat.take_missed(table, missed)
            self.moves.after_change(table)
        table.touch()
        return table

    async def _load(self, table_id: str) -> tuple[Table | None, Missed]:
        """Replay the stored table ``table_id`` into memory (None if there is none),
        making room under ``Limits.loaded_tables`` first (ApiError 503 if every table
        in memory is busy). Also returns what was notified about it meanwhile. The
        replay is charged to the address being served (``costs``: ApiError 429 while
        it is in debt)."""
        check_cost(self.threads.costs)
        missed = self.missed[table_id] = Missed()  # before storage is read
        try:
            stored = await self.db(self.store.tables.load_table, table_id, self.limits.chat_kept)
            if stored is None:
                return None, missed
            self._make_room(any(info["kind"] == HUMAN for info in stored.seats))
            table = await self.threads.charged(self._rebuild, stored)
            self.tables[table_id] = table  # from now on notifications find the copy
            return table, missed
        finally:
            del self.missed[table_id]

    def _make_room(self, person: bool) -> None:
        """Unload idle tables of the same kind, least recently used first, until one more
        fits: tables a person plays at (``person``) under ``Limits.loaded_tables``,
        tables of bots alone under their own, small ``Limits.bot_tables``; so tables
        of bots alone never keep a person's table out (ApiError 503 if every table of
        that kind in memory is busy)."""
        same = [t for t in self.tables.values() if t.has_person == person]
        cap = self.limits.loaded_tables if person else self.limits.bot_tables
        excess = len(same) + 1 - cap
        if excess <= 0:
            return
        idle = sorted((t for t in same if idle_table(t)), key=lambda t: t.touched)
        if len(idle) < excess:
            if person:
                detail = (
                    f"the server holds {len(same)} busy tables in memory, its limit;"
                    " try again in a minute"
                )
            else:
                detail = (
                    f"the server runs {len(same)} tables of bots alone, its limit for"
                    " tables without a person (bot_tables); try again later, or take a"
                    " seat at the table yourself"
                )
            raise ApiError(503, detail)
        for table in idle[:excess]:
            self.unload(table)

    def unload_idle(self, seconds: float) -> int:
        """Unload every idle table untouched for ``seconds``; returns how many."""
        now = time.monotonic()
        stale = [t for t in self.tables.values() if idle_table(t) and now - t.touched >= seconds]
        for table in stale:
            self.unload(table)
        return len(stale)

    def unload(self, table: Table) -> None:
        """Drop an idle table from memory (it is stored: it loads again on demand)."""
        table.retired = True
        self.tables.pop(table.id, None)
        self.leases.release(table)
        if table.timer_task is not None:
            table.timer_task.cancel()

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
        state, decisions = replay_noting(game, record)
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
            talk=stored.talk,
            rewrites=stored.rewrites,
            last_decisions=decisions,
            public_at=stored.public_time,
            analysis=stored.analysis,
        )
        self._settle(table)
        table.adopt_versions(stored.seat_versions)
        return table

    def _settle(self, table: Table) -> None:
        """A table new in memory: its bots, and what each seat decides and sees now."""
        Bots.make_bots(table)
        table.track_decisions(reset=True)
        self.views.track_seen(table, reset=True)

    async def create(
        self,
        game_name: str,
        players: int,
        seats: list[dict[str, Any]],
        options: dict[str, OptionValue],
        seed: int | None,
        address: str = "?",
        talk: str = "rules",
        analysis: bool = False,
    ) -> tuple[Table, dict[int, str]]:
        """A new table, stored, with one seat per ``seats`` entry (``kind``: 'human' or a
        bot level; ``name``). Returns it and each human seat's token (ApiError 422).
        ``address`` (the client's) may create ``Limits.tables_per_hour`` tables an hour
        and have ``Limits.open_tables`` unfinished ones (ApiError 429): both counted in
        the database (the address's digest is stored with the table), so they hold
        across restarts and across the processes of a cluster. ``talk``: the table's
        talk option (``meeple.server.talk``). ``seed``: chosen only as ``check_seed``
        allows; ``analysis``: an analysis table (``analysis_seats``)."""
        table, tokens = await self._create(
            game_name, players, seats, options, seed, address, talk, analysis
        )
        table.creator = address
        return table, tokens

    async def _create(
        self,
        game_name: str,
        players: int,
        seats: list[dict[str, Any]],
        options: dict[str, OptionValue],
        seed: int | None,
        address: str,
        talk: str,
        analysis: bool = False,
    ) -> tuple[Table, dict[int, str]]:
        try:
            game = get_game(game_name)
            config = game.make_config(players, options)
        except BadConfig as exc:
            raise ApiError(422, str(exc)) from None
        if len(seats) != players:
            raise ApiError(422, f"give {players} seats, one per player, not {len(seats)}")
        stored_seats, tokens = _seat_list(seats, [HUMAN, *bot_names(game.name)])
        check_seed(stored_seats, seed, analysis, self.any_seed)
        if analysis:
            tokens = analysis_seats(stored_seats, tokens)
        person = any(info["kind"] == HUMAN for info in stored_seats)
        if not person:
            check_bots_alone(self.tables.values(), address, self.limits.bot_tables_per_address)
        self._make_room(person)
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
            talk=talk,
            public_at=now,
            analysis=analysis,
        )
        Bots.make_bots(table)
        table.deadline, table.timer_key = self.moves.clocks.timer_for(table, None, None)
        table.track_decisions(reset=True)
        self.views.track_seen(table, reset=True)
        stored = StoredTable(
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
            talk=talk,
            seat_versions=table.versions_json(),
            driven=table.driven_now(),
            shown=now,
            analysis=analysis,
        )
        try:
            await self.db(
                self.store.tables.create_table,
                stored,
                hash_token(address),
                self.limits.tables_per_hour,
                self.limits.open_tables,
            )
        except LimitReached as exc:
            raise ApiError(429, str(exc)) from None
        self.tables[table_id] = table
        self.moves.after_change(table)
        return table, tokens

    # ---- joining and leaving --------------------------------------------------------

    async def claim(self, table: Table, seat: int, name: str, agree: bool = False) -> str:
        """Take a free human seat: returns a fresh token for it (old links stop working).
        A seat of an analysis table is taken only with ``agree`` (to its open seed;
        ApiError 422 without)."""
        check_name(name)
        if table.analysis and not agree:
            raise ApiError(
                422,
                "this is an analysis table: its seed is open to every seat, so anyone can"
                " foresee its dice and draws; take the seat with agree_open_seed: true if"
                " you agree to play so",
            )
        token = secrets.token_urlsafe(18)

        def decide() -> SeatChange:
            table.check_seat(seat)
            info = table.seats[seat]
            if info["kind"] != HUMAN or info.get("claimed"):
                raise ApiError(409, f"seat {seat} is not free")
            seats = [dict(s) for s in table.seats]
            seats[seat].update(name=name, claimed=True, token_hash=hash_token(token))
            return seats, None

        await self._change(table, decide)
        return token

    async def name(self, table: Table, seat: int, name: str) -> None:
        """The person holding human seat ``seat`` (proven by its token) gives their name,
        e.g. on joining by a seat link; a bot's seat keeps its bot name (ApiError 409).
        Every seat is told of a new name, so names count as chat does: at most
        ``Limits.chat_per_seat`` per seat and ``chat_per_table`` per table in any minute
        (ApiError 429); giving the name a seat has already changes nothing."""
        check_name(name)

        def decide() -> SeatChange | None:
            info = table.seats[seat]
            if info["kind"] != HUMAN:
                raise ApiError(409, f"seat {seat} is played by a bot: take it back first")
            if info.get("name") == name and info.get("claimed"):
                return None
            self._rename_allowed(table, seat)
            seats = [dict(s) for s in table.seats]
            seats[seat].update(name=name, claimed=True)
            return seats, None

        await self._change(table, decide)

    def _rename_allowed(self, table: Table, seat: int) -> None:
        """ApiError 429 past the seat's or the table's rate of names (the chat limits)."""
        limits = self.limits
        if not self.renames.allow((table.id, seat), limits.chat_per_seat):
            raise ApiError(
                429, f"at most {limits.chat_per_seat} names per seat per minute; wait a little"
            )
        if not self.renames.allow(table.id, limits.chat_per_table):
            self.renames.undo((table.id, seat))
            raise ApiError(
                429, f"at most {limits.chat_per_table} names per table per minute; wait a little"
            )

    async def arrived(self, table: Table, seat: int | None) -> None:
        """A seat's token was used: its seat is no longer offered as free in the lobby."""
        if seat is None or table.seats[seat].get("claimed"):
            return

        def decide() -> SeatChange | None:
            if table.seats[seat]["claimed"]:
                return None  # a concurrent first request marked it while this one waited
            seats = [dict(s) for s in table.seats]
            seats[seat]["claimed"] = True
            return seats, None

        await self._change(table, decide)

    async def hand_to_bot(self, table: Table, seat: int, by: int, level: str) -> None:
        """Seat ``by`` hands human seat ``seat`` to a ``level`` bot, which plays on from
        the current state. A seat may hand itself over at any time; another seat
        played by a person may hand it over once it is absent (no socket and no request
        for ``Limits.absent_after`` seconds, on any process of a cluster). The seat's
        token still holds it: its player takes it back with ``take_back``. The seat
        keeps its person's name (``player``) and when the bot took over: ``since``
        (the ply) and ``since_words`` (``handover_words``)."""
        elsewhere = None
        if by != seat:
            elsewhere = await self.leases.absent_for(table.id, seat)

        def decide() -> SeatChange:
            table.check_seat(seat)
            if level not in bot_names(table.game.name):
                raise ApiError(422, f"no bot {level!r}; choose from {bot_names(table.game.name)}")
            if table.seats[seat]["kind"] != HUMAN:
                raise ApiError(409, f"seat {seat} is already played by a bot")
            if by != seat:
                self._may_take_over(table, seat, by, elsewhere)
            seats = [dict(s) for s in table.seats]
            old = seats[seat]
            seats[seat] = {
                "kind": level,
                "name": f"{level} bot",
                "claimed": True,
                "player": old.get("name"),
                "token_hash": old.get("token_hash"),
                "since": len(table.record.moves),
                "since_words": handover_words(table),
            }
            return seats, (seat, level)

        await self._change(table, decide)

    def _may_take_over(self, table: Table, seat: int, by: int, elsewhere: float | None) -> None:
        """ApiError 403 unless seat ``by`` (a person's) may hand absent seat ``seat`` over;
        ``elsewhere``: seconds since any process of a cluster last stored seeing it."""
        if table.seats[by]["kind"] != HUMAN:
            raise ApiError(403, "your seat is played by a bot: take it back first")
        wait = self.limits.absent_after
        away = table.absent_for(seat)
        if elsewhere is not None:
            away = min(away, elsewhere)
        if away < wait:
            raise ApiError(
                403,
                f"seat {seat} was present {away:.0f} s ago; another seat may hand it to a"
                f" bot once it has had no socket and no request for {wait:.0f} s",
            )

    async def take_back(self, table: Table, seat: int) -> None:
        """The player of ``seat`` (proven by its token) takes it back from its bot."""

        def decide() -> SeatChange:
            info = table.seats[seat]
            if info["kind"] == HUMAN:
                raise ApiError(409, f"seat {seat} is played by its person already")
            seats = [dict(s) for s in table.seats]
            seats[seat] = {
                "kind": HUMAN,
                "name": info.get("player"),
                "claimed": True,
                "token_hash": info.get("token_hash"),
            }
            return seats, None

        await self._change(table, decide)

    async def _change(self, table: Table, decide: Callable[[], SeatChange | None]) -> None:
        """Under the table's lock, ``decide`` the new seats (None: nothing to change;
        ApiError: refused) on the latest stored table and store them. In a cluster,
        if another process changed the table first, catch up and decide again: under
        the table's row lock (``rows``), so a fast bot elsewhere cannot store first
        again and again (deciding seats is quick: only the database is awaited while
        the row is held)."""
        sync = self.moves.sync
        async with table.lock:
            for attempt in range(RETRIES):
                held = None
                try:
                    if attempt > 0:
                        held = await sync.hold_row(table)
                    if held is None:
                        await self.moves.catch_up(table)
                    change = decide()
                    if change is None:
                        return
                    await self._store_seats(table, *change, held=held)
                    return
                except Conflict:
                    table.behind = True
                    sync.fell_behind(table)
                    self._let_go(held)  # (not held while waiting)
                    await asyncio.sleep(random.uniform(0, 0.005 * attempt))
                finally:
                    self._let_go(held)
            raise ApiError(503, "the table changed too often meanwhile; try again")

    def _let_go(self, held: RowLock | None) -> None:
        if held is not None:
            self.moves.sync.let_go(held)

    async def _store_seats(
        self,
        table: Table,
        seats: list[dict[str, Any]],
        bot: tuple[int, str] | None = None,
        held: RowLock | None = None,
    ) -> None:
        """Store the new seats as the next version, with what each seat is shown then,
        and change the table (with the new ``bot`` (seat, level) if any; a seat back in
        a person's hands loses its bot). The caller holds the lock; ``held``: the
        table's row lock, in whose transaction they are stored. Conflict (nothing
        changed) if another process changed the table meanwhile."""
        before = table.memory()
        table.seats = seats
        table.cache = {}
        table.track_decisions()
        self.views.track_seen(table)
        versions, driven = table.versions_json(), table.driven_now()
        after = table.memory()
        table.recall(before)  # hidden until stored
        table.storing = table.version + 1
        try:
            args = (table.id, seats, table.version + 1, versions, driven, held)
            if held is not None:
                await self.threads.on_move_thread(self.store.moves.set_seats, *args)
            else:
                await self.db(self.store.moves.set_seats, *args)
        finally:
            table.storing = None
        table.recall(after)
        table.version += 1
        if bot is not None:
            table.bots[bot[0]] = bot_for(table, bot[0], bot[1])
        for seat, info in enumerate(seats):
            if info["kind"] == HUMAN:
                table.bots.pop(seat, None)
        self.moves.after_change(table)


def handover_words(table: Table) -> str:
    """Where the game is now, in its own words, for "played by the bot since ...": the
    heading (``Presentation.section``) of the last public event that begins a part of
    the story ("Round 4"); else "the start" or the move about to be played."""
    for event in reversed(table.state.log):
        if event.visible_to(None):
            heading = render.section(table.game, event.to_json())
            if heading:
                return heading
    moves = len(table.record.moves)
    return "the start" if moves == 0 else f"move {moves + 1}"


def _seat_list(
    specs: list[dict[str, Any]], allowed: list[str]
) -> tuple[list[dict[str, Any]], dict[int, str]]:
    """The stored seats for ``specs`` and each human seat's fresh token (ApiError 422)."""
    tokens: dict[int, str] = {}
    stored_seats: list[dict[str, Any]] = []
    for seat, spec in enumerate(specs):
        kind = spec["kind"]
        if kind not in allowed:
            raise ApiError(422, f"seat {seat}: unknown kind {kind!r}; choose from {allowed}")
        info: dict[str, Any] = {"kind": kind, "name": check_name(spec.get("name") or "") or None}
        if kind == HUMAN:
            token = secrets.token_urlsafe(18)
            tokens[seat] = token
            info["token_hash"] = hash_token(token)
            info["claimed"] = bool(spec.get("name"))
        else:
            info["name"] = f"{kind} bot"
            info["claimed"] = True
        stored_seats.append(info)
    return stored_seats, tokens


def check_seed(
    seats: list[dict[str, Any]], seed: int | None, analysis: bool, any_seed: bool = False
) -> None:
    """ApiError 422 for a chosen seed the table may not have. Whoever knows the seed
    and the moves can foresee every die, draw and shuffle, so a seed is chosen only
    for a table without people (bots alone), or for an analysis table (its seed is
    open to every seat, each of which agrees to that), or on a server started with
    ``any_seed`` (tests and local experiments)."""
    if seed is None or analysis or any_seed:
        return
    if any(info["kind"] == HUMAN for info in seats):
        raise ApiError(
            422,
            "a chosen seed would let whoever chose it foresee every die and draw: choose a"
            " seed only for a table of bots alone, or create an analysis table"
            " (analysis: true), whose seed every seat sees and agrees to",
        )


def analysis_seats(seats: list[dict[str, Any]], tokens: dict[int, str]) -> dict[int, str]:
    """An analysis table's seats (changed in place) and the tokens its creator gets:
    only the first person's seat is the creator's; every other one is free, with no
    token anyone holds, until someone takes it agreeing to the open seed
    (``Seats.claim``). So nobody plays it on a link without having agreed."""
    people = [seat for seat, info in enumerate(seats) if info["kind"] == HUMAN]
    for seat in people[1:]:
        info = seats[seat]
        info.update(name=None, claimed=False)
        info.pop("token_hash", None)
    if people:
        seats[people[0]]["claimed"] = True  # the creator's: agreed by creating it
        return {people[0]: tokens[people[0]]}
    return {}


def check_bots_alone(tables: Iterable[Table], address: str, cap: int) -> None:
    """ApiError 429 if ``address`` already created ``cap`` tables of bots alone that
    are still playing among ``tables`` (``Limits.bot_tables_per_address``), so that
    one address cannot take every place of ``Limits.bot_tables`` from the others."""
    playing = [t for t in tables if t.creator == address and not t.has_person and not t.over]
    if len(playing) >= cap:
        raise ApiError(
            429,
            f"you already run {len(playing)} tables of bots alone, the most one"
            " address may run at a time (bot_tables_per_address); wait until one"
            " of them ends, or take a seat at a table yourself",
        )


def idle_table(table: Table) -> bool:
    """True if nothing would notice the table leaving memory: no socket, no bot or
    clock at work, no change under way."""
    return (
        not table.clients
        and table.sockets == 0
        and table.bot_task is None
        and table.timer_task is None
        and not table.lock.locked()
    )
