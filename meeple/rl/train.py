"""The worked learning example: maskable PPO against random bots, then a tournament.

    python -m meeple.rl.train <game> --players 2 --minutes 3 --out policy.npz

It trains one policy with sb3-contrib's ``MaskablePPO`` (CPU only) on the
Gymnasium adapter, the learner taking every seat in turn (one environment per
seat) against ``--opponents`` bots, for a bounded wall-clock time. It then
saves the policy as a numpy file (``meeple.rl.policy``) and seats it with the
tournament runner against the same bots (seat-rotated games it never trained
on), printing the win rates. The saved file seats as ``policy:<file>`` in
``meeple tournament`` and ``meeple play``, with no torch needed.

Needs ``pip install 'meeple[rl-train]'`` (torch, stable-baselines3, sb3-contrib);
``docs/learning.md`` gives the CPU-only install.
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path
from typing import Any

import numpy as np

from meeple.engine import get_game
from meeple.rl.gym_env import MeepleGymEnv
from meeple.rl.policy import PREFIX, save_policy, seat_bot
from meeple.tournament import TournamentSpec, run, summarise


def parse(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game", help="a registered game with an encoding")
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--opponents", default="random", help="bot level of the other seats")
    parser.add_argument("--minutes", type=float, default=3.0, help="training time budget")
    parser.add_argument("--games", type=int, default=200, help="tournament games afterwards")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("policy.npz"))
    return parser.parse_args(argv)


def train(args: argparse.Namespace) -> Any:
    """A MaskablePPO model trained for at most ``args.minutes``."""
    import torch
    from sb3_contrib import MaskablePPO
    from stable_baselines3.common.callbacks import BaseCallback
    from stable_baselines3.common.vec_env import DummyVecEnv

    torch.set_num_threads(1)
    game = get_game(args.game)

    def seat_env(seat: int) -> Any:
        return lambda: MeepleGymEnv(
            game, args.players, seat=seat, opponents=args.opponents, seed=args.seed + seat
        )

    envs = DummyVecEnv([seat_env(seat) for seat in range(args.players)])
    model = MaskablePPO(
        "MlpPolicy", envs, n_steps=512, batch_size=128, seed=args.seed, device="cpu"
    )
    deadline = time.monotonic() + 60.0 * args.minutes

    class Deadline(BaseCallback):
        def _on_step(self) -> bool:
            return bool(time.monotonic() < deadline)

    model.learn(total_timesteps=10**9, callback=Deadline())
    print(f"trained {model.num_timesteps} steps in {args.minutes:g} minutes")
    return model


def policy_layers(model: Any) -> list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]]:
    """The actor of an sb3 MLP policy as (weight, bias) pairs, tanh between them."""
    import torch

    linears = [m for m in model.policy.mlp_extractor.policy_net if isinstance(m, torch.nn.Linear)]
    linears.append(model.policy.action_net)
    return [(m.weight.detach().numpy(), m.bias.detach().numpy()) for m in linears]


def report(args: argparse.Namespace) -> None:
    """Seat the saved policy against the opponents in a seat-rotated tournament."""
    game = get_game(args.game)
    seats = (f"{PREFIX}{args.out}", *[args.opponents] * (args.players - 1))
    spec = TournamentSpec(game.name, seats, args.games, seed=10_000 + args.seed)
    summary = summarise(spec, run(spec, seats=seat_bot))
    for bot in summary["bots"]:
        low, high = bot["ci95"]
        print(
            f"{bot['name']:>24}: {bot['wins']} wins of {bot['games']}"
            f" ({100 * bot['win_rate']:.1f}%, 95% CI {100 * low:.1f}-{100 * high:.1f})"
        )


def main(argv: list[str] | None = None) -> None:
    args = parse(argv)
    model = train(args)
    save_policy(args.out, get_game(args.game), args.players, policy_layers(model))
    print(f"saved {args.out}")
    report(args)


if __name__ == "__main__":
    main()
