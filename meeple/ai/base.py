"""The bot registry used by the terminal, simulator, server and tournaments.

A bot decides for one seat from that seat's view and legal actions (the ``Bot``
protocol of the engine contract). It receives the state only to clone it for
search through ``Game.determinize``; it must never read hidden parts directly.

Names come from two places: generic bots registered here (``random`` and the
levels of ``meeple.ai.levels``), and what a game's ``BotKit`` offers (its
``heuristic`` and its own players, which take precedence over a generic name).
"""

from __future__ import annotations

from typing import Any

from meeple.engine import Bot, BotFactory, Game, GameState, Rng, get_game

__all__ = ["Bot", "BotFactory", "RandomBot", "bot_names", "make_bot", "register_bot"]

_GENERIC: dict[str, BotFactory] = {}


def register_bot(name: str, factory: BotFactory) -> None:
    """Register a bot name for every game."""
    _GENERIC[name] = factory


def _game_players(game: Game[Any]) -> dict[str, BotFactory]:
    kit = game.bots()
    players = dict(kit.players)
    if kit.heuristic is not None:
        players.setdefault("heuristic", kit.heuristic)
    return players


def bot_names(game: Game[Any] | str) -> list[str]:
    """Every bot name ``game`` (an object or a registered name) can seat."""
    chosen = get_game(game) if isinstance(game, str) else game
    return sorted(set(_GENERIC) | set(_game_players(chosen)))


def make_bot(name: str, game: Game[Any], seed: int) -> Bot:
    factory = _game_players(game).get(name) or _GENERIC.get(name)
    if factory is None:
        known = ", ".join(bot_names(game))
        raise ValueError(f"no bot {name!r} for {game.name}; choose one of: {known}")
    return factory(game, seed)


class RandomBot:
    """Uniform over the legal actions."""

    name = "random"

    def __init__(self, game: Game[Any], seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: Game[Any], state: GameState, seat: int) -> int:
        return self.rng.choice(game.legal_actions(state, seat))


register_bot("random", RandomBot)
