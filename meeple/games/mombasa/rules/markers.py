"""5. Place 1 bonus marker: where a seat may place one, and what each space gives
(the majorities, the bonus tiles, the first player, card purchase and removal, the
C/D tracks' extra bonus spaces)."""

from __future__ import annotations

from meeple.games.mombasa import actions as A
from meeple.games.mombasa.board import BOARD, NO
from meeple.games.mombasa.rules import area, tasks
from meeple.games.mombasa.state import (
    FIRST_EXTRA_SPACE,
    FIRST_PLAYER_SPACE,
    PURCHASE_SPACE,
    REMOVAL_SPACE,
    MombasaState,
)
from meeple.games.mombasa.texts import say

TILE_COSTS = BOARD.tile_costs
NO_UNLOCKS = [NO] * 8


def placements(state: MombasaState, seat: int) -> list[int]:
    """The bonus spaces the seat may place a marker on now (see ``may_place``)."""
    spaces = state.spaces
    out: list[int] = []
    if spaces[0] == NO or spaces[1] == NO or spaces[2] == NO or spaces[3] == NO:
        for m in range(4):
            if spaces[m] == NO and kept_tier(state, seat, m) >= 0:
                out.append(A.PLACE[m])
    cash = state.cash[seat]
    for tile in range(4):
        if spaces[4 + tile] == NO and cash >= TILE_COSTS[tile]:
            out.append(A.PLACE[4 + tile])
    if spaces[FIRST_PLAYER_SPACE] == NO and (seat != state.first or state.started >> seat & 1):
        out.append(A.PLACE[FIRST_PLAYER_SPACE])
    if spaces[PURCHASE_SPACE] == NO and cash >= 1 and tasks.can_buy(state, 0, cash - 1):
        out.append(A.PLACE[PURCHASE_SPACE])
    if spaces[REMOVAL_SPACE] == NO and state.hands[seat] & tasks.DISCARDABLE:
        out.append(A.PLACE[REMOVAL_SPACE])
    unlocked = state.unlocked[seat * 8 : seat * 8 + 8]
    if unlocked != NO_UNLOCKS:  # the common case: no track bonus unlocked yet
        for extra in range(8):
            space = FIRST_EXTRA_SPACE + extra
            if (
                unlocked[extra] != NO
                and spaces[space] == NO
                and may_place_extra(state, seat, space)
            ):
                out.append(A.PLACE[space])
    return out


def may_place(state: MombasaState, seat: int, space: int) -> bool:
    """ "5. Place 1 bonus marker": an empty space whose requirement the seat meets."""
    if state.spaces[space] != NO:
        return False
    cash = state.cash[seat]
    if space < 4:
        return majority_tier(state, seat, space) >= 0
    if space < 8:
        return cash >= BOARD.tile_costs[space - 4]
    if space == FIRST_PLAYER_SPACE:
        return seat != state.first or bool(state.started >> seat & 1)
    if space == PURCHASE_SPACE:
        return cash >= 1 and tasks.can_buy(state, 0, cash - 1)
    if space == REMOVAL_SPACE:
        return bool(state.hands[seat] & tasks.DISCARDABLE)
    return may_place_extra(state, seat, space)


def majority_tier(state: MombasaState, seat: int, majority: int) -> int:
    """The highest tier the seat reaches if nobody has more (a tie suffices), else -1."""
    return _tier([area.totals(state, p) for p in range(state.players)], seat, majority)


def kept_tier(state: MombasaState, seat: int, majority: int) -> int:
    """``majority_tier`` from the kept totals (valid at the start of a turn)."""
    totals = state.totals
    mine = totals[seat * 4 + majority]
    if mine < 1:
        return -1
    for index in range(majority, len(totals), 4):
        if totals[index] > mine:
            return -1
    tiers = MAJORITY_TIERS[majority]
    tier = 0
    while tier + 1 < len(tiers) and tiers[tier + 1] <= mine:
        tier += 1
    return tier


MAJORITY_TIERS = tuple(tuple(t[0] for t in m.tiers) for m in BOARD.majorities)


def _tier(totals: list[list[int]], seat: int, majority: int) -> int:
    mine = totals[seat][majority]
    if mine < 1:
        return -1
    for other, row in enumerate(totals):
        if other != seat and row[majority] > mine:
            return -1
    tiers = BOARD.majorities[majority].tiers
    return max(t for t in range(len(tiers)) if tiers[t][0] <= mine)


def may_place_extra(state: MombasaState, seat: int, space: int) -> bool:
    """A track's extra bonus space: unlocked (bonus k needs the k-th special space),
    paid, and not both of a track's spaces in one round."""
    extra = space - FIRST_EXTRA_SPACE
    company, k = divmod(extra, 2)
    if state.unlocked[seat * 8 + extra] == NO:  # fast: never unlocked
        return False
    bonus = area.TRACK_BONUS[state.faces[company]]
    if bonus not in ("purchase", "removal", "books", "tracks"):
        return False
    if area.unlocked_level(state, seat, company) < k + 1:
        return False
    sibling = FIRST_EXTRA_SPACE + company * 2 + (1 - k)
    if state.spaces[sibling] == seat:
        return False
    cost = BOARD.extra_space_costs[k]
    if state.cash[seat] < cost:
        return False
    if bonus == "removal":
        return bool(tasks.discard_options(state, seat, k))
    return True


def place_marker(state: MombasaState, seat: int, space: int) -> None:
    state.markers[seat] -= 1
    state.spaces[space] = seat
    say(state, "marker", "{p} places a bonus marker on {s}", s=A.space_name(space))
    if space < 4:
        state.tasks.append((tasks.TIER, space, kept_tier(state, seat, space)))
    elif space < 8:
        state.cash[seat] -= BOARD.tile_costs[space - 4]
        state.tiles_reserved[space - 4] = seat
    elif space == FIRST_PLAYER_SPACE:
        state.next_first = seat
        state.tasks.append((tasks.BP, 1))
    elif space == PURCHASE_SPACE:
        state.cash[seat] -= 1
        state.tasks.append((tasks.PURCHASE, 0, 0))
    elif space == REMOVAL_SPACE:
        state.tasks.append((tasks.DISCARD, 2, 0))
    else:
        _place_extra(state, seat, space)


def _place_extra(state: MombasaState, seat: int, space: int) -> None:
    """The C/D tracks' extra bonus spaces (supplement, "Company tracks")."""
    company, k = divmod(space - FIRST_EXTRA_SPACE, 2)
    state.cash[seat] -= BOARD.extra_space_costs[k]
    bonus = area.TRACK_BONUS[state.faces[company]]
    if bonus == "purchase":  # a card for pounds (k: 1 less) and/or diamond steps
        # the steps first: past the diamond track's final space they pay pounds the
        # purchase may use; in any other case the order changes nothing
        state.tasks.append((tasks.PURCHASE, k, 1))
        state.tasks.append((tasks.DIAMOND, k + 1))
    elif bonus == "removal":  # any card for crate + 3, or a coffee card for crate + 8
        state.tasks.append((tasks.DISCARD, 8 if k else 3, k))
    elif bonus == "books":
        if k:
            state.tasks.append((tasks.DIAMOND, 2))
            state.tasks.append((tasks.BP, 2))
        else:
            state.tasks.append((tasks.BP_DIAMOND,))
    elif k:  # tracks, bonus 2: 2 steps on each other track, in the player's order
        tasks.push_each_track(state, 2, 0b1111 & ~(1 << company))
    else:  # tracks, bonus 1: 2 steps on two different other tracks
        state.tasks.append((tasks.BOOST, 2, NO, company))
