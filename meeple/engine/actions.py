"""Actions: small frozen values in a fixed per-game action space.

Every action has one canonical text form that parses back to the same action and
one stable integer index. Games build their whole action space once, so the fast
path works with integers and never allocates action objects.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass

from meeple.engine.errors import UnknownAction

ArgValue = int | str


@dataclass(frozen=True, slots=True)
class Action:
    """One action of a game. ``kind`` and ``args`` are its structured form."""

    index: int
    kind: str
    args: tuple[ArgValue, ...]
    text: str

    def __str__(self) -> str:
        return self.text


class ActionSpace:
    """The fixed, ordered list of every action a game can ever offer."""

    def __init__(self, entries: Iterable[tuple[str, tuple[ArgValue, ...], str]]) -> None:
        actions: list[Action] = []
        by_text: dict[str, Action] = {}
        for kind, args, text in entries:
            canonical = normalize_text(text)
            if canonical in by_text:
                raise ValueError(f"duplicate action text {canonical!r}")
            action = Action(len(actions), kind, args, canonical)
            actions.append(action)
            by_text[canonical] = action
        self._actions = tuple(actions)
        self._by_text = by_text
        self._by_key = {(a.kind, a.args): a for a in actions}

    def __len__(self) -> int:
        return len(self._actions)

    def __iter__(self) -> Iterator[Action]:
        return iter(self._actions)

    def __getitem__(self, index: int) -> Action:
        return self._actions[index]

    def parse(self, text: str) -> Action:
        """The action whose canonical text is ``text`` (case and spacing are forgiven)."""
        action = self._by_text.get(normalize_text(text))
        if action is None:
            raise UnknownAction(
                f"{text!r} is not an action of this game; type one of the listed actions"
            )
        return action

    def find(self, kind: str, *args: ArgValue) -> Action:
        """The action with this structured form; KeyError if the game has none."""
        return self._by_key[(kind, args)]

    def index(self, kind: str, *args: ArgValue) -> int:
        return self._by_key[(kind, args)].index


def normalize_text(text: str) -> str:
    return " ".join(text.strip().lower().split())
