"""Write the golden transcripts: python -m tests.golden.make_golden (after a rules change)."""

from __future__ import annotations

import json
from pathlib import Path

from meeple.engine import get_game
from meeple.engine.conformance import random_playout

HERE = Path(__file__).parent
CASES = [("namibia", 4, 2024), ("namibia", 3, 77)]


def main() -> None:
    for name, players, seed in CASES:
        game = get_game(name)
        state, record = random_playout(game, game.make_config(players), seed)
        data = {"record": record.to_json(), "final_view": game.view(state, None)}
        path = HERE / f"{name}-{players}p-{seed}.json"
        path.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        print(f"wrote {path}")


if __name__ == "__main__":
    main()
