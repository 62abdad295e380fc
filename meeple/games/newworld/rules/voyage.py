"""A Fleet's crossing or coastal voyage and its Naval Losses (6.2, 6.3, 12.2, 18.3).

``voyage`` rolls the dice and takes the losses; when a Ship is about to be lost
its owner first arranges his Fleet card (rules/fleetcard.py) and the voyage waits:
the movement whose voyage it was (rules/outbound.py, rules/homebound.py) goes on
once the card is arranged."""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.rules import fleetcard
from meeple.games.newworld.rules.cargo import cargo_of, store_cargo
from meeple.games.newworld.rules.chance import roll_dice
from meeple.games.newworld.rules.naval import Progress
from meeple.games.newworld.state import (
    NewWorldState,
)
from meeple.games.newworld.texts import (
    WORLD,
    amount,
    amounts,
    area_word,
    country,
    listing,
)

# A voyage's words per Area reached (its log text is written when read).
CROSSES_TO = tuple(f"crosses to {area_word(a.index)}" for a in WORLD.areas)
ALONG_THE_COAST_TO = tuple(f"sails along the coast to {area_word(a.index)}" for a in WORLD.areas)
ZONES = 12  # Sea Zone numbers 0-11, for the Perils of the Deep markers


NO_LOSSES = (0, 0, 0)  # Ships, Soldiers, Colonists


def voyage(
    state: NewWorldState,
    seat: int,
    dice: int,
    homebound: bool,
    where: str,
    then: int,
    arg: int = 0,
    markers: int = -1,
) -> bool:
    """Roll a crossing's Naval Losses dice and take the losses (6.2, 12.2). With
    Perils of the Deep (``markers`` >= 0, the markers crossed) no crossing die is
    rolled: each marker is one Naval Losses Table roll (18.3, 18.5). False when a
    Ship is about to be lost and its owner arranges his Fleet card first (6.21):
    the voyage goes on from ``then`` (rules/fleetcard.py) once he has."""
    rolled = roll_dice(state, dice) if markers < 0 else []
    table_rolls = rolled.count(1) if markers < 0 else markers
    if not table_rolls:  # no Naval Losses Table roll: nothing aboard changes
        calm = (seat, where, tuple(rolled), NO_LOSSES, (), markers)
        state.log.append(Event("voyage", voyage_words, {"seat": seat}, None, True, calm))
        return True
    cargo = cargo_of(state, seat)
    progress = Progress(table_rolls)
    done = fleetcard.losses(state, seat, cargo, progress, homebound)
    losses = (cargo.lost_ships, cargo.lost_soldiers, cargo.lost_colonists)
    notes = tuple(cargo.notes) if done else (*cargo.notes, "the Fleet card is arranged (6.21)")
    words = (seat, where, tuple(rolled), losses, notes, markers)
    state.log.append(Event("voyage", voyage_words, {"seat": seat}, None, True, words))
    store_cargo(state, seat, cargo)
    if not done:
        fleetcard.pause(state, seat, cargo, progress, homebound, then, arg)
    return done


def voyage_words(
    seat: int,
    where: str,
    rolled: tuple[int, ...],
    losses: tuple[int, int, int],
    notes: tuple[str, ...],
    markers: int = -1,
) -> str:
    """A crossing in words, written only when someone reads the log (``Event``);
    ``markers`` >= 0: the Perils of the Deep markers crossed instead of dice (18.3)."""
    if markers >= 0:
        faces = amount(markers, "Perils of the Deep marker") if markers else "no Perils marker"
    else:
        faces = " ".join(str(v) for v in rolled) or "no dice"
    text = f"{country(seat)}'s Fleet {where}: {faces}"
    ships, soldiers, colonists = losses
    lost = amounts((ships, "Ship"), (soldiers, "Soldier"), (colonists, "Colonist"))
    if lost:
        text += f"; loses {listing(lost)} (" + "; ".join(notes) + ")"
    elif notes:  # Naval Losses Table rolls that cost nothing are told too
        text += "; nothing lost (" + "; ".join(notes) + ")"
    return text
