"""Mombasa's decisions as a player makes them in the browser: every legal action
in the game's words (the card bought and its price, the track and its capital
call, the region a trading post enters), the controls of each decision, the
questions asked before a step that cannot be taken back, and the secret plan as
a draft (``MombasaPresentation`` in ``svg`` hands these to the client).

The plan ("I. Planning Phase": cards face down into one's open action slots, then
turned face up once everyone is finished) is a ``plan`` entry that
static/drafts.js draws as a draft: the player puts hand cards into slots and
rearranges them in the page, which sends nothing; "ready" sends the draft as the
legal ``plan ... in slot k`` actions, one by one through the checked path, and
then ``ready`` with the game's question. Read from a view alone.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence

from meeple.engine.controls import board_control, choice_control, option
from meeple.games.mombasa.board import BOARD
from meeple.games.mombasa.view import MombasaView, PlayerView, Reward, kind_and_count

Control = dict[str, object]  # JSON edge: an entry of meeple.engine.controls
COMPANY_TITLES = ("Mombasa", "Cape Town", "Saint-Louis", "Cairo")
COMPANIES = tuple(name.lower() for name in COMPANY_TITLES)
REWARDS = {
    "pounds": "£{n}",
    "bp": "{n} bookkeeping point(s)",
    "diamond": "{n} diamond step(s)",
    "track": "{n} track step(s)",
    "remove": "remove {n} trading post(s)",
    "cotton_money": "£1 per cotton unit",
}


# ---- words ------------------------------------------------------------------------


def card(face: str) -> str:
    """A card's face as printed words: "coffee 3" -> "Coffee 3"."""
    return face.title()


def _me(view: MombasaView) -> PlayerView | None:
    seat = view.get("seat")
    players = view.get("players") or []
    return players[seat] if isinstance(seat, int) and seat < len(players) else None


def _hand(view: MombasaView) -> list[str]:
    """The seat's own hand (empty for a spectator)."""
    me = _me(view)
    return (me.get("hand") if me else None) or []


def _number(text: str) -> int:
    return int(text.split()[-1])


def _pending(view: MombasaView) -> tuple[str, list[int]]:
    pending = view.get("pending")
    if not pending:
        return "", []
    values = [v for v in pending.get("values", []) if isinstance(v, int)]
    return str(pending.get("decision", "")), values


def _buy(view: MombasaView, action: str) -> str:
    space = _number(action) - 1
    display = view.get("display") or []
    shown = display[space] if space < len(display) else None
    if not isinstance(shown, dict) or not shown.get("card"):
        return f"Buy the card on display space {space + 1}"
    decision, values = _pending(view)
    if decision == "goods: spend units":
        discount = values[2] if len(values) > 2 else 0
        price = max(0, int(shown["price"]) - discount)
        return f"Buy {card(shown['card'])} for {price} unit{'s' if price != 1 else ''}"
    discount = values[0] if values else 0
    return f"Buy {card(shown['card'])} for £{max(0, int(shown['price']) - discount)}"


def _advance(view: MombasaView, action: str) -> str:
    company = COMPANIES.index(action.removeprefix("advance "))
    me = _me(view)
    words = f"Advance on the {COMPANY_TITLES[company]} track"
    if me is None:
        return words
    space = int(me["tracks"][company]) + 1
    tracks = view.get("tracks") or []
    calls = tracks[company].get("calls", {}) if company < len(tracks) else {}
    call = calls.get(str(space))
    return f"{words} to space {space}" + (f" (capital call £{call})" if call else "")


def _slot_card(view: MombasaView, slot: int) -> str:
    me = _me(view)
    slots = me.get("slots") if me else None
    shown = slots[slot] if isinstance(slots, list) and slot < len(slots) else None
    face = shown.get("card") if isinstance(shown, dict) else None
    return f" ({card(face)})" if face else ""


def _use_in(view: MombasaView, action: str, kind: str) -> str:
    if action.endswith(" tile"):
        return f"Use the {kind} bonus tile"
    slot = _number(action) - 1
    return f"Use the {kind} in slot {slot + 1}{_slot_card(view, slot)}"


