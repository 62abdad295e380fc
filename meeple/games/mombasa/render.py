"""A view as terminal text in at most 78 columns: the round, the companies and
their tracks, the map's regions, the card and book displays, the bonus spaces,
each player's board (action slots, resting decks, diamonds, bookkeeping) and the
viewer's own hand, the decision being taken, and a legend of every abbreviation;
plus the terminal's compact status, legend and colours (``TERMINAL``).

Everything comes from the view, in the game's words: a seat sees others' hands
as a count and their face-down plans as "face down".
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence

from meeple.engine.terminal import Highlight, Terminal, fit
from meeple.games.mombasa.board import BOARD, DIAMOND_TRACK
from meeple.games.mombasa.view import (
    SCORE_KEYS,
    EngineView,
    FinalRow,
    MombasaView,
    Planned,
    PlayerView,
    Requirement,
    Reward,
    TrackView,
    kind_and_count,
    typed,
)

WIDTH = 78
COMPANY_TITLES = ("Mombasa", "Cape Town", "Saint-Louis", "Cairo")
SEAT_COLOURS = {"Blue": "#2f6fd0", "Green": "#2e9d4a", "Yellow": "#d4a20c", "Purple": "#8b4fc4"}
COMPANY_COLOURS = ("#b03a2e", "#2471a3", "#1e8449", "#ca6f1e")
GOODS_COLOURS = {"coffee": "#8d5a3b", "bananas": "#c9a800", "cotton": "#9e9e9e"}
PHASES = {
    "draft": "choosing starting tiles",
    "resting": "resting the starting cards",
    "planning": "planning phase",
    "action": "action phase",
    "over": "the game is over",
}
REQUIREMENTS = {"any": "one good", "merchant_or_bookkeeper": "merchant or bookkeeper"}
LEGEND = (
    ("£", "pounds"),
    ("BP", "bookkeeping points"),
    ("m1, m2", "a region's diamond mines"),
    ("[Cairo]", "the company with a trading post in the region"),
    ("posts 5/3/5", "trading posts left in a company's base columns 1, 2 and 3"),
    ("Blue space 3, 1 share", "a player's space on a company track, its shares there"),
    ("-£2 / +£3", "a track space's capital call / a special space's pounds"),
    ("A, B, C", "a book's letter (its pile)"),
)


def render_text(view: MombasaView) -> str:
    lines = _round(view)
    lines += ["", *_companies(view)]
    lines += ["", *_regions(view)]
    lines += ["", *_displays(view)]
    for player in view["players"]:
        lines += ["", *_player(view, player)]
    lines += _pending(view)
    if view["final"]:
        lines += ["", *_final(view["players"], view["final"])]
    lines += ["", *legend_lines()]
    return "\n".join(within_width(lines))


def within_width(lines: Sequence[str]) -> list[str]:
    """Every line of at most ``WIDTH`` characters: a longer one (a long resting
    deck, a book's needs) goes on under itself, indented."""
    out: list[str] = []
    for line in lines:
        if len(line) <= WIDTH:
            out.append(line)
            continue
        indent = " " * (len(line) - len(line.lstrip()) + 2)
        out += textwrap.wrap(line, WIDTH, subsequent_indent=indent, break_on_hyphens=False)
    return out


def labelled(label: str, items: Sequence[str]) -> list[str]:
    """``items`` after ``label`` in lines of at most ``WIDTH`` characters."""
    if not items:
        return [f"  {label} none"]
    first = f"{label} {items[0]}"
    if len(first) + 2 > WIDTH:
        return [f"  {label}", *fit(items, WIDTH, "    ")]
    return fit([first, *items[1:]], WIDTH)


def legend_lines() -> list[str]:
    return ["Legend:", *fit([f"{symbol}: {meaning}" for symbol, meaning in LEGEND], WIDTH)]


def _names(view: MombasaView) -> list[str]:
    return [str(p["name"]) for p in view["players"]]


def _round(view: MombasaView) -> list[str]:
    names = _names(view)
    head = (
        f"Mombasa, round {view['round']} of 7, {PHASES.get(view['phase'], view['phase'])};"
        f" first player {names[view['first_player']]}"
    )
    coins = [f"round {r + 2} £{c}" for r, c in enumerate(view["round_track"]) if c]
    stack = ", ".join(f"{k} {v}" for k, v in view["stack"].items())
    books = ", ".join(f"{k} {v}" for k, v in view["book_supply"].items())
    items = [
        "coins on the round track: " + (", ".join(coins) or "none"),
        f"card stack: {stack}",
        f"book piles: {books}",
    ]
    return [head, *fit(items, WIDTH, "")]


def _companies(view: MombasaView) -> list[str]:
    lines = ["Companies (share value = coins uncovered on the company's track):"]
    holders = view["bonus_spaces"]
    names = _names(view)
    for c, (company, track) in enumerate(zip(view["companies"], view["tracks"], strict=True)):
        title = COMPANY_TITLES[c]
        posts = "/".join(str(n) for n in company["base_columns"])
        spaces = [f"{company['name']} bonus {k + 1}" for k in range(2)]
        held = [(k, holders.get(space)) for k, space in enumerate(spaces)]
        bonus = [f"bonus {k + 1}: {names[seat]}" for k, seat in held if seat is not None]
        lines.append(
            f"  {title:12} share value {company['share_value']:2}  posts {posts}"
            f"  track {track['face']} (bonus: {track['bonus']})"
        )
        lines += fit([_track_line(track), *bonus], WIDTH, "    ")
        players = [
            f"{p['name']} space {p['tracks'][c]}, {_plural(p['track_shares'][c], 'share')}"
            for p in view["players"]
        ]
        lines += fit(players, WIDTH, "    ")
    return lines


def _track_line(track: TrackView) -> str:
    """The track's spaces as shares, with capital calls and special spaces."""
    calls = {int(k): int(v) for k, v in track["calls"].items()}
    specials = {int(s): int(p) for s, p in track["specials"]}
    spaces = []
    for space, share in enumerate(track["shares"]):
        mark = f"-£{calls[space]}" if space in calls else ""
        mark = f"+£{specials[space]}" if space in specials else mark
        spaces.append(f"{share}{mark}")
    return "shares by space: " + " ".join(spaces)


def _regions(view: MombasaView) -> list[str]:
    items = []
    for region in view["regions"]:
        reward = _reward(region["reward"], short=True)
        mines = f" m{region['mines']}" if region["mines"] else ""
        owner = region["company"]
        holder = f" [{COMPANY_TITLES[_company_index(owner)]}]" if owner else ""
        items.append(f"{region['name']} {reward}{mines}{holder}")
    return ["Regions (reward, mines, trading post):", *fit(items, WIDTH)]


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _company_index(name: str) -> int:
    return [t.lower() for t in COMPANY_TITLES].index(name)


def _reward(reward: Reward | None, short: bool = False) -> str:
    if not reward:
        return "no reward"
    kind, n = kind_and_count(reward)
    words = {
        "pounds": f"£{n}",
        "bp": f"BP {n}" if short else f"{n} BP",
        "diamond": f"diamond +{n}",
        "track": f"track +{n}",
        "remove": f"remove {n} post{'s' if n != 1 else ''}",
        "cotton_money": "cotton money",
    }
    return words.get(kind, f"{kind} {n}")


def _needs(requires: Sequence[Requirement]) -> str:
    return " + ".join(_need(*kind_and_count(need)) for need in requires)


def _need(kind: str, n: int) -> str:
    if kind == "merchant_or_bookkeeper":
        return REQUIREMENTS[kind]
    if kind == "coffee_and_one_good":  # n coffee and n more units of one good
        return f"coffee {n} + {n} more of one good"
    return f"{REQUIREMENTS.get(kind, kind)} {n}"


def _displays(view: MombasaView) -> list[str]:
    cards = [
        f"{n + 1} {space['card']} £{space['price']}" if space else f"{n + 1} empty"
        for n, space in enumerate(view["display"])
    ]
    books = []
    for n, space in enumerate(view["book_display"]):
        book = space["book"]
        if not book:
            books.append(f"{n + 1} empty")
            continue
        coins = f" +£{space['coins']}" if space["coins"] else ""
        books.append(
            f"{n + 1} {book['letter']} needs {_needs(book['requires'])}"
            f" gives {_reward(book['reward'])}{coins}"
        )
    names = _names(view)
    taken = [
        f"{name}: {names[seat]}"
        for name, seat in view["bonus_spaces"].items()
        if seat is not None and " bonus " not in name
    ]
    tiles = [
        f"{t['tile']} tile: {names[t['held_by']]}{' (used)' if t['used'] else ''}"
        for t in view["bonus_tiles"]
        if t["held_by"] is not None
    ]
    return [
        "Card display (space, card, price):",
        *fit(cards, WIDTH),
        "Book display (space, book, what it needs and gives, coins on it):",
        *fit(books, WIDTH),
        "Bonus markers on the board: " + ("none" if not taken else ""),
        *fit(taken, WIDTH),
        *(["Bonus tiles:", *fit(tiles, WIDTH)] if tiles else []),
    ]


def _player(view: MombasaView, player: PlayerView) -> list[str]:
    mine = view["seat"] == player["seat"]
    status = []
    if player.get("ended"):
        status.append("phase ended")
    if player.get("ready") and view["phase"] == "planning":
        status.append("planned")
    ink = player["ink_jar"]
    lines = [
        f"{player['name']}{' (you)' if mine else ''}: £{player['cash']},"
        f" {player['bonus_markers']} of {player['bonus_markers_owned']} bonus markers"
        + (f" ({', '.join(status)})" if status else ""),
        f"  diamond space {player['diamond']},"
        f" ink jar {'on the start space' if ink == 0 else f'on space {ink}'}",
    ]
    lines += labelled("action slots:", _slots(player))
    decks = [
        f"deck {d + 1}: {', '.join(deck) or 'empty'}"
        for d, deck in enumerate(player["resting_decks"])
    ]
    lines += labelled("resting decks:", decks)
    books = [
        f"{n + 1} {b['letter']} {'flipped' if b['flipped'] else _needs(b['requires']) or 'start'}"
        for n, b in enumerate(player["bookkeeping"])
        if b
    ]
    lines += labelled("bookkeeping:", books)
    dealt = player.get("dealt_tiles")
    if dealt:
        lines += labelled("starting tiles to choose:", [tile_words(t) for t in dealt])
    if player["hand"] is not None:
        lines += labelled("your hand:", player["hand"])
    else:
        lines.append(f"  hand: {_plural(player['hand_size'], 'card')} (hidden)")
    return lines


def _slots(player: Planned) -> list[str]:
    out = []
    for k, slot in enumerate(player["slots"]):
        if not player["slots_open"][k]:
            out.append(f"{k + 1} locked")
        elif slot is None:
            out.append(f"{k + 1} empty")
        elif slot["card"] is None:
            out.append(f"{k + 1} face down")
        else:
            plus = " (+1 tile)" if player["plus_one_on"] == k + 1 else ""
            out.append(f"{k + 1} {slot['card']}{' (used)' if slot['used'] else ''}{plus}")
    return out


def tile_words(tile: int) -> str:
    """Starting tile ``tile`` (numbered from 1): its three cards and its bonus."""
    data = BOARD.tiles[tile - 1]
    bonus = ", ".join(
        f"diamonds +{n}" if track == DIAMOND_TRACK else f"{COMPANY_TITLES[track]} +{n}"
        for track, n in data.bonus
    )
    return f"tile {tile}: {', '.join(data.cards)}; {bonus}"


# The decision being taken, from the view's task name and values (rules/tasks.py).
PENDING_DETAILS = {
    "goods: spend units": lambda v: f"{_plural(v[0], 'unit')} to spend",
    "expansion": lambda v: f"{COMPANY_TITLES[v[0]]}, {_plural(v[1], 'expansion point')} left",
    "capital call": lambda v: f"{COMPANY_TITLES[v[0]]}: pay the capital call or decline",
    "bookkeeping points": lambda v: f"{v[0]} BP to spend",
    "remove trading posts": lambda v: f"{_plural(v[0], 'trading post')} to remove",
    "return an ousted trading post": lambda v: f"a {COMPANY_TITLES[v[0]]} post goes home",
    "rewards: which first": lambda v: _reward_parts(v),
    "move on each other track": lambda v: (
        f"{v[0]} steps on "
        + ", ".join(COMPANY_TITLES[c] for c in range(4) if v[1] >> c & 1)
        + ": which first"
    ),
}


def _reward_parts(values: list[int]) -> str:
    """A reward's parts left to take ("REWARDS": company, pounds, diamond, steps, BP)."""
    company, pounds, diamond, steps, bp = values[:5]
    parts = [
        f"£{pounds}" if pounds else "",
        _plural(diamond, "diamond step") if diamond else "",
        f"{_plural(steps, 'step')} on {COMPANY_TITLES[company]}" if steps else "",
        f"{bp} BP" if bp else "",
    ]
    return ", ".join(p for p in parts if p) + " in the order you like"


def pending_words(view: MombasaView) -> str | None:
    """ "Blue decides: expansion (Cairo, 3 expansion points left)", or None."""
    pending = view.get("pending")
    if not pending:
        return None
    names = _names(view)
    actor = view.get("actor")
    who = names[actor] if isinstance(actor, int) and actor < len(names) else "the player"
    decision = str(pending["decision"])
    values = [v for v in pending.get("values", []) if isinstance(v, int)]
    detail = PENDING_DETAILS.get(decision)
    line = f"{who} decides: {decision}"
    if detail is not None and values:
        line += f" ({detail(values)})"
    books = pending.get("books_to_place") or []
    if books:
        line += "; books to place: " + ", ".join(
            f"{b['letter']} {_needs(b['requires'])}" for b in books
        )
    return line


def _pending(view: MombasaView) -> list[str]:
    line = pending_words(view)
    return ["", *fit([f"Now {line}"], WIDTH, "")] if line else []


def _final(players: list[PlayerView], final: list[FinalRow]) -> list[str]:
    keys = SCORE_KEYS[:-1]  # the total apart
    lines = ["Final scores (pounds):"]
    for player, row in zip(players, final, strict=True):
        parts = ", ".join(f"{key} {row[key]}" for key in keys)
        lines += fit([f"{player['name']} {row['total']}: {parts}"], WIDTH)
    return lines


def status(view: MombasaView, board: str) -> str:
    """The round line, the decision being taken, and the viewer's own slots and hand."""
    lines = [board.split("\n", 1)[0], *(line for line in _pending(view) if line)]
    seat = view.get("seat")
    if isinstance(seat, int):
        player = view["players"][seat]
        lines += labelled("your slots:", _slots(player))
        if player["hand"] is not None:
            lines += labelled("your hand:", player["hand"])
    return "\n".join(within_width(lines))


class MombasaTerminal(Terminal):
    """The full board once, then a status of a few lines; the legend; seats,
    companies and goods in their colours."""

    def status(self, view: EngineView, board: str) -> str:
        return status(typed(view), board)  # JSON edge

    def legend(self, view: EngineView) -> tuple[tuple[str, str], ...]:
        return LEGEND

    def highlights(self, view: EngineView) -> tuple[Highlight, ...]:
        seats = tuple(
            Highlight(rf"\b{name}\b", colour, True) for name, colour in SEAT_COLOURS.items()
        )
        companies = tuple(
            Highlight(rf"\b{title}\b", colour)
            for title, colour in zip(COMPANY_TITLES, COMPANY_COLOURS, strict=True)
        )
        goods = tuple(Highlight(rf"\b{good}\b", colour) for good, colour in GOODS_COLOURS.items())
        return seats + companies + goods

    def examples(self, view: EngineView) -> tuple[str, ...]:
        return (
            "plan coffee 2 in slot 1",
            "use coffee",
            "buy card 3",
            "advance cairo",
            "enter kivu from column 1",
            "place marker on first player",
            "end taking deck 2",
        )


TERMINAL = MombasaTerminal()
