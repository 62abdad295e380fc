"""4. Administration, purchasing reputation, and the End of the Game."""

from __future__ import annotations

from meeple.games.namibia.actions import ACT, MAX_BUY
from meeple.games.namibia.board import COMMODITIES
from meeple.games.namibia.rules.pieces import set_cubes, set_marker, set_mine
from meeple.games.namibia.state import BUY_REPUTATION, GAME_OVER, NO_ONE, NamibiaState
from meeple.games.namibia.texts import say, what, where, who

INDEX_MIN, INDEX_MAX = 1, 15
REPUTATION_PRICE = {3: 3, 5: 4}  # GM per point at the end of rounds 3 and 5
END_GM_PER_POINT = 5


def _clamp(value: int) -> int:
    return max(INDEX_MIN, min(INDEX_MAX, value))


def move_market(s: NamibiaState) -> None:
    """The Commodity Index moves for each commodity (Game Administration Summary)."""
    for k in range(len(COMMODITIES)):
        before = (s.price[k], s.demand[k])
        supply, demand = s.barrel[k], s.demand[k]
        if not s.chosen_kinds[k]:
            s.price[k], s.demand[k] = s.price[k] + 3, demand + 3
        elif supply > demand:
            s.demand[k] = demand + 2
        elif supply == demand:
            s.price[k], s.demand[k] = s.price[k] + 1, demand + 1
        else:
            s.price[k], s.demand[k] = s.price[k] + 2, (demand + 1) // 2
        s.price[k], s.demand[k] = _clamp(s.price[k]), _clamp(s.demand[k])
        s.barrel[k] = NO_ONE
        s.halved[k] = False
        say(
            s,
            "market",
            _moved,
            k,
            *before,
            s.price[k],
            s.demand[k],
            kind=k,
            price=s.price[k],
            demand=s.demand[k],
        )


def _moved(kind: int, price: int, demand: int, new_price: int, new_demand: int) -> str:
    return f"{what(kind)}: price {price} -> {new_price}, demand {demand} -> {new_demand}"


def exhaust_mines(s: NamibiaState) -> None:
    """Completed mines with no cubes left close; an abandoned marker takes their place.

    Reads the board lists (once a round), so it serves a position set up by hand.
    """
    for space, owner in enumerate(s.mine_owner):
        if owner == NO_ONE or not s.mine_done[space] or s.cube_count[space]:
            continue
        set_mine(s, space, NO_ONE, False)
        set_cubes(s, space, NO_ONE, 0)
        s.heads[owner] += 1
        if s.supply_markers:
            s.supply_markers -= 1
            set_marker(s, space)
        say(s, "exhausted", _exhausted, owner, space, seat=owner, space=space)


def _exhausted(owner: int, space: int) -> str:
    return f"{who(owner)}'s mine on {where(space)} is exhausted"


def administer(s: NamibiaState) -> None:
    move_market(s)
    exhaust_mines(s)
    s.truck = [NO_ONE] * s.config.players
    s.chosen_kinds = [False] * len(COMMODITIES)
    s.chosen_ports = [False] * len(s.chosen_ports)


def buy_options(s: NamibiaState, seat: int) -> list[int]:
    most = min(s.money[seat] // REPUTATION_PRICE[s.round], MAX_BUY)
    return list(ACT.buy[: most + 1]) if most > 0 else []


def begin_buying(s: NamibiaState) -> None:
    s.phase, s.pos = BUY_REPUTATION, 0


def buy(s: NamibiaState, seat: int, points: int) -> None:
    cost = points * REPUTATION_PRICE[s.round]
    s.money[seat] -= cost
    s.reputation[seat] += points
    s.pos += 1
    say(s, "buy", _bought, seat, points, cost, seat=seat, points=points)


def _bought(seat: int, points: int, cost: int) -> str:
    return f"{who(seat)} buys {points} reputation for {cost} GM"


def end_game(s: NamibiaState) -> None:
    """Oversupply adjustment, payment for mines under construction, 5 GM per point."""
    for space, count in enumerate(s.cube_count):
        if count and s.mine_owner[space] == NO_ONE:
            kind = s.cube_kind[space]
            s.price[kind] = max(INDEX_MIN, s.price[kind] - count)
    say(s, "oversupply", _oversupplied, tuple(s.price), prices=list(s.price))
    s.final = []
    for seat in range(s.config.players):
        s.final.append(_final_row(s, seat))
    s.phase, s.actor, s.options = GAME_OVER, NO_ONE, []


def _oversupplied(prices: tuple[int, ...]) -> str:
    return "oversupply: prices fall to " + ", ".join(
        f"{what(k)} {price}" for k, price in enumerate(prices)
    )


def _final_row(s: NamibiaState, seat: int) -> list[int]:
    """[reputation before, construction payment, points bought, reputation, money left]."""
    before = s.reputation[seat]
    payment = 0
    if not s.out[seat]:
        payment = sum(
            s.price[s.cube_kind[i]] * s.cube_count[i]
            for i, owner in enumerate(s.mine_owner)
            if owner == seat and not s.mine_done[i]
        )
    s.money[seat] += payment
    points = 0 if s.out[seat] else s.money[seat] // END_GM_PER_POINT
    s.money[seat] -= points * END_GM_PER_POINT
    s.reputation[seat] += points
    reputation, money = s.reputation[seat], s.money[seat]
    say(s, "final", _final_words, seat, payment, points, reputation, money, seat=seat)
    return [before, payment, points, reputation, money]


def _final_words(seat: int, payment: int, points: int, reputation: int, money: int) -> str:
    return (
        f"{who(seat)}: {payment} GM for mines under construction, "
        f"{points} reputation bought; final reputation {reputation}, {money} GM left"
    )
