"""What a seat may know, and hidden sheets sampled for search.

While sheets are written, a seat sees its own draft and, of the others, only
whether they have sealed. After the reveal every sheet of that turn is public,
as at the table. Nothing else in this game is hidden (there is no chance).

The diplomatic relation markers are shown two ways, both from the last reading
(None before it): ``declared_by[a]`` is what seat ``a`` declared towards each
other country (its markers, one in each other embassy), and ``embassy_markers[b]``
is what each other country declared towards seat ``b``: the markers sitting in
``b``'s embassy, whose alliances score 1 point each at the end of the game.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Literal, TypedDict, cast

from meeple.engine import Rng
from meeple.games.africa1880 import texts
from meeple.games.africa1880.board import BOARD, YEARS
from meeple.games.africa1880.rules import apply, writing
from meeple.games.africa1880.scoring import result
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    GAME_OVER,
    NO_LANDING,
    NOTHING,
    PHASE_NAMES,
    WRITING,
    AfricaState,
)

T = len(BOARD.ids)
MOST_SEATS = 6
# The seats a presence bitmask names, per mask: the view lists each territory's
# present seats, and a table lookup is cheaper than testing every seat's bit.
SEATS_PRESENT = tuple(
    tuple(s for s in range(MOST_SEATS) if bits >> s & 1) for bits in range(1 << MOST_SEATS)
)

Phase = Literal["setup", "diplomacy", "writing", "over"]  # state.PHASE_NAMES
Relation = Literal["alliance", "war"]
Relations = dict[str, Relation]
"""Per other country id, the relation declared towards it."""


class SheetView(TypedDict):
    """An order sheet: ``orders`` per territory id ("develop", "nothing" or
    "explore <territory id>"; a revealed sheet lists only the orders that act), the
    landing's territory id (None: no landing), the relations declared."""

    seat: int
    orders: dict[str, str]
    landing: str | None
    relations: Relations


class DraftView(SheetView):
    """One's own sheet while it is written (secret: only its writer's view holds it):
    ``orders`` lists every presence in order-sheet order; ``next`` is the line written
    next: a territory id (its order), "landing", a country id (the relation with it),
    "end" (every line written) or "sealed"."""

    next: str


class MarkerLimitView(TypedDict):
    """3.1 note, at the last reading: the explorations of a country that ran short of
    markers, in the order they were carried out, and which were carried out."""

    seat: int
    order: list[str]
    carried_out: list[str]
    void: list[str]


class BreakdownView(TypedDict):
    """One seat's line of the final score (``scoring.breakdown``)."""

    sole_colony_presences: int
    shared_colony_presences: int
    alliances_received: int
    points: int


class ResultView(TypedDict):
    """``Result.to_json()``: the engine's final result."""

    scores: list[int]
    breakdown: list[BreakdownView]
    ranks: list[int]
    winners: list[int]
    tiebreak: list[list[int]]
    note: str


class AfricaView(TypedDict):
    """Everything one seat may know (None: a spectator); per-territory lists are in
    board order (``territories``), per-seat lists in seat order."""

    game: Literal["africa1880"]
    seat: int | None
    players: int
    countries: list[str]  # display names
    country_ids: list[str]
    year: int
    turn: int  # 1 to turns
    turns: int
    phase: Phase
    to_act: list[int]
    diplomacy_seconds: int
    territories: list[str]  # territory ids
    names: list[str]
    sheet_names: list[str]  # as the order sheet prints them
    coastal: list[bool]
    squares: list[int]
    development: list[int]
    colony: list[bool]
    presences: list[list[int]]  # per territory, the seats present
    stock: list[int]
    colonies: int
    colony_pieces: int
    ready: list[bool]
    sealed: list[bool]
    sheet: DraftView | None  # one's own, while orders are written
    revealed: list[SheetView] | None  # the last revealed sheets, per seat
    declared_by: list[Relations] | None  # per seat, what it declared
    embassy_markers: list[Relations] | None  # per seat, the markers in its embassy
    last_marker_limit: list[MarkerLimitView]
    last_removed: list[list[str | int]]  # [territory id, seat]: see ``removed``
    last_colonies: list[str]
    result: ResultView | None  # once the game is over


EngineView = Mapping[str, object]
"""A view as the engine's interfaces pass it (``typed`` makes it an AfricaView)."""


def typed(view: EngineView) -> AfricaView:
    """A view as the engine hands it back, as the type ``build_view`` built it with
    (views are built only by ``build_view``; nothing is checked or copied)."""
    return cast(AfricaView, view)  # JSON edge


def untyped(view: AfricaView) -> dict[str, object]:
    """A typed view as the engine's interfaces take it (the same dict)."""
    return cast(dict[str, object], view)  # JSON edge


def removed(view: AfricaView) -> list[tuple[str, int]]:
    """The presences removed in the last phase 4, as (territory id, seat)."""
    return [(str(territory), int(seat)) for territory, seat in view["last_removed"]]


