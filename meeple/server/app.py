"""The HTTP and WebSocket API, and the static web client.

Endpoints (see the README and /docs):

* ``GET  /api/games``: the games, their player counts, options and bot levels.
* ``GET  /api/tables``: the lobby (tables, their seats, which are free).
* ``POST /api/tables``: create a table; returns its id and each human seat's token.
* ``GET  /api/tables/{id}?token=``: that seat's view, the seats to act, its legal
  actions as text and the state version; without a token, the spectator's.
* ``POST /api/tables/{id}/actions``: ``{token, action, version}``.
* ``POST /api/tables/{id}/undo``, ``/chat``, ``/seats/{seat}/claim``,
  ``/seats/{seat}/bot``.
* ``GET  /api/tables/{id}/board.svg``: the unchanging board layer (layered games).
* ``GET  /api/tables/{id}/record`` and ``/replay/{ply}``: once the game is over.
* ``WS   /api/tables/{id}/ws?token=``: live state, actions, chat.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from collections.abc import AsyncIterator, Awaitable, Callable, MutableMapping
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field, ValidationError

from meeple.ai.base import bot_names
from meeple.engine import Game, MeepleError, all_games
from meeple.server.tables import ApiError, Hub, Table, dumps

log = logging.getLogger("meeple.server")

STATIC = Path(str(resources.files("meeple.server").joinpath("static")))
MAX_BODY = 16 * 1024
MAX_MESSAGE = 8 * 1024

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


# ---- request bodies ------------------------------------------------------------------


class SeatSpec(BaseModel):
    kind: str = Field(max_length=32, description="'human' or a bot level, e.g. 'random'")
    name: str | None = Field(default=None, max_length=40, description="a person's name")


class CreateTable(BaseModel):
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=12)
    seats: list[SeatSpec | str] = Field(max_length=12)
    options: dict[str, int | bool | str] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(default=None, ge=0, lt=2**62)


class ActionBody(BaseModel):
    token: str = Field(max_length=64)
    action: str = Field(max_length=200, description="the action's text, e.g. 'bid 7'")
    version: int | None = Field(
        default=None, description="the state version the decision was made on (409 if stale)"
    )


class TokenBody(BaseModel):
    token: str = Field(max_length=64)


class ChatBody(BaseModel):
    token: str = Field(max_length=64)
    text: str = Field(min_length=1, max_length=1000)
    to: int | None = Field(default=None, description="a seat for a private message")


class ClaimBody(BaseModel):
    name: str = Field(min_length=1, max_length=40)


class BotBody(BaseModel):
    token: str = Field(max_length=64)
    level: str = Field(default="random", max_length=32)


class WsMessage(BaseModel):
    type: Literal["action", "chat", "undo", "sync", "ping"]
    id: int | str | None = None
    action: str | None = Field(default=None, max_length=200)
    version: int | None = None
    text: str | None = Field(default=None, max_length=1000)
    to: int | None = None


# ---- rate limits and body size -------------------------------------------------------


class Bucket:
    """A token bucket: ``rate`` per second, bursts up to ``burst``."""

    __slots__ = ("burst", "rate", "stamp", "tokens")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.stamp = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens < 1:
            return False
        self.tokens -= 1
        return True


class Guard:
    """ASGI middleware: 413 for oversized bodies, 429 past a connection's rate."""

    def __init__(self, app: ASGIApp, rate: float, burst: float) -> None:
        self.app, self.rate, self.burst = app, rate, burst
        self.buckets: dict[tuple[str, int], Bucket] = {}

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        client = scope.get("client") or ("?", 0)
        key = (str(client[0]), int(client[1]))
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) > 10_000:
                self.buckets.clear()
            bucket = self.buckets[key] = Bucket(self.rate, self.burst)
        if not bucket.take():
            await _reply(send, 429, "too many requests on this connection; slow down")
            return
        if scope["method"] in ("POST", "PUT", "PATCH"):
            headers = dict(scope.get("headers") or [])
            length = headers.get(b"content-length")
            if length is not None and (not length.isdigit() or int(length) > MAX_BODY):
                await _reply(send, 413, f"request body larger than {MAX_BODY} bytes")
                return
            body = b""
            while True:
                message = await receive()
                if message["type"] != "http.request":
                    break
                body += message.get("body", b"")
                if len(body) > MAX_BODY:
                    await _reply(send, 413, f"request body larger than {MAX_BODY} bytes")
                    return
                if not message.get("more_body"):
                    break
            sent = False

            async def replay_body() -> Message:
                nonlocal sent
                if sent:
                    return await receive()
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}

            await self.app(scope, replay_body, send)
            return
        await self.app(scope, receive, send)


