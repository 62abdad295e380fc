# The two commands of the quick start: `make play` and `make test`.
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

serve: $(STAMP)
	$(VENV)/bin/meeple serve --host 127.0.0.1 --port 8000 --db sqlite:///meeple.db

test: $(STAMP) lint typecheck pytest

lint: $(STAMP)
	$(VENV)/bin/ruff check meeple tests
	$(VENV)/bin/ruff format --check meeple tests

typecheck: $(STAMP)
	$(VENV)/bin/mypy meeple benchmarks tests/example_game/meeple_goofspiel

pytest: $(STAMP)
	$(VENV)/bin/pytest

bench: $(STAMP)
	$(VENV)/bin/meeple bench

clean:
	rm -rf $(VENV) .mypy_cache .pytest_cache .ruff_cache
