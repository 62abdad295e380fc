"""Write the golden transcripts: python -m tests.golden.make_golden (after a rules change).

One generator for every registered game. It writes, per game, a random-play game
at the most and at the fewest players (seeds 2024 and 77), and refreshes every
other golden file already here (a game played by bots, kept for its moves) by
replaying its record and storing the final position again.

File format: {"policy": "random" | "kept", "record": <game record>,
"final_view": <the spectator's view of the final position>}.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from meeple.engine import Game, GameRecord, all_games, get_game, verify
from meeple.engine.conformance import random_playout

HERE = Path(__file__).parent
SEEDS = {"most": 2024, "fewest": 77}


def random_cases(game: Game[Any]) -> list[tuple[int, int]]:
    """(players, seed) of the random-play goldens of ``game``."""
    return [(game.max_players, SEEDS["most"]), (game.min_players, SEEDS["fewest"])]


def write(path: Path, policy: str, record: GameRecord, final_view: dict[str, Any]) -> None:
    data = {"policy": policy, "record": record.to_json(), "final_view": final_view}
    path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
    print(f"wrote {path}")


def main() -> None:
    written: set[Path] = set()
    for game in all_games():
        for players, seed in random_cases(game):
            state, record = random_playout(game, game.make_config(players), seed)
            path = HERE / f"{game.name}-{players}p-{seed}.json"
            write(path, "random", record, game.view(state, None))
            written.add(path)
    for path in sorted(HERE.glob("*.json")):
        if path in written:
            continue
        kept = GameRecord.from_json(json.loads(path.read_text())["record"])
        game = get_game(kept.game)
        state = verify(game, kept)  # a kept game must still end as recorded
        write(path, "kept", kept, game.view(state, None))


if __name__ == "__main__":
    main()
