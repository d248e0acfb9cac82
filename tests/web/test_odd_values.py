"""Two kinds of input schemathesis does not make, in every parameter the OpenAPI description names (so a
new route is covered with nothing to add here): integers past 2^63 wherever an integer goes, and a lone
UTF-16 surrogate wherever text goes. Each is a documented 4xx with a JSON error, never a 5xx."""
import json
import tempfile
from pathlib import Path

import pytest

from tests.conftest import Api, make_app

APP = make_app(f"sqlite:///{Path(tempfile.mkdtemp(prefix='bga-odd-')) / 'odd.sqlite'}")
_api = Api(APP.test_client())
_api.register("anna")
_api.register("ben")
TABLE = _api.new_table("anna", joiners=["ben"], players=2)
SPEC = APP.test_client().get("/api/openapi.json").json
HUGE = 2**64 + 1                      # past SQLite's 64-bit integers and PostgreSQL's bigint
SURROGATE_JSON = '"x\\ud800"'         # JSON's \u escape allows it; no UTF-8 encoder does
SURROGATE_URL = "x%ED%A0%80"          # the bytes a lone surrogate would be in (invalid) UTF-8 ...
SURROGATE_PATH = "x\xed\xa0\x80"       # ... and in PATH_INFO, where the server puts them (as latin-1)
PLAIN = {"table_id": str(TABLE), "name": "climb", "action": "pick"}  # real values for the path


def resolved(schema: dict) -> dict:
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema.get("anyOf", [schema])[0] if "anyOf" in schema else schema


def minimal(schema: dict):
    """The simplest value `schema` allows: the odd value then lands in a body that is otherwise fine."""
    schema = resolved(schema)
    if "enum" in schema:
        return schema["enum"][0]
    kind = schema.get("type")
    if kind == "object":
        return {name: minimal(schema["properties"][name]) for name in schema.get("required", [])}
    return {"integer": schema.get("minimum", 0), "boolean": False, "array": [],
            "string": "x" * max(schema.get("minLength", 1), 1)}.get(kind)


def cases():
    """(method, path, where, parameter name, kind) for every integer and string parameter described."""
    for path, operations in SPEC["paths"].items():
        for method, operation in operations.items():
            for parameter in operation.get("parameters", []):
                kind = parameter["schema"].get("type")
                if kind in ("integer", "string"):
                    yield method, path, parameter["in"], parameter["name"], kind
            body = operation.get("requestBody", {}).get("content", {}).get("application/json")
            for name, prop in (resolved(body["schema"]).get("properties", {}) if body else {}).items():
                kind = resolved(prop).get("type")
                if kind in ("integer", "string"):
                    yield method, path, "body", name, kind


def send(method: str, path: str, where: str, name: str, odd: str):
    operation = SPEC["paths"][path][method]
    values = {p["name"]: PLAIN.get(p["name"], "1") for p in operation.get("parameters", []) if p["in"] == "path"}
    query = f"?{name}={odd}" if where == "query" else ""
    if where == "path":
        values[name] = odd
    url = path.format(**values)
    body = None
    if "requestBody" in operation:
        plain = minimal(operation["requestBody"]["content"]["application/json"]["schema"])
        body = json.dumps(plain)
        if where == "body":
            body = json.dumps({**plain, name: "__ODD__"}).replace('"__ODD__"', odd)
    return APP.test_client().open(url + query, method=method.upper(), data=body, content_type="application/json",
                                  headers=_api.headers("anna"), environ_overrides={"PATH_INFO": url}), operation


@pytest.mark.parametrize(("method", "path", "where", "name", "kind"), list(cases()),
                         ids=lambda value: str(value))
def test_odd_values_are_documented_refusals(method, path, where, name, kind):
    if kind == "integer":
        odd = str(HUGE)
    else:
        odd = {"path": SURROGATE_PATH, "query": SURROGATE_URL}.get(where, SURROGATE_JSON)
    answer, operation = send(method, path, where, name, odd)
    expected = 404 if where == "path" and kind == "integer" else 400  # a table past every id is not there
    assert answer.status_code == expected, (answer.status_code, answer.get_data(as_text=True))
    assert str(answer.status_code) in operation["responses"]
    assert answer.json["error"]["code"] and answer.json["error"]["message"]


def test_every_kind_of_parameter_is_covered():
    where = {(w, k) for _, _, w, _, k in cases()}
    assert {("path", "integer"), ("path", "string"), ("query", "integer"), ("query", "string"),
            ("body", "integer"), ("body", "string")} <= where
