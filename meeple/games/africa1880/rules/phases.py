"""The phases that need no decision: the opening of 1) Diplomatic Action and of
2) Writing Orders, then after the last seal the reveal, 3) reading orders,
4) resolving conflicts, 5) building colonies, and the next turn or the end of the game.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.africa1880 import texts
from meeple.games.africa1880.board import BOARD, COUNTRY_IDS, YEARS
from meeple.games.africa1880.scoring import score_lines
from meeple.games.africa1880.state import (
    ALLIANCE,
    DEVELOP,
    DIPLOMACY,
    GAME_OVER,
    NO_LANDING,
    WAR,
    WRITING,
    AfricaState,
)

T = len(BOARD.ids)


def begin_turn(state: AfricaState) -> None:
    """Phase 1: the negotiation window opens; it closes when every seat is ready."""
    state.phase = DIPLOMACY
    state.ready = 0
    seconds = state.config.options.get("diplomacy_seconds", 480)
    state.log.append(
        Event(
            "turn",
            f"{texts.year(state)}: diplomatic action. Negotiate freely for up to"
            f" {seconds} seconds, then say you are ready.",
            {"year": texts.year(state), "turn": state.turn + 1},
        )
    )


def begin_writing(state: AfricaState) -> None:
    """Phase 2: blank sheets; each seat writes its own in secret."""
    state.phase = WRITING
    state.sealed = 0
    state.blank_sheets()
    state.log.append(
        Event(
            "writing",
            f"{texts.year(state)}: every country writes its orders in secret and seals them.",
            {"year": texts.year(state)},
        )
    )


def play_out_turn(state: AfricaState) -> None:
    """Everything after the last seal: reveal, phases 3 to 5, then the next turn or the end."""
    reveal(state)
    read_orders(state)
    resolve_conflicts(state)
    build_colonies(state)
    if state.turn == len(YEARS) - 1 or sum(state.colony) >= BOARD.colony_pieces:
        end_game(state)
    else:
        state.turn += 1
        begin_turn(state)


def reveal(state: AfricaState) -> None:
    """3) Reading orders: every sheet becomes public at once."""
    state.shown_orders = state.orders
    state.shown_landing = state.landing
    state.shown_stance = state.stance
    state.blank_sheets()
    sheets = [
        texts.sheet_sentence(state, s, state.shown_orders, state.shown_landing, state.shown_stance)
        for s in range(state.players)
    ]
    state.log.append(
        Event(
            "reveal",
            f"The {texts.year(state)} order sheets are revealed.",
            {"year": texts.year(state), "sheets": sheets},
            reveals=True,
        )
    )
    for seat, line in enumerate(sheets):
        state.log.append(Event("sheet", line, {"seat": seat}))


def read_orders(state: AfricaState) -> None:
    """3.1 developments and explorations, 3.2 landings, 3.3 the embassy markers."""
    state.last_limited = []
    develop(state)
    for seat in range(state.players):
        explore(state, seat)
    for seat in range(state.players):
        land(state, seat)
    state.embassy = state.shown_stance.copy()
    wars = [
        f"{texts.country(state, a)} declares war on {texts.country(state, b)}"
        for a in range(state.players)
        for b in range(state.players)
        if a != b and state.embassy[a * state.players + b] == WAR
    ]
    summary = (
        "; ".join(wars) + "; every other relation is an alliance"
        if wars
        else ("every relation is an alliance")
    )
    state.log.append(Event("embassies", f"Embassy markers turned: {summary}.", {"wars": wars}))


def develop(state: AfricaState) -> None:
    """3.1: one tile per develop order, never beyond the territory's squares."""
    asked = _develop_orders(state)
    for t in sorted(asked):
        placed = min(asked[t], BOARD.squares[t] - state.dev[t])
        state.dev[t] += placed
        full = " (fully developed)" if state.dev[t] == BOARD.squares[t] else ""
        state.log.append(
            Event(
                "develop",
                f"{texts.place(t)}: {placed} of {asked[t]} development order(s) carried out,"
                f" {state.dev[t]}/{BOARD.squares[t]} squares{full}.",
                {"territory": BOARD.ids[t], "placed": placed, "development": state.dev[t]},
            )
        )


def _develop_orders(state: AfricaState) -> dict[int, int]:
    """Per territory, the revealed develop orders of the countries present there."""
    asked: dict[int, int] = {}
    orders = state.shown_orders
    for seat, held in enumerate(state.held):
        base = seat * T
        for t in held:
            if orders[base + t] == DEVELOP:
                asked[t] = asked.get(t, 0) + 1
    return asked


