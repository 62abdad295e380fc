"""Getting Started, before the first decision: the board emptied, the initial
placements, the player cards, the start player and the cubes dealt to hands."""

from __future__ import annotations

from meeple.games.namibia.common import BOARD, say, what, where, who
from meeple.games.namibia.rules.setup import KINDS
from meeple.games.namibia.state import SETUP_CUBES, NamibiaState


def deal(s: NamibiaState) -> None:
    """Getting Started on a state holding only its common fields: the board emptied,
    random initial placements, cards and start player; cubes dealt to hands."""
    s.clear(BOARD)
    n = s.config.players
    if n == 3:
        for e in BOARD.etosha_rails:  # Three players: two rails on Etosha National Park
            s.rails[e] = True
        s.supply_rails -= len(BOARD.etosha_rails)
    for e in BOARD.preprinted_rails:
        s.rails[e] = True
    _place_initial_cubes(s)
    _deal_cards(s)
    start = s.rng.below(n)
    s.order = [(start + i) % n for i in range(n)]
    say(s, "start", f"{who(start)} is the start player", reveals=True, seat=start)
    for seat in range(n):
        for kind in range(KINDS):
            if s.may_collect(seat, kind):
                s.hand[seat * KINDS + kind] = 1
                s.supply[kind] -= 1
    s.phase, s.pos = SETUP_CUBES, 0


def _place_initial_cubes(s: NamibiaState) -> None:
    kinds = list(range(KINDS))
    s.rng.shuffle(kinds)
    for space, kind in zip(BOARD.initial_spaces, kinds, strict=True):
        s.cube_kind[space], s.cube_count[space] = kind, 1
        s.supply[kind] -= 1
        say(
            s,
            "initial",
            f"initial placement: {what(kind)} on {where(space)}",
            reveals=True,
            kind=kind,
            space=space,
        )


def _deal_cards(s: NamibiaState) -> None:
    cards = list(range(4))
    s.rng.shuffle(cards)
    excludes = BOARD.card_excludes[s.config.players]
    for seat in range(s.config.players):
        s.card[seat] = cards[seat] + 1
        s.excluded[seat] = excludes[cards[seat]]
        say(
            s,
            "card",
            f"{who(seat)} may not collect {what(s.excluded[seat])}",
            reveals=True,
            seat=seat,
            excluded=s.excluded[seat],
        )
