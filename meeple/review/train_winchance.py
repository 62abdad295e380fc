"""Train a game's win-chance model from seeded self-play (needs numpy: the ``rl`` extra).

    python -m meeple.review.train_winchance --game namibia --games 600

plays ``--games`` games (seeds from ``--seed``; the calibration benchmark measures
other seeds), keeps every seat's encoded view at ``--samples`` decisions of each
game with who won, and fits a multinomial logistic regression over "seat k places
from the viewer wins" (and "nobody wins" where that happened) with an L2 penalty
chosen on a fifth of the games held out. It writes the model into the game's
``data/winchance.json`` (other player counts' models kept) and prints a log.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from meeple.ai.winchance import FILE_NAME, judgement, model_path
from meeple.engine import Game, GameState, get_game
from meeple.review.selfplay import STAGES, Played, figures, play_game, stage_of

Array = npt.NDArray[np.float32]
PENALTIES = (1e-3, 1e-2, 3e-2)
STEPS = 400


def collect(
    game: Game[Any], players: int, seeds: range, samples: int, judged: bool
) -> list[Played[npt.NDArray[np.float16]]]:
    """The played games, with per sampled decision and seat its encoded view (and,
    if ``judged``, the game's own evaluation of the state for that seat after it)."""
    encoding = game.encoding()
    if encoding is None:
        raise SystemExit(f"{game.name} has no encoding to learn from")
    own = game.bots().search
    if judged and own is None:
        raise SystemExit(f"{game.name} has no evaluation of its own to read")

    def observe(state: GameState, seat: int) -> npt.NDArray[np.float16]:
        vector = list(encoding.encode_state(state, seat, state.config) or [])
        if not vector:
            vector = list(encoding.encode(game.view(state, seat), state.config))
        if judged and own is not None:
            vector += judgement(own.evaluate(game, state, seat), seat)
        return np.asarray(vector, dtype=np.float16)

    return [play_game(game, players, seed, samples, observe) for seed in seeds]


def rows(
    played: list[Played[npt.NDArray[np.float16]]], players: int, outcomes: int
) -> tuple[Array, Array, npt.NDArray[np.float64], npt.NDArray[np.int64]]:
    """Observations, relative outcomes (viewer first), stages and game numbers."""
    xs: list[npt.NDArray[np.float16]] = []
    ys: list[list[float]] = []
    stages: list[float] = []
    games: list[int] = []
    for number, one in enumerate(played):
        for sample in one.samples:
            for viewer, vector in enumerate(sample.seen):
                relative = [one.outcome[(viewer + k) % players] for k in range(players)]
                ys.append(relative + one.outcome[players:][: outcomes - players])
                xs.append(vector)
                stages.append(sample.stage)
                games.append(number)
    return (
        np.stack(xs).astype(np.float32),
        np.asarray(ys, dtype=np.float32),
        np.asarray(stages),
        np.asarray(games),
    )


def softmax(z: Array) -> Array:
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=1, keepdims=True)  # type: ignore[no-any-return]


def fit(x: Array, y: Array, penalty: float, start: Array) -> tuple[Array, Array]:
    """Weights (features x outcomes) and bias minimising the mean cross-entropy plus
    ``penalty`` times half the squared distance of the weights from ``start``
    (full-batch Adam from ``start``)."""
    n = x.shape[0]
    w = start.copy()
    b = np.log(np.clip(y.mean(axis=0), 1e-4, None)).astype(np.float32)
    m = [np.zeros_like(w), np.zeros_like(b)]
    v = [np.zeros_like(w), np.zeros_like(b)]
    rate, beta1, beta2 = 0.02, 0.9, 0.999
    for step in range(1, STEPS + 1):
        error = (softmax(x @ w + b) - y) / n
        grads = [x.T @ error + penalty * (w - start), error.sum(axis=0)]
        for i, (param, grad) in enumerate(zip((w, b), grads, strict=True)):
            m[i] = beta1 * m[i] + (1 - beta1) * grad
            v[i] = beta2 * v[i] + (1 - beta2) * grad * grad
            mhat = m[i] / (1 - beta1**step)
            vhat = v[i] / (1 - beta2**step)
            param -= rate * mhat / (np.sqrt(vhat) + 1e-8)
    return w, b


def starting_weights(
    varying: npt.NDArray[np.int64], size: int, players: int, outcomes: int, judged: bool
) -> Array:
    """Zero, except that a model reading the game's own evaluation starts from it:
    the input 1 + ln(chance) / 10 of seat k (from the viewer) weighs 10 for outcome
    k, which gives back the evaluation's own chances; training then corrects it,
    held near it by the penalty."""
    start = np.zeros((len(varying), outcomes), dtype=np.float32)
    if judged:
        for k in range(players):
            found = np.flatnonzero(varying == size + k)
            if len(found):
                start[found[0], k] = 10.0
    return start


def log_loss(x: Array, y: Array, w: Array, b: Array) -> float:
    p = softmax(x @ w + b)
    return float(-(y * np.log(np.clip(p, 1e-9, None))).sum(axis=1).mean())


