"""The Combat Phases (8.3 against players, 8.33 against Natives), each in
Initiative order: a seat's attacks, battles (rules/battle.py) and the markers its
surviving attackers take (8.314); a seat with no choice is passed over."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from meeple.engine import Event
from meeple.games.newworld.actions import END_COMBAT, SPACE, attack_index, natives_index
from meeple.games.newworld.rules import battle, losses, units
from meeple.games.newworld.rules.combat import fight
from meeple.games.newworld.rules.control import check_pc_loss
from meeple.games.newworld.rules.markers import apply_marker, marker_actions
from meeple.games.newworld.state import (
    AREAS,
    COMBAT_PLAYERS,
    NOBODY,
    NewWorldState,
    at,
)
from meeple.games.newworld.texts import (
    EXTENDED,
    amount,
    amounts,
    area_word,
    country,
    die,
    pc_benefits,
)


def begin(state: NewWorldState, phase: int) -> bool:
    """A Combat Phase (COMBAT_PLAYERS or COMBAT_NATIVES) in Initiative order; True
    when it is over with no decision."""
    check_pc_loss(state)
    state.phase = phase
    state.step = 0
    return next_fighter(state)


def next_fighter(state: NewWorldState) -> bool:
    """The seat at ``step`` fights, or is passed over when it has no choice; True
    once the phase is over (control is checked at its end, 11.2)."""
    while state.step < state.players:
        state.actor = state.initiative[state.step]
        if combat_has_choice(state, state.actor):
            return False
        state.step += 1
    state.actor = NOBODY
    check_pc_loss(state)
    return True


def defenders(state: NewWorldState, defender: int, area: int) -> tuple[int, int]:
    """Soldiers (Prospectors included; under rule 20 the Political Control marker
    too) and Colonists a defender fights with."""
    soldiers = units.area_soldiers(state, defender, area)
    if pc_benefits(state.config) == EXTENDED and state.pc[area] == defender:
        soldiers += 1
    return soldiers, units.area_colonists(state, defender, area)


def combat_actions(state: NewWorldState, seat: int) -> list[int]:
    if state.losses and not state.pending:  # the attacker's own losses to Natives (8.31)
        return losses.actions(state, seat)
    if state.pending:
        return battle.actions(state, seat)  # decisions within a battle (8.31, 8.32)
    out: list[int] = []
    for group in _combat_groups(state, seat):
        out += group
    out.append(END_COMBAT)
    return out


def _combat_groups(state: NewWorldState, seat: int) -> Iterator[Sequence[int]]:
    """The seat's attacks and marker placements, a few at a time, in their order
    (so that ``combat_has_choice`` stops at the first). Markers are taken at the end
    of a battle by its attacker (8.314): only in an Area where surviving Soldiers of
    the seat attacked in this phase."""
    vs_players = state.phase == COMBAT_PLAYERS
    attacked = state.used_vs_players if vs_players else state.used_vs_natives
    soldiers, embarked, colonists = state.soldiers, state.emb_soldiers, state.colonists
    first = seat * AREAS
    others = [other for other in range(state.players) if other != seat] if vs_players else []
    marker_pc = vs_players and pc_benefits(state.config) == EXTENDED  # rule 20: it defends
    kinds, cities = state.site_kind, state.city_value
    for area in units.seat_areas(seat, soldiers, embarked, colonists):
        i = first + area
        have = soldiers[i] + embarked[i]
        if vs_players:
            free = have - state.used_vs_players[i]
            if free > 0:
                for other in others:
                    if _defended(state, other, area, marker_pc):
                        base = attack_index(other, area, 1)
                        yield range(base, base + free)
        elif state.natives[area]:
            free = have - state.used_vs_natives[i]
            if free > 0:
                base = natives_index(area, 1)
                yield range(base, base + free)
        if attacked[i] and (kinds[2 * area] or kinds[2 * area + 1] or cities[area]):
            yield marker_actions(state, seat, area)


def _defended(state: NewWorldState, other: int, area: int, marker_pc: bool) -> bool:
    """Whether ``other`` has anyone to attack in the Area (8.3); ``marker_pc``: under
    rule 20 his Political Control marker counts as a Soldier."""
    i = other * AREAS + area
    if state.soldiers[i] or state.colonists[i] or state.emb_soldiers[i] or state.emb_colonists[i]:
        return True
    return marker_pc and state.pc[area] == other


def combat_has_choice(state: NewWorldState, seat: int) -> bool:
    if state.losses and not state.pending:
        return len(losses.actions(state, seat)) > 1
    if state.pending:
        return len(battle.actions(state, seat)) > 1
    return any(_combat_groups(state, seat))


def apply_combat(state: NewWorldState, seat: int, index: int) -> bool:
    """One decision of a Combat Phase; True once the phase is over."""
    if state.losses and not state.pending:  # which attackers the Natives took (8.31)
        area = state.losses[1]
        if losses.apply(state, index):
            units.abandon_gold(state, seat, area)
        return False
    if state.pending:
        battle.apply(state, seat, index)
        return False
    action = SPACE[index]
    numbers = [a for a in action.args if isinstance(a, int)]
    if action.kind == "end_combat":
        state.step += 1
        return next_fighter(state)
    if action.kind == "attack":
        battle.declare(state, seat, numbers[0], numbers[1], numbers[2])
    elif action.kind == "attack_natives":
        attack_natives(state, seat, numbers[0], numbers[1])
    else:
        apply_marker(state, seat, action.kind, numbers[0])
    return False


def attack_natives(state: NewWorldState, seat: int, area: int, count: int) -> None:
    i = at(seat, area)
    battle.flip_prospectors(state, seat, area, count, state.used_vs_natives[i])
    rolled: list[int] = []  # the dice, in order, for the log

    def roll() -> int:
        rolled.append(die(state))
        return rolled[-1]

    result = fight(roll, count, state.natives[area], 0)
    state.used_vs_natives[i] += count - result.attacker_lost
    state.natives[area] -= result.soldiers_lost
    fought = (seat, area, count, result.attacker_lost, result.soldiers_lost)
    data = {"seat": seat, "area": area, "dice": rolled}
    state.log.append(Event("battle", natives_battle_words, data, None, True, fought))
    # the Soldiers that rolled odd fell: which ones is the attacker's, as against a
    # player (8.33 "the same", 8.31; rules/losses.py ATTACKING)
    losses.add(state, seat, area, result.attacker_lost, 0, seat)
    losses.settle(state)
    if not state.losses:
        units.abandon_gold(state, seat, area)


def natives_battle_words(seat: int, area: int, count: int, lost: int, natives: int) -> str:
    """An attack on Natives (8.33), written when the log is read."""
    return (
        f"{country(seat)} attacks the Natives of {area_word(area)} with"
        f" {amount(count, 'Soldier')}: " + battle.outcome(lost, amounts((natives, "Native")))
    )
