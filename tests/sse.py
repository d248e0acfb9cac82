"""A test-side reader of server-sent events over a live server (the standard wire format, line by line),
and a plain JSON request to the same server."""
from __future__ import annotations

import contextlib
import http.client
import json
import socket
import threading
from dataclasses import dataclass, field
from queue import Empty, Queue


@dataclass
class Event:
    kind: str
    data: dict
    id: str | None = None


@dataclass
class EventStream:
    """GET an event stream on 127.0.0.1:`port` in a thread; events arrive in `self.events` (a queue)."""

    port: int
    path: str
    headers: dict = field(default_factory=dict)

    def __post_init__(self):
        self.events: Queue[Event | None] = Queue()
        self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
        self.connection.request("GET", self.path, headers=self.headers)
        self.socket = self.connection.sock  # kept: closing the connection leaves the response's reader open
        self.response = self.connection.getresponse()
        self.status = self.response.status
        self.thread = threading.Thread(target=self._read, daemon=True)
        if self.status == 200:
            self.thread.start()

    def _read(self) -> None:
        kind, data, event_id = "message", [], None
        try:
            for raw in self.response:
                line = raw.decode().rstrip("\r\n")
                if not line:
                    if data:
                        self.events.put(Event(kind, json.loads("\n".join(data)), event_id))
                    kind, data, event_id = "message", [], None
                elif not line.startswith(":"):  # a line opening with a colon is a comment (the heartbeat)
                    name, _, value = line.partition(":")
                    value = value.removeprefix(" ")
                    if name == "event":
                        kind = value
                    elif name == "data":
                        data.append(value)
                    elif name == "id":
                        event_id = value
        except Exception:  # closed under the reader, in whatever state: the stream ended
            pass
        self.events.put(None)  # the stream ended

    def next(self, kind: str | None = None, timeout: float = 10) -> Event:
        """The next event (of `kind`, skipping others); fails after `timeout` seconds without one."""
        while True:
            try:
                event = self.events.get(timeout=timeout)
            except Empty:
                raise AssertionError(f"no {kind or 'event'} within {timeout} s") from None
            assert event is not None, f"the stream ended before a {kind or 'event'}"
            if kind is None or event.kind == kind:
                return event

    def taken(self, timeout: float = 0.3) -> list[Event]:
        """Every event that arrives within `timeout` seconds of quiet."""
        found = []
        while True:
            try:
                event = self.events.get(timeout=timeout)
            except Empty:
                return found
            if event is None:
                return found
            found.append(event)

    def close(self) -> None:
        with contextlib.suppress(OSError):
            self.socket.shutdown(socket.SHUT_RDWR)
        self.connection.close()


def call(port: int, method: str, path: str, token: str | None = None, body: dict | None = None) -> dict:
    """A JSON request to 127.0.0.1:`port`, which must succeed (200 or 201): its answer."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    headers = {"Content-Type": "application/json", **({"Authorization": f"Bearer {token}"} if token else {})}
    try:
        conn.request(method, path, body=None if body is None else json.dumps(body), headers=headers)
        answer = conn.getresponse()
        payload = json.loads(answer.read() or b"null")
    finally:
        conn.close()
    assert answer.status in (200, 201), (method, path, answer.status, payload)
    return payload
