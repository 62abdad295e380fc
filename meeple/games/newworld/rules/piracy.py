"""Piracy, optional rule 22.

A player may write on his Planning Sheet a number of his Ships devoted to Piracy
and the one player on whom he declares Naval War (22.1). The Pirate Ships are
paid for and sail with the Fleet like the others (22.1, 22.4) but carry no
Personnel and no Gold but what they capture. With Piracy the Homebound Naval
Movement is made in Initiative order (22.2): at each Anchorage where it stops, a
Fleet with Pirates may attack the enemy's Fleet (22.3) or, where the enemy's Gold
waits on the Anchorage dot without his Fleet, raid the port (22.4).

The dice procedures are pure (``attack_fleet``, ``raid_port``) over a die, like
rules/naval.py; the rest applies them to the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meeple.engine import Event, GameConfig
from meeple.games.newworld.rules import fleetcard
from meeple.games.newworld.rules.cargo import cargo_of, store_cargo, store_loads
from meeple.games.newworld.rules.naval import Arrange, Cargo, Load, Roll, lose_ship, spread
from meeple.games.newworld.state import NOBODY, NewWorldState, at
from meeple.games.newworld.texts import (
    GOLD_BAR,
    amount,
    amounts,
    area_word,
    country,
    die,
    listing,
    log,
)


def enabled(config: GameConfig) -> bool:
    return bool(config.options.get("piracy", False))


@dataclass
class PirateBattle:
    """What a Piracy attack did: every die rolled, Pirate Ships lost, the enemy's
    Ships sunk (fleet attack) or Gold Bars taken (port raid), dollars captured.
    A fleet attack stops while the enemy arranges his Fleet card (6.21): ``pirate``
    is then the Pirate whose 6 sinks the next Ship, ``sunk`` the Pirates already
    lost to a 1 (removed when the battle ends), ``done`` False."""

    rolls: list[int] = field(default_factory=list)
    pirates_lost: int = 0
    ships_sunk: int = 0
    bars_taken: int = 0
    captured: int = 0
    pirate: int = 0
    sunk: list[int] = field(default_factory=list)
    sinking: bool = False
    done: bool = False


def _sink_pirates(pirates: Cargo, sunk: list[int]) -> None:
    """Remove the Pirate Ships at positions ``sunk`` with the Gold they hold."""
    for k in sorted(sunk, reverse=True):
        pirates.pirate_loads.pop(k)
    pirates.ships -= len(sunk)
    pirates.lost_ships += len(sunk)


def attack_fleet(
    roll: Roll,
    pirates: Cargo,
    enemy: Cargo,
    arrange: Arrange = spread,
    battle: PirateBattle | None = None,
) -> PirateBattle:
    """22.3: one die per Pirate Ship, in row order: 1 sinks the Pirate, 2-5 do
    nothing, 6 sinks a Ship of the enemy (chosen as in 6.22, his own Pirates
    included, after he arranges his Fleet card: ``arrange``, 6.21) and the Pirate
    rolls again, a 1 now doing nothing, for as long as he rolls 6. The battle ends
    when each Pirate has rolled or every enemy Ship is sunk. Personnel on a sunk
    Ship are lost; all its Gold goes to the Pirate that sank it, two Bars or more
    (22.3's capture, not 5.3's loading). Goes on from ``battle`` if given;
    stops (``done`` False) when ``arrange`` has no arrangement yet."""
    battle = battle or PirateBattle()
    loads = pirates.pirate_loads
    while battle.pirate < len(loads) and enemy.ships:
        k = battle.pirate
        if not battle.sinking:
            value = roll()
            battle.rolls.append(value)
            if value == 1:
                battle.sunk.append(k)
            battle.sinking = value == 6
            battle.pirate += not battle.sinking
            continue
        rows = arrange(enemy) if enemy.regular else ()
        if rows is None:
            return battle
        gold = lose_ship(enemy, roll, rows)
        battle.ships_sunk += 1
        loads[k] += gold
        battle.captured += gold
        battle.sinking = False
        if enemy.ships == 0:
            break
        value = roll()  # a 1 does nothing now
        battle.rolls.append(value)
        battle.sinking = value == 6
        battle.pirate += not battle.sinking
    battle.pirates_lost = len(battle.sunk)
    _sink_pirates(pirates, battle.sunk)
    battle.done = True
    return battle


def raid_port(roll: Roll, pirates: Cargo, bars: int) -> PirateBattle:
    """22.4: Pirates attacking an Anchorage with the enemy's Gold but not his
    Fleet: 1 or 2 sinks the Pirate, 3-5 do nothing, 6 captures a Gold Bar and the
    Pirate rolls again without risk to himself, for as long as he rolls 6. The
    raid ends when each Pirate has rolled or no Bar is left; a Pirate keeps what
    it captures, two Bars or more (22.3, as for a Ship sunk)."""
    battle = PirateBattle()
    sunk: list[int] = []
    loads = pirates.pirate_loads
    for k in range(len(loads)):
        if bars == 0:
            break
        value = roll()
        battle.rolls.append(value)
        if value <= 2:
            sunk.append(k)
            continue
        while value == 6:
            loads[k] += GOLD_BAR
            bars -= 1
            battle.bars_taken += 1
            battle.captured += GOLD_BAR
            if bars == 0:
                break
            value = roll()
            battle.rolls.append(value)
    battle.pirates_lost = len(sunk)
    _sink_pirates(pirates, sunk)
    return battle


# ---- the state --------------------------------------------------------------------------


def declare(state: NewWorldState, seat: int) -> None:
    """At payment the Pirate Ships join the Fleet, flipped to their Pirate side as
    it sails (22.1); the declaration is announced with the builds (5.5)."""
    store_loads(state, seat, [0] * state.plan_pirates[seat])
    if state.plan_pirates[seat]:
        state.log.append(
            Event(
                "naval war",
                f"{country(seat)} flips {amount(state.plan_pirates[seat], 'Ship')} to their Pirate"
                f" side: Naval War on {country(state.plan_enemy[seat])} (22.1)",
                {"seat": seat, "enemy": state.plan_enemy[seat]},
            )
        )


def enemy_fleet_here(state: NewWorldState, seat: int) -> bool:
    enemy = state.plan_enemy[seat]
    return (
        enemy != NOBODY
        and state.fleet_out[enemy]
        and state.fleet_ships[enemy] > 0
        and state.fleet_at[enemy] == state.fleet_at[seat]
    )


def enemy_gold_here(state: NewWorldState, seat: int) -> int:
    enemy = state.plan_enemy[seat]
    here = state.fleet_at[seat]
    if enemy == NOBODY or here == NOBODY:
        return 0
    return state.emb_gold[at(enemy, here)]


def may_strike(state: NewWorldState, seat: int) -> bool:
    """A Fleet with Pirates may attack once at each Anchorage where it stops (22.2)."""
    return (
        enabled(state.config)
        and state.fleet_pirates[seat] > 0
        and state.raided_at[seat] != state.fleet_at[seat]
    )


def can_attack_fleet(state: NewWorldState, seat: int) -> bool:
    return may_strike(state, seat) and enemy_fleet_here(state, seat)


def can_raid(state: NewWorldState, seat: int) -> bool:
    return (
        may_strike(state, seat)
        and not enemy_fleet_here(state, seat)
        and enemy_gold_here(state, seat) > 0
    )


def targets(state: NewWorldState, seat: int) -> list[int]:
    """Anchorages a Pirate Fleet may sail to for its enemy (22.2): where the
    enemy's Fleet still lies, or his Gold waits on the Anchorage dot."""
    enemy = state.plan_enemy[seat]
    if not enabled(state.config) or state.fleet_pirates[seat] == 0 or enemy == NOBODY:
        return []
    out = {state.fleet_at[enemy]} if state.fleet_out[enemy] else set()
    first = enemy * len(state.natives)
    out |= {a for a in range(len(state.natives)) if state.emb_gold[first + a]}
    return sorted(a for a in out if a != NOBODY)


