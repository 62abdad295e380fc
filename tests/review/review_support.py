"""Records for the review tests, played by seeded bots through the checked path."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Game, GameRecord, GameState, get_game, start_record

load_bots()

Override = Callable[[int, GameState, int], str | None]
"""Given (move index from 0, state, seat), an action text to play instead of the
bot's choice, or None."""


def bot_record(
    game_name: str,
    players: int,
    seed: int,
    bot: str,
    override: Override | None = None,
    moves: int | None = None,
) -> tuple[GameRecord, GameState]:
    """A finished game between copies of ``bot`` (each seeded by its seat), with
    the record's moves changed where ``override`` says; the record and final state.
    With ``moves``: only the game's first ``moves`` moves (the record unfinished)."""
    game: Game[Any] = get_game(game_name)
    config = game.make_config(players)
    state = game.new_game(config, seed)
    record = start_record(game, config, seed)
    bots = {seat: make_bot(bot, game, seed * 10 + seat) for seat in range(players)}
    while not game.is_over(state) and (moves is None or len(record.moves) < moves):
        seat = game.to_act(state)[0]
        forced = override(len(record.moves), state, seat) if override else None
        text = forced or game.actions[bots[seat].choose(game, state, seat)].text
        game.play(state, seat, text)
        record.moves.append((seat, text))
    if game.is_over(state):
        record.result = game.result(state).to_json()
    return record, state
