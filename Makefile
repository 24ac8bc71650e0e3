# The two commands of the README: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
GAME ?= aces-versus-aces

.PHONY: play test lint types unit bench clean

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

clean:
	rm -rf $(VENV) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
