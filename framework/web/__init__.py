"""The Flask app: JSON API blueprints over the store, plus the browser client's files."""
from __future__ import annotations

from pathlib import Path

from flask import Flask, abort, send_from_directory
from flask_migrate import Migrate

from framework.engine.plugins import discover_games
from framework.engine.search import DEFAULT_ITERATIONS, DEFAULT_SECONDS
from framework.store import db, init_database

from . import account, chat, describe, events, games, history, legal, mutes, openapi, play, seating, users
from .addresses import refuse_undecodable_addresses
from .cli import register_cli
from .content_types import require_json_bodies
from .errors import register_error_handlers
from .proxies import trust_proxies
from .schemas import IdConverter
from .security import add_security_headers
from .settings import load_settings

ROOT = Path(__file__).resolve().parents[2]
MIGRATIONS = Path(__file__).resolve().parents[1] / "store" / "migrations"


def create_app(config: dict | None = None) -> Flask:
    app = Flask(__name__, instance_path=str(ROOT / "instance"), static_folder=str(ROOT / "static"),
                static_url_path="/static")
    app.config.from_mapping(
        MAX_CONTENT_LENGTH=64 * 1024,  # the largest real action is a few hundred bytes
        GAMES=None,                    # names of the registered plugins to serve; None serves them all
        GAMES_EXTRA=[],                # "module:Class" plugins not registered (the tests' own game)
        DEV_MODE=False,                # fixed deals, chosen seeds, hotseat, forks and early exports
        WEBHOOK_PRIVATE_TARGETS=False,  # webhooks may reach loopback and private addresses (a local bridge)
        TRUSTED_PROXIES=0,             # reverse proxies in front that set X-Forwarded-For (0: ignore it)
        LOGIN_ATTEMPTS=10,             # failed logins allowed for a name from one address ...
        LOGIN_ATTEMPTS_PER_ADDRESS=100,  # ... and for any names from one address ...
        LOGIN_WINDOW_SECONDS=900,      # ... in this many seconds
        REGISTRATIONS_PER_ADDRESS=10,  # new accounts from one address (each costs a password hash) ...
        REGISTRATION_WINDOW_SECONDS=3600,  # ... in this many seconds
        TABLES_PER_ACCOUNT=10,         # new tables one account may create ...
        TABLES_WINDOW_SECONDS=600,     # ... in this many seconds
        CHAT_LINES=10,                 # chat lines one account may post (at all its tables) ...
        CHAT_WINDOW_SECONDS=10,        # ... in this many seconds ...
        CHAT_LINES_PER_DAY=1000,       # ... and in a day
        EVENTS_STREAM_SECONDS=300,     # a push stream ends after this long (the page reconnects): workers recycle
        EVENTS_HEARTBEAT_SECONDS=15,   # a comment on a quiet stream this often, so proxies keep it open
        EVENTS_MAX_STREAMS=None,       # open streams per process (None: no bound); gunicorn.conf.py sets it for threads
        TICK_MOVES=2000,               # bots' and zombies' moves one tick plays in all ...
        TICK_MOVES_PER_ROUND=20,       # ... shared round-robin: each waiting table this many moves a round
        ZOMBIE_LEVEL="heuristic",      # how the zombie plays a seat whose player left or ran out of time
        EXPERT_ITERATIONS=DEFAULT_ITERATIONS,  # the expert bot's search budget per move (~1 s here)
        EXPERT_SECONDS=DEFAULT_SECONDS,        # ... and the most it may think, whatever iterations are left
        BOT_LEASE_SECONDS=30,          # a bot runner's claim on a seat it thinks for; past it another runner may
        MAX_GAME_MOVES=20_000,         # a game past this many moves ends as abandoned (its log kept)
        MAX_OPEN_TABLES=20,            # unfinished tables a user created and sits at
        LOG_PAGE=500,                  # moves per page of /log when no limit is asked (at most LOG_PAGE_MAX)
        EVENTS_STREAMS_PER_ACCOUNT=12,  # open streams of one account, on every table (every process and host) ...
        EVENTS_STREAMS_WATCHING=4,     # ... of which on tables it only watches ...
        EVENTS_STREAMS_PER_TABLE=4,    # ... on one table it plays at (tabs, devices) ...
        EVENTS_STREAMS_PER_TABLE_WATCHED=2,  # ... on one table it watches
        EVENTS_STREAMS_PER_ADDRESS=60,  # open streams from one client address, every account's (an IPv6 /64)
        PASSWORD_HASH_METHOD="scrypt",  # werkzeug's method for stored password hashes (and their cost)
    )
    load_settings(app, config)
    app.url_map.converters["id"] = IdConverter  # before the blueprints add their rules
    init_database(app)
    Migrate(app, db, directory=str(MIGRATIONS))
    app.extensions["games"] = discover_games(app.config["GAMES"], app.config["GAMES_EXTRA"])
    register_error_handlers(app)
    refuse_undecodable_addresses(app)
    require_json_bodies(app)
    add_security_headers(app)
    trust_proxies(app)
    for blueprint in (users.bp, account.bp, mutes.bp, games.bp, seating.bp, play.bp, chat.bp, history.bp, events.bp,
                      legal.bp, describe.bp, openapi.bp):
        app.register_blueprint(blueprint)
    register_cli(app)

    @app.get("/")
    def index():
        return send_from_directory(app.static_folder, "index.html")

    @app.get("/games/<name>/<path:filename>")
    def game_client_file(name: str, filename: str):
        """A game's browser module (client.js, its css), from its package's folder: only the games served,
        only those kinds, nothing outside that folder (send_from_directory refuses `..`)."""
        game = app.extensions["games"].get(name)
        folder = games.client_folder(game) if game else None
        if folder is None or not filename.endswith((".js", ".css")):
            abort(404)
        return send_from_directory(folder, filename)

    return app
