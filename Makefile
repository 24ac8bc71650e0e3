# The two commands of the README: `make play` and `make test`. Both create .venv on first use.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
GAME ?= aces-versus-aces

.PHONY: play play-terminal browser test lint types unit bench bench-peers compiled bench-compiled test-compiled bench-peers-compiled clean

$(BIN)/aerodeck: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,web,rl]'
	$(BIN)/pip install --quiet -e tests/plugin_game  # the plug-in game tests/plugin plays
	touch $@

# the browser table: serves the lobby on the embedded SQLite store and prints the link to open
play: $(BIN)/aerodeck
	$(BIN)/aerodeck serve

play-terminal: $(BIN)/aerodeck
	$(BIN)/aerodeck play $(GAME)

# Debian's chromium for the browser tests (tests/browser skip without it): installed only when
# running as root with apt-get and no chromium yet; never a downloaded browser build.
browser:
	@if command -v chromium >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q chromium; \
	else echo "no chromium: the browser tests will be skipped (apt-get install chromium)"; fi

lint: $(BIN)/aerodeck
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

types: $(BIN)/aerodeck
	$(BIN)/mypy

unit: $(BIN)/aerodeck
	$(BIN)/pytest

test: lint types browser unit

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

# Issue 9's optional compiled build: mypyc compiles a copy of src/aerodeck into build/compiled/src
# (never the working tree). Nothing else uses it unless that directory is first on PYTHONPATH.
COMPILED := build/compiled
WITH_COMPILED := PYTHONPATH=$(CURDIR)/$(COMPILED)/src
$(COMPILED)/BUILD_SECONDS: $(BIN)/aerodeck scripts/build_compiled.py $(shell find src/aerodeck -name '*.py')
	$(BIN)/python scripts/build_compiled.py --out $(COMPILED)

compiled: $(COMPILED)/BUILD_SECONDS

# pure and compiled back to back, game by game (random playouts, per-call costs, ISMCTS)
bench-compiled: $(COMPILED)/BUILD_SECONDS
	$(BIN)/python benchmarks/compiled.py --json benchmarks/results/compiled.json

# the golden traces and the shared property suite, run against the compiled build
test-compiled: $(COMPILED)/BUILD_SECONDS
	AERODECK_EXPECT_COMPILED=1 $(WITH_COMPILED) $(BIN)/pytest -p no:cacheprovider \
		tests/test_build_compiled.py tests/test_golden.py tests/test_contract.py

# the peer run with aerodeck's rows measured on the sources and on the compiled build
bench-peers-compiled: $(PEERS)/installed $(COMPILED)/BUILD_SECONDS
	$(PEERS)/bin/python benchmarks/peers.py --compiled $(COMPILED)/src \
		--json benchmarks/results/peers-compiled.json

clean:
	rm -rf $(VENV) $(PEERS) build src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
