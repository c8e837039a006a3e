# tracer: `make site` builds the tutorial site, `make test` runs every test.
# Both first install what the project needs: a virtual environment in .venv with
# tracer and its dependencies, and Graphviz's `dot` (with apt-get where the machine
# allows it; otherwise the command stops and says how to install it).

PYTHON ?= python3
VENV ?= .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
SITE_DIR ?= build/site

LOCALES := tracer/locale

.PHONY: messages setup test site serve bench bench-engine bench-render bench-site bench-exercises lint graphviz chromium latex axe clean help

help:
	@echo "make site   install everything and build the tutorial site into $(SITE_DIR)"
	@echo "make test   install everything and run the whole test suite"
	@echo "make serve  serve the tutorial site at http://127.0.0.1:8000"
	@echo "make bench  run every benchmark in bench/ (installs the peers they compare with)"
	@echo "make bench-exercises  time making 1,000 student versions and checking 1,000 submissions"
	@echo "make messages  re-extract the messages and update and compile every language's catalogue"
	@echo "make axe    install axe-core (npm) for the accessibility tests (make test does)"

setup: $(STAMP) graphviz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[site,test,notebook,chess,slides]'
	touch $(STAMP)

# $(call apt_get,COMMAND,PACKAGES,WHAT,MESSAGE-WHEN-MISSING,ON-FAILURE): when COMMAND is
# missing, install PACKAGES with apt-get (as root or with password-less sudo); where that
# cannot be done, print the message and run ON-FAILURE (exit 1 for what tracer needs,
# true for what only some tests need: those tests are then skipped).
define apt_get
	@if command -v $(1) >/dev/null 2>&1; then :; \
	elif command -v apt-get >/dev/null 2>&1 && { [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; }; then \
	  SUDO=$$([ "$$(id -u)" = 0 ] || echo "sudo -n"); \
	  echo "Installing $(3) with apt-get..."; \
	  $$SUDO apt-get install -y -qq $(2) >/dev/null 2>&1 || \
	  { $$SUDO apt-get update -qq >/dev/null 2>&1 && $$SUDO apt-get install -y -qq $(2) >/dev/null 2>&1; } || \
	  { echo "Could not install $(3) with apt-get. $(4)" >&2; $(5); }; \
	else \
	  echo "$(4)" >&2; $(5); \
	fi
endef

GRAPHVIZ_MISSING := tracer needs Graphviz's dot: install it (Debian/Ubuntu: sudo apt-get install graphviz; macOS: brew install graphviz; others: https://graphviz.org/download/) and run make again.
CHROMIUM_MISSING := No Chromium: the browser tests will be skipped (Debian/Ubuntu: sudo apt-get install chromium).
LATEX_MISSING := No pdflatex: the tests that compile LaTeX sheets and Beamer overlays will be skipped (Debian/Ubuntu: sudo apt-get install texlive-latex-base texlive-latex-recommended texlive-pictures).

graphviz:
	$(call apt_get,dot,graphviz,Graphviz (dot),$(GRAPHVIZ_MISSING),exit 1)

# Browser tests drive Debian's Chromium through the playwright package (never
# `playwright install`, which downloads a browser).
chromium:
	$(call apt_get,chromium,chromium,Chromium (for the browser tests),$(CHROMIUM_MISSING),true)

# pdflatex with TikZ and Beamer, to compile the LaTeX sheets and overlays tracer writes.
latex:
	$(call apt_get,pdflatex,--no-install-recommends texlive-latex-base texlive-latex-recommended texlive-pictures,LaTeX (for the sheet and Beamer tests),$(LATEX_MISSING),true)

# axe-core, the accessibility engine the browser tests run inside each page of the site
# (tests/browser/test_accessibility.py): from the npm registry at a pinned version, into
# a folder of the repository that git ignores; nothing is fetched while the tests run.
# Without npm, or if the install fails, those tests are skipped and say why.
AXE_VERSION := 4.14.1
AXE_DIR := .cache/axe
AXE_STAMP := $(AXE_DIR)/.installed-$(AXE_VERSION)
AXE_MISSING := No npm: the accessibility tests (axe-core) will be skipped (Debian/Ubuntu: sudo apt-get install npm).

axe: $(AXE_STAMP)

$(AXE_STAMP):
	@if ! command -v npm >/dev/null 2>&1; then echo "$(AXE_MISSING)" >&2; \
	elif rm -rf $(AXE_DIR) && npm install --prefix $(AXE_DIR) --no-save --no-package-lock --no-audit --no-fund --loglevel=error axe-core@$(AXE_VERSION); then \
	  touch $@; \
	else echo "Could not install axe-core $(AXE_VERSION) with npm: the accessibility tests will be skipped." >&2; fi

test: setup chromium latex axe
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
	rm -rf $(VENV) build .pytest_cache .hypothesis $(AXE_DIR)

bench-render: setup
	$(BIN)/python bench/render.py

# Messages: extract every say()/say_n() into the template, merge it into each language's
# catalogue (new messages arrive untranslated; tests/words fails until they are translated),
# and compile the catalogues. Dates are left out so that unchanged messages give unchanged files.
messages: setup
	$(BIN)/pybabel -q extract -F $(LOCALES)/babel.cfg -k 'say:1c,2' -k 'template:1c,2' -k 'say_n:1c,2,3' --no-default-keywords \
	  --add-location=file --sort-by-file --project tracer --copyright-holder "tracer developers" -o $(LOCALES)/tracer.pot .
	sed -i '/^"POT-Creation-Date: /d' $(LOCALES)/tracer.pot
	if ls $(LOCALES)/*/LC_MESSAGES/tracer.po >/dev/null 2>&1; then \
	  $(BIN)/pybabel -q update --no-fuzzy-matching --ignore-obsolete --add-location=file -i $(LOCALES)/tracer.pot -d $(LOCALES) -D tracer && \
	  sed -i '/^"POT-Creation-Date: /d' $(LOCALES)/*/LC_MESSAGES/tracer.po && \
	  $(BIN)/pybabel -q compile -d $(LOCALES) -D tracer; \
	fi
