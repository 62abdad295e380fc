"""Golden games as playthroughs: a seeded game checked in with a digest of every
position along it, so that a change names the first decision it alters.

A golden file (JSON, one decision a line) holds the game's record without its moves
and, per decision, ``[number, seat, action text, state, log, views]``: the position
the seat decided in, as short hashes of its fields (the snapshot's encoding, the log
apart), of the events logged since the previous decision, and of the spectator's
then each seat's view. ``end`` holds the same three digests of the final position
(its log whole). The moves are the steps' seats and texts, so a file replays.

``write_goldens(game, folder)`` writes a game's random-play goldens (seeds 2024 at
the most players, 77 at the fewest) into ``folder`` (an outside game: its own
repository's folder) and refreshes its other files there ("kept" games, played by
bots, kept for their moves). ``check_golden(path)`` replays one and fails at the
first decision whose digests differ. From the shell::

    python -m meeple.testing.write_goldens DIR GAME...   # GAME: a registered name or module:object
"""

from __future__ import annotations

import argparse
import hashlib
import importlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.engine import Game, GameRecord, GameState, get_game, register, verify
from meeple.engine.conformance import random_playout
from meeple.engine.errors import IllegalAction
from meeple.engine.state import encode

FORMAT = "meeple-playthrough-1"
SEEDS = {"most": 2024, "fewest": 77}
COLUMNS = ["decision", "seat", "action", "state", "log", "views"]


def digest(value: object) -> str:
    """8 hex digits of a canonical JSON form of ``value``."""
    text = json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False, default=str)
    return hashlib.blake2b(text.encode(), digest_size=4).hexdigest()


@dataclass(frozen=True)
class Position:
    """The digests of one position: its fields, the events logged since the previous
    position, and the spectator's then each seat's view (space separated)."""

    state: str
    log: str
    views: str


def position(game: Game[Any], state: GameState, logged: int) -> Position:
    """The digests of ``state``; ``logged`` events were already digested before."""
    fields = {name: encode(getattr(state, name)) for name in state.fields() if name != "log"}
    fresh = state.log[logged:] if len(state.log) >= logged else state.log
    seats = [None, *range(state.config.players)]
    views = " ".join(digest(game.view(state, seat)) for seat in seats)
    return Position(digest(fields), digest([event.to_json() for event in fresh]), views)


def playthrough(
    game: Game[Any], record: GameRecord
) -> Iterator[tuple[int, int, str, Position | IllegalAction]]:
    """Per move of ``record``: its number, seat, text and the position it was chosen
    in, played through the checked path; a refusal ends it (yielded instead of the
    position). Then ``(len(moves), -1, "", final position)`` with the whole log."""
    state = game.new_game(record.config, record.seed)
    logged = 0
    for number, (seat, text) in enumerate(record.moves):
        yield number, seat, text, position(game, state, logged)
        logged = len(state.log)
        try:
            game.play(state, seat, text)
        except IllegalAction as refusal:
            yield number, seat, text, refusal
            return
    yield len(record.moves), -1, "", position(game, state, 0)


def random_cases(game: Game[Any]) -> list[tuple[int, int]]:
    """(players, seed) of the random-play goldens of ``game``."""
    return [(game.max_players, SEEDS["most"]), (game.min_players, SEEDS["fewest"])]


def golden_name(game: Game[Any], players: int, seed: int) -> str:
    return f"{game.name}-{players}p-{seed}.json"


def dump(policy: str, record: GameRecord, game: Game[Any]) -> str:
    """The golden file's text: a few header lines, then one line per decision."""
    header = {k: v for k, v in record.to_json().items() if k != "moves"}
    steps: list[str] = []
    end: Position | None = None
    for number, seat, text, seen in playthrough(game, record):
        if isinstance(seen, IllegalAction):
            raise ValueError(f"{record.game}: move {number} ({seat}, {text!r}) is refused: {seen}")
        if seat < 0:
            end = seen
            continue
        row = [number, seat, text, seen.state, seen.log, seen.views]
        steps.append(json.dumps(row, ensure_ascii=False))
    assert end is not None
    lines = [
        f' "format": {json.dumps(FORMAT)},',
        f' "policy": {json.dumps(policy)},',
        f' "record": {json.dumps(header, ensure_ascii=False, sort_keys=True)},',
        f' "columns": {json.dumps(COLUMNS)},',
        ' "steps": [',
        ",\n".join(f"  {step}" for step in steps),
        " ],",
        f' "end": {json.dumps([end.state, end.log, end.views])}',
    ]
    return "{\n" + "\n".join(lines) + "\n}\n"


