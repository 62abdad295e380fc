"""People stay people: who plays a seat, in words every client shows alike.

A seat is stored as ``{"kind", "name", "claimed", ...}``: ``kind`` is "human" or a
bot level. A seat handed to a bot (``Seats.hand_to_bot``: its person left, another
player handed it over) keeps its person's name as ``player`` and the moment the bot
took over (``since``: the ply; ``since_words``: e.g. "Round 4"); taking it back
restores the name. So panels, chat, results, the record and the replay name the
person ("Ann, played by the medium bot since Round 4"), never only the bot.
"""

from __future__ import annotations

from typing import Any

from meeple.server.tables import HUMAN, Table


def person(info: dict[str, Any]) -> str | None:
    """The name of the person whose seat this is (None: nobody named, or a seat a bot
    has played from the start)."""
    name = info.get("name") if info["kind"] == HUMAN else info.get("player")
    return None if name is None else str(name)


def bot_since(info: dict[str, Any]) -> str | None:
    """For a person's seat a bot plays now: since when, in the game's words (None
    otherwise, and for a seat handed over before the server kept it)."""
    if info["kind"] == HUMAN or "player" not in info or not info.get("since_words"):
        return None
    return str(info["since_words"])


def played_by(info: dict[str, Any]) -> str:
    """Who plays the seat, for people to read: "Ann", "Ann, played by the medium bot
    since Round 4", "the hard bot", "a person, not named yet" or "free seat"."""
    kind, name = info["kind"], person(info)
    if kind == HUMAN:
        if name:
            return name
        return "a person, not named yet" if info.get("claimed") else "free seat"
    if "player" not in info:
        return f"the {kind} bot"
    since = bot_since(info)
    played = f"{name or 'its player'}, played by the {kind} bot"
    return played if since is None else f"{played} since {since}"


def seat_people(table: Table) -> list[dict[str, Any]]:
    """Per seat: its colour or country (``seat_name``), its person, its kind, and since
    when a bot plays it; for the record and the replay."""
    names = table.game.seat_names(table.record.config)
    return [
        {
            "seat": seat,
            "seat_name": names[seat],
            "player": person(info),
            "kind": info["kind"],
            "bot_since": bot_since(info),
            "played_by": played_by(info),
        }
        for seat, info in enumerate(table.seats)
    ]


def handover_at(table: Table, seat: int, absent_after: float) -> float | None:
    """When (epoch seconds) another player may hand ``seat`` to a bot: ``absent_after``
    seconds after its last socket closed (or the table was loaded here). None while
    it is connected or a bot plays it. The seat's requests are not counted here,
    though the hand-over counts them: their timing would tell others when it edits
    a secret sheet. So a seat that plays by HTTP alone (or was seen by another
    process of a cluster) may be refused later than this says, and the refusal
    says how long ago the seat was present."""
    if table.seats[seat]["kind"] != HUMAN or table.connected(seat):
        return None
    return table.socket_seen.get(seat, table.loaded_at) + absent_after