def build_view(state: AfricaState, seat: int | None) -> AfricaView:
    n = state.players
    revealed = bool(state.shown_orders)
    declared_by, embassy_markers = _embassies(state) if revealed else (None, None)
    return {
        "game": "africa1880",
        "seat": seat,
        "players": n,
        "countries": [texts.country(state, s) for s in range(n)],
        "country_ids": [texts.country_id(state, s) for s in range(n)],
        "year": YEARS[state.turn],
        "turn": state.turn + 1,
        "turns": len(YEARS),
        "phase": cast(Phase, PHASE_NAMES[state.phase]),
        "to_act": list(apply.to_act(state)),
        "diplomacy_seconds": int(state.config.options.get("diplomacy_seconds", 480)),
        "territories": list(BOARD.ids),
        "names": list(BOARD.names),
        "sheet_names": list(BOARD.sheet_names),
        "coastal": list(BOARD.coastal),
        "squares": list(BOARD.squares),
        "development": state.dev.copy(),
        "colony": state.colony.copy(),
        "presences": [list(SEATS_PRESENT[bits]) for bits in state.presence],
        "stock": list(state.stock),
        "colonies": sum(state.colony),
        "colony_pieces": BOARD.colony_pieces,
        "ready": [bool(state.ready >> s & 1) for s in range(n)],
        "sealed": [bool(state.sealed >> s & 1) for s in range(n)],
        "sheet": _draft(state, seat) if state.phase == WRITING and seat is not None else None,
        "revealed": _revealed(state) if revealed else None,
        "declared_by": declared_by,
        "embassy_markers": embassy_markers,
        "last_marker_limit": [
            {
                "seat": s,
                "order": [BOARD.ids[t] for t in targets],
                "carried_out": [BOARD.ids[t] for t in targets[:carried]],
                "void": [BOARD.ids[t] for t in targets[carried:]],
            }
            for s, targets, carried in state.last_limited
        ],
        "last_removed": [[BOARD.ids[t], s] for t, s in state.last_removed],
        "last_colonies": [BOARD.ids[t] for t in state.last_colonies],
        "result": _result(state) if state.phase == GAME_OVER else None,
    }


def _result(state: AfricaState) -> ResultView:
    return cast(ResultView, result(state).to_json())  # JSON edge: the engine's Result


def _draft(state: AfricaState, seat: int) -> DraftView:
    """One's own sheet: every presence's order, and any order written elsewhere."""
    row = state.orders[seat * T : (seat + 1) * T]
    present = state.presence
    item, target = writing.sheet_item(state, seat)
    return {
        "seat": seat,
        "orders": {
            BOARD.ids[t]: texts.order_value(code)
            for t, code in enumerate(row)
            if present[t] >> seat & 1 or code != NOTHING
        },
        "landing": _landing(state.landing[seat]),
        "relations": _relations(state, seat, state.stance),
        "next": "sealed" if state.sealed >> seat & 1 else _next_line(state, item, target),
    }


def _revealed(state: AfricaState) -> list[SheetView]:
    """Every sheet of the last reading, listing the orders that act."""
    out: list[SheetView] = []
    for s in range(state.players):
        row = state.shown_orders[s * T : (s + 1) * T]
        out.append(
            {
                "seat": s,
                "orders": {
                    BOARD.ids[t]: texts.order_value(code)
                    for t, code in enumerate(row)
                    if code != NOTHING
                },
                "landing": _landing(state.shown_landing[s]),
                "relations": _relations(state, s, state.shown_stance),
            }
        )
    return out


def _landing(target: int) -> str | None:
    return None if target == NO_LANDING else BOARD.ids[target]


def _relations(state: AfricaState, seat: int, stance: list[int]) -> Relations:
    n = state.players
    return {texts.country_id(state, o): _word(stance[seat * n + o]) for o in range(n) if o != seat}


def _embassies(state: AfricaState) -> tuple[list[Relations], list[Relations]]:
    """The embassy markers by who declared (``declared_by``) and by whose embassy
    holds them (``embassy_markers``)."""
    n, ids = state.players, [texts.country_id(state, s) for s in range(state.players)]
    words = [_word(value) for value in state.embassy]
    by = [{ids[b]: words[a * n + b] for b in range(n) if b != a} for a in range(n)]
    held = [{ids[a]: words[a * n + b] for a in range(n) if a != b} for b in range(n)]
    return by, held


def _next_line(state: AfricaState, item: str, target: int) -> str:
    if item == "order":
        return BOARD.ids[target]
    if item == "relation":
        return texts.country_id(state, target)
    return item


def _word(value: int) -> Relation:
    return "alliance" if value == ALLIANCE else "war"


def determinize(state: AfricaState, seat: int, rng: Rng) -> AfricaState:
    """A copy in which every other seat's sheet (sealed or not) is sampled afresh and
    every event private to another seat is dropped."""
    twin = state.clone()
    twin.log = [e for e in twin.log if e.private_to is None or e.private_to == seat]
    if twin.phase == WRITING:
        for other in range(twin.players):
            if other != seat:
                sample_sheet(twin, other, rng)
    return twin


def sample_sheet(state: AfricaState, seat: int, rng: Rng) -> None:
    """Overwrite ``seat``'s draft with uniformly drawn legal orders."""
    base = seat * T
    for t in range(T):
        if state.presence[t] >> seat & 1:
            choices = [NOTHING, DEVELOP, *writing.explore_targets(state, seat, t)]
            state.orders[base + t] = rng.choice(choices)
        else:
            state.orders[base + t] = NOTHING
    state.landing[seat] = rng.choice([NO_LANDING, *writing.landing_targets(state)])
    n = state.players
    for other in range(n):
        if other != seat:
            state.stance[seat * n + other] = rng.below(2)
    lines = len(writing.sheet_territories(state, seat)) + n
    state.cursor[seat] = rng.below(lines + 1)
