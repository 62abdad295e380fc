"""A tiny two-seat game that exercises the engine contract without a real rulebook.

Each round both seats secretly pick a number 0-2 (simultaneous), then a coin is
flipped (a reveal); after three rounds the higher total wins.
"""

from __future__ import annotations

from typing import Any, ClassVar, Self

from meeple.engine import (
    Action,
    ActionSpace,
    Event,
    Game,
    GameConfig,
    GameState,
    IllegalAction,
    Result,
    Rng,
    rank_by,
    unexplained,
)


class ToyState(GameState):
    __slots__ = ("picks", "round", "totals")

    picks: list[int]
    totals: list[int]
    round: int

    def clone(self) -> Self:
        twin = self.__class__.__new__(self.__class__)
        self._copy_common(twin)
        twin.picks, twin.totals, twin.round = self.picks.copy(), self.totals.copy(), self.round
        return twin


class ToyGame(Game[ToyState]):
    name: ClassVar[str] = "toy"
    title: ClassVar[str] = "Toy"
    rules_version: ClassVar[str] = "toy-1"
    min_players: ClassVar[int] = 2
    max_players: ClassVar[int] = 2

    def __init__(self) -> None:
        super().__init__(ActionSpace(("pick", (n,), f"pick {n}") for n in range(3)), ToyState)

    def setup(self, state: ToyState) -> None:
        state.picks, state.totals, state.round = [-1, -1], [0, 0], 1

    def seat_names(self, config: GameConfig) -> tuple[str, ...]:
        return ("North", "South")

    def to_act(self, state: ToyState) -> tuple[int, ...]:
        return tuple(s for s in (0, 1) if state.picks[s] < 0) if state.round <= 3 else ()

    def legal_actions(self, state: ToyState, seat: int) -> list[int]:
        return [0, 1, 2] if seat in self.to_act(state) else []

    def apply_action(self, state: ToyState, seat: int, index: int) -> None:
        state.picks[seat] = index
        state.log.append(Event("pick", f"you pick {index}", {}, seat))
        if min(state.picks) >= 0:
            coin = state.rng.below(2)
            for s in (0, 1):
                state.totals[s] += state.picks[s] + (coin if s == 0 else 1 - coin)
            state.log.append(Event("reveal", f"picks {state.picks}, coin {coin}", {}, None, True))
            state.picks, state.round = [-1, -1], state.round + 1

    def is_over(self, state: ToyState) -> bool:
        return state.round > 3

    def result(self, state: ToyState) -> Result:
        ranks = rank_by([(t,) for t in state.totals])
        return Result(
            tuple(state.totals),
            tuple({"total": t} for t in state.totals),
            ranks,
            tuple(s for s in (0, 1) if ranks[s] == 1),
            ((), ()),
        )

    def explain_illegal(self, state: ToyState, seat: int, action: Action) -> IllegalAction:
        if state.picks[seat] >= 0:
            return IllegalAction("Toy rules", "you have already picked this round")
        return unexplained(action.text, [a.text for a in self.legal(state, seat)])

    def view(self, state: ToyState, seat: int | None) -> dict[str, Any]:
        return {
            "round": state.round,
            "totals": list(state.totals),
            "mine": None if seat is None else state.picks[seat],
            "sealed": [p >= 0 for p in state.picks],
        }

    def determinize(self, state: ToyState, seat: int, rng: Rng) -> ToyState:
        twin = state.clone()
        other = 1 - seat
        if twin.picks[other] >= 0:
            twin.picks[other] = rng.below(3)
        return twin

    def render_text(self, view: dict[str, Any]) -> str:
        return str(view)
