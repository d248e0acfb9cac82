"""The OpenAPI description of the HTTP API, made from the routes themselves.

Each `/api/` route says what it takes and answers with `@documented(...)`, beside its own
`@bp.get` / `@bp.post`; `build_spec` walks the app's URL map, so a route added without it makes
the description refuse to build (and the test that reads it fails), and one added with it is
described with nothing else to edit. The schemas are the ones the routes load with
(`schemas.py`) and answer with (`answers.py`).
"""
from __future__ import annotations

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass

from apispec import APISpec
from apispec.ext.marshmallow import MarshmallowPlugin
from flask import Blueprint, Flask, current_app, jsonify
from marshmallow import Schema

from . import answers
from .schemas import MAX_ID

bp = Blueprint("openapi", __name__, url_prefix="/api")
PATH_PARAMETER = re.compile(r"<(?:(\w+):)?(\w+)>")  # Flask's <id:table_id>


# A request body: a schema, or for bodies that depend on the app (the games it serves, development
# mode) a function of the app giving a schema or a JSON schema.
Body = type[Schema] | Callable[[Flask], type[Schema] | dict]


@dataclass(frozen=True)
class Operation:
    summary: str
    answer: tuple[int, type[Schema] | str | None]  # the success status and its JSON schema (None: not JSON;
    #                                                a string: that media type)
    errors: tuple[int, ...] = ()              # the refusals it may answer with besides
    body: Body | None = None
    query: type[Schema] | None = None
    public: bool = False                      # no bearer token needed
    hotseat: bool = False                     # takes `?as=<player id>` on hotseat tables
    why: tuple[tuple[int, str], ...] = ()     # refusals worth a sentence of their own: (status, when)


def documented(summary: str, *, answer: tuple[int, type[Schema] | str | None], errors: tuple[int, ...] = (),
               body: Body | None = None, query: type[Schema] | None = None, public: bool = False,
               hotseat: bool = False, why: dict[int, str] | None = None) -> Callable:
    """Describe a route for the OpenAPI document; put it right under the `@bp.<method>` line. `why` says
    when a refusal comes (a refusal with it carries Retry-After)."""

    def mark(view: Callable) -> Callable:
        view.operation = Operation(summary, answer, tuple(errors), body, query, public, hotseat,
                                   tuple((why or {}).items()))
        return view

    return mark


def openapi_path(rule: str) -> tuple[str, list[dict]]:
    """`/api/tables/<id:table_id>` -> `/api/tables/{table_id}` and its path parameters."""
    parameters = [{"in": "path", "name": name, "required": True,
                   "schema": {"type": "integer", "minimum": 0, "maximum": MAX_ID} if converter in ("id", "int")
                   else {"type": "string"}}
                  for converter, name in PATH_PARAMETER.findall(rule)]
    return PATH_PARAMETER.sub(lambda m: "{" + m.group(2) + "}", rule), parameters


# What any operation may answer besides its own refusals: a URL that is not UTF-8 (400), a body over
# MAX_CONTENT_LENGTH or not JSON (413, 415, where there is a body), a URL longer than the front server reads (414, from
# gunicorn itself, as HTML) and a fault (500; the tests make sure there is none they can find).
REFUSED = {"description": "refused", "content": {"application/json": {"schema": "Error"}}}
ALWAYS = {400: REFUSED, 500: {"description": "the server failed; nothing was applied",
                              "content": {"application/json": {"schema": "Error"}}},
          414: {"description": "the deployment's, not the API's: a request line over gunicorn's "
                               "limit_request_line (4094 bytes by default), answered by gunicorn as HTML",
                "content": {"text/html": {"schema": {"type": "string"}}}}}
# Refusals whose cause is not the request: each said in the document.
SAID = {503: "the deployment's, not the API's: this worker holds all the event streams its threads allow "
             "(EVENTS_MAX_STREAMS); with Retry-After, and the page polls meanwhile",
        429: "too many of these lately: the message says when to try again"}


# One event of a text/event-stream answer, as a client's parser hands it over (its fields, as strings).
SERVER_SENT_EVENT = {"type": "object", "required": ["data"], "properties": {
    "event": {"type": "string", "enum": ["notification", "chat", "state"]},
    "data": {"type": "string", "description": "JSON: a notification, a chat message, or {move, status, seated, "
                                              "thinking (the seats a bot runner searches for), "
                                              "last_notification}, as the matching JSON route gives them"},
    "id": {"type": "string", "description": "a notification's seq: send it back as Last-Event-ID to resume"},
    "retry": {"type": "integer"}}}


def describe(operation: Operation, parameters: list[dict], app: Flask) -> dict:
    status, answer = operation.answer
    content = {"application/json": {"schema": answer}} if answer is not None else \
        {"image/svg+xml": {"schema": {"type": "string"}}, "text/plain": {"schema": {"type": "string"}}}
    if isinstance(answer, str):  # a media type of its own (the push stream's text/event-stream)
        content = {answer: {"schema": SERVER_SENT_EVENT if answer == "text/event-stream" else {"type": "string"}}}
    described: dict = {"summary": operation.summary,
                       "responses": {str(status): {"description": "OK", "content": content}}}
    for code in operation.errors + ((413, 415) if operation.body is not None else ()):
        refused = copy.deepcopy(REFUSED)  # apispec resolves them in place
        described["responses"][str(code)] = {**refused, "description": SAID.get(code, refused["description"])}
    for code, when in operation.why:
        described["responses"][str(code)].update(description=when, headers={"Retry-After": {
            "description": "seconds before trying again", "schema": {"type": "integer", "minimum": 1}}})
    for code, response in ALWAYS.items():
        described["responses"].setdefault(str(code), copy.deepcopy(response))
    if not operation.public:
        described["security"] = [{"bearer": []}]
    parameters = list(parameters)
    if operation.query is not None:
        parameters.append({"in": "query", "schema": operation.query})
    if operation.hotseat:
        parameters.append({"in": "query", "name": "as", "required": False,
                           "schema": {"type": "integer", "minimum": 0, "maximum": MAX_ID},
                           "description": "hotseat tables: the player id the creator acts or looks as (once)"})
    if parameters:
        described["parameters"] = parameters
    if operation.body is not None:
        body = operation.body if isinstance(operation.body, type) else operation.body(app)
        needed = not isinstance(body, type) or any(field.required for field in body().fields.values())
        described["requestBody"] = {"required": needed, "content": {"application/json": {"schema": body}}}
    return described


def build_spec(app: Flask) -> dict:
    spec = APISpec(title="Card tables API", version="1", openapi_version="3.0.3", plugins=[MarshmallowPlugin()])
    spec.components.security_scheme("bearer", {"type": "http", "scheme": "bearer"})
    spec.components.schema("Error", schema=answers.Error)
    paths: dict[str, dict] = {}
    for rule in sorted(app.url_map.iter_rules(), key=lambda r: r.rule):
        if not rule.rule.startswith("/api/") or rule.endpoint == "openapi.openapi":
            continue
        operation = getattr(app.view_functions[rule.endpoint], "operation", None)
        if operation is None:
            raise LookupError(f"{rule.rule} ({rule.endpoint}) has no @documented(...): describe it beside its route")
        path, parameters = openapi_path(rule.rule)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            paths.setdefault(path, {})[method.lower()] = describe(operation, parameters, app)
    for path, operations in paths.items():
        spec.path(path=path, operations=operations)
    return spec.to_dict()


@bp.get("/openapi.json")
def openapi():
    return jsonify(build_spec(current_app))