def _deck(view: MombasaView, action: str) -> str:
    deck = _number(action) - 1
    me = _me(view)
    decks = me.get("resting_decks") if me else None
    cards = decks[deck] if isinstance(decks, list) and deck < len(decks) else []
    inside = ", ".join(card(face) for face in cards) or "empty"
    return f"End my action phase, taking back resting deck {deck + 1} ({inside})"


def _book(view: MombasaView, action: str) -> str:
    n = _number(action) - 1
    books = view.get("book_display") or []
    book = books[n]["book"] if n < len(books) and isinstance(books[n], dict) else None
    if book is None:
        return f"Take book {n + 1}"
    needs = ", ".join(need_words(*kind_and_count(need)) for need in book.get("requires", []))
    reward = reward_words(book.get("reward"))
    return f"Take book {book['letter']} (needs {needs or 'nothing'}; gives {reward})"


NEEDS = {
    "any": "{n} of one good",
    "coffee_and_one_good": "coffee {n} and {n} more of one good",
    "merchant_or_bookkeeper": "a merchant or another bookkeeper",
}


def need_words(kind: str, n: int) -> str:
    """A book's requirement in words: "coffee 2", "coffee 3 and 3 more of one good"."""
    return NEEDS.get(kind, kind + " {n}").format(n=n)


def reward_words(reward: Reward | None) -> str:
    if not reward:
        return "nothing"
    kind, n = kind_and_count(reward)
    words = REWARDS.get(kind, kind.replace("_", " ") + " {n}").format(n=n)
    return words.replace("(s)", "" if n == 1 else "s")


def _tile(view: MombasaView, action: str) -> str:
    tile = BOARD.tiles[_number(action) - 1]
    cards = ", ".join(card(face) for face in tile.cards)
    return f"Keep starting tile {_number(action)} ({cards})"


def _rest(view: MombasaView, action: str) -> str:
    face = action.removeprefix("rest ")
    me = _me(view)
    decks = me.get("resting_decks") if me else None
    empty = next((k for k, d in enumerate(decks or []) if not d), None)
    where = f" on resting deck {empty + 1}" if empty is not None else ""
    return f"Rest {card(face)}{where}"


def _plan(view: MombasaView, action: str) -> str:
    face, _, slot = action.removeprefix("plan ").rpartition(" in slot ")
    return f"{card(face)} face down into slot {slot}"


def _region(view: MombasaView, action: str) -> str:
    region, _, column = action.removeprefix("enter ").rpartition(" from column ")
    decision, values = _pending(view)
    company = COMPANY_TITLES[values[0]] + " " if decision == "expansion" and values else ""
    words = f"{company}trading post into {region.title()} (from base column {column})"
    return words[0].upper() + words[1:]


FIXED = {
    "ready": "Ready: my plan is complete",
    "total units": "Done choosing cards: count the units",
    "forfeit units": "Give up the units left",
    "stop expanding": "Stop expanding",
    "pay capital call": "Pay the capital call and advance",
    "decline capital call": "Decline the capital call (no step)",
    "move ink jar": "Move the ink jar one more book",
    "stop ink jar": "Stop the ink jar here",
    "take pound": "Take £1",
    "take 1 bp and 2 diamond steps": "1 bookkeeping point and 2 diamond steps",
    "take 2 bp and 1 diamond step": "2 bookkeeping points and 1 diamond step",
    "skip purchase": "Buy nothing",
}
BY_VERB: dict[str, Callable[[MombasaView, str], str]] = {
    "keep": _tile,
    "rest": _rest,
    "plan": _plan,
    "buy": _buy,
    "advance": _advance,
    "end": _deck,
    "expand": lambda v, a: f"Expand {a.removeprefix('expand ').title()} (use my expansion cards)",
    "enter": _region,
    "use": lambda v, a: _use(v, a),
    "add": lambda v, a: f"Add slot {_number(a)}{_slot_card(v, _number(a) - 1)} to the units",
    "flip": lambda v, a: f"Flip the book on bookkeeping space {_number(a)}",
    "shelve": lambda v, a: f"Shelve the book on bookkeeping space {_number(a)}",
    "place": lambda v, a: f"Bonus marker on {a.removeprefix('place marker on ').title()}",
    "take": lambda v, a: _book(v, a) if a.startswith("take book") else _tier(a),
    "return": lambda v, a: f"Send the ousted post home to base column {_number(a)}",
    "remove": lambda v, a: _remove(a),
    "discard": lambda v, a: f"Discard {card(a.removeprefix('discard '))}",
    "boost": lambda v, a: _boost(v, a),
    "collect": lambda v, a: _collect(v, a),
    "attach": lambda v, a: f"Put the +1 tile on slot {_number(a)}{_slot_card(v, _number(a) - 1)}",
}


