"""Outbound webhooks that cannot be turned against the server's own network (SSRF).

A webhook address is checked twice. When it is saved: https only (http in development mode), no
user:password@, and a literal address (127.0.0.1, 2130706433, 0x7f000001, [::1], localhost) must be
a public one. When a message is sent: the host is resolved then, every address it resolves to must
be public, and the connection goes to that very address (a name cannot resolve to another one
between the check and the connection). Redirects are not followed. Each send has one absolute
deadline (`SEND_TIMEOUT`) for connecting, TLS, sending and reading the answer: a target that trickles
a byte at a time is cut when it passes, and no more than `MAX_ANSWER_BYTES` of its answer are read.
`WEBHOOK_PRIVATE_TARGETS` lets a self-hosted bridge on the local network receive them (off).
"""
from __future__ import annotations

import contextlib
import http.client
import ipaddress
import socket
import ssl
import threading
import time
from urllib.parse import urlsplit

SEND_TIMEOUT = 5  # seconds for one webhook, in all: connecting, TLS, sending and the answer
MAX_ANSWER_BYTES = 16 * 1024  # of the status line and headers; the body is never read


class DeadlinePassed(TimeoutError):
    """The webhook's overall time ran out."""


class RefusedTarget(ValueError):
    """A webhook address the server will not call."""


def url_problem(url: str, allow_http: bool, allow_private: bool) -> str | None:
    """Why this address may not be saved, or None."""
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        return "not a valid address"
    if parts.scheme != "https" and not (allow_http and parts.scheme == "http"):
        return "webhooks must use https" + ("" if not allow_http else " or http")
    if parts.username is not None or parts.password is not None:
        return "no user name or password in the address"
    if not parts.hostname:
        return "the address names no host"
    if port == 0:
        return "not a valid port"
    literal = literal_address(parts.hostname)
    if literal is not None and not allow_private and not public(literal):
        return f"{parts.hostname} is not a public address"
    return None


