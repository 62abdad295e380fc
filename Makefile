# The two commands of the quick start: `make serve` and `make test` (`make play`: the terminal).
VENV ?= .venv
PY := $(VENV)/bin/python
STAMP := $(VENV)/.installed

.PHONY: play serve test setup lint typecheck pytest bench simulate clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev,rl]' -e tests/example_game
	touch $(STAMP)

setup: $(STAMP)

play: $(STAMP)
	$(VENV)/bin/meeple play namibia --players 4 --seats human,heuristic,heuristic,heuristic

# `make serve` installs only what serving needs (the default install, no dev tools and
# no learning stack) into a venv of its own, so `make test`'s $(VENV) stays as it is.
# HOST and PORT choose where it listens: `make serve PORT=8080`.
SERVE_VENV ?= .venv-serve
SERVE_STAMP := $(SERVE_VENV)/.installed
HOST ?= 127.0.0.1
PORT ?= 8000

$(SERVE_STAMP): pyproject.toml
	python3 -m venv $(SERVE_VENV)
	$(SERVE_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(SERVE_VENV)/bin/python -m pip install --quiet -e .
	touch $(SERVE_STAMP)

serve: $(SERVE_STAMP)
	$(SERVE_VENV)/bin/meeple serve --host $(HOST) --port $(PORT) --db sqlite:///meeple.db

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check meeple tests
	$(VENV)/bin/ruff format --check meeple tests

typecheck: $(STAMP)
	$(VENV)/bin/mypy meeple benchmarks tests/example_game/meeple_goofspiel tests/kit/pebbles/meeple_pebbles

# Two workers (the machine's two cores); tests/conftest.py says how the tests are shared.
pytest: $(STAMP)
	$(VENV)/bin/pytest -n 2 --dist loadgroup

bench: $(STAMP)
	$(VENV)/bin/meeple bench

clean:
	rm -rf $(VENV) $(SERVE_VENV) .mypy_cache .pytest_cache .ruff_cache
