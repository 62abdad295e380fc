"""Mombasa's fixed action space: every action text the game can ever offer.

Each group's first word is a verb the UI can group by: keep (a starting tile), rest,
plan, ready, use, add, total, buy, advance, forfeit, expand, enter, stop, pay,
decline, flip, move, place, take, shelve, return, remove, discard, skip, boost,
attach, end, collect. Cards in the hand are named by their face ("coffee 2"), cards in the
action area by their slot ("slot 3", or the bonus tile beside the slots). The
indices never depend on the config.
"""

from __future__ import annotations

from meeple.engine import ActionSpace
from meeple.games.mombasa.board import BOARD, COMPANIES, GOODS, SHARE
from meeple.games.mombasa.state import BOARD_SPACES, DECKS, SLOTS

PLAYABLE_FACES = tuple(sorted({card.face for card in BOARD.cards if card.kind != SHARE}))
ALL_FACES = tuple(sorted({card.face for card in BOARD.cards}))
REGION_NAMES = tuple(region.name.lower() for region in BOARD.regions)
DISPLAY_SPACES = 12
BOOK_SPACES = 12


def space_name(space: int) -> str:
    """A bonus space in words: the board's eleven, then '<company> bonus <k>'."""
    if space < len(BOARD_SPACES):
        return BOARD_SPACES[space]
    extra = space - len(BOARD_SPACES)
    return f"{COMPANIES[extra // 2]} bonus {extra % 2 + 1}"


def source_name(source: int) -> str:
    return "tile" if source == SLOTS else f"slot {source + 1}"


def _entries() -> list[tuple[str, tuple[int | str, ...], str]]:
    out: list[tuple[str, tuple[int | str, ...], str]] = []
    out += [("keep", (t,), f"keep tile {t + 1}") for t in range(len(BOARD.tiles))]
    out += [("rest", (f,), f"rest {face}") for f, face in enumerate(PLAYABLE_FACES)]
    for f, face in enumerate(PLAYABLE_FACES):
        out += [("plan", (f, k), f"plan {face} in slot {k + 1}") for k in range(SLOTS)]
    out.append(("ready", (), "ready"))
    out += [("use_goods", (g,), f"use {good}") for g, good in enumerate(GOODS)]
    out += [("add", (k,), f"add slot {k + 1}") for k in range(SLOTS)]
    out.append(("total", (), "total units"))
    out += [("buy", (n,), f"buy card {n + 1}") for n in range(DISPLAY_SPACES)]
    out += [("advance", (c,), f"advance {name}") for c, name in enumerate(COMPANIES)]
    out.append(("forfeit", (), "forfeit units"))
    out += [("expand", (c,), f"expand {name}") for c, name in enumerate(COMPANIES)]
    for r, region in enumerate(REGION_NAMES):
        out += [("enter", (r, k), f"enter {region} from column {k + 1}") for k in range(3)]
    out.append(("stop_expanding", (), "stop expanding"))
    out.append(("pay_call", (), "pay capital call"))
    out.append(("decline_call", (), "decline capital call"))
    for kind in ("bookkeeper", "merchant"):
        out += [
            (f"use_{kind}", (s,), f"use {kind} in {source_name(s)}".replace("in tile", "tile"))
            for s in range(SLOTS + 1)
        ]
    out += [("flip_book", (s,), f"flip book on space {s}") for s in range(1, BOARD.book_length + 1)]
    out.append(("move_ink", (), "move ink jar"))
    out.append(("stop_ink", (), "stop ink jar"))
    out += [
        ("place", (s,), f"place marker on {space_name(s)}") for s in range(len(BOARD_SPACES) + 8)
    ]
    out += [("tier", (t,), f"take tier {t + 1}") for t in range(3)]
    out += [("take_book", (n,), f"take book {n + 1}") for n in range(BOOK_SPACES)]
    out.append(("take_pound", (), "take pound"))
    out.append(("bp_diamond", (1, 2), "take 1 bp and 2 diamond steps"))
    out.append(("bp_diamond", (2, 1), "take 2 bp and 1 diamond step"))
    out += [("shelve", (s,), f"shelve book on space {s}") for s in range(1, BOARD.book_length + 1)]
    out += [("return_post", (k,), f"return post to column {k + 1}") for k in range(3)]
    for c, name in enumerate(COMPANIES):
        out += [
            ("remove_post", (c, k), f"remove post from {name} column {k + 1}") for k in range(3)
        ]
    out += [("discard", (f,), f"discard {face}") for f, face in enumerate(ALL_FACES)]
    out.append(("skip", (), "skip purchase"))
    out += [("boost", (c,), f"boost {name}") for c, name in enumerate(COMPANIES)]
    out += [("attach", (k,), f"attach plus-one to slot {k + 1}") for k in range(SLOTS)]
    out += [("end", (d,), f"end taking deck {d + 1}") for d in range(DECKS)]
    out += [("collect", (p,), f"collect {part}") for p, part in enumerate(REWARD_PARTS)]
    return out


