"""Mombasa's board as SVG, drawn from a view alone (what the browser client shows).

Two layers. The board layer depends only on the game's data and the number of
players (the server draws it once per config): the map's regions with their
rewards and mines, and the frames of the displays, the companies and the player
boards. The overlay draws one state on top: trading posts, base columns, track
markers, the card and book displays, bonus markers, the round track and each
player's board (slots, resting decks, diamond and bookkeeping tracks, and the
hand, which only its owner's view contains).

Elements a player can point at carry ``data-target`` (a phrase: the web client
offers the legal actions whose text names it, "cairo" offers "advance cairo" and
"expand cairo") or ``data-action`` (one exact action). Everything drawn comes
from the view, so a seat sees only what its view shows: others' hands appear as
a count and their face-down plans as backs.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape
from typing import Any

from meeple.engine import Presentation
from meeple.games.mombasa.board import BOARD, COMPANIES, GOODS

JSON = dict[str, Any]

WIDTH = 1240
MAP_X, MAP_Y = 20, 60
CELL_W, CELL_H = 112, 74
REGION_W, REGION_H = 104, 62
RIGHT_X = 630
DISPLAY_Y = 60
CARD_W, CARD_H = 124, 40
BOOKS_Y = 270
BOOK_W, BOOK_H = 96, 52
SPACES_Y = 410
COMPANY_Y = 470
COMPANY_H = 62
TRACK_X = 260
TRACK_STEP = 29
PLAYERS_Y = COMPANY_Y + 4 * COMPANY_H + 20
PLAYER_W, PLAYER_H = 605, 318

SEAT_COLOURS = ("#2f6fd0", "#2e9d4a", "#e0b21a", "#8b4fc4")
COMPANY_COLOURS = ("#c0392b", "#2c7fb8", "#27ae60", "#d68910")
KIND_COLOURS = {
    "coffee": "#8d5a3b",
    "bananas": "#f1d44c",
    "cotton": "#f4f4f4",
    "expansion": "#c9a66b",
    "bookkeeper": "#7fb3d5",
    "merchant": "#b39ddb",
    "share": "#d5dbdb",
}
REWARD_WORDS = {"pounds": "£", "diamond": "◆", "track": "track +", "bp": "BP "}
BOARD_BONUS_SPACES = (
    "coffee majority",
    "bananas majority",
    "cotton majority",
    "expansion majority",
    "plus-one tile",
    "bookkeeper tile",
    "merchant tile",
    "expansion tile",
    "first player",
    "card purchase",
    "card removal",
)
BACKGROUND = "#f6efe0"
SECRET_PHASES = {"draft": "choosing a tile", "resting": "resting cards", "planning": "planning"}


# ---- small drawing helpers ---------------------------------------------------------


def _text(x: float, y: float, words: object, size: int = 11, **attrs: str) -> str:
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    return f'<text x="{x:.0f}" y="{y:.0f}" font-size="{size}"{extra}>{escape(str(words))}</text>'


def _rect(x: float, y: float, w: float, h: float, fill: str, **attrs: str) -> str:
    extra = "".join(f' {k.rstrip("_").replace("_", "-")}="{escape(v)}"' for k, v in attrs.items())
    return (
        f'<rect x="{x:.0f}" y="{y:.0f}" width="{w:.0f}" height="{h:.0f}" fill="{fill}"'
        f' stroke="#6b5b3e" stroke-width="1" rx="3"{extra}/>'
    )


def _target(phrase: str, body: str, title: str = "") -> str:
    """A group the client offers the legal actions naming ``phrase`` for."""
    tip = f"<title>{escape(title)}</title>" if title else ""
    return f'<g data-target="{escape(phrase.lower())}">{tip}{body}</g>'


def _action(action: str, body: str) -> str:
    """A group offering exactly one action."""
    return f'<g data-action="{escape(action)}"><title>{escape(action)}</title>{body}</g>'


def _card_fill(face: str | None) -> str:
    if not face:
        return "#5d4e37"  # a card's back
    return KIND_COLOURS.get(face.split()[0], "#ddd")


def _seat_colour(seat: int) -> str:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)]


def _height(players: int) -> int:
    return PLAYERS_Y + ((players + 1) // 2) * (PLAYER_H + 10) + 10


def _player_origin(seat: int) -> tuple[int, int]:
    return 15 + (seat % 2) * (PLAYER_W + 15), PLAYERS_Y + (seat // 2) * (PLAYER_H + 10)


def _region_centre(region: int) -> tuple[float, float]:
    """A region's centre; the two enclaves sit in the corner of the region around them."""
    x, y = BOARD.regions[region].at
    cx = MAP_X + x * CELL_W + REGION_W / 2
    cy = MAP_Y + y * CELL_H + REGION_H / 2
    if _enclosing(region) is not None:
        return cx + 30, cy + 14
    return cx, cy


