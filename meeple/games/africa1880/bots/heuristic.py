"""A first simple Africa 1880 player, and the one place its rules of thumb live.

* Setup: the empty coast with the fewest squares (the quickest colony).
* Diplomatic action: ready at once.
* Writing orders, line by line: a presence develops its territory until it is
  full, then explores the most promising bordering territory (few squares left to
  fill, few rivals); it lands on the emptiest quick coast while markers last; it
  answers each country with that country's last declaration towards it (alliance
  first), and seals once every line is written.

``ranked_values`` ranks the values of one line, lazily; everything else derives
from it: the bot writes each line's first value, ``heuristic_sheet`` is the whole
sheet of first values (for fast playouts), and search branches on the first few. It reads
only the public board and the seat's own position on its sheet, through the game's
sheet API (``meeple.games.africa1880.bots.sheets``), so it may read the true state.
"""

from __future__ import annotations

from collections.abc import Iterator

from meeple.engine import Game, GameState, Rng
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.bots.sheets import (
    ALLIANCE,
    DEVELOP,
    NO_LANDING,
    NOTHING,
    READY,
    SEAL,
    AfricaState,
    Line,
    Sheet,
    declaration,
    development,
    embassy_alliances,
    empty_coasts,
    explore_targets,
    is_colony,
    line_action,
    markers_left,
    next_line,
    phase,
    place_action,
    presence_count,
    seats_present,
    sheet_lines,
)

AnyGame = Game[GameState]  # the game a bot is given (Africa's, as the engine types it)
LANDING_RESERVE = 3  # markers kept back from landings for explorations
RIVAL_COST = 3  # explore_cost: squares left to develop plus this much per presence there
SOLE_VALUE, SHARED_VALUE = 8.0, 3.0  # worth: a colony presence alone or shared
ALLIANCE_VALUE = 1.0  # worth: an alliance marker in one's own embassy


class AfricaHeuristic:
    """Greedy colonial expansion with tit-for-tat diplomacy."""

    name = "heuristic"

    def __init__(self, game: AnyGame, seed: int) -> None:
        self.rng = Rng(seed)

    def choose(self, game: AnyGame, state: GameState, seat: int) -> int:
        assert isinstance(state, AfricaState)
        best = next(preferences(state, seat), None)
        if best is not None:
            return best
        return self.rng.choice(game.legal_actions(state, seat))


def preferences(state: AfricaState, seat: int) -> Iterator[int]:
    """The heuristic's legal actions for ``seat``'s pending decision, best first
    (none only at setup when no coast is empty). Lazy: the first costs least."""
    now = phase(state)
    if now == "setup":
        yield from (place_action(t) for t in quick_coasts(state))
    elif now == "diplomacy":
        yield READY
    elif now == "writing":
        line = next_line(state, seat)
        if line[0] == "end":
            yield SEAL
        else:
            yield from (line_action(state, line, v) for v in ranked_values(state, seat, line))


def ranked_values(state: AfricaState, seat: int, line: Line) -> Iterator[int]:
    """The values the heuristic would write on ``line``, best first (lazy)."""
    kind, target = line
    if kind == "order":
        return order_values(state, seat, target)
    if kind == "landing":
        return landing_values(state, seat)
    if kind == "relation":
        return iter((tit_for_tat(state, seat, target),))
    return iter(())


def heuristic_sheet(state: AfricaState, seat: int) -> Sheet:
    """The whole sheet the heuristic writes for ``seat`` in this writing phase: the
    first of ``ranked_values`` on every line."""
    lines = sheet_lines(state, seat)
    return Sheet(
        {t: next(order_values(state, seat, t)) for kind, t in lines if kind == "order"},
        next(landing_values(state, seat)),
        {o: tit_for_tat(state, seat, o) for kind, o in lines if kind == "relation"},
    )


def order_values(state: AfricaState, seat: int, territory: int) -> Iterator[int]:
    """Develop until full, then the explorations cheapest first, then nothing."""
    full = development(state, territory) >= BOARD.squares[territory]
    if not full:
        yield DEVELOP
    yield from sorted(explore_targets(state, seat, territory), key=lambda u: explore_cost(state, u))
    if full:
        yield NOTHING


def explore_cost(state: AfricaState, target: int) -> tuple[int, int]:
    """Lower is better: squares still to develop plus three per presence there."""
    left = BOARD.squares[target] - development(state, target)
    return left + RIVAL_COST * presence_count(state, target), target


def landing_values(state: AfricaState, seat: int) -> Iterator[int]:
    """The quickest empty coasts while markers last beyond the reserve, then none."""
    if markers_left(state, seat) > LANDING_RESERVE:
        yield from quick_coasts(state)
    yield NO_LANDING


def quick_coasts(state: AfricaState) -> list[int]:
    """Empty coastal territories, fewest squares first."""
    return sorted(empty_coasts(state), key=lambda t: (BOARD.squares[t], t))


def tit_for_tat(state: AfricaState, seat: int, other: int) -> int:
    """What ``other`` last declared towards ``seat`` (alliance before any reveal)."""
    declared = declaration(state, other, seat)
    return ALLIANCE if declared is None else declared


def worth(state: AfricaState) -> list[float]:
    """Expected points per seat: colonies as scored, unfinished territories at half
    their colony value times their development, and the alliance markers sitting in
    the seat's own embassy (the other countries' declarations towards it)."""
    n = state.config.players
    values = [0.0] * n
    for t in range(len(BOARD.ids)):
        seats = seats_present(state, t)
        if not seats:
            continue
        per = SOLE_VALUE if len(seats) == 1 else SHARED_VALUE
        done = 1.0 if is_colony(state, t) else 0.5 * development(state, t) / BOARD.squares[t]
        for seat in seats:
            values[seat] += per * done
    for seat in range(n):
        values[seat] += ALLIANCE_VALUE * embassy_alliances(state, seat)
    return values
