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

.PHONY: fuzz messages setup test site serve bench bench-engine bench-commands bench-render bench-site bench-exercises bench-decks lint graphviz chromium latex axe libreoffice poppler ffmpeg revealjs vendor-revealjs clean help

help:
	@echo "make site   install everything and build the tutorial site into $(SITE_DIR) (English; Turkish in $(SITE_DIR)/tr)"
	@echo "make test   install everything and run the whole test suite"
	@echo "make serve  serve the tutorial site at http://127.0.0.1:8000"
	@echo "make bench  run every benchmark in bench/ (installs the peers they compare with)"
	@echo "make bench-commands  time whole commands (key, trace, render, a 10,000-level chain, the site, check) beside their peers; PASS/FAIL per target"
	@echo "make bench-exercises  time making 1,000 student versions and checking 1,000 submissions"
	@echo "make fuzz   10,000 generated inputs to every reader and the hostile corpus, with counts (tests/fuzz)"
	@echo "make messages  re-extract the messages and update and compile every language's catalogue"
	@echo "make axe    install axe-core (npm) for the accessibility tests (make test does)"
	@echo "make bench-decks  time tracer render --pptx on AIMA's Figure 5.2, with peak memory"
	@echo "make vendor-revealjs  fetch reveal.js (npm, pinned) again into tracer/render/assets/revealjs"

setup: $(STAMP) graphviz

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	@# the distribution was called "tracer" before it became gametree-tracer: drop the old name's record
	$(BIN)/python -m pip uninstall --quiet --yes tracer 2>/dev/null || true
	$(BIN)/python -m pip install --quiet -e '.[site,test,notebook,chess,slides]'
	touch $(STAMP)

# $(call apt_get,COMMAND,PACKAGES,WHAT,MESSAGE-WHEN-MISSING,ON-FAILURE): when COMMAND is
# missing, install PACKAGES with apt-get (as root or with password-less sudo); where that
# cannot be done, print the message and run ON-FAILURE (exit 1 for what tracer needs,
# true for what only some tests need: those tests are then skipped).
# apt_get_unless: the same, with a shell test of our own for "already there" instead of a command's name.
define apt_get
$(call apt_get_unless,command -v $(1),$(2),$(3),$(4),$(5))
endef

