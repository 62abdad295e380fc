"""``meeple play``: a game in the terminal, people against bots (or each other).

A person's seat sees only its own view. Input is an action's number or text, or
one of the commands ``undo``, ``save FILE``, ``list``, ``help``, ``quit``.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

import typer
from rich.table import Table

from meeple.ai.base import Bot
from meeple.cli.common import console, fail, load_game, make_bots, parse_seats
from meeple.engine import (
    BadConfig,
    Game,
    GameRecord,
    GameState,
    MeepleError,
    replay,
    start_record,
    undo_point,
)

LIST_LIMIT = 40
HELP = """Type the number of an action, or its text (for example 'bid 3' or 'mine d4').
Commands: list (show every legal action), undo (take back your last decision while
nothing was revealed since), save FILE (write the game record), help, quit."""


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
        self.shown = {seat: 0 for seat in range(state.config.players)}

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

    def human_turn(self, seat: int) -> bool:
        """One decision of a person; False if they quit."""
        view = self.game.view(self.state, seat)
        console.rule(f"{self.game.seat_names(self.state.config)[seat]} to decide")
        self.show_news(seat)
        console.print(self.game.render_text(view))
        legal = self.game.legal(self.state, seat)
        self.show_actions(legal, everything=len(legal) <= LIST_LIMIT)
        while True:
            try:
                answer = self.ask("your choice> ").strip()
            except EOFError:
                console.print("\nInput ended: game left.")
                return False
            outcome = self.handle(seat, answer, legal)
            if outcome is not None:
                return outcome

    def handle(self, seat: int, answer: str, legal: list[Any]) -> bool | None:
        """Act on one line of input: True when done, False to quit, None to ask again."""
        word, _, rest = answer.partition(" ")
        if word in ("quit", "exit"):
            console.print("Game left. Use 'save FILE' first to keep it.")
            return False
        if word == "help":
            console.print(HELP)
        elif word == "list":
            self.show_actions(legal, everything=True)
        elif word == "save":
            self.save(rest.strip())
        elif word == "undo":
            return True if self.undo(seat) else None
        elif answer:
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
            console.print(f"[red]Not possible:[/] {exc}")
            if answer.isdigit():
                console.print(f"Numbers go from 1 to {len(legal)}.")
            return None
        self.commit(seat, action.text)
        return True

    def undo(self, seat: int) -> bool:
        keep = undo_point(self.game, self.record, seat, others_may_follow=True)
        if keep is None:
            console.print(
                "[red]Cannot undo:[/] no decision of yours, or something was "
                "revealed since your last decision."
            )
            return False
        self.record.moves = self.record.moves[:keep]
        self.state = replay(self.game, self.record)
        self.shown = {s: min(n, len(self.state.log)) for s, n in self.shown.items()}
        console.print("Your last decision was taken back.")
        return True

    def save(self, path: str) -> None:
        if not path:
            console.print("[red]Say where:[/] save FILE")
            return
        try:
            self.record.save(Path(path))
        except OSError as exc:
            console.print(f"[red]Cannot save:[/] {exc}")
            return
        console.print(f"Game record written to {path}")

    def show_news(self, seat: int) -> None:
        for event in self.game.events(self.state, seat, self.shown[seat]):
            console.print(f"  - {event.text}")
        self.shown[seat] = len(self.state.log)

    def show_actions(self, legal: list[Any], everything: bool) -> None:
        if everything:
            for number, action in enumerate(legal, start=1):
                console.print(f"  {number:>3}. {action.text}")
            return
        kinds: dict[str, list[str]] = {}
        for action in legal:
            kinds.setdefault(action.kind, []).append(action.text)
        console.print(f"{len(legal)} legal actions; type one, or 'list' to number them all:")
        for texts in kinds.values():
            sample = ", ".join(texts[:4]) + (", ..." if len(texts) > 4 else "")
            console.print(f"  {len(texts):>4} like: {sample}")

    def show_end(self) -> None:
        viewer = next((s for s in range(self.state.config.players) if s not in self.bots), None)
        if viewer is not None:
            self.show_news(viewer)
        console.print(self.game.render_text(self.game.view(self.state, viewer)))
        print_result(self.game, self.state)


def print_result(game: Game[Any], state: GameState) -> None:
    result = game.result(state)
    names = game.seat_names(state.config)
    table = Table(title="Final result")
    table.add_column("rank")
    table.add_column("seat")
    table.add_column("score")
    keys = list(result.breakdown[0]) if result.breakdown else []
    for key in keys:
        table.add_column(key.replace("_", " "))
    for seat in sorted(range(len(names)), key=lambda s: result.ranks[s]):
        row = [str(result.ranks[seat]), names[seat], str(result.scores[seat])]
        table.add_row(*row, *(str(result.breakdown[seat][k]) for k in keys))
    console.print(table)
    winners = ", ".join(names[w] for w in result.winners) or "nobody"
    console.print(f"Winner: {winners}. {result.note}")


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
