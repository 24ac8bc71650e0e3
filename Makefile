# The two commands of the README: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
GAME ?= aces-versus-aces

.PHONY: play test lint types unit bench bench-peers clean

$(BIN)/aerodeck: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev]'
	touch $@

play: $(BIN)/aerodeck
	$(BIN)/aerodeck play $(GAME)

lint: $(BIN)/aerodeck
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

types: $(BIN)/aerodeck
	$(BIN)/mypy

unit: $(BIN)/aerodeck
	$(BIN)/pytest

test: lint types unit

bench: $(BIN)/aerodeck
	$(BIN)/python benchmarks/playouts.py

# Issue 9: aerodeck against OpenSpiel and RLCard, installed into their own venv (never the project's).
PEERS := benchmarks/.venv-peers
$(PEERS)/installed: pyproject.toml
	$(PYTHON) -m venv $(PEERS)
	$(PEERS)/bin/pip install --quiet --upgrade pip
	$(PEERS)/bin/pip install --quiet 'open_spiel==2.0.2' 'rlcard==1.2.0' -e .
	touch $@

bench-peers: $(PEERS)/installed
	$(PEERS)/bin/python benchmarks/peers.py --json benchmarks/results/peers.json

clean:
	rm -rf $(VENV) $(PEERS) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
