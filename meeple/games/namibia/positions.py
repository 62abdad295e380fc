"""Namibia positions for tests, analysis and bug reports: ``Position``, and ``validate``.

``Position`` describes a position in the game's own words: cubes by space label
and commodity, mine heads, abandoned markers, rails by edge and trucks; each
player's money, reputation, excluded commodity, rails and cubes in hand; the
Commodity Index; the player order and the round; and the point of the sequence of
play the game stands at (``getting_started``, ``bribe``, ``construction``,
``shipping``, ``administration``, ``purchasing_reputation``, ``end_of_game``).

What a description leaves out follows from conservation: the supplies hold every
cube, rail and abandoned marker that is neither on the board nor in a hand, and
each player keeps the mine heads that are not on the board. ``build()`` assembles
the state, enters the chosen point of the sequence of play, runs the automatic
steps up to the next decision with ``rules.flow.advance`` (which recomputes all
that is derived: bitmasks, the actor, the legal actions) and checks the result
with ``validate``. A description that breaks an invariant raises ``InvalidState``
naming every broken invariant; it never yields an inconsistent state silently.

``validate(state)`` is what ``NamibiaGame.validate`` runs, at every checked step
of the conformance battery. It costs one pass over the board and one
recomputation of the pending decision.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from functools import partial
from typing import Any, Self

from meeple.engine import BadConfig, GameConfig, InvalidState
from meeple.games.namibia.board import BOARD, COMMODITIES
from meeple.games.namibia.rules import administration, construction, shipping
from meeple.games.namibia.rules.bits import mask_of
from meeple.games.namibia.rules.flow import advance
from meeple.games.namibia.state import (
    ABANDONED_MARKERS,
    BID,
    BUY_REPUTATION,
    COMPLETE_MINES,
    CUBES_PER_COMMODITY,
    GAME_OVER,
    MINE_HEADS_PER_PLAYER,
    MOVE_TRUCK,
    NO_ONE,
    PHASE_NAMES,
    PLACE_RAIL,
    PROSPECT,
    RAIL_SHIPPING,
    RAILS_IN_BOX,
    ROUNDS,
    SELECT_SHIPMENT,
    SETUP_BUILDING,
    SETUP_CUBES,
    SETUP_MINES,
    SETUP_RAILS,
    START_MINE,
    START_MONEY,
    START_REPUTATION,
    TRUCK_SHIPPING,
    NamibiaState,
)
from meeple.games.namibia.texts import say, what, where, who

GAME_NAME = "namibia"
KINDS = len(COMMODITIES)
INDEX_MIN, INDEX_MAX = administration.INDEX_MIN, administration.INDEX_MAX
MOST_RAILS_TAKEN = 3  # the winner of the bribe takes three rails
FINAL_ROW = 5  # [reputation before, construction payment, points bought, reputation, money]

SETUP_PHASES = (SETUP_CUBES, SETUP_MINES, SETUP_BUILDING, SETUP_RAILS)
CONSTRUCTION_PHASES = (COMPLETE_MINES, START_MINE, PROSPECT, PLACE_RAIL, MOVE_TRUCK)
SHIPMENT_PHASES = (TRUCK_SHIPPING, RAIL_SHIPPING)
TRUCK_PHASES = (*CONSTRUCTION_PHASES, SELECT_SHIPMENT, *SHIPMENT_PHASES)
COMPLETE_STEP = "complete mines"  # 2.1, the start of a construction turn


def _steps(section: str) -> dict[str, int]:
    """Step names of a section of the sequence of play, from the phase names."""
    prefix = section + ": "
    return {
        name.removeprefix(prefix): phase
        for phase, name in enumerate(PHASE_NAMES)
        if name.startswith(prefix)
    }


SETUP_STEPS = _steps("setup")
CONSTRUCTION_STEPS = _steps("construction")
SHIPMENT_STEPS = {name: p for name, p in _steps("shipping").items() if p in SHIPMENT_PHASES}


# ---- the game's words ----------------------------------------------------------------


def commodity(name: str) -> int:
    """The index of a commodity named as in action texts ("gold", any case)."""
    try:
        return COMMODITIES.index(name.strip().lower())
    except ValueError:
        raise ValueError(f"{name!r} is not a commodity ({', '.join(COMMODITIES)})") from None


def space(label: str) -> int:
    """The index of a board space given by its label ("d4", any case)."""
    try:
        return BOARD.space(label.strip())
    except ValueError:
        raise ValueError(f"{label!r} is not a space of the board") from None


def edge(text: str) -> int:
    """The index of the rail edge between two spaces, written "d4-d5"."""
    ends = text.split("-")
    if len(ends) != 2:
        raise ValueError(f"{text!r} is not a rail edge (write it like 'd4-d5')")
    try:
        return BOARD.edge(space(ends[0]), space(ends[1]))
    except ValueError:
        raise ValueError(f"{text!r}: the two spaces do not share a side") from None


def port(key: str) -> int:
    """The index of a port given by its action word ("walvis") or its name."""
    wanted = key.strip().lower()
    for index, (word, name) in enumerate(zip(BOARD.port_keys, BOARD.port_names, strict=True)):
        if wanted in (word, name.lower()):
            return index
    raise ValueError(f"{key!r} is not a port ({', '.join(BOARD.port_keys)})")


def cubes_in_game(players: int) -> int:
    """Cubes of each commodity in play: 15, less the 3 left in the box with 3 players."""
    return CUBES_PER_COMMODITY - (3 if players == 3 else 0)


def fixed_rails(players: int) -> tuple[int, ...]:
    """Rail edges railed from the start: the pre-printed port rails, and with three
    players the two Etosha rails (which come from the 44 in the box)."""
    return BOARD.preprinted_rails + (BOARD.etosha_rails if players == 3 else ())


# ---- the builder -----------------------------------------------------------------------

Stage = Callable[[NamibiaState], None]


class Position:
    """A Namibia position in the game's words; ``build()`` makes the checked state.

    Every describing method returns the builder, so calls chain. Seats are numbers
    0..players-1 (Red, Blue, Green, Orange); spaces are board labels ("d4", any
    case); commodities are "diamond", "gold", "silver", "copper"; rails are edges
    "d4-d5"; ports are their action words ("mowe", "walvis", "luderitz",
    "oranjemund"). Unless described otherwise: an empty board (its pre-printed
    rails, and with three players the two Etosha rails), 15 GM and 15 reputation
    each, seat i may not collect the i-th commodity (diamond, gold, silver,
    copper), player order 0..n-1, round 1, every price and demand at 6, and the
    round's bribe about to begin with the first player to bid.
    """

    def __init__(self, players: int = 4, seed: int = 0) -> None:
        if players not in (3, 4):
            raise BadConfig(f"Namibia takes 3 to 4 players, not {players}")
        self.players = players
        self.seed = seed
        self._cubes: dict[int, tuple[int, int]] = {}
        self._mines: dict[int, tuple[int, bool]] = {}
        self._abandoned: set[int] = set()
        self._rails: set[int] = set()
        self._trucks: dict[int, int] = {}
        self._money = [START_MONEY] * players
        self._reputation = [START_REPUTATION] * players
        self._excluded = list(range(players))
        self._held = [0] * players
        self._hands: dict[int, list[int]] = {}
        self._order = list(range(players))
        self._out: list[int] = []
        self._round = 1
        self._price: dict[int, int] = {}  # changes to the Commodity Index at its start
        self._demand: dict[int, int] = {}
        self._shipped: list[tuple[int, int, int]] = []
        self._stage: Stage = partial(_enter_bribe, bids={}, passed=(), bidder=None)

    # ---- the board ------------------------------------------------------------------

    def cube(self, at: str, kind: str, count: int = 1) -> Self:
        """``count`` cubes of commodity ``kind`` lie on space ``at`` (replacing any);
        0 for a completed mine of ``kind`` that has shipped all its cubes."""
        self._cubes[space(at)] = (commodity(kind), count)
        return self

    def mine(self, at: str, seat: int, completed: bool = True) -> Self:
        """A mine head of ``seat`` on space ``at``: upright (completed) or flat (under
        construction). Its commodity is that of the cubes on the space."""
        self._mines[space(at)] = (self._seat(seat), completed)
        return self

    def abandoned(self, *spaces: str) -> Self:
        """An abandoned mine marker on each of these spaces."""
        self._abandoned.update(space(at) for at in spaces)
        return self

    def rail(self, *edges: str) -> Self:
        """A rail on each of these edges ("d4-d5"), besides the rails there from the start."""
        for text in edges:
            railed = edge(text)
            if railed in fixed_rails(self.players):
                raise ValueError(f"{text} carries a rail from the start of the game")
            self._rails.add(railed)
        return self

    def truck(self, seat: int, at: str) -> Self:
        """The truck of ``seat`` stands on space ``at`` (one of its completed mines)."""
        self._trucks[self._seat(seat)] = space(at)
        return self

    # ---- the players ----------------------------------------------------------------

    def player(
        self,
        seat: int,
        *,
        money: int | None = None,
        reputation: int | None = None,
        excluded: str | None = None,
        rails: int | None = None,
        hand: Sequence[str] | None = None,
    ) -> Self:
        """One player's money (GM), reputation, the commodity his card excludes, the
        rails he holds (taken in the bribe, not yet placed) and the cubes in his hand
        (Getting Started)."""
        seat = self._seat(seat)
        if money is not None:
            self._money[seat] = money
        if reputation is not None:
            self._reputation[seat] = reputation
        if excluded is not None:
            self._excluded[seat] = commodity(excluded)
        if rails is not None:
            self._held[seat] = rails
        if hand is not None:
            self._hands[seat] = [commodity(kind) for kind in hand]
        return self

    def money(self, *per_seat: int) -> Self:
        """Every player's money, seat by seat."""
        self._money = self._per_seat(per_seat, "money")
        return self

    def reputation(self, *per_seat: int) -> Self:
        """Every player's reputation, seat by seat."""
        self._reputation = self._per_seat(per_seat, "reputation")
        return self

    def excluded(self, *per_seat: str) -> Self:
        """The commodity each player's summary card excludes, seat by seat; the card
        dealt follows from it."""
        self._excluded = [commodity(kind) for kind in self._per_seat(per_seat, "excluded")]
        return self

    def order(self, *seats: int) -> Self:
        """The player order, first player first."""
        self._order = [self._seat(seat) for seat in seats]
        return self

    def eliminated(self, *seats: int) -> Self:
        """These players left the game (reputation below 1), in that order."""
        self._out = [self._seat(seat) for seat in seats]
        return self

    def round(self, number: int) -> Self:
        """The game round (1-6) shown on the turn track."""
        self._round = number
        return self

    # ---- the Commodity Index ----------------------------------------------------------

    def market(self, kind: str, *, price: int | None = None, demand: int | None = None) -> Self:
        """A commodity's price (disc) and demand (pawn) on the Commodity Index."""
        k = commodity(kind)
        if price is not None:
            self._price[k] = price
        if demand is not None:
            self._demand[k] = demand
        return self

    def prices(self, *per_commodity: int) -> Self:
        """Every price, in the order diamond, gold, silver, copper."""
        self._price = dict(enumerate(self._per_commodity(per_commodity, "prices")))
        return self

    def demands(self, *per_commodity: int) -> Self:
        """Every demand, in the order diamond, gold, silver, copper."""
        self._demand = dict(enumerate(self._per_commodity(per_commodity, "demands")))
        return self

    def shipped(self, kind: str, port_key: str, supply: int = 0) -> Self:
        """A shipment already led this round: the commodity's disc beside the port and
        its supply marker (oil barrel) at ``supply``. Leaders in player order."""
        self._shipped.append((commodity(kind), port(port_key), supply))
        return self

    # ---- the point of the sequence of play ---------------------------------------------

    def getting_started(
        self, step: str = "place cubes", seat: int | None = None, rails_left: int = 2
    ) -> Self:
        """Getting Started at ``step``: "place cubes" (the cubes are in the players'
        hands), "starting mine", "mine under construction" or "place rails" (with
        ``rails_left`` of the seat's two still to place), ``seat`` deciding (default:
        the first to act at that step)."""
        self._stage = partial(
            _enter_getting_started,
            phase=_named(SETUP_STEPS, step),
            seat=None if seat is None else self._seat(seat),
            rails_left=rails_left,
        )
        return self

    def bribe(
        self,
        bids: Mapping[int, int] | None = None,
        passed: Sequence[int] = (),
        bidder: int | None = None,
    ) -> Self:
        """1. Bribe Colonial Officials under way: each seat's bid so far, the seats that
        passed (in the order they passed; their payment is already in their money,
        reputation and rails) and the seat to bid now (default: the first still
        bidding)."""
        self._stage = partial(
            _enter_bribe, bids=dict(bids or {}), passed=tuple(passed), bidder=bidder
        )
        return self

    def construction(
        self,
        seat: int,
        step: str = COMPLETE_STEP,
        left: int | None = None,
        awaiting: Sequence[str] | None = None,
    ) -> Self:
        """2. Construction: ``seat``'s turn. At "complete mines" (the default) the turn
        begins, and building completes his mines as 2.1 says (posing his choice of
        the mines that take the supply's last cubes, when it holds fewer than they
        need). With ``awaiting``, that choice is under way instead: his mines stand
        completed and those on the ``awaiting`` spaces still wait for their cube.
        Later steps: "start a new mine", "prospect", "place rails" (the rails he
        holds) or "move truck", with ``left`` actions of the step still to take
        (default: all of them)."""
        phase = _named(CONSTRUCTION_STEPS, step)
        if awaiting is not None and phase != COMPLETE_MINES:
            raise ValueError(f"'{step}' has no mines awaiting a cube (only '{COMPLETE_STEP}')")
        if left is not None and phase in (COMPLETE_MINES, PLACE_RAIL):
            raise ValueError(f"'{step}' takes no count of actions left")
        if phase == COMPLETE_MINES and awaiting is None:
            phase = NO_ONE  # the turn begins: 2.1 runs when the position is built
        self._stage = partial(
            _enter_construction,
            seat=self._seat(seat),
            phase=phase,
            left=left,
            awaiting=tuple(space(at) for at in awaiting or ()),
        )
        return self

    def shipping(
        self,
        kind: str | None = None,
        port_key: str | None = None,
        *,
        step: str = "truck shipping",
        shipper: int | None = None,
        supply: int = 0,
    ) -> Self:
        """3. Shipping. Without a commodity: the next leader (after the ``shipped``
        ones) chooses a commodity and port. With one: that leader's shipment of
        ``kind`` through ``port_key`` is under way at ``step`` ("truck shipping" or
        "rail shipping"), ``shipper`` deciding (default: the leader) and the supply
        marker at ``supply``."""
        if kind is None or port_key is None:
            if kind is not None or port_key is not None:
                raise ValueError("a shipment under way needs both a commodity and a port")
            self._stage = _enter_selection
            return self
        self._stage = partial(
            _enter_shipment,
            shipment=(commodity(kind), port(port_key), supply),
            phase=_named(SHIPMENT_STEPS, step),
            shipper=None if shipper is None else self._seat(shipper),
        )
        return self

    def administration(self) -> Self:
        """4. Administration: every leader has shipped (see ``shipped``); building runs
        the market movement, exhaustion of mines and what follows (purchasing
        reputation, the next round's bribe, or the end of the game)."""
        self._stage = _enter_administration
        return self

    def purchasing_reputation(self, seat: int) -> Self:
        """Purchasing Reputation after round 3 or 5, ``seat`` deciding next."""
        self._stage = partial(_enter_buying, seat=self._seat(seat))
        return self

    def end_of_game(self) -> Self:
        """End of the Game: building runs the final market adjustment, the payment
        for mines under construction and the conversion of money to reputation."""
        self._stage = _enter_end
        return self

    # ---- building ---------------------------------------------------------------------

    def build(self) -> NamibiaState:
        """The state described, settled at its next decision and validated.

        Raises ``InvalidState`` naming every broken invariant of the description."""
        s = self._assemble()
        _raise_if(problems(s, settled=False, sequence=False))
        self._stage(s)
        _raise_if(problems(s, settled=False))
        advance(s)
        validate(s)
        return s

    def _assemble(self) -> NamibiaState:
        s = NamibiaState.begin(GameConfig(self.players), self.seed)
        s.clear(BOARD)
        say(s, "position", "a position set up with meeple.games.namibia.positions")
        self._lay_board(s)
        self._seat_players(s)
        self._set_market(s)
        _fill_supplies(s)
        return s

    def _lay_board(self, s: NamibiaState) -> None:
        for at, (kind, count) in self._cubes.items():
            s.cube_kind[at], s.cube_count[at] = kind, count
        for at, (seat, completed) in self._mines.items():
            s.mine_owner[at], s.mine_done[at] = seat, completed
        for at in self._abandoned:
            s.abandoned[at] = True
        for railed in (*fixed_rails(self.players), *self._rails):
            s.rails[railed] = True
        for seat, at in self._trucks.items():
            s.truck[seat] = at

    def _seat_players(self, s: NamibiaState) -> None:
        s.money, s.reputation = list(self._money), list(self._reputation)
        s.excluded = list(self._excluded)
        s.card = _cards(self.players, self._excluded)
        s.rails_held = list(self._held)
        for seat, kinds in self._hands.items():
            for kind in kinds:
                s.hand[seat * KINDS + kind] += 1
        s.order = list(self._order)
        for rank, seat in enumerate(self._out, start=1):
            s.out[seat] = rank
        s.round = self._round
        active = s.active_order()
        s.last_seat = active[-1] if active else NO_ONE

    def _set_market(self, s: NamibiaState) -> None:
        for k, price in self._price.items():
            s.price[k] = price
        for k, demand in self._demand.items():
            s.demand[k] = demand
        for kind, shipped_through, supply in self._shipped:
            _mark_shipment(s, kind, shipped_through, supply)

    def _seat(self, seat: int) -> int:
        if not 0 <= seat < self.players:
            raise ValueError(f"seat {seat} is not one of 0..{self.players - 1}")
        return seat

    def _per_commodity(self, values: Sequence[int], what_for: str) -> list[int]:
        if len(values) != KINDS:
            raise ValueError(f"{what_for} needs one value per commodity ({', '.join(COMMODITIES)})")
        return list(values)

    def _per_seat(self, values: Sequence[Any], what_for: str) -> list[Any]:
        if len(values) != self.players:
            raise ValueError(f"{what_for} needs one value per seat ({self.players})")
        return list(values)


