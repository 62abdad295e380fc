"""What a Fleet takes aboard homebound (12.1), and Gold an opponent holds (8.223).

12.1: the Fleet calls at the Anchorage dots "where it wishes to pick up Gold or
passengers" and takes what waits there: a choice. Where the Fleet lies, its
player may ``pick up all`` (what fits, Soldiers first, then Colonists, then Gold
Bars: the pick meeple made for him before ``newworld-5``, offered first) or one
unit at a time (``pick up soldier|colonist|gold at x``), within two Personnel and
two Bars a regular Ship (5.3). What he leaves goes back to its Area when the
Fleets have sailed (8.21).

8.223: Gold on an Anchorage dot whose owner has no Personnel left in the Area
"can be shipped only with that opponent's permission" when another player's
Personnel are there. Its owner may ``ask to ship gold at x`` (once per Area and
turn); every player with Personnel there answers in seat order, ``refuse the gold
shipped`` first (the old pick: it stayed). If all allow it, the Bars that fit go
aboard at once.
"""

from __future__ import annotations

from meeple.engine import Event
from meeple.games.newworld.actions import (
    ALLOW_GOLD,
    ASK_GOLD,
    PICK_UP,
    PICK_UP_COLONIST,
    PICK_UP_GOLD,
    PICK_UP_SOLDIER,
    REFUSE_GOLD,
    SPACE,
)
from meeple.games.newworld.rules import units
from meeple.games.newworld.state import NOBODY, NewWorldState, at
from meeple.games.newworld.texts import GOLD_BAR, amounts, area_word, country, listing

OWNER, AREA, AGREED = range(3)  # the fields of ``gold_leave``


def room(state: NewWorldState, seat: int) -> tuple[int, int]:
    """Personnel and Gold Bars the Fleet can still take (5.3; Pirates carry none, 22.1)."""
    carriers = state.fleet_ships[seat] - state.fleet_pirates[seat]
    people = 2 * carriers - state.fleet_soldiers[seat] - state.fleet_colonists[seat]
    return max(0, people), max(0, 2 * carriers - state.fleet_bars[seat])


def held(state: NewWorldState, seat: int, area: int) -> bool:
    """The seat's Gold on the dot is held by an opponent's Personnel (8.223)."""
    return units.personnel(state, seat, area) == 0 and units.others_present(state, seat, area)


def actions(state: NewWorldState, seat: int) -> list[int]:
    """The pickups open where the seat's Fleet lies, ``pick up all`` first."""
    here = state.fleet_at[seat]
    if here == NOBODY:
        return []
    i = at(seat, here)
    soldiers, colonists, bars = state.emb_soldiers[i], state.emb_colonists[i], state.emb_gold[i]
    if not (soldiers or colonists or bars):
        return []
    people, bar_room = room(state, seat)
    gold = bool(bars and bar_room)
    free_gold = gold and not held(state, seat, here)
    out = []
    if (people and (soldiers or colonists)) or free_gold:
        out.append(PICK_UP[here])
    if people and soldiers:
        out.append(PICK_UP_SOLDIER[here])
    if people and colonists:
        out.append(PICK_UP_COLONIST[here])
    if free_gold:
        out.append(PICK_UP_GOLD[here])
    elif gold and not state.gold_asked[seat] >> here & 1:
        out.append(ASK_GOLD[here])
    return out


def apply(state: NewWorldState, seat: int, index: int) -> None:
    """One pickup, or the request to ship held Gold."""
    action = SPACE[index]
    here = action.args[0]
    assert isinstance(here, int)
    if action.kind == "pick_up":
        pick_up(state, seat, here)
    elif action.kind == "ask_gold":
        ask(state, seat, here)
    else:
        take(state, seat, here, action.kind)


