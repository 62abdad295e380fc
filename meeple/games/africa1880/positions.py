"""Africa 1880 positions for tests, analysis and bug reports: a builder, and the
invariants every position keeps.

``Position`` lays out a position in the rulebook's terms and ``build()`` returns
the ``AfricaState``, its derived data filled in and ``validate`` passed::

    state = (
        Position("great britain,france,germany")
        .presence("nigeria", "france", "germany")
        .developed("nigeria", 2)
        .colony("egypt", by="great britain")
        .declared_war("germany", "france")
        .turn(3)
        .phase("writing")
        .sheet("france", {"nigeria": "develop"}, land="dakar", war=["germany"])
        .build()
    )

A seat is named by its country id (``"france"``) or by its number. What the
builder fills in itself: each seat's stock (22 markers less those on the board:
a scenario with few markers left puts the others on the board), the order lines
of the sheets, whose decision it is (the next first placement in Setup; the seats
not ready in 1) Diplomatic Action; the seats that have not sealed in 2) Writing
Orders) and, after 1880, the last revealed sheets: blank orders and the embassy
declarations. The built position has an empty log.

``validate(state)`` raises ``InvalidState`` listing every broken invariant:
conservation of presence markers, development within the squares, colonies only
where 5) Building Colonies could have placed them, seat bitmasks naming existing
seats, a consistent phase, sheets holding only orders that can be written, and
embassy declarations. It costs one pass over the board and the sheets.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Self

from meeple.engine import InvalidState
from meeple.engine.config import OptionValue
from meeple.games.africa1880.actions import ORDER, TABLES
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, COUNTRY_NAMES, YEARS
from meeple.games.africa1880.rules.placement import placement_order
from meeple.games.africa1880.rules.writing import explore_targets
from meeple.games.africa1880.setup import new_state
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    DIPLOMACY,
    GAME_OVER,
    NO_LANDING,
    NOTHING,
    PHASE_NAMES,
    SETUP,
    WAR,
    WRITING,
    AfricaState,
)

T = len(BOARD.ids)
GAME_NAME = "africa1880"
Who = int | str  # a seat number or a country id


class Position:
    """A builder of Africa 1880 positions; every method returns the builder.

    Defaults: an empty map, turn 1 (1880), phase 1) Diplomatic Action with nobody
    ready, blank sheets, every embassy marker on the alliance side.
    """

    def __init__(
        self,
        countries: str | Sequence[str],
        *,
        seed: int = 1,
        options: Mapping[str, OptionValue] | None = None,
    ) -> None:
        """``countries``: the country of each seat in seat order, as the
        ``countries`` option spells it (``"france,germany,belgium"``) or a list.
        ``seed`` and ``options`` go into the config (the game draws nothing);
        ``historical_placement`` is off: the builder lays out the map."""
        names = countries.split(",") if isinstance(countries, str) else list(countries)
        self._countries = ",".join(name.strip().lower() for name in names)
        self._ids = tuple(self._countries.split(","))
        self._seed = seed
        self._options = dict(options or {})
        self._presence = [0] * T
        self._dev = [0] * T
        self._colony = [False] * T
        self._turn = 0
        self._phase = DIPLOMACY
        self._wars: set[tuple[int, int]] = set()
        self._ready = 0
        self._sealed = 0
        self._sheets: dict[int, _Sheet] = {}

    # ---- the board -------------------------------------------------------------

    def presence(self, territory: str, *who: Who) -> Self:
        """A presence of each of these seats in ``territory``."""
        t = _territory(territory)
        for seat in who:
            self._presence[t] |= 1 << self._seat(seat)
        return self

    def developed(self, territory: str, tiles: int | None = None) -> Self:
        """``tiles`` development tiles in ``territory`` (None: every square)."""
        t = _territory(territory)
        self._dev[t] = BOARD.squares[t] if tiles is None else tiles
        return self

    def colony(self, *territories: str, by: Who | Iterable[Who] = ()) -> Self:
        """Colony pieces on these territories, fully developed (5) Building
        Colonies), with presences of the seats ``by`` there."""
        seats = [by] if isinstance(by, int | str) else list(by)
        for territory in territories:
            self.developed(territory).presence(territory, *seats)
            self._colony[_territory(territory)] = True
        return self

    # ---- time and diplomacy ----------------------------------------------------

    def turn(self, number: int) -> Self:
        """The turn, 1 (1880) to 8 (1914), as the views number it."""
        if not 1 <= number <= len(YEARS):
            raise ValueError(f"turns are numbered 1 to {len(YEARS)}, not {number}")
        self._turn = number - 1
        return self

    def year(self, year: int) -> Self:
        """The turn by its year (Turn Structure: 1880, 1885, ..., 1910, 1914)."""
        if year not in YEARS:
            raise ValueError(f"the turns are the years {', '.join(map(str, YEARS))}")
        return self.turn(YEARS.index(year) + 1)

    def phase(self, name: str) -> Self:
        """``setup``, ``diplomacy``, ``writing`` or ``over``. In setup the seats
        with a presence are those that have placed their first one."""
        if name not in PHASE_NAMES:
            raise ValueError(f"unknown phase {name!r}; choose among {', '.join(PHASE_NAMES)}")
        self._phase = PHASE_NAMES.index(name)
        return self

    def declared_war(self, by: Who, *on: Who) -> Self:
        """3.3: the embassy markers show that ``by`` declared war on these seats at
        the last reading (every other marker shows the alliance)."""
        for other in on:
            self._wars.add((self._seat(by), self._seat(other)))
        return self

    def ready(self, *who: Who) -> Self:
        """1) Diplomatic Action: these seats have said they are ready."""
        for seat in who:
            self._ready |= 1 << self._seat(seat)
        return self

    # ---- the sheets --------------------------------------------------------------

    def sheet(
        self,
        who: Who,
        orders: Mapping[str, str] | None = None,
        *,
        land: str | None = None,
        war: Iterable[Who] = (),
        line: int | None = 0,
        sealed: bool = False,
    ) -> Self:
        """2) Writing Orders: ``who``'s draft. ``orders`` maps its territories to
        ``develop``, ``nothing`` or ``explore <territory>`` (the rest: nothing);
        ``land`` names a coast (None: no landing); relations with ``war`` are wars,
        the others alliances. ``line`` is the line it writes next (0: the first
        order; the landing follows the orders, then the relations in the DIPLO
        table's order; None: every line written). ``sealed``: handed in."""
        seat = self._seat(who)
        codes = {_territory(t): _order_code(t, text) for t, text in (orders or {}).items()}
        target = NO_LANDING if land is None else _territory(land)
        self._sheets[seat] = _Sheet(codes, target, {self._seat(o) for o in war}, line)
        if sealed:
            self._sealed |= 1 << seat
        return self

    # ---- the result --------------------------------------------------------------

    def build(self) -> AfricaState:
        """The position, derived data filled in; ``InvalidState`` if it breaks an
        invariant (see ``validate``)."""
        options = {**self._options, "countries": self._countries, "historical_placement": False}
        state = new_state(len(self._ids), options, self._seed)
        self._lay_out(state)
        self._set_phase(state)
        validate(state)
        return state

    def _lay_out(self, state: AfricaState) -> None:
        n = state.players
        state.presence = self._presence.copy()
        state.dev = self._dev.copy()
        state.colony = self._colony.copy()
        state.rebuild_held()
        state.blank_sheets()
        state.stock = [BOARD.markers_per_country - len(held) for held in state.held]
        state.turn = self._turn
        state.embassy = [ALLIANCE] * (n * n)
        for a, b in self._wars:
            state.embassy[a * n + b] = WAR
        if self._turn > 0 or self._phase == GAME_OVER:
            state.shown_orders = [NOTHING] * (n * T)
            state.shown_landing = [NO_LANDING] * n
            state.shown_stance = state.embassy.copy()
        state.log = []

    def _set_phase(self, state: AfricaState) -> None:
        n = state.players
        everyone = (1 << n) - 1
        state.phase = self._phase
        state.placer = n
        state.ready = state.sealed = everyone
        if self._phase == SETUP:
            state.placer = sum(1 for held in state.held if held)
            state.ready = state.sealed = 0
        elif self._phase == DIPLOMACY:
            state.ready = self._ready
            state.sealed = everyone if self._turn > 0 else 0
        elif self._phase == WRITING:
            state.sealed = self._sealed
        if self._ready and self._phase != DIPLOMACY:
            raise ValueError("seats say they are ready only in the diplomacy phase")
        for seat, sheet in self._sheets.items():  # outside writing, validate refuses them
            sheet.write(state, seat)

    def _seat(self, who: Who) -> int:
        if isinstance(who, int):
            if not 0 <= who < len(self._ids):
                raise ValueError(f"seat {who} does not exist; seats are 0..{len(self._ids) - 1}")
            return who
        name = who.strip().lower()
        if name not in self._ids:
            raise ValueError(f"{who!r} is not in this game; the countries are {self._countries}")
        return self._ids.index(name)


@dataclass(frozen=True)
class _Sheet:
    """One seat's draft as the builder was given it."""

    orders: dict[int, int]
    landing: int
    wars: set[int]
    line: int | None

    def write(self, state: AfricaState, seat: int) -> None:
        n = state.players
        for t, code in self.orders.items():
            state.orders[seat * T + t] = code
        state.landing[seat] = self.landing
        for other in self.wars:
            state.stance[seat * n + other] = WAR
        end = len(state.held[seat]) + n
        state.cursor[seat] = end if self.line is None else self.line


def _territory(name: str) -> int:
    key = name.strip().lower()
    if key not in BOARD.ids:
        raise ValueError(f"unknown territory {name!r}; territories are {', '.join(BOARD.ids)}")
    return BOARD.index(key)


def _order_code(territory: str, text: str) -> int:
    """The code of ``<territory>: <text>`` through the order's canonical action text."""
    action = TABLES.space.parse(f"{territory}: {text}")
    if action.kind != ORDER:
        raise ValueError(f"{text!r} is not an order for a presence")
    return int(action.args[1])


# ---- invariants ------------------------------------------------------------------


def validate(state: AfricaState) -> None:
    """Raise ``InvalidState`` listing every broken invariant of ``state``.

    Checked in one pass over the board and the sheets: the shapes of the tables;
    the countries; the turn and phase with the ready / sealed / placement
    counters; presence bitmasks naming existing seats, ``held`` agreeing with
    them and 22 markers per country on the board or in stock; development tiles
    within each territory's squares; colonies only on fully developed, occupied
    territories; drafts blank outside 2) Writing Orders and, while sheets are
    written, holding only orders that can be written; embassy and revealed
    declarations; the last removals and colonies.
    """
    problems = _shape_problems(state) or _frame(state)
    if not problems:
        for check in (_counters, _game_end, _markers, _board, _drafts, _declarations, _history):
            problems.extend(check(state))
    if problems:
        raise InvalidState(GAME_NAME, problems)


def _shape_problems(state: AfricaState) -> list[str]:
    n = state.players
    sizes = {
        "countries": n,
        "presence": T,
        "dev": T,
        "colony": T,
        "stock": n,
        "held": n,
        "orders": n * T,
        "landing": n,
        "stance": n * n,
        "cursor": n,
        "embassy": n * n,
    }
    problems = [
        f"{field} has {len(getattr(state, field))} entries, not {size}"
        for field, size in sizes.items()
        if len(getattr(state, field)) != size
    ]
    shown = (len(state.shown_orders), len(state.shown_landing), len(state.shown_stance))
    if shown not in ((0, 0, 0), (n * T, n, n * n)):
        problems.append(
            f"the revealed sheets have {shown} entries, not none or {(n * T, n, n * n)}"
        )
    return problems


def _name(state: AfricaState, seat: int) -> str:
    return COUNTRY_NAMES[state.countries[seat]]


def _frame(state: AfricaState) -> list[str]:
    """Countries, turn and phase: the values every other check reads."""
    countries = state.countries
    if any(not 0 <= c < len(COUNTRY_IDS) for c in countries):
        return [f"countries {countries} name a country outside 0..{len(COUNTRY_IDS) - 1}"]
    if len(set(countries)) != len(countries):
        return [f"countries {countries}: each seat plays a different country"]
    if not 0 <= state.turn < len(YEARS):
        return [f"turn index {state.turn} is outside 0..{len(YEARS) - 1}"]
    if state.phase not in (SETUP, DIPLOMACY, WRITING, GAME_OVER):
        return [f"phase {state.phase} is none of {PHASE_NAMES}"]
    return []


def _counters(state: AfricaState) -> list[str]:
    """The ready / sealed bitmasks and the placement counter of the phase: who decides."""
    n, phase = state.players, state.phase
    everyone = (1 << n) - 1
    ready, sealed = {
        SETUP: (0, 0),
        DIPLOMACY: (None, everyone if state.turn else 0),
        WRITING: (everyone, None),
        GAME_OVER: (everyone, everyone),
    }[phase]
    problems = [
        _bitmask_problem(state, "ready", state.ready, ready),
        _bitmask_problem(state, "sealed", state.sealed, sealed),
    ]
    if phase == DIPLOMACY and state.ready == everyone:
        problems.append("1) every seat is ready but the phase is still diplomacy")
    if phase == WRITING and state.sealed == everyone:
        problems.append("2) every sheet is sealed but the phase is still writing")
    if phase == SETUP and (state.turn or not 0 <= state.placer < n):
        problems.append(f"Setup in turn index {state.turn} with {state.placer} seats placed")
    if phase != SETUP and state.placer != n:
        problems.append(f"{state.placer} first presences counted after setup, not {n}")
    return [problem for problem in problems if problem]


def _bitmask_problem(state: AfricaState, label: str, bits: int, wanted: int | None) -> str:
    everyone = (1 << state.players) - 1
    if not 0 <= bits <= everyone:
        return f"{label} bitmask {bits:#b} names a seat beyond {state.players - 1}"
    if wanted is not None and bits != wanted:
        return f"{label} bitmask is {bits:#b} in {PHASE_NAMES[state.phase]}, not {wanted:#b}"
    return ""


def _game_end(state: AfricaState) -> list[str]:
    """The End of the Game: after 1914, or once the last colony piece is placed."""
    colonies = sum(state.colony)
    over = state.phase == GAME_OVER
    if over and state.turn < len(YEARS) - 1 and colonies < BOARD.colony_pieces:
        return [f"the game is over in {YEARS[state.turn]} with only {colonies} colonies"]
    if not over and colonies >= BOARD.colony_pieces:
        return [f"{colonies} colonies stand: the game should have ended"]
    return []


def _markers(state: AfricaState) -> list[str]:
    """Bitmasks name existing seats; ``held`` agrees with them; 22 markers each."""
    n = state.players
    everyone = (1 << n) - 1
    problems = [
        f"{BOARD.names[t]}: presence bitmask {bits:#b} names a seat beyond {n - 1}"
        for t, bits in enumerate(state.presence)
        if not 0 <= bits <= everyone
    ]
    held = state.held
    if not _held_agrees(state):
        held = [state.presences_of(seat) for seat in range(n)]
        problems.extend(
            f"held[{seat}] lists {_places(state.held[seat])}, but {_name(state, seat)}"
            f" is present in {_places(held[seat])}"
            for seat in range(n)
            if state.held[seat] != held[seat]
        )
    for seat in range(n):
        on_board, stock = len(held[seat]), state.stock[seat]
        if stock < 0 or on_board + stock != BOARD.markers_per_country:
            problems.append(
                f"{_name(state, seat)} has {on_board} presence markers on the board and"
                f" {stock} in stock; a country has {BOARD.markers_per_country}"
            )
    if state.phase == SETUP:
        problems.extend(_first_presences(state))
    return problems


def _places(territories: Iterable[int]) -> str:
    return ", ".join(BOARD.names[t] if 0 <= t < T else str(t) for t in territories) or "nowhere"


def _held_agrees(state: AfricaState) -> bool:
    """``held`` lists, ascending, exactly the presences of each seat: each listed
    one is on the board, and there are as many listed as on the board."""
    presence = state.presence
    for seat, held in enumerate(state.held):
        bit = 1 << seat
        if list(held) != sorted(set(held)) or not all([presence[t] & bit for t in held]):
            return False
    return sum(map(int.bit_count, presence)) == sum(map(len, state.held))


def _first_presences(state: AfricaState) -> list[str]:
    """Setup: the seats that have placed (rulebook order) hold one coast each."""
    problems = []
    for rank, seat in enumerate(placement_order(state)):
        held = state.presences_of(seat)
        if rank < state.placer and (len(held) != 1 or not BOARD.coastal[held[0]]):
            problems.append(
                f"Setup: {_name(state, seat)} has placed its first presence, so it has one,"
                f" on a coast; it is present in {_places(held)}"
            )
        elif rank >= state.placer and held:
            problems.append(
                f"Setup: {_name(state, seat)} has not placed yet (placement follows the"
                " rulebook's country order) but has a presence"
            )
    return problems


def _board(state: AfricaState) -> list[str]:
    """Development within the squares; colonies on fully developed, occupied land."""
    dev, squares, names = state.dev, BOARD.squares, BOARD.names
    problems = [
        f"{names[t]} has {dev[t]} development tiles; its squares hold 0 to {squares[t]}"
        for t in range(T)
        if not 0 <= dev[t] <= squares[t]
    ]
    for t in [t for t, built in enumerate(state.colony) if built]:
        if dev[t] != squares[t]:
            problems.append(
                f"5) a colony stands in {names[t]}, which is not fully developed"
                f" ({dev[t]}/{squares[t]})"
            )
        if not state.presence[t]:
            problems.append(f"5) a colony stands in {names[t]}, where no country is present")
    if state.phase == SETUP and (any(state.dev) or any(state.colony)):
        problems.append("Setup: nothing is developed or colonized before the first turn")
    return problems


def _drafts(state: AfricaState) -> list[str]:
    """Blank sheets outside 2) Writing Orders; while they are written, every line
    holds an order that can be written and the cursor stays on the sheet."""
    n = state.players
    if state.phase != WRITING:
        blank = (
            state.orders == [NOTHING] * (n * T)
            and state.landing == [NO_LANDING] * n
            and state.stance == [ALLIANCE] * (n * n)
            and state.cursor == [0] * n
        )
        phase = PHASE_NAMES[state.phase]
        return [] if blank else [f"the sheets are not blank outside the writing phase ({phase})"]
    problems = []
    for seat in range(n):
        problems.extend(_sheet_problems(state, seat))
    return problems


def _sheet_problems(state: AfricaState, seat: int) -> list[str]:
    n, name, bit = state.players, _name(state, seat), 1 << seat
    problems = []
    base = seat * T
    for t in _written(state.orders[base : base + T]):
        code = state.orders[base + t]
        if not state.presence[t] & bit:
            problems.append(f"{name}'s sheet orders {BOARD.names[t]}, where it has no presence")
        elif code != DEVELOP and code not in explore_targets(state, seat, t):
            problems.append(
                f"2.1) {name}'s sheet has {_order_words(t, code)}: not a bordering territory"
                " free of colonies and of its own presences"
            )
    landing = state.landing[seat]
    if landing != NO_LANDING and not _empty_coast(state, landing):
        where = BOARD.names[landing] if 0 <= landing < T else f"territory {landing}"
        problems.append(f"2.2) {name}'s sheet lands on {where}, not an empty coastal territory")
    problems.extend(_relation_problems(state, f"{name}'s sheet", state.stance, seat))
    end = len(state.held[seat]) + n
    if not 0 <= state.cursor[seat] <= end:
        problems.append(
            f"{name}'s next line is {state.cursor[seat]}; its sheet has lines 0 to {end}"
        )
    return problems


def _empty_coast(state: AfricaState, territory: int) -> bool:
    return 0 <= territory < T and BOARD.coastal[territory] and not state.presence[territory]


def _written(row: list[int]) -> list[int]:
    """The lines of one sheet's orders that say something else than nothing."""
    if row.count(NOTHING) == len(row):
        return []
    return [t for t, code in enumerate(row) if code != NOTHING]


def _order_words(territory: int, code: int) -> str:
    if 0 <= code < T:
        return f"{BOARD.names[territory]} exploring {BOARD.names[code]}"
    return f"order code {code} for {BOARD.names[territory]}"


def _relation_problems(state: AfricaState, label: str, table: list[int], seat: int) -> list[str]:
    """Declarations of ``seat`` in a stance table: war or alliance, none to itself."""
    n = state.players
    row = table[seat * n : seat * n + n]
    if not set(row) <= {WAR, ALLIANCE}:
        return [f"{label}: relations {row} are neither war ({WAR}) nor alliance ({ALLIANCE})"]
    if row[seat] != ALLIANCE:
        return [f"{label}: a country declares relations only with the others, not itself"]
    return []


def _declarations(state: AfricaState) -> list[str]:
    """3.3: the embassies show the last revealed declarations, all alliances before
    the first reading; revealed sheets hold orders of the board."""
    n = state.players
    problems = []
    for seat in range(n):
        problems.extend(
            _relation_problems(
                state, f"{_name(state, seat)}'s embassy markers", state.embassy, seat
            )
        )
    revealed = bool(state.shown_orders)
    if revealed != (state.turn > 0 or state.phase == GAME_OVER):
        year = YEARS[state.turn]
        state_of = "revealed" if revealed else "not revealed"
        problems.append(f"the sheets are {state_of} in {year} ({PHASE_NAMES[state.phase]})")
    if not revealed:
        if any(value != ALLIANCE for value in state.embassy):
            problems.append("3.3: before the first reading every embassy marker shows alliance")
        return problems
    if state.embassy != state.shown_stance:
        problems.append("3.3: the embassy markers differ from the last revealed relations")
    for base in range(0, n * T, T):
        row = state.shown_orders[base : base + T]
        for t in _written(row):
            if row[t] != DEVELOP and row[t] not in BOARD.borders[t]:
                problems.append(f"a revealed sheet has {_order_words(t, row[t])}, not a border")
    for seat, landing in enumerate(state.shown_landing):
        if landing != NO_LANDING and not (0 <= landing < T and BOARD.coastal[landing]):
            problems.append(f"{_name(state, seat)}'s revealed landing {landing} is not a coast")
    return problems


def _history(state: AfricaState) -> list[str]:
    """The last reading, phase 4 and 5: existing territories and seats, colonies
    still there, marker limits in the order sheet's order."""
    n = state.players
    problems = [
        f"last removal {(t, seat)} names no territory or seat"
        for t, seat in state.last_removed
        if not (0 <= t < T and 0 <= seat < n)
    ]
    built = state.last_colonies
    if len(set(built)) != len(built) or any(not 0 <= t < T or not state.colony[t] for t in built):
        problems.append(f"the last colonies {built} are not distinct standing colonies")
    for seat, targets, carried in state.last_limited:
        if not (
            0 <= seat < n
            and all(0 <= t < T for t in targets)
            and list(targets) == sorted(set(targets))
            and 0 <= carried < len(targets)
        ):
            problems.append(
                f"3.1 note: the last marker limit {(seat, targets, carried)} is not a seat,"
                " territories in the order sheet's order and fewer of them carried out"
            )
    if not state.shown_orders and (state.last_removed or built or state.last_limited):
        problems.append("removals, colonies or marker limits are recorded before the first reading")
    return problems
