"""The dispatcher: who acts, what they may do, and doing it.

Draft and planning are simultaneous and secret (every seat still deciding is in
``to_act``); the action phase is one seat at a time, "exactly ONE of" the six
actions (``rules.action_phase``), each continued through the decision stack of
``rules.tasks``.
"""

from __future__ import annotations

from meeple.games.mombasa import actions as A
from meeple.games.mombasa.board import NO
from meeple.games.mombasa.rules import area, flow, tasks
from meeple.games.mombasa.rules.action_phase import apply_turn, turn_actions
from meeple.games.mombasa.rules.planning import apply_plan, plan_actions
from meeple.games.mombasa.state import ACT, DRAFT, OVER, PLAN, REST, MombasaState

__all__ = ["apply_action", "is_over", "legal_actions", "to_act"]

# _WAITING[players][ready mask]: the seats still planning
_WAITING = {
    n: tuple(tuple(s for s in range(n) if not mask >> s & 1) for mask in range(1 << n))
    for n in (2, 3, 4)
}


def to_act(state: MombasaState) -> tuple[int, ...]:
    phase = state.phase
    if phase == ACT:
        return (state.actor,)
    if phase == PLAN:
        return _WAITING[state.players][state.ready]
    if phase == DRAFT:
        return tuple(s for s in range(state.players) if state.chosen[s] == NO)
    if phase == REST:
        return tuple(s for s in range(state.players) if flow.still_resting(state, s))
    return ()


def legal_actions(state: MombasaState, seat: int) -> list[int]:
    phase = state.phase
    if phase == ACT:
        if seat != state.actor:
            return []
        if state.tasks:
            return tasks.legal(state)
        return turn_actions(state, seat)
    if phase == PLAN:
        return [] if state.ready >> seat & 1 else plan_actions(state, seat)
    if phase == REST:
        return sorted(A.REST_FACE[face] for face in flow.to_rest(state, seat))
    if phase == DRAFT and state.chosen[seat] == NO:
        return [A.KEEP[t] for t in sorted(state.dealt[seat * 2 : seat * 2 + 2])]
    return []


def apply_action(state: MombasaState, seat: int, index: int) -> None:
    phase = state.phase
    if phase == ACT:
        if state.tasks:
            tasks.apply(state, index)
        else:
            apply_turn(state, seat, index)
        if not state.tasks:  # kept totals are read only between turns (see state)
            area.refresh_totals(state, seat)
    elif phase == PLAN:
        apply_plan(state, seat, index)
    elif phase == REST:
        flow.rest_card(state, seat, A.PLAYABLE_FACES[_number(index)])
    elif phase == DRAFT:
        flow.keep_tile(state, seat, _number(index))


def _number(index: int) -> int:
    """The action's one argument, a number (a face's or a tile's)."""
    arg = A.SPACE[index].args[0]
    assert isinstance(arg, int)
    return arg


def is_over(state: MombasaState) -> bool:
    return state.phase == OVER
