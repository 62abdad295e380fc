"""A view as terminal text: the companies and map, the displays, and each player's
board, slots and resting decks (the viewer's own hand too), in the game's words."""

from __future__ import annotations

from typing import Any

JSON = dict[str, Any]


def render_text(view: JSON) -> str:
    lines = [
        f"Mombasa, round {view['round']} of 7, {view['phase']} phase;"
        f" first player {view['players'][view['first_player']]['name']}",
    ]
    lines += _companies(view)
    lines += _displays(view)
    for player in view["players"]:
        lines += _player(view, player)
    if view["pending"]:
        pending = view["pending"]
        lines.append(f"Now: {pending['decision']} {pending['values']}")
    if view["final"]:
        lines.append("Final scores:")
        for player, row in zip(view["players"], view["final"], strict=True):
            lines.append(f"  {player['name']}: {row['total']} pounds  {_categories(row)}")
    return "\n".join(lines)


def _categories(row: JSON) -> str:
    keys = ("cash", "mombasa", "cape town", "saint-louis", "cairo", "diamonds", "bookkeeping")
    return ", ".join(f"{key} {row[key]}" for key in keys)


def _companies(view: JSON) -> list[str]:
    lines = ["Companies (share value = uncovered coins; base columns = posts left):"]
    for company, track in zip(view["companies"], view["tracks"], strict=True):
        regions = [r["name"] for r in view["regions"] if r["company"] == company["name"]]
        lines.append(
            f"  {company['name'].title():12} value {company['share_value']:2}"
            f"  base {company['base_columns']}  track {track['face']} ({track['bonus']})"
            f"  regions: {', '.join(regions) or '-'}"
        )
    return lines


def _displays(view: JSON) -> list[str]:
    cards = []
    for n, space in enumerate(view["display"]):
        if space:
            cards.append(f"{n + 1}:{space['card']} ({space['price']})")
    books = []
    for n, space in enumerate(view["book_display"]):
        if space["book"]:
            book = space["book"]
            need = "+".join(f"{k} {v}" for k, v in book["requires"])
            coin = f" +{space['coins']} coin" if space["coins"] else ""
            books.append(
                f"{n + 1}:{book['letter']}[{need} -> {book['reward'][0]} {book['reward'][1]}]{coin}"
            )
    taken = [
        f"{name} ({seat + 1})" for name, seat in view["bonus_spaces"].items() if seat is not None
    ]
    return [
        "Card display (price): " + "  ".join(cards),
        "Book display: " + "  ".join(books),
        f"Stack: {view['stack']}  Book piles: {view['book_supply']}",
        f"Round track coins: {view['round_track']}",
        "Bonus spaces taken: " + (", ".join(taken) or "none"),
    ]


def _player(view: JSON, player: JSON) -> list[str]:
    names = ("Mombasa", "Cape Town", "Saint-Louis", "Cairo")
    tracks = "  ".join(f"{n} {s}" for n, s in zip(names, player["tracks"], strict=True))
    slots = []
    for k, slot in enumerate(player["slots"]):
        if not player["slots_open"][k]:
            continue
        if slot is None:
            slots.append(f"{k + 1}:-")
        elif slot["card"] is None:
            slots.append(f"{k + 1}:(face down)")
        else:
            slots.append(f"{k + 1}:{slot['card']}{' (used)' if slot['used'] else ''}")
    books = [
        f"{n + 1}:{'x' if b['flipped'] else b['letter']}"
        for n, b in enumerate(player["bookkeeping"])
        if b
    ]
    lines = [
        f"{player['name']}: {player['cash']} pounds, {player['bonus_markers']} bonus markers,"
        f" diamond {player['diamond']}, ink jar {player['ink_jar']},"
        f" hand {player['hand_size']} cards",
        f"  tracks: {tracks}",
        f"  action slots: {'  '.join(slots)}",
        f"  resting decks: {' | '.join(', '.join(d) or '-' for d in player['resting_decks'])}",
        f"  books: {' '.join(books) or '-'}",
    ]
    if player["hand"] is not None:
        lines.append(f"  your hand: {', '.join(player['hand'])}")
    return lines
