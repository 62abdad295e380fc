"""Write meeple's golden playthroughs: python -m tests.golden.make_golden (after a
rules change, with a rules-version bump).

For every game of meeple's own (an outside game keeps its goldens in its own
repository, written by ``python -m meeple.testing.write_goldens <folder> <game>``): a
random-play game at the most and at the fewest players (seeds 2024 and 77), and
every other golden file of the game here (a game played by bots, kept for its
moves) refreshed by replaying its moves. The format is ``meeple.testing.golden``'s.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from meeple.engine import Game, all_games
from meeple.testing.golden import write_goldens

HERE = Path(__file__).parent


def own_games() -> list[Game[Any]]:
    """The registered games that are part of meeple itself."""
    return [game for game in all_games() if type(game).__module__.startswith("meeple.")]


def main() -> None:
    for game in own_games():
        for path in write_goldens(game, HERE):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
