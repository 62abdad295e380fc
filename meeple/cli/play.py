"""``meeple play``: a game in the terminal, people against bots (or each other).

A person's seat sees only its own view. Input is an action's number or text, or
one of the commands of ``screen.BASE_COMMANDS`` (``board``, ``legend``, ``list``,
``undo``, ``save FILE``, ``help``, ``quit``) or of the game's ``Terminal``.

The full board is drawn when a seat starts and on request (``board``); after each
decision a compact status (``Terminal.status``) and what happened since are drawn.
In hot-seat play of a game with hidden information (its presentation's
``public_view`` is False), the screen is cleared and handed over between people.
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import typer
from rich import box
from rich.table import Table

from meeple.ai.base import Bot
from meeple.cli import screen
from meeple.cli.common import console, fail, load_game, make_bots, parse_seats
from meeple.engine import (
    BadConfig,
    Game,
    GameRecord,
    GameState,
    MeepleError,
    replay,
    start_record,
)
from meeple.engine.terminal import Reply
from meeple.engine.undo import (
    HANDED_IN,
    NO_DECISION,
    decided_since,
    handed_in,
    revealed_by_decision,
    revealed_since,
)

YES = ("y", "yes")


class TerminalTable:
    """One game between terminal players and bots."""

    def __init__(
        self,
        game: Game[Any],
        state: GameState,
        record: GameRecord,
        bots: dict[int, Bot],
        ask: Callable[[str], str],
    ) -> None:
        self.game, self.state, self.record, self.bots, self.ask = game, state, record, bots, ask
        self.terminal = game.terminal()
        self.names = game.seat_names(state.config)
        self.people = [s for s in range(state.config.players) if s not in bots]
        self.shown = {seat: 0 for seat in range(state.config.players)}
        self.at_keyboard: int | None = None  # the person who saw the screen last
        self.automatic: set[int] = set()  # record positions played by the terminal itself
        self.batch_start: dict[int, int] = {}  # record position -> start of its command
        self.board_due: set[int] = set()  # seats to be shown the full board next time

    # ---- the loop -----------------------------------------------------------------

    def run(self) -> None:
        while not self.game.is_over(self.state):
            waiting = self.game.to_act(self.state)
            people = [seat for seat in waiting if seat not in self.bots]
            if people:
                if not self.human_turn(people[0]):
                    return
            else:
                self.bot_turn(waiting[0])
        self.show_end()

    def bot_turn(self, seat: int) -> None:
        index = self.bots[seat].choose(self.game, self.state, seat)
        self.commit(seat, self.game.actions[index].text)

    def commit(self, seat: int, text: str) -> None:
        self.game.play(self.state, seat, text)
        self.record.moves.append((seat, text))

    def hidden_between_people(self) -> bool:
        """Whether one person's screen may show what another may not see."""
        return len(self.people) > 1 and not self.game.presentation().public_view

    def human_turn(self, seat: int) -> bool:
        """One decision of a person; False if they quit."""
        fresh = self.at_keyboard != seat
        handing_over = fresh and self.at_keyboard is not None and self.hidden_between_people()
        if handing_over and not self.hand_over(seat):
            return False
        self.at_keyboard = seat
        view = self.game.view(self.state, seat)
        automatic = self.terminal.automatic(view, len(self.people))
        if automatic is not None:
            if self.show_news(seat):
                self.board_due.add(seat)
            self.automatic.add(len(self.record.moves))
            self.commit(seat, automatic)
            done = f"{self.names[seat]}: {automatic} (played for you: nothing to decide)"
            console.print(screen.styled(done, ()), style="dim")
            return True
        console.rule(f"{self.names[seat]} to decide")
        revealed = self.show_news(seat)
        if fresh or revealed or seat in self.board_due:
            self.board_due.discard(seat)
            self.show_board(view)
        else:
            self.show_status(view)
        legal = self.ordered_legal(view, seat)
        self.show_actions(view, legal, everything=False)
        while True:
            try:
                answer = self.ask("your choice> ").strip()
            except EOFError:
                console.print("\nInput ended: game left.")
                return False
            outcome = self.handle(seat, answer, legal)
            if outcome is not None:
                return outcome

    def hand_over(self, seat: int) -> bool:
        """Clear the screen so the next person cannot see the last one's secrets."""
        screen.clear(console)
        console.rule("Hand-over")
        console.print(
            f"Pass the keyboard to {self.names[seat]}. The screen was cleared so that"
            f" nothing {self.names[self.at_keyboard or 0]} saw stays on it."
        )
        try:
            self.ask(f"{self.names[seat]}, press Enter when you alone see the screen> ")
        except EOFError:
            console.print("\nInput ended: game left.")
            return False
        return True

    def ordered_legal(self, view: dict[str, Any], seat: int) -> list[Any]:
        legal = {action.text: action for action in self.game.legal(self.state, seat)}
        return [legal[text] for text in self.terminal.order(view, list(legal))]

    # ---- input --------------------------------------------------------------------

    def handle(self, seat: int, answer: str, legal: list[Any]) -> bool | None:
        """Act on one line of input: True when done, False to quit, None to ask again."""
        word, _, rest = answer.partition(" ")
        word = word.lower()
        view = self.game.view(self.state, seat)
        if word in ("quit", "exit"):
            console.print("Game left. Use 'save FILE' first to keep it.")
            return False
        if word == "help":
            self.show_help(view, legal)
        elif word == "board":
            self.show_board(view)
        elif word == "legend":
            self.show_legend(view)
        elif word == "list":
            self.show_actions(view, legal, everything=True)
        elif word == "save":
            self.save(rest.strip())
        elif word == "undo":
            return True if self.undo(seat) else None
        elif answer:
            reply = self.terminal.command(view, word, rest.strip())
            if reply is not None:
                return self.run_reply(seat, reply)
            return self.try_action(seat, answer, legal)
        return None

    def try_action(self, seat: int, answer: str, legal: list[Any]) -> bool | None:
        text = answer
        if answer.isdigit() and 0 < int(answer) <= len(legal):
            text = legal[int(answer) - 1].text
        try:
            action = self.game.to_action(text)
            self.game.check(self.state, seat, action)
        except MeepleError as exc:
            console.print(screen.styled(f"Not possible: {exc}", ()), style="red")
            if answer.isdigit():
                console.print(f"Numbers go from 1 to {len(legal)}.")
            return None
        question = self.terminal.confirm(self.game.view(self.state, seat), action.text)
        if question is not None and not self.confirmed(question):
            console.print("Not done; choose again.")
            return None
        self.commit(seat, action.text)
        return True

    def confirmed(self, question: str) -> bool:
        console.print(screen.styled(question, ()), style="yellow")
        try:
            return self.ask("y/N> ").strip().lower() in YES
        except EOFError:
            return False

    def run_reply(self, seat: int, reply: Reply) -> bool | None:
        """A game command: show its message, play its actions as one step."""
        if reply.message:
            self.print_game_text(self.game.view(self.state, seat), reply.message)
        if not reply.actions:
            return None
        start = len(self.record.moves)
        try:
            for text in reply.actions:
                self.commit(seat, text)
        except MeepleError as exc:
            console.print(screen.styled(f"Not possible: {exc}", ()), style="red")
            self.rebuild(start)
            return None
        for position in range(start, len(self.record.moves)):
            self.batch_start[position] = start
        return True

    # ---- undo ---------------------------------------------------------------------

    def undo(self, seat: int) -> bool:
        """Take back the seat's last decision (a whole command, such as ``line N``,
        counts as one) and every bot move after it (see ``undo_plan``); if refused,
        say the one reason."""
        plan = self.undo_plan(seat)
        if isinstance(plan, str):
            console.print(f"[red]You cannot undo now.[/] {plan}")
            return False
        self.rebuild(plan)
        console.print("Your last decision was taken back.")
        return True

    def undo_keep(self, seat: int) -> int | None:
        """How many moves to keep, or None if the undo is refused (``undo_plan``)."""
        plan = self.undo_plan(seat)
        return None if isinstance(plan, str) else plan

    def undo_plan(self, seat: int) -> int | str:
        """How many moves to keep to take back the seat's last decision, or the reason
        it may not be, by the policy the browser follows too (``meeple.engine.undo``):
        refused when the decision revealed something or handed in the seat's part of
        a simultaneous decision (a sealed sheet is final), or something was revealed
        since. Unlike the browser, the bots' moves since are taken back with it (they
        play again): only another person's decision since refuses the undo."""
        keep = self.last_decision(seat, len(self.record.moves))
        if keep is None:
            return NO_DECISION
        before = replay(self.game, self.record, keep)
        decided = before.clone()
        self.game.play(decided, seat, self.record.moves[keep][1])
        waiting = (self.game.to_act(before), self.game.to_act(decided))
        refusal = revealed_by_decision(decided.log[len(before.log) :], seat)
        if refusal is None and handed_in(*waiting, seat):
            refusal = HANDED_IN
        later = self.state.log[len(decided.log) :]
        revealing = next((e for e in later if e.reveals), None)
        if refusal is None and revealing is not None:
            refusal = revealed_since(revealing if revealing.visible_to(seat) else None)
        person = next(
            (w for w, _ in self.record.moves[keep:] if w != seat and w not in self.bots), None
        )
        if refusal is None and person is not None:
            refusal = decided_since(self.names[person])
        return keep if refusal is None else refusal

    def last_decision(self, seat: int, upto: int) -> int | None:
        """Where the seat's last decision among the first ``upto`` moves begins: a whole
        command counts as one, and a move the terminal played for the seat belongs to
        the decision before it. None: the seat has made none."""
        mine = [i for i, (who, _) in enumerate(self.record.moves[:upto]) if who == seat]
        while mine:
            keep = self.batch_start.get(mine[-1], mine[-1])
            if keep not in self.automatic:
                return keep
            mine = [i for i in mine if i < keep]
        return None

    def rebuild(self, keep: int) -> None:
        """Keep the first ``keep`` moves of the record and replay them."""
        self.record.moves = self.record.moves[:keep]
        self.state = replay(self.game, self.record)
        self.shown = {s: min(n, len(self.state.log)) for s, n in self.shown.items()}
        self.automatic = {p for p in self.automatic if p < keep}
        self.batch_start = {p: b for p, b in self.batch_start.items() if p < keep}

    def save(self, path: str) -> None:
        if not path:
            console.print("[red]Say where:[/] save FILE")
            return
        document = {**self.record.to_json(), "people": self.seat_people()}
        try:
            Path(path).write_text(json.dumps(document, indent=1, ensure_ascii=False) + "\n")
        except OSError as exc:
            console.print(f"[red]Cannot save:[/] {exc}")
            return
        console.print(f"Game record written to {path}")

    def seat_people(self) -> list[dict[str, Any]]:
        """Who played each seat, as a server's published record says it (``kind``
        "human" or the bot's name, ``player``), so ``meeple review`` judges the people."""
        return [
            {
                "seat": seat,
                "seat_name": self.names[seat],
                "kind": self.bots[seat].name if seat in self.bots else "human",
                "player": None if seat in self.bots else "",
            }
            for seat in range(self.state.config.players)
        ]

    # ---- drawing ------------------------------------------------------------------

    def print_game_text(self, view: dict[str, Any], text: str) -> None:
        console.print(screen.styled(text, self.terminal.highlights(view)))

    def show_board(self, view: dict[str, Any]) -> None:
        self.print_game_text(view, self.game.render_text(view))

    def show_status(self, view: dict[str, Any]) -> None:
        board = self.game.render_text(view)
        self.print_game_text(view, self.terminal.status(view, board))
        console.print("[dim]('board' shows the full board, 'help' the commands)[/]")

    def show_legend(self, view: dict[str, Any]) -> None:
        legend = self.terminal.legend(view)
        if not legend:
            console.print("This game's board needs no legend.")
            return
        console.print(screen.legend_table(legend))

    def show_help(self, view: dict[str, Any], legal: list[Any]) -> None:
        own = [command.usage for command in self.terminal.commands(view)]
        console.print("Commands: " + ", ".join([*screen.COMMAND_NAMES, *own]))
        console.print(
            screen.help_table(
                self.game.title,
                screen.kinds_sample(legal, per_kind=2),
                self.terminal.examples(view),
                self.terminal.commands(view),
            )
        )

    def show_news(self, seat: int) -> bool:
        """What ``seat`` has not seen yet; True if something hidden was revealed
        (the full board is then drawn again)."""
        view = self.game.view(self.state, seat)
        news = self.game.events(self.state, seat, self.shown[seat])
        for event in news:
            self.print_game_text(view, f"  - {event.text}")
        self.shown[seat] = len(self.state.log)
        return any(event.reveals for event in news)

    def show_actions(self, view: dict[str, Any], legal: list[Any], everything: bool) -> None:
        texts = [action.text for action in legal]
        kinds = [action.kind for action in legal]
        labels = self.game.presentation().action_labels(view, texts)
        for line in screen.action_lines(texts, kinds, everything, labels):
            console.print(screen.styled(line, ()))

    def show_end(self) -> None:
        viewer = next((s for s in range(self.state.config.players) if s not in self.bots), None)
        if viewer is not None:
            self.show_news(viewer)
        view = self.game.view(self.state, viewer)
        self.show_board(view)
        print_result(self.game, self.state)


