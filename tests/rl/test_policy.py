"""A saved policy seated as a bot (``policy:<file>``): it reads its seat's view,
plays only legal actions, and seats in the tournament runner and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from typer.testing import CliRunner

from meeple.cli.main import app
from meeple.engine import get_game
from meeple.rl.policy import PolicyBot, PolicyError, policy_bot, save_policy, seat_bot
from meeple.tournament import TournamentSpec, run

GAME = get_game("goofspiel")


def highest_card_policy(path: Path, players: int = 2) -> Path:
    """One linear layer ignoring the observation: logits rise with the card bid."""
    size = GAME.encoding().size(GAME.make_config(players))  # type: ignore[union-attr]
    actions = len(GAME.actions)
    weight = np.zeros((actions, size), np.float32)
    bias = np.array([GAME.actions[i].args[0] for i in range(actions)], np.float32)
    save_policy(path, GAME, players, [(weight, bias)])
    return path


def test_the_bot_plays_its_policys_best_legal_action(tmp_path: Path) -> None:
    """Goofspiel README, Bidding: only cards still in hand may be bid."""
    bot = policy_bot(f"policy:{highest_card_policy(tmp_path / 'p.npz')}", GAME)
    state = GAME.new_game(GAME.make_config(2), 3)
    assert GAME.actions[bot.choose(GAME, state, 0)].text == "bid 13"
    GAME.play(state, 0, "bid 13")
    GAME.play(state, 1, "bid 2")
    assert GAME.actions[bot.choose(GAME, state, 0)].text == "bid 12"  # the 13 is spent


def test_two_hidden_layers_with_tanh_compute_as_written(tmp_path: Path) -> None:
    size = GAME.encoding().size(GAME.make_config(2))  # type: ignore[union-attr]
    rng = np.random.default_rng(0)
    layers = [
        (rng.normal(size=(5, size)).astype(np.float32), rng.normal(size=5).astype(np.float32)),
        (rng.normal(size=(13, 5)).astype(np.float32), rng.normal(size=13).astype(np.float32)),
    ]
    save_policy(tmp_path / "mlp.npz", GAME, 2, layers)
    bot = PolicyBot(tmp_path / "mlp.npz", GAME)
    x = rng.random(size).astype(np.float32)
    expected = layers[1][0] @ np.tanh(layers[0][0] @ x + layers[0][1]) + layers[1][1]
    assert np.allclose(bot.logits(x), expected, atol=1e-5)


def test_the_tournament_runner_seats_a_policy(tmp_path: Path) -> None:
    path = highest_card_policy(tmp_path / "p.npz")
    results = run(TournamentSpec("goofspiel", (f"policy:{path}", "random"), 6), seats=seat_bot)
    assert len(results) == 6
    assert all(sum(r.decisions) == 26 for r in results)  # 13 bids each, all legal


def test_meeple_tournament_seats_a_policy_and_refuses_bad_files(tmp_path: Path) -> None:
    path = highest_card_policy(tmp_path / "p.npz")
    runner = CliRunner()
    ok = runner.invoke(
        app, ["tournament", "goofspiel", "--bots", f"policy:{path},random", "-n", "4", "--json"]
    )
    assert ok.exit_code == 0, ok.output
    names = [bot["name"] for bot in json.loads(ok.stdout)["bots"]]
    assert names == [f"policy:{path}", "random"]
    missing = runner.invoke(app, ["tournament", "goofspiel", "--bots", "policy:nope.npz,random"])
    assert missing.exit_code == 2 and "no policy file 'nope.npz'" in missing.output
    three = runner.invoke(
        app, ["tournament", "goofspiel", "--bots", f"policy:{path},random,random", "-n", "3"]
    )
    assert three.exit_code == 2 and "trained for 2 players, not 3" in three.output


def test_a_policy_of_another_game_or_a_broken_file_is_refused(tmp_path: Path) -> None:
    path = highest_card_policy(tmp_path / "p.npz")
    with pytest.raises(PolicyError, match="is a policy for goofspiel, not namibia"):
        PolicyBot(path, get_game("namibia"))
    broken = tmp_path / "broken.npz"
    broken.write_bytes(b"not a numpy archive")
    with pytest.raises(PolicyError, match="is not a policy file written by save_policy"):
        PolicyBot(broken, GAME)


def test_the_command_line_names_policy_seats_as_the_policy_module_does() -> None:
    from meeple.cli.common import POLICY_PREFIX
    from meeple.rl.policy import PREFIX

    assert POLICY_PREFIX == PREFIX