def _enclosing(region: int) -> int | None:
    """The region around an enclave (the one drawn at the same place, earlier), or None."""
    at = BOARD.regions[region].at
    for other in range(region):
        if BOARD.regions[other].at == at:
            return other
    return None


def _reward_words(reward: Sequence[Any] | None) -> str:
    if not reward:
        return "no reward"
    kind, amount = str(reward[0]), int(reward[1])
    return f"{REWARD_WORDS.get(kind, kind + ' ')}{amount}"


# ---- the board layer -----------------------------------------------------------------


def render_board(players: int) -> str:
    """The unchanging layer: background, regions with rewards and mines, frames."""
    height = _height(players)
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {height}"'
        ' class="board mombasa" role="img" aria-label="Mombasa board"'
        ' font-family="sans-serif">',
        f'<rect x="0" y="0" width="{WIDTH}" height="{height}" fill="{BACKGROUND}"/>',
        '<g class="layer map">',
        _text(MAP_X, MAP_Y - 8, "Africa: regions (click one to enter it)", 12, font_weight="bold"),
    ]
    parts.extend(_region(r) for r in range(len(BOARD.regions)))
    parts.append("</g>")
    parts.append('<g class="layer frames">')
    parts.append(_text(RIGHT_X, DISPLAY_Y - 8, "Card display (price)", 12, font_weight="bold"))
    parts.append(_text(RIGHT_X, BOOKS_Y - 8, "Book display", 12, font_weight="bold"))
    parts.append(_text(RIGHT_X, SPACES_Y - 8, "Bonus spaces", 12, font_weight="bold"))
    parts.append(
        _text(
            20, COMPANY_Y - 6, "Companies: base columns, share value, track", 12, font_weight="bold"
        )
    )
    for seat in range(players):
        x, y = _player_origin(seat)
        parts.append(_rect(x, y, PLAYER_W, PLAYER_H, "#fbf7ee", class_="player-board"))
    parts.append("</g></svg>")
    return "\n".join(parts)


def _region(region: int) -> str:
    data = BOARD.regions[region]
    cx, cy = _region_centre(region)
    if _enclosing(region) is not None:
        shape = (
            f'<circle cx="{cx:.0f}" cy="{cy:.0f}" r="17" fill="#f3e2b3" stroke="#6b5b3e"'
            ' stroke-dasharray="3 2"/>'
        )
        label = _text(cx, cy + 3, data.name[:6], 8, text_anchor="middle")
    else:
        shape = _rect(cx - REGION_W / 2, cy - REGION_H / 2, REGION_W, REGION_H, "#ead9b5")
        label = _text(cx - REGION_W / 2 + 5, cy - REGION_H / 2 + 13, data.name, 11)
    reward = _reward_words(data.reward)
    details = ""
    if _enclosing(region) is None:
        details = _text(cx - REGION_W / 2 + 5, cy + 12, reward, 10)
        for m in range(data.mines):
            mx = cx + REGION_W / 2 - 10 - 12 * m
            details += (
                f'<polygon points="{mx - 5:.0f},{cy + 24:.0f} {mx + 5:.0f},{cy + 24:.0f}'
                f' {mx:.0f},{cy + 15:.0f}" fill="#555" class="mine"/>'
            )
    title = f"{data.name}: {reward}, {data.mines} mine{'s' if data.mines != 1 else ''}"
    return _target(data.name, shape + label + details, title)


