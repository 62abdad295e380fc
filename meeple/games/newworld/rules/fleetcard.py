"""The Fleet card arranged before a Ship is lost (6.21, 6.23): the owner's choice.

"He need not arrange the Personnel or Gold on specific rows of his Fleet card
unless he loses a Ship, in which case he must arrange the contents of each Ship on
its own row" (6.21). Wherever Naval Losses are rolled (the crossing 6.1 and the
coast 6.3 outbound, homebound 12.2, with Perils of the Deep 18 too), when a
Naval Losses Table roll is about to sink a Ship, and when a Pirate's 6 is about to
sink one (22.3: "in the same way as Ship losses due to naval movement"), the
voyage or the attack stops and its owner
loads the regular Ships' rows one after another, row 1 first, with one action
per row: ``load ship with S soldiers, C colonists, B bars`` (at most two
Personnel and two Gold Bars a Ship, 5.3). Every Personnel unit must ride a row;
Gold Bars not put in a row stay in the Average box, whose dollars every regular
Ship shares equally (6.23). Pirate Ships keep the last rows and carry nothing of
their own cargo (22.1). Then the Ship-loss dice (and the flotilla die above six
Ships, 6.22) pick the row lost, and the voyage goes on.

The choice is complete, not a sample: every arrangement is a sequence of rows,
and each row's load is one of the 18 actions. A row with a single possible load
(the remaining Personnel fill the remaining rows exactly, or nothing is left) is
loaded for the player; so is a lone regular Ship (everything aboard goes with it
whichever row holds it). An arrangement holds for one Ship loss: the card is
arranged afresh before the next.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import LOAD_SHIP, SPACE
from meeple.games.newworld.rules.cargo import cargo_of, store_cargo
from meeple.games.newworld.rules.naval import (
    Arrange,
    Cargo,
    Load,
    Progress,
    rowed_bars,
    take_losses,
)
from meeple.games.newworld.state import OUTBOUND, NewWorldState
from meeple.games.newworld.texts import country, die

# Where a voyage stopped for an arrangement goes on (``arranging[WHERE]``).
OUTBOUND_LANDING = 0  # argument: the Landing row reached (rules/outbound.py)
COASTAL_HOME = 1  # argument: the Anchorage sailed to homebound (12.1)
CROSSING_HOME = 2  # the crossing home (12.2); argument unused
PIRACY = 3  # a Pirate attack (22.3); argument: the attacker; TABLE holds the Pirate
# whose 6 sinks the Ship, DUE the Pirates sunk so far (bits)
SEAT, WHERE, TABLE, DUE, HOME, ARG = range(6)
ROWS = 6  # the rows loaded so far follow, three numbers each


# ---- the choices, over a Fleet's cargo ------------------------------------------------------


# What is left to place: regular Ships, rows loaded, Soldiers, Colonists, whole Bars.
Left = tuple[int, int, int, int, int]
_OPTIONS: dict[Left, tuple[Load, ...]] = {}  # the loads of ``next_loads``, kept per Left


def options(cargo: Cargo, rows: list[Load]) -> tuple[Load, ...]:
    """The loads the next row may take: within two Personnel and two Bars a Ship
    (5.3), within what is left, leaving no more Personnel than the later rows hold
    (a shared tuple)."""
    return _options(left(cargo, rows))


def left(cargo: Cargo, rows: list[Load]) -> Left:
    soldiers, colonists, bars = cargo.soldiers, cargo.colonists, rowed_bars(cargo)
    for s, c, b in rows:
        soldiers, colonists, bars = soldiers - s, colonists - c, bars - b
    return cargo.regular, len(rows), soldiers, colonists, bars


def _options(key: Left) -> tuple[Load, ...]:
    found = _OPTIONS.get(key)
    if found is None:
        found = _OPTIONS[key] = next_loads(*key)
    return found


def next_loads(
    regular: int, placed: int, soldiers: int, colonists: int, bars: int
) -> tuple[Load, ...]:
    """``options`` from what is left to place."""
    if placed >= regular:
        return ()
    if regular == 1:  # a lone regular Ship: whatever it holds goes down with it
        return ((soldiers, colonists, min(bars, 2)),)
    room_after = 2 * (regular - placed - 1)
    return tuple(
        (s, c, b)
        for s in range(min(2, soldiers) + 1)
        for c in range(min(2 - s, colonists) + 1)
        if soldiers - s + colonists - c <= room_after
        for b in range(min(2, bars) + 1)
    )


def forced(cargo: Cargo, rows: list[Load]) -> list[Load]:
    """``rows`` with every following row that has a single possible load added."""
    regular, placed, soldiers, colonists, bars = left(cargo, rows)
    rows = list(rows)
    while True:
        loads = _options((regular, placed, soldiers, colonists, bars))
        if len(loads) != 1:
            return rows
        load = loads[0]
        rows.append(load)
        placed += 1
        soldiers, colonists, bars = soldiers - load[0], colonists - load[1], bars - load[2]


def arranger(chosen: list[Load] | None) -> Arrange:
    """The arrangement for each coming Ship loss: ``chosen`` (the owner's, for the
    loss he arranged for), then any arrangement with no choice in it; None (the
    voyage waits) when the owner has a choice to make."""
    pending = [chosen] if chosen is not None else []

    def arrange(cargo: Cargo) -> list[Load] | None:
        if pending:
            return pending.pop()
        rows = forced(cargo, [])
        return rows if len(rows) == cargo.regular else None

    return arrange


# ---- the state --------------------------------------------------------------------------------


def rows_of(state: NewWorldState) -> list[Load]:
    flat = state.arranging[ROWS:]
    return [(flat[k], flat[k + 1], flat[k + 2]) for k in range(0, len(flat), 3)]


def pause(
    state: NewWorldState,
    seat: int,
    cargo: Cargo,
    progress: Progress,
    homebound: bool,
    where: int,
    arg: int,
) -> None:
    """The voyage waits for ``seat`` to arrange its Fleet card (its cargo stored)."""
    rows = forced(cargo, [])
    state.arranging = [seat, where, progress.table_rolls, progress.ships_due, int(homebound), arg]
    state.arranging += [n for load in rows for n in load]
    if where == OUTBOUND_LANDING:
        state.phase = OUTBOUND


def pause_piracy(
    state: NewWorldState, enemy: int, cargo: Cargo, attacker: int, pirate: int, sunk: list[int]
) -> None:
    """A Pirate's 6 is about to sink a Ship of ``enemy`` (22.3): he arranges first."""
    rows = forced(cargo, [])
    bits = sum(1 << k for k in sunk)
    state.arranging = [enemy, PIRACY, pirate, bits, 1, attacker]
    state.arranging += [n for load in rows for n in load]