define apt_get_unless
	@if $(1) >/dev/null 2>&1; then :; \
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
TURKISH_LATEX_MISSING := No babel Turkish for LaTeX: the test that compiles Turkish sheets will be skipped (Debian/Ubuntu: sudo apt-get install texlive-lang-european).
LATEX_MISSING := No pdflatex: the tests that compile LaTeX sheets and Beamer overlays will be skipped (Debian/Ubuntu: sudo apt-get install texlive-latex-base texlive-latex-recommended texlive-pictures texlive-lang-european; the last for babel's Turkish, which Turkish sheets load).

graphviz:
	$(call apt_get,dot,graphviz,Graphviz (dot),$(GRAPHVIZ_MISSING),exit 1)

# Browser tests drive Debian's Chromium through the playwright package (never
# `playwright install`, which downloads a browser).
chromium:
	$(call apt_get,chromium,chromium,Chromium (for the browser tests),$(CHROMIUM_MISSING),true)

# pdflatex with TikZ and Beamer, to compile the LaTeX sheets and overlays tracer writes.
latex:
	$(call apt_get,pdflatex,--no-install-recommends texlive-latex-base texlive-latex-recommended texlive-pictures texlive-lang-european,LaTeX (for the sheet and Beamer tests),$(LATEX_MISSING),true)
	$(call apt_get_unless,{ ! command -v kpsewhich || kpsewhich turkish.ldf; },--no-install-recommends texlive-lang-european,babel's Turkish for LaTeX (Turkish sheets),$(TURKISH_LATEX_MISSING),true)

# Slide decks and animations (tracer render --pptx, --revealjs, --format gif,mp4): LibreOffice
# Impress converts the PowerPoint decks the tests write to PDF, and pdftotext (poppler-utils)
# reads each page's text back; ffmpeg makes MP4 animations (without it tracer refuses mp4 in
# one line, and its tests are skipped).
LIBREOFFICE_MISSING := No LibreOffice: the tests that open PowerPoint decks in Impress will be skipped (Debian/Ubuntu: sudo apt-get install libreoffice-impress).
POPPLER_MISSING := No pdftotext: the tests that read decks converted to PDF will be skipped (Debian/Ubuntu: sudo apt-get install poppler-utils).
FFMPEG_MISSING := No ffmpeg: tracer render --format mp4 is refused and its tests are skipped (Debian/Ubuntu: sudo apt-get install ffmpeg).

libreoffice:
	$(call apt_get,soffice,--no-install-recommends libreoffice-impress,LibreOffice Impress (for the deck tests),$(LIBREOFFICE_MISSING),true)

poppler:
	$(call apt_get,pdftotext,poppler-utils,poppler-utils (pdftotext for the deck tests),$(POPPLER_MISSING),true)

ffmpeg:
	$(call apt_get,ffmpeg,--no-install-recommends ffmpeg,ffmpeg (MP4 animations),$(FFMPEG_MISSING),true)

# reveal.js: the decks of tracer render --revealjs carry the copy vendored in
# tracer/render/assets/revealjs (SOURCE.md: version, origin, checksums). `make revealjs`
# installs the pinned version from the npm registry into .cache/revealjs, where a test
# compares it with the vendored copy; `make vendor-revealjs` copies it into the package
# and writes SOURCE.md's checksums again.
REVEALJS_VERSION := 5.2.1
REVEALJS_DIR := .cache/revealjs
REVEALJS_STAMP := $(REVEALJS_DIR)/.installed-$(REVEALJS_VERSION)
REVEALJS_PACKAGE := $(REVEALJS_DIR)/node_modules/reveal.js
REVEALJS_VENDORED := tracer/render/assets/revealjs
REVEALJS_FILES := reveal.js:dist/reveal.js reveal.css:dist/reveal.css reset.css:dist/reset.css notes.js:plugin/notes/notes.js LICENSE:LICENSE

revealjs: $(REVEALJS_STAMP)

$(REVEALJS_STAMP):
	@if ! command -v npm >/dev/null 2>&1; then echo "No npm: the check of the vendored reveal.js against the npm package will be skipped." >&2; \
	elif rm -rf $(REVEALJS_DIR) && npm install --prefix $(REVEALJS_DIR) --no-save --no-package-lock --no-audit --no-fund --loglevel=error reveal.js@$(REVEALJS_VERSION); then \
	  touch $@; \
	else echo "Could not install reveal.js $(REVEALJS_VERSION) with npm: the check of the vendored copy will be skipped." >&2; fi

vendor-revealjs: revealjs
	@test -d $(REVEALJS_PACKAGE) || { echo "reveal.js is not installed in $(REVEALJS_DIR) (npm is needed)" >&2; exit 1; }
	for pair in $(REVEALJS_FILES); do cp $(REVEALJS_PACKAGE)/$${pair#*:} $(REVEALJS_VENDORED)/$${pair%%:*}; done
	sed -i '/^| [^ ]* | [^ ]* | [0-9a-f]\{64\} |$$/d' $(REVEALJS_VENDORED)/SOURCE.md
	for pair in $(REVEALJS_FILES); do f=$${pair%%:*}; \
	  printf '| %s | %s | %s |\n' $$f $${pair#*:} $$(sha256sum $(REVEALJS_VENDORED)/$$f | cut -d' ' -f1); \
	done > $(REVEALJS_DIR)/rows && sed -i '/^|---|---|---|$$/r $(REVEALJS_DIR)/rows' $(REVEALJS_VENDORED)/SOURCE.md
	@echo "Vendored reveal.js $(REVEALJS_VERSION); if the version changed, say so in $(REVEALJS_VENDORED)/SOURCE.md and the tests."

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

test: setup chromium latex axe libreoffice poppler ffmpeg revealjs
	$(BIN)/python -m pytest

# The fuzz suite (tests/fuzz) at length: `make test` runs it with a few inputs per reader
# (within a minute); here 10,000 per reader, each reader in a process of its own so that a
# crash is counted, then the hostile corpus; prints inputs, tracebacks and crashes per reader.
fuzz: setup
	$(BIN)/python tests/fuzz/run_fuzz.py

site: setup
	$(BIN)/mkdocs build --strict --site-dir $(SITE_DIR)

serve: setup
	$(BIN)/mkdocs serve

# every benchmark; each prints its figures and compares with its peer in the same run. The
# whole commands come last: their closing note lists every target of issue 14 with PASS or FAIL.
# A benchmark that misses its target does not stop the others (make bench fails at the end).
BENCHES := bench-engine bench-render bench-site bench-exercises bench-decks bench-commands
bench: setup
	@failed=""; for target in $(BENCHES); do $(MAKE) --no-print-directory $$target || failed="$$failed $$target"; done; \
	if [ -n "$$failed" ]; then echo "missed a target:$$failed" >&2; exit 1; fi

bench-engine: setup
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	$(BIN)/python bench/engine.py

# whole commands as users type them (issue 14's rows), beside aima3 as a whole process
bench-commands: setup
	$(BIN)/python -m pip install --quiet -e '.[bench]'
	# bytecode as an installed tracer has it (pip compiles on install; an editable install, or
	# PYTHONDONTWRITEBYTECODE, leaves each command compiling what changed since)
	$(BIN)/python -m compileall -q tracer
	$(BIN)/python bench/commands.py

bench-site: setup
	$(BIN)/python bench/site.py

bench-exercises: setup
	$(BIN)/python bench/exercises.py

lint: setup
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	$(BIN)/ruff check tracer tests bench
	$(BIN)/mypy tracer

clean:
	rm -rf $(VENV) build .pytest_cache .hypothesis $(AXE_DIR) $(REVEALJS_DIR)

bench-render: setup
	$(BIN)/python bench/render.py

bench-decks: setup
	$(BIN)/python bench/decks.py

# Messages: extract every say()/say_n() into the template, merge it into each language's
# catalogue (new messages arrive untranslated; tests/words fails until they are translated),
# and compile the catalogues. Dates are left out so that unchanged messages give unchanged files.
messages: setup
	$(BIN)/pybabel -q extract -F $(LOCALES)/babel.cfg -k 'say:1c,2' -k 'template:1c,2' -k 'say_n:1c,2,3' -k 'Said:1c,2' --no-default-keywords \
	  --add-location=file --sort-by-file --project tracer --copyright-holder "tracer developers" -o $(LOCALES)/tracer.pot .
	sed -i '/^"POT-Creation-Date: /d' $(LOCALES)/tracer.pot
	if ls $(LOCALES)/*/LC_MESSAGES/tracer.po >/dev/null 2>&1; then \
	  $(BIN)/pybabel -q update --no-fuzzy-matching --ignore-obsolete -i $(LOCALES)/tracer.pot -d $(LOCALES) -D tracer && \
	  sed -i '/^"POT-Creation-Date: /d' $(LOCALES)/*/LC_MESSAGES/tracer.po && \
	  $(BIN)/python -m tracer.words.compile; \
	fi
