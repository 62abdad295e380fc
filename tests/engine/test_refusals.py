"""The conformance battery's refusal checks (``check_refusals``) catch each way an
explanation and ``legal_actions`` can disagree, and pass a game where they agree."""

from __future__ import annotations

import pytest

from meeple.engine import Action, IllegalAction, unexplained
from meeple.engine.conformance import check_random_game
from tests.engine.toy import ToyGame, ToyState

REPEAT_RULE = "Toy rules: no repeats"


class NoRepeatToy(ToyGame):
    """The toy game where round r forbids picking r - 1, with an explanation that
    derives its reason from the same test as ``legal_actions``."""

    def forbidden(self, state: ToyState) -> int:
        return state.round - 1

    def legal_actions(self, state: ToyState, seat: int) -> list[int]:
        legal = super().legal_actions(state, seat)
        return [i for i in legal if i != self.forbidden(state)]

    def explain_illegal(self, state: ToyState, seat: int, action: Action) -> IllegalAction:
        if action.index == self.forbidden(state):
            return IllegalAction(REPEAT_RULE, f"round {state.round} forbids {action.text}")
        return super().explain_illegal(state, seat, action)


class OverEager(NoRepeatToy):
    """Forbids pick 2 too, which legal_actions allows."""

    def explain_illegal(self, state: ToyState, seat: int, action: Action) -> IllegalAction:
        if action.index == 2:
            return IllegalAction("Toy rules: no twos", "twos are never allowed")
        return super().explain_illegal(state, seat, action)


class Silent(NoRepeatToy):
    """Finds no reason for anything."""

    def explain_illegal(self, state: ToyState, seat: int, action: Action) -> IllegalAction:
        return unexplained(action.text, [a.text for a in self.legal(state, seat)])


class Nameless(NoRepeatToy):
    """Explains, but names no rule."""

    def explain_illegal(self, state: ToyState, seat: int, action: Action) -> IllegalAction:
        reason = super().explain_illegal(state, seat, action)
        return IllegalAction(" ", reason.message) if reason.explained else reason


class Leaky(NoRepeatToy):
    """Changes the state while it explains a refusal."""

    def explain_illegal(self, state: ToyState, seat: int, action: Action) -> IllegalAction:
        reason = super().explain_illegal(state, seat, action)
        if reason.explained:
            state.totals[seat] += 1
        return reason


def test_agreeing_explanations_pass() -> None:
    game = NoRepeatToy()
    check_random_game(game, game.make_config(2), 1)


@pytest.mark.parametrize(
    ("game", "complaint"),
    [
        (OverEager(), "is LEGAL but explain_illegal forbids it [Toy rules: no twos]"),
        (Silent(), "is illegal but explain_illegal finds no rule against it"),
        (Nameless(), "the refusal names no rule"),
        (Leaky(), "the refused play changed the state"),
    ],
    ids=["forbids-a-legal-action", "no-reason", "no-rule", "changes-the-state"],
)
def test_each_disagreement_fails_naming_the_step_and_the_action(
    game: NoRepeatToy, complaint: str
) -> None:
    with pytest.raises(AssertionError, match=r"toy seed 1 step \d+ seat [01], 'pick [0-2]'") as e:
        check_random_game(game, game.make_config(2), 1)
    assert complaint in str(e.value)


def test_refusals_can_be_left_out_of_a_sampled_game() -> None:
    game = OverEager()
    check_random_game(game, game.make_config(2), 1, refusals=False)


def test_the_fallback_names_a_few_legal_actions_and_counts_the_rest() -> None:
    many = unexplained("pass", [f"take {n}" for n in range(8)])
    assert not many.explained and many.rule == "Legal actions"
    assert "take 0, take 1, take 2, take 3, take 4 and 3 more" in many.message
    assert "pass" in many.message
    assert "take 5" not in many.message
    assert "no legal actions" in unexplained("pass", []).message
    assert IllegalAction("Some rule", "no").explained