def losses(
    state: NewWorldState,
    seat: int,
    cargo: Cargo,
    progress: Progress,
    homebound: bool,
    chosen: list[Load] | None = None,
) -> bool:
    """Take the Naval Losses still due; False when the owner must arrange first."""
    return take_losses(lambda: die(state), cargo, progress, homebound, arranger(chosen))


def actions(state: NewWorldState, seat: int) -> list[int]:
    if seat != state.arranging[SEAT]:
        return []
    return [LOAD_SHIP[load] for load in options(cargo_of(state, seat), rows_of(state))]


def apply_load(state: NewWorldState, seat: int, index: int) -> list[Load] | None:
    """Load the next row; the rows of the card once it is arranged (the movement
    whose voyage it is goes on: ``resume``, or rules/piracy.py's for an attack),
    else None."""
    load = SPACE[index].args
    state.arranging += [int(n) for n in load]
    cargo = cargo_of(state, seat)
    rows = forced(cargo, rows_of(state))
    del state.arranging[ROWS:]
    state.arranging += [n for row in rows for n in row]
    return rows if len(rows) == cargo.regular else None


def resume(state: NewWorldState, rows: list[Load]) -> tuple[int, int, int] | None:
    """A voyage's Naval Losses go on with the card arranged as ``rows`` (from
    ``state.arranging``, which is cleared): ``(seat, where, argument)`` of the
    voyage to go on with (``WHERE``), or None when the card is to be arranged again
    before the next Ship is lost. Not for a Pirate attack (rules/piracy.py)."""
    seat, where, table, due, home, arg = state.arranging[:ROWS]
    state.arranging = []
    cargo = cargo_of(state, seat)
    progress = Progress(table, due)
    done = losses(state, seat, cargo, progress, bool(home), rows)
    words = (seat, tuple(cargo.notes), done)
    state.log.append(Event("voyage", _resumed_words, {"seat": seat}, None, True, words))
    store_cargo(state, seat, cargo)
    if not done:
        pause(state, seat, cargo, progress, bool(home), where, arg)
        return None
    return seat, where, arg


def _resumed_words(seat: int, notes: tuple[str, ...], done: bool) -> str:
    text = f"{country(seat)}'s Fleet card is arranged: " + "; ".join(notes)
    if not done:
        text += "; the card is arranged again before the next Ship is lost (6.21)"
    return text
