"""Naval movement losses (6.1-6.3, 12.2) and Perils of the Deep (18), as pure
procedures over a die: ``roll()`` returns the next die (1-6), so the rulebook's
worked examples can be replayed with their own dice.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from meeple.games.newworld.board import NAVAL_HOMEBOUND, NAVAL_OUTBOUND, WorldMap
from meeple.games.newworld.texts import amounts, listing

Roll = Callable[[], int]
GOLD_BAR = 40


@dataclass
class Cargo:
    """A Fleet and what it carries: Personnel, and Gold in the Average box (6.23)."""

    ships: int
    soldiers: int = 0
    colonists: int = 0
    gold: int = 0  # dollars; each lost Ship takes an equal share
    bars: int = 0
    pirate_loads: list[int] = field(default_factory=list)  # dollars per Pirate Ship (22.3)
    lost_soldiers: int = 0
    lost_colonists: int = 0
    lost_ships: int = 0
    notes: list[str] = field(default_factory=list)

    @property
    def personnel(self) -> int:
        return self.soldiers + self.colonists

    @property
    def regular(self) -> int:
        """Ships that carry Personnel and the Average box: all but the Pirates, which
        take the last rows of the Fleet card (22.1)."""
        return self.ships - len(self.pirate_loads)


def roll_at_most(roll: Roll, top: int) -> int:
    """Roll until the die shows ``top`` or less (6.22: a roll above the number of
    Ships is repeated)."""
    while True:
        value = roll()
        if value <= top:
            return value


def ship_to_lose(roll: Roll, ships: int) -> int:
    """The 1-based row of the Ship lost (6.22). Above six Ships, the Fleet is split
    as equally as possible into an Even flotilla (the larger half, as in the
    example: seven Ships give four Even and three Odd) and an Odd flotilla (the
    following rows); an even die picks the Even flotilla, then a die picks the
    Ship within it."""
    if ships <= 6:
        return roll_at_most(roll, ships)
    even = (ships + 1) // 2
    if roll() % 2 == 0:
        return roll_at_most(roll, even)
    return even + roll_at_most(roll, ships - even)


def ship_load(cargo: Cargo, row: int) -> int:
    """Personnel on Ship ``row`` when the load is spread evenly over the regular
    Ships, one per Ship first and a second from row 1 on; Pirate Ships carry no
    Personnel (22.1)."""
    if row > cargo.regular:
        return 0
    total = cargo.personnel
    return int(row <= total) + int(row <= total - cargo.regular)


Load = tuple[int, int, int]  # one row of the Fleet card: Soldiers, Colonists, Gold Bars


def spread(cargo: Cargo) -> list[Load]:
    """An arrangement of the Fleet card (6.21): the Personnel spread evenly over the
    regular Ships (``ship_load``), the Colonists on the first rows, and every Gold
    Bar in the Average box (6.23)."""
    rows: list[Load] = []
    colonists = cargo.colonists
    for row in range(1, cargo.regular + 1):
        load = ship_load(cargo, row)
        on = min(load, colonists)
        colonists -= on
        rows.append((load - on, on, 0))
    return rows


def rowed_bars(cargo: Cargo) -> int:
    """Whole Gold Bars that may ride in a row rather than the Average box (6.23): a
    Ship loss can leave the box with a part of a Bar's $40."""
    return min(cargo.bars, cargo.gold // GOLD_BAR)


def lose_soldier(cargo: Cargo) -> None:
    """One Soldier, or a Colonist if none is aboard (6.24)."""
    if cargo.soldiers:
        cargo.soldiers -= 1
        cargo.lost_soldiers += 1
    elif cargo.colonists:
        cargo.colonists -= 1
        cargo.lost_colonists += 1


def lose_colonist(cargo: Cargo) -> None:
    """One Colonist, or a Soldier if none is aboard (6.24)."""
    if cargo.colonists:
        cargo.colonists -= 1
        cargo.lost_colonists += 1
    elif cargo.soldiers:
        cargo.soldiers -= 1
        cargo.lost_soldiers += 1


def lose_ship(cargo: Cargo, roll: Roll, rows: Sequence[Load] | None = None) -> int:
    """Sink one Ship chosen by the die (6.22) with what its row of the Fleet card
    holds (``rows``, one per regular Ship; ``spread`` if not given) and its share
    of the Average box (6.23), or what a Pirate Ship holds (22.3). Returns the
    dollars of Gold that went down with it."""
    if cargo.ships == 0:
        return 0
    if rows is None:
        rows = spread(cargo)
    row = ship_to_lose(roll, cargo.ships)
    if row > cargo.regular:
        gold = cargo.pirate_loads.pop(row - cargo.regular - 1)
        cargo.ships -= 1
        cargo.lost_ships += 1
        cargo.notes.append(f"Pirate Ship {row} sinks" + (f" with ${gold} of Gold" if gold else ""))
        return gold
    soldiers, colonists, bars = rows[row - 1]
    average = cargo.gold - GOLD_BAR * sum(load[2] for load in rows)
    gold = GOLD_BAR * bars + average // cargo.regular
    cargo.colonists -= colonists
    cargo.soldiers -= soldiers
    cargo.lost_colonists += colonists
    cargo.lost_soldiers += soldiers
    cargo.gold -= gold
    cargo.bars -= bars
    cargo.ships -= 1
    cargo.lost_ships += 1
    cargo.bars = min(cargo.bars, 2 * cargo.regular)
    aboard = amounts((soldiers, "Soldier"), (colonists, "Colonist"))
    if gold:
        aboard.append(f"${gold} of Gold")
    cargo.notes.append(f"Ship {row} sinks with {listing(aboard, 'nothing aboard')}")
    return gold


@dataclass
class Progress:
    """How far a crossing's Naval Losses have gone (6.2): Naval Losses Table rolls
    still to make, and Ship losses of the current roll still to take."""

    table_rolls: int
    ships_due: int = 0


Arrange = Callable[[Cargo], Sequence[Load] | None]


def take_losses(
    roll: Roll, cargo: Cargo, progress: Progress, homebound: bool, arrange: Arrange
) -> bool:
    """Make the Naval Losses Table rolls still due, each taken in full before the
    next (6.2): Personnel first, then the Ships (6.21), each Ship after its Fleet
    card is arranged. ``arrange`` gives the rows for the coming Ship loss, or None
    when its owner has yet to choose them: then the procedure stops (False) with
    ``progress`` saying where to go on."""
    table = NAVAL_HOMEBOUND if homebound else NAVAL_OUTBOUND
    while cargo.ships:
        if progress.ships_due:
            rows = arrange(cargo) if cargo.regular else ()
            if rows is None:
                return False
            lose_ship(cargo, roll, rows)
            progress.ships_due -= 1
            continue
        if not progress.table_rolls:
            break
        progress.table_rolls -= 1
        result = roll()
        ships, soldiers, colonists = table[result - 1]
        cargo.notes.append(f"Naval Losses Table: {result}")
        for _ in range(soldiers):
            lose_soldier(cargo)
        for _ in range(colonists):
            lose_colonist(cargo)
        progress.ships_due = ships
    progress.table_rolls = progress.ships_due = 0
    return True


def naval_losses(
    roll: Roll, dice: int, cargo: Cargo, homebound: bool = False, arrange: Arrange = spread
) -> list[int]:
    """Roll ``dice`` crossing dice; each 1 calls a Naval Losses Table roll whose
    losses (Personnel before Ships, 6.21) are taken before the next (6.2, 12.2),
    the Fleet card arranged by ``arrange`` before each Ship is lost. Returns the
    crossing dice."""
    crossing = [roll() for _ in range(dice)]
    done = take_losses(roll, cargo, Progress(crossing.count(1)), homebound, arrange)
    assert done, "an arrangement is missing"
    return crossing


def perils_losses(
    roll: Roll, markers: int, cargo: Cargo, homebound: bool = False, arrange: Arrange = spread
) -> None:
    """Perils of the Deep (18.3, 18.5): no crossing dice; each marker crossed is
    one Naval Losses Table roll, its losses taken in full before the next (as 6.2
    takes them), the Fleet card arranged by ``arrange`` before each Ship is lost."""
    done = take_losses(roll, cargo, Progress(markers), homebound, arrange)
    assert done, "an arrangement is missing"


def coastal_dice(world: WorldMap, start: int, end: int) -> int:
    """One die for setting sail and one per sea-zone line crossed (6.3, 12.2)."""
    return 1 + world.coastal_lines(start, end)


def zone_path(world: WorldMap, sea: int) -> tuple[int, ...]:
    """Sea Zone numbers a Fleet traverses from offboard (entering through Zone 3)
    to the sea zone ``sea``, in order (18.3)."""
    entry = next(z.index for z in world.seas if z.number == 3)
    path = [world.seas[sea].number]
    here = sea
    while here != entry:
        here = next(
            z.index
            for z in world.seas
            if world.lines[entry][z.index] + world.lines[z.index][here] == world.lines[entry][here]
            and world.lines[z.index][here] > 0
            and _adjacent(world, z.index, here)
        )
        path.append(world.seas[here].number)
    return tuple(reversed(path))


def _adjacent(world: WorldMap, a: int, b: int) -> bool:
    """Zones whose distance is not a sum through a third zone."""
    return all(
        world.lines[a][c] + world.lines[c][b] > world.lines[a][b]
        for c in range(len(world.seas))
        if c not in (a, b)
    )


def place_perils(roll: Roll, far: bool) -> dict[int, int]:
    """The Game Leader's Perils of the Deep markers per Sea Zone number (18.2):
    three dice for Zone 3, one each for 4, 5 and 6; if a Fleet goes beyond
    Zone 6, three for Zone 9 and one each for 10 and 11. Each 1 is a marker."""
    plan = [(3, 3), (4, 1), (5, 1), (6, 1)]
    if far:
        plan += [(9, 3), (10, 1), (11, 1)]
    return {zone: sum(1 for _ in range(count) if roll() == 1) for zone, count in plan}


def place_homebound_perils(roll: Roll, zones: set[int]) -> dict[int, int]:
    """Homebound markers (18.5): three dice for Zone 3 and one for each other Sea
    Zone between Zone 3 and any Fleet (``zones``: the numbers crossed)."""
    markers = {3: sum(1 for _ in range(3) if roll() == 1)}
    for zone in sorted(zones - {3}):
        markers[zone] = int(roll() == 1)
    return markers


def perils_dice(markers: dict[int, int], path: tuple[int, ...]) -> int:
    """The Perils of the Deep markers a Fleet traverses on ``path``: as many Naval
    Losses Table rolls (18.3, 18.5; ``perils_losses``)."""
    return sum(markers.get(zone, 0) for zone in path)
