"""The terminal as a player meets it (issue 12): legends, names, colour, the compact
redraw, help examples, ``meeple games`` in 80 columns, and Africa 1880's order
sheet at a keyboard (seal last and confirmed, neighbours, going back to a line,
no lone ``ready``, the hot-seat hand-over), and what undo means here.

Games are played through ``meeple play`` with scripted input (typer's CliRunner),
the saved record telling what was really played.
"""

from __future__ import annotations

import io
import re
from pathlib import Path

from rich.console import Console
from typer.testing import CliRunner

from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.cli import screen
from meeple.cli.main import app
from meeple.engine import GameRecord, all_games, get_game, replay
from meeple.engine.undo import HANDED_IN, NO_DECISION, decided_since
from meeple.games.africa1880.board import BOARD

runner = CliRunner()


def flat(text: str) -> str:
    """Text with its line wrapping undone."""
    return " ".join(text.split())


def within(text: str, width: int) -> bool:
    """Every line fits (a prompt is not followed by the typed line's newline here)."""
    lines = (line.removeprefix("your choice> ") for line in text.splitlines())
    return all(len(line.rstrip()) <= width for line in lines)


def play(args: list[str], lines: list[str]) -> str:
    result = runner.invoke(app, ["play", *args], input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.stdout
    return result.stdout


def africa(seats: str, lines: list[str], tmp_path: Path) -> tuple[str, GameRecord]:
    """Africa 1880, seed 7, three players (Great Britain, France, Germany); the
    record is saved just before quitting."""
    path = tmp_path / "africa.json"
    out = play(
        ["africa1880", "--players", "3", "--seats", seats, "--seed", "7"],
        [*lines, f"save {path}", "quit"],
    )
    return out, GameRecord.load(path)


def namibia_midgame_view(seat: int = 0, decisions: int = 160) -> dict[str, object]:
    load_bots()
    game = get_game("namibia")
    state = game.new_game(game.make_config(4), 5)
    bot = make_bot("random", game, 5)
    for _ in range(decisions):
        actor = game.to_act(state)[0]
        game.apply(state, actor, bot.choose(game, state, actor))
    return game.view(state, seat)


# ---- legends, names, colour -------------------------------------------------------


def legend_pattern(legend: tuple[tuple[str, str], ...]) -> re.Pattern[str]:
    """A regular expression for one symbol of the legend ("Di3" stands for any count,
    "R/r" for either letter; an explanation such as "capital/small letter" is none)."""
    parts = []
    for symbol, _ in legend:
        if " " in symbol:
            continue
        if re.fullmatch(r"[A-Z][a-z]\d", symbol):
            parts.append(re.escape(symbol[:2]) + r"\d+")
        elif re.fullmatch(r"[A-Z]/[a-z]", symbol):
            parts.append(f"[{symbol[0]}{symbol[2]}]")
        else:
            parts.append(re.escape(symbol))
    return re.compile("|".join(sorted(parts, key=len, reverse=True)))


def test_namibia_legend_explains_every_symbol_on_the_map() -> None:
    game = get_game("namibia")
    view = namibia_midgame_view()
    text = game.render_text(view)
    legend = game.terminal().legend(view)
    symbol = legend_pattern(legend)
    map_lines = text.split("\n\n")[1].splitlines()
    tokens = {t for line in map_lines for t in line.split() if not re.fullmatch(r"[A-L]\d+", t)}
    assert len(tokens) > 8  # cubes, mines, rails, ports, expansion spaces
    for token in tokens:
        assert symbol.sub("", token) == "", f"{token!r} is not fully explained by the legend"
    assert "Legend:" in text and "Möwe Bay" in text  # the legend is under the board itself


def test_namibia_names_are_never_cut() -> None:
    game = get_game("namibia")
    view = namibia_midgame_view()
    text = game.render_text(view)
    for player in view["players"]:  # type: ignore[attr-defined]
        row = next(line for line in text.splitlines() if f" {player['name']} " in line)
        assert f" {player['excluded']} " in row
    assert "diamon " not in text


def test_styled_text_colours_the_game_words() -> None:
    game = get_game("namibia")
    view = namibia_midgame_view()
    text = game.render_text(view)
    console = Console(file=io.StringIO(), force_terminal=True, color_system="truecolor", width=80)
    console.print(screen.styled(text, game.terminal().highlights(view)))
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[38;2;242;193;46m" in out  # gold, the board's colour of gold cubes
    assert "\x1b[1;38;2;214;39;40m" in out  # Red, bold in Red's colour
    # Markup-looking text from a game is printed as it is, never read as markup.
    plain = Console(file=io.StringIO(), width=80)
    plain.print(screen.styled("[bold]x[/bold] Au2", ()))
    assert "[bold]x[/bold] Au2" in plain.file.getvalue()  # type: ignore[attr-defined]


def test_games_listing_reads_in_80_columns() -> None:
    result = runner.invoke(app, ["games"])
    assert result.exit_code == 0
    for game in all_games():
        assert game.title in result.stdout
        for spec in game.option_specs:
            assert spec.name in result.stdout  # whole, never cut with an ellipsis
    assert "mcts-lite" in result.stdout
    assert within(result.stdout, 80)
    assert "…" not in result.stdout


def test_every_game_example_is_an_action_or_a_command() -> None:
    for game in all_games():
        state = game.new_game(game.make_config(game.max_players), 1)
        view = game.view(state, game.to_act(state)[0])
        terminal = game.terminal()
        own = {command.usage.split()[0] for command in terminal.commands(view)}
        for example in terminal.examples(view):
            word = example.split()[0]
            if word in own or word in screen.COMMAND_NAMES:
                continue
            assert game.parse(example).text == example, (game.name, example)


# ---- the compact redraw and help ------------------------------------------------


def test_full_board_once_then_a_compact_status_and_the_board_on_request() -> None:
    args = ["namibia", "--players", "4", "--seats", "human,random,random,random", "--seed", "7"]
    out = play(args, ["1", "1", "quit"])
    assert out.count("Legend:") == 1  # the full board when the seat starts only
    assert out.count("Namibia, round 1 of 6") == 3  # then the status line twice
    assert "'board' shows the full board" in out
    out = play(args, ["1", "board", "quit"])
    assert out.count("Legend:") == 2


def test_help_gives_the_current_games_own_examples() -> None:
    out = play(
        ["africa1880", "--players", "3", "--seats", "human,heuristic,heuristic", "--seed", "7"],
        ["help", "quit"],
    )
    assert "'place alexandria'" in out  # a legal action now
    assert "mine d4" not in out and "bid 3" not in out  # Namibia's, not this game's
    assert "neighbours TERRITORY" in out and "line N" in out
    assert within(out, 80)


# ---- Africa 1880 ----------------------------------------------------------------
# Great Britain (seat 0) places first (Setup: the rulebook's order of countries);
# alone with bots it has nobody to negotiate with, so "ready" is played for it, and
# its sheet is: 1 Alexandria, 2 landing, 3 relation with France, 4 with Germany.


def test_lone_person_is_not_asked_for_ready(tmp_path: Path) -> None:
    out, record = africa("human,heuristic,heuristic", ["place alexandria"], tmp_path)
    assert (0, "ready") in record.moves
    assert "played for you" in out
    assert "Your order sheet (Great Britain, 1880) - writing line 1" in out


def test_two_people_negotiate_so_ready_is_theirs_to_type(tmp_path: Path) -> None:
    out, record = africa(
        "human,human,heuristic", ["place alexandria", "", "place algiers", ""], tmp_path
    )
    assert all(text != "ready" for seat, text in record.moves if seat in (0, 1))
    assert "1) diplomatic action" in out and "    1. Ready: my negotiations are over" in out
    assert "played for you" not in out


def test_2_seal_orders_is_listed_last_and_confirmed(tmp_path: Path) -> None:
    """2. Writing Orders: sealing hands in the sheet for good, so typing 1 never does
    it and it is asked for twice."""
    out, record = africa(
        "human,heuristic,heuristic",
        ["place alexandria", "1", "seal orders", "n", "seal orders", "no"],
        tmp_path,
    )
    listed = [line for line in out.splitlines() if re.match(r"\s+\d+\. ", line)]
    sheet_lists = [
        i for i, line in enumerate(listed) if line.strip().startswith("1. Develop Alexandria")
    ]
    assert sheet_lists
    last_of_first_list = listed[sheet_lists[0] + 4]  # develop, nothing, 2 explorations, seal
    assert last_of_first_list.strip().endswith("(seal orders)")
    assert "Seal your 1880 orders? A sealed sheet cannot be changed." in flat(out)
    assert "Lines 2 to 4 keep the values shown" in flat(out)
    assert (0, "alexandria: develop") in record.moves  # "1" wrote the first line
    assert (0, "seal orders") not in record.moves
    out, record = africa(
        "human,heuristic,heuristic", ["place alexandria", "seal orders", "y"], tmp_path
    )
    assert (0, "seal orders") in record.moves
    # The sheets revealed, the full board is drawn again (before 1885's first line).
    assert out.split("The 1880 order sheets are revealed.")[1].count("Territory ") == 1


def test_2_1_neighbours_of_a_territory_are_listed(tmp_path: Path) -> None:
    out, _ = africa("human,heuristic,heuristic", ["place alexandria", "neighbours egypt"], tmp_path)
    egypt = BOARD.ids.index("egypt")
    listing = out.split("Neighbours of Egypt")[1]
    for border in BOARD.borders[egypt]:
        assert f"  {BOARD.names[border]} (" in listing
    # The line being written (Alexandria's order) shows its neighbours by itself.
    assert "Neighbours of Alexandria" in out
    out, _ = africa(
        "human,heuristic,heuristic", ["place alexandria", "neighbours atlantis"], tmp_path
    )
    assert "No territory 'atlantis'" in out


def test_go_back_to_any_line_and_change_it(tmp_path: Path) -> None:
    out, record = africa(
        "human,heuristic,heuristic",
        [
            "place alexandria",
            "alexandria: develop",
            "land angola",
            "war on france",
            "line 1",
            "alexandria: nothing",
        ],
        tmp_path,
    )
    assert out.count("writing line 1") == 2  # Alexandria's line, again after "line 1"
    game = get_game("africa1880")
    sheet = game.view(replay(game, record), 0)["sheet"]
    assert sheet["orders"] == {"alexandria": "nothing"}
    assert sheet["landing"] == "angola"  # the other lines kept what was written
    assert sheet["relations"]["france"] == "war"
    assert sheet["next"] == "landing"
    # Undo takes back the whole jump and the change after it, one decision at a time.
    _, undone = africa(
        "human,heuristic,heuristic",
        ["place alexandria", "alexandria: develop", "line 1", "undo", "undo"],
        tmp_path,
    )
    sheet = game.view(replay(game, undone), 0)["sheet"]
    assert sheet["next"] == "alexandria" and sheet["orders"] == {"alexandria": "nothing"}
    assert [text for seat, text in undone.moves if seat == 0] == ["place alexandria", "ready"]
    out, _ = africa("human,heuristic,heuristic", ["place alexandria", "line 1"], tmp_path)
    assert "Line 1 is the line you are writing." in out
    for bad in ("line 9", "line two"):
        out, _ = africa("human,heuristic,heuristic", ["place alexandria", bad], tmp_path)
        assert "Say which line: line N, with N from 1 to 4." in out


def test_hot_seat_hand_over_hides_the_previous_sheet(tmp_path: Path) -> None:
    out, record = africa(
        "human,human,heuristic",
        [
            "place alexandria",
            "",
            "place algiers",
            "",
            "ready",
            "",
            "ready",
            "",
            "alexandria: develop",
            "seal orders",
            "y",
            "",
        ],
        tmp_path,
    )
    assert (1, "ready") in record.moves and (0, "seal orders") in record.moves
    assert out.count("Hand-over") >= 4
    after = out.split("Hand-over")[-1]
    assert "France, press Enter when you alone see the screen" in after
    assert "Your order sheet (France, 1880)" in after
    assert "Your order sheet (Great Britain" not in after
    assert "Alexandria develops" not in after  # nor its private copy of the sealed sheet


def test_hand_over_clears_the_screen_and_its_scrollback() -> None:
    console = Console(file=io.StringIO(), force_terminal=True)
    screen.clear(console)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    assert "\x1b[2J" in out and screen.CLEAR_SCROLLBACK in out


def test_undo_is_refused_once_another_person_has_acted(tmp_path: Path) -> None:
    """The browser refuses an undo once any other seat acted; the terminal takes back
    the bots' moves too, but never another person's decision."""
    out, record = africa(
        "human,human,heuristic", ["place alexandria", "", "place algiers", "", "undo"], tmp_path
    )
    # The one reason that applies, named as the browser words it (meeple.engine.undo).
    assert f"You cannot undo now. {decided_since('France')}" in flat(out)
    assert (0, "place alexandria") in record.moves


def test_undo_never_takes_back_a_sealed_sheet() -> None:
    """2. Writing Orders: a sealed sheet is handed in, so undo refuses it, as the
    browser does; a line written before sealing may be taken back."""
    from meeple.cli.play import TerminalTable
    from meeple.engine import start_record

    load_bots()
    game = get_game("africa1880")
    config = game.make_config(3)
    state = game.new_game(config, 7)
    bots = {1: make_bot("heuristic", game, 1), 2: make_bot("heuristic", game, 2)}
    table = TerminalTable(game, state, start_record(game, config, 7), bots, input)
    assert table.undo_plan(0) == NO_DECISION
    for seat, text in [(0, "place alexandria"), (1, "place algiers"), (2, "place djibouti")]:
        table.commit(seat, text)
    for seat in range(3):
        table.commit(seat, "ready")
    table.commit(0, "alexandria: develop")
    assert table.undo_keep(0) == len(table.record.moves) - 1
    table.commit(0, "seal orders")  # the bots have not sealed: nothing is revealed yet
    assert game.to_act(table.state) == (1, 2)
    assert table.undo_keep(0) is None
    assert table.undo_plan(0) == HANDED_IN


def test_namibia_status_shows_the_map_only_when_the_decision_is_about_spaces() -> None:
    from meeple.games.namibia.render import MAPLESS_PHASES
    from meeple.games.namibia.state import PHASE_NAMES

    assert set(MAPLESS_PHASES) <= set(PHASE_NAMES)  # a renamed phase would slip through
    load_bots()
    game = get_game("namibia")
    state = game.new_game(game.make_config(4), 5)
    bot = make_bot("random", game, 5)
    seen: set[bool] = set()
    while not game.is_over(state) and len(seen) < 2:
        actor = game.to_act(state)[0]
        view = game.view(state, actor)
        board = game.render_text(view)
        status = game.terminal().status(view, board)
        has_map = "<WAL>" in status
        seen.add(has_map)
        assert has_map == (view["phase"] not in MAPLESS_PHASES)
        assert len(status.splitlines()) < len(board.splitlines()) - 15
        game.apply(state, actor, bot.choose(game, state, actor))
    assert seen == {True, False}


def test_final_table_fits_80_columns_and_says_the_winner_once() -> None:
    """End of the Game (Africa 1880): a tie for the lead means no winner."""
    from meeple.cli.play import verdict

    out = play(["africa1880", "--seats", "random,random,random,random", "--seed", "3"], [])
    table = out.split("Final result")[1]
    assert within(table, 80) and "…" not in table
    assert "points" not in table  # the same numbers as the score, shown once
    assert "alliances" in table and "received" in table
    names = ("France", "Italy")
    assert verdict(names, (0,), "France wins.") == "France wins."
    assert verdict(names, (1,), "highest score wins") == "Winner: Italy. highest score wins"
    tie = "Several countries tie for the lead: no winner, play a new game."
    assert verdict(names, (), tie) == f"No winner. {tie}"


def test_new_world_lists_decisions_in_its_words_with_the_text_to_type() -> None:
    out = flat(
        play(
            ["newworld", "--players", "3", "--seats", "human,random,random", "--seed", "5"],
            ["1", "list", "quit"],
        )
    )
    assert "1. take 4 Colonists" in out
    assert "2. roll a die for Colonists (at least 3) (roll for colonists)" in out
    assert "bid $3 (bid 3)" in out


def test_action_lines_show_the_text_to_type_only_where_the_words_differ() -> None:
    lines = screen.action_lines(
        ["pass", "move 1 soldiers l g"],
        ["pass", "move"],
        False,
        {"pass": "Pass", "move 1 soldiers l g": "move 1 Soldier from L (Texas) to G (California)"},
    )
    assert lines == [
        "    1. Pass",
        "    2. move 1 Soldier from L (Texas) to G (California)  (move 1 soldiers l g)",
    ]
