"""Rules at hand for Mombasa: what each phase and each pending decision does and
costs, in our words, with the anchors of the "how to play" page (``help.md``), and
the meaning of the board's symbols. Both read a view only."""

from __future__ import annotations

from meeple.engine.presentation import Explanation, LegendEntry
from meeple.games.mombasa.view import MombasaView

PHASES: dict[str, tuple[str, tuple[str, ...]]] = {
    "draft": (
        "Setup: keep one of your two starting tiles; its bonus and its three cards"
        " start your game.",
        ("setup",),
    ),
    "resting": (
        "Setup: put your starting tile's three cards into your three resting slots, one"
        " each. Each round you take back only one resting deck, so choose where each waits.",
        ("setup", "planning"),
    ),
    "planning": (
        "Planning, all at once and in secret: put cards from your hand face down into your"
        " open action slots (you may leave some empty), then 'ready'. Each slot's card"
        " goes to the resting deck above it at the end of the round.",
        ("planning",),
    ),
    "action": (
        "Action phase: one action a turn, in turn order: goods, expansion, a bookkeeper,"
        " a diamond merchant, a bonus marker, or ending your phase. A card used is turned"
        " face down for the round.",
        ("actions",),
    ),
}

# Per pending decision (the view's pending "decision"): what it does and costs.
DECISIONS: dict[str, tuple[str, tuple[str, ...]]] = {
    "goods: choose cards": (
        "Choose the face-up goods cards of one type to use; their units add up and all"
        " must be spent.",
        ("goods",),
    ),
    "goods: spend units": (
        "Spend the units: at most one display card (its crate value plus its space's),"
        " then one step on a company track per unit. A capital call costs pounds when"
        " crossed.",
        ("goods",),
    ),
    "expansion": (
        "Place trading posts with your expansion points: 1 across a single border, 2"
        " across a double one, 1 more where another company has a post. Emptying a base"
        " column uncovers its coins.",
        ("expansion",),
    ),
    "track steps": (
        "Move your marker on a company track; each step passes shares and bonuses.",
        ("goods",),
    ),
    "capital call": (
        "A capital call: pay its pounds to go on, or decline and lose the rest of the steps.",
        ("goods",),
    ),
    "diamond steps": ("Steps on your diamond track.", ("merchant",)),
    "pounds": ("Pounds from the bank.", ("bookkeeper",)),
    "bookkeeping points": (
        "Spend bookkeeping points now (they cannot be kept): 1 for an A- or B-book or a"
        " pound, 2 for a C-book.",
        ("bookkeeper",),
    ),
    "remove trading posts": (
        "Remove trading posts from a company base: each uncovers coins worth more at the"
        " end to that company's shareholders.",
        ("expansion",),
    ),
    "return an ousted trading post": (
        "A trading post ousted from a region goes back to its base: choose the column"
        " (the rearmost empty space).",
        ("expansion",),
    ),
    "bookkeeping walk": (
        "Move your ink jar book by book while your face-up cards meet each book's needs;"
        " you take the reward of the book you stop on. Turning a book face down first"
        " costs 2 pounds.",
        ("bookkeeper",),
    ),
    "majority reward": (
        "Choose the majority reward, from the tiers your total reaches.",
        ("bonus",),
    ),
    "buy a card for pounds": ("Buy a display card for pounds, or skip.", ("bonus",)),
    "discard a card": ("Remove a card from the display, or skip.", ("bonus",)),
    "bookkeeping points and diamond steps": (
        "Share a reward between bookkeeping points and diamond steps.",
        ("bonus",),
    ),
    "move on two tracks": ("Move one step on each of two company tracks.", ("bonus",)),
    "place books": (
        "Shelve the books you took on your bookkeeping track: no A-book on a crossed-out"
        " A, never an A-book over a B or C.",
        ("bookkeeper",),
    ),
    "end of turn": ("Finish your turn.", ("actions",)),
    "rewards: which first": (
        "Your reward has several parts and you take them in the order you like: pounds or"
        " bookkeeping points taken as pounds first can pay a capital call the track steps"
        " reach.",
        ("expansion", "bonus"),
    ),
    "move on each other track": (
        "Two steps on each of the other tracks, one track after another in the order you"
        " choose: pounds from one track's special space can pay another's capital call.",
        ("bonus",),
    ),
}


def explain(view: MombasaView) -> Explanation | None:
    """The phase's words, and those of the decision on top of the actor's stack."""
    phase = str(view.get("phase", ""))
    if phase not in PHASES:
        return None
    words, anchors = PHASES[phase]
    pending = view.get("pending")
    decision = ""
    rules = list(anchors)
    if isinstance(pending, dict) and str(pending.get("decision")) in DECISIONS:
        decision, more = DECISIONS[str(pending["decision"])]
        rules += [a for a in more if a not in rules]
    elif phase == "action":
        decision = (
            "Choose an action: click a face-up card in your action area, a bonus space for"
            " a marker, or end your phase by taking back a resting deck."
        )
    return {"phase": words, "decision": decision, "rules": rules}


def _svg(body: str, width: int = 34, height: int = 30) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"'
        f' width="{width}" height="{height}" aria-hidden="true">{body}</svg>'
    )


