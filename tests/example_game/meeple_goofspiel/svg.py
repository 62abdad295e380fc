"""Goofspiel drawn as SVG from a view alone (what the browser client shows).

One layer: the drawing depends on the seat (a seat sees its own sealed bid), so
``overlay`` returns the whole board and ``public_view`` stays False. The cards of
the viewer's own hand carry ``data-action="bid <value>"``: the generic web client
marks the ones that are legal now as ``playable`` and plays one on a click.
"""

from __future__ import annotations

from collections.abc import Sequence
from html import escape

from meeple.engine import Presentation
from meeple.engine.presentation import PanelValue
from meeple_goofspiel.board import CARDS, Suit
from meeple_goofspiel.view import EngineView, GoofspielView, PlayerView, typed

MIN_WIDTH = 720  # room for the header with four players
HEADER = 160
ROW = 122
CARD_W, CARD_H, GAP = 44, 62, 6
MINI_W, MINI_H = 18, 25
HAND_X = 96
WON_W = 5 * (MINI_W + 2) + 20  # the prizes won, five to a row
FELT, INK, MUTED = "#2f6b4f", "#222", "#6b7d73"

STYLE = (
    "<style>"
    ".goofspiel text{font-family:system-ui,sans-serif}"
    ".goofspiel g.card.playable{cursor:pointer}"
    ".goofspiel g.card.playable rect.face{stroke:#e0007a;stroke-width:3}"
    ".goofspiel g.card.playable:hover rect.face{fill:#fff3c4}"
    "</style>"
)
DEFS = (
    "<defs>"
    '<pattern id="gs-back" width="8" height="8" patternUnits="userSpaceOnUse"'
    ' patternTransform="rotate(45)"><rect width="8" height="8" fill="#1d3f8f"/>'
    '<rect width="4" height="8" fill="#2b56b8"/></pattern>'
    "</defs>"
)


def render_svg(view: GoofspielView) -> str:
    """The whole table for one view."""
    players = view["players"]
    width = max(MIN_WIDTH, won_x(view) + WON_W)
    height = HEADER + ROW * len(players) + 14
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        ' class="board goofspiel" role="img" aria-label="Goofspiel table">',
        STYLE,
        DEFS,
        f'<rect x="0" y="0" width="{width}" height="{height}" rx="14" fill="{FELT}"/>',
    ]
    parts += _header(view)
    for row, player in enumerate(players):
        parts += _player_row(view, player, HEADER + ROW * row, width)
    parts.append("</svg>")
    return "\n".join(parts)


# ---- the cards --------------------------------------------------------------------------


def card(x: float, y: float, value: int, suit: Suit, action: str | None = None) -> str:
    """A face-up card; with ``action``, a card the viewer may play by clicking it."""
    face = escape(CARDS.face(value))
    colour, symbol = suit.colour, escape(suit.symbol)
    target = f' data-action="{escape(action)}"' if action else ""
    number = (
        f'<text x="{x + CARD_W - 5}" y="{y + CARD_H - 6}" font-size="9" text-anchor="end"'
        f' fill="{MUTED}">{value}</text>'
        if face != str(value)
        else ""
    )
    return (
        f'<g class="card"{target}>'
        f'<rect class="face" x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5"'
        f' fill="#fffdf7" stroke="#555" stroke-width="1"/>'
        f'<text x="{x + 5}" y="{y + 15}" font-size="13" font-weight="bold" fill="{colour}">'
        f"{face}</text>"
        f'<text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 9}" font-size="24"'
        f' text-anchor="middle" fill="{colour}">{symbol}</text>'
        f"{number}</g>"
    )


def card_back(x: float, y: float, title: str) -> str:
    return (
        f'<g class="card back"><title>{escape(title)}</title>'
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5"'
        ' fill="url(#gs-back)" stroke="#fff" stroke-width="2"/></g>'
    )


