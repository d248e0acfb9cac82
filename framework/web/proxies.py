"""Behind reverse proxies: the client's address from X-Forwarded-For, as the trusted ones set it."""
from __future__ import annotations

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


def trust_proxies(app: Flask) -> None:
    """With `TRUSTED_PROXIES` = N > 0, the client's address is the one the Nth proxy from us saw
    (entries further left are the client's own words). With 0 the header is ignored: anyone could
    write it, and a forged one must not give a fresh address to count guesses against.

    Only X-Forwarded-For: the address is all the server reads. Host, scheme and prefix would be
    trusted from the client too when a proxy does not set them, for nothing the server uses.
    """
    hops = app.config["TRUSTED_PROXIES"]
    if hops:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=hops, x_proto=0, x_host=0, x_port=0, x_prefix=0)