def print_result(game: Game[Any], state: GameState) -> None:
    """The final table: rank, seat, score, then the breakdown's other parts (a part
    equal to the score for every seat is not repeated); headers wrap, never cut."""
    result = game.result(state)
    names = game.seat_names(state.config)
    seats = range(len(names))
    keys = [
        key
        for key in (result.breakdown[0] if result.breakdown else {})
        if any(result.breakdown[s][key] != result.scores[s] for s in seats)
    ]
    table = Table(title="Final result", box=box.SIMPLE_HEAD)
    for header in ("rank", "seat", "score", *(key.replace("_", "\n") for key in keys)):
        table.add_column(header, overflow="fold")
    for seat in sorted(seats, key=lambda s: (result.ranks[s], -result.scores[s])):
        row = [str(result.ranks[seat]), names[seat], str(result.scores[seat])]
        table.add_row(*row, *(str(result.breakdown[seat][k]) for k in keys))
    console.print(table)
    console.print(screen.styled(verdict(names, result.winners, result.note), ()))


def verdict(names: Sequence[str], winners: Sequence[int], note: str) -> str:
    """Who won, said once: the game's note alone when it already names the winners."""
    if not winners:
        return f"No winner. {note}".strip()
    if all(names[w] in note for w in winners):
        return note
    return f"Winner: {', '.join(names[w] for w in winners)}. {note}".strip()


