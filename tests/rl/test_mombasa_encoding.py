"""Mombasa's observation in sections, each read from its own part of the seat's view
(``meeple.games.mombasa.view``) rather than from one whole view.

What is hidden (rulebook, setup steps 4, 8 and 13, "I. Planning Phase: Place Cards
Face Down In Your Action Area", "End of the Game"): the others' hands (their size
shows; their share cards only at the end), the others' planned cards until the
reveal, the starting tiles dealt and kept in the draft, the order of the action card
stack within each letter and of the book piles. Each section's read must not
change when only those change, and the numbers must be those of the encoded view at
every decision of random games, first-game and full setup, 2 to 4 players, in every
phase: the draft, the resting of the tile's cards, planning with the others' cards
face down, the action phase and the end."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from meeple.engine import Rng
from meeple.games.mombasa import GAME
from meeple.games.mombasa.board import BOARD, NO
from meeple.games.mombasa.encoding import ENCODING
from meeple.games.mombasa.state import ACT, DRAFT, OVER, PLAN, REST, SLOTS, MombasaState
from meeple.rl.core import Observations

SETUPS = ("first", "full")


def encoded_view(state: MombasaState, seat: int) -> Any:
    return np.asarray(ENCODING.encode(GAME.view(state, seat), state.config), dtype=np.float32)


def random_game(players: int, setup: str, seed: int) -> list[MombasaState]:
    """Every position of a random game, cloned."""
    state = GAME.new_game(GAME.make_config(players, {"setup": setup}), seed)
    rng, positions = Rng(700 + seed), [state.clone()]
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
        positions.append(state.clone())
    return positions


def others_planning_face_down(state: MombasaState, viewer: int) -> bool:
    """Planning, and another seat has a card in a slot (face down to ``viewer``)."""
    return state.phase == PLAN and any(
        state.slots[other * SLOTS + k] != NO
        for other in range(state.players)
        if other != viewer
        for k in range(SLOTS)
    )


def hidden_changed(state: MombasaState, viewer: int, rng: Rng) -> MombasaState:
    """A copy with everything ``viewer`` cannot see changed: the others' hands (same
    size; kept at the end, where their share cards show), their face-down cards, their
    dealt and kept starting tiles while drafting, the stack's and book piles' order.
    Not a reachable state: only read, never played."""
    twin = state.clone()
    cards = list(range(len(BOARD.cards)))
    for other in range(twin.players):
        if other == viewer:
            continue
        if twin.phase != OVER:
            rng.shuffle(cards)
            twin.hands[other] = sum(1 << c for c in cards[: twin.hands[other].bit_count()])
        if twin.phase == PLAN:
            rng.shuffle(cards)
            for k in range(SLOTS):
                place = other * SLOTS + k
                if twin.slots[place] != NO:
                    if twin.plus_on[other] == twin.slots[place]:
                        twin.plus_on[other] = cards[k]
                    twin.slots[place] = cards[k]
        if twin.phase == DRAFT:
            tiles = list(range(len(BOARD.tiles)))
            rng.shuffle(tiles)
            twin.dealt[other * 2 : other * 2 + 2] = tiles[:2]
            if twin.chosen[other] != NO:
                twin.chosen[other] = tiles[0]
    rng.shuffle(twin.stack)  # the count per letter stays
    for pile in twin.book_supply:
        rng.shuffle(pile)
    return twin


def shown(read: object) -> object:
    """What a section shows: the part of a ``(facts, part)`` pair, else the value."""
    return read[1] if isinstance(read, tuple) else read


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_no_section_reads_what_the_seat_cannot_see(players: int, setup: str) -> None:
    config = GAME.make_config(players, {"setup": setup})
    rng, changed = Rng(31), 0
    positions = random_game(players, setup, 5)
    for state in [*positions[::3], positions[-1]]:
        for viewer in range(players):
            twin = hidden_changed(state, viewer, rng)
            assert GAME.view(twin, viewer) == GAME.view(state, viewer)  # the twin is fair
            if GAME.view(twin, None) != GAME.view(state, None) or twin.stack != state.stack:
                changed += 1
            # fresh sections for each state, so that no part is kept from the other
            for ours, theirs in zip(
                ENCODING.sections(config, viewer), ENCODING.sections(config, viewer), strict=True
            ):
                mine, twins = ours.read(state), theirs.read(twin)
                if state.phase == OVER:  # facts equal to nothing: compare the parts
                    mine, twins = shown(mine), shown(twins)
                assert mine == twins, (
                    f"decision {state.version}, seat {viewer}, section {ours.places[0]}"
                )
    assert changed > 20  # the twins did hide something else


@pytest.mark.parametrize("setup", SETUPS)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_sections_give_the_encoded_view_in_every_phase(players: int, setup: str) -> None:
    """Observations (the adapters' path: shared sections once, each seat's own) and a
    fresh ``encode_state``, at every decision of random games for every seat, equal
    to the encoded view; the games must pass through every phase, planning with the
    others' cards face down and the end included."""
    config = GAME.make_config(players, {"setup": setup})
    met: set[str] = set()
    for seed in range(2):
        observations = Observations(GAME, ENCODING, config)
        for state in random_game(players, setup, seed):
            for seat in range(players):
                expected = encoded_view(state, seat)
                kept = observations.of(state, seat)
                fresh = np.asarray(ENCODING.encode_state(state, seat, config), dtype=np.float32)
                where = f"seed {seed}, decision {state.version}, seat {seat}"
                assert np.array_equal(kept, expected), where
                assert np.array_equal(fresh, expected), where
                if others_planning_face_down(state, seat):
                    met.add("planning, others face down")
            met.add(
                {DRAFT: "draft", REST: "rest", PLAN: "planning", ACT: "action"}.get(
                    state.phase, "over"
                )
            )
            if state.phase == ACT and state.tasks:
                met.add("a decision pending")
    wanted = {"rest", "planning", "planning, others face down", "action", "a decision pending"}
    wanted |= {"over"} | ({"draft"} if setup == "full" else set())
    assert wanted <= met, f"not met: {sorted(wanted - met)}"