def slot(x: float, y: float, label: str = "") -> str:
    """An empty place where a card is (or was)."""
    text = (
        f'<text x="{x + CARD_W / 2}" y="{y + CARD_H / 2 + 4}" font-size="10"'
        f' text-anchor="middle" fill="#cfe3d8">{escape(label)}</text>'
        if label
        else ""
    )
    return (
        f'<rect x="{x}" y="{y}" width="{CARD_W}" height="{CARD_H}" rx="5" fill="none"'
        f' stroke="#8fb5a2" stroke-width="1" stroke-dasharray="4 3"/>{text}'
    )


def mini(x: float, y: float, value: int, suit: Suit) -> str:
    """A small face-up card (prizes won, prizes to come, last round's bids)."""
    return (
        f'<rect x="{x}" y="{y}" width="{MINI_W}" height="{MINI_H}" rx="3" fill="#fffdf7"'
        f' stroke="#555" stroke-width="0.6"/><text x="{x + MINI_W / 2}" y="{y + 16}"'
        f' font-size="10" font-weight="bold" text-anchor="middle" fill="{suit.colour}">'
        f"{escape(CARDS.face(value))}</text>"
    )


# ---- the parts of the table -------------------------------------------------------------


def _label(x: float, y: float, text: str, size: int = 12, bold: bool = False) -> str:
    weight = ' font-weight="bold"' if bold else ""
    return f'<text x="{x}" y="{y}" font-size="{size}"{weight} fill="#f4f1e6">{escape(text)}</text>'


def _header(view: GoofspielView) -> list[str]:
    prize_suit = CARDS.prize_suit
    out = [
        _label(20, 28, "Goofspiel", 18, bold=True),
        _label(20, 46, f"round {int(view['round'])} of {int(view['rounds'])}", 12),
    ]
    prize = view["prize"]
    out.append(_label(20, 70, "Prize", 11))
    big_x, big_y = 20, 76
    if prize is None:
        out.append(slot(big_x, big_y, "over"))
    else:
        out.append(
            f'<rect x="{big_x - 4}" y="{big_y - 4}" width="{CARD_W + 8}" height="{CARD_H + 8}"'
            ' rx="7" fill="none" stroke="#ffd54f" stroke-width="2.5"/>'
        )
        out.append(card(big_x, big_y, int(prize), prize_suit))
    x = 100
    out.append(_label(x, 70, "Prizes to come (order unknown)", 11))
    for i, value in enumerate(view["prizes_to_come"]):
        out.append(mini(x + i * (MINI_W + 3), 76, int(value), prize_suit))
    if not view["prizes_to_come"]:
        out.append(_label(x, 92, "none", 11))
    discarded = view["discarded"]
    if discarded:
        out.append(_label(x, 124, "Discarded after a tie", 11))
        for i, value in enumerate(discarded):
            out.append(mini(x + i * (MINI_W + 3), 130, int(value), prize_suit))
    out += _last_round(view, 440)
    result = view["result"]
    if result:
        names = [str(view["players"][w]["name"]) for w in result["winners"]]
        verb = "wins" if len(names) == 1 else "share the win"
        out.append(_label(150, 28, f"Game over: {' and '.join(names)} {verb}", 16, bold=True))
    return out


def _last_round(view: GoofspielView, x: float) -> list[str]:
    tricks = view["tricks"]
    if not tricks:
        return []
    last = tricks[-1]
    players = view["players"]
    winner = last["winner"]
    taker = "discarded (tie)" if winner is None else f"won by {players[winner]['name']}"
    out = [
        _label(x, 70, f"Last round: prize {int(last['prize'])}, {taker}", 11),
        mini(x, 76, int(last["prize"]), CARDS.prize_suit),
    ]
    for seat, bid in enumerate(last["bids"]):
        bx = x + 36 + seat * 56
        suit = CARDS.seats[seat]
        out.append(mini(bx, 76, int(bid), suit))
        if seat == winner:
            out.append(
                f'<rect x="{bx - 3}" y="73" width="{MINI_W + 6}" height="{MINI_H + 6}" rx="4"'
                ' fill="none" stroke="#ffd54f" stroke-width="2"/>'
            )
        out.append(_label(bx, 116, str(players[seat]["name"]), 9))
    return out