def _use(view: MombasaView, action: str) -> str:
    if action.startswith("use bookkeeper"):
        return _use_in(view, action, "bookkeeper")
    if action.startswith("use merchant"):
        return _use_in(view, action, "diamond merchant")
    return f"Use my {action.removeprefix('use ')} cards"


def _boost(view: MombasaView, action: str) -> str:
    """D2's bonuses: so many steps on the track named (the pending decision's first value)."""
    _, values = _pending(view)
    steps = values[0] if values else 2
    track = action.removeprefix("boost ").title()
    return f"{steps} step{'s' if steps != 1 else ''} on the {track} track" + (
        " first" if _pending(view)[0] == "move on each other track" else ""
    )


COLLECT_PARTS = ("pounds", "diamond steps", "track steps", "bookkeeping points")


def _collect(view: MombasaView, action: str) -> str:
    """A part of a reward taken next ("rewards: which first": values company, pounds,
    diamond steps, track steps, BP)."""
    part = COLLECT_PARTS.index(action.removeprefix("collect "))
    _, values = _pending(view)
    n = values[1 + part] if len(values) > 1 + part else 0
    company = COMPANY_TITLES[values[0]] if values and 0 <= values[0] < 4 else ""
    words = (
        f"£{n}",
        f"{n} diamond step{'s' if n != 1 else ''}",
        f"{n} step{'s' if n != 1 else ''} on the {company} track",
        f"{n} bookkeeping point{'s' if n != 1 else ''}",
    )[part]
    return f"Take {words} first"


def _tier(action: str) -> str:
    return f"Take the majority reward of tier {_number(action)}"


def _remove(action: str) -> str:
    company, _, column = action.removeprefix("remove post from ").rpartition(" column ")
    return f"Remove a {company.title()} post from base column {column}"


def label(view: MombasaView, action: str) -> str:
    """One action in words; its text if no rule words it (never expected)."""
    if action in FIXED:
        return FIXED[action]
    words = BY_VERB.get(action.split(" ", 1)[0])
    return words(view, action) if words else action


def labels(view: MombasaView, legal: Sequence[str]) -> dict[str, str]:
    return {action: label(view, action) for action in legal}


# ---- questions --------------------------------------------------------------------------


def empty_slots(view: MombasaView) -> list[int]:
    """The seat's open action slots with no card in them (1-based)."""
    me = _me(view)
    if me is None:
        return []
    opened, slots = me.get("slots_open") or [], me.get("slots") or []
    return [k + 1 for k, (o, s) in enumerate(zip(opened, slots, strict=False)) if o and s is None]


def _counted(numbers: Sequence[int]) -> str:
    if len(numbers) == 1:
        return f"slot {numbers[0]}"
    return "slots " + ", ".join(str(n) for n in numbers[:-1]) + f" and {numbers[-1]}"