def attack(state: NewWorldState, seat: int) -> bool:
    """The Pirate Fleet attacks the enemy's Fleet at its Anchorage (22.3). False
    while the enemy arranges his Fleet card before a Ship is lost (6.21)."""
    state.raided_at[seat] = state.fleet_at[seat]
    return strike(state, seat, PirateBattle(), None)


def strike(state: NewWorldState, seat: int, battle: PirateBattle, rows: list[Load] | None) -> bool:
    """Fight the attack on from ``battle`` (the enemy's arrangement ``rows`` for the
    Ship his loss awaited); False when it waits for another arrangement."""
    enemy = state.plan_enemy[seat]
    here = state.fleet_at[seat]
    pirates, target = cargo_of(state, seat), cargo_of(state, enemy)
    battle = attack_fleet(lambda: die(state), pirates, target, fleetcard.arranger(rows), battle)
    store_cargo(state, seat, pirates)
    store_cargo(state, enemy, target)
    lost = (battle.pirates_lost, battle.ships_sunk, target.lost_soldiers, target.lost_colonists)
    fought = (seat, enemy, here, tuple(battle.rolls), battle.done, lost, battle.captured)
    data = {"seat": seat, "area": here}
    state.log.append(Event("piracy", attack_words, data, None, True, fought))
    if not battle.done:
        fleetcard.pause_piracy(state, enemy, target, seat, battle.pirate, battle.sunk)
        return False
    if state.fleet_ships[enemy] == 0:
        state.fleet_out[enemy] = False
        state.fleet_at[enemy] = NOBODY
    if state.fleet_ships[seat] == 0:
        state.fleet_out[seat] = False
        state.fleet_at[seat] = NOBODY
    return True


