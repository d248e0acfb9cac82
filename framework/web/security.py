"""Response headers that keep pages safe, and a limit on failed logins."""
from __future__ import annotations

import base64
import hashlib
import re
import threading
import time
from collections import defaultdict, deque
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


class LoginLimiter:
    """At most `limit` failed logins per name and per address in `window` seconds.

    Kept in the process's memory: with several workers each counts its own failures, which still
    bounds guessing to a small multiple of the limit.
    """

    def __init__(self, limit: int = 10, window: float = 900.0):
        self.limit, self.window = limit, window
        self.failures: dict[str, deque] = defaultdict(deque)
        self.lock = threading.Lock()

    def _recent(self, key: str, now: float) -> deque:
        entries = self.failures[key]
        while entries and now - entries[0] > self.window:
            entries.popleft()
        return entries

    def blocked(self, name: str, address: str) -> float:
        """Seconds to wait, or 0 when a login may be tried."""
        now = time.monotonic()
        with self.lock:
            waits = [self.window - (now - entries[0]) for key in (f"n:{name}", f"a:{address}")
                     if len(entries := self._recent(key, now)) >= self.limit]
        return max(waits, default=0.0)

    def failed(self, name: str, address: str) -> None:
        now = time.monotonic()
        with self.lock:
            for key in (f"n:{name}", f"a:{address}"):
                self._recent(key, now).append(now)