def literal_address(host: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """The address a host names without asking DNS: an IP in any form the C library accepts
    (2130706433, 0x7f000001, 127.1), or localhost. None for a name only DNS can answer."""
    if host.lower().rstrip(".") in ("localhost", "localhost.localdomain") or host.lower().endswith(".localhost"):
        return ipaddress.ip_address("127.0.0.1")
    try:
        return ipaddress.ip_address(host)
    except ValueError:
        pass
    try:
        return ipaddress.ip_address(socket.inet_aton(host))
    except OSError:
        return None


def public(address: ipaddress.IPv4Address | ipaddress.IPv6Address) -> bool:
    """Not loopback, private, link-local, multicast, reserved or unspecified (IPv4-mapped IPv6
    addresses are judged as the IPv4 address they carry)."""
    mapped = getattr(address, "ipv4_mapped", None)
    if mapped is not None:
        address = mapped
    return address.is_global and not (address.is_multicast or address.is_reserved or address.is_loopback
                                      or address.is_link_local or address.is_private or address.is_unspecified)


def resolve(host: str, port: int, allow_private: bool, timeout: float | None = None) -> str:
    """The address to connect to: the first the host resolves to, after every one is checked. The
    lookup is asked in a thread of its own and waited for `timeout` seconds at most (the C library's
    resolver cannot be interrupted; a slow name server then holds only that thread)."""
    literal = literal_address(host)
    if literal is not None:
        found = [literal]
    else:
        answer: list = []

        def lookup() -> None:
            try:
                answer.append(socket.getaddrinfo(host, port, type=socket.SOCK_STREAM))
            except OSError as err:
                answer.append(err)

        asking = threading.Thread(target=lookup, daemon=True, name="webhook-dns")
        asking.start()
        asking.join(timeout)
        if not answer:
            raise DeadlinePassed(f"{host} did not resolve within {timeout:g} s")
        try:
            if isinstance(answer[0], OSError):
                raise answer[0]
            found = [ipaddress.ip_address(info[4][0]) for info in answer[0]]
        except (OSError, ValueError) as err:
            raise RefusedTarget(f"{host} does not resolve: {err}") from None
    if not found:
        raise RefusedTarget(f"{host} does not resolve")
    if not allow_private:
        bad = [str(address) for address in found if not public(address)]
        if bad:
            raise RefusedTarget(f"{host} resolves to an address that is not public ({', '.join(bad)})")
    return str(found[0])


class _CappedReader:
    """The answer's bytes as http.client reads them, refused past `MAX_ANSWER_BYTES`."""

    def __init__(self, raw):
        self.raw, self.left = raw, MAX_ANSWER_BYTES

    def _count(self, data: bytes) -> bytes:
        self.left -= len(data)
        if self.left < 0:
            raise http.client.HTTPException(f"the answer is longer than {MAX_ANSWER_BYTES} bytes")
        return data

    def readline(self, limit: int = -1) -> bytes:
        return self._count(self.raw.readline(self.left + 1 if limit < 0 else min(limit, self.left + 1)))

    def read(self, amount: int | None = None) -> bytes:
        return self._count(self.raw.read(self.left + 1 if amount is None else min(amount, self.left + 1)))

    def __getattr__(self, name: str):  # flush, closed, ...: the file's own
        return getattr(self.raw, name)


class _CappedResponse(http.client.HTTPResponse):
    def __init__(self, sock, *args, **kwargs):
        super().__init__(sock, *args, **kwargs)
        self.fp = _CappedReader(self.fp)


class _Pinned:
    """Connect to the checked address, while the request (Host, TLS name and certificate) names the host.

    Every step waits at most until `deadline` (time.monotonic()): a socket timeout alone would restart
    at each byte a slow target sends, so a watchdog shuts the socket when the deadline passes."""

    response_class = _CappedResponse

    def __init__(self, *args, address: str, deadline: float, **kwargs):
        super().__init__(*args, **kwargs)
        self.address, self.deadline = address, deadline
        self.watchdog: threading.Timer | None = None
        self.cut = False

    def left(self) -> float:
        remaining = self.deadline - time.monotonic()
        if remaining <= 0:
            raise DeadlinePassed(f"no answer within {SEND_TIMEOUT} s")
        return remaining

    def connect(self):
        self.sock = socket.create_connection((self.address, self.port), self.left())
        self.watchdog = threading.Timer(self.left(), self._cut)
        self.watchdog.daemon = True
        self.watchdog.start()
        if isinstance(self, http.client.HTTPSConnection):
            # The handshake after self.sock is the TLS socket, so the watchdog can cut a trickled one too.
            self.sock = self._context.wrap_socket(self.sock, server_hostname=self.host, do_handshake_on_connect=False)
            self.sock.settimeout(self.left())
            self.sock.do_handshake()
        self.sock.settimeout(self.left())

    def _cut(self) -> None:
        self.cut = True
        if self.sock is not None:
            with contextlib.suppress(OSError):  # the plain socket's shutdown: it wakes a read blocked in TLS too
                socket.socket.shutdown(self.sock, socket.SHUT_RDWR)

    def close(self):
        if self.watchdog is not None:
            self.watchdog.cancel()
        super().close()


class PinnedHTTPConnection(_Pinned, http.client.HTTPConnection):
    pass


class PinnedHTTPSConnection(_Pinned, http.client.HTTPSConnection):
    pass


def post_json(url: str, body: bytes, *, allow_http: bool, allow_private: bool, timeout: float | None = None) -> int:
    """POST `body` to a webhook after the checks above, all within `timeout` seconds (`SEND_TIMEOUT`);
    the answer's status (a redirect is not followed)."""
    timeout = SEND_TIMEOUT if timeout is None else timeout
    deadline = time.monotonic() + timeout
    problem = url_problem(url, allow_http, allow_private)
    if problem:
        raise RefusedTarget(problem)
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    address = resolve(parts.hostname, port, allow_private, timeout)
    if parts.scheme == "https":
        connection = PinnedHTTPSConnection(parts.hostname, port, timeout=timeout, address=address, deadline=deadline,
                                           context=ssl.create_default_context())
    else:
        connection = PinnedHTTPConnection(parts.hostname, port, timeout=timeout, address=address, deadline=deadline)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        status = connection.getresponse().status
        if connection.cut:  # the watchdog ended a half-read answer, which may have parsed as a whole
            raise DeadlinePassed(f"no answer within {timeout:g} s")
        return status
    except DeadlinePassed:
        raise
    except (OSError, http.client.HTTPException) as err:
        if connection.cut or time.monotonic() >= deadline:
            raise DeadlinePassed(f"no answer within {timeout:g} s") from None
        raise err
    finally:
        connection.close()
