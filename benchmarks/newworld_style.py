"""New World: how a seat playing the heuristic by other numbers (``policy.Style``)
fares against three heuristics, for tuning the search levels' own seat (``SEARCH``).

Each candidate style plays ``--games`` games on the same seeds (game ``i``: seed
``seed + i``, the candidate in seat ``i mod 4``) and is reported with its wins (a
shared first place counts its share) and their 95% Wilson interval; 25% is parity.
``--screen`` tries each number of the base style at a half and at twice its value
(the bid limit at chosen values); ``--set field=value`` (repeatable) changes the
base, which is the search levels' own style unless ``--base heuristic``. Not a test:
a screen is a few thousand games.

    .venv/bin/python benchmarks/newworld_style.py --games 240 --screen
    .venv/bin/python benchmarks/newworld_style.py --games 800 --seed 20000 --set rivals=1.0
"""

from __future__ import annotations

import argparse
import dataclasses
from collections.abc import Iterator
from typing import Any

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Bot, Game, GameState, Rng
from meeple.games.newworld.bots import policy
from meeple.games.newworld.bots.heuristic import sample_of
from meeple.games.newworld.state import NewWorldState
from meeple.tournament import Match, wilson
from meeple.tournament.runner import play_match

PLAYERS = 4


class StyledHeuristic:
    """The heuristic bot, playing by ``style``."""

    name = "styled"

    def __init__(self, style: policy.Style, seed: int) -> None:
        self.style = style
        self.rng = Rng(seed)

    def choose(self, game: Game[NewWorldState], state: GameState, seat: int) -> int:
        legal = game.legal_actions(sample_of(state), seat)
        if len(legal) == 1:
            return legal[0]
        sample = game.determinize(sample_of(state), seat, self.rng)
        return policy.choose(game, sample, seat, legal, self.rng, self.style)


def wins(style: policy.Style, games: int, seed: int) -> float:
    total = 0.0
    for i in range(games):
        seats = ["heuristic"] * PLAYERS
        seats[i % PLAYERS] = "styled"

        def maker(kind: str, game: Game[Any], bot_seed: int) -> Bot:
            if kind == "styled":
                return StyledHeuristic(style, bot_seed)
            return make_bot(kind, game, bot_seed)

        result = play_match(Match("newworld", i, seed + i, tuple(seats)), maker)
        if i % PLAYERS in result.winners:
            total += 1.0 / len(result.winners)
    return total


def screen(base: policy.Style) -> Iterator[tuple[str, policy.Style]]:
    yield "base", base
    for field in dataclasses.fields(base):
        value = getattr(base, field.name)
        options: list[float]
        if field.name == "most_bid":
            options = [2, 11]
        else:
            options = [value * 0.5, value * 2] if value else [-0.5, 0.5]
        for option in options:
            change: dict[str, Any] = {field.name: type(value)(option)}
            yield f"{field.name}={option:g}", dataclasses.replace(base, **change)


def parsed(base: policy.Style, settings: list[str]) -> policy.Style:
    for setting in settings:
        name, _, text = setting.partition("=")
        kind = type(getattr(base, name))
        base = dataclasses.replace(base, **{name: kind(float(text))})
    return base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=240)
    parser.add_argument("--seed", type=int, default=10000)
    parser.add_argument("--set", action="append", default=[], metavar="FIELD=VALUE")
    parser.add_argument(
        "--base", choices=("search", "heuristic"), default="search", help="the style changed"
    )
    parser.add_argument("--screen", action="store_true", help="each number halved and doubled")
    args = parser.parse_args()
    load_bots()
    base = parsed(policy.SEARCH if args.base == "search" else policy.HEURISTIC, args.set)
    print(f"base: {base}", flush=True)
    candidates = screen(base) if args.screen else iter([("base", base)])
    for label, style in candidates:
        won = wins(style, args.games, args.seed)
        low, high = wilson(round(won), args.games)
        print(
            f"{label:24} {won:6.1f}/{args.games} = {100 * won / args.games:5.1f}%"
            f" [{100 * low:.1f}, {100 * high:.1f}]",
            flush=True,
        )


if __name__ == "__main__":
    main()
