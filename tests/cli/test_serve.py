"""``meeple serve`` as a newcomer meets it (issue 25, point 9): "serving on" is printed
only once the server answers, and a busy port is one clear sentence and a non-zero
exit, with no traceback."""

from __future__ import annotations

import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

SERVE = (sys.executable, "-m", "meeple.cli.main", "serve", "--host", "127.0.0.1")


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def test_a_busy_port_is_one_sentence_and_a_failure(tmp_path: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen()
        port = busy.getsockname()[1]
        db = f"sqlite:///{tmp_path / 'meeple.db'}"
        done = subprocess.run(
            [*SERVE, "--port", str(port), "--db", db],
            capture_output=True,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1
    assert "serving on" not in done.stdout
    lines = done.stderr.strip().splitlines()
    assert lines == [
        f"meeple serve: port {port} on 127.0.0.1 is already in use by another program;"
        " stop it or choose another port (--port, or make serve PORT=...)."
    ]


def test_serving_on_is_printed_once_the_server_answers(tmp_path: Path) -> None:
    port = free_port()
    db = f"sqlite:///{tmp_path / 'meeple.db'}"
    proc = subprocess.Popen(
        [*SERVE, "--port", str(port), "--db", db],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.startswith(f"meeple is serving on http://127.0.0.1:{port} "), line
        # At once, with no retry: the port is bound and the app has started.
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/games", timeout=10) as r:
            assert r.status == 200
    finally:
        proc.terminate()
        proc.wait(timeout=20)
