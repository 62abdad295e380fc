"""The Africa 1880 ``hard`` player: its fast heuristic sheets, legal plans, its cost."""

from __future__ import annotations

import time

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import get_game
from meeple.games.africa1880.bots.planner import AfricaPlanner
from meeple.games.africa1880.bots.sheets import Sheet, heuristic_sheet, line_action
from meeple.games.africa1880.rules.decisions import sheet_item
from meeple.games.africa1880.state import WRITING, AfricaState

load_bots()
GAME = get_game("africa1880")


def test_heuristic_sheet_is_the_sheet_the_heuristic_bot_writes() -> None:
    """Search models rivals with ``heuristic_sheet``: it must match the bot line by line."""
    for seed in range(4):
        state = GAME.new_game(GAME.make_config(4), seed)
        assert isinstance(state, AfricaState)
        bots = [make_bot("heuristic", GAME, seed + s) for s in range(4)]
        sheets: dict[int, Sheet] = {}
        while not GAME.is_over(state):
            seat = GAME.to_act(state)[0]
            action = bots[seat].choose(GAME, state, seat)
            if state.phase == WRITING:
                sheet = sheets.setdefault(seat, heuristic_sheet(state, seat))
                item, target = sheet_item(state, seat)
                assert line_action(state, seat, sheet, item, target) == action
                if item == "end":
                    del sheets[seat]
            GAME.apply(state, seat, action)


def test_hard_plays_legal_moves_quickly_against_heuristics() -> None:
    state = GAME.new_game(GAME.make_config(4), 77)
    bots = [AfricaPlanner(GAME, 5)] + [make_bot("heuristic", GAME, s) for s in (1, 2, 3)]
    slowest = 0.0
    while not GAME.is_over(state):
        seat = GAME.to_act(state)[0]
        began = time.perf_counter()
        action = bots[seat].choose(GAME, state, seat)
        slowest = max(slowest, time.perf_counter() - began)
        GAME.play(state, seat, action)  # checked path
    assert slowest < 4.5


def test_hard_is_the_planner_in_africa() -> None:
    assert isinstance(make_bot("hard", GAME, 1), AfricaPlanner)


def test_one_planner_may_play_several_seats() -> None:
    """The Bot contract takes the seat with every call: one planner object writes
    the sheets of two seats, their lines interleaved, and every line is legal."""
    state = GAME.new_game(GAME.make_config(4), 12)
    planner = AfricaPlanner(GAME, 3)
    others = [make_bot("heuristic", GAME, s) for s in range(4)]
    step = 0
    while not GAME.is_over(state):
        waiting = GAME.to_act(state)
        seat = waiting[step % len(waiting)]  # the seats' lines interleave
        bot = planner if seat in (0, 2) else others[seat]
        GAME.play(state, seat, bot.choose(GAME, state, seat))  # checked path
        step += 1
    assert GAME.result(state).scores
