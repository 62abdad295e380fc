"""Why an action is refused, naming the rulebook section and what would be right.

One source of legality: an action is refused exactly when ``legal_actions`` does not
list it, and the reason is read from the same rules code (the phase's offer, the
pending decision's legal actions, the bonus spaces' requirements in
``rules.markers``). A legal action gets only the engine's ``unexplained`` fallback.
"""

from __future__ import annotations

from meeple.engine import Action, IllegalAction, unexplained
from meeple.games.mombasa import actions as A
from meeple.games.mombasa.board import BOARD, GOODS, NO
from meeple.games.mombasa.rules import area, tasks
from meeple.games.mombasa.rules.apply import legal_actions
from meeple.games.mombasa.state import (
    ACT,
    BOOKKEEPER_TILE,
    DRAFT,
    FIRST_PLAYER_SPACE,
    MERCHANT_TILE,
    PLAN,
    PLUS_ONE,
    PURCHASE_SPACE,
    REMOVAL_SPACE,
    REST,
    SLOTS,
    MombasaState,
)

SECTIONS = {
    "keep": "Setup of subsequent games (step 13)",
    "rest": "Setup (step 14.3)",
    "plan": "I. Planning Phase",
    "ready": "I. Planning Phase",
    "use_goods": "1. Use 1 or more goods cards of one type",
    "add": "1. Use 1 or more goods cards of one type",
    "total": "1. Use 1 or more goods cards of one type",
    "buy": "Acquire 1 card from the card display",
    "advance": "Advance on 1 or more company tracks",
    "forfeit": "Advance on 1 or more company tracks",
    "expand": "2. Use all expansion cards in your action area",
    "enter": "To Enter A Region",
    "stop_expanding": "2. Use all expansion cards in your action area",
    "pay_call": "Company tracks: capital calls",
    "decline_call": "Company tracks: capital calls",
    "use_bookkeeper": "3. Use 1 bookkeeper card in your action area",
    "flip_book": "3. Use 1 bookkeeper card (step 1)",
    "move_ink": "3. Use 1 bookkeeper card (step 2)",
    "stop_ink": "3. Use 1 bookkeeper card (step 2)",
    "use_merchant": "4. Use 1 diamond merchant card in your action area",
    "place": "5. Place 1 bonus marker",
    "tier": "Majority Bonus Spaces",
    "take_book": "Bookkeeping points",
    "take_pound": "Bookkeeping points",
    "shelve": "Bookkeeping points: placing books",
    "return_post": "Oust all trading posts of other companies",
    "remove_post": "Remove a trading post",
    "discard": "Card removal space",
    "skip": "Card purchase space",
    "bp_diamond": "Company tracks: extra bonus spaces",
    "boost": "Company tracks: extra bonus spaces",
    "attach": "The +1-goods tile",
    "end": "6. End your own action phase",
    "collect": "Collect the rewards of each region you entered (in any order you like)",
}
GENERAL = "II. General Action Phase"
TURN_KINDS = ("use_goods", "expand", "use_bookkeeper", "use_merchant", "place", "attach", "end")
"""What a seat may do at the start of its turn: the six actions and the +1 goods tile."""
NAMED = 8
"""How many of the legal choices a refusal names."""


def explain(state: MombasaState, seat: int, action: Action) -> IllegalAction:
    legal = legal_actions(state, seat)
    texts = [A.SPACE[i].text for i in legal]
    if action.index not in legal:
        section, why = _refusal(state, seat, action, legal)
        shown = ", ".join(texts[:NAMED]) + (" ..." if len(texts) > NAMED else "")
        return IllegalAction(
            section, f"'{action.text}' is not possible now: {why} Legal now: {shown or 'nothing'}"
        )
    return unexplained(action.text, texts)


