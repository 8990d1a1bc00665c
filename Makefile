# Rules Explorer: `make run` serves the app, `make test` runs every test. Both set everything up first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
PORT ?= 8866
IP ?= 127.0.0.1
DEBUG ?=
CHROMIUM := /usr/bin/chromium

.PHONY: run test test-slow bench bench-browser notebooks lock chromium clean

# Create the virtual environment and install the project with the pinned stack, only when the
# project's dependencies or the lock file changed since the last install.
$(STAMP): pyproject.toml constraints.txt
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Python 3.11+ is needed")'
	@test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --disable-pip-version-check -c constraints.txt -e '.[test,rl]'
	@touch $(STAMP)

# Voila serves notebooks/ from inside it, so it reads notebooks/voila.json: the landing page and each game's app
# get a pre-started kernel that has already run the notebook (they open at once; the landing page's first, the
# apps' one at a time once it is ready); every other page starts its kernel when it is opened. widgets.server is
# Voila's own command line with a start-up fix (see its docstring). IP=0.0.0.0 serves other machines too; DEBUG=1
# shows Python tracebacks on the pages.
run: $(STAMP)
	@echo "Rules Explorer: http://localhost:$(PORT)/voila/render/index.ipynb  (all notebooks: http://localhost:$(PORT)/)"
	cd notebooks && ../$(BIN)/python -m widgets.server --port=$(PORT) --no-browser --Voila.ip=$(IP) \
	  --show_tracebacks=$(if $(filter 1 yes true True,$(DEBUG)),True,False)

# Browser tests drive Debian's Chromium; install it when it is missing (needs root or sudo).
chromium:
	@test -x $(CHROMIUM) || { echo "Installing Debian's chromium for the browser tests"; \
	  SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update -qq && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium >/dev/null; }

test: $(STAMP) chromium
	$(BIN)/python -m pytest

test-slow: $(STAMP) chromium
	$(BIN)/python -m pytest -m slow

# The playout table compares every engine with python-chess (the `bench` extra, installed here only).
bench: $(STAMP)
	@$(BIN)/python -c 'import chess' 2>/dev/null || $(BIN)/python -m pip install --quiet --disable-pip-version-check \
	  -c constraints.txt -e '.[test,rl,bench]'
	$(BIN)/python -m benchmarks

# Click-to-redraw latency of the four board views in headless Chromium through Voila (prints median, p90, max).
bench-browser: $(STAMP) chromium
	$(BIN)/python -m benchmarks.browser_latency

# Re-execute the tutorial notebooks (not the apps) and keep only the outputs nbval checks.
notebooks: $(STAMP)
	$(BIN)/python tools/refresh_notebooks.py $$(ls notebooks/index.ipynb notebooks/*/0*.ipynb)

# Regenerate the lock from a fresh resolve of pyproject.toml (then run `make test`).
lock:
	rm -rf /tmp/rules-explorer-lock && $(PYTHON) -m venv /tmp/rules-explorer-lock
	/tmp/rules-explorer-lock/bin/python -m pip install --quiet -e '.[test,rl,bench]'
	/tmp/rules-explorer-lock/bin/python -m pip freeze --exclude-editable | grep -v '^-e' > constraints.txt

clean:
	rm -rf $(VENV) artifacts .pytest_cache
