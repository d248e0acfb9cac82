"""A route's answer as its schema in `answers` states it: the schema's dump, made once per schema.

`shape(schema)` does what `schema().dump(source)` does with the answers' sources, for a tenth of its
cost (a dump costs about a microsecond a field, and a move's answer with its view has over a hundred):
each stated field, read by its attribute from a dict or an object and written under its data key,
nested schemas shaped in turn; a missing value is left out, and so is every value the schema does not
state. Values go out as they are, but for fields of a class of ours (`answers.UtcTime`), which format
them. `tests/web/test_answering.py` holds it to the dump.
"""
from __future__ import annotations

import functools
from collections.abc import Callable, Mapping

from flask import Response, jsonify
from marshmallow import Schema, fields

Shape = Callable[[object], dict]
_MISSING = object()


def answered(schema: type[Schema], source: object, status: int = 200) -> tuple[Response, int]:
    """The answer `schema` states, from `source` (a dict or an object holding its fields' values by
    attribute name), as JSON."""
    return jsonify(shape(schema)(source)), status


@functools.cache
def shape(schema: type[Schema]) -> Shape:
    """`schema().dump`, for the answers' sources."""
    stated = [(field.attribute or name, field.data_key or name, _value(field))
              for name, field in schema().dump_fields.items()]

    def shaped(source: object) -> dict:
        read = source.get if isinstance(source, Mapping) else functools.partial(getattr, source)
        out = {}
        for attribute, key, convert in stated:
            value = read(attribute, _MISSING)
            if value is not _MISSING:
                out[key] = value if convert is None or value is None else convert(value, attribute, source)
        return out

    return shaped


def _value(field: fields.Field) -> Callable | None:
    """How a field's value goes out: None, as it is; else a function of (value, attribute, source)."""
    if isinstance(field, fields.Nested):
        one = _nested(field)
        return lambda value, attribute, source: one(value)
    if isinstance(field, fields.List) and isinstance(field.inner, fields.Nested):
        each = _nested(field.inner)
        return lambda values, attribute, source: [None if value is None else each(value) for value in values]
    if isinstance(field, fields.Dict) and isinstance(field.value_field, fields.Nested):
        each = _nested(field.value_field)
        return lambda values, attribute, source: {key: None if value is None else each(value)
                                                  for key, value in values.items()}
    if type(field).__module__.startswith("marshmallow."):
        return None  # marshmallow's own fields: the answers' values are of their JSON types already
    return field._serialize


def _nested(field: fields.Nested) -> Shape:
    if not (isinstance(field.nested, type) and issubclass(field.nested, Schema)) or field.many \
            or field.only or field.exclude:
        raise TypeError(f"{field!r}: an answer nests a schema class, whole, one object at a time")
    return shape(field.nested)
