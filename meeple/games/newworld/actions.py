"""New World's fixed action space: every decision text, built once, numbered.

Each text starts with a verb the interface groups by: take/roll (Colonists), bid,
choose (landfall), maintain/build/buy/land/send/seal (the Planning Sheet), move,
carry, embark, prospect, mine, loot, end (Land Movement), attack, end (combat),
sail (homebound); devote/declare (Piracy on the sheet), attack/raid (Pirates
homebound), keep (arrivals aboard, 6.4), load (the Fleet card's rows, 6.21); lose /
take the suggested losses (a unit lost to a battle 8.314, an uprising 9.4 or the
climate 10.1), retreat (all, or some, 8.32), attack / spare the colonists (8.312).
pick up / ask / refuse / allow (the Fleet's pickups homebound, 12.1, and Gold an
opponent holds, 8.223), claim / leave (a Gold Site, 16.411), roll / stop / offer /
refuse / agree (the attacker between two dice and the defender's answer, 8.31, 22.3).
Areas are written by their letter, in lower case. Actions added by a later rules
version go at the end, so the indices of the others stay.
"""

from __future__ import annotations

from meeple.engine import ActionSpace
from meeple.games.newworld.board import AREAS, LETTERS
from meeple.games.newworld.texts import (
    COUNTRIES,
    MAX_NEW_SHIPS,
    MAX_SHIPS,
    MAX_SOLDIER_BUY,
    SOLDIER_POOL,
    START_CASH,
    WORLD,
)

# The defender's loss choices (8.314), in the order of rules/losses.py's kinds.
LOSS_WORDS = (
    "soldier",
    "embarked soldier",
    "prospector",
    "looter",
    "colonist",
    "embarked colonist",
    "miner",
)
# What one row of the Fleet card may hold: two Personnel and two Gold Bars (5.3).
SHIP_LOADS = tuple(
    (soldiers, colonists, bars)
    for soldiers in range(3)
    for colonists in range(3 - soldiers)
    for bars in range(3)
)
MARKER_LOSS = len(LOSS_WORDS)  # "lose political control marker" (20), listed after the rest
MARKER_WORD = "political control marker"
MAX_MOVE = 60  # the largest group moved, sent or retreated in one action
MAX_SEND = 2 * MAX_SHIPS


def _l(area: int) -> str:
    return LETTERS[area].lower()