def _named(steps: Mapping[str, int], step: str) -> int:
    try:
        return steps[step]
    except KeyError:
        raise ValueError(f"{step!r} is not one of: {', '.join(steps)}") from None


def _cards(players: int, excluded: Sequence[int]) -> list[int]:
    """The summary card (1-4) of each seat: one excluding its commodity, each card once
    (0, which validate reports, when no card is left for a seat)."""
    excludes = BOARD.card_excludes[players]
    free = list(range(1, len(excludes) + 1))
    cards = []
    for kind in excluded:
        card = next((c for c in free if excludes[c - 1] == kind), 0)
        if card:
            free.remove(card)
        cards.append(card)
    return cards


def _mark_shipment(s: NamibiaState, kind: int, shipped_through: int, supply: int) -> None:
    """The disc beside the port and the supply marker at ``supply`` on the index."""
    s.chosen_kinds[kind] = True
    s.chosen_ports[shipped_through] = True
    s.barrel[kind] = supply
    s.halved[kind] = supply > s.demand[kind]


def _fill_supplies(s: NamibiaState) -> None:
    """Conservation: the supplies and the players' mine heads hold the rest."""
    n = s.config.players
    board = _on_board(s)
    for kind in range(KINDS):
        s.supply[kind] = cubes_in_game(n) - board[kind] - sum(s.hand[kind::KINDS])
    laid = sum(s.rails) - len(BOARD.preprinted_rails)
    s.supply_rails = RAILS_IN_BOX - laid - sum(s.rails_held)
    s.supply_markers = ABANDONED_MARKERS - sum(s.abandoned)
    for seat in range(n):
        s.heads[seat] = MINE_HEADS_PER_PLAYER - s.mine_owner.count(seat)