def load(path: Path) -> tuple[str, GameRecord, list[list[Any]], list[str]]:
    """(policy, record, steps, end) of a golden file."""
    data = json.loads(path.read_text())
    if data.get("format") != FORMAT:
        raise ValueError(f"{path.name} is not a {FORMAT} file: write it again (write_goldens)")
    moves = [[step[1], step[2]] for step in data["steps"]]
    record = GameRecord.from_json({**data["record"], "moves": moves})
    return data["policy"], record, data["steps"], data["end"]


def write_golden(path: Path, policy: str, record: GameRecord, game: Game[Any]) -> None:
    path.write_text(dump(policy, record, game))


def write_goldens(game: Game[Any], folder: Path) -> list[Path]:
    """Write ``game``'s random-play goldens into ``folder`` and refresh its kept games
    there (each must still end as recorded). Returns the paths written."""
    folder.mkdir(parents=True, exist_ok=True)
    written = []
    for players, seed in random_cases(game):
        _, record = random_playout(game, game.make_config(players), seed)
        path = folder / golden_name(game, players, seed)
        write_golden(path, "random", record, game)
        written.append(path)
    for path in sorted(folder.glob(f"{game.name}-*.json")):
        if path in written:
            continue
        policy, kept, _, _ = load(path)
        if kept.game != game.name:
            continue
        verify(game, kept)  # a kept game must still end as recorded
        write_golden(path, policy, kept, game)
        written.append(path)
    return written


def first_difference(
    game: Game[Any], record: GameRecord, steps: Sequence[Sequence[Any]], end: Sequence[str]
) -> str | None:
    """Where replaying ``record`` first differs from the stored digests, in words; None
    when every decision and the final position are as stored."""
    for number, seat, text, seen in playthrough(game, record):
        if isinstance(seen, IllegalAction):
            return f"decision {number}: seat {seat}'s {text!r} is refused now: {seen}"
        stored = end if seat < 0 else steps[number][3:]
        now = [seen.state, seen.log, seen.views]
        if list(stored) != now:
            where = (
                "the final position"
                if seat < 0
                else (f"decision {number} (seat {seat} then plays {text!r})")
            )
            return f"{where}: {describe(list(stored), now)}"
    return None


def describe(stored: list[str], now: list[str]) -> str:
    """Which of the digests differ: the state's fields, the log, which views."""
    parts = []
    if stored[0] != now[0]:
        parts.append(f"the state's fields differ ({stored[0]} stored, {now[0]} now)")
    if stored[1] != now[1]:
        parts.append(f"the events logged since the decision before differ ({stored[1]}, {now[1]})")
    old, new = stored[2].split(), now[2].split()
    viewers = ["the spectator", *(f"seat {s}" for s in range(len(new) - 1))]
    changed = [who for who, a, b in zip(viewers, old, new, strict=False) if a != b]
    if changed or len(old) != len(new):
        parts.append(f"the views of {', '.join(changed) or 'the seats'} differ")
    return "; ".join(parts)


def check_golden(path: Path, game: Game[Any] | None = None) -> None:
    """Replay the golden file at ``path`` (its game from the registry unless given):
    AssertionError naming the first decision that changed."""
    policy, record, steps, end = load(path)
    game = game or get_game(record.game)
    found = first_difference(game, record, steps, end)
    assert found is None, f"{path.name}: {found}"
    verify(game, record)  # the stored result too
    if policy == "random":
        _, again = random_playout(game, record.config, record.seed)
        assert again.moves == record.moves, f"{path.name}: {moves_differ(record, again)}"


def moves_differ(stored: GameRecord, again: GameRecord) -> str:
    for number, (old, new) in enumerate(zip(stored.moves, again.moves, strict=False)):
        if old != new:
            return (
                f"random play with seed {stored.seed} chooses {new} at decision {number}, not {old}"
            )
    return f"random play has {len(again.moves)} decisions, not {len(stored.moves)}"


def load_game(name: str) -> Game[Any]:
    """A registered game's name, or ``module:object`` (registered on the way)."""
    if ":" not in name:
        return get_game(name)
    module, attribute = name.split(":", 1)
    loaded = getattr(importlib.import_module(module), attribute)
    game: Game[Any] = loaded() if isinstance(loaded, type) else loaded
    register(game)
    return game


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="Write golden playthroughs of games.")
    parser.add_argument("folder", type=Path, help="where the golden files go")
    parser.add_argument("games", nargs="+", help="registered names or module:object")
    args = parser.parse_args(argv)
    for name in args.games:
        for path in write_goldens(load_game(name), args.folder):
            print(f"wrote {path}")


if __name__ == "__main__":
    main()
