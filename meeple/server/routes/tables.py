"""One table's HTTP API: create it, see it, act, undo, chat, seats, record, replay.

A seat proves itself by its token (in the body, or ``?token=`` to read); without
one, a reader sees what spectators see. Refusals are ``ApiError`` (its status and
detail as JSON, by the app's exception handler).
"""

from __future__ import annotations

import time
from typing import Annotated, Any, Literal

import orjson
from fastapi import APIRouter, Query, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from meeple.server import replays
from meeple.server.hub import Hub
from meeple.server.limits import CLIENT, client_address
from meeple.server.people import seat_people
from meeple.server.tables import ApiError, Table

# ---- request bodies ------------------------------------------------------------------


class SeatSpec(BaseModel):
    kind: str = Field(max_length=32, description="'human' or a bot level, e.g. 'random'")
    name: str | None = Field(default=None, max_length=40, description="a person's name")


class CreateTable(BaseModel):
    game: str = Field(max_length=64)
    players: int = Field(ge=1, le=12)
    seats: list[SeatSpec | Annotated[str, Field(max_length=32)]] = Field(
        max_length=12, description="per seat: a SeatSpec, or its kind alone"
    )
    options: dict[str, int | bool | str] = Field(default_factory=dict, max_length=32)
    seed: int | None = Field(
        default=None,
        ge=0,
        lt=2**62,
        description="only for a table of bots alone, or an analysis table: whoever knows"
        " the seed foresees every die and draw (by default a secret one is drawn, sent"
        " to nobody before the game is over)",
    )
    analysis: bool = Field(
        default=False,
        description="an analysis table: its seed (chosen or drawn) is open to every seat"
        " and spectator; the creator gets the first person's seat, every other person's"
        " seat is free until someone takes it agreeing to that, and play waits till then",
    )
    talk: Literal["rules", "free"] = Field(
        default="rules",
        description="chat under the game's talk rules (Africa 1880: during diplomacy), or"
        " at any time",
    )
    hints: bool = Field(
        default=False,
        description="hints allowed for every seat (agreed by joining); without it, only"
        " a seat whose every other seat is a bot may ask for hints",
    )


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
    to: int | list[int] | None = Field(
        default=None, description="a seat, or a list of seats, for a private message"
    )


class ClaimBody(BaseModel):
    name: str = Field(min_length=1, max_length=40)
    agree_open_seed: bool = Field(
        default=False,
        description="an analysis table's seat is taken only agreeing that its seed is"
        " open to all (anyone can foresee its dice and draws)",
    )


class NameBody(BaseModel):
    token: str = Field(max_length=64)
    name: str = Field(min_length=1, max_length=40)


class BotBody(BaseModel):
    token: str = Field(max_length=64)
    level: str = Field(default="random", max_length=32)


# ---- routes --------------------------------------------------------------------------


def tables_router(hub: Hub) -> APIRouter:
    """``POST /api/tables`` and everything under ``/api/tables/{table_id}`` but its
    WebSocket, over ``hub`` (the handlers: ``TableRoutes``)."""
    return TableRoutes(hub).router()