def pick_up(state: NewWorldState, seat: int, area: int) -> None:
    """Take aboard what waits on the Anchorage dot, as far as two Personnel and two
    Gold Bars per Ship allow (5.3); Gold only if no opponent's Personnel hold it
    there in its owner's absence (8.223)."""
    i = at(seat, area)
    carriers = state.fleet_ships[seat] - state.fleet_pirates[seat]  # Pirates carry none (22.1)
    room = 2 * carriers - state.fleet_soldiers[seat] - state.fleet_colonists[seat]
    soldiers = min(room, state.emb_soldiers[i])
    colonists = min(room - soldiers, state.emb_colonists[i])
    state.emb_soldiers[i] -= soldiers
    state.emb_colonists[i] -= colonists
    state.fleet_soldiers[seat] += soldiers
    state.fleet_colonists[seat] += colonists
    bars = min(2 * carriers - state.fleet_bars[seat], state.emb_gold[i])
    if bars and units.personnel(state, seat, area) == 0 and units.others_present(state, seat, area):
        bars = 0  # held by an opponent's Personnel in its owner's absence
    state.emb_gold[i] -= bars
    state.fleet_bars[seat] += bars
    state.fleet_gold[seat] += GOLD_BAR * bars
    if soldiers or colonists or bars:
        taken = (seat, soldiers, colonists, bars, area)
        state.log.append(Event("pick up", pick_up_words, {"seat": seat}, None, False, taken))


def pick_up_words(seat: int, soldiers: int, colonists: int, bars: int, area: int) -> str:
    """A Fleet's pickup (12.1), written when the log is read."""
    taken = listing(amounts((soldiers, "Soldier"), (colonists, "Colonist"), (bars, "Gold Bar")))
    return f"{country(seat)}'s Fleet picks up {taken} at {area_word(area)}"


def take(state: NewWorldState, seat: int, area: int, kind: str) -> None:
    """One Soldier, Colonist or Gold Bar from the dot onto the Fleet."""
    i = at(seat, area)
    if kind == "pick_up_soldier":
        state.emb_soldiers[i] -= 1
        state.fleet_soldiers[seat] += 1
        taken = (seat, 1, 0, 0, area)
    elif kind == "pick_up_colonist":
        state.emb_colonists[i] -= 1
        state.fleet_colonists[seat] += 1
        taken = (seat, 0, 1, 0, area)
    else:
        load_bars(state, seat, area, 1)
        return
    state.log.append(Event("pick up", pick_up_words, {"seat": seat}, None, False, taken))


def load_bars(state: NewWorldState, seat: int, area: int, bars: int) -> None:
    i = at(seat, area)
    state.emb_gold[i] -= bars
    state.fleet_bars[seat] += bars
    state.fleet_gold[seat] += GOLD_BAR * bars
    taken = (seat, 0, 0, bars, area)
    state.log.append(Event("pick up", pick_up_words, {"seat": seat}, None, False, taken))


# ---- Gold held by an opponent (8.223) ------------------------------------------------------


def holders(state: NewWorldState, owner: int, area: int) -> list[int]:
    """The players whose Personnel stand where the Gold lies, in seat order."""
    return [s for s in range(state.players) if s != owner and units.personnel(state, s, area)]


def asked(state: NewWorldState) -> int:
    """The player whose answer the request waits for."""
    owner, area, agreed = state.gold_leave
    return next(s for s in holders(state, owner, area) if not agreed >> s & 1)


def ask(state: NewWorldState, seat: int, area: int) -> None:
    state.gold_asked[seat] |= 1 << area
    state.gold_leave = [seat, area, 0]
    names = listing([country(s) for s in holders(state, seat, area)])
    state.log.append(
        Event(
            "gold request",
            f"{country(seat)} asks {names} to let its Gold leave {area_word(area)} (8.223)",
            {"seat": seat, "area": area},
        )
    )


def answer_actions(state: NewWorldState, seat: int) -> list[int]:
    return [REFUSE_GOLD, ALLOW_GOLD] if seat == asked(state) else []


def apply_answer(state: NewWorldState, seat: int, index: int) -> None:
    owner, area, agreed = state.gold_leave
    allowed = index == ALLOW_GOLD
    verb = "lets" if allowed else "does not let"
    state.log.append(
        Event(
            "gold answer",
            f"{country(seat)} {verb} {country(owner)}'s Gold leave {area_word(area)} (8.223)",
            {"seat": seat, "area": area},
        )
    )
    if not allowed:
        state.gold_leave = []
        return
    agreed |= 1 << seat
    state.gold_leave[AGREED] = agreed
    if all(agreed >> s & 1 for s in holders(state, owner, area)):
        state.gold_leave = []
        bars = min(room(state, owner)[1], state.emb_gold[at(owner, area)])
        if bars:
            load_bars(state, owner, area, bars)
