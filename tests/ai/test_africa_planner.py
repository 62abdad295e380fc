"""Africa 1880 bots: the one heuristic (line by line and as a whole sheet), the
public sheet API they use, and the ``hard`` player's legal plans and cost."""

from __future__ import annotations

import ast
import time
from pathlib import Path

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import Rng, get_game
from meeple.games.africa1880 import bots
from meeple.games.africa1880.actions import TABLES
from meeple.games.africa1880.board import BOARD
from meeple.games.africa1880.bots import sheets
from meeple.games.africa1880.bots.heuristic import heuristic_sheet
from meeple.games.africa1880.bots.planner import AfricaPlanner, planned_action
from meeple.games.africa1880.bots.sheets import (
    ALLIANCE,
    DEVELOP,
    NO_LANDING,
    NOTHING,
    SEAL,
    WAR,
    AfricaState,
    Sheet,
    declaration,
    development,
    draft,
    embassy_alliances,
    empty_coasts,
    is_colony,
    line_action,
    line_options,
    lines_written,
    markers_left,
    next_line,
    phase,
    presence_count,
    seats_present,
    sheet_lines,
    turn,
    write_sheet,
)

load_bots()
GAME = get_game("africa1880")
REVISE = TABLES.revise


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
            if phase(state) == "writing":
                sheet = sheets.setdefault(seat, heuristic_sheet(state, seat))
                line = next_line(state, seat)
                assert planned_action(state, sheet, line) == action
                if line[0] == "end":
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


def writing_positions(seed: int, players: int = 4) -> list[AfricaState]:
    """Copies of a random game at every line written during its writing phases."""
    state = GAME.new_game(GAME.make_config(players), seed)
    assert isinstance(state, AfricaState)
    rng = Rng(seed)
    found: list[AfricaState] = []
    while not GAME.is_over(state):
        if phase(state) == "writing":
            found.append(state.clone())
        seat = rng.choice(GAME.to_act(state))
        GAME.apply(state, seat, rng.choice(GAME.legal_actions(state, seat)))
    return found


def test_the_sheet_api_reads_what_each_seat_sees() -> None:
    for state in writing_positions(3)[::7]:
        for seat in range(4):
            view = GAME.view(state, seat)
            ids = view["country_ids"]
            assert phase(state) == view["phase"] and turn(state) == view["turn"]
            assert [development(state, t) for t in range(32)] == view["development"]
            assert [is_colony(state, t) for t in range(32)] == view["colony"]
            assert [seats_present(state, t) for t in range(32)] == view["presences"]
            assert [presence_count(state, t) for t in range(32)] == [
                len(p) for p in view["presences"]
            ]
            assert markers_left(state, seat) == view["stock"][seat]
            assert empty_coasts(state) == [
                t for t in range(32) if view["coastal"][t] and not view["presences"][t]
            ]
            shown = [
                {ids[b]: declaration(state, a, b) for b in range(4) if b != a} for a in range(4)
            ]
            words = {ALLIANCE: "alliance", WAR: "war", None: None}
            expected = view["declared_by"] or [{o: None for o in shown[a]} for a in range(4)]
            assert [{o: words[v] for o, v in s.items()} for s in shown] == expected
            in_embassy = view["embassy_markers"] or [{} for _ in range(4)]
            assert [embassy_alliances(state, s) for s in range(4)] == [
                list(markers.values()).count("alliance") for markers in in_embassy
            ]
            lines = sheet_lines(state, seat)
            orders = [BOARD.ids[t] for kind, t in lines if kind == "order"]
            assert orders == list(view["sheet"]["orders"])
            assert [ids[o] for kind, o in lines if kind == "relation"] == list(
                view["sheet"]["relations"]
            )


def test_line_options_are_the_legal_choices_of_the_next_line() -> None:
    for state in writing_positions(5)[::3]:
        for seat in GAME.to_act(state):
            line = next_line(state, seat)
            written = {line_action(state, line, v) for v in line_options(state, seat, line)}
            assert written | {SEAL} == set(GAME.legal_actions(state, seat)) - {REVISE}


def test_write_sheet_is_writing_every_line_in_turn() -> None:
    """A whole sheet written at once equals its lines written one by one: same draft,
    same view for every seat, and once sealed, the same turn."""
    tried = 0
    for state in writing_positions(9)[::5]:
        rng = Rng(len(state.log))
        for seat in GAME.to_act(state):
            fresh = state.clone()
            if next_line(fresh, seat) == ("end", -1):
                GAME.apply(fresh, seat, REVISE)  # go through the sheet again
            elif lines_written(fresh, seat):
                continue  # half-written: only whole sheets from their first line
            tried += 1
            lines = sheet_lines(fresh, seat)
            sheet = Sheet.from_lines(
                (ln, rng.choice(line_options(fresh, seat, ln))) for ln in lines
            )
            at_once, by_line = fresh.clone(), fresh.clone()
            write_sheet(at_once, seat, sheet)
            for line in lines:
                GAME.apply(by_line, seat, line_action(by_line, line, sheet.value(line)))
            assert draft(at_once, seat) == draft(by_line, seat) == sheet
            assert next_line(at_once, seat) == ("end", -1)
            GAME.validate(at_once)  # a consistent position, as the rules' checks see it
            for other in range(4):
                assert GAME.view(at_once, other) == GAME.view(by_line, other)
            for twin in (at_once, by_line):
                for waiting in GAME.to_act(twin):
                    GAME.apply(twin, waiting, SEAL)
            assert GAME.view(at_once, None) == GAME.view(by_line, None)
    assert tried >= 10


def test_a_sheet_is_a_value() -> None:
    sheet = Sheet({3: DEVELOP}, NO_LANDING, {1: WAR})
    changed = sheet.with_value(("landing", -1), 7)
    assert sheet.landing == NO_LANDING and changed.landing == 7
    assert changed.value(("order", 3)) == DEVELOP
    assert changed.value(("order", 4)) == NOTHING  # a line left out is blank
    assert changed.value(("relation", 2)) == ALLIANCE


def test_bots_reach_the_game_only_through_its_public_api() -> None:
    """The bots import the engine, the board data, the sheet API and each other;
    never the state, the rules or the action tables (only the sheet API, their gate
    to the rules, reads those)."""
    allowed = ("meeple.engine", "meeple.games.africa1880.board", sheets.__name__)
    folder = Path(bots.__file__).parent
    for path in folder.glob("*.py"):
        if path.name == "sheets.py":
            continue
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom):
                modules = [node.module or ""]
            elif isinstance(node, ast.Import):
                modules = [alias.name for alias in node.names]
            else:
                continue
            for module in modules:
                if module.startswith("meeple") and not module.startswith(bots.__name__):
                    assert module in allowed, f"{path.name} imports {module}"