def won_x(view: GoofspielView) -> int:
    """Where the prizes won are drawn: right of a hand of ``cards`` cards."""
    return HAND_X + int(view["cards"]) * (CARD_W + GAP) + 14


def _player_row(view: GoofspielView, player: PlayerView, y: float, width: int) -> list[str]:
    seat = int(player["seat"])
    suit = CARDS.seats[seat]
    mine = view["seat"] == seat
    deciding = seat in view["to_act"]
    out = [
        f'<g class="player" data-seat="{seat}">',
        f'<rect x="10" y="{y}" width="{width - 20}" height="{ROW - 8}" rx="8"'
        f' fill="{"#3f8a66" if mine else "#285c43"}" stroke="{suit.colour}"'
        f' stroke-width="{3 if mine else 1.5}"/>',
        f'<circle cx="28" cy="{y + 18}" r="10" fill="#fffdf7"/>'
        f'<text x="28" y="{y + 23}" font-size="14" text-anchor="middle" fill="{suit.colour}">'
        f"{escape(suit.symbol)}</text>",
        _label(44, y + 23, f"{player['name']}{' (you)' if mine else ''}", 13, bold=True),
        _label(170, y + 23, f"{int(player['points'])} points", 12),
    ]
    if deciding and view["prize"] is not None:
        note = "your turn: click a card to bid it" if mine else "choosing a card"
        out.append(_label(260, y + 23, note, 12 if mine else 11, bold=mine))
    out += _bid_slot(view, player, y)
    held = {int(v) for v in player["hand"]}
    for value in range(1, int(view["cards"]) + 1):
        x = HAND_X + (value - 1) * (CARD_W + GAP)
        if value == player["bid"]:
            out.append(f'<g opacity="0.35">{card(x, y + 38, value, suit)}</g>')
        elif value in held:
            action = f"bid {value}" if mine else None
            out.append(card(x, y + 38, value, suit, action))
        else:
            out.append(slot(x, y + 38))
    out += _won(player, won_x(view), y)
    out.append("</g>")
    return out


def _bid_slot(view: GoofspielView, player: PlayerView, y: float) -> list[str]:
    x, top = 24, y + 38
    seat = int(player["seat"])
    if view["prize"] is None:
        return [slot(x, top, "-")]
    bid = player["bid"]
    if bid is not None:
        return [card(x, top, int(bid), CARDS.seats[seat])]
    if player["sealed"]:
        return [card_back(x, top, f"{player['name']} has sealed a bid")]
    return [slot(x, top, "bid")]


def _won(player: PlayerView, left: int, y: float) -> list[str]:
    out = [_label(left, y + 23, "won", 11)]
    for i, value in enumerate(player["won"]):
        row, col = divmod(i, 5)
        x, top = left + col * (MINI_W + 2), y + 32 + row * (MINI_H + 3)
        out.append(mini(x, top, int(value), CARDS.prize_suit))
    return out


# ---- the presentation --------------------------------------------------------------------


class GoofspielPresentation(Presentation):
    """Goofspiel in one layer, different per seat (a seat sees its own sealed bid)."""

    public_view = False

    def overlay(self, view: EngineView) -> str:
        return render_svg(typed(view))

    def seat_status(self, view: EngineView, seat: int, waiting: Sequence[int]) -> str:
        if typed(view)["prize"] is None:
            return "finished"
        return "choosing a card" if seat in waiting else "card sealed"

    def panel(self, view: EngineView, seat: int) -> dict[str, PanelValue]:
        player = typed(view)["players"][seat]
        return {
            "points": int(player["points"]),
            "prizes_won": len(player["won"]),
            "cards_left": len(player["hand"]),
        }


PRESENTATION = GoofspielPresentation()