# ---- the overlay ---------------------------------------------------------------------


def render_overlay(view: JSON) -> str:
    """What one state puts on the board, from ``view`` alone."""
    parts: list[str] = [_header(view)]
    parts.extend(_posts(view))
    parts.extend(_card_display(view))
    parts.extend(_book_display(view))
    parts.extend(_bonus_spaces(view))
    parts.extend(_companies(view))
    for player in view.get("players", []):
        parts.extend(_player_board(view, player))
    return "\n".join(parts)


def _header(view: JSON) -> str:
    names = [str(p.get("name", "")) for p in view.get("players", [])]
    first = view.get("first_player")
    who = names[first] if isinstance(first, int) and first < len(names) else "-"
    coins = view.get("round_track") or []
    track = " ".join(f"r{r + 2} £{int(c)}" for r, c in enumerate(coins))
    stack = ", ".join(f"{k} {v}" for k, v in (view.get("stack") or {}).items())
    supply = ", ".join(f"{k} {v}" for k, v in (view.get("book_supply") or {}).items())
    line = (
        f"Round {view.get('round')} of 7 · {view.get('phase')} · first player {who}"
        f" · round track {track or '-'} · stack {stack} · books {supply}"
    )
    return _text(20, 24, line, 13, font_weight="bold", class_="header")


def _posts(view: JSON) -> list[str]:
    """A trading post (the company's colour) on each region a company holds."""
    out = ['<g class="layer posts" pointer-events="none">']
    for r, region in enumerate(view.get("regions", [])):
        company = region.get("company")
        if company not in COMPANIES:
            continue
        cx, cy = _region_centre(r)
        colour = COMPANY_COLOURS[COMPANIES.index(company)]
        dx, dy = (0, -4) if _enclosing(r) is not None else (REGION_W / 2 - 14, -REGION_H / 2 + 12)
        out.append(
            f'<rect x="{cx + dx - 8:.0f}" y="{cy + dy - 8:.0f}" width="16" height="16"'
            f' fill="{colour}" stroke="#222" class="post"><title>{escape(str(company))}'
            "</title></rect>"
        )
    out.append("</g>")
    return out


def _card_display(view: JSON) -> list[str]:
    """Spaces 1-12: the right column top-down, then the middle, then the left; a
    click buys (``buy card n``)."""
    out = ['<g class="layer display">']
    for n, space in enumerate(view.get("display", [])):
        column, row = divmod(n, 4)
        x = RIGHT_X + (2 - column) * (CARD_W + 8)
        y = DISPLAY_Y + row * (CARD_H + 8)
        if space is None:
            body = _rect(x, y, CARD_W, CARD_H, "transparent", stroke_dasharray="4 3")
            out.append(_target(f"card {n + 1}", body, f"card {n + 1}: empty"))
            continue
        face, price = str(space["card"]), int(space["price"])
        body = (
            _rect(x, y, CARD_W, CARD_H, _card_fill(face))
            + _text(x + 4, y + 15, face, 9)
            + _text(x + CARD_W - 4, y + CARD_H - 6, f"£{price}", 12, text_anchor="end")
            + _text(x + 4, y + CARD_H - 6, f"#{n + 1}", 9, fill="#555")
        )
        out.append(_target(f"card {n + 1}", body, f"card {n + 1}: {face}, price {price}"))
    out.append("</g>")
    return out


