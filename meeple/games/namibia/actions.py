"""Namibia's fixed action space and the canonical text of each action.

Kinds (text form in quotes):
  place    setup cube          "place gold c4"
  mine     start a mine        "mine c4"   (setup starting mine, mine under
                                            construction, or 2.2 Start a New Mine)
  prospect prospect cubes      "prospect gold c4"
  rail     place one rail      "rail c4-c5"
  truck    move the truck      "truck c4"
  bid/pass the auction         "bid 7", "pass"
  ship     choose shipment     "ship gold luderitz", "ship silver walvis bay"
                               (the port as the map names it, without accents;
                               the old words "mowe"/"walvis" and the accented
                               names are accepted as input too)
  load/skip truck shipping     "load truck", "skip truck"
  shipmine rail-ship a mine    "ship mine c4"
  stop     end rail shipping   "stop shipping"
  buy      buy reputation      "buy 3"   (0 buys nothing)
  feed     additional cube     "feed c4"  (2.1 Complete Mines: the mine that takes
                                           one of the supply's last cubes)

New kinds are added at the end, so the index of every older action stays the same.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from meeple.engine import ActionSpace
from meeple.engine.actions import Action, ArgValue, normalize_text
from meeple.games.namibia.board import BOARD, COMMODITIES, Board

MAX_BID = 999
MAX_BUY = 333


@dataclass(frozen=True)
class NamibiaActions:
    """The action space plus direct index tables for the fast path."""

    space: ActionSpace
    place: tuple[tuple[int, ...], ...]  # [kind][space]
    mine: tuple[int, ...]  # [space]
    prospect: tuple[tuple[int, ...], ...]  # [kind][space]
    rail: tuple[int, ...]  # [edge]
    truck: tuple[int, ...]  # [space]
    bid: tuple[int, ...]  # [amount], index 0 unused
    pass_: int
    ship: tuple[tuple[int, ...], ...]  # [kind][port]
    load: int
    skip: int
    ship_mine: tuple[int, ...]  # [space]
    stop: int
    buy: tuple[int, ...]  # [points]
    feed: tuple[int, ...]  # [space]


def port_word(name: str) -> str:
    """A port's name as actions write it: the map's words, lowercase, without
    accents ("Möwe Bay" -> "mowe bay", "Lüderitz" -> "luderitz")."""
    plain = unicodedata.normalize("NFKD", name).encode("ascii", "ignore").decode()
    return normalize_text(plain)


class PortSpellings(ActionSpace):
    """The action space, also reading a port written the old way ("ship gold
    mowe", records before the ports took their map names) or with its accents
    ("ship gold möwe bay"): each such text means the canonical action."""

    def __init__(
        self,
        entries: Iterable[tuple[str, tuple[ArgValue, ...], str]],
        aliases: dict[str, str],
    ) -> None:
        super().__init__(entries)
        self._aliases = {normalize_text(k): normalize_text(v) for k, v in aliases.items()}

    def parse(self, text: str) -> Action:
        written = normalize_text(text)
        return super().parse(self._aliases.get(written, written))


def _port_aliases(board: Board) -> dict[str, str]:
    aliases = {}
    for name in COMMODITIES:
        for key, port in zip(board.port_keys, board.port_names, strict=True):
            canonical = f"ship {name} {port_word(port)}"
            for other in (key, port.lower()):
                if f"ship {name} {other}" != canonical:
                    aliases[f"ship {name} {other}"] = canonical
    return aliases


def _entries(board: Board) -> Iterator[tuple[str, tuple[ArgValue, ...], str]]:
    usable = [i for i, ok in enumerate(board.usable) if ok]
    for k, name in enumerate(COMMODITIES):
        for i in usable:
            yield "place", (k, i), f"place {name} {board.labels[i]}"
    for i in usable:
        yield "mine", (i,), f"mine {board.labels[i]}"
    for k, name in enumerate(COMMODITIES):
        for i in usable:
            yield "prospect", (k, i), f"prospect {name} {board.labels[i]}"
    for e in range(len(board.edges)):
        yield "rail", (e,), f"rail {board.edge_label(e)}"
    for i in usable:
        yield "truck", (i,), f"truck {board.labels[i]}"
    for amount in range(1, MAX_BID + 1):
        yield "bid", (amount,), f"bid {amount}"
    yield "pass", (), "pass"
    for k, name in enumerate(COMMODITIES):
        for p, port in enumerate(board.port_names):
            yield "ship", (k, p), f"ship {name} {port_word(port)}"
    yield "load", (), "load truck"
    yield "skip", (), "skip truck"
    for i in usable:
        yield "shipmine", (i,), f"ship mine {board.labels[i]}"
    yield "stop", (), "stop shipping"
    for points in range(MAX_BUY + 1):
        yield "buy", (points,), f"buy {points}"
    for i in usable:
        yield "feed", (i,), f"feed {board.labels[i]}"


def build_actions(board: Board) -> NamibiaActions:
    space = PortSpellings(_entries(board), _port_aliases(board))
    spaces = range(len(board.labels))
    kinds = range(len(COMMODITIES))

    def per_space(kind: str, *prefix: int) -> tuple[int, ...]:
        return tuple(space.index(kind, *prefix, i) if board.usable[i] else -1 for i in spaces)

    return NamibiaActions(
        space=space,
        place=tuple(per_space("place", k) for k in kinds),
        mine=per_space("mine"),
        prospect=tuple(per_space("prospect", k) for k in kinds),
        rail=tuple(space.index("rail", e) for e in range(len(board.edges))),
        truck=per_space("truck"),
        bid=(-1, *(space.index("bid", a) for a in range(1, MAX_BID + 1))),
        pass_=space.index("pass"),
        ship=tuple(
            tuple(space.index("ship", k, p) for p in range(len(board.ports))) for k in kinds
        ),
        load=space.index("load"),
        skip=space.index("skip"),
        ship_mine=per_space("shipmine"),
        stop=space.index("stop"),
        buy=tuple(space.index("buy", n) for n in range(MAX_BUY + 1)),
        feed=per_space("feed"),
    )


ACT = build_actions(BOARD)
"""Namibia's action space and its index tables, built once at import."""
