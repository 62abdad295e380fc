"""Why an action is refused, naming the rulebook section and what would be right."""

from __future__ import annotations

from meeple.engine import Action, IllegalAction
from meeple.games.mombasa import actions as A
from meeple.games.mombasa.rules import tasks
from meeple.games.mombasa.rules.apply import legal_actions
from meeple.games.mombasa.state import ACT, DRAFT, PLAN, REST, MombasaState

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


PHASE_SECTIONS = {
    DRAFT: "Setup of subsequent games (step 13)",
    REST: "Setup (step 14.3)",
    PLAN: "I. Planning Phase",
}


def explain(state: MombasaState, seat: int, action: Action) -> IllegalAction:
    section = PHASE_SECTIONS.get(state.phase) or SECTIONS.get(
        action.kind, "II. General Action Phase"
    )
    legal = [A.SPACE[i].text for i in legal_actions(state, seat)]
    return IllegalAction(
        section,
        f"'{action.text}' is not possible now: {_why(state, seat, action)}"
        f" Legal now: {', '.join(legal[:24])}{' ...' if len(legal) > 24 else ''}",
    )


def _why(state: MombasaState, seat: int, action: Action) -> str:
    if state.phase == DRAFT:
        return "keep one of the two starting tiles you were dealt."
    if state.phase == REST:
        return "put one of your starting tile's cards into the next resting slot."
    if state.phase == PLAN:
        if action.kind == "plan":
            return "place a card you hold into an open, empty action slot."
        return "the planning phase asks for cards face down into your action slots, then 'ready'."
    if state.phase == ACT and state.tasks:
        return f"you are in the middle of an action ({tasks.TASK_NAMES[state.tasks[-1][0]]})."
    reasons = {
        "use_goods": "you need a face-up goods card of that type in your action area.",
        "expand": "you need a face-up expansion card (or the expansion tile) in your action area.",
        "use_bookkeeper": "that slot holds no face-up bookkeeper.",
        "use_merchant": "that slot holds no face-up diamond merchant.",
        "place": (
            "you need a bonus marker, an empty space and its requirement met"
            " (majority, cost, unlocked track bonus)."
        ),
        "attach": "the +1 goods tile must be yours, unplaced, and go on a face-up goods card.",
        "end": "take one of your three resting decks.",
    }
    return reasons.get(action.kind, "that decision is not pending.")
