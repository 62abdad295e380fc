"""The games' presentation modules: SVG from views, targets, and the public-view promise."""

from __future__ import annotations

import pytest

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import all_games
from meeple.server import render

GAMES = [g.name for g in all_games()]


@pytest.mark.parametrize("name", GAMES)
def test_every_game_draws_its_views_as_svg(name: str) -> None:
    load_bots()
    game = next(g for g in all_games() if g.name == name)
    state = game.new_game(game.make_config(game.min_players), 3)
    bot = make_bot("random", game, 3)
    boards: set[str] = set()
    layers = 0
    for step in range(300):
        if game.is_over(state):
            break
        for seat in (None, *range(game.min_players)):
            view = game.view(state, seat)
            if render.public_view(game) and seat is not None:
                assert view == {**game.view(state, None), "seat": seat}, step
            overlay = render.render_overlay(game, view)
            assert overlay is not None
            if step % 5:
                continue  # the whole drawing and its layers compared every fifth step
            svg = render.render_svg(game, view)
            assert svg is not None and svg.startswith("<svg") and svg.endswith("</svg>")
            board = render.render_board(game, view)
            if board is None:
                assert overlay == svg
            else:
                boards.add(board)
                layers += 1
                assert overlay is not None and "<svg" not in overlay
                assert svg == render.compose(board, overlay)
        seat = game.to_act(state)[0]
        game.apply(state, seat, bot.choose(game, state, seat))
    # The board layer depends only on the config: the same for every state.
    assert len(boards) <= 1
    assert len(boards) == (1 if layers else 0)


def test_namibia_board_targets_name_legal_actions() -> None:
    game = next(g for g in all_games() if g.name == "namibia")
    state = game.new_game(game.make_config(3), 1)
    seat = game.to_act(state)[0]
    svg = render.render_svg(game, game.view(state, seat))
    assert svg is not None
    legal = [a.text for a in game.legal(state, seat)]
    targets = {a.split()[-1] for a in legal}
    assert any(f'data-target="{t}"' in svg for t in targets)
    assert 'class="edge" data-target="' in svg