def _on_board(s: NamibiaState) -> list[int]:
    """Cubes of each commodity on the board."""
    counts = [0] * KINDS
    for kind, count in zip(s.cube_kind, s.cube_count, strict=True):
        if kind != NO_ONE:
            counts[kind] += count
    return counts


# ---- entering a point of the sequence of play ----------------------------------------


def _enter_getting_started(s: NamibiaState, phase: int, seat: int | None, rails_left: int) -> None:
    order, n = s.order, s.config.players
    s.phase, s.last_seat = phase, NO_ONE
    if phase == SETUP_BUILDING:  # mines under construction go in reverse player order
        s.pos = n - 1 - order.index(order[-1] if seat is None else seat)
    else:
        s.pos = order.index(order[0] if seat is None else seat)
    s.todo = rails_left if phase == SETUP_RAILS else 0


def _enter_bribe(
    s: NamibiaState, bids: dict[int, int], passed: tuple[int, ...], bidder: int | None
) -> None:
    s.phase = BID
    s.passed = list(passed)
    s.bidders = [seat for seat in s.active_order() if seat not in passed]
    s.bid = [bids.get(seat, 0) for seat in range(s.config.players)]
    s.high_bid = max(s.bid)
    if bidder is not None and bidder not in s.bidders:
        _raise_if([f"{who(bidder)} is to bid but is not bidding"])
    s.pos = 0 if bidder is None else s.bidders.index(bidder)


