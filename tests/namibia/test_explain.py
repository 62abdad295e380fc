"""One source of legality: ``rules.explain`` finds a reason against exactly the
actions ``legal_actions`` leaves out, checked over every action of the kinds a
phase asks for (the conformance battery samples a few per step)."""

from __future__ import annotations

from meeple.engine import Rng
from meeple.games.namibia import GAME
from meeple.games.namibia.positions import Position
from meeple.games.namibia.rules.explain import SECTIONS
from meeple.games.namibia.state import COMPLETE_MINES, GAME_OVER, NamibiaState
from tests.namibia.helpers import new_game

STATES_PER_PHASE = 2


def _disagreements(s: NamibiaState) -> list[str]:
    """The actions of the phase's kinds whose explanation disagrees with legality."""
    seat = s.actor
    legal = set(GAME.legal_actions(s, seat))
    kinds = SECTIONS[s.phase][1]
    wrong = []
    for action in GAME.actions:
        if action.kind not in kinds:
            continue
        refusal = GAME.explain_illegal(s, seat, action)
        if refusal.explained == (action.index in legal):
            wrong.append(f"{s.phase}: {action.text} [{refusal.rule}] {refusal.message}")
    return wrong


def test_every_action_of_a_phase_is_refused_exactly_when_it_is_not_legal() -> None:
    seen: dict[int, int] = {}
    wrong: list[str] = []
    for players, seed in ((3, 5), (4, 6)):
        s = new_game(players, seed)
        rng = Rng(seed)
        while s.phase != GAME_OVER:
            if seen.get(s.phase, 0) < STATES_PER_PHASE * players:
                seen[s.phase] = seen.get(s.phase, 0) + 1
                wrong += _disagreements(s)
            GAME.apply(s, s.actor, rng.choice(GAME.legal_actions(s, s.actor)))
    # 2.1's choice is rare in random play: two gold mines for one gold cube, and
    # two kinds of mines waiting (copper's choice comes after gold's).
    p = Position().cube("a2", "gold", 12).cube("b2", "copper", 12)
    for at, kind in (("d4", "gold"), ("h6", "gold"), ("c5", "copper"), ("g6", "copper")):
        p.cube(at, kind).mine(at, seat=0, completed=False)
    s = p.construction(0).build()
    assert s.phase == COMPLETE_MINES
    seen[s.phase] = 1
    wrong += _disagreements(s)
    assert len(seen) == len(SECTIONS) - 1, f"phases reached: {sorted(seen)}"
    assert not wrong, "\n".join(wrong[:10])


def test_a_legal_action_gets_only_the_fallback_naming_legal_actions() -> None:
    s = new_game(4, 1)
    legal = GAME.legal(s, s.actor)
    refusal = GAME.explain_illegal(s, s.actor, legal[0])
    assert not refusal.explained and refusal.rule == "Legal actions"
    assert legal[1].text in refusal.message