def _entries() -> list[tuple[str, tuple[int | str, ...], str]]:
    out: list[tuple[str, tuple[int | str, ...], str]] = [
        ("take", (), "take 4 colonists"),
        ("roll", (), "roll for colonists"),
    ]
    out += [("bid", (n,), f"bid {n}") for n in range(START_CASH + 1)]
    out += [("choose", (a,), f"choose landfall {_l(a)}") for a in range(AREAS)]
    out += [("maintain", (n,), f"maintain {n} ships") for n in range(MAX_SHIPS + 1)]
    out += [("build", (n,), f"build {n} ships") for n in range(MAX_NEW_SHIPS + 1)]
    out += [("buy", (n,), f"buy {n} soldiers") for n in range(MAX_SOLDIER_BUY + 1)]
    out += [("land", (a,), f"land at {_l(a)}") for a in range(AREAS)]
    out += [("send_soldiers", (n,), f"send {n} soldiers") for n in range(MAX_SEND + 1)]
    out += [("send_colonists", (n,), f"send {n} colonists") for n in range(MAX_SEND + 1)]
    out += [("seal", (), "seal plan")]
    for area in WORLD.areas:
        for to in area.land:
            out += [
                (
                    "move_soldiers",
                    (area.index, to, n),
                    f"move {n} soldiers {_l(area.index)} {_l(to)}",
                )
                for n in range(1, SOLDIER_POOL + 1)
            ]
            out += [
                (
                    "move_colonists",
                    (area.index, to, n),
                    f"move {n} colonists {_l(area.index)} {_l(to)}",
                )
                for n in range(1, MAX_MOVE + 1)
            ]
            out.append(("carry", (area.index, to), f"carry gold {_l(area.index)} {_l(to)}"))
    for a in range(AREAS):
        out += [
            ("embark_soldier", (a,), f"embark soldier {_l(a)}"),
            ("embark_colonist", (a,), f"embark colonist {_l(a)}"),
            ("embark_gold", (a,), f"embark gold {_l(a)}"),
            ("prospect", (a,), f"prospect {_l(a)}"),
            ("mine", (a,), f"mine {_l(a)}"),
            ("loot", (a,), f"loot {_l(a)}"),
        ]
    out.append(("end_movement", (), "end movement"))
    for seat, name in enumerate(COUNTRIES):
        for a in range(AREAS):
            out += [
                ("attack", (seat, a, n), f"attack {name.lower()} at {_l(a)} with {n}")
                for n in range(1, SOLDIER_POOL + 1)
            ]
    for a in range(AREAS):
        out += [
            ("attack_natives", (a, n), f"attack natives at {_l(a)} with {n}")
            for n in range(1, SOLDIER_POOL + 1)
        ]
    out.append(("end_combat", (), "end combat"))
    out += [("sail", (a,), f"sail to {_l(a)}") for a in range(AREAS)]
    out.append(("sail_home", (), "sail home"))
    out += [("retreat", (a,), f"retreat colonists to {_l(a)}") for a in range(AREAS)]
    out.append(("stand", (), "stand and fight"))
    out += [("explore", (a,), f"explore {_l(a)}") for a in range(AREAS)]
    out.append(("skip_explore", (), "explore nothing"))
    out += [("lose", (k,), f"lose {word}") for k, word in enumerate(LOSS_WORDS)]
    # Piracy (22): the Planning Sheet's declaration, the Pirates' attacks homebound.
    out += [("devote", (n,), f"devote {n} ships to piracy") for n in range(MAX_SHIPS + 1)]
    out += [
        ("declare", (seat,), f"declare naval war on {name.lower()}")
        for seat, name in enumerate(COUNTRIES)
    ]
    out.append(("attack_fleet", (), "attack enemy fleet"))
    out.append(("raid", (), "raid port"))
    # 6.4: arrivals that stay aboard at the Fleet's final Anchorage, to sail home.
    for a in range(AREAS):
        out += [
            ("keep_soldier", (a,), f"keep soldier aboard {_l(a)}"),
            ("keep_colonist", (a,), f"keep colonist aboard {_l(a)}"),
        ]
    # 8.32: Soldiers retreat if the attacker allows it; the defender fights on die by die.
    out += [("retreat_soldiers", (a,), f"retreat soldiers to {_l(a)}") for a in range(AREAS)]
    out.append(("allow_retreat", (), "allow soldiers to retreat"))
    out.append(("forbid_retreat", (), "forbid soldiers to retreat"))
    out.append(("fight_to_end", (), "fight to the end"))
    out.append(("object_retreat", (), "object to the retreat"))
    out.append(("accept_retreat", (), "accept the retreat"))
    # 5.4: how many land at a Landing left short by Naval Losses.
    for a in range(AREAS):
        out += [
            ("land_soldiers", (a, n), f"land {n} soldiers at {_l(a)}") for n in range(MAX_SEND + 1)
        ]
        out += [
            ("land_colonists", (a, n), f"land {n} colonists at {_l(a)}")
            for n in range(MAX_SEND + 1)
        ]
    # 6.21, 6.23: the Fleet card arranged row by row before a Ship is lost.
    out += [
        (
            "load_ship",
            load,
            f"load ship with {load[0]} soldiers, {load[1]} colonists, {load[2]} bars",
        )
        for load in SHIP_LOADS
    ]
    # 20: the Political Control marker taken as a combat loss; every loss of one
    # record as suggested (8.314, 9.4, 10.1; rules/losses.py).
    out.append(("lose", (MARKER_LOSS,), f"lose {MARKER_WORD}"))
    out.append(("accept_losses", (), "take the suggested losses"))
    # 8.32: some of the Colonists or Soldiers on land retreat (free ones first, then
    # those on markers); "retreat colonists to x" retreats them all.
    for a in range(AREAS):
        out += [
            ("retreat_some_colonists", (a, n), f"retreat {n} colonists to {_l(a)}")
            for n in range(1, MAX_MOVE + 1)
        ]
        out += [
            ("retreat_some_soldiers", (a, n), f"retreat {n} soldiers to {_l(a)}")
            for n in range(1, SOLDIER_POOL + 1)
        ]
    # 8.312: the attacker, the defending Soldiers gone, may go on against the Colonists.
    out.append(("attack_colonists", (), "attack the colonists"))
    out.append(("spare_colonists", (), "spare the colonists"))
    # 12.1: what the Fleet picks up where it lies (all that fits, or one unit at a time;
    # what it leaves goes back to the Area, 8.21); 8.223: Gold held by an opponent's
    # Personnel in its owner's absence leaves only if they agree.
    for a in range(AREAS):
        out += [
            ("pick_up", (a,), f"pick up all at {_l(a)}"),
            ("pick_up_soldier", (a,), f"pick up soldier at {_l(a)}"),
            ("pick_up_colonist", (a,), f"pick up colonist at {_l(a)}"),
            ("pick_up_gold", (a,), f"pick up gold at {_l(a)}"),
            ("ask_gold", (a,), f"ask to ship gold at {_l(a)}"),
        ]
    out.append(("refuse_gold", (), "refuse the gold shipped"))
    out.append(("allow_gold", (), "allow the gold shipped"))
    # 16.411: the second occupant of a newly explored Area may claim its second Gold Site.
    out += [("claim_site", (a,), f"claim gold site at {_l(a)}") for a in range(AREAS)]
    out += [("leave_site", (a,), f"leave gold site at {_l(a)}") for a in range(AREAS)]
    # 8.31, 22.3: the attacker (or the Pirate) between two dice: the next die, a 6's
    # reroll or not ("fight to the end" rolls the rest without asking), or an offer to
    # cancel the attack, which the defender refuses or agrees to.
    out.append(("roll_next", (), "roll the next die"))
    out.append(("roll_again", (), "roll again"))
    out.append(("stop_rolling", (), "stop rolling"))
    out.append(("offer_cancel", (), "offer to cancel the attack"))
    out.append(("refuse_cancel", (), "refuse to cancel"))
    out.append(("agree_cancel", (), "agree to cancel"))
    return out