def _enter_construction(
    s: NamibiaState, seat: int, phase: int, left: int | None, awaiting: tuple[int, ...]
) -> None:
    active = s.active_order()
    if seat not in active:
        _raise_if([f"{who(seat)} builds but has left the game"])
    s.pos = active.index(seat)
    if phase == NO_ONE:
        construction.begin_turn(s, seat)
        return
    s.phase, s.actor = phase, seat
    if phase == COMPLETE_MINES:
        s.owed, s.todo = mask_of(awaiting), 0
    elif phase == PLACE_RAIL:
        s.todo = s.rails_held[seat]
    elif left is not None:
        s.todo = left
    else:
        s.todo = 1 if phase == MOVE_TRUCK or seat != s.last_seat else 2


def _enter_selection(s: NamibiaState) -> None:
    s.phase, s.pos = SELECT_SHIPMENT, sum(s.chosen_kinds)


def _enter_shipment(
    s: NamibiaState, shipment: tuple[int, int, int], phase: int, shipper: int | None
) -> None:
    """The next leader selects through the rules, then the shipment stands at ``phase``."""
    kind, shipped_through, supply = shipment
    s.phase, s.pos = SELECT_SHIPMENT, sum(s.chosen_kinds)
    leaders = shipping.leaders(s)
    if s.pos >= len(leaders):
        _raise_if([f"all {len(leaders)} leaders have shipped; no shipment is under way"])
    if s.chosen_kinds[kind] or s.chosen_ports[shipped_through]:
        _raise_if([f"{what(kind)} or {BOARD.port_names[shipped_through]} was already chosen"])
    shipping.select(s, leaders[s.pos], kind, shipped_through)
    s.barrel[kind], s.halved[kind] = supply, supply > s.demand[kind]
    s.phase = phase
    seat = leaders[s.pos] if shipper is None else shipper
    if seat not in s.shippers:
        _raise_if([f"{who(seat)} is to ship but has left the game"])
    s.todo = s.shippers.index(seat)