def explore(state: AfricaState, seat: int) -> None:
    """3.1: one presence per country per territory; when markers run short, the
    explorations are carried out in the order sheet's alphabetical order of the
    territories explored into (territory numbers follow it), and the rest are void.
    When the limit bites, an event and ``last_limited`` tell that order."""
    bit = 1 << seat
    base = seat * T
    orders = state.shown_orders
    targets = sorted(
        {
            u
            for t in state.held[seat]
            if (u := orders[base + t]) >= 0 and not (state.presence[u] & bit or state.colony[u])
        }
    )
    name = texts.country(state, seat)
    if len(targets) > state.stock[seat]:
        carried = state.stock[seat]
        state.last_limited.append((seat, tuple(targets), carried))
        state.log.append(
            Event(
                "limit",
                texts.limit_sentence(name, targets, carried),
                {
                    "seat": seat,
                    "order": [BOARD.ids[u] for u in targets],
                    "carried_out": carried,
                },
            )
        )
    for u in targets:
        if state.stock[seat] == 0:
            _log(state, "void", f"{name} has no presence marker left to explore {texts.place(u)}.")
            continue
        state.put_presence(u, seat)
        _log(state, "explore", f"{name} explores {texts.place(u)}.", seat, u)


def land(state: AfricaState, seat: int) -> None:
    """3.2: the landing ordered on an empty coastal territory places a presence."""
    target = state.shown_landing[seat]
    if target == NO_LANDING:
        return
    name = texts.country(state, seat)
    if state.presence[target] & 1 << seat:
        _log(state, "void", f"{name} is already in {texts.place(target)}; its landing is void.")
    elif state.stock[seat] == 0:
        _log(state, "void", f"{name} has no presence marker left to land in {texts.place(target)}.")
    else:
        state.put_presence(target, seat)
        _log(state, "land", f"{name} lands in {texts.place(target)}.", seat, target)


def _log(state: AfricaState, kind: str, text: str, seat: int = -1, territory: int = -1) -> None:
    data = {"seat": seat, "territory": BOARD.ids[territory]} if territory >= 0 else {}
    state.log.append(Event(kind, text, data))


def removals(state: AfricaState, territory: int) -> list[int]:
    """4) The seats whose presence leaves ``territory`` (never on a colony)."""
    if state.colony[territory]:
        return []
    n = state.players
    seats = [s for s in range(n) if state.presence[territory] >> s & 1]
    if len(seats) == 2:
        a, b = seats
        # Removed: the one that declared alliance to an enemy that declared war on it.
        return [
            x
            for x, y in ((a, b), (b, a))
            if state.embassy[x * n + y] == ALLIANCE and state.embassy[y * n + x] == WAR
        ]
    if len(seats) >= 3:
        # Removed: more wars than alliances declared to it by the others present.
        others = len(seats) - 1
        return [
            x
            for x in seats
            if 2 * sum(1 for y in seats if y != x and state.embassy[y * n + x] == WAR) > others
        ]
    return []


def resolve_conflicts(state: AfricaState) -> None:
    """4) All removals are decided first, then carried out together."""
    presence = state.presence
    # A conflict needs two presences (bits & (bits - 1) keeps all but the lowest seat).
    removed = [
        (t, s) for t in range(T) if presence[t] & (presence[t] - 1) for s in removals(state, t)
    ]
    for t, s in removed:
        state.remove_presence(t, s)
        _log(
            state,
            "removed",
            f"{texts.country(state, s)}'s presence in {texts.place(t)} is removed.",
            s,
            t,
        )
    state.last_removed = removed


def colony_allowed(state: AfricaState, territory: int) -> bool:
    """5) Fully developed, occupied, and every pair present allied both ways."""
    if state.colony[territory] or state.dev[territory] < BOARD.squares[territory]:
        return False
    n = state.players
    seats = [s for s in range(n) if state.presence[territory] >> s & 1]
    if not seats:
        return False
    return all(state.embassy[a * n + b] == ALLIANCE for a in seats for b in seats if a != b)


def build_colonies(state: AfricaState) -> None:
    """5) Every territory that qualifies becomes a colony, even beyond the 22 pieces
    (the rulebook substitutes stacks of tiles for the pieces still needed)."""
    built = [t for t in range(T) if colony_allowed(state, t)]
    for t in built:
        state.colony[t] = True
        present = [
            texts.country(state, s) for s in range(state.players) if state.presence[t] >> s & 1
        ]
        extra = (
            " (a substitute for a colony piece)" if sum(state.colony) > BOARD.colony_pieces else ""
        )
        state.log.append(
            Event(
                "colony",
                f"{texts.place(t)} becomes a colony{extra}; present: {', '.join(present)}.",
                {"territory": BOARD.ids[t], "countries": present},
            )
        )
    state.last_colonies = built


def end_game(state: AfricaState) -> None:
    state.phase = GAME_OVER
    lines = score_lines(state)
    state.log.append(
        Event(
            "end",
            f"The game ends after {texts.year(state)}. " + " ".join(lines),
            {"year": texts.year(state), "countries": [COUNTRY_IDS[c] for c in state.countries]},
        )
    )
