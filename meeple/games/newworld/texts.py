"""Shared words and small helpers: seat names, options, dice, Area letters, the log."""

from __future__ import annotations

from meeple.engine import Event, GameConfig
from meeple.games.newworld.board import LETTERS, load_map
from meeple.games.newworld.state import NewWorldState

WORLD = load_map()
COUNTRIES = ("England", "France", "Spain", "Portugal", "Netherlands", "Sweden")
SOLDIER_POOL = 24  # a player's Soldiers can never exceed 24 (5.2)
MAX_SOLDIER_BUY = 10
MAX_SHIPS = 12
MAX_NEW_SHIPS = 6
MAX_LANDINGS = 3
SOLDIER_COST = 10
SHIP_COST = 12
MAINTENANCE = 4
GOLD_BAR = 40
START_CASH = 160
PC_TO_WIN = 5
MAX_TURNS = 16
STANDARD = "standard"
REDUCED = "reduced"
EXTENDED = "extended"


def log(state: NewWorldState, kind: str, text: str, reveals: bool = False, **data: int) -> None:
    """A public event of the log, its words given, its numbers as data."""
    state.log.append(Event(kind, text, dict(data), None, reveals))


def letter(area: int) -> str:
    return LETTERS[area]


def area_word(area: int) -> str:
    """An Area in the game's words: its letter and the reconstructed map's name."""
    return f"{LETTERS[area]} ({WORLD.areas[area].name})"


def country(seat: int) -> str:
    return COUNTRIES[seat]


_DIE_LIMIT = (1 << 64) - (1 << 64) % 6


def die(state: NewWorldState) -> int:
    """One six-sided die from the game's seeded chance: ``state.rng.below(6) + 1``,
    the same draws, written out because every roll of the game comes through here."""
    rng = state.rng
    while True:
        value = rng.next_u64()
        if value < _DIE_LIMIT:
            return value % 6 + 1


def last_turn(config: GameConfig) -> int:
    """The turn whose end is tallied for money (14.2, 14.3, 21)."""
    if config.options.get("two_player_version") and config.players == 2:
        return 16
    turns = config.options.get("turns", 10)
    assert isinstance(turns, int)
    return turns


def pc_benefits(config: GameConfig) -> str:
    value = config.options.get("political_control_benefits", STANDARD)
    assert isinstance(value, str)
    return value


def perils(config: GameConfig) -> bool:
    return bool(config.options.get("perils_of_the_deep", False))


# ---- counts in words ------------------------------------------------------------------------


def amount(count: int, noun: str) -> str:
    """A count of one of the rulebook's nouns, in the singular for one:
    ``amount(1, "Colonist")`` is "1 Colonist", ``amount(2, "Gold Bar")`` "2 Gold Bars"."""
    return f"{count} {noun}" if count == 1 else f"{count} {noun}s"


def amounts(*counts: tuple[int, str]) -> list[str]:
    """The counts that are not zero, as ``amount`` writes them, in the given order."""
    return [amount(count, noun) for count, noun in counts if count]


def listing(parts: list[str], empty: str = "nothing") -> str:
    """Parts joined as a sentence lists them ("a", "a and b", "a, b and c");
    ``empty`` when there are none."""
    if not parts:
        return empty
    if len(parts) == 1:
        return parts[0]
    return f"{', '.join(parts[:-1])} and {parts[-1]}"
