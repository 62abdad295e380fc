"""What a seat may know: the pile, everyone's pebbles, its own card (every card once
the game is over); ``determinize`` redeals the cards the seat has not seen, from
its view and the rng only."""

from __future__ import annotations

from meeple.engine import JSON, Rng
from meeple_pebbles.state import PebblesState


def build_view(state: PebblesState, seat: int | None) -> JSON:
    over = state.pile == 0
    return {
        "seat": seat,
        "pile": state.pile,
        "turn": state.turn,
        "taken": list(state.taken),
        "cards": [c if over or s == seat else None for s, c in enumerate(state.cards)],
    }


def determinize(state: PebblesState, seat: int, rng: Rng) -> PebblesState:
    twin = state.clone()
    if state.pile == 0:
        return twin
    unseen = sorted([*state.deck, *(c for s, c in enumerate(state.cards) if s != seat)])
    rng.shuffle(unseen)
    for other in range(state.config.players):
        if other != seat:
            twin.cards[other] = unseen.pop()
    twin.deck = unseen
    twin.log = [event for event in state.log if event.visible_to(seat)]
    return twin


def render_text(view: JSON) -> str:
    cards = " ".join("?" if c is None else str(c) for c in view["cards"])
    return f"Pebbles: {view['pile']} left; taken {view['taken']}; cards {cards}"
