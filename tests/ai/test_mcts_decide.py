"""MctsBot's opt-in ``decide`` of a game's knowledge: a decision the game plans as a
whole is answered by it; without it (every game but New World) the tree decides."""

from __future__ import annotations

from typing import Any

from meeple.ai.mcts import Budget, MctsBot
from meeple.engine import WrappedKnowledge, get_game
from tests.ai.test_ai_bots import advance


def test_a_knowledge_decide_answers_before_the_tree() -> None:
    game = get_game("namibia")
    state = advance(game, 2, 60)
    seat = game.to_act(state)[0]
    legal = game.legal_actions(state, seat)
    bot = MctsBot(game, 1, Budget(iterations=40))
    inner = bot.knowledge
    asked: list[int] = []

    class Planned:
        def __getattr__(self, name: str) -> Any:
            return getattr(inner, name)

        def decide(self, game: Any, state: Any, seat: int, rng: Any, *rest: Any) -> Any:
            n, millis, judge = rest
            asked.append(n)
            assert millis is None
            assert callable(judge)
            return legal[-1] if len(asked) == 1 else None

    bot.knowledge = Planned()  # type: ignore[assignment]
    assert bot.choose(game, state, seat) == legal[-1]
    assert bot.last_iterations == 0 and asked == [40]  # no tree was searched
    bot.choose(game, state, seat)  # None: the tree decides
    assert bot.last_iterations > 0


def test_other_games_have_no_decide() -> None:
    game = get_game("namibia")
    assert getattr(MctsBot(game, 1, Budget(iterations=8)).knowledge, "decide", None) is None


def test_a_knowledge_set_after_construction_plays_the_rollouts() -> None:
    """``MctsBot.policy`` follows ``bot.knowledge``: a wrapper set after the bot was
    built (as Namibia's careful levels do) plays the rollouts too; before, the
    rollouts kept the knowledge of construction and the wrapper's were ignored."""
    game = get_game("namibia")
    state = advance(game, 2, 60)
    seat = game.to_act(state)[0]
    bot = MctsBot(game, 1, Budget(iterations=20))
    played: list[int] = []

    class Counting(WrappedKnowledge):
        def rollout(self, game: Any, state: Any, seat: int, legal: list[int], rng: Any) -> int:
            played.append(seat)
            return super().rollout(game, state, seat, legal, rng)

    bot.knowledge = Counting(bot.knowledge)
    bot.choose(game, state, seat)
    assert played, "the wrapper's rollouts were played"
    uniform = MctsBot(game, 1, Budget(iterations=20), rollout="random")
    uniform.knowledge = Counting(uniform.knowledge)
    played.clear()
    uniform.choose(game, state, seat)
    assert not played, "random rollouts ignore the knowledge"
