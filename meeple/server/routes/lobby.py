"""The lobby's API: the games one can play, the tables (live or stored), and where it
is a person's turn among the tables whose seat tokens that person's browser holds."""

from __future__ import annotations

from typing import Any, Literal

import orjson
from fastapi import APIRouter
from pydantic import BaseModel, Field

from meeple.ai.levels import bot_levels
from meeple.engine import Game, MeepleError, all_games
from meeple.server.hub import Hub
from meeple.server.people import person, played_by
from meeple.server.store import StoredTable
from meeple.server.tables import HUMAN, ApiError, Table

MAX_TURN_SEATS = 50  # seat tokens one "My tables" request may ask about


class HeldSeat(BaseModel):
    table: str = Field(min_length=1, max_length=32, description="a table's id")
    token: str = Field(min_length=1, max_length=64, description="the seat's token")


class TurnsBody(BaseModel):
    seats: list[HeldSeat] = Field(
        max_length=MAX_TURN_SEATS,
        description=f"the seats a browser holds, at most {MAX_TURN_SEATS}",
    )


def lobby_router(hub: Hub) -> APIRouter:
    """``GET /api/games``, ``GET /api/tables`` and ``POST /api/turns`` over ``hub``."""
    router = APIRouter()

    @router.get(
        "/api/games",
        summary="Games (the example game last), descriptions, options and bot levels",
    )
    async def games() -> list[dict[str, Any]]:
        return [game_info(g) for g in sorted(all_games(), key=lambda g: g.example)]

    @router.get("/api/tables", summary="The lobby: tables and their free seats")
    async def tables(
        status: Literal["playing", "over"] | None = None,
    ) -> list[dict[str, Any]]:
        stored = await hub.db(hub.store.tables.list_tables, status)
        out = []
        # Only what is stored and public: the spectators' version and the time it last
        # moved, never the table's own version or time (they move with every hidden
        # edit), nor whether the table is in memory (any request loads it).
        for t in stored:
            out.append(
                {
                    "id": t.id,
                    "game": t.game,
                    "players": t.config.get("players"),
                    "status": t.status,
                    "version": spectators_version(t),
                    "updated": t.public_time,
                    "analysis": t.analysis,
                    **({"seed": t.seed} if t.analysis else {}),
                    "seats": [
                        {
                            "seat": i,
                            "kind": s["kind"],
                            "player": person(s),
                            "played_by": played_by(s),
                            "free": s["kind"] == HUMAN and not s.get("claimed"),
                        }
                        for i, s in enumerate(t.seats)
                    ],
                }
            )
        return out

    @router.post(
        "/api/turns",
        summary="Per held seat: is it a person's, and does a decision wait for it?",
    )
    async def turns(body: TurnsBody) -> list[dict[str, Any]]:
        """One answer per seat asked, in order. A wrong token or a table that is gone
        answers with ``error`` and ``forget`` (the table or the token's seat does not
        exist), not a failure of the whole request. Asking is not being at the table."""
        return [await held_seat_turn(hub, held.table, held.token) for held in body.seats]

    return router


def spectators_version(stored: StoredTable) -> int | None:
    """The spectators' version as stored with the table's last change (None: a row
    stored before versions were)."""
    if stored.seat_versions is None:
        return None
    return int(orjson.loads(stored.seat_versions)["spectators"])


async def held_seat_turn(hub: Hub, table_id: str, token: str) -> dict[str, Any]:
    """What the holder of ``token`` may learn of its seat at ``table_id``."""
    try:
        table = await hub.seats.get(table_id)
        await hub.latest(table)
        seat = table.seat_of(token, present=False)
    except ApiError as error:
        # forget: no such table, or no seat for this token: holding it is of no use
        return {"table": table_id, "error": error.detail, "forget": error.status in (403, 404)}
    assert seat is not None  # the token is not empty (TurnsBody)
    return {"table": table_id, "game": table.game.name, **seat_turn(table, seat)}


def seat_turn(table: Table, seat: int) -> dict[str, Any]:
    """``seat``'s standing at ``table``: only what its own snapshot shows it already.

    ``person``: its person plays it (False once handed to a bot); ``your_turn``: a
    decision waits for that person (the game is not over and the seat has legal
    actions); ``bot``: the level playing it for its person, if handed over."""
    info = table.seats[seat]
    person = info["kind"] == HUMAN
    over = table.over
    deciding = not over and bool(table.game.legal_actions(table.state, seat))
    return {
        "seat": seat,
        "over": over,
        "person": person,
        "your_turn": person and deciding,
        "bot": None if person else info["kind"],
    }


def game_info(game: Game[Any]) -> dict[str, Any]:
    """A game as the lobby offers it: its description, players and seat names per
    count, options (with the counts each applies to) and bots, weakest first."""
    names: dict[str, list[str]] = {}
    for n in range(game.min_players, game.max_players + 1):
        try:
            names[str(n)] = list(game.seat_names(game.make_config(n)))
        except MeepleError:
            names[str(n)] = [f"seat {i}" for i in range(n)]
    levels = bot_levels(game)
    return {
        "name": game.name,
        "title": game.title,
        "min_players": game.min_players,
        "max_players": game.max_players,
        "summary": game.summary,
        "minutes": list(game.minutes) if game.minutes else None,
        "example": game.example,
        "help": f"/games/{game.name}/help",
        "options": [
            {
                "name": o.name,
                "label": o.title,
                "default": o.default,
                "description": o.description,
                "choices": list(o.choices),
                "low": o.low,  # a number option's bounds (None: unbounded)
                "high": o.high,
                "per_seat": list(o.per_seat),
                "players": [
                    n for n in range(game.min_players, game.max_players + 1) if o.applies_to(n)
                ],
            }
            for o in game.option_specs
        ],
        "bots": [level.name for level in levels],
        "levels": [level._asdict() for level in levels],
        "seat_names": names,
    }
