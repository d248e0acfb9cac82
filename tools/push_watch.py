"""Open pages during a load test: one event stream per table, held through the proxy, opened again
after each cut from the last notification seen (Last-Event-ID), as the page does. At the end each
table's streamed seqs are compared with what the notifications route gives the same player:
a seq missing is a gap, a seq given twice a duplicate.
"""
from __future__ import annotations

import http.client
import json
import threading
import time
from dataclasses import dataclass, field


@dataclass
class Watched:
    table_id: int
    token: str
    seqs: list[int] = field(default_factory=list)
    connections: int = 0  # streams opened (the first, then one per resumption)
    refused: int = 0  # attempts answered other than 200, or not at all (a host down)


class PushWatch:
    """A thread per table, reading its stream through 127.0.0.1:`port` until stop()."""

    def __init__(self, port: int, tables: list[tuple[int, str]]):
        self.port = port
        self.watched = [Watched(table_id, token) for table_id, token in tables]
        self.stopping = threading.Event()
        self.threads = [threading.Thread(target=self._follow, args=(w,), daemon=True) for w in self.watched]
        for thread in self.threads:
            thread.start()

    def _follow(self, watched: Watched) -> None:
        while not self.stopping.is_set():
            last = watched.seqs[-1] if watched.seqs else 0
            conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
            try:
                conn.request("GET", f"/api/tables/{watched.table_id}/events", headers={
                    "Authorization": f"Bearer {watched.token}", "Last-Event-ID": str(last)})
                response = conn.getresponse()
                if response.status != 200:
                    watched.refused += 1
                    time.sleep(0.2)
                    continue
                watched.connections += 1
                kind = None
                for raw in response:  # the stream's lines; a heartbeat comes every second or so
                    if self.stopping.is_set():
                        return
                    line = raw.decode().rstrip("\r\n")
                    if line.startswith("event:"):
                        kind = line[6:].strip()
                    elif line.startswith("data:") and kind == "notification":
                        watched.seqs.append(json.loads(line[5:])["seq"])
                    elif not line:
                        kind = None
            except (OSError, http.client.HTTPException):
                watched.refused += 1
                time.sleep(0.2)
            finally:
                conn.close()

    def stop(self, wait_for_last: dict[int, int], seconds: float = 15) -> None:
        """Stop once every table's stream has reached its last seq (`wait_for_last`), or after `seconds`."""
        deadline = time.monotonic() + seconds
        while time.monotonic() < deadline and any(
                (w.seqs[-1] if w.seqs else 0) < wait_for_last.get(w.table_id, 0) for w in self.watched):
            time.sleep(0.1)
        self.stopping.set()
        for thread in self.threads:
            thread.join(10)

    def figures(self, expected: dict[int, list[int]]) -> dict:
        """Streams, how many were cut and resumed, and of those how many without a gap or duplicate."""
        resumed = [w for w in self.watched if w.connections > 1]
        whole = [w for w in self.watched if w.seqs == expected.get(w.table_id, [])]
        return {"streams": len(self.watched), "resumed": len(resumed),
                "resumed_whole": sum(w in whole for w in resumed), "whole": len(whole),
                "reconnections": sum(max(0, w.connections - 1) for w in self.watched),
                "gaps": sum(len(set(expected.get(w.table_id, [])) - set(w.seqs)) for w in self.watched),
                "duplicates": sum(len(w.seqs) - len(set(w.seqs)) for w in self.watched)}


def notification_seqs(port: int, table_id: int, token: str) -> list[int]:
    """Every seq the notifications route gives this player at this table, page by page."""
    seqs: list[int] = []
    while True:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        try:
            conn.request("GET", f"/api/tables/{table_id}/notifications?after={seqs[-1] if seqs else 0}",
                         headers={"Authorization": f"Bearer {token}"})
            response = conn.getresponse()
            body = json.loads(response.read())
        finally:
            conn.close()
        assert response.status == 200, (table_id, response.status, body)
        page = [n["seq"] for n in body["notifications"]]
        if not page:
            return seqs
        seqs += page
