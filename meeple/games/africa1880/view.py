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

from typing import Any

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
JSON = dict[str, Any]
MOST_SEATS = 6
# The seats a presence bitmask names, per mask: the view lists each territory's
# present seats, and a table lookup is cheaper than testing every seat's bit.
SEATS_PRESENT = tuple(
    tuple(s for s in range(MOST_SEATS) if bits >> s & 1) for bits in range(1 << MOST_SEATS)
)


def view(state: AfricaState, seat: int | None) -> JSON:
    n = state.players
    out: JSON = {
        "game": "africa1880",
        "seat": seat,
        "players": n,
        "countries": [texts.country(state, s) for s in range(n)],
        "country_ids": [texts.country_id(state, s) for s in range(n)],
        "year": YEARS[state.turn],
        "turn": state.turn + 1,
        "turns": len(YEARS),
        "phase": PHASE_NAMES[state.phase],
        "to_act": list(apply.to_act(state)),
        "diplomacy_seconds": state.config.options.get("diplomacy_seconds", 480),
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
        "sheet": None,
        "revealed": None,
        "declared_by": None,
        "embassy_markers": None,
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
        "result": result(state).to_json() if state.phase == GAME_OVER else None,
    }
    if state.phase == WRITING and seat is not None:
        out["sheet"] = _sheet(state, seat, state.orders, state.landing, state.stance, own=True)
        item, target = writing.sheet_item(state, seat)
        sealed = state.sealed >> seat & 1
        out["sheet"]["next"] = "sealed" if sealed else _next_line(state, item, target)
    if state.shown_orders:
        ids = out["country_ids"]
        out["revealed"] = [
            _sheet(state, s, state.shown_orders, state.shown_landing, state.shown_stance)
            for s in range(n)
        ]
        words = [_word(value) for value in state.embassy]
        out["declared_by"] = [
            {ids[b]: words[a * n + b] for b in range(n) if b != a} for a in range(n)
        ]
        out["embassy_markers"] = [
            {ids[a]: words[a * n + b] for a in range(n) if a != b} for b in range(n)
        ]
    return out


def _next_line(state: AfricaState, item: str, target: int) -> str:
    if item == "order":
        return BOARD.ids[target]
    if item == "relation":
        return texts.country_id(state, target)
    return item


def _word(value: int) -> str:
    return "alliance" if value == ALLIANCE else "war"


def _sheet(
    state: AfricaState,
    seat: int,
    orders: list[int],
    landing: list[int],
    stance: list[int],
    own: bool = False,
) -> JSON:
    """A sheet as JSON; a draft lists every presence, a revealed sheet its orders."""
    n = state.players
    row = orders[seat * T : (seat + 1) * T]
    if own:
        present = state.presence
        written = {
            BOARD.ids[t]: texts.order_value(code)
            for t, code in enumerate(row)
            if present[t] >> seat & 1 or code != NOTHING
        }
    else:
        written = {
            BOARD.ids[t]: texts.order_value(code) for t, code in enumerate(row) if code != NOTHING
        }
    target = landing[seat]
    return {
        "seat": seat,
        "orders": written,
        "landing": None if target == NO_LANDING else BOARD.ids[target],
        "relations": {
            texts.country_id(state, o): _word(stance[seat * n + o]) for o in range(n) if o != seat
        },
    }


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