def resume(state: NewWorldState, rows: list[Load]) -> bool:
    """The attack goes on once the enemy has arranged his Fleet card (``rows``, from
    ``state.arranging``, which is cleared); False when it waits for another
    arrangement."""
    _, _, pirate, due, _, attacker = state.arranging[: fleetcard.ROWS]  # the enemy first
    state.arranging = []
    sunk = [k for k in range(pirate) if due >> k & 1]
    battle = PirateBattle(pirate=pirate, sunk=sunk, sinking=True)
    return strike(state, attacker, battle, rows)


def attack_words(
    seat: int,
    enemy: int,
    here: int,
    rolls: tuple[int, ...],
    done: bool,
    lost: tuple[int, int, int, int],
    captured: int,
) -> str:
    """A Pirate attack on a Fleet (22.3), written when the log is read: ``lost`` are
    the Pirate Ships lost, the enemy's Ships sunk and his Soldiers and Colonists lost
    with them; ``done`` is False while the enemy arranges his Fleet card (6.21)."""
    pirates_lost, sunk, soldiers, colonists = lost
    results = [f"{amount(pirates_lost, 'Pirate Ship')} lost"] if pirates_lost else []
    if sunk or soldiers or colonists:
        aboard = listing(amounts((soldiers, "Soldier"), (colonists, "Colonist")), "nothing aboard")
        results.append(f"{amount(sunk, 'Ship')} of {country(enemy)} sunk with {aboard}")
    if captured:
        results.append(f"${captured} of Gold captured")
    outcome = listing(results, "no Ship lost")
    if not done:
        outcome += f"; {country(enemy)} arranges the Fleet card (6.21)"
    return (
        f"{country(seat)}'s Pirates attack {country(enemy)}'s Fleet at {area_word(here)}:"
        f" {' '.join(map(str, rolls))}; {outcome}"
    )


def raid(state: NewWorldState, seat: int) -> None:
    """The Pirate Fleet raids the enemy's Gold on the Anchorage dot (22.4)."""
    enemy = state.plan_enemy[seat]
    here = state.fleet_at[seat]
    state.raided_at[seat] = here
    pirates = cargo_of(state, seat)
    battle = raid_port(lambda: die(state), pirates, enemy_gold_here(state, seat))
    store_cargo(state, seat, pirates)
    state.emb_gold[at(enemy, here)] -= battle.bars_taken
    taken = [f"{amount(battle.pirates_lost, 'Pirate Ship')} lost"] if battle.pirates_lost else []
    if battle.bars_taken:
        taken.append(f"{amount(battle.bars_taken, 'Gold Bar')} of {country(enemy)} captured")
    log(
        state,
        "piracy",
        f"{country(seat)}'s Pirates raid the port of {area_word(here)}:"
        f" {' '.join(map(str, battle.rolls))}; {listing(taken, 'nothing lost or captured')}",
        True,
        seat=seat,
        area=here,
    )
    if state.fleet_ships[seat] == 0:
        state.fleet_out[seat] = False
        state.fleet_at[seat] = NOBODY
