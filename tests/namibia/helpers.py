"""Building Namibia positions for rule scenarios."""

from __future__ import annotations

from meeple.games.namibia import GAME
from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.common import BOARD
from meeple.games.namibia.rules.flow import advance
from meeple.games.namibia.state import NO_ONE, NamibiaState

DIAMOND, GOLD, SILVER, COPPER = range(4)


def space(label: str) -> int:
    return BOARD.space(label)


def new_game(players: int = 4, seed: int = 1) -> NamibiaState:
    return GAME.new_game(GAME.make_config(players), seed)


def cleared(players: int = 4, seed: int = 1) -> NamibiaState:
    """A fresh game with every cube, mine and non-printed rail taken off the board."""
    s = new_game(players, seed)
    for i in range(len(BOARD.labels)):
        if s.cube_count[i]:
            s.supply[s.cube_kind[i]] += s.cube_count[i]
        s.cube_kind[i], s.cube_count[i] = NO_ONE, 0
        s.mine_owner[i], s.mine_done[i], s.abandoned[i] = NO_ONE, False, False
    for seat in range(players):
        for k in range(len(COMMODITIES)):
            s.supply[k] += s.hand[seat * len(COMMODITIES) + k]
            s.hand[seat * len(COMMODITIES) + k] = 0
        s.heads[seat] = 5
    s.order = list(range(players))
    s.excluded = [DIAMOND, GOLD, SILVER, COPPER][:players]
    return s


def put_cubes(s: NamibiaState, label: str, kind: int, count: int) -> int:
    i = space(label)
    s.cube_kind[i], s.cube_count[i] = kind, count
    s.supply[kind] -= count
    return i


def put_mine(
    s: NamibiaState, seat: int, label: str, kind: int, count: int, complete: bool = True
) -> int:
    i = put_cubes(s, label, kind, count)
    s.mine_owner[i], s.mine_done[i] = seat, complete
    s.heads[seat] -= 1
    return i


def lay(s: NamibiaState, a: str, b: str) -> None:
    edge = BOARD.edge(space(a), space(b))
    s.rails[edge] = True
    s.supply_rails -= 1


def go(s: NamibiaState, phase: int, **fields: object) -> NamibiaState:
    """Enter ``phase`` with the given fields set, and pose its first decision."""
    s.phase = phase
    for name, value in fields.items():
        setattr(s, name, value)
    advance(s)
    return s


def play(s: NamibiaState, seat: int, *texts: str) -> None:
    for text in texts:
        GAME.play(s, seat, text)


def legal_texts(s: NamibiaState, seat: int) -> list[str]:
    return [a.text for a in GAME.legal(s, seat)]