def _enter_administration(s: NamibiaState) -> None:
    s.phase, s.pos = SELECT_SHIPMENT, sum(s.chosen_kinds)
    leaders = shipping.leaders(s)
    if s.pos != len(leaders):
        _raise_if([f"administration follows {len(leaders)} shipments; {s.pos} are described"])


def _enter_buying(s: NamibiaState, seat: int) -> None:
    active = s.active_order()
    if seat not in active:
        _raise_if([f"{who(seat)} is to buy reputation but has left the game"])
    s.phase, s.pos = BUY_REPUTATION, active.index(seat)


def _enter_end(s: NamibiaState) -> None:
    administration.end_game(s)


# ---- validate --------------------------------------------------------------------------


def validate(state: NamibiaState) -> None:
    """Raise ``InvalidState`` listing every broken invariant of ``state``; return if none.

    Checks conservation (cubes, rails, abandoned markers, mine heads), the board
    (what may lie on which space, mines of collectable commodities, every rail
    joined to a network), the players (money, reputation and elimination, cards,
    hands, trucks, rails held), the Commodity Index, the phase with its counters,
    and that the pending decision is exactly what the rules pose in this position.
    """
    _raise_if(problems(state))


def problems(state: NamibiaState, settled: bool = True, sequence: bool = True) -> list[str]:
    """Every broken invariant, in words. ``sequence``: check the phase and its
    counters; ``settled``: check that the position waits for the decision it poses
    (the actor and the legal actions are what ``rules.flow.advance`` derives)."""
    found = _shape(state)
    if found:
        return found  # the other checks read the fields; they need the right shape
    for check in (_cubes, _board, _rails, _players, _market):
        found += check(state)
    if sequence:
        found += _sequence(state)
    if settled and not found:
        found += _decision(state)
    return found


def _raise_if(found: list[str]) -> None:
    if found:
        raise InvalidState(GAME_NAME, found)


def _shape(s: NamibiaState) -> list[str]:
    """Field lengths, the phase, the round and the seat lists: what other checks index."""
    n = s.config.players
    if n not in (3, 4):
        return [f"{n} players: Namibia takes 3 or 4"]
    sizes = (
        (n, ("order", "money", "reputation", "out", "card", "excluded", "heads", "truck")),
        (n, ("rails_held", "bid")),
        (n * KINDS, ("hand",)),
        (len(BOARD.labels), ("cube_kind", "cube_count", "mine_owner", "mine_done", "abandoned")),
        (len(BOARD.edges), ("rails",)),
        (KINDS, ("supply", "price", "demand", "barrel", "halved", "chosen_kinds")),
        (len(BOARD.ports), ("chosen_ports",)),
        (2, ("shipment",)),
    )
    found = [
        f"{name} has {len(getattr(s, name))} entries, not {size}"
        for size, names in sizes
        for name in names
        if len(getattr(s, name)) != size
    ]
    if not 0 <= s.phase < len(PHASE_NAMES):
        found.append(f"phase {s.phase} is not a phase of the game (0..{len(PHASE_NAMES) - 1})")
    if not 1 <= s.round <= ROUNDS:
        found.append(f"round {s.round} is not one of 1..{ROUNDS}")
    if not found and sorted(s.order) != list(range(n)):
        found.append(f"player order {s.order} is not an order of the {n} seats")
    return found or _domains(s)


def _domains(s: NamibiaState) -> list[str]:
    """Values that index lists elsewhere: commodities, seats, spaces, ports."""
    n, spaces = s.config.players, len(BOARD.labels)
    seats = range(n)
    found = [
        f"{where(i)}: commodity {k} is not one"
        for i, k in enumerate(s.cube_kind)
        if not -1 <= k < KINDS
    ]
    found += [
        f"{where(i)}: mine owner {o} is not a seat"
        for i, o in enumerate(s.mine_owner)
        if not -1 <= o < n
    ]
    found += [
        f"{who(p)}'s truck is on space {t}, not a space"
        for p, t in enumerate(s.truck)
        if not -1 <= t < spaces
    ]
    listed = [*s.bidders, *s.passed, *s.shippers]
    found += [
        f"seat {x} in the bribe or shipping lists is not a seat" for x in listed if x not in seats
    ]
    if s.last_seat != NO_ONE and s.last_seat not in seats:
        found.append(f"last player {s.last_seat} is not a seat")
    if not 0 <= s.owed < 1 << spaces:
        found.append(f"mines awaiting a cube {s.owed:#b}: not a set of spaces")
    kind, shipped_through = s.shipment
    if not (-1 <= kind < KINDS and -1 <= shipped_through < len(BOARD.ports)):
        found.append(f"shipment {s.shipment} names no commodity and port")
    return found


