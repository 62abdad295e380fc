"""The kit's test classes: subclass one in a game's test file, set ``game``, and
pytest runs the checks, parametrised for that game.

``GameTests`` gathers them all; each part is its own class, so a test file may take
a part only (meeple's own test files do, one part each):

- ``ConformanceTests``: the battery (``meeple.engine.conformance``) at every player
  count: ``full_games`` seeded random games checked at every decision, and
  ``sampled_games`` more at every ``sample_every``-th decision;
- ``NoPeekingTests``: every bot the game can seat chooses alike in two states its
  seat cannot tell apart, and ``determinize`` reads only the seat's view and the
  rng (``meeple.testing.peeking``);
- ``LearningTests``: observations, PettingZoo's tests, masks, refusals and rewards
  (``meeple.testing.learning``; skipped for a game without ``encoding()`` or
  without meeple's ``rl`` extra);
- ``GoldenTests``: the golden playthroughs in ``golden_dir`` replay decision by
  decision (``meeple.testing.golden``; write them with ``write_goldens``);
- ``ServerTests``: a table played to the end through the server's HTTP API,
  in-process (``meeple.testing.server``).
"""

from __future__ import annotations

import inspect
from pathlib import Path
from typing import Any, ClassVar

import pytest

from meeple.engine import Game, register
from meeple.engine.conformance import check_random_game
from meeple.testing import golden


class KitTests:
    """The game under test and the parametrisation of every part."""

    game: ClassVar[Game[Any]]

    @pytest.fixture(autouse=True)
    def _registered(self) -> None:
        """Every check finds the game by name, an outside game with no entry point too."""
        register(self.game)

    def pytest_generate_tests(self, metafunc: pytest.Metafunc) -> None:
        """Each part declares how its arguments vary through ``parameters``."""
        for name, values, ids in self.parameters():
            if name in metafunc.fixturenames:
                metafunc.parametrize(name, values, ids=ids)

    @classmethod
    def parameters(cls) -> list[tuple[str, list[Any], list[str]]]:
        return []

    @classmethod
    def player_counts(cls) -> list[int]:
        return list(range(cls.game.min_players, cls.game.max_players + 1))


class ConformanceTests(KitTests):
    full_games: ClassVar[int] = 4  # every property at every decision, refusals included
    sampled_games: ClassVar[int] = 100  # all but refusals at every sample_every-th decision
    sample_every: ClassVar[int] = 17

    @classmethod
    def parameters(cls) -> list[tuple[str, list[Any], list[str]]]:
        counts = cls.player_counts()
        seeds = list(range(cls.full_games))
        return [
            *super().parameters(),
            ("players", counts, [f"{n}p" for n in counts]),
            ("full_seed", seeds, [f"seed{s}" for s in seeds]),
        ]

    def test_every_decision_meets_the_contract(self, players: int, full_seed: int) -> None:
        check_random_game(self.game, self.game.make_config(players), full_seed)

    def test_many_seeded_games_meet_the_contract(self, players: int) -> None:
        for seed in range(100, 100 + self.sampled_games):
            config = self.game.make_config(players)
            check_random_game(self.game, config, seed, every=self.sample_every, refusals=False)


class NoPeekingTests(KitTests):
    peeking_seeds: ClassVar[tuple[int, ...]] = (1, 7)  # the searching levels: the first only

    @classmethod
    def parameters(cls) -> list[tuple[str, list[Any], list[str]]]:
        from meeple.ai import load_bots
        from meeple.ai.base import bot_names

        load_bots()
        cases = [
            (name, seed)
            for name in bot_names(cls.game)
            for seed in (cls.peeking_seeds[:1] if name in ("medium", "hard") else cls.peeking_seeds)
        ]
        return [*super().parameters(), ("bot_case", cases, [f"{n}-{s}" for n, s in cases])]

    def test_a_bots_choice_ignores_what_its_seat_cannot_see(
        self, bot_case: tuple[str, int]
    ) -> None:
        from meeple.testing.peeking import ME, check_bot_ignores_hidden, hidden_pair

        name, seed = bot_case
        pair = hidden_pair(self.game, seed)
        if pair is None:
            pytest.skip(f"{self.game.name}: nothing is hidden from seat {ME} in seed {seed}'s game")
        check_bot_ignores_hidden(self.game, name, pair)

    def test_determinize_reads_only_the_seats_view_and_the_rng(self) -> None:
        from meeple.testing.peeking import check_determinize_reads_only_the_view

        for seed in self.peeking_seeds:
            check_determinize_reads_only_the_view(self.game, seed)