def legend(
    company_colours: tuple[str, ...], seat_colours: tuple[str, ...], kinds: dict[str, str]
) -> list[LegendEntry]:
    """Every symbol of the board, drawn in the board's colours and classes."""
    names = ("Mombasa", "Cape Town", "Saint-Louis", "Cairo")
    out: list[LegendEntry] = []
    for name, colour in zip(names, company_colours, strict=False):
        out.append(
            {
                "symbol": _svg(
                    f'<g class="post"><rect x="9" y="7" width="16" height="16" rx="3"'
                    f' fill="{colour}" stroke="#111"/><text x="17" y="19.5" font-size="12"'
                    f' text-anchor="middle" fill="#fff">{name[0]}</text></g>'
                ),
                "meaning": f"a {name} trading post in a region (company colour and initial)",
            }
        )
    out += [
        {
            "symbol": _svg(
                '<rect x="2" y="2" width="30" height="26" rx="3" fill="#ead9b5" stroke="#6b5b3e"/>'
                '<polygon class="mine" points="14,24 24,24 19,15" fill="#444"/>'
            ),
            "meaning": "region, with its reward and its mines (triangles: the diamond"
            " merchants count them)",
        },
        {
            "symbol": _svg(
                "".join(
                    f'<rect x="8" y="{3 + k * 5}" width="18" height="4" fill="{fill}"'
                    ' stroke="#555" stroke-width="0.6"/>'
                    for k, fill in enumerate(
                        ("transparent", "transparent", company_colours[0], company_colours[0])
                    )
                )
                + '<text x="17" y="29" font-size="6" text-anchor="middle">coins</text>'
            ),
            "meaning": "company base column: trading posts still to place; each empty space"
            " uncovers coins that pay the company's shareholders at the end",
        },
        {
            "symbol": _svg(
                '<rect x="2" y="4" width="14" height="20" fill="#fff" stroke="#6b5b3e"/>'
                '<text x="9" y="13" font-size="8" text-anchor="middle">2</text>'
                '<text x="9" y="21" font-size="7" text-anchor="middle" fill="#a00">-2</text>'
                f'<circle class="track-marker" cx="24" cy="20" r="4.5" fill="{seat_colours[0]}"'
                ' stroke="#111"/>'
            ),
            "meaning": "company track space: shares held from there (top), a capital call in"
            " red, pounds on a yellow space; the discs under it are the players' track"
            " markers, in each player's colour (two side by side, a third and fourth player"
            " in a second row)",
        },
        {
            "symbol": _svg(
                f'<rect x="3" y="4" width="28" height="22" rx="3" fill="{kinds["coffee"]}"'
                ' stroke="#6b5b3e"/><text x="17" y="19" font-size="8" text-anchor="middle">'
                "£ 3</text>"
            ),
            "meaning": "display card (coloured by kind: coffee, bananas, cotton, expansion,"
            " bookkeeper, merchant, share) and its price",
        },
        {
            "symbol": _svg(
                '<rect x="5" y="2" width="24" height="26" rx="3" fill="#fff8e1" stroke="#6b5b3e"/>'
                '<text x="17" y="18" font-size="11" text-anchor="middle">B</text>'
            ),
            "meaning": "book of the book display (letter A, B or C): what it needs face up,"
            " and its reward",
        },
        {
            "symbol": _svg(
                '<rect x="3" y="5" width="28" height="20" rx="3" fill="#e5d8bd"'
                ' stroke="#6b5b3e"/>'
                f'<circle cx="17" cy="15" r="7" fill="{seat_colours[1]}" stroke="#111"/>'
            ),
            "meaning": "bonus space with a player's bonus marker on it (taken for the round)",
        },
        {
            "symbol": _svg(
                '<rect class="slot" x="4" y="3" width="26" height="24" rx="3" fill="#fff"'
                ' stroke="#6b5b3e" stroke-dasharray="3 2"/>'
            ),
            "meaning": "action slot of a player board: one card played into it each round",
        },
        {
            "symbol": _svg(
                '<rect x="4" y="3" width="26" height="24" rx="3" fill="#5d4e37" stroke="#6b5b3e"/>'
            ),
            "meaning": "a card's back: face down (planned in secret, or used this round)",
        },
        {
            "symbol": _svg(
                '<rect class="player-board" x="2" y="3" width="30" height="24" rx="3"'
                ' fill="#fbf7ee" stroke="#6b5b3e"/><circle cx="10" cy="15" r="3" fill="#1a237e"/>'
                '<polygon points="22,10 26,15 22,20 18,15" fill="#7fb3d5"/>'
            ),
            "meaning": "player board: action slots, resting decks, the diamond track and"
            " the bookkeeping track with the ink jar",
        },
        {
            "symbol": _svg(
                '<g class="fold"><rect x="1" y="8" width="32" height="14" rx="2" fill="#fbf7ee"'
                ' stroke="#6b5b3e"/>'
                f'<rect x="1" y="8" width="4" height="14" fill="{seat_colours[1]}"/>'
                '<text class="opens" x="8" y="19" font-size="10">▸</text>'
                '<text class="shut" x="20" y="19" font-size="10">▾</text></g>'
            ),
            "meaning": "another player's board, folded under one line: their pounds, cards in"
            " hand, diamond space and ink jar (▸ tap to open the board, ▾ to fold it again)",
        },
    ]
    return out
