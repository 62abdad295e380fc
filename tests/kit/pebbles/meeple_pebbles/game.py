"""The Game: class attributes, one line per method delegating to the modules."""

from __future__ import annotations

from typing import ClassVar

from meeple.engine import (
    JSON,
    Action,
    Encoding,
    Game,
    GameConfig,
    IllegalAction,
    OptionSpec,
    Result,
    Rng,
)
from meeple_pebbles import rules, view
from meeple_pebbles.state import PebblesState


class PebblesGame(Game[PebblesState]):
    name: ClassVar[str] = "pebbles"
    title: ClassVar[str] = "Pebbles"
    rules_version: ClassVar[str] = "pebbles-1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 3
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        OptionSpec("pebbles", 11, "pebbles in the pile"),
    )
    summary: ClassVar[str] = "Take one or two pebbles a turn; the fewest points win."

    def __init__(self) -> None:
        super().__init__(rules.SPACE, PebblesState)

    def setup(self, state: PebblesState) -> None:
        rules.deal(state)

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return tuple(f"Seat {n + 1}" for n in range(config.players))

    def to_act(self, state: PebblesState) -> tuple[int, ...]:
        return rules.to_act(state)

    def legal_actions(self, state: PebblesState, seat: int) -> list[int]:
        return rules.legal_actions(state, seat)

    def apply_action(self, state: PebblesState, seat: int, index: int) -> None:
        rules.take(state, seat, index)

    def is_over(self, state: PebblesState) -> bool:
        return state.pile == 0

    def result(self, state: PebblesState) -> Result:
        return rules.result(state)

    def explain_illegal(self, state: PebblesState, seat: int, action: Action) -> IllegalAction:
        return rules.explain(state, seat, action.index)

    def view(self, state: PebblesState, seat: int | None) -> JSON:
        return view.build_view(state, seat)

    def determinize(self, state: PebblesState, seat: int, rng: Rng) -> PebblesState:
        return view.determinize(state, seat, rng)

    def render_text(self, view_: JSON) -> str:
        return view.render_text(view_)

    def encoding(self) -> Encoding:
        from meeple_pebbles.encoding import ENCODING

        return ENCODING
