"""I. Planning Phase: cards from the hand face down into the open action slots,
then "ready" (simultaneous and secret: every seat still planning is asked)."""

from __future__ import annotations

from meeple.games.mombasa import actions as A
from meeple.games.mombasa.board import NO
from meeple.games.mombasa.rules import flow
from meeple.games.mombasa.state import SLOTS, MombasaState
from meeple.games.mombasa.texts import say


def plan_actions(state: MombasaState, seat: int) -> list[int]:
    """Cards from the hand face down into open, empty action slots; then "ready"."""
    base = seat * SLOTS
    slots = state.slots
    open_mask = 0
    for k in range(3):
        if slots[base + k] == NO:
            open_mask |= 1 << k
    for k in (3, 4):
        if slots[base + k] == NO and flow.slot_open(state, seat, k):
            open_mask |= 1 << k
    key = (state.hands[seat], open_mask)
    cached = _PLANS.get(key)
    if cached is None:
        found: list[int] = []
        if open_mask:
            for face in _hand_faces(state.hands[seat]):
                found.extend(PLANS_INTO[face][open_mask])
        found.append(A.READY)
        if len(_PLANS) > 100_000:
            _PLANS.clear()
        cached = _PLANS[key] = tuple(found)  # tuples of ints: no work for the collector
    return list(cached)


PLANS_INTO = tuple(
    tuple(tuple(plan[k] for k in range(SLOTS) if mask >> k & 1) for mask in range(1 << SLOTS))
    for plan in A.PLAN
)
"""PLANS_INTO[face][open slots mask]: the plans of that face, slot order."""
_PLANS: dict[tuple[int, int], tuple[int, ...]] = {}
_FACES_OF_HAND: dict[int, tuple[int, ...]] = {}


def _hand_faces(hand: int) -> tuple[int, ...]:
    """The playable faces in a hand, sorted (cached: the same hands recur)."""
    faces = _FACES_OF_HAND.get(hand)
    if faces is None:
        found = set()
        rest = hand
        while rest:
            low = rest & -rest
            face = A.PLAN_FACE[low.bit_length() - 1]
            if face >= 0:
                found.add(face)
            rest ^= low
        faces = tuple(sorted(found))
        if len(_FACES_OF_HAND) > 100_000:
            _FACES_OF_HAND.clear()
        _FACES_OF_HAND[hand] = faces
    return faces


def apply_plan(state: MombasaState, seat: int, index: int) -> None:
    action = A.SPACE[index]
    if action.kind == "ready":
        flow.mark_ready(state, seat)
        return
    face, slot = action.args
    assert isinstance(face, int) and isinstance(slot, int)
    mine = state.hands[seat] & A.PLAN_MASK[face]
    card = (mine & -mine).bit_length() - 1
    state.hands[seat] &= ~(1 << card)
    state.slots[seat * SLOTS + slot] = card
    say(state, "plan", "{p} places a card face down in slot {k}", seat=seat, k=slot + 1)
    # the seat sees its own card in its view; the public log names only the slot
