"""One's own order sheet and the map around it, read from a view (never a state):
what the terminal (``render``) and the browser (``svg``, ``controls``) both show
while a sheet is written.

The sheet is written line by line in the order of "2. Writing Orders": the order
of each presence (order-sheet order), the landing, the relation with each other
country (the DIPLO table's order). Every line has a value from the start (a blank
sheet's: nothing, no landing, alliance); ``go_to_line`` says which actions make
any line the one written next.
"""

from __future__ import annotations

from typing import NamedTuple

from meeple.games.africa1880.board import BOARD, COUNTRY_IDS
from meeple.games.africa1880.view import AfricaView, DraftView

SEAL, REVISE, READY = "seal orders", "revise orders", "ready"


class SheetLine(NamedTuple):
    """One line of one's own order sheet: what it is about, its current value and
    the action that writes that value again."""

    label: str
    value: str
    action: str


class Neighbour(NamedTuple):
    """A land border of a territory: its name, whether it is coastal, who is
    present there, and why one's presence may not explore into it ("" if it may)."""

    name: str
    coastal: bool
    present: tuple[str, ...]
    barred: str


def short(view: AfricaView, seat: int) -> str:
    return view["countries"][seat]


def territory_name(view: AfricaView, territory: str) -> str:
    return view["names"][view["territories"].index(territory)]


def country_name(view: AfricaView, country: str) -> str:
    return view["countries"][view["country_ids"].index(country)]


def order_words(view: AfricaView, order: str) -> str:
    """ "explore egypt" becomes "explore Egypt"; develop and nothing stay."""
    verb, _, target = order.partition(" ")
    return f"{verb} {territory_name(view, target)}" if target else verb


def sheet_lines(view: AfricaView) -> list[SheetLine]:
    """One's own sheet in the order it is written (2. Writing Orders); none without one."""
    sheet = view["sheet"]
    if sheet is None:
        return []
    lines = [
        SheetLine(territory_name(view, t), order_words(view, value), f"{t}: {value}")
        for t, value in sheet["orders"].items()
    ]
    landing = sheet["landing"]
    lines.append(
        SheetLine(
            "landing",
            f"land {territory_name(view, landing)}" if landing else "no landing",
            f"land {landing}" if landing else "no landing",
        )
    )
    for country in sorted(sheet["relations"], key=COUNTRY_IDS.index):
        value = sheet["relations"][country]
        name = country_name(view, country)
        action = f"alliance with {country}" if value == "alliance" else f"war on {country}"
        lines.append(SheetLine(f"relation with {name}", value, action))
    return lines


def current_line(view: AfricaView) -> int | None:
    """The index of the line written next (len(lines) once every line is written),
    or None without a sheet being written (none, or sealed)."""
    sheet = view["sheet"]
    if sheet is None:
        return None
    return _line_of(sheet)


def _line_of(sheet: DraftView) -> int | None:
    nxt = sheet["next"]
    if nxt == "sealed":
        return None
    orders = list(sheet["orders"])
    if nxt == "end":
        return len(orders) + 1 + len(sheet["relations"])
    if nxt == "landing":
        return len(orders)
    if nxt in orders:
        return orders.index(nxt)
    others = sorted(sheet["relations"], key=COUNTRY_IDS.index)
    return len(orders) + 1 + others.index(nxt)


def go_to_line(view: AfricaView, target: int) -> tuple[str, ...]:
    """The actions that make line ``target`` (0-based) the line written next, every
    line keeping its value: forward, the lines in between written again as they
    are; back, the rest of the sheet so, ``revise orders``, then the lines before
    ``target``. Each is one of the seat's legal actions when its turn comes (the
    checked path plays them one by one). Empty for the line being written, or
    without a sheet being written."""
    cursor = current_line(view)
    if cursor is None or target == cursor:
        return ()
    lines = sheet_lines(view)
    if target > cursor:
        return tuple(line.action for line in lines[cursor:target])
    to_end = tuple(line.action for line in lines[cursor:])
    return (*to_end, REVISE, *(line.action for line in lines[:target]))


def neighbours(view: AfricaView, territory: str) -> list[Neighbour]:
    """A territory's land borders, with who is present on each and whether the
    seat's presence there may explore into it (2.1: not a colony, not where the
    country already is)."""
    t = view["territories"].index(territory)
    me = view["seat"]
    out = []
    for u in BOARD.borders[t]:
        barred = ""
        if view["colony"][u]:
            barred = "a colony"
        elif me is not None and me in view["presences"][u]:
            barred = "you are there"
        who = tuple(short(view, s) for s in view["presences"][u])
        out.append(Neighbour(view["names"][u], view["coastal"][u], who, barred))
    return out


def writing_territory(view: AfricaView) -> str | None:
    """The territory whose order is written next, if the next line is an order."""
    sheet = view["sheet"]
    cursor = None if sheet is None else _line_of(sheet)
    if sheet is None or cursor is None:
        return None
    orders = list(sheet["orders"])
    return orders[cursor] if cursor < len(orders) else None
