# The few commands a person types. Each one sets up .venv first if needed, from the
# hashed lock files in requirements/ (`make lock` refreshes them from pyproject.toml).
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
APP_STAMP := $(VENV)/.installed-app
DEV_LOCK := requirements/dev.txt
APP_LOCK := requirements/app.txt
export PIP_DISABLE_PIP_VERSION_CHECK := 1
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy PYTHONDONTWRITEBYTECODE=
# (the tests start many Python processes: each reads the compiled modules the first wrote
#  instead of compiling the game again, even where the environment asks for no .pyc files)
# The test workers: twice the cores this process may use. Many tests spend much of their
# time waiting (a window coming to rest, a worker process starting or being killed, a file
# lock), so a second worker a core keeps the cores busy meanwhile (the quick tier 146 -> 104 s
# wall on 2 cores; benchmarks/RESULTS.md, "The quick tier's cost"). TEST_JOBS=2 to choose.
TEST_JOBS ?= $(shell $(PYTHON) -c 'import os; print(2 * len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else 2 * (os.cpu_count() or 1))' 2>/dev/null || echo 2)
# Said when Python cannot make .venv: Debian and Ubuntu ship venv/ensurepip apart.
NO_VENV := make: $(PYTHON) cannot create the virtual environment .venv (its venv module, ensurepip or pip is missing).\n      On Debian or Ubuntu install it with:   sudo apt install python3-venv\n      (elsewhere: install Python 3.11 or newer from python.org), then run make again.\n

.PHONY: run test test-slow test-all lint app deb lock bench clean messages catalogues

$(BIN)/python:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' 2>/dev/null || \
	  { printf 'make: $(PYTHON) is missing or older than Python 3.11.\n      On Debian or Ubuntu: sudo apt install python3 python3-venv   (or run make PYTHON=python3.11)\n' >&2; exit 1; }
	@$(PYTHON) -m venv $(VENV) || { rm -rf $(VENV); printf '$(NO_VENV)' >&2; exit 1; }
	@$(BIN)/python -m pip --version >/dev/null 2>&1 || { rm -rf $(VENV); printf '$(NO_VENV)' >&2; exit 1; }

$(STAMP): $(DEV_LOCK) pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --require-hashes -r $(DEV_LOCK)
	$(BIN)/python -m pip install --quiet --no-deps -e .
	touch $(STAMP)

## make run: create .venv if missing, install, compile the catalogues, start the game
run: $(STAMP) catalogues
	$(BIN)/python -m swoop_desktop

## make test: same set-up, then lint, the catalogues compiled aside with msgfmt --check, each
## language whole (tools/catalogues.py --check: nothing untranslated or fuzzy), the template and
## catalogues as `make messages` would make them (tools/messages.py --check), and the test
## suite, headless, in about two minutes:
## every test but the long runs marked `slow` (each has a quick copy here) and the wheel
## and built-app checks marked `release` (run by .ci/run after make app/deb). With
## --dist worksteal a worker that runs out of tests takes some of the other's.
## The checks (CHECKS) run beside the tests, not before them: they take one core for about
## 15 s from a fresh clone (mypy's first run), while the tests leave a core idle for some
## of their time. Their report is printed after the tests', and either failing fails.
CHECKS := $(MAKE) --no-print-directory lint && $(BIN)/python tools/catalogues.py --check && $(BIN)/python tools/messages.py --check
test: $(STAMP)
	@report=$$(mktemp) || exit 1; \
	echo "make test: lint and the catalogue checks run beside the tests; their report follows"; \
	( $(CHECKS) ) >"$$report" 2>&1 & checks=$$!; \
	$(HEADLESS) $(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist worksteal --timeout 900 -m "not release and not slow"; tests=$$?; \
	wait $$checks; checked=$$?; \
	echo "--- lint and the catalogue checks:"; cat "$$report"; rm -f "$$report"; \
	if [ $$checked -ne 0 ]; then echo "make test: lint or a catalogue check failed (above)" >&2; fi; \
	if [ $$tests -ne 0 ]; then echo "make test: tests failed (their report is further up)" >&2; fi; \
	[ $$checked -eq 0 ] && [ $$tests -eq 0 ]

## make test-slow: the long runs only (full-length monkeys, whole-game AI runs, the
## review at full work); .ci/run runs them after make test
test-slow: $(STAMP)
	$(HEADLESS) $(BIN)/python -m pytest -q -n 2 --dist worksteal --timeout 1800 -m "slow and not release"

## make test-all: lint, then every test but the release checks, slow ones included
test-all: $(STAMP)
	$(MAKE) --no-print-directory lint
	$(HEADLESS) $(BIN)/python -m pytest -q -n $(TEST_JOBS) --dist worksteal --timeout 1800 -m "not release"

## make lint: ruff (checks and formatting), mypy, the import-linter layering contracts, the walls they cannot
## express (tools/check_walls.py), that every test checks something (tools/check_tests.py) and
## actionlint on the workflows
lint: $(STAMP)
	$(BIN)/ruff check swoop_desktop tests benchmarks packaging tools installer.spec run_swoop.py setup.py
	$(BIN)/ruff format --check swoop_desktop tests benchmarks packaging tools installer.spec run_swoop.py setup.py
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python tools/check_walls.py
	$(BIN)/python tools/check_tests.py
	$(BIN)/actionlint .github/workflows/*.yml

$(APP_STAMP): $(APP_LOCK) $(STAMP)
	$(BIN)/python -m pip install --quiet --require-hashes -r $(APP_LOCK)
	touch $(APP_STAMP)

## make app: same set-up plus PyInstaller, then build the double-click app into build/dist/Swoop/
app: $(APP_STAMP) catalogues
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath build/dist --workpath build/work installer.spec
	@echo "built build/dist/Swoop/ (check it: build/dist/Swoop/Swoop --selftest)"

## make deb: the Linux package build/swoop_VERSION_ARCH.deb from the app in build/dist/Swoop/
deb: app
	$(BIN)/python packaging/build_deb.py --app build/dist/Swoop --out build

## make lock: re-resolve requirements/*.txt from pyproject.toml's ranges (newest allowed
## versions, hashed, for CPython 3.11 on Linux, macOS and Windows alike)
lock: $(STAMP)
	$(BIN)/uv pip compile --quiet pyproject.toml --extra dev --universal --generate-hashes \
	  --python-version 3.11 --upgrade -o $(DEV_LOCK)
	$(BIN)/uv pip compile --quiet pyproject.toml --extra dev --extra app --universal \
	  --generate-hashes --python-version 3.11 --upgrade -c $(DEV_LOCK) -o $(APP_LOCK)

## make messages: gather every message the code marks for translation into the template
## swoop_desktop/locale/swoop.pot, then bring each language's .po up to date with it: new
## messages (and changed ones) empty for the translator, never guessed from one that looks
## alike (tools/messages.py: Babel without fuzzy matching, places without line numbers, so
## running it again changes nothing)
messages: $(STAMP)
	$(BIN)/python tools/messages.py

## make catalogues: compile each .po into the .mo the game reads (msgfmt --check --statistics
## where GNU gettext is installed, else Babel), one line of statistics per language
catalogues: $(STAMP)
	$(BIN)/python tools/catalogues.py

## make bench: print the engine's throughput figures
bench: $(STAMP)
	$(BIN)/python benchmarks/engine_throughput.py

clean:
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache
