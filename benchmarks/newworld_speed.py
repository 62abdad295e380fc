"""New World's engine costs, in this process's CPU time (best of several short
rounds, so other work on a shared machine disturbs them little):

* random play: ``meeple bench``'s own loop (``cli.bench.random_play_rate``:
  ``to_act``, a random seat, ``legal_actions``, a random action, ``apply``) over
  ``--games`` four-player games, in decisions per second, and as a ratio to the
  calibration workload (``../shared/tools/calibrate.py``, through
  ``cli.bench.calibration_chunk``) run in the same process, timed the same way;
* per call on the state halfway through a random game (seed 1): ``clone``,
  ``determinize``, ``view`` and ``legal_actions`` of the seat to act.

``--traces N`` prints instead one digest per seeded random game (N games, 2-6
players, with and without the options) of everything the game did: each decision's
seats to act, legal list and action, a snapshot every 97 decisions, the final
snapshot, the log's words and the result. A speed change must leave them all the
same: run it on the code before and after and compare the two outputs. With
``--no-words`` the digests leave out every text written for people (the log's
words, the end note, the result's note) and keep each event's kind, data and
visibility: a change that only rewords the log leaves those digests the same.

    .venv/bin/python benchmarks/newworld_speed.py
    .venv/bin/python benchmarks/newworld_speed.py --traces 300 > after.txt
    .venv/bin/python benchmarks/newworld_speed.py --traces 300 --no-words > after.txt
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
from collections.abc import Callable
from pathlib import Path

from meeple.cli.bench import (
    CALIBRATION,
    CPU,
    calibration_chunk,
    load_workload,
    mid_game_state,
    random_play_rate,
)
from meeple.engine import Rng
from meeple.engine.config import OptionValue
from meeple.games.newworld import GAME
from meeple.games.newworld.state import NewWorldState

CALIBRATION_SECONDS = 0.4  # CPU seconds of the calibration workload per round
# The option sets the traces cycle through (the two-player version only with two).
TRACE_OPTIONS: tuple[dict[str, OptionValue], ...] = (
    {},
    {"piracy": True, "perils_of_the_deep": True},
    {"version": "exploration", "exploration_setup": True},
    {"version": "alternate", "political_control_benefits": "extended", "piracy": True},
    {"two_player_version": True},
)
SNAPSHOT_EVERY = 97  # decisions between snapshots taken into a trace


def snapshot_bytes(state: NewWorldState, words: bool) -> bytes:
    """The state's snapshot as JSON; without ``words``, its log as (kind, data,
    private_to, reveals) rows and no end note."""
    snapshot = GAME.snapshot(state)
    if not words:
        fields = snapshot["fields"]
        fields["log"] = [[kind, data, to, reveals] for kind, _, data, to, reveals in fields["log"]]
        fields.pop("end_note")
    return json.dumps(snapshot, sort_keys=True).encode()


def trace(
    players: int, seed: int, options: dict[str, OptionValue], words: bool = True
) -> tuple[int, str]:
    """Decisions and a digest of one uniformly random game (``words``: see the module)."""
    if options.get("two_player_version") and players != 2:
        options = {}
    rng = Rng(seed)
    state = GAME.new_game(GAME.make_config(players, options), seed)
    digest = hashlib.sha256()
    decisions = 0
    while not GAME.is_over(state):
        seats = GAME.to_act(state)
        seat = rng.choice(seats)
        legal = GAME.legal_actions(state, seat)
        action = rng.choice(legal)
        digest.update(f"{seats}|{seat}|{legal}|{action}\n".encode())
        GAME.apply(state, seat, action)
        decisions += 1
        if decisions % SNAPSHOT_EVERY == 0:
            digest.update(snapshot_bytes(state, words))
    digest.update(snapshot_bytes(state, words))
    result = GAME.result(state)
    if words:
        digest.update("\n".join(event.text for event in state.log).encode())
    else:
        result = dataclasses.replace(result, note="")
    digest.update(repr(result).encode())
    return decisions, digest.hexdigest()[:16]


def print_traces(games: int, words: bool) -> None:
    for game in range(games):
        players = 2 + game % 5
        options = TRACE_OPTIONS[game // 5 % len(TRACE_OPTIONS)]
        decisions, digest = trace(players, 1000 + game, dict(options), words)
        print(game, players, decisions, digest, flush=True)


def per_call(work: Callable[[int], object], repeat: int) -> float:
    """CPU microseconds per call of ``work(k)``, k = 0 .. repeat-1."""
    start = CPU()
    for k in range(repeat):
        work(k)
    return (CPU() - start) / repeat * 1e6


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=30)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calibrate", type=Path, default=CALIBRATION)
    parser.add_argument("--traces", type=int, default=0, help="print N game digests instead")
    parser.add_argument(
        "--no-words", action="store_true", help="digests without the texts written for people"
    )
    args = parser.parse_args()
    if args.traces:
        print_traces(args.traces, words=not args.no_words)
        return
    workload = load_workload(args.calibrate) if args.calibrate.exists() else None
    rates, calibrations = [], []
    for _ in range(args.rounds):
        decisions, seconds = random_play_rate(GAME, 4, args.games, 1, CPU)
        rates.append(decisions / seconds)
        if workload is not None:
            ops, spent = calibration_chunk(workload, CALIBRATION_SECONDS, random.Random(1))
            calibrations.append(ops / spent)
    rate = max(rates)
    line = f"random play: {decisions} decisions per round, {rate:,.0f} decisions/s"
    if calibrations:
        calibration = max(calibrations)
        line += f", calibration {calibration:,.0f} ops/s, ratio {rate / calibration:.3f}"
    print(line)
    state = mid_game_state(GAME, 4, 1)
    assert isinstance(state, NewWorldState)
    seat = GAME.to_act(state)[0]
    costs = {
        "clone": (lambda k: state.clone(), 5000),
        "determinize": (lambda k: GAME.determinize(state, seat, Rng(k)), 2000),
        "view": (lambda k: GAME.view(state, seat), 500),
        "legal_actions": (lambda k: GAME.legal_actions(state, seat), 5000),
    }
    for name, (work, repeat) in costs.items():
        best = min(per_call(work, repeat) for _ in range(args.rounds))
        print(f"{name}: {best:.2f} µs")


if __name__ == "__main__":
    main()