def _cubes(s: NamibiaState) -> list[str]:
    """Conservation: each commodity's cubes are on the board, in hands or in the supply."""
    total = cubes_in_game(s.config.players)
    found = []
    on_board = _on_board(s)
    for kind in range(KINDS):
        board, hands = on_board[kind], sum(s.hand[kind::KINDS])
        supply = s.supply[kind]
        if supply < 0 or board + hands + supply != total:
            found.append(
                f"{what(kind)} cubes: {board} on the board + {hands} in hands + {supply} in the "
                f"supply, but the game has {total}"
            )
    return found


def _board(s: NamibiaState) -> list[str]:
    """What may lie on each space; abandoned markers and mine heads conserved."""
    found: list[str] = []
    pieces = zip(s.cube_kind, s.cube_count, s.mine_owner, s.mine_done, s.abandoned, strict=True)
    for i, (kind, count, owner, done, marker) in enumerate(pieces):
        if count or done or marker or kind != NO_ONE or owner != NO_ONE:
            found += _space(s, i)
    if s.supply_markers < 0 or s.supply_markers + sum(s.abandoned) != ABANDONED_MARKERS:
        found.append(
            f"abandoned markers: {sum(s.abandoned)} on the board + {s.supply_markers} in the "
            f"supply, but the game has {ABANDONED_MARKERS}"
        )
    for seat in range(s.config.players):
        on_board = s.mine_owner.count(seat)
        if s.heads[seat] < 0 or s.heads[seat] + on_board != MINE_HEADS_PER_PLAYER:
            found.append(
                f"{who(seat)}'s mine heads: {on_board} on the board + {s.heads[seat]} in hand, "
                f"but each player has {MINE_HEADS_PER_PLAYER}"
            )
    return found


def _space(s: NamibiaState, i: int) -> list[str]:
    """What lies on space ``i`` (which holds something) may lie there together."""
    kind, count, owner = s.cube_kind[i], s.cube_count[i], s.mine_owner[i]
    found = []
    if not BOARD.usable[i]:
        found.append(f"{where(i)} is a {BOARD.kinds[i]} space: no cube, mine or marker goes there")
    if count < 0 or (count and kind == NO_ONE):
        found.append(f"{where(i)} holds {count} cubes of no commodity")
    if kind != NO_ONE and not count and owner == NO_ONE:
        found.append(f"{where(i)} names {what(kind)} but holds no cube and no mine")
    if s.mine_done[i] and owner == NO_ONE:
        found.append(f"{where(i)}: a completed mine without a mine head")
    if owner != NO_ONE and kind == NO_ONE:
        found.append(f"{who(owner)}'s mine on {where(i)} stands on no commodity")
    if owner != NO_ONE and kind == s.excluded[owner]:
        found.append(f"{who(owner)}'s mine on {where(i)} is {what(kind)}, which he may not collect")
    if s.abandoned[i] and (count or owner != NO_ONE):
        found.append(f"{where(i)}: an abandoned marker shares its space with cubes or a mine")
    return found


def _rails(s: NamibiaState) -> list[str]:
    """Rails conserved; the fixed rails in place; every rail joined to a network."""
    fixed = fixed_rails(s.config.players)
    found = [
        f"the rail on {BOARD.edge_label(e)} is missing (it is there from the start)"
        for e in fixed
        if not s.rails[e]
    ]
    laid = sum(s.rails) - len(BOARD.preprinted_rails)
    held = sum(s.rails_held)
    if s.supply_rails < 0 or laid + held + s.supply_rails != RAILS_IN_BOX:
        found.append(
            f"rails: {laid} laid + {held} held + {s.supply_rails} in the supply, but the box has "
            f"{RAILS_IN_BOX}"
        )
    found += [
        f"{who(seat)} holds {count} rails (0..{MOST_RAILS_TAKEN})"
        for seat, count in enumerate(s.rails_held)
        if not 0 <= count <= MOST_RAILS_TAKEN
    ]
    return found + [
        f"the rail on {BOARD.edge_label(e)} touches no other rail of a network"
        for e in _loose_rails(s, fixed)
    ]


def _loose_rails(s: NamibiaState, fixed: tuple[int, ...]) -> list[int]:
    """Railed edges not joined, corner to corner, to a rail there from the start."""
    rails, near = s.rails, BOARD.edge_neighbors
    frontier = [e for e in fixed if rails[e]]
    reached = set(frontier)
    while frontier:
        for other in near[frontier.pop()]:
            if rails[other] and other not in reached:
                reached.add(other)
                frontier.append(other)
    return [e for e, railed in enumerate(rails) if railed and e not in reached]


def _players(s: NamibiaState) -> list[str]:
    """Money, reputation and elimination, cards, hands and trucks of every player."""
    n = s.config.players
    found = [f"{who(p)} has {gm} GM" for p, gm in enumerate(s.money) if gm < 0]
    ranks = sorted(rank for rank in s.out if rank)
    if ranks != list(range(1, len(ranks) + 1)):
        found.append(f"elimination order {s.out} is not 1, 2, ... for the players who left")
    for seat in range(n):
        found += _player(s, seat)
    cards = [c for c in s.card if c]
    if len(set(cards)) != len(cards):
        found.append(f"summary cards {s.card}: a card is dealt twice")
    return found


