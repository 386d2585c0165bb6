# The few commands a person types. Each one sets up .venv first if needed.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
export PIP_DISABLE_PIP_VERSION_CHECK := 1

.PHONY: run test lint app bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e ".[dev]"
	touch $(STAMP)

## make run: create .venv if missing, install, start the game
run: $(STAMP)
	$(BIN)/python -m swoop_desktop

## make test: same set-up, then lint and the whole test suite, headless
test: $(STAMP)
	$(MAKE) --no-print-directory lint
	SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy $(BIN)/python -m pytest -q -n 2 --timeout 900

## make lint: ruff, mypy, the import-linter layering contracts and the walls they cannot express
lint: $(STAMP)
	$(BIN)/ruff check swoop_desktop tests benchmarks tools
	$(BIN)/mypy
	$(BIN)/lint-imports
	$(BIN)/python tools/check_walls.py

APP_STAMP := $(VENV)/.installed-app

$(APP_STAMP): $(STAMP)
	$(BIN)/python -m pip install --quiet -e ".[app]"
	touch $(APP_STAMP)

## make app: same set-up plus PyInstaller, then build the double-click app into build/dist/Swoop/
app: $(APP_STAMP)
	$(BIN)/pyinstaller --noconfirm --log-level WARN --distpath build/dist --workpath build/work installer.spec
	@echo "built build/dist/Swoop/ (check it: build/dist/Swoop/Swoop --selftest)"

## make bench: print the engine's throughput figures
bench: $(STAMP)
	$(BIN)/python benchmarks/engine_throughput.py

clean:
	rm -rf build dist *.egg-info .pytest_cache .ruff_cache