def _refusal(state: MombasaState, seat: int, action: Action, legal: list[int]) -> tuple[str, str]:
    """(section, why) for an action ``legal_actions`` does not list."""
    phase = state.phase
    if not legal:
        if phase == PLAN:
            return SECTIONS["ready"], "you are ready; the others are still planning."
        return "Turn order", "you have nothing to decide now."
    if phase == DRAFT:
        return SECTIONS["keep"], "keep one of the two starting tiles you were dealt."
    if phase == REST:
        return SECTIONS["rest"], "put one of your starting tile's cards into the next resting slot."
    if phase == PLAN:
        return SECTIONS["plan"], _plan_why(state, seat, action)
    if phase == ACT and state.tasks:
        return _pending(state, action, legal)
    if action.kind not in TURN_KINDS:
        return GENERAL, "that decision is not pending: take one of the six actions first."
    return SECTIONS[action.kind], _turn_why(state, seat, action)


def _plan_why(state: MombasaState, seat: int, action: Action) -> str:
    if action.kind != "plan":
        return "the planning phase asks for cards face down into your action slots, then 'ready'."
    face, slot = action.args
    assert isinstance(face, int) and isinstance(slot, int)
    if not state.hands[seat] & A.PLAN_MASK[face]:
        return f"you hold no {A.PLAYABLE_FACES[face]}."
    if state.slots[seat * SLOTS + slot] != NO:
        return f"slot {slot + 1} already holds a card."
    return f"slot {slot + 1} is not open yet (the diamond or bookkeeping track opens it)."


def _pending(state: MombasaState, action: Action, legal: list[int]) -> tuple[str, str]:
    """In the middle of an action only its pending decision's choices are legal."""
    name = tasks.TASK_NAMES[state.tasks[-1][0]]
    kinds = {A.SPACE[i].kind for i in legal}
    if action.kind not in kinds:
        section = SECTIONS.get(A.SPACE[legal[0]].kind, GENERAL)
        return section, f"you are in the middle of an action ({name})."
    return SECTIONS.get(
        action.kind, GENERAL
    ), f"that is not one of this decision's choices ({name})."


def _turn_why(state: MombasaState, seat: int, action: Action) -> str:
    arg = action.args[0] if action.args else 0
    assert isinstance(arg, int)
    kind = action.kind
    if kind == "use_goods":
        return f"you need a face-up {GOODS[arg]} card in your action area."
    if kind == "expand":
        return "you need a face-up expansion card (or the expansion tile) in your action area."
    if kind in ("use_bookkeeper", "use_merchant"):
        return _source_why(kind.removeprefix("use_"), arg)
    if kind == "place":
        return _place_why(state, seat, arg)
    if kind == "attach":
        return _attach_why(state, seat)
    return "take one of your three resting decks."


def _source_why(card: str, source: int) -> str:
    if source == SLOTS:
        tile = BOOKKEEPER_TILE if card == "bookkeeper" else MERCHANT_TILE
        return f"you hold no face-up {A.space_name(4 + tile)}."
    return f"slot {source + 1} holds no face-up {card}."


def _place_why(state: MombasaState, seat: int, space: int) -> str:
    """The requirement of the space that ``rules.markers.placements`` found unmet."""
    cash = state.cash[seat]
    if state.markers[seat] <= 0:
        return "you have no bonus marker left."
    if state.spaces[space] != NO:
        return "a bonus marker already lies on that space."
    if space < 4:
        return "you need the majority there (a tie suffices), at least its lowest tier."
    if space < 8:
        return f"that bonus tile costs £{BOARD.tile_costs[space - 4]}; you have £{cash}."
    if space == FIRST_PLAYER_SPACE:
        return "the first player may not take it on their first turn of a round."
    if space == PURCHASE_SPACE:
        return f"it costs £1 and then a display card's price; you have £{cash}."
    if space == REMOVAL_SPACE:
        return "you hold no card you could discard."
    return (
        "a track's extra bonus space needs its bonus unlocked before this turn, its"
        " cost paid, and not both of a track's spaces in one round."
    )


def _attach_why(state: MombasaState, seat: int) -> str:
    if not area.has_tile(state, seat, PLUS_ONE):
        return "you hold no face-up +1 goods tile."
    if state.plus_on[seat] != NO:
        return "the +1 goods tile already lies on a card."
    return "it goes only on a face-up goods card in your action area."