SPACE = ActionSpace(_entries())

TAKE = SPACE.index("take")
ROLL = SPACE.index("roll")
BID = tuple(SPACE.index("bid", n) for n in range(START_CASH + 1))
CHOOSE = tuple(SPACE.index("choose", a) for a in range(AREAS))
MAINTAIN = tuple(SPACE.index("maintain", n) for n in range(MAX_SHIPS + 1))
BUILD = tuple(SPACE.index("build", n) for n in range(MAX_NEW_SHIPS + 1))
BUY = tuple(SPACE.index("buy", n) for n in range(MAX_SOLDIER_BUY + 1))
LAND = tuple(SPACE.index("land", a) for a in range(AREAS))
SEND_SOLDIERS = tuple(SPACE.index("send_soldiers", n) for n in range(MAX_SEND + 1))
SEND_COLONISTS = tuple(SPACE.index("send_colonists", n) for n in range(MAX_SEND + 1))
SEAL = SPACE.index("seal")
END_MOVEMENT = SPACE.index("end_movement")
END_COMBAT = SPACE.index("end_combat")
SAIL = tuple(SPACE.index("sail", a) for a in range(AREAS))
SAIL_HOME = SPACE.index("sail_home")
RETREAT = tuple(SPACE.index("retreat", a) for a in range(AREAS))
STAND = SPACE.index("stand")
EXPLORE = tuple(SPACE.index("explore", a) for a in range(AREAS))
SKIP_EXPLORE = SPACE.index("skip_explore")
LOSE = tuple(SPACE.index("lose", k) for k in range(len(LOSS_WORDS) + 1))  # the marker last
ACCEPT_LOSSES = SPACE.index("accept_losses")
ATTACK_COLONISTS = SPACE.index("attack_colonists")
SPARE_COLONISTS = SPACE.index("spare_colonists")
# RETREAT_SOME_COLONISTS[area] + n - 1 is "retreat n colonists to area" (8.32)
RETREAT_SOME_COLONISTS = tuple(SPACE.index("retreat_some_colonists", a, 1) for a in range(AREAS))
RETREAT_SOME_SOLDIERS = tuple(SPACE.index("retreat_some_soldiers", a, 1) for a in range(AREAS))
DEVOTE = tuple(SPACE.index("devote", n) for n in range(MAX_SHIPS + 1))
DECLARE = tuple(SPACE.index("declare", s) for s in range(len(COUNTRIES)))
ATTACK_FLEET = SPACE.index("attack_fleet")
RAID = SPACE.index("raid")
KEEP_SOLDIER = tuple(SPACE.index("keep_soldier", a) for a in range(AREAS))
RETREAT_SOLDIERS = tuple(SPACE.index("retreat_soldiers", a) for a in range(AREAS))
ALLOW_RETREAT = SPACE.index("allow_retreat")
FORBID_RETREAT = SPACE.index("forbid_retreat")
FIGHT_TO_END = SPACE.index("fight_to_end")
OBJECT_RETREAT = SPACE.index("object_retreat")
ACCEPT_RETREAT = SPACE.index("accept_retreat")
KEEP_COLONIST = tuple(SPACE.index("keep_colonist", a) for a in range(AREAS))
# LAND_SOLDIERS[area][n] is "land n soldiers at area" (a shortfall, 5.4)
LAND_SOLDIERS = tuple(
    tuple(SPACE.index("land_soldiers", a, n) for n in range(MAX_SEND + 1)) for a in range(AREAS)
)
LAND_COLONISTS = tuple(
    tuple(SPACE.index("land_colonists", a, n) for n in range(MAX_SEND + 1)) for a in range(AREAS)
)
EMBARK_SOLDIER = tuple(SPACE.index("embark_soldier", a) for a in range(AREAS))
EMBARK_COLONIST = tuple(SPACE.index("embark_colonist", a) for a in range(AREAS))
EMBARK_GOLD = tuple(SPACE.index("embark_gold", a) for a in range(AREAS))
PROSPECT = tuple(SPACE.index("prospect", a) for a in range(AREAS))
MINE_AT = tuple(SPACE.index("mine", a) for a in range(AREAS))
LOOT = tuple(SPACE.index("loot", a) for a in range(AREAS))
CARRY = {(a.index, to): SPACE.index("carry", a.index, to) for a in WORLD.areas for to in a.land}
# MOVE_SOLDIERS[(from, to)] + n - 1 is "move n soldiers from to"
MOVE_SOLDIERS = {
    (a.index, to): SPACE.index("move_soldiers", a.index, to, 1)
    for a in WORLD.areas
    for to in a.land
}
MOVE_COLONISTS = {
    (a.index, to): SPACE.index("move_colonists", a.index, to, 1)
    for a in WORLD.areas
    for to in a.land
}
ATTACK_BASE = SPACE.index("attack", 0, 0, 1)  # + (seat * AREAS + area) * 24 + n - 1
NATIVES_BASE = SPACE.index("attack_natives", 0, 1)  # + area * 24 + n - 1


