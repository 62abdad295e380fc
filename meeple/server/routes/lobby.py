"""The lobby's API: the games one can play, and the tables (live or stored)."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter

from meeple.ai.base import bot_names
from meeple.engine import Game, MeepleError, all_games
from meeple.server.hub import Hub


def lobby_router(hub: Hub) -> APIRouter:
    """``GET /api/games`` and ``GET /api/tables`` over ``hub``."""
    router = APIRouter()

    @router.get("/api/games", summary="Games, player counts, options and bot levels")
    async def games() -> list[dict[str, Any]]:
        return [game_info(g) for g in all_games()]

    @router.get("/api/tables", summary="The lobby: tables and their free seats")
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
                    # The spectators' version, never the stored one: that counts hidden
                    # edits too (None while the table is not in memory).
                    "version": live.seen.get(None, live.version) if live else None,
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

    return router


def game_info(game: Game[Any]) -> dict[str, Any]:
    """A game as the lobby offers it: players, seat names per count, options, bots."""
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
                "label": o.title,
                "default": o.default,
                "description": o.description,
                "choices": list(o.choices),
                "per_seat": list(o.per_seat),
            }
            for o in game.option_specs
        ],
        "bots": bot_names(game.name),
        "seat_names": names,
    }
