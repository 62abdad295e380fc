"""benchmarks/strength.py with the levels' time caps lifted (run with --jobs 1).

On a machine shared by many CPU-bound jobs a decision's wall time can be ten times
its CPU time, and the caps (medium 0.9 s, hard 4.5 s a decision) then cut the
iteration budgets short: the figure would measure the load, not the level. With
the caps lifted every decision searches its iteration budget, as on a quiet
machine where the caps do not bind; the CPU time a decision costs is measured
apart (namibia_times.py).
"""

from __future__ import annotations

import runpy
import sys

from meeple.ai import levels

levels.CAPS_MS.update({level: 1e9 for level in levels.CAPS_MS})
sys.argv[0] = "benchmarks/strength.py"
runpy.run_path("benchmarks/strength.py", run_name="__main__")
