"""The body of `PATCH /api/me`, with a webhook address the description states exactly.

The pattern is the check: the server refuses what it does not match, and schemathesis generates from it.
Which addresses it allows depends on the server's settings: plain http only in development, and IP
addresses or one-word hosts only where WEBHOOK_PRIVATE_TARGETS lets a local bridge receive them (a
public host is a name ending in letters; a name under .localhost still matches and is refused when saved).
"""
from __future__ import annotations

import functools

from flask import Flask
from marshmallow import Schema, ValidationError, fields, post_load, validate

from framework.store.delivery import webhook_http_allowed

PUBLIC_HOST = r"(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}"
ANY_HOST = r"[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?"
PORT = r"(?::(?:[1-9][0-9]{0,3}|[1-5][0-9]{4}|6[0-4][0-9]{3}|65[0-4][0-9]{2}|655[0-2][0-9]|6553[0-5]))?"
REST = r"(?:[/?#][-A-Za-z0-9._~:/?#\[\]@!$&'()*+,;=%]*)?"


class FullMatch(validate.Regexp):
    """A pattern the whole value must match (marshmallow's Regexp lets "...$" end before a newline)."""

    def __call__(self, value: str) -> str:
        if self.regex.fullmatch(value) is None:
            raise ValidationError(self._format_error(value))
        return value


class Settings(Schema):
    email = fields.Email(allow_none=True, validate=validate.Length(max=254))  # the column's length
    webhook_url = fields.String(allow_none=True)  # each server's own pattern: settings_schema()
    notify_email = fields.Boolean()
    notify_webhook = fields.Boolean()

    @post_load
    def empty_clears(self, data: dict, **_kwargs) -> dict:
        if data.get("webhook_url") == "":
            data["webhook_url"] = None  # what a cleared form field sends
        return data


@functools.cache
def settings_class(allow_http: bool, allow_private: bool) -> type[Schema]:
    scheme, host = ("https?" if allow_http else "https"), (ANY_HOST if allow_private else PUBLIC_HOST)
    shape = f"an {'http:// or ' if allow_http else ''}https:// address of a " + \
        ("host" if allow_private else "public host name, such as https://hooks.example/turn")
    url = fields.String(allow_none=True, metadata={"description": f"{shape}; null or \"\" removes the webhook"},
                        validate=[validate.Length(max=500),
                                  FullMatch(f"^(?:{scheme}://{host}{PORT}{REST})?$", error=f"Not {shape}.")])
    name = "Settings" + ("Http" if allow_http else "") + ("Private" if allow_private else "")
    return type(name, (Settings,), {"webhook_url": url})


def settings_schema(app: Flask) -> type[Schema]:
    """What `PATCH /api/me` takes on `app`, as its description states it."""
    return settings_class(webhook_http_allowed(app.config), bool(app.config.get("WEBHOOK_PRIVATE_TARGETS")))
