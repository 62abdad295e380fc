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
    out = Battle()

    def left() -> tuple[int, int]:
        return soldiers - out.soldiers_lost, colonists - out.colonists_lost

    def hit() -> None:
        s, c = left()
        if s:
            out.soldiers_lost += 1
        else:
            out.colonists_lost += min(COLONISTS_PER_HIT, c)

    def settled() -> bool:
        s, c = left()
        if s == 0 and 0 < c < COLONISTS_PER_HIT:
            out.colonists_lost += c  # eliminated with no roll (8.312)
            return True
        return s == 0 and c == 0

    for _ in range(attackers):
        if settled():
            break
        value = roll()
        out.dice += 1
        if value % 2:
            out.attacker_lost += 1
            continue
        hit()
        while value == 6 and not settled():
            value = roll()
            out.dice += 1
            if value % 2 == 0:
                hit()
    return out
