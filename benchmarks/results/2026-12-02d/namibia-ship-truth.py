"""Ground truth for issue 28's skipped shipment: from the position, each choice played
out to the end by heuristic bots (all four seats), many times with fresh chance."""

import sys, time

sys.path.insert(0, "/work/main/tests/review")
from review_support import bot_record
from meeple.ai import load_bots
from meeple.ai.base import make_bot
from meeple.engine import get_game, replay, Rng

load_bots()
G = get_game("namibia")
record, _ = bot_record("namibia", 4, 3, "heuristic", moves=55)
base = replay(G, record, 54)
seat = 3
n = int(sys.argv[1])
for choice in ("ship mine h4", "stop shipping"):
    wins = 0.0
    money = 0
    t = time.time()
    for k in range(n):
        rng = Rng(1000 + k)
        state = G.determinize(base, seat, rng)
        G.play(state, seat, choice)
        bots = [make_bot("heuristic", G, 77 * k + s) for s in range(4)]
        while not G.is_over(state):
            s = G.to_act(state)[0]
            G.apply(state, s, bots[s].choose(G, state, s))
        r = G.result(state)
        if seat in r.winners:
            wins += 1 / len(r.winners)
        money += r.scores[seat]
    print(
        choice,
        f"win {wins / n:.3f}  mean score {money / n:.2f}  ({time.time() - t:.0f}s)",
        flush=True,
    )