def _player(s: NamibiaState, seat: int) -> list[str]:
    found = []
    points, out = s.reputation[seat], s.out[seat]
    if out and points >= 1:
        found.append(f"{who(seat)} was eliminated with {points} reputation (below 1 eliminates)")
    if not out and points < 1:
        found.append(f"{who(seat)} has {points} reputation but is still in the game")
    card = s.card[seat]
    excludes = BOARD.card_excludes[s.config.players]
    if not 1 <= card <= len(excludes) or excludes[card - 1] != s.excluded[seat]:
        found.append(f"{who(seat)}'s card {card} does not exclude {what(s.excluded[seat])}")
    hand = s.hand[seat * KINDS : seat * KINDS + KINDS]
    if any(not 0 <= c <= 1 for c in hand) or hand[s.excluded[seat]]:
        found.append(f"{who(seat)}'s hand {hand}: at most one cube of each collectable commodity")
    at = s.truck[seat]
    if at != NO_ONE and (s.mine_owner[at] != seat or not s.mine_done[at]):
        found.append(f"{who(seat)}'s truck is on {where(at)}, not one of his completed mines")
    if out and (at != NO_ONE or s.rails_held[seat]):
        found.append(f"{who(seat)} has left the game but keeps his truck or rails")
    return found


def _market(s: NamibiaState) -> list[str]:
    """The Commodity Index: values within 1..15; supply markers only on chosen commodities."""
    found = []
    for k in range(KINDS):
        for label, value in (("price", s.price[k]), ("demand", s.demand[k])):
            if not INDEX_MIN <= value <= INDEX_MAX:
                found.append(
                    f"{what(k)} {label} {value} is off the index ({INDEX_MIN}..{INDEX_MAX})"
                )
        chosen, barrel = s.chosen_kinds[k], s.barrel[k]
        if chosen != (barrel >= 0) or barrel < NO_ONE:
            found.append(f"{what(k)}: supply marker at {barrel}, but chosen is {chosen}")
        if s.halved[k] != (chosen and barrel > s.demand[k]):
            found.append(
                f"{what(k)}: halved is {s.halved[k]}, but supply {barrel}, demand {s.demand[k]}"
            )
    if sum(s.chosen_kinds) != sum(s.chosen_ports):
        found.append(
            f"{sum(s.chosen_kinds)} commodities chosen for shipping but {sum(s.chosen_ports)} ports"
        )
    return found


# ---- the phase and its counters ---------------------------------------------------------


def _sequence(s: NamibiaState) -> list[str]:
    """Counters of the phase within range; what other phases must have cleared."""
    phase = s.phase
    found = _between_phases(s)
    if phase in SETUP_PHASES:
        found += _setup_counters(s)
    elif phase == BID:
        found += _auction(s)
    elif phase in CONSTRUCTION_PHASES:
        found += _construction(s)
    elif phase == SELECT_SHIPMENT:
        found += _count("shipments led", sum(s.chosen_kinds), s.pos, s.pos)
        found += _count("leader position", s.pos, 0, len(shipping.leaders(s)))
        found += _last_player(s)
    elif phase in SHIPMENT_PHASES:
        found += _shipment(s)
    elif phase == BUY_REPUTATION:
        found += _buying(s)
    elif phase == GAME_OVER:
        found += _game_over(s)
    if phase != GAME_OVER and s.final:
        found.append("final scores are written before the end of the game")
    return found


def _count(label: str, value: int, low: int, high: int) -> list[str]:
    return [] if low <= value <= high else [f"{label} {value} is outside {low}..{high}"]


def _between_phases(s: NamibiaState) -> list[str]:
    """Pieces that belong to one part of the round only: trucks, rails held, hands,
    commodity discs and shipments, bribe lists."""
    phase, found = s.phase, []
    if phase not in TRUCK_PHASES and any(t != NO_ONE for t in s.truck):
        found.append(f"a truck stands on the board during {PHASE_NAMES[phase]}")
    if phase not in (BID, *CONSTRUCTION_PHASES) and any(s.rails_held):
        found.append(f"rails are held during {PHASE_NAMES[phase]}")
    if phase != SETUP_CUBES and any(s.hand):
        found.append(f"cubes are in hand during {PHASE_NAMES[phase]}")
    if phase not in (SELECT_SHIPMENT, *SHIPMENT_PHASES) and any(s.chosen_kinds):
        found.append(f"commodities are chosen for shipping during {PHASE_NAMES[phase]}")
    if phase not in SHIPMENT_PHASES and (s.shipment != [NO_ONE, NO_ONE] or s.shippers):
        found.append(f"a shipment is under way during {PHASE_NAMES[phase]}")
    if phase != BID and (s.bidders or s.passed):
        found.append(f"bribe lists are kept during {PHASE_NAMES[phase]}")
    if phase != COMPLETE_MINES and s.owed:
        found.append(f"mines await an additional cube during {PHASE_NAMES[phase]}")
    return found


def _setup_counters(s: NamibiaState) -> list[str]:
    n = s.config.players
    found = [] if s.round == 1 else [f"Getting Started in round {s.round}"]
    if s.last_seat != NO_ONE:
        found.append("a last player is named before the first bribe")
    found += _count("setup position", s.pos, 0, n - 1 if s.phase == SETUP_CUBES else n)
    if s.phase == SETUP_RAILS:
        found += _count("setup rails left", s.todo, 0, 2)
    return found


