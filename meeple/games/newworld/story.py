"""New World's story for the log: game turns, their phases, and the dice rolled.

A game turn ("turn" events) runs through the phases of the sequence of play; each
phase begins at the first public event of its kinds: the Colonists die (4.), the
Exclusive Landfall bids of turn 1 (5.41), the sealed Planning Sheets (5.), payment
and the outbound voyage (5.5, 6.), Gold (7.), initiative with movement and combat
(8.), Native uprisings (9.), survival (10.) and the homebound voyage (12.).

Dice are read from what each event already says: the uprising climate and
survival dice from their data (``die``), a battle's combat dice and the landfall
bids' tie-break dice from their data (``dice``), the others from the words the
game wrote for them (the Colonists roll, an uprising's and a discovery's die in
brackets, the dice of a crossing and of a Pirate attack or raid after the colon,
and a crossing's Naval Losses Table rolls).
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from meeple.engine.presentation import DiceRoll

# An event as the engine hands it (``Event.to_json()``: kind, text, data, ...);
# its data is read through ``event_data`` and the checked accessors below.
Raw = Mapping[str, object]

PHASES = {
    "colonists": "Colonists",
    "bids": "Exclusive Landfall",
    "tie-break": "Exclusive Landfall",
    "handicap": "Exclusive Landfall",
    "landfall": "Exclusive Landfall",
    "builds": "Payment and outbound voyage",
    "naval war": "Payment and outbound voyage",
    "mine": "Gold",
    "city": "Gold",
    "discovery": "Gold",
    "initiative": "Movement and combat",
    "uprising climate": "Native uprisings",
    "survival": "Survival",
    "pick up": "Homebound voyage",
    "gold request": "Homebound voyage",
    "gold answer": "Homebound voyage",
    "sail": "Homebound voyage",
    "home": "Homebound voyage",
}

# Where the game's words give a die: "rolls 2:", "(5):", "(1)" at the end, and the
# faces of a crossing or a Pirate fight after the first colon ("...: 5 1 6; loses ..."),
# and each Naval Losses Table roll a crossing's 1s called for ("Naval Losses Table: 4").
ROLLED = re.compile(r"\brolls ([1-6]):")
BRACKETED = re.compile(r"\(([1-6])\)(?::|$)")
FACES = re.compile(r"^[^:]*: ((?:[1-6] )*[1-6])(?:;|$)")
TABLE = re.compile(r"Naval Losses Table: ([1-6])\b")
DIE_LABELS = {"uprising climate": "Uprising Climate die", "survival": "Survival die"}
FACE_LABELS = {"voyage": "Crossing", "piracy": "Pirates"}
BRACKET_LABELS = {"uprising": "Uprising", "discovery": "Gold discovery"}


def event_data(event: Raw) -> Mapping[str, object]:
    """The event's data (empty when it has none)."""
    data = event.get("data")
    return data if isinstance(data, Mapping) else {}


def data_int(data: Mapping[str, object], key: str) -> int | None:
    """A whole number of the event's data, None if absent or not one."""
    value = data.get(key)
    return value if isinstance(value, int) else None


def data_ints(data: Mapping[str, object], key: str) -> list[int] | None:
    """A list of whole numbers of the event's data (dice), None if absent or not a
    list."""
    value = data.get(key)
    return [v for v in value if isinstance(v, int)] if isinstance(value, list) else None


def section(event: Raw) -> str | None:
    """A game turn begins a part ("Game Turn 2"); the end of the game another."""
    kind, turn = event.get("kind"), data_int(event_data(event), "turn")
    if kind == "turn" and turn is not None:
        return f"Game Turn {turn}"
    if kind == "end":
        return "End of the game"
    return None


def phase(event: Raw) -> str | None:
    """The phase of the turn an event begins (a recorded bid: the landfall bids; a
    finished Planning Sheet: planning)."""
    kind = str(event.get("kind"))
    if kind == "sealed":
        return "Exclusive Landfall" if "bid" in str(event.get("text", "")) else "Planning"
    return PHASES.get(kind)


def event_dice(event: Raw) -> list[DiceRoll]:
    """The dice an event rolled, as the game's data and words give them."""
    kind, text, data = str(event.get("kind")), str(event.get("text", "")), event_data(event)
    die, dice = data_int(data, "die"), data_ints(data, "dice")
    if kind in DIE_LABELS and die is not None:
        return [{"label": DIE_LABELS[kind], "rolls": [die]}]
    if kind == "battle" and dice is not None:
        return [{"label": "Combat", "rolls": dice}] if dice else []
    if kind == "tie-break" and dice is not None:
        return [{"label": "Tie-break", "rolls": dice}]
    out: list[DiceRoll] = []
    found: re.Match[str] | None = None
    if kind == "colonists":
        found = ROLLED.search(text)
    elif kind in BRACKET_LABELS:
        found = BRACKETED.search(text)
    elif kind in FACE_LABELS:
        found = FACES.search(text)
    if found is not None:
        label = BRACKET_LABELS.get(kind) or FACE_LABELS.get(kind) or "Colonists"
        out.append({"label": label, "rolls": [int(face) for face in found.group(1).split()]})
    if kind in FACE_LABELS:
        table = [int(value) for value in TABLE.findall(text)]
        if table:
            out.append({"label": "Naval Losses Table", "rolls": table})
    return out