def confirm(view: MombasaView, action: str, legal: Sequence[str]) -> str | None:
    """Before "ready" (the plan is final once everyone is ready) and before ending
    one's action phase while other actions are still open."""
    if action == "ready" and view.get("phase") == "planning":
        empty = empty_slots(view)
        hand = _hand(view)
        if empty and hand:
            return (
                f"Ready with {_counted(empty)} empty? Once everyone is ready the plans are"
                " turned face up and yours cannot change."
            )
        return None
    if action.startswith("end taking deck") and view.get("pending") is None:
        others = [a for a in legal if not a.startswith("end taking deck")]
        if others:
            return (
                f"End your action phase? You could still take {len(others)} other"
                f" action{'s' if len(others) != 1 else ''} this round."
            )
    return None


def plays_itself(view: MombasaView, action: str) -> bool:
    """Never "ready" (it reveals the plan) nor the end of one's action phase."""
    return action != "ready" and not action.startswith("end taking deck")


# ---- controls -----------------------------------------------------------------------------


def controls(view: MombasaView, legal: Sequence[str]) -> list[Control]:
    """The decision's entries; the plan as a draft (see the module)."""
    words = labels(view, legal)
    if view.get("phase") == "planning" and "ready" in legal:
        return [plan_entry(view, legal, words)]
    groups: dict[str, list[str]] = {}
    for action in legal:
        groups.setdefault(_group(action), []).append(action)
    entries = []
    for heading, actions in groups.items():
        options = [option(a, words[a], _sub_group(a) if len(actions) > 12 else "") for a in actions]
        if heading in BOARD_GROUPS:
            entries.append(board_control(heading, options))
        else:
            entries.append(choice_control(heading if len(actions) > 1 else "", options))
    return entries


# Decisions made by tapping the board (their list folded beside it): the regions, the
# bonus spaces and the bookkeeping spaces each glow where they may be chosen.
BOARD_GROUPS = frozenset(
    ("Trading posts: choose a region", "Bonus markers: choose a space", "Shelve a book")
)


def _group(action: str) -> str:
    verb = action.split(" ", 1)[0]
    return {
        "buy": "Buy a card",
        "advance": "Advance on a track",
        "enter": "Trading posts: choose a region",
        "place": "Bonus markers: choose a space",
        "end": "End my action phase",
        "take": "Books and rewards",
        "plan": "Plan",
        "keep": "Starting tile",
        "rest": "Rest a starting card",
        "use": "Use cards",
        "add": "Goods cards for this action",
        "discard": "Discard a card",
        "remove": "Remove a trading post",
        "return": "Send the post home",
        "flip": "Bookkeeper: flip a book",
        "shelve": "Shelve a book",
        "boost": "Track step",
        "collect": "Rewards: which first",
        "attach": "+1 tile",
    }.get(verb, "")


def _sub_group(action: str) -> str:
    if action.startswith("enter "):
        return "from column " + action.rsplit(" ", 1)[-1]
    return action.split(" ")[-1]


def plan_entry(view: MombasaView, legal: Sequence[str], words: dict[str, str]) -> Control:
    """The draft: the open empty slots, the hand's playable cards (with how many of
    each), the text of a plan action, and every legal action of the decision (the
    plans and "ready", which the draft alone sends)."""
    plans = [a for a in legal if a.startswith("plan ")]
    faces = Counter(a.removeprefix("plan ").rpartition(" in slot ")[0] for a in plans)
    slots = sorted({int(a.rsplit(" ", 1)[-1]) for a in plans})
    hand = Counter(_hand(view))
    return {
        "kind": "plan",
        "heading": "Your plan (secret until everyone is ready)",
        "help": "Put cards into your slots and move them around as you like: nothing is"
        " sent until you press Ready.",
        "slots": [{"slot": k, "label": f"Slot {k}"} for k in slots],
        "cards": [{"face": f, "label": card(f), "count": hand.get(f, 1)} for f in sorted(faces)],
        "template": "plan {card} in slot {slot}",
        "ready": "ready",
        "ready_label": words["ready"],
        "question": "Ready with {empty} empty? Once everyone is ready the plans are turned"
        " face up and yours cannot change.",
        "options": [option(a, words[a]) for a in legal],
    }