async def _reply(send: Send, status: int, detail: str) -> None:
    body = json.dumps({"status": status, "detail": detail}).encode()
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


# ---- the application -----------------------------------------------------------------


class WsClient:
    """One WebSocket connection of a table: messages leave in order from a queue, so
    a broadcast never waits for a slow client; one that falls too far behind is cut
    off (its page reconnects and resyncs)."""

    MAX_QUEUE = 200

    def __init__(self, websocket: WebSocket, seat: int | None, svg: bool) -> None:
        self.websocket, self.seat, self.svg, self.log_to = websocket, seat, svg, 0
        self.version = -1
        self.board: str | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.writer = asyncio.get_running_loop().create_task(self._write())

    def push(self, text: str) -> bool:
        if self.writer.done() or self.queue.qsize() >= self.MAX_QUEUE:
            self.close()
            return False
        self.queue.put_nowait(text)
        return True

    def close(self) -> None:
        self.queue.put_nowait(None)

    async def _write(self) -> None:
        while True:
            text = await self.queue.get()
            if text is None:
                break
            try:
                await self.websocket.send_text(text)
            except Exception:
                break


def create_app(
    db_url: str = "sqlite:///meeple.db",
    *,
    bot_delay: float = 0.0,
    rate: float = 100.0,
    burst: float = 200.0,
    ws_rate: float = 20.0,
    ws_burst: float = 40.0,
) -> FastAPI:
    """The server's ASGI app over the database at ``db_url``."""
    from meeple.server.store import Store

    hub = Hub(Store(db_url), bot_delay=bot_delay)

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        await hub.start()
        # What is loaded now lives long: keep it out of every later full collection.
        gc.collect()
        gc.freeze()
        yield
        await hub.stop()

    app = FastAPI(
        title="meeple",
        summary="Play board games with every rule enforced: people and programs.",
        version="0.1.0",
        lifespan=lifespan,
    )
    app.state.hub = hub

    @app.exception_handler(ApiError)
    async def api_error(_request: Request, exc: ApiError) -> JSONResponse:
        return JSONResponse(exc.to_json(), status_code=exc.status)

    # ---- pages ----------------------------------------------------------------------

    @app.get("/", include_in_schema=False)
    async def lobby_page() -> FileResponse:
        return FileResponse(STATIC / "index.html")

    @app.get("/t/{table_id}", include_in_schema=False)
    async def table_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "table.html")

    @app.get("/t/{table_id}/replay", include_in_schema=False)
    async def replay_page(table_id: str) -> FileResponse:
        return FileResponse(STATIC / "replay.html")

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ---- API ------------------------------------------------------------------------

    @app.get("/api/games", summary="Games, player counts, options and bot levels")
    async def games() -> list[dict[str, Any]]:
        return [_game_info(g) for g in all_games()]

    @app.get("/api/tables", summary="The lobby: tables and their free seats")
    async def tables(
        status: Literal["playing", "over"] | None = None,
    ) -> list[dict[str, Any]]:
        stored = await hub.db(hub.store.list_tables, status)
        out = []
        for t in stored:
            live = hub.tables.get(t.id)
            out.append(
                {
                    "id": t.id,
                    "game": t.game,
                    "players": t.config.get("players"),
                    "status": t.status,
                    "version": live.seen.get(None, live.version) if live else t.version,
                    "updated": t.updated,
                    "seats": [
                        {
                            "seat": i,
                            "kind": s["kind"],
                            "player": s.get("name"),
                            "free": s["kind"] == "human" and not s.get("claimed"),
                        }
                        for i, s in enumerate(live.seats if live else t.seats)
                    ],
                }
            )
        return out

    @app.post("/api/tables", status_code=201, summary="Create a table")
    async def create(body: CreateTable) -> dict[str, Any]:
        seats = [SeatSpec(kind=s) if isinstance(s, str) else s for s in body.seats]
        table, tokens = await hub.create(
            body.game,
            body.players,
            [s.model_dump() for s in seats],
            dict(body.options),
            body.seed,
        )
        return {
            "id": table.id,
            "seed": table.record.seed,
            "version": table.version,
            "tokens": {str(seat): token for seat, token in tokens.items()},
            "links": {str(seat): f"/t/{table.id}#token={token}" for seat, token in tokens.items()},
        }

    @app.get("/api/tables/{table_id}", summary="A seat's view (with token) or the spectator's")
    async def table_state(
        table_id: str,
        token: str | None = Query(default=None, max_length=64),
        svg: bool = False,
        since: int = Query(default=0, ge=0),
    ) -> dict[str, Any]:
        table = await hub.get(table_id)
        seat = table.seat_of(token)
        await hub.arrived(table, seat)
        return hub.snapshot(table, seat, svg=svg, since=since)

    @app.post("/api/tables/{table_id}/actions", summary="Play an action (checked path)")
    async def act(table_id: str, body: ActionBody, svg: bool = False) -> dict[str, Any]:
        table, seat = await _seated(table_id, body.token)
        before = await hub.act(table, seat, body.action, body.version)
        await hub.arrived(table, seat)
        return hub.snapshot(table, seat, svg=svg, since=before)

    @app.post("/api/tables/{table_id}/undo", summary="Take back one's last decision")
    async def undo(table_id: str, body: TokenBody) -> dict[str, Any]:
        table, seat = await _seated(table_id, body.token)
        await hub.undo(table, seat)
        return hub.snapshot(table, seat)

    @app.post("/api/tables/{table_id}/chat", summary="Say something to the table or a seat")
    async def chat(table_id: str, body: ChatBody) -> dict[str, Any]:
        table, seat = await _seated(table_id, body.token)
        return await hub.chat(table, seat, body.text, body.to)

    @app.post("/api/tables/{table_id}/seats/{seat}/claim", summary="Take a free seat")
    async def claim(table_id: str, seat: int, body: ClaimBody) -> dict[str, Any]:
        table = await hub.get(table_id)
        token = await hub.claim(table, seat, body.name)
        return {"seat": seat, "token": token, "link": f"/t/{table.id}#token={token}"}

    @app.post("/api/tables/{table_id}/seats/{seat}/bot", summary="Hand a seat to a bot")
    async def to_bot(table_id: str, seat: int, body: BotBody) -> dict[str, Any]:
        table, by = await _seated(table_id, body.token)
        await hub.hand_to_bot(table, seat, by, body.level)
        return {"seat": seat, "kind": body.level, "version": table.version}

    @app.get(
        "/api/tables/{table_id}/board.svg",
        summary="The table's unchanging board layer (SVG), for games drawn in two layers",
        response_class=Response,
        responses={200: {"content": {"image/svg+xml": {}}}},
    )
    async def board_layer(table_id: str, request: Request) -> Response:
        table = await hub.get(table_id)
        board = hub.board(table)
        if board is None:
            raise ApiError(404, f"{table.game.name} draws its whole board with every state")
        etag = f'"{board[0]}"'
        headers = {"ETag": etag, "Cache-Control": "public, max-age=86400"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(board[1], media_type="image/svg+xml", headers=headers)

    @app.get("/api/tables/{table_id}/record", summary="The game record, once the game is over")
    async def record(table_id: str) -> dict[str, Any]:
        table = await hub.get(table_id)
        if not table.over:
            raise ApiError(409, "the record is published once the game is over")
        out = table.record.to_json()
        out["table"] = table.id
        out["seat_names"] = list(table.game.seat_names(table.record.config))
        out["chat"] = [m for m in table.chat if m["to"] is None]
        return out

    @app.get("/api/tables/{table_id}/replay/{ply}", summary="The finished game after ply moves")
    async def replay_step(table_id: str, ply: int, svg: bool = True) -> dict[str, Any]:
        table = await hub.get(table_id)
        if not table.over:
            raise ApiError(409, "the replay opens once the game is over")
        total = len(table.record.moves)
        if not 0 <= ply <= total:
            raise ApiError(404, f"the game has moves 0..{total}")
        state = hub.replay_state(table, ply)
        before = hub.replay_state(table, ply - 1).log if ply > 0 else []
        view = table.game.view(state, None)
        from meeple.server import render

        events = [e.to_json() for e in table.game.events(state, None, len(before))]
        seat_names = table.game.seat_names(table.record.config)
        move = table.record.moves[ply - 1] if ply > 0 else None
        return {
            "table": table.id,
            "game": table.game.name,
            "title": table.game.title,
            "ply": ply,
            "total": total,
            "move": None
            if move is None
            else {"seat": move[0], "name": seat_names[move[0]], "action": move[1]},
            "seat_names": list(seat_names),
            "view": view,
            "svg": render.render_svg(table.game, view) if svg else None,
            "events": events,
            "result": table.record.result if ply == total else None,
        }

    async def _seated(table_id: str, token: str) -> tuple[Table, int]:
        table = await hub.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise ApiError(403, "a seat's token is required")
        return table, seat

    # ---- WebSocket ------------------------------------------------------------------

    @app.websocket("/api/tables/{table_id}/ws")
    async def ws(
        websocket: WebSocket, table_id: str, token: str | None = None, svg: int = 0
    ) -> None:
        await websocket.accept()
        try:
            table = await hub.get(table_id)
            seat = table.seat_of(token)
        except ApiError as exc:
            await websocket.send_text(json.dumps({"type": "error", **exc.to_json()}))
            await websocket.close(code=4000 + exc.status)
            return
        await hub.arrived(table, seat)
        client = WsClient(websocket, seat, bool(svg))
        snap = hub.snapshot(table, seat, svg=client.svg, layered=True)
        client.log_to, client.version = snap["log_to"], snap["version"]
        client.board = snap.get("board")
        table.clients.add(client)
        client.push(dumps(snap))
        if seat is not None:
            asyncio.get_running_loop().create_task(hub.broadcast(table, force=True))
        bucket = Bucket(ws_rate, ws_burst)
        try:
            while True:
                text = await websocket.receive_text()
                reply = await _ws_message(table, client, text, bucket)
                if reply is not None:
                    client.push(dumps(reply))
        except WebSocketDisconnect:
            pass
        finally:
            table.clients.discard(client)
            client.close()
            if seat is not None:
                asyncio.get_running_loop().create_task(hub.broadcast(table, force=True))

    async def _ws_message(
        table: Table, client: WsClient, text: str, bucket: Bucket
    ) -> dict[str, Any] | None:
        msg_id: Any = None
        try:
            if len(text) > MAX_MESSAGE:
                raise ApiError(413, f"message larger than {MAX_MESSAGE} bytes")
            if not bucket.take():
                raise ApiError(429, "too many messages on this connection; slow down")
            try:
                message = WsMessage.model_validate_json(text)
            except ValidationError as exc:
                raise ApiError(422, f"malformed message: {exc.errors()[0]['msg']}") from None
            msg_id = message.id
            if message.type == "ping":
                version = table.seen.get(client.seat, table.version)
                return {"type": "pong", "id": msg_id, "version": version}
            if message.type == "sync":
                snap = hub.snapshot(table, client.seat, svg=client.svg, layered=True)
                client.log_to, client.version = snap["log_to"], snap["version"]
                client.board = snap.get("board")
                return snap
            seat = client.seat
            if seat is None:
                raise ApiError(403, "spectators cannot act or chat")
            if message.type == "action":
                if message.action is None:
                    raise ApiError(422, "an action message needs 'action'")
                await hub.act(table, seat, message.action, message.version)
            elif message.type == "undo":
                await hub.undo(table, seat)
            elif message.type == "chat":
                if not message.text:
                    raise ApiError(422, "a chat message needs 'text'")
                await hub.chat(table, seat, message.text, message.to)
            return {"type": "ack", "id": msg_id, "version": table.seen.get(seat, table.version)}
        except ApiError as exc:
            return {"type": "error", "id": msg_id, **exc.to_json()}
        except MeepleError as exc:
            return {"type": "error", "id": msg_id, "status": 422, "detail": str(exc)}

    app.add_middleware(Guard, rate=rate, burst=burst)
    return app


def _game_info(game: Game[Any]) -> dict[str, Any]:
    names: dict[str, list[str]] = {}
    for n in range(game.min_players, game.max_players + 1):
        try:
            names[str(n)] = list(game.seat_names(game.make_config(n)))
        except MeepleError:
            names[str(n)] = [f"seat {i}" for i in range(n)]
    return {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "options": [
            {
                "name": o.name,
                "default": o.default,
                "description": o.description,
                "choices": list(o.choices),
            }
            for o in game.option_specs
        ],
        "bots": bot_names(game.name),
        "seat_names": names,
    }
