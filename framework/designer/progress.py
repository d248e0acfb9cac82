"""A progress line for long runs: rewritten in place on a terminal, a line every few seconds
elsewhere (a log keeps lines, not carriage returns), and always ended with a newline."""
from __future__ import annotations

import time
from typing import TextIO

LOG_EVERY = 10.0  # seconds between lines when the output is not a terminal


class ProgressLine:
    def __init__(self, out: TextIO, label: str, total: int):
        self.out, self.label, self.total = out, label, total
        self.done = 0
        self.started = self.last_logged = time.monotonic()
        self.tty = out.isatty()
        self.written = False

    def update(self, done: int, detail: str = "") -> None:
        self.done = done
        now = time.monotonic()
        if self.tty:
            self.out.write(f"\r{self.line(now, detail)}\033[K")
            self.out.flush()
            self.written = True
        elif now - self.last_logged >= LOG_EVERY:
            self.out.write(self.line(now, detail) + "\n")
            self.out.flush()
            self.last_logged = now

    def finish(self, detail: str = "") -> None:
        """The last state of the line, ended with a newline, so what follows starts a line of its own."""
        now = time.monotonic()
        self.out.write(("\r" if self.tty and self.written else "") + self.line(now, detail) + "\n")
        self.out.flush()

    def line(self, now: float, detail: str) -> str:
        elapsed = now - self.started
        text = f"{self.label}: {self.done}/{self.total}"
        if detail:
            text += f", {detail}"
        text += f", {elapsed:.1f} s"
        if 0 < self.done < self.total:
            text += f", about {elapsed * (self.total - self.done) / self.done:.0f} s left"
        return text
