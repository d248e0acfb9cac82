"""Values of exactly the types the OpenAPI description promises, checked before marshmallow loads them.

marshmallow is lenient: it takes 2.0, 2.5 (as 2) or "2" for an integer and 1 or "yes" for a boolean.
The description says `integer` and `boolean`, so every client and schemathesis call those invalid: the
server refuses them too. In a query string a whole number is ASCII digits and a flag `true` or `false`
(not "+2", "2_000" or "on", which Python's int() and marshmallow would read).
"""
from __future__ import annotations

import re

from marshmallow import Schema, fields

DIGITS = re.compile(r"-?[0-9]+")


def json_type_problems(schema: Schema, data: object) -> dict:
    """{field: [message]} for each value in `data` (a loaded JSON object) whose JSON type is not the
    field's; nested schemas and lists are walked. Fields the schema does not know are left to it."""
    if not isinstance(data, dict):
        return {}
    problems: dict = {}
    for name, field in schema.fields.items():
        key = field.data_key or name
        if key in data:
            problem = _json_problem(field, data[key])
            if problem:
                problems[key] = problem
    return problems


def _json_problem(field: fields.Field, value: object):
    if value is None:
        return None  # marshmallow's own allow_none decides
    if isinstance(field, fields.Boolean) and not isinstance(value, bool):
        return ["Not a valid boolean: true or false."]
    if isinstance(field, fields.Integer) and (not isinstance(value, int) or isinstance(value, bool)):
        return ["Not a valid integer."]
    if isinstance(field, fields.Nested):
        return json_type_problems(field.schema, value) or None
    if isinstance(field, fields.List) and isinstance(value, list):
        inner = {i: p for i, item in enumerate(value) if (p := _json_problem(field.inner, item))}
        return inner or None
    return None


def query_type_problems(schema: Schema, args: dict[str, str]) -> dict:
    """{field: [message]} for each query value that is not written as the description says."""
    problems = {}
    for name, field in schema.fields.items():
        value = args.get(field.data_key or name)
        if value is None:
            continue
        if isinstance(field, fields.Boolean) and value not in ("true", "false"):
            problems[name] = ["Not a valid boolean: true or false."]
        elif isinstance(field, fields.Integer) and not DIGITS.fullmatch(value):
            problems[name] = ["Not a valid integer: digits only."]
    return problems
