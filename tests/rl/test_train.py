"""The worked training example, when its libraries are installed (extra rl-train;
``make test`` does not install it, so CI skips these)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

pytest.importorskip("sb3_contrib", reason="the rl-train extra (torch, sb3-contrib) is absent")

import torch

from meeple.engine import get_game
from meeple.rl import train
from meeple.rl.policy import PolicyBot, save_policy


def test_the_example_trains_exports_faithfully_and_reports(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "policy.npz"
    args = train.parse(["goofspiel", "--minutes", "0", "--games", "4", "--out", str(out)])
    model = train.train(args)
    game = get_game("goofspiel")
    save_policy(out, game, 2, train.policy_layers(model))
    bot = PolicyBot(out, game)
    observation = np.random.default_rng(1).random(bot.size).astype(np.float32)
    with torch.no_grad():
        tensor = torch.as_tensor(observation[None, :])
        expected = model.policy.get_distribution(tensor).distribution.logits.numpy()[0]
    ours = bot.logits(observation)
    # sb3 normalises logits (minus their log-sum-exp); the differences are what count
    assert np.allclose(ours - ours.max(), expected - expected.max(), atol=1e-4)
    train.report(args)
    printed = capsys.readouterr().out
    assert f"policy:{out}: " in printed and "random: " in printed
