# `make run` serves the app on SQLite; `make test` sets up and runs every test. Nothing else to install.
VENV   ?= .venv
PY     := $(VENV)/bin/python
FLASK  := $(VENV)/bin/flask --app framework.web
PORT   ?= 5000
STAMP  := $(VENV)/.installed

.PHONY: install run serve test check lint soak bench clean

$(STAMP): pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install -q --upgrade pip
	$(PY) -m pip install -q -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

# The bot runner (`flask bots`) beside the server: the expert bots' turns are its, never a request's.
run: install
	$(FLASK) init-db
	@echo "Serving on http://127.0.0.1:$(PORT)/ with a bot runner  (Ctrl+C stops)"
	$(FLASK) bots & bots=$$!; trap 'kill $$bots 2>/dev/null' EXIT INT TERM; \
	$(FLASK) run --host 127.0.0.1 --port $(PORT)

# The site as deploy/ runs it, on this machine: the JSON API on PORT (2 gthread workers) and the push process
# for the pages' event streams on PUSH_PORT (gevent), which deploy/nginx.conf puts behind one address. Opened
# on PORT directly, a page streams from the API's spare threads, and polls once they are taken. Set
# DATABASE_URL for PostgreSQL. A bot runner (`flask bots`) plays the expert bots. Ctrl+C stops them all.
PUSH_PORT ?= $(shell echo $$(($(PORT) + 1)))
serve: install
	$(FLASK) init-db
	@echo "Serving on http://127.0.0.1:$(PORT)/ with 2 workers, event streams on port $(PUSH_PORT), a bot runner"
	@echo "Not meant to face the internet directly: put nginx in front (deploy/nginx.conf, README \"Deployment\")."
	$(VENV)/bin/gunicorn --worker-class gevent --worker-connections 2000 --workers 1 --bind 127.0.0.1:$(PUSH_PORT) \
		'framework.web:create_app()' & push=$$!; $(FLASK) bots & bots=$$!; \
	trap 'kill $$push $$bots 2>/dev/null' EXIT INT TERM; \
	$(VENV)/bin/gunicorn --workers 2 --bind 127.0.0.1:$(PORT) 'framework.web:create_app()'

lint: install
	$(VENV)/bin/ruff check .

test: install lint
	$(PY) -m pytest

# The change-and-check loop: lint, then every test but those marked slow (browsers, servers started
# and loaded, many whole games); about a minute and a half here. CI runs `make test`, everything.
check: install lint
	$(PY) -m pytest -m "not slow"

# Load test: 2 gunicorn workers on SQLite then PostgreSQL, 10,000 racing moves each, a worker killed
# mid-way; then the hidden-information audit on 1,000 random games per game; then two hosts on one
# PostgreSQL behind nginx, 4,000 moves, one host killed and restarted, the other restarted after
# (docs/deploying.md).
soak: install
	$(PY) -m tools.soak --moves 10000 --db both
	$(PY) -m tools.multihost --moves 4000

# Speed: HTTP against a bare Flask baseline, self-play, replay, storage, views, the page, push; writes BENCHMARKS.md.
bench: install
	$(PY) -m tools.bench

clean:
	rm -rf $(VENV) instance .pytest_cache
