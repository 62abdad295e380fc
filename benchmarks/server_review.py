"""A review and hints through the web server's API, end to end (prints figures; not a
test): the background job on the CPU pool, its storage, and hints' latency.

A 3-player Namibia game of random bots (seed 3) is played to its end on a fresh
SQLite database, its review is started and polled until done; then a person
seated with two bots asks three hints in the first round. Budgets are the
server's (``MEEPLE_REVIEW_ITERATIONS``, ``MEEPLE_HINT_ITERATIONS``, defaults 500
and 300). Prints wall-clock seconds and the load average (the machine is shared).

    .venv/bin/python benchmarks/server_review.py
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Any

from fastapi.testclient import TestClient

from meeple.server.app import create_app
from meeple.server.limits import Limits

POLL = 0.2  # seconds between two status requests


def poll(c: TestClient, path: str, ready: str, limit: float = 3600.0) -> dict[str, Any]:
    """GET ``path`` until the JSON's ``ready`` key is true (the review: until done)."""
    deadline = time.monotonic() + limit
    while time.monotonic() < deadline:
        data: dict[str, Any] = c.get(path).json()
        if data.get(ready) or data.get("status") == "done":
            return data
        if data.get("status") == "failed":
            raise RuntimeError(data.get("error", "the review failed"))
        time.sleep(POLL)
    raise TimeoutError(f"{path} not ready in {limit:.0f} s")


def review_figures(c: TestClient) -> None:
    made = c.post(
        "/api/tables", json={"game": "namibia", "players": 3, "seats": ["random"] * 3, "seed": 3}
    ).json()
    poll(c, f"/api/tables/{made['id']}", "over")
    start = time.monotonic()
    c.post(f"/api/tables/{made['id']}/review")
    answer = poll(c, f"/api/tables/{made['id']}/review", "review")
    wall = time.monotonic() - start
    review = answer["review"]
    searched = sum(not d["forced"] for d in review["decisions"])
    print(
        f"review: {searched} searched of {answer['total']} decisions at"
        f" {review['iterations']} iterations in {wall:.1f} s ({wall / searched:.2f} s each)"
    )


def hint_figures(c: TestClient) -> None:
    seats = [{"kind": "human", "name": "Ann"}, "random", "random"]
    made = c.post(
        "/api/tables", json={"game": "namibia", "players": 3, "seats": seats, "seed": 5}
    ).json()
    times = []
    for _ in range(3):
        start = time.monotonic()
        r = c.post(f"/api/tables/{made['id']}/hints", json={"token": made["tokens"]["0"]})
        r.raise_for_status()
        times.append(time.monotonic() - start)
    print("hints: " + ", ".join(f"{t:.2f} s" for t in times))


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        app = create_app(f"sqlite:///{Path(folder) / 'bench.db'}", limits=Limits(http_rate=1e6))
        with TestClient(app) as c:
            review_figures(c)
            hint_figures(c)
    print("load average:", " ".join(Path("/proc/loadavg").read_text().split()[:3]))


if __name__ == "__main__":
    main()