def stage_table(p: Array, y: Array, stages: npt.NDArray[np.float64], players: int) -> list[str]:
    lines = []
    for name in STAGES:
        mask = np.array([stage_of(s) == name for s in stages])
        model = figures(p[mask, :players].tolist(), y[mask, :players].tolist())
        even = figures(
            np.full((int(mask.sum()), players), 1.0 / players).tolist(), y[mask, :players].tolist()
        )
        lines.append(
            f"  {name:6} views={model.views:6} ECE={model.ece:.3f} Brier={model.brier:.3f}"
            f" (equal chances: ECE={even.ece:.3f} Brier={even.brier:.3f})"
        )
    return lines


def say(line: str) -> None:
    print(line, flush=True)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", required=True)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--seed", type=int, default=100_000)
    parser.add_argument("--samples", type=int, default=12, help="decisions observed per game")
    parser.add_argument(
        "--penalty", type=float, action="append", help=f"L2 penalties to try (default {PENALTIES})"
    )
    parser.add_argument("--out", help=f"model file (default: the game's data/{FILE_NAME})")
    parser.add_argument(
        "--plain", action="store_true", help="the encoded view alone, not the game's evaluation"
    )
    parser.add_argument("--cache", help="an .npz file keeping the played views for reruns")
    args = parser.parse_args(argv)
    game = get_game(args.game)
    command = (
        f"python -m meeple.review.train_winchance --game {args.game} --games {args.games}"
        f" --players {args.players} --seed {args.seed} --samples {args.samples}"
        + (" --plain" if args.plain else "")
        + "".join(f" --penalty {p:g}" for p in args.penalty or ())
    )
    say(f"# {command}")
    start = time.perf_counter()
    players = args.players
    if args.cache and Path(args.cache).is_file():
        kept = np.load(args.cache)
        x, y, stages, games = kept["x"], kept["y"], kept["stages"], kept["games"]
        outcomes = y.shape[1]
        say(f"read {len(x)} views of {int(games.max()) + 1} games from {args.cache}")
    else:
        seeds = range(args.seed, args.seed + args.games)
        played = collect(game, players, seeds, args.samples, not args.plain)
        nobody = any(one.outcome[players] > 0 for one in played)
        outcomes = players + (1 if nobody else 0)
        x, y, stages, games = rows(played, players, outcomes)
        say(f"played {len(played)} games in {time.perf_counter() - start:.0f} s: {len(x)} views")
        if args.cache:
            np.savez(args.cache, x=x.astype(np.float16), y=y, stages=stages, games=games)
    x = x.astype(np.float32)
    judged = not args.plain
    varying = np.flatnonzero(x.max(axis=0) > x.min(axis=0))
    say(f"observation: {x.shape[1]} numbers, {len(varying)} vary; outcomes: {outcomes}")
    xv = x[:, varying]
    held = games % 5 == 0
    start_weights = starting_weights(varying, int(x.shape[1]) - players, players, outcomes, judged)
    if judged:
        base = np.log(np.clip(y[~held].mean(axis=0), 1e-4, None)).astype(np.float32)
        loss = log_loss(xv[held], y[held], start_weights, base)
        say(f"the game's own evaluation alone: held-out log-loss {loss:.4f}")
        for line in stage_table(
            softmax(xv[held] @ start_weights + base), y[held], stages[held], players
        ):
            say(line)
    fits: dict[float, tuple[Array, Array]] = {}
    fits_loss: dict[float, float] = {}
    for penalty in args.penalty or PENALTIES:
        fits[penalty] = fit(xv[~held], y[~held], penalty, start_weights)
        loss = log_loss(xv[held], y[held], *fits[penalty])
        even = float(-(y[held] * np.log(1.0 / outcomes)).sum(axis=1).mean())
        say(f"penalty {penalty:g}: held-out log-loss {loss:.4f} (equal chances {even:.4f})")
        fits_loss[penalty] = loss
    penalty = min(fits_loss, key=fits_loss.__getitem__)
    w, b = fits[penalty]
    say(f"held-out games, penalty {penalty:g}:")
    for line in stage_table(softmax(xv[held] @ w + b), y[held], stages[held], players):
        say(line)
    w, b = fit(xv, y, penalty, start_weights)
    path = Path(args.out) if args.out else Path(str(model_path(game)))
    document: dict[str, Any] = json.loads(path.read_text()) if path.is_file() else {}
    models = document.get("models", {})
    models[str(players)] = {
        "size": int(x.shape[1]) - (players if judged else 0),
        "judged": judged,
        "places": [int(p) for p in varying],
        "weights": [[round(float(v), 5) for v in row] for row in w],
        "bias": [round(float(v), 5) for v in b],
        "penalty": penalty,
        "views": len(x),
    }
    notes = {
        note.split(":")[0]: note
        for note in [
            *document.get("provenance", {}).get("notes", []),
            f"{players} players: {command}",
        ]
    }
    document = {
        "provenance": {
            "kind": "derived",
            "source": f"learned from seeded self-play: {command}",
            "notes": [notes[key] for key in sorted(notes)],
        },
        "game": game.name,
        "rules_version": game.rules_version,
        "models": dict(sorted(models.items())),
    }
    path.write_text(json.dumps(document, separators=(",", ":")) + "\n")
    say(f"wrote {path} ({path.stat().st_size // 1024} KiB) in {time.perf_counter() - start:.0f} s")


if __name__ == "__main__":
    main(sys.argv[1:])
