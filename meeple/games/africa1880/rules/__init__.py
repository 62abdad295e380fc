"""The rules of Africa 1880 by phase: the decisions of the seats (decisions), the
resolution of a turn (turn) and why an action is refused (explain)."""
