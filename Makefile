# The two commands of the README: `make play` and `make test`. Both create .venv on first use.
# `make check` is the quick loop (lint, types, the tests not marked slow); `make test` runs all.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
GAME ?= aces-versus-aces

.PHONY: play play-terminal browser nginx cluster check test lint types fast unit bench bench-peers clean messages

$(BIN)/aerodeck: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[dev,web,rl]'
	touch $@

# the browser table: serves the lobby on the embedded SQLite store and prints the link to open
play: $(BIN)/aerodeck
	$(BIN)/aerodeck serve

play-terminal: $(BIN)/aerodeck
	$(BIN)/aerodeck play $(GAME)

# Debian's chromium for the browser tests (tests/browser skip without it), its headless shell
# (the tests' pages run there, a third cheaper; the full chromium where they need it) and a
# Japanese font (the pages in Japanese: screenshots and the overflow test): installed only when
# running as root with apt-get and one is missing; never a downloaded browser build.
BROWSER_PACKAGES := chromium chromium-headless-shell fonts-noto-cjk
browser:
	@if command -v chromium >/dev/null 2>&1 && command -v chromium-headless-shell >/dev/null 2>&1 \
		&& fc-list :lang=ja 2>/dev/null | grep -q .; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q $(BROWSER_PACKAGES); \
	else echo "no chromium, headless shell or Japanese font: the browser tests will be skipped, run slower or draw boxes (apt-get install $(BROWSER_PACKAGES))"; fi

# Debian's nginx for the proxy tests and `make cluster` (tests/web/test_proxy.py skips without
# it): installed only when running as root with apt-get and no nginx yet. Debian starts no
# service where /usr/sbin/policy-rc.d forbids it (containers); the tests and the cluster run
# their own nginx on a free loopback port, never the system's.
nginx:
	@if command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ]; then :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then \
		apt-get update -q && DEBIAN_FRONTEND=noninteractive apt-get install -y -q nginx; \
	else echo "no nginx: the proxy tests will be skipped and make cluster cannot run (apt-get install nginx)"; fi

# Several `aerodeck serve` processes behind nginx on loopback, on a throwaway PostgreSQL cluster
# (docs/deploy.md): prints the link; Ctrl-C stops everything. WORKERS=3 make cluster
WORKERS ?= 1
cluster: $(BIN)/aerodeck nginx
	$(BIN)/aerodeck cluster --workers $(WORKERS)

lint: $(BIN)/aerodeck
	$(BIN)/ruff check src tests benchmarks scripts
	$(BIN)/ruff format --check src tests benchmarks scripts

# mypy's workers check the modules in parallel (a clean clone has no cache: the cold run is
# most of `make check`'s first half minute)
types: $(BIN)/aerodeck
	$(BIN)/mypy --num-workers auto

# The plug-in game tests/plugin plays (tests/plugin_game), installed for the tests only: into a
# folder of its own that the test targets put on PYTHONPATH, so `make play`'s lobby never lists it.
PLUGINS := build/test-plugins
WITH_PLUGINS := PYTHONPATH=$(CURDIR)/$(PLUGINS)
$(PLUGINS)/installed: $(BIN)/aerodeck $(shell find tests/plugin_game -name '*.py' -o -name '*.toml' -o -name '*.md')
	rm -rf $(PLUGINS) tests/plugin_game/build
	$(BIN)/pip install --quiet --no-deps --target $(PLUGINS) ./tests/plugin_game
	rm -rf tests/plugin_game/build
	touch $@

# The trained-policy bot's tests need torch (the CPU build) and sb3-contrib: the `learn` extra,
# installed for the full run only (`make play` and the quick loop never need it).
$(VENV)/learn-installed: $(BIN)/aerodeck
	$(BIN)/pip install --quiet -e '.[learn]'
	touch $@

# pytest-xdist over the machine's cores; the slow tests (browser, server processes, PostgreSQL,
# long statistical and benchmark runs) are marked in tests/conftest.py. Work stealing: a worker
# that runs out takes half of the other's queue, so a few long tests (browser games) do not
# leave one core idle at the end.
XDIST := -n auto --dist worksteal
# Bytecode caches on for the tests even where the environment turns them off (as CI's does with
# PYTHONDONTWRITEBYTECODE): otherwise both workers rewrite every test module at collection and
# each server, command and benchmark process the tests start compiles aerodeck again.
unexport PYTHONDONTWRITEBYTECODE
fast: $(PLUGINS)/installed
	$(WITH_PLUGINS) $(BIN)/pytest $(XDIST) -m "not slow"

unit: $(PLUGINS)/installed $(VENV)/learn-installed
	$(WITH_PLUGINS) $(BIN)/pytest $(XDIST) --durations=25

# mypy beside the tests: pytest leaves a third of the two cores idle (its waits on servers and
# the browser), and a cold mypy (a clean clone) is half a minute of wall clock before them
check: lint
	@$(MAKE) --no-print-directory -j2 types fast

test: lint browser nginx
	@$(MAKE) --no-print-directory -j2 types unit

# the message catalogs (docs/i18n.md): new messages into the .po files, then .po -> .mo
messages: $(BIN)/aerodeck
	$(BIN)/python scripts/messages.py update
	$(BIN)/python scripts/messages.py compile

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
	rm -rf $(VENV) $(PEERS) src/*.egg-info .pytest_cache .mypy_cache .ruff_cache
