"""Outbound webhooks that cannot be turned against the server's own network (SSRF).

A webhook address is checked twice. When it is saved: https only (http in development mode), no
user:password@, and a literal address (127.0.0.1, 2130706433, 0x7f000001, [::1], localhost) must be
a public one. When a message is sent: the host is resolved then, every address it resolves to must
be public, and the connection goes to that very address (a name cannot resolve to another one
between the check and the connection). Redirects are not followed; each send has a time limit.
`WEBHOOK_PRIVATE_TARGETS` lets a self-hosted bridge on the local network receive them (off).
"""
from __future__ import annotations

import http.client
import ipaddress
import socket
import ssl
from urllib.parse import urlsplit

SEND_TIMEOUT = 5  # seconds for one webhook: connecting, sending and the answer


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


def resolve(host: str, port: int, allow_private: bool) -> str:
    """The address to connect to: the first the host resolves to, after every one is checked."""
    literal = literal_address(host)
    if literal is not None:
        found = [literal]
    else:
        try:
            infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
            found = [ipaddress.ip_address(info[4][0]) for info in infos]
        except (OSError, ValueError) as err:
            raise RefusedTarget(f"{host} does not resolve: {err}") from None
    if not found:
        raise RefusedTarget(f"{host} does not resolve")
    if not allow_private:
        bad = [str(address) for address in found if not public(address)]
        if bad:
            raise RefusedTarget(f"{host} resolves to an address that is not public ({', '.join(bad)})")
    return str(found[0])


class _Pinned:
    """Connect to the checked address, while the request (Host, TLS name and certificate) names the host."""

    def __init__(self, *args, address: str, **kwargs):
        super().__init__(*args, **kwargs)
        self.address = address

    def connect(self):
        sock = socket.create_connection((self.address, self.port), self.timeout)
        if isinstance(self, http.client.HTTPSConnection):
            sock = self._context.wrap_socket(sock, server_hostname=self.host)
        self.sock = sock


class PinnedHTTPConnection(_Pinned, http.client.HTTPConnection):
    pass


class PinnedHTTPSConnection(_Pinned, http.client.HTTPSConnection):
    pass


def post_json(url: str, body: bytes, *, allow_http: bool, allow_private: bool, timeout: float = SEND_TIMEOUT) -> int:
    """POST `body` to a webhook after the checks above; the answer's status (a redirect is not followed)."""
    problem = url_problem(url, allow_http, allow_private)
    if problem:
        raise RefusedTarget(problem)
    parts = urlsplit(url)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    address = resolve(parts.hostname, port, allow_private)
    if parts.scheme == "https":
        connection = PinnedHTTPSConnection(parts.hostname, port, timeout=timeout, address=address,
                                           context=ssl.create_default_context())
    else:
        connection = PinnedHTTPConnection(parts.hostname, port, timeout=timeout, address=address)
    path = (parts.path or "/") + (f"?{parts.query}" if parts.query else "")
    try:
        connection.request("POST", path, body=body, headers={"Content-Type": "application/json"})
        return connection.getresponse().status
    finally:
        connection.close()