def _learning() -> Any:
    """meeple.testing.learning, or a skip when the rl extra is missing."""
    pytest.importorskip("numpy")
    pytest.importorskip("pettingzoo")
    from meeple.testing import learning

    return learning


class LearningTests(KitTests):
    def encoded(self) -> Any:
        if self.game.encoding() is None:
            pytest.skip(f"{self.game.name} gives no encoding() (docs/adding-a-game.md, section 7)")
        return _learning()

    @pytest.mark.filterwarnings("ignore::UserWarning")
    def test_pettingzoos_api_and_seed_tests_pass(self) -> None:
        self.encoded().check_pettingzoo_api(self.game)

    def test_observations_keep_the_encodings_contract_and_leak_nothing(self) -> None:
        self.encoded().check_observations(self.game)

    def test_masks_and_info_texts_are_the_legal_actions(self) -> None:
        self.encoded().check_masks(self.game)

    def test_an_illegal_action_is_refused_changes_nothing_and_says_why(self) -> None:
        if not self.encoded().check_illegal_action_refused(self.game):
            pytest.skip(f"{self.game.name}: every action stayed legal for a whole game")

    def test_a_finished_game_rewards_its_winners(self) -> None:
        self.encoded().check_winners_rewarded(self.game)

    def test_render_is_the_spectators_terminal_text(self) -> None:
        self.encoded().check_render(self.game)


class GoldenTests(KitTests):
    golden_dir: ClassVar[Path | None] = None  # default: golden/ beside the test file

    @classmethod
    def goldens(cls) -> Path:
        return cls.golden_dir or Path(inspect.getfile(cls)).parent / "golden"

    @classmethod
    def parameters(cls) -> list[tuple[str, list[Any], list[str]]]:
        files = sorted(cls.goldens().glob(f"{cls.game.name}-*.json"))
        return [*super().parameters(), ("golden_file", files, [p.stem for p in files])]

    def test_a_golden_game_replays_decision_by_decision(self, golden_file: Path) -> None:
        golden.check_golden(golden_file, self.game)

    def test_the_game_has_its_random_goldens(self) -> None:
        for players, seed in golden.random_cases(self.game):
            path = self.goldens() / golden.golden_name(self.game, players, seed)
            assert path.exists(), (
                f"write {path.name}: python -m meeple.testing.write_goldens {self.goldens()} <game>"
                " (or meeple.testing.golden.write_goldens(game, folder))"
            )


class ServerTests(KitTests):
    def test_a_table_is_played_to_the_end_over_http(self, tmp_path: Path) -> None:
        from meeple.testing.server import app_client, check_table_plays

        with app_client(self.game, tmp_path) as client:
            check_table_plays(client, self.game)


class GameTests(ConformanceTests, NoPeekingTests, LearningTests, GoldenTests, ServerTests):
    """Every check of the kit; subclass it with ``game = GAME`` (and, if the goldens
    are not in ``golden/`` beside the test file, ``golden_dir``)."""


def classes_for(base: type[KitTests], games: list[Game[Any]]) -> dict[str, type[KitTests]]:
    """One subclass of ``base`` per game, named ``Test<Name>`` (meeple's own test files
    put them in their module's globals, so the suite covers whatever is registered)."""
    named = {f"Test{game.name.capitalize()}": game for game in games}
    return {name: type(name, (base,), {"game": game}) for name, game in named.items()}
