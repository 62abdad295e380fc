"""pebbles/ is an outside game's repository, copied and run on its own by
test_outside_game.py: meeple's run does not collect its test file."""

collect_ignore = ["pebbles"]
