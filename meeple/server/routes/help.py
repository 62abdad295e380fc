"""Each game's "how to play" page, and the links from a rule's name to its section.

* ``GET /games/{name}/help``: the page (HTML, the site's style), from the game's
  help file or, for a game without one, from its metadata (``meeple.server.helpdoc``).
* ``GET /games/{name}/help/rule?rule=...``: a redirect to the section explaining a
  rule a refusal named (the client links "[rule]" here).

The pages depend on the game only: each is rendered once per game and kept.
"""

from __future__ import annotations

from functools import cache
from typing import Any
from urllib.parse import quote

from fastapi import APIRouter, Query
from fastapi.responses import HTMLResponse, RedirectResponse

from meeple.engine import Game, MeepleError, get_game
from meeple.server import helpdoc, render
from meeple.server.tables import ApiError


def help_router() -> APIRouter:
    """The help pages; not in the API schema (they are pages, not API)."""
    router = APIRouter(include_in_schema=False)

    @router.get("/games/{name}/help")
    async def help_page(name: str) -> HTMLResponse:
        return HTMLResponse(helpdoc.page(game_help(name)))

    @router.get("/games/{name}/help/rule")
    async def rule_link(name: str, rule: str = Query("", max_length=200)) -> RedirectResponse:
        anchor = game_help(name).anchor_for(rule)
        target = f"/games/{quote(name)}/help" + (f"#{anchor}" if anchor else "")
        return RedirectResponse(target, status_code=307)

    return router


def _game(name: str) -> Game[Any]:
    try:
        return get_game(name)
    except (KeyError, MeepleError, ValueError) as error:
        raise ApiError(404, f"no game named {name!r}") from error


@cache
def _rendered(name: str) -> helpdoc.HelpDoc:
    game = _game(name)
    legend = helpdoc.legend_html(board_legend(game))
    source = helpdoc.help_source(game)
    if source is None:
        return helpdoc.generic_help(game, legend)
    return helpdoc.render_help(source, legend)


def game_help(name: str) -> helpdoc.HelpDoc:
    """The rendered help of the game ``name`` (404 for an unknown game)."""
    _game(name)  # an unknown name is refused before anything is kept
    return _rendered(name)


def board_legend(game: Game[Any]) -> list[dict[str, str]]:
    """The legend of the game's board at its smallest player count, from the
    spectator's view of a new game (seed 0): the symbols every table shows."""
    try:
        state = game.new_game(game.make_config(game.min_players), 0)
    except MeepleError:
        return []
    return render.legend(game, game.view(state, None))
