"""Talk at the table: when chat is open, and to whom a message may go.

A table's ``talk`` option (chosen when it is created) is ``"rules"`` (the default:
the game's talk rules) or ``"free"`` (chat at any time). The talk rules of a game
are in ``GAME_RULES``; a game without an entry has none (chat at any time).

Africa 1880 (rulebook, "1. Diplomatic Action"): negotiation has its own phase, and
"the only rule to observe is the length of this phase"; talks may be "between two
players or among more of them". So under its rules chat is open during diplomacy
(and once the game is over), and a message may go to any set of other seats.
Reading written down: outside diplomacy the rulebook gives no time to talk, so the
table's chat is closed then.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.engine import Game, GameState

TALK_MODES = ("rules", "free")

# Why chat is closed and the rulebook section saying so, or None when it is open.
Closed = tuple[str, str] | None
TalkRule = Callable[[Game[Any], GameState, dict[str, Any]], Closed]


def _africa1880(_game: Game[Any], _state: GameState, view: dict[str, Any]) -> Closed:
    if view.get("phase") == "diplomacy":
        return None
    return (
        "talks are held in 1. Diplomatic Action only (the rulebook gives negotiation its"
        " own phase); this table follows the game's talk rules, so chat opens again at the"
        " next diplomacy (a table created with talk 'free' chats at any time)",
        "1. Diplomatic Action",
    )


GAME_RULES: dict[str, TalkRule] = {"africa1880": _africa1880}


def closed_because(
    talk: str, game: Game[Any], state: GameState, view: dict[str, Any], over: bool
) -> Closed:
    """Why chat is closed now at a table, with the rule (None: it is open). ``view`` is
    the spectators' view of ``state``."""
    if talk == "free" or over:
        return None
    rule = GAME_RULES.get(game.name)
    return None if rule is None else rule(game, state, view)


def recipients(to: int | list[int] | None, sender: int, players: int) -> int | list[int] | None:
    """The normal form of a message's recipients: None (everyone), one seat, or two or
    more seats in order. ValueError says what is wrong."""
    if to is None:
        return None
    seats = [to] if isinstance(to, int) else list(to)
    if not seats:
        raise ValueError("name at least one seat in 'to', or leave it out to talk to everyone")
    for seat in seats:
        if not 0 <= seat < players:
            raise ValueError(f"seat {seat} does not exist; seats are 0..{players - 1}")
        if seat == sender:
            raise ValueError("a private message goes to other seats, not to oneself")
    unique = sorted(set(seats))
    return unique[0] if len(unique) == 1 else unique
