"""Namibia's rules split by phase; ``flow`` moves the game to its next decision."""
