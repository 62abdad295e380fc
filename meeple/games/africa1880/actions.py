"""The fixed action space of Africa 1880, the same for every player count.

Texts (canonical, lowercase):

* ``place <territory>``: the first presence (Setup), coastal territories only;
* ``ready``: the end of one's negotiations (1. Diplomatic Action);
* ``<territory>: develop`` / ``<territory>: nothing`` /
  ``<territory>: explore <territory>``: the order of one's presence (2.1);
* ``land <territory>`` / ``no landing``: the landing order (2.2);
* ``alliance with <country>`` / ``war on <country>``: a relation (2.3);
* ``seal orders``: hand in the sheet; items not written keep their value, which
  for a blank sheet is the rulebook's default (2. Writing Orders);
* ``revise orders``: go through one's sheet again from its first item.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.engine import ActionSpace
from meeple.engine.actions import ArgValue
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, Board
from meeple.games.africa1880.state import ALLIANCE, DEVELOP, NO_LANDING, NOTHING, WAR

PLACE, READY, ORDER, LAND, RELATION = "place", "ready", "order", "land", "relation"
SEAL, REVISE = "seal", "revise"


@dataclass(frozen=True)
class ActionTables:
    """Index lookups so the fast path never searches the action space."""

    space: ActionSpace
    ready: int
    seal: int
    revise: int
    place: tuple[int, ...]  # per territory, -1 if it is not coastal
    develop: tuple[int, ...]  # per territory
    nothing: tuple[int, ...]  # per territory
    explore: tuple[dict[int, int], ...]  # per territory: border -> index
    land: tuple[int, ...]  # per territory, -1 if it is not coastal
    no_landing: int
    relation: tuple[tuple[int, int], ...]  # per country: (war index, alliance index)


def order_text(board: Board, territory: int, code: int) -> str:
    name = board.ids[territory]
    if code == DEVELOP:
        return f"{name}: develop"
    if code == NOTHING:
        return f"{name}: nothing"
    return f"{name}: explore {board.ids[code]}"


def relation_text(country: int, value: int) -> str:
    if value == ALLIANCE:
        return f"alliance with {COUNTRY_IDS[country]}"
    return f"war on {COUNTRY_IDS[country]}"


def landing_text(board: Board, territory: int) -> str:
    return "no landing" if territory == NO_LANDING else f"land {board.ids[territory]}"


def build_tables(board: Board = BOARD) -> ActionTables:
    """The whole action space, in the order the terminal lists actions."""
    entries: list[tuple[str, tuple[ArgValue, ...], str]] = []

    def add(kind: str, args: tuple[ArgValue, ...], text: str) -> int:
        entries.append((kind, args, text))
        return len(entries) - 1

    ready = add(READY, (), "ready")
    seal = add(SEAL, (), "seal orders")
    revise = add(REVISE, (), "revise orders")
    relation = tuple(
        (
            add(RELATION, (c, WAR), relation_text(c, WAR)),
            add(RELATION, (c, ALLIANCE), relation_text(c, ALLIANCE)),
        )
        for c in range(len(COUNTRY_IDS))
    )
    no_landing = add(LAND, (NO_LANDING,), landing_text(board, NO_LANDING))
    count = len(board.ids)
    land = tuple(
        add(LAND, (t,), landing_text(board, t)) if board.coastal[t] else -1 for t in range(count)
    )
    place = tuple(
        add(PLACE, (t,), f"place {board.ids[t]}") if board.coastal[t] else -1 for t in range(count)
    )
    develop: list[int] = []
    nothing: list[int] = []
    explore: list[dict[int, int]] = []
    for t in range(count):
        develop.append(add(ORDER, (t, DEVELOP), order_text(board, t, DEVELOP)))
        nothing.append(add(ORDER, (t, NOTHING), order_text(board, t, NOTHING)))
        explore.append({u: add(ORDER, (t, u), order_text(board, t, u)) for u in board.borders[t]})
    return ActionTables(
        space=ActionSpace(entries),
        ready=ready,
        seal=seal,
        revise=revise,
        place=place,
        develop=tuple(develop),
        nothing=tuple(nothing),
        explore=tuple(explore),
        land=land,
        no_landing=no_landing,
        relation=relation,
    )


TABLES = build_tables()