def attack_index(defender: int, area: int, n: int) -> int:
    return ATTACK_BASE + (defender * AREAS + area) * SOLDIER_POOL + n - 1


def natives_index(area: int, n: int) -> int:
    return NATIVES_BASE + area * SOLDIER_POOL + n - 1


PICK_UP = tuple(SPACE.index("pick_up", a) for a in range(AREAS))
PICK_UP_SOLDIER = tuple(SPACE.index("pick_up_soldier", a) for a in range(AREAS))
PICK_UP_COLONIST = tuple(SPACE.index("pick_up_colonist", a) for a in range(AREAS))
PICK_UP_GOLD = tuple(SPACE.index("pick_up_gold", a) for a in range(AREAS))
ASK_GOLD = tuple(SPACE.index("ask_gold", a) for a in range(AREAS))
REFUSE_GOLD = SPACE.index("refuse_gold")
ALLOW_GOLD = SPACE.index("allow_gold")
CLAIM_SITE = tuple(SPACE.index("claim_site", a) for a in range(AREAS))
LEAVE_SITE = tuple(SPACE.index("leave_site", a) for a in range(AREAS))
ROLL_NEXT = SPACE.index("roll_next")
ROLL_AGAIN = SPACE.index("roll_again")
STOP_ROLLING = SPACE.index("stop_rolling")
OFFER_CANCEL = SPACE.index("offer_cancel")
REFUSE_CANCEL = SPACE.index("refuse_cancel")
AGREE_CANCEL = SPACE.index("agree_cancel")
# LOAD_SHIP[(soldiers, colonists, bars)] is "load ship with ..." (6.21)
LOAD_SHIP = {load: SPACE.index("load_ship", *load) for load in SHIP_LOADS}