class TableRoutes:
    """One handler per route of a table, over ``hub``. Replay answers cost a replay of
    the record: each is worked out once (by table version) and its CPU time charged
    to the asking address (``Hub.check_cost``)."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        self.answers = replays.Answers()

    def router(self) -> APIRouter:
        router = APIRouter()
        table = "/api/tables/{table_id}"
        router.post("/api/tables", status_code=201, summary="Create a table")(self.create)
        router.get(table, summary="A seat's view (with token) or the spectator's")(self.table_state)
        router.post(f"{table}/actions", summary="Play an action (checked path)")(self.act)
        router.post(f"{table}/undo", summary="Take back one's last decision")(self.undo)
        router.post(f"{table}/chat", summary="Say something to the table or a seat")(self.chat)
        router.post(f"{table}/seats/{{seat}}/claim", summary="Take a free seat")(self.claim)
        router.post(f"{table}/seats/{{seat}}/name", summary="Name one's own seat")(self.name_seat)
        router.post(
            f"{table}/seats/{{seat}}/bot",
            summary="Hand a seat to a bot: one's own at any time, another once it is absent",
        )(self.to_bot)
        router.post(
            f"{table}/seats/{{seat}}/back",
            summary="Take one's seat back from the bot it was handed to",
        )(self.take_back)
        router.get(
            f"{table}/board.svg",
            summary="The table's unchanging board layer (SVG), for games drawn in two layers",
            response_class=Response,
            responses={200: {"content": {"image/svg+xml": {}}}},
        )(self.board_layer)
        router.get(f"{table}/record", summary="The game record, once the game is over")(self.record)
        router.get(
            f"{table}/replay",
            summary="A finished game's replay outline: steps, sections, seats' people, public chat",
            response_model=dict[str, Any],
        )(self.replay_outline)
        router.get(
            f"{table}/replay/{{ply}}",
            summary="The finished game after ply moves",
            response_model=dict[str, Any],
        )(self.replay_step)
        return router

    async def _seated(self, table_id: str, token: str) -> tuple[Table, int]:
        table = await self.hub.seats.get(table_id)
        seat = table.seat_of(token)
        if seat is None:
            raise ApiError(403, "a seat's token is required")
        return table, seat

    async def create(self, body: CreateTable, request: Request) -> dict[str, Any]:
        hub = self.hub
        seats = [SeatSpec(kind=s) if isinstance(s, str) else s for s in body.seats]
        table, tokens = await hub.seats.create(
            body.game,
            body.players,
            [s.model_dump() for s in seats],
            dict(body.options),
            body.seed,
            client_address(request.scope),
            body.talk,
            body.analysis,
        )
        await hub.db(hub.store.reviews.save_hints, table.id, body.hints, [0] * table.players)
        # No seed: it is sent once the game is over (the record), or openly on an
        # analysis table (every snapshot), never to the creator alone.
        return {
            "id": table.id,
            "analysis": table.analysis,
            "version": table.version,
            "tokens": {str(seat): token for seat, token in tokens.items()},
            "links": {str(seat): f"/t/{table.id}#token={token}" for seat, token in tokens.items()},
            "hints": body.hints,
        }

    async def table_state(
        self,
        table_id: str,
        token: str | None = Query(default=None, max_length=64),
        svg: bool = False,
        since: int = Query(default=0, ge=0),
    ) -> dict[str, Any]:
        hub = self.hub
        table = await hub.seats.get(table_id)
        seat = table.seat_of(token)
        await hub.latest(table)
        await hub.seats.arrived(table, seat)
        return hub.views.snapshot(table, seat, svg=svg, since=since)

    async def act(self, table_id: str, body: ActionBody, svg: bool = False) -> dict[str, Any]:
        table, seat = await self._seated(table_id, body.token)
        before = await self.hub.act(table, seat, body.action, body.version)
        await self.hub.seats.arrived(table, seat)
        return self.hub.views.snapshot(table, seat, svg=svg, since=before)

    async def undo(self, table_id: str, body: TokenBody) -> dict[str, Any]:
        table, seat = await self._seated(table_id, body.token)
        await self.hub.undo(table, seat)
        return self.hub.views.snapshot(table, seat)

    async def chat(self, table_id: str, body: ChatBody) -> dict[str, Any]:
        table, seat = await self._seated(table_id, body.token)
        return await self.hub.chat(table, seat, body.text, body.to)

    async def claim(self, table_id: str, seat: int, body: ClaimBody) -> dict[str, Any]:
        table = await self.hub.seats.get(table_id)
        token = await self.hub.seats.claim(table, seat, body.name, body.agree_open_seed)
        return {"seat": seat, "token": token, "link": f"/t/{table.id}#token={token}"}

    async def name_seat(self, table_id: str, seat: int, body: NameBody) -> dict[str, Any]:
        table, mine = await self._seated(table_id, body.token)
        if mine != seat:
            raise ApiError(403, f"your token holds seat {mine}, not seat {seat}")
        await self.hub.seats.name(table, seat, body.name.strip() or "Player")
        return {"seat": seat, "name": table.seats[seat]["name"]}

    async def to_bot(self, table_id: str, seat: int, body: BotBody) -> dict[str, Any]:
        table, by = await self._seated(table_id, body.token)
        await self.hub.seats.hand_to_bot(table, seat, by, body.level)
        return {"seat": seat, "kind": body.level, "version": table.seen[by]}

    async def take_back(self, table_id: str, seat: int, body: TokenBody) -> dict[str, Any]:
        table, mine = await self._seated(table_id, body.token)
        if mine != seat:
            raise ApiError(403, f"your token holds seat {mine}, not seat {seat}")
        await self.hub.seats.take_back(table, seat)
        return {"seat": seat, "kind": "human", "version": table.seen[seat]}

    async def board_layer(self, table_id: str, request: Request) -> Response:
        table = await self.hub.seats.get(table_id)
        board = self.hub.views.board(table)
        if board is None:
            raise ApiError(404, f"{table.game.name} draws its whole board with every state")
        etag = f'"{board[0]}"'
        headers = {"ETag": etag, "Cache-Control": "public, max-age=86400"}
        if request.headers.get("if-none-match") == etag:
            return Response(status_code=304, headers=headers)
        return Response(board[1], media_type="image/svg+xml", headers=headers)

    async def record(self, table_id: str) -> dict[str, Any]:
        table = await self.hub.seats.get(table_id)
        await self.hub.latest(table)
        if not table.over:
            raise ApiError(409, "the record is published once the game is over")
        out = table.record.to_json()
        out["table"] = table.id
        out["seat_names"] = list(table.game.seat_names(table.record.config))
        out["people"] = seat_people(table)  # who played each seat, kept after a hand-over
        out["chat"] = [m for m in table.chat if m["to"] is None]
        return out

    async def _finished(self, table_id: str) -> Table:
        table = await self.hub.seats.get(table_id)
        await self.hub.latest(table)
        if not table.over:
            raise ApiError(409, "the replay opens once the game is over")
        return table

    async def _outline_of(self, table: Table) -> replays.Outline:
        """The finished table's replay outline: kept with its views, else worked out
        in the CPU pool (a whole replay) and charged to the asking address."""
        hub = self.hub
        kept = hub.views.kept_outline(table)
        if kept is not None:
            return kept
        outline, seconds = await hub.cpu.run(
            f"replay {CLIENT.get()}", replays.outline_in_worker, table.game.name, table.record
        )
        hub.costs.charge(seconds)
        hub.views.keep_outline(table, outline)
        return outline

    async def replay_outline(self, table_id: str) -> Response:
        hub = self.hub
        table = await self._finished(table_id)
        key = ("outline", table.id, table.version, table.last_chat)
        body = self.answers.get(key)
        if body is None:
            hub.check_cost()
            outline = await self._outline_of(table)
            messages = await hub.db(hub.store.chat.public_chat, table.id)
            start = time.thread_time()
            chat = replays.public_chat(messages, outline)
            named = people(hub, table, outline)
            body = orjson.dumps(replays.outline_json(table.id, table.game, outline, named, chat))
            hub.costs.charge(time.thread_time() - start)
            self.answers.put(key, body)
        return Response(body, media_type="application/json")

    async def replay_step(self, table_id: str, ply: int, svg: bool = True) -> Response:
        hub = self.hub
        table = await self._finished(table_id)
        total = len(table.record.moves)
        if not 0 <= ply <= total:
            raise ApiError(404, f"the game has moves 0..{total}")
        key = ("step", table.id, table.version, ply, svg)
        body = self.answers.get(key)
        if body is None:
            hub.check_cost()
            outline = await self._outline_of(table)
            start = time.thread_time()
            named = people(hub, table, outline)
            hub.costs.charge(time.thread_time() - start)
            # Replayed and drawn in the CPU pool, queued fairly by the asking address.
            made, seconds = await hub.cpu.run(
                f"replay {CLIENT.get()}",
                replays.step_in_worker,
                table.game.name,
                table.record,
                outline,
                ply,
                named,
                svg,
                table.id,
            )
            hub.costs.charge(seconds)
            self.answers.put(key, made)
            body = made
        return Response(body, media_type="application/json")


def people(hub: Hub, table: Table, outline: replays.Outline) -> list[dict[str, Any]]:
    """The finished table's seats named as a replay names them (``outline``: its
    replay outline)."""
    seats = hub.views.seats_public(table)
    return replays.seat_people(table.game, table.record, outline, seats, table.seats)