def play(
    game_name: str = typer.Argument(..., help="a registered game, see 'meeple games'"),
    players: int = typer.Option(4, "--players", "-p", help="number of players"),
    seats: str = typer.Option(
        None, help="comma-separated seat kinds: human or a bot name (default: you + random)"
    ),
    seed: int = typer.Option(None, help="seed of the game (random if left out)"),
    option: list[str] = typer.Option([], "--option", "-o", help="variant option NAME=VALUE"),
) -> None:
    """Play a game in the terminal."""
    game = load_game(game_name)
    kinds = parse_seats(game, seats, players, "random")
    if not seats:
        kinds[0] = "human"
    chosen = seed if seed is not None else int.from_bytes(os.urandom(4), "big")
    try:
        config = game.make_config(players, parse_options(game, option))
    except BadConfig as exc:
        raise fail(str(exc)) from None
    state = game.new_game(config, chosen)
    record = start_record(game, state.config, chosen)
    console.print(f"{game.title}, seed {chosen}. Type 'help' for help.")
    if game.reconstructed:
        console.print(f"[italic]{game.reconstructed}[/italic]")
    table = TerminalTable(game, state, record, make_bots(game, kinds, chosen), console.input)
    table.run()


def parse_options(game: Game[Any], raw: list[str]) -> dict[str, int | str | bool]:
    """NAME=VALUE pairs typed like the option's default."""
    specs = {spec.name: spec for spec in game.option_specs}
    options: dict[str, int | str | bool] = {}
    for item in raw:
        name, sep, value = item.partition("=")
        if not sep or name not in specs:
            known = ", ".join(specs) or "none"
            raise fail(f"bad option {item!r}: use NAME=VALUE with NAME one of: {known}")
        default = specs[name].default
        if isinstance(default, bool):
            options[name] = value.lower() in ("1", "true", "yes", "on")
        elif isinstance(default, int):
            if not value.lstrip("-").isdigit():
                raise fail(f"option {name} takes a whole number, got {value!r}")
            options[name] = int(value)
        else:
            options[name] = value
    return options


def register(app: typer.Typer) -> None:
    app.command("play")(play)
