"""A bot decides from its own seat's information only, in every registered game.

The checks are the public kit's (``meeple.testing.NoPeekingTests`` over
``meeple.testing.peeking``), one class per registered game with bots: for each of
its bots, two states that differ only in what seat 0 cannot see must get the same
choice (for a fixed bot seed). A game with nothing hidden from seat 0 in a seed's
game skips, saying so.

The kit's pair finder is checked here on a game with hidden cards and no
simultaneous decision (the pair comes from ``determinize``): both states of the pair
must be positions of the game in progress, not the game played on to its end.
"""

from __future__ import annotations

from meeple.ai import load_bots
from meeple.ai.base import bot_names
from meeple.engine import all_games
from meeple.testing import NoPeekingTests, classes_for
from meeple.testing.peeking import ME, hidden_pair, hidden_part
from tests.kit.pebbles_game import pebbles

load_bots()
GAMES = [game for game in all_games() if bot_names(game)]

globals().update(classes_for(NoPeekingTests, GAMES))


def test_every_game_with_bots_is_covered() -> None:
    assert {g.name for g in GAMES} == {g.name for g in all_games() if bot_names(g)}
    assert "africa1880" in {g.name for g in GAMES} and "mombasa" in {g.name for g in GAMES}


def test_a_sampled_pair_is_two_positions_of_the_game_in_progress() -> None:
    """Without a simultaneous decision the pair is a state and its determinized twin;
    the state must be a copy taken where the pair was found (the old finder kept the
    live state, which it then played to the end)."""
    game = pebbles()  # tests/kit/pebbles: secret cards, one seat at a time
    pair = hidden_pair(game, 1)
    assert pair is not None
    one, other = pair
    assert not game.is_over(one) and ME in game.to_act(one)
    assert one.version == other.version
    assert game.view(one, ME) == game.view(other, ME)
    assert hidden_part(game, one) != hidden_part(game, other)
