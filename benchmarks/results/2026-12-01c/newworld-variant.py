"""Run benchmarks/strength.py with a New World search variant (monkeypatched), bot 'hardx'."""

import os
import runpy
import sys

from meeple.ai import load_bots
from meeple.ai.base import register_bot
from meeple.ai.levels import mcts
from meeple.ai.mcts import Budget
from meeple.games.newworld.bots import heuristic, reading

env = os.environ
if "TRUST" in env:
    heuristic.NewWorldKnowledge.trust = float(env["TRUST"])
if "WIN_SHARE" in env:
    reading.WIN_SHARE = float(env["WIN_SHARE"])
if env.get("SURVIVAL") == "0":
    reading.survivors = lambda *a: 1.0
    reading.control_survives = lambda state, area, held, colonists, soldiers: float(colonists >= 4)
if "SEARCH" in env:  # kinds taken out of SETTLED_KINDS
    heuristic.SETTLED_KINDS = heuristic.SETTLED_KINDS - frozenset(env["SEARCH"].split(","))
if "MARGIN_FLOOR" in env:
    reading.MARGIN_FLOOR = float(env["MARGIN_FLOOR"])
if "MARGIN_PER_PC" in env:
    reading.MARGIN_PER_PC = float(env["MARGIN_PER_PC"])
iterations = int(env.get("ITER", "200"))
load_bots()
register_bot(
    "hardx", lambda game, seed: mcts(game, seed, Budget(iterations=iterations, millis=4500.0))
)
sys.argv = ["strength.py", *sys.argv[1:]]
runpy.run_path("benchmarks/strength.py", run_name="__main__")
