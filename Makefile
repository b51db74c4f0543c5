# Two commands on a fresh machine: `make play` and `make test`.
# Both create .venv, install the project into it (pip install -e) and go.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed-stamp
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy

.PHONY: play test lint bench selfplay bundle clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11 or newer is needed (found " + sys.version.split()[0] + ")")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	@touch $(STAMP)

play: $(STAMP)
	$(BIN)/ziggurat play

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict engine
	$(BIN)/mypy game ai net kiosk ziggurat_cli datafiles
	$(HEADLESS) $(BIN)/python -m pytest -q -n 2

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/mypy --strict engine
	$(BIN)/mypy game ai net kiosk ziggurat_cli datafiles

bench: $(STAMP)
	$(BIN)/python benchmarks/engine_bench.py
	$(BIN)/python benchmarks/civ_bench.py

bundle: $(STAMP)
	bash kiosk/bundle.sh

selfplay: $(STAMP)
	$(BIN)/ziggurat selfplay tigris --games 200 --players 4

clean:
	rm -rf $(VENV) build *.egg-info
