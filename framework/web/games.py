"""The game plugins this server runs, with their options and each action's argument schema."""
from __future__ import annotations

import functools
import shutil
import sys
from pathlib import Path

from flask import Blueprint, Response, current_app, request
from marshmallow import Schema, fields
from marshmallow.utils import missing

from framework.designer.diagram import FORMATS
from framework.engine import Game, bot_levels

from . import answers, schemas
from .access import dev_mode
from .answering import answered
from .errors import ApiError
from .openapi import documented

bp = Blueprint("games", __name__, url_prefix="/api")

_TYPES = {fields.String: "string", fields.Integer: "integer", fields.Float: "number",
          fields.Boolean: "boolean", fields.List: "array", fields.Dict: "object", fields.Raw: "any"}


def describe_field(field: fields.Field) -> dict:
    """A field as JSON: type, required, default, allowed values (what a generic form needs)."""
    kind = next((name for cls, name in _TYPES.items() if isinstance(field, cls)), "any")
    out: dict = {"type": kind, "required": field.required}
    if field.load_default not in (None, missing) and not callable(field.load_default):
        out["default"] = field.load_default
    for validator in field.validators:
        if hasattr(validator, "choices"):
            out["choices"] = list(validator.choices)
        for bound in ("min", "max"):
            if getattr(validator, bound, None) is not None:
                out[bound] = getattr(validator, bound)
    if isinstance(field, fields.List):
        out["items"] = describe_field(field.inner)
    return out


def describe_schema(schema: Schema) -> dict:
    return {name: describe_field(field) for name, field in schema.fields.items()}


def client_folder(game: type[Game]) -> Path | None:
    """Where a plugin's browser files live: the folder of the module that defines its Game class (its
    package, wherever it is installed)."""
    path = getattr(sys.modules.get(game.__module__), "__file__", None)
    return Path(path).resolve().parent if path else None


def client_files(game: type[Game]) -> dict:
    """The game's browser module and stylesheet, when it has them: the page loads them without asking first."""
    folder = client_folder(game)
    return {kind: f"/games/{game.name}/client.{ext}" if folder and (folder / f"client.{ext}").is_file() else None
            for kind, ext in (("module", "js"), ("css", "css"))}


@functools.cache  # a plugin's declarations do not change while the server runs
def describe_game(game: type[Game]) -> dict:
    registry = game.registry()
    actions = {}
    for state in game.states:
        for name, spec in state.actions.items():
            actions.setdefault(name, {"arguments": describe_schema(spec.schema), "out_of_turn": spec.out_of_turn,
                                      "states": []})["states"].append(state.name)
    for name, spec in registry.global_actions.items():
        actions.setdefault(name, {"arguments": describe_schema(spec.schema), "out_of_turn": spec.out_of_turn,
                                  "states": ["any"]})
    options = describe_schema(game.option_schema()) if game.option_schema else {}
    options.pop("deal", None)  # fixed deals are a testing tool, not a table option
    return {"name": game.name, "title": game.title, "version": game.version, "tie_breaker": game.tie_breaker,
            "players": {"min": game.min_players, "max": game.max_players}, "bot_levels": bot_levels(game),
            "options": options, "actions": actions, "client": client_files(game),
            "states": [{"id": s.id, "name": s.name, "type": s.type.value} for s in game.states]}


DIAGRAM_MAX_AGE = 3600  # seconds browsers and proxies may keep a diagram without asking


@bp.get("/games/<name>/diagram")
@documented("A game's state machine (SVG, dot or Mermaid text)", answer=(200, None),
            errors=(400, 404, 409), query=schemas.DiagramQuery, public=True)
def diagram(name: str):
    """The game's state machine: SVG where Graphviz is installed, else Mermaid text (`?format=` picks)."""
    games = current_app.extensions["games"]
    if name not in games:
        raise ApiError(404, "not_found", f"There is no game {name!r}.")
    fmt = schemas.load_query(schemas.DiagramQuery()).get("format") or ("svg" if shutil.which("dot") else "mermaid")
    try:
        text = drawn(games[name], fmt)
    except RuntimeError as err:
        raise ApiError(409, "unavailable", str(err)) from None
    response = Response(text, mimetype="image/svg+xml" if fmt == "svg" else "text/plain")
    # The same for everyone until the game's version changes: browsers and proxies may keep it an hour,
    # then ask again with the ETag and get a 304 without the body. A designer restarting the server after
    # changing the rules sees the new drawing at once: in development mode they ask every time.
    response.cache_control.public = True
    response.cache_control.max_age = 0 if current_app.config["DEV_MODE"] else DIAGRAM_MAX_AGE
    response.add_etag()
    return response.make_conditional(request)


def drawn(game: type[Game], fmt: str) -> str:
    """A game's diagram, drawn once per game version and format in this process: the route is public, and
    SVG runs Graphviz's `dot` in a subprocess, which anyone could otherwise make the server do at will."""
    cache = current_app.extensions.setdefault("diagrams", {})
    key = (game.name, game.version, fmt)
    if key not in cache:
        cache[key] = FORMATS[fmt](game)
    return cache[key]


@bp.get("/games")
@documented("The game plugins", answer=(200, answers.GameList), public=True)
def list_games():
    games = current_app.extensions["games"]
    return answered(answers.GameList, {"games": [describe_game(g) for g in games.values()], "development": dev_mode()})
