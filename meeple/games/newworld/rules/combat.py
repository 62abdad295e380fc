"""Battle dice (8.31-8.33) as a pure procedure over a die."""

from __future__ import annotations

from dataclasses import dataclass

from meeple.games.newworld.rules.naval import Roll

COLONISTS_PER_HIT = 3


@dataclass
class Battle:
    """Losses of one battle: the attacker's Soldiers, the defender's Soldiers and
    Prospectors (or Natives), the defender's Colonists and Miners."""

    attacker_lost: int = 0
    soldiers_lost: int = 0
    colonists_lost: int = 0
    dice: int = 0


def fight(roll: Roll, attackers: int, soldiers: int, colonists: int) -> Battle:
    """Each attacking Soldier rolls once (8.31): odd, it is eliminated; even, one
    defending Soldier is, or three Colonists once no Soldier is left (8.312); a 6
    rolls again, ignoring odd results, for as long as it shows 6. Fewer than three
    Colonists left with a roll to come are eliminated without a roll. The battle
    ends when every attacker has rolled or no defender is left."""
    attacker_lost = soldiers_lost = colonists_lost = dice = 0
    s, c = soldiers, colonists  # defenders left
    for _ in range(attackers):
        if s == 0 and c < COLONISTS_PER_HIT:  # settled: no defender left, or too few
            colonists_lost += c  # Colonists to be hit: eliminated with no roll (8.312)
            break
        value = roll()
        dice += 1
        if value % 2:
            attacker_lost += 1
            continue
        while True:  # a hit, then rerolls for as long as a 6 shows
            if value % 2 == 0:
                if s:
                    s -= 1
                    soldiers_lost += 1
                else:
                    hit = min(COLONISTS_PER_HIT, c)
                    c -= hit
                    colonists_lost += hit
            if value != 6:
                break
            if s == 0 and c < COLONISTS_PER_HIT:
                colonists_lost += c
                c = 0
                break
            value = roll()
            dice += 1
    return Battle(attacker_lost, soldiers_lost, colonists_lost, dice)
