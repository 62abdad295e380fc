"""Issue 28's two Namibia positions, built by seeded heuristic bots (4 players).

Namibia rulebook, 1. Bribe Colonial Officials: the seats bid for the places in player order, the
highest bid takes the first place and pays its bid; money is also what buys
mines, rails and, at the end, reputation (5 GM a point). Bidding all one's money
for the first place in round 3 leaves nothing to build with: issue 28 saw it
graded only an "inaccuracy" by absolute points (8% -> 1%).

Namibia rulebook, 3. Shipping, 2. Rail Shipping: a mine linked to the selected
port may ship all its cubes of the selected commodity, each paid at the market
value. Stopping instead of shipping 3 diamonds for 18 GM in round 1 was not marked
(6.1% vs 5.1%). With the cut-off estimate of the time the search cannot tell the
two apart (at 1,000 iterations it prefers to stop), so this file checks the
position and the grade the issue's figures earn; the end-to-end verdict is a
benchmark-level check in benchmarks/review_grades.py.
"""

from __future__ import annotations

from review_support import bot_record

from meeple.engine import GameState, get_game, replay
from meeple.review import review_record
from meeple.review.model import grade

NAMIBIA = get_game("namibia")
BAD = ("mistake", "blunder")

BID_SEED, BID_AT, BID_SEAT, BID_MONEY = 21, 94, 3, 43  # move index (from 0) of the all-in bid
SHIP_SEED, SHIP_AT, SHIP_SEAT = 3, 54, 3  # Orange's round 1 rail shipping of mine h4


def all_in(index: int, state: GameState, seat: int) -> str | None:
    if index != BID_AT:
        return None
    view = NAMIBIA.view(state, seat)
    assert seat == BID_SEAT and view["round"] == 3 and view["phase"] == "bribe colonial officials"
    assert view["players"][seat]["money"] == BID_MONEY
    assert view["auction"] is not None and view["auction"]["high_bid"] == 0  # nobody bid yet
    return f"bid {BID_MONEY}"


def test_bidding_all_43_gm_for_the_first_place_in_round_3_is_a_mistake_or_worse() -> None:
    record, _ = bot_record("namibia", 4, BID_SEED, "heuristic", all_in, moves=BID_AT + 1)
    review = review_record(NAMIBIA, record, iterations=100, seed=1, moves=[BID_AT + 1])
    (bid,) = review.decisions
    assert bid.action == f"bid {BID_MONEY}" and bid.seat == BID_SEAT
    assert bid.grade in BAD, (bid.before, bid.after, bid.error, bid.share)
    assert bid.preferred is not None and bid.preferred != bid.action


def test_the_skipped_shipment_position_and_the_grade_of_its_measured_chances() -> None:
    record, _ = bot_record("namibia", 4, SHIP_SEED, "heuristic", moves=SHIP_AT + 1)
    seat, text = record.moves[SHIP_AT]
    assert (seat, text) == (SHIP_SEAT, "ship mine h4")  # the bot shipped here
    state = replay(NAMIBIA, record, SHIP_AT)
    view = NAMIBIA.view(state, seat)
    mine = next(s for s in view["spaces"] if s["label"].lower() == "h4")
    assert view["round"] == 1 and mine["commodity"] == "diamond" and mine["cubes"] == 3
    assert view["market"]["diamond"]["price"] == 6  # 3 cubes for 18 GM
    assert {a.text for a in NAMIBIA.legal(state, seat)} == {"ship mine h4", "stop shipping"}
    # Issue 28's figures, now marked (given a search whose error is under a third of a point).
    assert grade(0.061, 0.051, 0.003) is not None
