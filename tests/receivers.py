"""Real local receivers for "your turn" messages: an SMTP server and a webhook endpoint on 127.0.0.1."""
import json
import socket
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from aiosmtpd.controller import Controller


class Inbox:
    def __init__(self):
        self.messages = []

    async def handle_DATA(self, server, session, envelope):  # noqa: N802 (aiosmtpd's hook name)
        self.messages.append((envelope.rcpt_tos, envelope.content.decode()))
        return "250 OK"


@pytest.fixture
def smtp():
    inbox = Inbox()
    with socket.socket() as probe:  # aiosmtpd does not report a port 0 choice back: pick one first
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    controller = Controller(inbox, hostname="127.0.0.1", port=port)
    controller.start()
    yield port, inbox
    controller.stop()


@pytest.fixture
def webhook():
    """A local receiver; `failures` answers that many 500s first."""
    received, state = [], {"failures": 0}

    class Receiver(BaseHTTPRequestHandler):
        def do_POST(self):  # noqa: N802 (http.server's hook name)
            body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
            if state["failures"] > 0:
                state["failures"] -= 1
                self.send_response(500)
            else:
                received.append(body)
                self.send_response(204)
            self.end_headers()

        def log_message(self, *args):
            pass

    server = ThreadingHTTPServer(("127.0.0.1", 0), Receiver)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/hook", received, state
    server.shutdown()
    server.server_close()
