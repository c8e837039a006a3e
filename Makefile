# tracer: `make site` builds the tutorial site, `make test` runs every test.
# Both first install what the project needs: a virtual environment in .venv with
# tracer and its dependencies, and Graphviz's `dot` (with apt-get where the machine
# allows it; otherwise the command stops and says how to install it).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SITE_DIR ?= build/site

.PHONY: setup test site serve bench bench-engine bench-render bench-site bench-exercises lint graphviz chromium clean help

help:
	@echo "make site   install everything and build the tutorial site into $(SITE_DIR)"
	@echo "make test   install everything and run the whole test suite"
	@echo "make serve  serve the tutorial site at http://127.0.0.1:8000"
	@echo "make bench  run every benchmark in bench/ (installs the peers they compare with)"
	@echo "make bench-exercises  time making 1,000 student versions and checking 1,000 submissions"

setup: $(STAMP) graphviz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[site,test,notebook]'
	touch $(STAMP)

graphviz:
	@if command -v dot >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
	  echo "Installing Graphviz (dot) with apt-get..."; \
	  $$SUDO apt-get install -y -qq graphviz >/dev/null 2>&1 || \
	  { $$SUDO apt-get update -qq >/dev/null 2>&1 && $$SUDO apt-get install -y -qq graphviz >/dev/null; } || \
	  { echo "Could not install Graphviz with apt-get: install it yourself (sudo apt-get install graphviz) and run make again." >&2; exit 1; }; \
	else \
	  echo "tracer needs Graphviz's dot: install it (Debian/Ubuntu: sudo apt-get install graphviz; macOS: brew install graphviz; others: https://graphviz.org/download/) and run make again." >&2; \
	  exit 1; \
	fi

# Browser tests drive Debian's Chromium through the playwright package (never
# `playwright install`, which downloads a browser). Without Chromium they are skipped.
chromium:
	@if [ -x /usr/bin/chromium ] || command -v chromium >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
	  echo "Installing Chromium with apt-get, for the browser tests..."; \
	  $$SUDO apt-get install -y -qq chromium >/dev/null 2>&1 || \
	  { $$SUDO apt-get update -qq >/dev/null 2>&1 && $$SUDO apt-get install -y -qq chromium >/dev/null 2>&1; } || \
	  echo "Could not install Chromium with apt-get: the browser tests will be skipped (sudo apt-get install chromium to run them)." >&2; \
	else \
	  echo "No Chromium: the browser tests will be skipped (Debian/Ubuntu: sudo apt-get install chromium)." >&2; \
	fi

test: setup chromium
	$(BIN)/python -m pytest

site: setup
	$(BIN)/mkdocs build --strict --site-dir $(SITE_DIR)

serve: setup
	$(BIN)/mkdocs serve

# every benchmark; each prints its figures and compares with its peer in the same run
bench: bench-engine bench-render bench-site bench-exercises

bench-engine: setup
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/engine.py

bench-site: setup
	$(BIN)/python bench/site.py

bench-exercises: setup
	$(BIN)/python bench/exercises.py

lint: setup
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/ruff check tracer tests bench
	$(BIN)/mypy tracer

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis

bench-render: setup
	$(BIN)/python bench/render.py
