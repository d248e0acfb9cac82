"""An action's arguments as the parameters of a BGA autowired `act*` method.

BGA reads each argument by the parameter's name and checks it by its PHP type and its attribute
(`#[IntParam(min: 1, max: 14)]`, `#[StringParam(enum: [...])]`, `#[IntArrayParam]`, `#[JsonParam]`).
Optional arguments get a default, nullable ones a `?` type; the player sending the action is BGA's
magic `$activePlayerId` or `$currentPlayerId`, first.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from marshmallow import Schema, fields, missing, validate

from framework.engine import PlayerId

from .php import comment, is_identifier, php_value

ATTRIBUTES = "Bga\\GameFramework\\Actions\\Types"


@dataclass
class Parameters:
    declarations: list[str] = field(default_factory=list)  # in order: magic, required, optional
    attributes: set[str] = field(default_factory=set)       # attribute classes used, to import
    notes: list[str] = field(default_factory=list)           # what a comment should say of them


def parameters(schema: Schema, magic: str | None) -> Parameters:
    """The PHP parameters of an action with this argument schema, the sender as `magic` first (none:
    the method reads it with getCurrentPlayerId(), as in the older layout)."""
    found = Parameters([f"int ${magic}"] if magic else [])
    required, optional = [], []
    for attribute, declared in schema.fields.items():
        name = declared.data_key or attribute
        if not is_identifier(name):
            found.notes.append(f"argument {name!r} is no PHP name: rename it")
            continue
        kind, attribute_text, note = _type_of(declared)
        if attribute_text:
            found.attributes.add(attribute_text.partition("(")[0])
        if note:
            found.notes.append(f"${name}: {note}")
        prefix = f"#[{attribute_text}] " if attribute_text else ""
        if declared.required:
            required.append(f"{prefix}{kind} ${name}")
            continue
        default = declared.load_default
        nullable = declared.allow_none or default is None or default is missing or callable(default)
        if default is missing or callable(default):
            default = None
        shown = "?" + kind if nullable and kind != "mixed" else kind
        optional.append(f"{prefix}{shown} ${name} = {php_value(default)}")
    found.declarations += required + optional
    return found


def _type_of(declared: fields.Field) -> tuple[str, str, str]:
    """(PHP type, attribute or "", note) of one argument."""
    if isinstance(declared, PlayerId):
        return "int", "", "a player's id"
    if isinstance(declared, fields.Boolean):
        return "bool", "", ""
    if isinstance(declared, fields.Integer):
        return "int", *_bounded("IntParam", declared)
    if isinstance(declared, fields.Float):
        return "float", *_bounded("FloatParam", declared)
    if isinstance(declared, fields.String):
        return "string", *_text(declared)
    if isinstance(declared, fields.List) and isinstance(declared.inner, fields.Integer):
        return "array", "IntArrayParam", "a list of whole numbers"
    if isinstance(declared, (fields.List, fields.Tuple, fields.Dict, fields.Nested)):
        return "array", "JsonParam", "sent as JSON"
    if type(declared) is fields.Raw:
        return "mixed", "JsonParam", "any JSON value"
    what = (type(declared).__doc__ or "").strip().splitlines()
    return "string", "", f"read as {type(declared).__name__} reads it" + (f": {comment(what[0])}" if what else "")


def _bounded(attribute: str, declared: fields.Field) -> tuple[str, str]:
    bounds, note = {}, ""
    for validator in declared.validators:
        if isinstance(validator, validate.Range):
            bounds.update({k: v for k, v in (("min", validator.min), ("max", validator.max)) if v is not None})
        elif isinstance(validator, validate.OneOf):
            choices = [c for c in validator.choices if isinstance(c, (int, float))]
            if choices:
                bounds.update(min=min(choices), max=max(choices))
                note = "one of " + ", ".join(map(str, validator.choices))
    if not bounds:
        return "", note
    return f"{attribute}({', '.join(f'{k}: {php_value(v)}' for k, v in bounds.items())})", note


def _text(declared: fields.String) -> tuple[str, str]:
    notes = []
    for validator in declared.validators:
        if isinstance(validator, validate.OneOf):
            return f"StringParam(enum: {php_value([str(c) for c in validator.choices])})", ""
        if isinstance(validator, validate.Regexp):
            notes.append(f"matches {comment(validator.regex.pattern)}")
        elif isinstance(validator, validate.Length):
            notes.append(f"length {validator.min or 0} to {validator.max if validator.max is not None else 'any'}")
    return "", "; ".join(notes)
