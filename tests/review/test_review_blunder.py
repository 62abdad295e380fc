"""A planted bad decision in Namibia's last round is marked in the worst grade.

Namibia rulebook, 3. Shipping, 2. Rail Shipping: in player order each player
decides which of its mines linked to the port ship, and is paid the market value
of each cube shipped; End of the Game: the game ends after the 6th round, money
converts to reputation at 5 GM a point and the highest reputation wins. Seed 12, three
heuristic players: in round 6 Red (seat 0) ships its mines and wins by 2
points; stopping the rail shipping there instead forgoes cubes worth more than
that margin, and Red finishes behind. The review must call that a blunder.
"""

from __future__ import annotations

from review_support import bot_record

from meeple.engine import GameState, get_game
from meeple.review import GRADES, review_record

NAMIBIA = get_game("namibia")
SEED, PLAYERS, PLANTED = 12, 3, 192  # the move index (from 0) of the planted decision
SEAT = 0
WORST = GRADES[-1].name


def stop_shipping_at_the_plant(index: int, state: GameState, seat: int) -> str | None:
    if index != PLANTED:
        return None
    texts = [a.text for a in NAMIBIA.legal(state, seat)]
    view = NAMIBIA.view(state, seat)
    assert seat == SEAT and view["round"] == 6  # the last round
    assert "stop shipping" in texts and any(t.startswith("ship mine") for t in texts)
    return "stop shipping"


def test_forgoing_a_winning_last_round_shipment_is_marked_a_blunder() -> None:
    honest, honest_end = bot_record("namibia", PLAYERS, SEED, "heuristic")
    planted, planted_end = bot_record(
        "namibia", PLAYERS, SEED, "heuristic", stop_shipping_at_the_plant
    )
    assert honest.moves[:PLANTED] == planted.moves[:PLANTED]
    assert honest.moves[PLANTED][1].startswith("ship mine")  # the bot shipped here
    assert NAMIBIA.result(honest_end).winners == (SEAT,)
    assert SEAT not in NAMIBIA.result(planted_end).winners  # the shipment outweighed the margin

    review = review_record(NAMIBIA, planted, iterations=200, seed=3, moves=[PLANTED, PLANTED + 1])
    before, plant = review.decisions
    assert plant.action == "stop shipping" and plant.grade == WORST
    assert plant.preferred is not None and plant.preferred.startswith("ship mine")
    assert plant.before is not None and plant.after is not None
    assert plant.before[SEAT] - plant.after[SEAT] >= GRADES[-1].points
    assert plant.share >= GRADES[-1].share
    assert plant.better()[0].action == plant.preferred
    assert before.grade is None  # the bot's own choice just before is not blamed
    assert [d.move for d in review.marked()] == [PLANTED + 1]