REWARD_PARTS = ("pounds", "diamond steps", "track steps", "bookkeeping points")
"""The parts of a reward the player orders (``rules.tasks.REWARDS``), in its fields' order."""


SPACE = ActionSpace(_entries())


def index(kind: str, *args: int) -> int:
    return SPACE.index(kind, *args)


# Fast tables for the rules (index lookups without building tuples per call).
KEEP = tuple(index("keep", t) for t in range(len(BOARD.tiles)))
REST_FACE = {face: index("rest", f) for f, face in enumerate(PLAYABLE_FACES)}
PLAN = tuple(tuple(index("plan", f, k) for k in range(SLOTS)) for f in range(len(PLAYABLE_FACES)))
READY = index("ready")
USE_GOODS = tuple(index("use_goods", g) for g in range(3))
ADD = tuple(index("add", k) for k in range(SLOTS))
TOTAL = index("total")
BUY = tuple(index("buy", n) for n in range(DISPLAY_SPACES))
ADVANCE = tuple(index("advance", c) for c in range(4))
FORFEIT = index("forfeit")
EXPAND = tuple(index("expand", c) for c in range(4))
ENTER = tuple(tuple(index("enter", r, k) for k in range(3)) for r in range(len(REGION_NAMES)))
STOP_EXPANDING = index("stop_expanding")
PAY_CALL = index("pay_call")
DECLINE_CALL = index("decline_call")
USE_BOOKKEEPER = tuple(index("use_bookkeeper", s) for s in range(SLOTS + 1))
USE_MERCHANT = tuple(index("use_merchant", s) for s in range(SLOTS + 1))
FLIP_BOOK = (-1, *(index("flip_book", s) for s in range(1, BOARD.book_length + 1)))
MOVE_INK = index("move_ink")
STOP_INK = index("stop_ink")
PLACE = tuple(index("place", s) for s in range(len(BOARD_SPACES) + 8))
TIER = tuple(index("tier", t) for t in range(3))
TAKE_BOOK = tuple(index("take_book", n) for n in range(BOOK_SPACES))
TAKE_POUND = index("take_pound")
BP_DIAMOND = (index("bp_diamond", 1, 2), index("bp_diamond", 2, 1))
SHELVE = (-1, *(index("shelve", s) for s in range(1, BOARD.book_length + 1)))
RETURN_POST = tuple(index("return_post", k) for k in range(3))
REMOVE_POST = tuple(tuple(index("remove_post", c, k) for k in range(3)) for c in range(4))
DISCARD = tuple(index("discard", f) for f in range(len(ALL_FACES)))
SKIP = index("skip")
BOOST = tuple(index("boost", c) for c in range(4))
ATTACH = tuple(index("attach", k) for k in range(SLOTS))
END = tuple(index("end", d) for d in range(DECKS))
COLLECT = tuple(index("collect", p) for p in range(len(REWARD_PARTS)))

# Per card id: its face's index in PLAYABLE_FACES (-1 for share cards) and ALL_FACES.
PLAN_FACE = tuple(
    PLAYABLE_FACES.index(card.face) if card.face in PLAYABLE_FACES else -1 for card in BOARD.cards
)
ANY_FACE = tuple(ALL_FACES.index(card.face) for card in BOARD.cards)
PLAN_MASK = tuple(
    sum(1 << c for c in range(len(BOARD.cards)) if PLAN_FACE[c] == f)
    for f in range(len(PLAYABLE_FACES))
)