def _auction(s: NamibiaState) -> list[str]:
    """The bribe: who still bids, who passed, the bids and the rails taken."""
    active = s.active_order()
    bidders, passed = s.bidders, s.passed
    found = []
    if len(set(bidders + passed)) != len(bidders + passed):
        found.append(f"bidders {bidders} and passed {passed} repeat a seat")
    if bidders != [x for x in active if x in bidders] or not set(active) <= set(bidders + passed):
        found.append(f"bidders {bidders} are not the players in the game who have not passed")
    found += [
        f"{who(x)} passed and left the game but is not marked out"
        for x in passed
        if x not in active and not s.out[x]
    ]
    found += _count("bidder position", s.pos, 0, max(0, len(bidders) - 1))
    if s.high_bid != max(s.bid) or any(0 < b < s.round for b in s.bid):
        found.append(f"bids {s.bid} with high bid {s.high_bid} in round {s.round}")
    found += [
        f"{who(x)} bid {s.bid[x]} GM with only {s.money[x]}"
        for x in bidders
        if s.bid[x] > s.money[x]
    ]
    if s.high_bid and s.high_bid in s.bid and s.bid.index(s.high_bid) in passed:
        found.append(f"{who(s.bid.index(s.high_bid))} passed while holding the high bid")
    found += [f"{who(x)} holds rails before passing" for x in bidders if s.rails_held[x]]
    return found


def _construction(s: NamibiaState) -> list[str]:
    """A turn of 2. Construction: the builder, the actions left, rails and trucks."""
    active = s.active_order()
    found = _count("builder position", s.pos, 0, len(active) - 1)
    if found:
        return found
    builder = active[s.pos]
    if s.actor != builder:
        found.append(f"{who(builder)} builds now, but the actor is seat {s.actor}")
    done, waiting = active[: s.pos], active[s.pos + 1 :]
    if s.phase == PLACE_RAIL and s.todo != s.rails_held[builder]:
        found.append(f"{s.todo} rails to place but {who(builder)} holds {s.rails_held[builder]}")
    elif s.phase == MOVE_TRUCK:
        found += _count("truck moves left", s.todo, 0, 1)
        done = [*done, builder]  # his rails are placed or returned
    elif s.phase == COMPLETE_MINES:
        found += _count("actions left", s.todo, 0, 0)
        found += [
            f"{where(i)} awaits an additional cube but is not a completed mine of {who(builder)}"
            for i in range(len(BOARD.labels))
            if s.owed >> i & 1 and (s.mine_owner[i] != builder or not s.mine_done[i])
        ]
    elif s.phase != PLACE_RAIL:
        found += _count("actions left", s.todo, 0, 2 if builder == s.last_seat else 1)
    found += [f"{who(x)} still holds rails after building" for x in done if s.rails_held[x]]
    found += [
        f"{who(x)}'s truck moved before his turn"
        for x in [builder, *waiting]
        if s.truck[x] != NO_ONE
    ]
    if s.last_seat != NO_ONE and s.rails_held[s.last_seat]:
        found.append(f"{who(s.last_seat)}, the last player, holds rails")
    return found + _last_player(s)


def _last_player(s: NamibiaState) -> list[str]:
    """After the bribe, only players who left the game follow the last player."""
    if s.last_seat == NO_ONE:
        return []
    after = s.order[s.order.index(s.last_seat) + 1 :]
    if any(not s.out[x] for x in after):
        return [f"{who(s.last_seat)} is the last player but players in the game follow him"]
    return []


def _shipment(s: NamibiaState) -> list[str]:
    """A shipment under way: its commodity and port chosen, who ships in which order."""
    leaders = shipping.leaders(s)
    found = _count("shipments led", sum(s.chosen_kinds), s.pos + 1, s.pos + 1)
    found += _count("leader position", s.pos, 0, len(leaders) - 1)
    kind, shipped_through = s.shipment
    if kind == NO_ONE or shipped_through == NO_ONE:
        return [*found, "no commodity and port are chosen for the shipment under way"]
    if not (s.chosen_kinds[kind] and s.chosen_ports[shipped_through]):
        found.append(f"the shipment of {what(kind)} has no disc beside its port")
    if not found:
        leader = leaders[s.pos]
        expected = [leader] + [x for x in s.active_order() if x != leader]
        if s.shippers != expected:
            found.append(f"shippers {s.shippers}: the leader first, then player order {expected}")
    found += _count("shipper position", s.todo, 0, len(s.shippers))
    return found + _last_player(s)


def _buying(s: NamibiaState) -> list[str]:
    found = (
        []
        if s.round in administration.REPUTATION_PRICE
        else [f"reputation bought after round {s.round}"]
    )
    return found + _count("buyer position", s.pos, 0, len(s.active_order())) + _last_player(s)


def _game_over(s: NamibiaState) -> list[str]:
    found = []
    if s.round != ROUNDS and s.active_order():
        found.append(f"the game ended in round {s.round} with players still in it")
    if len(s.final) != s.config.players or any(len(row) != FINAL_ROW for row in s.final):
        found.append(f"final scores {s.final}: one row of {FINAL_ROW} per player")
    return found


def _decision(s: NamibiaState) -> list[str]:
    """The position waits for the decision it poses: recomputing the derived data
    (``rules.flow.advance`` on a copy) changes nothing."""
    if s.phase == GAME_OVER:
        ok = s.actor == NO_ONE and not s.options
        return [] if ok else ["the game is over but a seat is asked to act"]
    if s.actor not in range(s.config.players) or s.out[s.actor]:
        return [f"seat {s.actor} is asked to act but is not a player in the game"]
    twin = s.clone()
    advance(twin)
    if twin == s:
        return []
    changed = [
        name for name in s.fields() if name != "rng" and getattr(twin, name) != getattr(s, name)
    ]
    return [f"the position is stale: recomputing it changes {', '.join(changed)}"]
