"""Helpers for New World rule tests: scripted dice and hand-set positions."""

from __future__ import annotations

import copy
import json
from collections.abc import Iterator
from importlib import resources
from typing import Any

from meeple.engine import Rng
from meeple.games.newworld import GAME
from meeple.games.newworld.positions import area, new_state
from meeple.games.newworld.state import MOVEMENT, NewWorldState


class Dice:
    """A scripted die: returns the given faces in order and fails if asked for more."""

    def __init__(self, *faces: int) -> None:
        self.faces = list(faces)
        self.used = 0

    def __call__(self) -> int:
        assert self.used < len(self.faces), f"asked for die {self.used + 1} of {len(self.faces)}"
        self.used += 1
        return self.faces[self.used - 1]

    @property
    def all_used(self) -> bool:
        return self.used == len(self.faces)


class ScriptedRng:
    """Stands in for the game's chance: each die (``below(6) + 1``) is the next face;
    shuffles leave the order as it is."""

    def __init__(self, *faces: int) -> None:
        self.dice = Dice(*faces)

    def below(self, n: int) -> int:
        assert n == 6, "only dice are scripted"
        return self.dice() - 1

    def next_u64(self) -> int:
        """The raw draw the game's die reads (``value % 6 + 1``)."""
        return self.dice() - 1

    def shuffle(self, items: list[Any]) -> None:
        pass


def map_document() -> dict[str, Any]:
    text = resources.files("meeple.games.newworld").joinpath("data/map.json").read_text()
    return copy.deepcopy(json.loads(text))


def rng_rolling(*faces: int) -> Rng:
    """A generator whose first dice (below(6) + 1) are ``faces``."""
    for seed in range(1, 1_000_000):
        rng = Rng(seed)
        if all(rng.below(6) + 1 == face for face in faces):
            return Rng(seed)
    raise AssertionError("no seed found")


def movement_position(players: int = 2, order: tuple[int, ...] = (1, 0)) -> NewWorldState:
    """A turn-2 game set at the start of Land Movement with an empty map."""
    state = new_state(players, seed=3)
    state.turn = 2
    state.phase = MOVEMENT
    state.initiative = list(order)
    state.step = 0
    state.actor = order[0]
    return state


def texts(state: NewWorldState, seat: int) -> set[str]:
    return {GAME.actions[i].text for i in GAME.legal_actions(state, seat)}


ROLL_ON = ("roll the next die", "roll again")  # the attacker's old pick between dice (8.31)


def roll_on(state: NewWorldState) -> None:
    """Answer the attacker's (or the Pirate's, 22.3) question between two dice with
    the old pick (8.31: the next die, a 6's reroll), as often as it is asked now: for
    tests of the dice and of the other battle questions."""
    while (state.pending or state.pirate_attack) and not state.losses and not state.arranging:
        seat = GAME.to_act(state)
        legal = texts(state, seat[0]) if len(seat) == 1 else set()
        pick = next((text for text in ROLL_ON if text in legal), None)
        if pick is None:
            return
        GAME.play(state, seat[0], pick)


def play_on(state: NewWorldState, seat: int, text: str) -> None:
    """``GAME.play``, then the attacker's questions between dice answered with the old
    pick (``roll_on``): the battle flows as it did before 8.31's questions were asked."""
    GAME.play(state, seat, text)
    roll_on(state)


def faces(values: list[int]) -> Iterator[int]:
    return iter(values)


__all__ = ["area"]
