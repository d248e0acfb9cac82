"""Response headers that keep pages safe."""
from __future__ import annotations

import base64
import hashlib
import re
from pathlib import Path

from flask import Flask, Response

# Scripts only from this server, and the page's own inline scripts by the hash of their text: injected
# markup cannot run. Styles may be inline because renderers set element styles.
CSP = ("default-src 'self'; script-src 'self'{hashes}; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "object-src 'none'; base-uri 'none'; frame-ancestors 'none'; form-action 'self'")
INLINE_SCRIPT = re.compile(r"<script>(.*?)</script>", re.DOTALL)


def content_security_policy(page: Path) -> str:
    """The policy for `page`, allowing exactly the inline scripts it holds now."""
    scripts = INLINE_SCRIPT.findall(page.read_text(encoding="utf-8")) if page.exists() else []
    hashes = "".join(f" 'sha256-{base64.b64encode(hashlib.sha256(s.encode()).digest()).decode()}'" for s in scripts)
    return CSP.format(hashes=hashes)


def add_security_headers(app: Flask) -> None:
    policy = content_security_policy(Path(app.static_folder) / "index.html")

    @app.after_request
    def headers(response: Response) -> Response:
        response.headers.setdefault("X-Content-Type-Options", "nosniff")
        response.headers.setdefault("X-Frame-Options", "DENY")
        response.headers.setdefault("Referrer-Policy", "no-referrer")
        if response.mimetype == "text/html":
            response.headers.setdefault("Content-Security-Policy", policy)
        if response.mimetype == "application/json":
            response.headers.setdefault("Cache-Control", "no-store")  # views hold private cards
        return response
