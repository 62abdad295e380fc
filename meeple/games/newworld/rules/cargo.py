"""A Fleet's cargo (rules/naval.py ``Cargo``) read from the state and stored back:
its Ships, Personnel, Gold and the Gold its Pirate Ships hold (22.3)."""

from __future__ import annotations

from meeple.games.newworld.rules import units
from meeple.games.newworld.rules.naval import Cargo
from meeple.games.newworld.state import (
    NOBODY,
    NewWorldState,
)
from meeple.games.newworld.texts import (
    MAX_SHIPS,
)


def cargo_of(state: NewWorldState, seat: int) -> Cargo:
    return Cargo(
        state.fleet_ships[seat],
        state.fleet_soldiers[seat],
        state.fleet_colonists[seat],
        state.fleet_gold[seat],
        state.fleet_bars[seat],
        loads_of(state, seat),
    )


def store_cargo(state: NewWorldState, seat: int, cargo: Cargo) -> None:
    state.fleet_ships[seat] = cargo.ships
    state.fleet_soldiers[seat] = cargo.soldiers
    state.fleet_colonists[seat] = cargo.colonists
    state.fleet_gold[seat] = cargo.gold
    state.fleet_bars[seat] = cargo.bars
    store_loads(state, seat, cargo.pirate_loads)
    units.box_soldiers(state, seat, cargo.lost_soldiers)


def sunk_with_fleet(state: NewWorldState, seat: int) -> None:
    """Anything still aboard a Fleet sunk before its Landing is lost with it."""
    if state.fleet_ships[seat] == 0:
        units.box_soldiers(state, seat, state.fleet_soldiers[seat])
        state.fleet_soldiers[seat] = 0
        state.fleet_colonists[seat] = 0
        state.fleet_at[seat] = NOBODY


def loads_of(state: NewWorldState, seat: int) -> list[int]:
    first = seat * MAX_SHIPS
    return state.pirate_gold[first : first + state.fleet_pirates[seat]]


def store_loads(state: NewWorldState, seat: int, loads: list[int]) -> None:
    if not loads and not state.fleet_pirates[seat]:
        return  # no Pirate Ship before or after: its slots hold 0 already
    first = seat * MAX_SHIPS
    state.fleet_pirates[seat] = len(loads)
    state.pirate_gold[first : first + MAX_SHIPS] = loads + [0] * (MAX_SHIPS - len(loads))
