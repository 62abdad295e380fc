"""The state of a game of Africa 1880: flat lists of integers, cheap to clone.

Seats are numbered 0..n-1; ``countries[seat]`` is the country index (0..5, in
rulebook order). Per-seat tables are flat: ``orders[seat * 32 + territory]`` and
``stance[seat * n + other]`` (1 = alliance, 0 = war, as declared by ``seat``).

``held`` is derived from ``presence`` (the territories of each seat, which are also
its sheet's order lines) and ``stock`` follows from both (22 markers per country):
change presences only through ``put_presence`` / ``remove_presence``, which keep the
three together; ``positions.validate`` checks that they agree.
"""

from __future__ import annotations

from typing import Self

from meeple.engine import GameState
from meeple.games.africa1880.board import TERRITORY_COUNT

# Phases that wait for decisions; phases 3 to 5 run inside the last seal.
SETUP, DIPLOMACY, WRITING, GAME_OVER = 0, 1, 2, 3
PHASE_NAMES = ("setup", "diplomacy", "writing", "over")

# Order codes written for a presence: a territory index means "explore it".
NOTHING = -1
DEVELOP = -2
NO_LANDING = -1

ALLIANCE = 1
WAR = 0


class AfricaState(GameState):
    """Everything about one game; drafts of unsealed sheets are hidden information."""

    __slots__ = (
        "colony",
        "countries",
        "cursor",
        "dev",
        "embassy",
        "held",
        "landing",
        "last_colonies",
        "last_limited",
        "last_removed",
        "orders",
        "phase",
        "placer",
        "presence",
        "ready",
        "sealed",
        "shown_landing",
        "shown_orders",
        "shown_stance",
        "stance",
        "stock",
        "turn",
    )

    countries: tuple[int, ...]
    phase: int
    turn: int
    placer: int  # setup: how many first presences have been placed
    presence: list[int]  # per territory: bitmask of seats present
    held: list[tuple[int, ...]]  # per seat: its presences' territories, ascending
    dev: list[int]  # per territory: development tiles placed
    colony: list[bool]  # per territory: a colony piece stands there
    stock: list[int]  # per seat: presence markers not on the board
    ready: int  # diplomacy: bitmask of seats that said they are ready
    sealed: int  # writing: bitmask of seats that sealed their sheet
    orders: list[int]  # the sheets being written (hidden until the reveal)
    landing: list[int]
    stance: list[int]
    cursor: list[int]  # per seat: the sheet item it writes next (hidden too)
    embassy: list[int]  # declarations shown in the embassies (public)
    shown_orders: list[int]  # the last revealed sheets (public)
    shown_landing: list[int]
    shown_stance: list[int]
    last_removed: list[tuple[int, int]]  # (territory, seat) removed in the last phase 4
    last_colonies: list[int]  # territories that became colonies in the last phase 5
    # 3.1 note, at the last reading: (seat, the territories it explored into in the
    # alphabetical order the limit uses, how many of them were carried out) for
    # each seat that ordered more explorations than it had markers left.
    last_limited: list[tuple[int, tuple[int, ...], int]]

    def clone(self) -> Self:
        twin = type(self).__new__(type(self))
        self._copy_common(twin)
        twin.countries = self.countries
        twin.phase = self.phase
        twin.turn = self.turn
        twin.placer = self.placer
        twin.presence = self.presence.copy()
        twin.held = self.held.copy()
        twin.dev = self.dev.copy()
        twin.colony = self.colony.copy()
        twin.stock = self.stock.copy()
        twin.ready = self.ready
        twin.sealed = self.sealed
        twin.orders = self.orders.copy()
        twin.landing = self.landing.copy()
        twin.stance = self.stance.copy()
        twin.cursor = self.cursor.copy()
        twin.embassy = self.embassy.copy()
        twin.shown_orders = self.shown_orders.copy()
        twin.shown_landing = self.shown_landing.copy()
        twin.shown_stance = self.shown_stance.copy()
        twin.last_removed = self.last_removed.copy()
        twin.last_colonies = self.last_colonies.copy()
        twin.last_limited = self.last_limited.copy()
        return twin

    @property
    def players(self) -> int:
        return self.config.players

    def seat_of_country(self, country: int) -> int:
        """The seat playing ``country``, or -1 if nobody plays it."""
        try:
            return self.countries.index(country)
        except ValueError:
            return -1

    def put_presence(self, territory: int, seat: int) -> None:
        """A marker of ``seat`` leaves its stock for ``territory`` (not yet held there)."""
        self.presence[territory] |= 1 << seat
        self.stock[seat] -= 1
        self.held[seat] = tuple(sorted((*self.held[seat], territory)))

    def remove_presence(self, territory: int, seat: int) -> None:
        """The marker of ``seat`` in ``territory`` goes back to its stock."""
        self.presence[territory] &= ~(1 << seat)
        self.stock[seat] += 1
        self.held[seat] = tuple(t for t in self.held[seat] if t != territory)

    def presences_of(self, seat: int) -> tuple[int, ...]:
        """The territories where ``seat`` has a presence, read from ``presence``."""
        bit = 1 << seat
        return tuple([t for t, bits in enumerate(self.presence) if bits & bit])

    def rebuild_held(self) -> None:
        """``held`` derived again from ``presence`` (a new or hand-built board)."""
        self.held = [self.presences_of(seat) for seat in range(self.players)]

    def blank_sheets(self) -> None:
        """Blank sheets: every order left out counts as nothing / no landing / alliance."""
        n = self.players
        self.orders = [NOTHING] * (n * TERRITORY_COUNT)
        self.landing = [NO_LANDING] * n
        self.stance = [ALLIANCE] * (n * n)
        self.cursor = [0] * n