def _book_display(view: JSON) -> list[str]:
    out = ['<g class="layer books">']
    for n, space in enumerate(view.get("book_display", [])):
        column, row = divmod(n, 2)
        x = RIGHT_X + column * (BOOK_W + 4)
        y = BOOKS_Y + row * (BOOK_H + 6)
        book = space.get("book") if space else None
        coins = int(space.get("coins", 0)) if space else 0
        if not book:
            out.append(_target(f"book {n + 1}", _rect(x, y, BOOK_W, BOOK_H, "transparent")))
            continue
        needs = " ".join(f"{k[:4]} {v}" for k, v in book.get("requires", [])) or "-"
        reward = _reward_words(book.get("reward"))
        body = (
            _rect(x, y, BOOK_W, BOOK_H, "#efe6cf")
            + _text(x + 4, y + 13, f"{book['letter']} · needs", 10)
            + _text(x + 4, y + 26, needs, 9)
            + _text(x + 4, y + 42, reward, 10)
            + (_text(x + BOOK_W - 4, y + 42, f"+£{coins}", 10, text_anchor="end") if coins else "")
        )
        title = f"book {n + 1}: {book['letter']}, needs {needs}, gives {reward}, {coins} coins"
        out.append(_target(f"book {n + 1}", body, title))
    out.append("</g>")
    return out


