"""Helpers the commands share: loading games and bots, turning errors into messages."""

from __future__ import annotations

from typing import Any

import typer
from rich.console import Console

from meeple.ai import load_bots
from meeple.ai.base import Bot, bot_names, make_bot
from meeple.engine import Game, MeepleError, get_game

POLICY_PREFIX = "policy:"
"""A seat kind naming a saved policy file (``meeple.rl.policy.PREFIX``, repeated here
so that numpy is imported only when a policy is seated)."""

console = Console(highlight=False)
errors = Console(stderr=True, highlight=False)


def fail(message: str) -> typer.Exit:
    errors.print(f"[bold red]error:[/] {message}")
    return typer.Exit(code=2)


def load_game(name: str) -> Game[Any]:
    load_bots()
    try:
        return get_game(name)
    except MeepleError as exc:
        raise fail(str(exc)) from None


def parse_seats(game: Game[Any], seats: str | None, players: int, default: str) -> list[str]:
    """Seat kinds from "human,random,..."; missing seats get ``default``."""
    kinds = [s.strip() for s in seats.split(",")] if seats else []
    if len(kinds) > players:
        raise fail(f"{len(kinds)} seats given for {players} players")
    kinds += [default] * (players - len(kinds))
    allowed = ["human", *bot_names(game.name)]
    for kind in kinds:
        if kind.startswith(POLICY_PREFIX):
            _check_policy(game, kind, players)
        elif kind not in allowed:
            choices = ", ".join([*allowed, f"{POLICY_PREFIX}<file>"])
            raise fail(f"unknown seat kind {kind!r}; choose from: {choices}")
    return kinds


def _check_policy(game: Game[Any], kind: str, players: int) -> None:
    """A ``policy:<file>`` seat must load and fit the game and player count."""
    try:
        bot = seat_bot(kind, game, 0)
    except ImportError as exc:
        raise fail(f"{kind} needs the learning extra: pip install 'meeple[rl]' ({exc})") from None
    except ValueError as exc:
        raise fail(str(exc)) from None
    trained = getattr(bot, "players", players)
    if trained != players:
        raise fail(f"{kind} was trained for {trained} players, not {players}")


def seat_bot(kind: str, game: Game[Any], seed: int) -> Bot:
    """The bot a seat kind names: a registered bot, or ``policy:<file>``, a policy
    saved by the learning adapters (needs ``pip install meeple[rl]``); the tournament
    runner's ``seats``."""
    if kind.startswith(POLICY_PREFIX):
        from meeple.rl.policy import policy_bot  # numpy only when a policy is seated

        return policy_bot(kind, game)
    return make_bot(kind, game, seed)


def make_bots(game: Game[Any], kinds: list[str], seed: int) -> dict[int, Bot]:
    return {
        seat: seat_bot(kind, game, seed * 1009 + seat)
        for seat, kind in enumerate(kinds)
        if kind != "human"
    }
