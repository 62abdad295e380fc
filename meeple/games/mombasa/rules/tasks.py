"""The actor's pending decisions: a stack of small tuples, top last.

An action of the general action phase pushes ``(END_TURN,)`` and then the steps
it needs; each step is either automatic (settled at once by ``settle``) or a
decision with its own legal actions. Formats (first item the kind):

- ``(GOODS_PICK, good, chosen_slots_mask, mixed)``: goods cards joining the total
- ``(GOODS_SPEND, units, may_buy, discount)``: buy a display card and/or advance
- ``(EXPAND, company, points, entered_regions_mask)``: enter regions
- ``(STEPS, company, n)`` automatic; ``(CALL, company, n)`` pay or decline a capital call
- ``(DIAMOND, n)``, ``(POUNDS, n)`` automatic
- ``(BP, n)``: bookkeeping points to spend on books and pounds
- ``(REMOVE, n)``: trading posts to remove; ``(RETURN, company)``: an ousted post
- ``(WALK, source, moved, flipped)``: the ink jar walk of a bookkeeper
- ``(TIER, majority, highest)``: the majority reward taken
- ``(PURCHASE, discount, optional)``: a display card bought for pounds
- ``(DISCARD, bonus, coffee_only)``: a hand card discarded for crate value + bonus
- ``(BP_DIAMOND,)``, ``(BOOST, steps, first, excluded)``, ``(SHELVE,)``, ``(END_TURN,)``
- ``(REWARDS, company, pounds, diamond, steps, bp, steps_first)``: a reward of several
  parts the player takes in the order he likes; the next part is asked only while the
  order can change something (``order_matters``), else the parts follow in the old order
- ``(EACH_TRACK, steps, tracks_mask)``: steps on each of those tracks, in his order
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.games.mombasa import actions as A
from meeple.games.mombasa.board import BANANAS, BOARD, COFFEE, COTTON, NO, SHARE
from meeple.games.mombasa.rules import area, flow, order
from meeple.games.mombasa.rules import tracks as T
from meeple.games.mombasa.state import PLUS_ONE, SLOTS, MombasaState
from meeple.games.mombasa.texts import say

(
    GOODS_PICK,
    GOODS_SPEND,
    EXPAND,
    STEPS,
    CALL,
    DIAMOND,
    POUNDS,
    BP,
    REMOVE,
    RETURN,
    WALK,
    TIER,
    PURCHASE,
    DISCARD,
    BP_DIAMOND,
    BOOST,
    SHELVE,
    END_TURN,
    REWARDS,
    EACH_TRACK,
) = range(20)
TASK_NAMES = (
    "goods: choose cards",
    "goods: spend units",
    "expansion",
    "track steps",
    "capital call",
    "diamond steps",
    "pounds",
    "bookkeeping points",
    "remove trading posts",
    "return an ousted trading post",
    "bookkeeping walk",
    "majority reward",
    "buy a card for pounds",
    "discard a card",
    "bookkeeping points and diamond steps",
    "move on two tracks",
    "place books",
    "end of turn",
    "rewards: which first",
    "move on each other track",
)
FLIP_COST = 2
BOOK_COST = {"A": 1, "B": 1, "C": 2}
CARDS = BOARD.cards
BOOK_LENGTH = BOARD.book_length
SHELF = BOOK_LENGTH + 1
SHELF_SPACES = tuple(range(flow.TILE_BOOK + 1, SHELF))
"""The bookkeeping spaces a book from the display may go on: not the starting tile's
book (it lies on the tile, not on a space of the track, so nothing covers it)."""


# ---- settling the automatic steps --------------------------------------------------


def settle(state: MombasaState) -> None:
    """Run automatic steps until a decision (or the end of the turn) is reached."""
    tasks = state.tasks
    while tasks:
        task = tasks[-1]
        auto = _AUTO.get(task[0])
        if auto is None or not auto(state, task):
            return


def _steps(state: MombasaState, task: tuple[int, ...]) -> bool:
    """Move on a company track; a capital call the seat can pay becomes a decision,
    one it cannot pay (or the track's end) loses the rest of the steps."""
    _, company, n = task
    seat = state.actor
    state.tasks.pop()
    moved = 0
    while n > 0:
        space = state.track[seat * 4 + company] + 1
        if space > T.track_end(state, company):
            _say_steps(state, company, moved, TRACK_ENDS, n)
            return True
        call = T.call_at(state, company, space)
        if call:
            if state.cash[seat] >= call:
                state.tasks.append((CALL, company, n))
                _say_steps(state, company, moved, CALL_REACHED, n, call)
                return False
            _say_steps(state, company, moved, CALL_UNPAID, n, call)
            return True
        T.step(state, seat, company)
        moved += 1
        n -= 1
    _say_steps(state, company, moved)
    return True


STEPS_TAKEN = "{p} moves {n} {w} on the {c} track to space {s}"
TRACK_ENDS = "{p} loses {l} {v} at the end of the {c} track"
CALL_REACHED = "{p} reaches a capital call of £{x} on the {c} track"
CALL_UNPAID = "{p} cannot pay a capital call of £{x} on the {c} track and loses {l} {v}"


def _say_steps(
    state: MombasaState, company: int, moved: int, stop: str = "", left: int = 0, call: int = 0
) -> None:
    """One event for the steps taken on a company track (``moved``) and why the
    ``left`` others were not (``stop``: a template above); nothing if neither."""
    if moved and stop:
        template = (
            STEPS_TAKEN + ", then " + stop.removeprefix("{p} ").replace(" on the {c} track", "")
        )
    else:
        template = STEPS_TAKEN if moved else stop
    if template:
        say(
            state,
            "track",
            template,
            n=moved,
            w="step" if moved == 1 else "steps",
            c=COMPANY_NAMES[company],
            s=state.track[state.actor * 4 + company],
            x=call,
            l=left,
            v="step" if left == 1 else "steps",
        )


def _diamond(state: MombasaState, task: tuple[int, ...]) -> bool:
    state.tasks.pop()
    seat, n = state.actor, task[1]
    before = state.diamond[seat]
    T.diamond_steps(state, seat, n)
    if n > 0:
        over = n - (state.diamond[seat] - before)  # steps past the final space: 2 pounds each
        template = "{p} moves {n} diamond {w} to space {s}" + (", taking £{x}" if over else "")
        w = "step" if n == 1 else "steps"
        say(state, "diamond", template, n=n, w=w, s=state.diamond[seat], x=over * 2)
    return True


def _pounds(state: MombasaState, task: tuple[int, ...]) -> bool:
    state.tasks.pop()
    state.cash[state.actor] += task[1]
    if task[1] > 0:
        say(state, "pounds", "{p} takes £{n}", n=task[1])
    return True


def _bp(state: MombasaState, task: tuple[int, ...]) -> bool:
    """On the final bookkeeping space every BP is 2 pounds; 0 BP is nothing."""
    seat = state.actor
    if task[1] <= 0 or state.ink[seat] == BOOK_LENGTH:
        state.tasks.pop()
        state.cash[seat] += T.FINAL_SPACE_POUNDS * max(task[1], 0)
        if task[1] > 0:
            say(
                state,
                "bp",
                "{p} turns {n} bookkeeping points into £{x} on bookkeeping space {s}",
                n=task[1],
                x=T.FINAL_SPACE_POUNDS * task[1],
                s=BOOK_LENGTH,
            )
        return True
    return False


def _remove(state: MombasaState, task: tuple[int, ...]) -> bool:
    if task[1] <= 0 or not any(state.base):
        state.tasks.pop()
        return True
    return False


def _return(state: MombasaState, task: tuple[int, ...]) -> bool:
    """An ousted post goes back; with no empty space it leaves the game."""
    company = task[1]
    columns = T.return_columns(state, company)
    if len(columns) > 1:
        return False
    state.tasks.pop()
    if columns:
        T.return_post(state, company * 3 + columns[0])
        _say_return(state, company, columns[0])
    else:
        state.out[company] += 1
        say(state, "return", "An ousted {c} trading post leaves the game", c=COMPANY_NAMES[company])
    return True


def _say_return(state: MombasaState, company: int, column: int) -> None:
    c = COMPANY_NAMES[company]
    say(state, "return", "An ousted {c} trading post returns to column {k}", c=c, k=column + 1)


def _expand(state: MombasaState, task: tuple[int, ...]) -> bool:
    if expansion_targets(state, task):
        return False
    finish_expansion(state)
    return True


def _spend(state: MombasaState, task: tuple[int, ...]) -> bool:
    if task[1] > 0 and spend_options(state, task):
        return False
    state.tasks.pop()
    return True


def _boost(state: MombasaState, task: tuple[int, ...]) -> bool:
    if boost_options(state, task):
        return False
    state.tasks.pop()
    return True


def _end_turn(state: MombasaState, task: tuple[int, ...]) -> bool:
    if state.acquired:
        state.tasks.append((SHELVE,))
        return False
    state.tasks.pop()
    _refill_books(state)
    state.turn += 1  # a bonus unlocked during this turn works from the next one
    flow.next_actor(state)
    return True


# ---- rewards of several parts, taken in the player's order --------------------------


def push_rewards(
    state: MombasaState,
    company: int,
    pounds: int,
    diamond: int,
    steps: int,
    bp: int,
    steps_first: int,
) -> None:
    """A reward of several parts: pounds, diamond steps, steps on the company's track
    and bookkeeping points. The regions' rewards ("Take the rewards in any order you
    like") and a majority's steps with its extra (our reading, docs/games/mombasa.md) are
    the player's to order; his old order (``steps_first``: the track steps first, else
    pounds, diamond steps, track steps, BP) is the first choice offered."""
    task = (REWARDS, company, pounds, diamond, steps, bp, steps_first)
    if order_matters(state, task):
        state.tasks.append(task)
    else:
        _push_parts(state, task)


def order_matters(state: MombasaState, task: tuple[int, ...]) -> bool:
    """Only pounds can change what the track steps do (a capital call they reach);
    pounds come from the pounds, from BP taken as pounds and from diamond steps past
    the final space. Where no call is in reach, every order ends alike."""
    _, company, pounds, diamond, steps, bp, _ = task
    if steps <= 0:
        return False
    seat = state.actor
    if not (pounds or bp or (diamond and state.diamond[seat] + diamond > DIAMOND_LENGTH)):
        return False
    return call_in_reach(state, seat, company, steps)


DIAMOND_LENGTH = BOARD.diamond_length


def call_in_reach(state: MombasaState, seat: int, company: int, steps: int) -> bool:
    """A capital call lies on one of the next ``steps`` spaces of the seat's track."""
    here = state.track[seat * 4 + company]
    last = min(here + steps, T.track_end(state, company))
    return any(T.call_at(state, company, space) for space in range(here + 1, last + 1))


REWARD_PARTS = (POUNDS, DIAMOND, STEPS, BP)  # the fields of a REWARDS task, in order


def _parts(task: tuple[int, ...]) -> list[int]:
    """The parts still to take (indices into REWARD_PARTS), in the old order."""
    order = (2, 0, 1, 3) if task[6] else (0, 1, 2, 3)
    return [part for part in order if task[2 + part] > 0]


def _push_parts(state: MombasaState, task: tuple[int, ...]) -> None:
    for part in reversed(_parts(task)):  # the top of the stack is taken first
        _push_part(state, task, part)


def _push_part(state: MombasaState, task: tuple[int, ...], part: int) -> None:
    kind, n = REWARD_PARTS[part], task[2 + part]
    state.tasks.append((STEPS, task[1], n) if kind == STEPS else (kind, n))


def _rewards(state: MombasaState, task: tuple[int, ...]) -> bool:
    if order_matters(state, task):
        return False
    state.tasks.pop()
    _push_parts(state, task)
    return True


def _rewards_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return [A.COLLECT[part] for part in _parts(task)]


def _apply_rewards(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    part = _int(args[0])
    rest = list(task)
    rest[2 + part] = 0
    state.tasks[-1] = tuple(rest)
    _push_part(state, task, part)


def push_each_track(state: MombasaState, steps: int, tracks: int) -> None:
    """Steps on each of the ``tracks`` (a mask), one track after another in the order
    the player likes (D2's second bonus names no order); lowest company first is the
    old order. Asked only while a capital call is in reach on one of two or more."""
    task = (EACH_TRACK, steps, tracks)
    if _each_track_matters(state, task):
        state.tasks.append(task)
    else:
        _push_each(state, task)


def _each_track_matters(state: MombasaState, task: tuple[int, ...]) -> bool:
    _, steps, tracks = task
    if tracks & (tracks - 1) == 0:  # one track left (or none)
        return False
    seat = state.actor
    return any(tracks >> c & 1 and call_in_reach(state, seat, c, steps) for c in range(4))


def _each_track(state: MombasaState, task: tuple[int, ...]) -> bool:
    if _each_track_matters(state, task):
        return False
    state.tasks.pop()
    _push_each(state, task)
    return True


def _push_each(state: MombasaState, task: tuple[int, ...]) -> None:
    _, steps, tracks = task
    for company in range(3, -1, -1):  # the lowest company on top: taken first
        if tracks >> company & 1:
            state.tasks.append((STEPS, company, steps))


def _each_track_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return [A.BOOST[c] for c in range(4) if task[2] >> c & 1]


def _apply_each_track(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    company = _int(args[0])
    state.tasks[-1] = (EACH_TRACK, task[1], task[2] & ~(1 << company))
    state.tasks.append((STEPS, company, task[1]))


_AUTO: dict[int, Callable[[MombasaState, tuple[int, ...]], bool]] = {
    STEPS: _steps,
    DIAMOND: _diamond,
    POUNDS: _pounds,
    BP: _bp,
    REMOVE: _remove,
    RETURN: _return,
    EXPAND: _expand,
    GOODS_SPEND: _spend,
    BOOST: _boost,
    REWARDS: _rewards,
    EACH_TRACK: _each_track,
    END_TURN: _end_turn,
}


def _refill_books(state: MombasaState) -> None:
    """ "Fill each empty space of the book display" from the pile of its letter."""
    for space in range(12):
        if state.book_display[space] == NO:
            letter = space // 4
            if state.book_supply[letter]:
                state.book_display[space] = order.draw_book(state, letter)


# ---- legal actions of each decision ---------------------------------------------------


def legal(state: MombasaState) -> list[int]:
    task = state.tasks[-1]
    return _LEGAL[task[0]](state, task)


def _goods_pick(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    """Goods cards of the action's type; with the bananas track's second bonus also
    cards of other types, but only "as a payment for that card": a card of another
    type joins only while the units chosen with it can buy a display card, so a
    mixed total is always spent on a card first (``GOODS_SPEND`` with ``MUST_BUY``)."""
    _, good, chosen, mixed = task
    seat = state.actor
    out = []
    faced = area.face_up_cards(state, seat)
    units = 0
    if mixed:
        for k, card in faced:
            if chosen >> k & 1:
                units += area.card_units(state, seat, card)
    for k, card in faced:
        kind = CARDS[card].kind
        if chosen >> k & 1:
            continue
        if kind == good or (
            mixed
            and kind <= COTTON
            and can_buy(state, MIXED_DISCOUNT, units + area.card_units(state, seat, card))
        ):
            out.append(A.ADD[k])
    if chosen:
        out.append(A.TOTAL)
    return out


MUST_BUY = 2
"""``GOODS_SPEND``'s ``may_buy`` for a payment of mixed goods types: a card first."""
MIXED_DISCOUNT = 1
"""The bananas track's second bonus: buying with any goods costs 1 less."""


CRATE = tuple(card.crate for card in CARDS)
DISPLAY_CRATES = BOARD.display_crates


def price(state: MombasaState, space: int, discount: int) -> int:
    """A display card's price: its crate value + the board's beside it, less any
    discount, never below 0."""
    value = CRATE[state.display[space]] + DISPLAY_CRATES[space] - discount
    return value if value > 0 else 0


def can_buy(state: MombasaState, discount: int, budget: int) -> bool:
    """Some display card costs at most ``budget``."""
    display = state.display
    for space in range(12):
        card = display[space]
        if card != NO and CRATE[card] + DISPLAY_CRATES[space] - discount <= budget:
            return True
    return False


def spend_options(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    _, units, may_buy, discount = task
    seat = state.actor
    out = []
    if may_buy:
        for space in range(12):
            if state.display[space] != NO and price(state, space, discount) <= units:
                out.append(A.BUY[space])
        if may_buy == MUST_BUY:
            return out
    free = False
    for company in range(4):
        space = state.track[seat * 4 + company] + 1
        if space > T.track_end(state, company):
            continue
        call = T.call_at(state, company, space)
        if call == 0:
            free = True
        if call <= state.cash[seat]:
            out.append(A.ADVANCE[company])
    if out and not free:
        out.append(A.FORFEIT)
    return out


def _spend_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return spend_options(state, task)


REGIONS = len(BOARD.regions)
NEIGHBOURS = BOARD.neighbours
BASE_BORDERS = BOARD.base_borders
UNREACHED = 99


def entry_costs(state: MombasaState, company: int, entered: int) -> dict[int, int]:
    """Regions the expanding company may enter and the points each costs, in region
    order: the cheapest border from its base or from a region holding its post (or
    entered this action), +1 if another company's post is there."""
    owner = state.owner
    border = [UNREACHED] * REGIONS
    for region, points in BASE_BORDERS[company]:
        if points < border[region]:
            border[region] = points
    for source in range(REGIONS):
        if owner[source] == company or entered >> source & 1:
            for region, points in NEIGHBOURS[source]:
                if points < border[region]:
                    border[region] = points
    costs: dict[int, int] = {}
    for region in range(REGIONS):
        points = border[region]
        if points == UNREACHED or entered >> region & 1:
            continue
        held = owner[region]
        if held == NO:
            costs[region] = points
        elif held != company:
            costs[region] = points + 1
    return costs


def entry_cost(state: MombasaState, company: int, entered: int, region: int) -> int:
    """``entry_costs(...)[region]`` for one region the company may enter."""
    owner = state.owner
    points = BASE_BORDER[company][region]
    for source, border in NEIGHBOURS[region]:  # borders are the same both ways
        if border < points and (owner[source] == company or entered >> source & 1):
            points = border
    return points if owner[region] == NO else points + 1


BASE_BORDER = tuple(
    tuple(
        min((p for r, p in borders if r == region), default=UNREACHED) for region in range(REGIONS)
    )
    for borders in BASE_BORDERS
)
"""BASE_BORDER[company][region]: the border points from the company's base, if any."""


def expansion_targets(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    _, company, points, entered = task
    base = state.base
    columns = 0
    for k in range(3):
        if base[company * 3 + k] > 0:
            columns |= 1 << k
    if not columns:
        return []
    out: list[int] = []
    for region, cost in entry_costs(state, company, entered).items():
        if cost <= points:
            out.extend(ENTER_FROM[region][columns])
    return out


ENTER_FROM = tuple(
    tuple(tuple(enter[k] for k in range(3) if mask >> k & 1) for mask in range(8))
    for enter in A.ENTER
)
"""ENTER_FROM[region][columns mask]: entering the region from each of those columns."""


def _expand_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return [*expansion_targets(state, task), A.STOP_EXPANDING]


def _call_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return [A.PAY_CALL, A.DECLINE_CALL]


def _bp_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    """Books the BP can pay for, and pounds. An A-book needs a space it may go on
    (A-books are shelved first, so B- and C-books taken with it cannot block it)."""
    out = []
    a_room = a_book_room(state, state.actor)
    for space in range(12):
        book = state.book_display[space]
        if book == NO:
            continue
        letter = BOARD.books[book].letter
        if BOOK_COST[letter] <= task[1] and (letter != "A" or a_room):
            out.append(A.TAKE_BOOK[space])
    out.append(A.TAKE_POUND)
    return out


def _remove_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return [A.REMOVE_POST[c][k] for c in range(4) for k in range(3) if state.base[c * 3 + k]]


def _return_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return [A.RETURN_POST[k] for k in T.return_columns(state, task[1])]


def _walk_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    _, _source, moved, flipped = task
    seat = state.actor
    out: list[int] = []
    if not moved and not flipped and state.cash[seat] >= FLIP_COST:
        for space in range(1, SHELF):
            if state.shelf[seat * SHELF + space] != NO and not state.flipped[seat] >> space & 1:
                out.append(A.FLIP_BOOK[space])
    if can_move_ink(state, seat):
        out.append(A.MOVE_INK)
    out.append(A.STOP_INK)
    return out


def can_move_ink(state: MombasaState, seat: int) -> bool:
    """The next bookkeeping space holds a book that is flipped or whose requirements
    the face-up action area meets."""
    space = state.ink[seat] + 1
    if space > BOOK_LENGTH:
        return False
    book = state.shelf[seat * SHELF + space]
    if book == NO:
        return False
    return bool(state.flipped[seat] >> space & 1) or area.meets(state, seat, book, NO)


def _tier_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return [A.TIER[t] for t in range(task[2] + 1)]


def purchase_options(state: MombasaState, seat: int, discount: int, cash: int) -> list[int]:
    return [
        A.BUY[space]
        for space in range(12)
        if state.display[space] != NO and price(state, space, discount) <= cash
    ]


def _purchase_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    out = purchase_options(state, state.actor, task[1], state.cash[state.actor])
    if task[2] or not out:
        out.append(A.SKIP)
    return out


DISCARDABLE = sum(1 << c for c, card in enumerate(CARDS) if card.kind != SHARE)
"""The cards a removal space takes from a hand: not a single share card, which "remains
in the hand of its player till the final scoring phase"."""


def discard_options(state: MombasaState, seat: int, coffee_only: int) -> list[int]:
    faces = set()
    hand = state.hands[seat] & DISCARDABLE
    for card in range(len(CARDS)):
        if hand >> card & 1 and (not coffee_only or CARDS[card].kind == COFFEE):
            faces.add(A.ANY_FACE[card])
    return [A.DISCARD[f] for f in sorted(faces)]


def _discard_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return discard_options(state, state.actor, task[2]) or [A.SKIP]


def _bp_diamond_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return list(A.BP_DIAMOND)


def boost_options(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    _, _, first, excluded = task
    seat = state.actor
    return [
        A.BOOST[c]
        for c in range(4)
        if c not in (first, excluded) and state.track[seat * 4 + c] < T.track_end(state, c)
    ]


def _boost_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return boost_options(state, task)


def _shelve_legal(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    seat = state.actor
    letter = BOARD.books[state.acquired[0]].letter
    out = []
    for space in SHELF_SPACES:
        if shelf_ok(state, seat, letter, space):
            out.append(A.SHELVE[space])
    return out


def a_book_room(state: MombasaState, seat: int) -> bool:
    """Some bookkeeping space may take an A-book (``shelf_ok``)."""
    shelf = state.shelf
    base = seat * SHELF
    for space in A_SPACES:
        below = shelf[base + space]
        if below == NO or BOOK_LETTER[below] == "A":
            return True
    return False


A_SPACES = tuple(s for s in SHELF_SPACES if s not in BOARD.no_a_spaces)
BOOK_LETTER = tuple(book.letter for book in BOARD.books)


def shelf_ok(state: MombasaState, seat: int, letter: str, space: int) -> bool:
    """Never on the starting tile's book; an A-book never on a crossed-out A space,
    nor on top of a B- or C-book."""
    if space == flow.TILE_BOOK:
        return False
    if letter != "A":
        return True
    if space in BOARD.no_a_spaces:
        return False
    below = state.shelf[seat * SHELF + space]
    return below == NO or BOARD.books[below].letter == "A"


def _none(state: MombasaState, task: tuple[int, ...]) -> list[int]:
    return []


_LEGAL: tuple[Callable[[MombasaState, tuple[int, ...]], list[int]], ...] = (
    _goods_pick,
    _spend_legal,
    _expand_legal,
    _none,
    _call_legal,
    _none,
    _none,
    _bp_legal,
    _remove_legal,
    _return_legal,
    _walk_legal,
    _tier_legal,
    _purchase_legal,
    _discard_legal,
    _bp_diamond_legal,
    _boost_legal,
    _shelve_legal,
    _none,
    _rewards_legal,
    _each_track_legal,
)


# ---- applying a decision ----------------------------------------------------------------


def apply(state: MombasaState, index: int) -> None:
    """Apply one legal decision of the top task, then settle the automatic steps."""
    action = A.SPACE[index]
    task = state.tasks[-1]
    _APPLY[task[0]](state, task, action.kind, action.args)
    settle(state)


Args = tuple[int | str, ...]


def _int(value: int | str) -> int:
    assert isinstance(value, int)
    return value


def _apply_goods_pick(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    _, good, chosen, mixed = task
    seat = state.actor
    if kind == "add":
        state.tasks[-1] = (GOODS_PICK, good, chosen | 1 << _int(args[0]), mixed)
        return
    units = 0
    types = 0
    for k in range(SLOTS):
        if chosen >> k & 1:
            card = state.slots[seat * SLOTS + k]
            units += area.card_units(state, seat, card)
            types |= 1 << CARDS[card].kind
            state.used[seat] |= 1 << card
            if state.plus_on[seat] == card:
                state.tiles_used |= 1 << PLUS_ONE
    discount = _discount(state, seat, types)
    several = types & (types - 1)
    state.tasks[-1] = (GOODS_SPEND, units, MUST_BUY if several else 1, discount)
    goods = " and ".join(BOARD_GOODS[g] for g in range(3) if types >> g & 1)
    say(state, "goods", "{p} uses {n} units of {g}", n=units, g=goods)


BOARD_GOODS = ("coffee", "bananas", "cotton")


def _discount(state: MombasaState, seat: int, types: int) -> int:
    """What a purchase paid with goods of ``types`` (a mask) costs less. Each track
    gives one discount (its second bonus replaces its first), and the discounts of
    different tracks add up: the bananas track 1 for banana cards (bonus 1) or any
    goods (bonus 2); the cotton track 1 for cotton cards (bonus 1; its bonus 2 adds
    a unit per card instead). A track's discount for one good needs a payment all of
    that good."""
    discount = 0
    bananas = area.bonus_level(state, seat, "bananas")
    if bananas == 2 or (bananas == 1 and types == 1 << BANANAS):
        discount += 1
    if types == 1 << COTTON and area.bonus_level(state, seat, "cotton") == 1:
        discount += 1
    return discount


def _apply_spend(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    _, units, _may_buy, discount = task
    seat = state.actor
    if kind == "buy":
        space = _int(args[0])
        units -= price(state, space, discount)
        take_display_card(state, seat, space)
        state.tasks[-1] = (GOODS_SPEND, units, 0, discount)
    elif kind == "advance":
        company = _int(args[0])
        space = state.track[seat * 4 + company] + 1
        call = T.call_at(state, company, space)
        state.cash[seat] -= call
        T.step(state, seat, company)
        state.tasks[-1] = (GOODS_SPEND, units - 1, 0, discount)
        _say_advance(state, company, call)
    else:
        state.tasks.pop()


def _say_advance(state: MombasaState, company: int, call: int) -> None:
    """One step on a company track, paying ``call`` pounds (0: no capital call)."""
    space = state.track[state.actor * 4 + company]
    template = "{p} advances 1 step on the {c} track to space {s}"
    if call:
        template = "{p} pays a capital call of £{x} and" + template.removeprefix("{p}")
    say(state, "track", template, c=COMPANY_NAMES[company], s=space, x=call)


def take_display_card(state: MombasaState, seat: int, space: int) -> None:
    card = state.display[space]
    state.display[space] = NO
    state.hands[seat] |= 1 << card
    face = CARDS[card].face
    say(state, "buy", "{p} takes {c} from the card display, card {k}", c=face, k=space + 1)


def _apply_expand(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    _, company, points, entered = task
    if kind == "stop_expanding":
        finish_expansion(state)
        return
    region, column = _int(args[0]), _int(args[1])
    cost = entry_cost(state, company, entered, region)
    T.take_post(state, company * 3 + column)
    state.tasks[-1] = (EXPAND, company, points - cost, entered | 1 << region)
    say(
        state,
        "post",
        "{p} places a {c} trading post in {r} from column {k}",
        c=COMPANY_NAMES[company],
        r=BOARD.regions[region].name,
        k=column + 1,
    )


def finish_expansion(state: MombasaState) -> None:
    """Rewards of every region entered (BP pooled), then the ousted posts go home."""
    _, company, _, entered = state.tasks.pop()
    totals = {"pounds": 0, "diamond": 0, "track": 0, "bp": 0}
    ousted = []
    for region in range(len(BOARD.regions)):
        if not entered >> region & 1:
            continue
        reward = BOARD.regions[region].reward
        if reward:
            totals[reward[0]] += reward[1]
        if state.owner[region] != NO:
            ousted.append(state.owner[region])
        state.owner[region] = company
    for other in ousted:
        state.tasks.append((RETURN, other))
    push_rewards(  # "Take the rewards in any order you like"
        state, company, totals["pounds"], totals["diamond"], totals["track"], totals["bp"], 0
    )
    say(
        state,
        "expand",
        "{p} expands {c} into {n} {r}",
        c=COMPANY_NAMES[company],
        n=entered.bit_count(),
        r="region" if entered.bit_count() == 1 else "regions",
    )


COMPANY_NAMES = ("Mombasa", "Cape Town", "Saint-Louis", "Cairo")


def _apply_call(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    _, company, n = task
    seat = state.actor
    state.tasks.pop()
    space = state.track[seat * 4 + company] + 1
    call = T.call_at(state, company, space)
    if kind == "pay_call":
        state.cash[seat] -= call
        T.step(state, seat, company)
        state.tasks.append((STEPS, company, n - 1))
        _say_advance(state, company, call)
    else:
        template = "{p} declines a capital call of £{x} on the {c} track"
        say(state, "track", template, x=call, c=COMPANY_NAMES[company])


def _apply_bp(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    seat = state.actor
    left = task[1]
    if kind == "take_pound":
        state.cash[seat] += 1
        left -= 1
        say(state, "bp", "{p} takes £1 for a bookkeeping point")
    else:
        space = _int(args[0])
        book = state.book_display[space]
        coins = state.book_coins[space]
        state.book_display[space] = NO
        state.cash[seat] += coins
        state.book_coins[space] = 0
        letter = BOARD.books[book].letter
        template = "{p} takes book {b} from book display space {k}"
        template += f" with £{coins} on it" if coins else ""
        say(state, "bp", template, b=letter, k=space + 1)
        if letter == "A":  # A-books are shelved first, in the order taken (see _bp_legal)
            first_other = sum(1 for b in state.acquired if BOARD.books[b].letter == "A")
            state.acquired.insert(first_other, book)
        else:
            state.acquired.append(book)
        left -= BOOK_COST[letter]
    if left > 0:
        state.tasks[-1] = (BP, left)
    else:
        state.tasks.pop()


def _apply_remove(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    company, column = _int(args[0]), _int(args[1])
    T.take_post(state, company * 3 + column)
    state.out[company] += 1
    state.tasks[-1] = (REMOVE, task[1] - 1)
    c = COMPANY_NAMES[company]
    say(state, "remove", "{p} removes a {c} trading post from column {k}", c=c, k=column + 1)


def _apply_return(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    state.tasks.pop()
    T.return_post(state, task[1] * 3 + _int(args[0]))
    _say_return(state, task[1], _int(args[0]))


def _apply_walk(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    _, source, moved, flipped = task
    seat = state.actor
    if kind == "flip_book":
        state.cash[seat] -= FLIP_COST
        state.flipped[seat] |= 1 << _int(args[0])
        state.tasks[-1] = (WALK, source, moved, 1)
        template = "{p} pays £{x} to flip the book on bookkeeping space {s}"
        say(state, "walk", template, x=FLIP_COST, s=_int(args[0]))
    elif kind == "move_ink":
        state.ink[seat] += 1
        state.tasks[-1] = (WALK, source, 1, flipped)
        say(state, "walk", "{p} moves the ink jar to bookkeeping space {s}", s=state.ink[seat])
    else:
        state.tasks.pop()
        bp = area.BOOKKEEPER_TILE_POINTS if source == SLOTS else _source_value(state, seat, source)
        state.tasks.append((BP, bp))
        template = "{p} ends the bookkeeping walk with {n} bookkeeping {w}"
        if state.ink[seat]:  # space 0 is the tile's start space, not on the track
            template += ", the ink jar on bookkeeping space {s}"
        w = "point" if bp == 1 else "points"
        say(state, "walk", template, n=bp, w=w, s=state.ink[seat])
        if moved and not state.flipped[seat] >> state.ink[seat] & 1:
            push_book_reward(state, seat, state.shelf[seat * SHELF + state.ink[seat]])


def _source_value(state: MombasaState, seat: int, source: int) -> int:
    return CARDS[state.slots[seat * SLOTS + source]].value


def push_book_reward(state: MombasaState, seat: int, book: int) -> None:
    kind, n = BOARD.books[book].reward
    if kind == "pounds":
        state.tasks.append((POUNDS, n))
    elif kind == "diamond":
        state.tasks.append((DIAMOND, n))
    elif kind == "bp":
        state.tasks.append((BP, n))
    elif kind == "remove":
        state.tasks.append((REMOVE, n))
    else:  # cotton money: face-up cotton units - 1
        state.tasks.append((POUNDS, max(0, area.good_total(state, seat, COTTON) - 1)))


def _apply_tier(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    majority = BOARD.majorities[task[1]]
    tier = _int(args[0])
    _, steps, extra, n = majority.tiers[tier]
    state.tasks.pop()
    m = A.space_name(task[1])
    say(state, "tier", "{p} takes reward tier {t} of the {m}", t=tier + 1, m=m)
    if extra in ("pounds", "diamond", "bp"):  # parts whose order the player chooses
        parts = {extra: n}
        pounds, diamond, bp = parts.get("pounds", 0), parts.get("diamond", 0), parts.get("bp", 0)
        push_rewards(state, majority.company, pounds, diamond, steps, bp, 1)
        return
    push_extra(state, extra, n)  # removing a post first or last ends alike
    state.tasks.append((STEPS, majority.company, steps))


def push_extra(state: MombasaState, kind: str, n: int) -> None:
    if kind == "remove":
        state.tasks.append((REMOVE, n))
    elif kind == "diamond":
        state.tasks.append((DIAMOND, n))
    elif kind == "pounds":
        state.tasks.append((POUNDS, n))
    elif kind == "bp":
        state.tasks.append((BP, n))


def _apply_purchase(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    state.tasks.pop()
    if kind == "buy":
        space = _int(args[0])
        state.cash[state.actor] -= price(state, space, task[1])
        take_display_card(state, state.actor, space)


def _apply_discard(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    state.tasks.pop()
    if kind == "skip":
        return
    seat = state.actor
    face = A.ALL_FACES[_int(args[0])]
    card = next(c for c in BOARD.face_cards(face) if state.hands[seat] >> c & 1)
    state.hands[seat] &= ~(1 << card)
    state.discard.append(card)
    state.cash[seat] += CARDS[card].crate + task[1]
    say(state, "discard", "{p} discards {c}", c=face)


def _apply_bp_diamond(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    state.tasks.pop()
    state.tasks.append((DIAMOND, _int(args[1])))
    state.tasks.append((BP, _int(args[0])))


def _apply_boost(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    _, steps, first, excluded = task
    company = _int(args[0])
    if first == NO:
        state.tasks[-1] = (BOOST, steps, company, excluded)
    else:
        state.tasks.pop()
    state.tasks.append((STEPS, company, steps))


def _apply_shelve(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    seat = state.actor
    space = _int(args[0])
    book = state.acquired.pop(0)
    index = seat * SHELF + space
    if state.shelf[index] != NO:
        state.covered.append(state.shelf[index])  # a covered book stays under, out of play
    state.shelf[index] = book
    state.flipped[seat] &= ~(1 << space)
    state.tasks.pop()
    letter = BOARD.books[book].letter
    say(state, "shelve", "{p} places book {b} on bookkeeping space {s}", b=letter, s=space)


def _no_apply(state: MombasaState, task: tuple[int, ...], kind: str, args: Args) -> None:
    raise AssertionError(f"task {TASK_NAMES[task[0]]} takes no decision")


_APPLY: tuple[Callable[[MombasaState, tuple[int, ...], str, Args], None], ...] = (
    _apply_goods_pick,
    _apply_spend,
    _apply_expand,
    _no_apply,
    _apply_call,
    _no_apply,
    _no_apply,
    _apply_bp,
    _apply_remove,
    _apply_return,
    _apply_walk,
    _apply_tier,
    _apply_purchase,
    _apply_discard,
    _apply_bp_diamond,
    _apply_boost,
    _apply_shelve,
    _no_apply,
    _apply_rewards,
    _apply_each_track,
)