def _bonus_spaces(view: JSON) -> list[str]:
    """The board's bonus spaces with the marker on each; a click places a marker there.
    The bonus tiles' holders are written under their spaces."""
    spaces = view.get("bonus_spaces") or {}
    tiles = {str(t["tile"]) + " tile": t for t in view.get("bonus_tiles", [])}
    out = ['<g class="layer bonus-spaces">']
    for n, name in enumerate(BOARD_BONUS_SPACES):
        x = RIGHT_X + (n % 6) * 100
        y = SPACES_Y + (n // 6) * 28
        seat = spaces.get(name)
        body = _rect(x, y, 96, 24, "#e5d8bd") + _text(x + 4, y + 15, name, 9)
        if isinstance(seat, int):
            body += f'<circle cx="{x + 88}" cy="{y + 12}" r="6" fill="{_seat_colour(seat)}"/>'
        tile = tiles.get(name)
        title = name
        if tile is not None and tile.get("held_by") is not None:
            holder = int(tile["held_by"])
            title += f"; held by seat {holder + 1}" + (" (used)" if tile.get("used") else "")
            body += (
                f'<rect x="{x + 70}" y="{y + 17}" width="12" height="6"'
                f' fill="{_seat_colour(holder)}"/>'
            )
        out.append(_target(name, body, title))
    out.append("</g>")
    return out


def _companies(view: JSON) -> list[str]:
    """Per company: its base columns (posts left, a click there returns or removes a
    post or enters from it), share value, and its track with every player's marker."""
    tracks = view.get("tracks", [])
    spaces = view.get("bonus_spaces") or {}
    players = view.get("players", [])
    out = ['<g class="layer companies">']
    for c, company in enumerate(view.get("companies", [])):
        name = str(company["name"])
        y = COMPANY_Y + c * COMPANY_H
        colour = COMPANY_COLOURS[c]
        head = (
            _rect(20, y, 110, COMPANY_H - 8, colour)
            + _text(26, y + 18, name, 12, fill="#fff", font_weight="bold")
            + _text(26, y + 36, f"share value {company['share_value']}", 10, fill="#fff")
            + _text(26, y + 49, f"{company['regions']} regions", 9, fill="#fff")
        )
        out.append(_target(name, head, f"{name}: advance, expand or boost"))
        for k, posts in enumerate(company.get("base_columns", [])):
            out.append(_base_column(c, k, int(posts), y))
        if c < len(tracks):
            out.extend(_track(c, tracks[c], players, spaces, y))
    out.append("</g>")
    return out


def _base_column(company: int, column: int, posts: int, y: float) -> str:
    x = 138 + column * 38
    cells = []
    for slot in range(5):
        filled = slot < posts
        fill = COMPANY_COLOURS[company] if filled else "transparent"
        cells.append(
            f'<rect x="{x}" y="{y + 2 + slot * 10}" width="30" height="8" fill="{fill}"'
            ' stroke="#555" stroke-width="0.6"/>'
        )
    label = _text(x + 15, y + COMPANY_H - 6, f"col {column + 1}", 8, text_anchor="middle")
    title = f"{COMPANIES[company]} column {column + 1}: {posts} posts"
    return _target(f"{COMPANIES[company]} column {column + 1}", "".join(cells) + label, title)


def _track(company: int, track: JSON, players: list[JSON], spaces: JSON, y: float) -> list[str]:
    name = COMPANIES[company]
    shares: list[int] = list(track.get("shares", []))
    calls = {int(k): int(v) for k, v in (track.get("calls") or {}).items()}
    specials = {int(s): int(p) for s, p in track.get("specials", [])}
    out = []
    body = []
    for space, share in enumerate(shares):
        x = TRACK_X + space * TRACK_STEP
        fill = "#f7e9b0" if space in specials else "#fff"
        body.append(_rect(x, y + 4, TRACK_STEP - 3, 26, fill))
        body.append(_text(x + 3, y + 14, share, 9, fill="#333"))
        if space in calls:
            body.append(_text(x + 3, y + 27, f"-£{calls[space]}", 8, fill="#a00"))
        elif space in specials:
            body.append(_text(x + 3, y + 27, f"£{specials[space]}", 8, fill="#070"))
    out.append(
        _target(
            name,
            "".join(body),
            f"{name} track {track.get('face')}: shares per space, capital calls in red,"
            f" special spaces in yellow; bonus {track.get('bonus')}",
        )
    )
    markers = []
    for p in players:
        seat = int(p["seat"])
        at = int(p["tracks"][company])
        x = TRACK_X + at * TRACK_STEP + 4 + 5 * seat
        markers.append(
            f'<circle cx="{x}" cy="{y + 38 + (seat % 2) * 7}" r="4" fill="{_seat_colour(seat)}"'
            f' stroke="#222" stroke-width="0.6"><title>{escape(str(p["name"]))}: space {at}'
            "</title></circle>"
        )
    out.append(f'<g pointer-events="visiblePainted">{"".join(markers)}</g>')
    end_x = TRACK_X + len(shares) * TRACK_STEP + 6
    for k in range(2):
        bonus_space = f"{name} bonus {k + 1}"
        holder = spaces.get(bonus_space)
        box = _rect(end_x + k * 50, y + 4, 46, 26, "#e5d8bd") + _text(
            end_x + k * 50 + 4, y + 21, f"bonus {k + 1}", 9
        )
        if isinstance(holder, int):
            box += (
                f'<circle cx="{end_x + k * 50 + 40}" cy="{y + 10}" r="5"'
                f' fill="{_seat_colour(holder)}"/>'
            )
        out.append(_target(bonus_space, box, f"{bonus_space} ({track.get('bonus')})"))
    return out


# ---- a player's board ------------------------------------------------------------------


def _player_board(view: JSON, player: JSON) -> list[str]:
    seat = int(player["seat"])
    mine = view.get("seat") == seat
    x, y = _player_origin(seat)
    colour = _seat_colour(seat)
    shares = player.get("track_shares") or []
    heading = (
        f"{player.get('name')}: £{player.get('cash')} · markers {player.get('bonus_markers')}"
        f"/{player.get('bonus_markers_owned')} · shares "
        + " ".join(f"{COMPANIES[c][:4]} {s}" for c, s in enumerate(shares))
        + f" · hand {player.get('hand_size')}"
    )
    status = []
    if player.get("ready") and view.get("phase") == "planning":
        status.append("planned")
    if player.get("ended"):
        status.append("phase ended")
    out = [
        f'<g class="layer player seat-{seat}">',
        f'<rect x="{x}" y="{y}" width="{PLAYER_W}" height="6" fill="{colour}"/>',
        _text(x + 8, y + 22, heading + (f" · {', '.join(status)}" if status else ""), 12),
    ]
    out.extend(_slots(player, x + 8, y + 32, mine))
    if mine:
        out.extend(_goods_buttons(x + PLAYER_W - 16 - 3 * 58, y + 30))
    out.extend(_decks(player, x + 8, y + 112, mine))
    out.extend(_diamond_track(player, x + 8, y + 186))
    out.extend(_bookkeeping(player, x + 8, y + 218, mine))
    out.extend(_hand(player, x + 8, y + 268, mine))
    out.append("</g>")
    return out


def _slots(player: JSON, x: float, y: float, mine: bool) -> list[str]:
    """The five action slots; a face-down plan shows only its back. On one's own
    board a click plans a card into the slot or uses the card in it."""
    out = [_text(x, y + 10, "action slots", 10, fill="#555")]
    opened = player.get("slots_open") or [True] * 5
    for k, slot in enumerate(player.get("slots") or []):
        sx = x + k * 104
        if not opened[k]:
            body = _rect(sx, y + 14, 98, 46, "#ccc", stroke_dasharray="3 3") + _text(
                sx + 4, y + 34, f"slot {k + 1} locked", 9
            )
        elif slot is None:
            body = _rect(sx, y + 14, 98, 46, "transparent") + _text(
                sx + 4, y + 34, f"slot {k + 1}", 10
            )
        else:
            face = slot.get("card")
            used = bool(slot.get("used"))
            words = face if face else "face down"
            body = _rect(sx, y + 14, 98, 46, "#999" if used else _card_fill(face)) + _text(
                sx + 4, y + 30, words, 10, fill="#fff" if not face or used else "#111"
            )
            body += _text(sx + 4, y + 54, f"slot {k + 1}" + (" · used" if used else ""), 9)
        if player.get("plus_one_on") is not None and slot and slot.get("card"):
            body += _text(sx + 94, y + 54, "+1?", 8, text_anchor="end")
        body = f'<g class="slot">{body}</g>'
        out.append(_target(f"slot {k + 1}", body, f"slot {k + 1}") if mine else body)
    return out


def _decks(player: JSON, x: float, y: float, mine: bool) -> list[str]:
    """The three resting decks (open: every card is named); ending one's phase picks
    one up (a click on it on one's own board)."""
    out = [_text(x, y + 10, "resting decks", 10, fill="#555")]
    for d, deck in enumerate(player.get("resting_decks") or []):
        dx = x + d * 196
        cards = [str(c) for c in deck]
        body = _rect(dx, y + 14, 190, 56, "#efe6cf") + _text(
            dx + 4, y + 27, f"deck {d + 1} ({len(cards)})", 10, font_weight="bold"
        )
        for line, start in enumerate(range(0, min(len(cards), 6), 2)):
            body += _text(dx + 4, y + 40 + line * 11, ", ".join(cards[start : start + 2]), 9)
        if len(cards) > 6:
            body += _text(dx + 186, y + 27, f"+{len(cards) - 6}", 9, text_anchor="end")
        out.append(
            _target(f"deck {d + 1}", body, f"deck {d + 1}: " + ", ".join(cards)) if mine else body
        )
    return out


def _diamond_track(player: JSON, x: float, y: float) -> list[str]:
    at = int(player.get("diamond", 0))
    out = [_text(x, y + 14, "diamonds", 10, fill="#555")]
    for space in range(BOARD.diamond_length + 1):
        sx = x + 60 + space * 30
        fill = "#b3e0f2" if space == at else "#fff"
        out.append(_rect(sx, y, 27, 20, fill))
        out.append(_text(sx + 13, y + 14, BOARD.diamond_values[space], 9, text_anchor="middle"))
    return out


def _bookkeeping(player: JSON, x: float, y: float, mine: bool) -> list[str]:
    """Bookkeeping spaces 1-10 (the view's list starts at space 1) with their books
    (grey: flipped), each space's value, and the ink jar (space 0: on the tile)."""
    ink = int(player.get("ink_jar", 0))
    out = [_text(x, y + 14, "books", 10, fill="#555")]
    if ink == 0:
        out.append(_text(x, y + 40, "ink: start", 9, fill="#00a"))
    for index, book in enumerate(player.get("bookkeeping") or []):
        space = index + 1
        sx = x + 60 + index * 52
        fill = "#fff"
        words = ""
        if book:
            fill = "#aaa" if book.get("flipped") else "#efe6cf"
            needs = " ".join(f"{k[:3]}{v}" for k, v in book.get("requires", [])) or "start"
            words = f"{book['letter']} {needs}"
        value = BOARD.book_values[space] if space < len(BOARD.book_values) else 0
        body = _rect(sx, y, 48, 44, fill) + _text(sx + 3, y + 12, space, 9, fill="#555")
        body += _text(sx + 45, y + 12, f"{value}pt", 8, text_anchor="end", fill="#777")
        body += _text(sx + 3, y + 26, words[:11], 8)
        if space == ink:
            body += _text(sx + 45, y + 40, "ink", 9, text_anchor="end", fill="#00a")
        title = f"bookkeeping space {space}" + (f": {words}" if words else "")
        out.append(_target(f"space {space}", body, title) if mine else body)
    if mine:
        button = _rect(x, y + 22, 54, 20, "#dfe8f7") + _text(x + 4, y + 36, "move ink", 9)
        out.append(_action("move ink jar", button))
    return out


def _hand(player: JSON, x: float, y: float, mine: bool) -> list[str]:
    """The hand: faces for its owner (the view gives no other seat's), else a count.
    On one's own board, a card offers resting, planning or discarding it."""
    hand = player.get("hand")
    if not mine or hand is None:
        return [_text(x, y + 12, f"hand: {player.get('hand_size', 0)} cards (hidden)", 10)]
    out = [_text(x, y + 12, "your hand:", 10, font_weight="bold")]
    cx = x + 70
    for face in hand:
        words = str(face)
        w = 8 + 6 * len(words)
        if cx + w > x + PLAYER_W - 20:  # wrap under the first row
            cx, y = x + 70, y + 22
        out.append(
            _target(
                words,
                _rect(cx, y, w, 18, _card_fill(words)) + _text(cx + 4, y + 13, words, 10),
                words,
            )
        )
        cx += w + 4
    return out


def _goods_buttons(x: float, y: float) -> list[str]:
    """ "use coffee", "use bananas", "use cotton": the goods action's first choice."""
    out = []
    for g, good in enumerate(GOODS):
        body = _rect(x + g * 58, y, 54, 16, KIND_COLOURS[good]) + _text(
            x + g * 58 + 4, y + 12, f"use {good}", 9
        )
        out.append(_target(f"use {good}", body))
    return out


class MombasaPresentation(Presentation):
    """Mombasa drawn in two layers (see the module's docstring). Views differ per
    seat (hands, plans), so each seat's drawing is its own."""

    def board_layer(self, view: JSON) -> str:
        return render_board(len(view.get("players", [])))

    def overlay(self, view: JSON) -> str:
        return render_overlay(view)

    def seat_status(self, view: JSON, seat: int, waiting: Sequence[int]) -> str:
        phase = view.get("phase")
        if phase == "over":
            return "finished"
        if phase in SECRET_PHASES:
            return SECRET_PHASES[str(phase)] if seat in waiting else "ready"
        players = view.get("players") or []
        if seat < len(players) and players[seat].get("ended"):
            return "phase ended"
        return "to act" if seat in waiting else "waiting"

    def panel(self, view: JSON, seat: int) -> dict[str, int | str | bool | dict[str, Any]]:
        players = view.get("players") or []
        if seat >= len(players):
            return {}
        p = players[seat]
        shares = p.get("track_shares") or []
        return {
            "pounds": int(p.get("cash", 0)),
            "bonus markers": int(p.get("bonus_markers", 0)),
            "diamond space": int(p.get("diamond", 0)),
            "ink jar": int(p.get("ink_jar", 0)),
            "cards in hand": int(p.get("hand_size", 0)),
            "shares": {COMPANIES[c]: int(s) for c, s in enumerate(shares)},
        }


PRESENTATION = MombasaPresentation()


def render_svg(view: JSON) -> str:
    """The whole board: the unchanging layer with the state's overlay on top."""
    return PRESENTATION.svg(view) or ""
