# nimlab — two commands: `make run` and `make test`. Each creates .venv and
# installs what it needs; nothing else is required beyond Python 3.11 and make.

PYTHON ?= $(shell command -v python3.11 2>/dev/null || command -v python3)
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint bench tour screenshots clean fuzz

$(STAMP): pyproject.toml constraints.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[dev]'
	touch $(STAMP)

run: $(STAMP)
	$(BIN)/nimlab serve

tour: $(STAMP)
	$(BIN)/nimlab tour

test: $(STAMP)
	$(BIN)/python -m pytest

# The long fuzz profile: thousands of hostile command lines, each in a capped subprocess
# (tests/cli/test_fuzz.py; `make test` runs a short profile of the same test).
FUZZ_EXAMPLES ?= 3000
fuzz: $(STAMP)
	NIMLAB_FUZZ_EXAMPLES=$(FUZZ_EXAMPLES) $(BIN)/python -m pytest -q -p no:cacheprovider tests/cli/test_fuzz.py

lint: $(STAMP)
	$(BIN)/ruff check src tests bench
	$(BIN)/ruff format --check src tests bench
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m bench

# Re-take the screenshots in docs/screenshots (needs chromium and a CJK font for the Japanese
# pages, e.g. apt-get install fonts-ipafont-gothic; see tests/web/browser.py).
screenshots: $(STAMP)
	NIMLAB_SCREENSHOTS=docs/screenshots $(BIN)/python -m pytest -q tests/web/test_browser.py \
		tests/web/test_browser_play.py tests/web/test_browser_boards.py

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .hypothesis
