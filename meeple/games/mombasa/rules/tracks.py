"""Tracks, money and trading posts: the effects every action shares.

Company tracks ("Company tracks" in the supplement): share icons, capital calls,
special spaces paying again, bonuses unlocked. The diamond and bookkeeping
tracks' final spaces turn further steps or BP into 2 pounds each. Company bases:
3 columns of 5 spaces; the foremost post leaves, a returned post goes to the
rearmost empty space, and a column's final space, once empty, stays uncovered.
"""

from __future__ import annotations

from meeple.games.mombasa.board import BOARD, TRACK_FACES
from meeple.games.mombasa.state import MombasaState

FACES = tuple(BOARD.faces[name] for name in TRACK_FACES)
FINAL_SPACE_POUNDS = 2
MARKER_CAP = {2: 5, 3: 4, 4: 4}


def face_of(state: MombasaState, company: int) -> int:
    return state.faces[company]


def call_at(state: MombasaState, company: int, space: int) -> int:
    """The capital call to enter ``space`` of the company's track (0: none)."""
    return FACES[state.faces[company]].calls.get(space, 0)


def track_end(state: MombasaState, company: int) -> int:
    return FACES[state.faces[company]].length


def step(state: MombasaState, seat: int, company: int) -> None:
    """One space forward (the caller checked the end and paid any call). A special
    space pays the mover and, again, every player already at or past it, and
    unlocks the track's bonus for the mover (usable from their next turn)."""
    index = seat * 4 + company
    space = state.track[index] + 1
    state.track[index] = space
    face = FACES[state.faces[company]]
    for k, (special, pounds) in enumerate(face.specials):
        if special != space:
            continue
        for other in range(state.players):
            if other == seat or state.track[other * 4 + company] >= special:
                state.cash[other] += pounds
        state.unlocked[seat * 8 + company * 2 + k] = state.turn
        if face.bonus == "markers":
            _extra_marker(state, seat)


def _extra_marker(state: MombasaState, seat: int) -> None:
    """B2: one more bonus marker (from those boxed at setup), up to the cap."""
    if state.marker_total[seat] < MARKER_CAP[state.players]:
        state.marker_total[seat] += 1
        state.markers[seat] += 1


def free_step(state: MombasaState, seat: int, company: int) -> bool:
    """The next space exists and has no capital call."""
    space = state.track[seat * 4 + company] + 1
    return space <= track_end(state, company) and call_at(state, company, space) == 0


def diamond_steps(state: MombasaState, seat: int, steps: int) -> None:
    """Diamond steps; on the final space each further step is 2 pounds."""
    for _ in range(steps):
        if state.diamond[seat] < BOARD.diamond_length:
            state.diamond[seat] += 1
        else:
            state.cash[seat] += FINAL_SPACE_POUNDS


def shares(state: MombasaState, seat: int, company: int, owned: int) -> int:
    """Shares of a company: the last share icon reached plus share icons on ``owned`` cards."""
    on_track = FACES[state.faces[company]].shares[state.track[seat * 4 + company]]
    on_cards = 0
    for card in range(len(BOARD.cards)):
        if owned >> card & 1 and BOARD.cards[card].share == company:
            on_cards += 1
    return on_track + on_cards


# ---- company bases -------------------------------------------------------------------


def capacity(state: MombasaState, column: int) -> int:
    """Posts a base column can hold: 5, or 4 once its final space has been uncovered."""
    return 4 if state.lost >> column & 1 else 5


def take_post(state: MombasaState, column: int) -> None:
    """The foremost post of a column leaves the base."""
    state.base[column] -= 1
    if state.base[column] == 0 and not state.lost >> column & 1:
        state.lost |= 1 << column


def return_post(state: MombasaState, column: int) -> None:
    state.base[column] += 1


def return_columns(state: MombasaState, company: int) -> list[int]:
    """Columns of the company's base with an empty space a returned post may cover."""
    return [k for k in range(3) if state.base[company * 3 + k] < capacity(state, company * 3 + k)]


def coins_revealed(state: MombasaState, company: int) -> int:
    """Coin icons uncovered in a company's base: its share value."""
    total = 0
    coins = BOARD.base_coins
    for k in range(3):
        column = company * 3 + k
        posts = state.base[column]
        if state.lost >> column & 1:
            total += sum(coins[: 4 - posts]) + coins[4]
        else:
            total += sum(coins[: 5 - posts])
    return total


def posts_in_regions(state: MombasaState, company: int) -> int:
    return sum(1 for owner in state.owner if owner == company)


def mines_of(state: MombasaState, company: int) -> int:
    """Mine icons in the regions a company controls (a Cairo-type merchant's bonus)."""
    return sum(BOARD.regions[r].mines for r, owner in enumerate(state.owner) if owner == company)
