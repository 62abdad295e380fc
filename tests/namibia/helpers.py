"""Small helpers shared by the Namibia rule scenarios.

Positions are built with ``meeple.games.namibia.positions.Position``; these
helpers only start real games, play action texts and read the legal actions.
"""

from __future__ import annotations

from meeple.games.namibia import GAME
from meeple.games.namibia.board import BOARD
from meeple.games.namibia.state import NamibiaState

DIAMOND, GOLD, SILVER, COPPER = range(4)


def space(label: str) -> int:
    return BOARD.space(label)


def new_game(players: int = 4, seed: int = 1) -> NamibiaState:
    return GAME.new_game(GAME.make_config(players), seed)


def play(s: NamibiaState, seat: int, *texts: str) -> None:
    for text in texts:
        GAME.play(s, seat, text)


def legal_texts(s: NamibiaState, seat: int) -> list[str]:
    return [a.text for a in GAME.legal(s, seat)]
