"""The browser client's server-sent events parser (static/js/sse.js), run by Node on the standard's cases."""
from __future__ import annotations

import json
import subprocess
from pathlib import Path

from tests import programs

PARSER = Path(__file__).resolve().parents[2] / "static" / "js" / "sse.js"


def parse(chunks: list[str]) -> list[dict]:
    node = programs.node()
    script = (f"import {{ SseParser }} from {json.dumps(PARSER.as_uri())};\n"
              "const events = []; const parser = new SseParser((e) => events.push(e));\n"
              f"for (const chunk of {json.dumps(chunks)}) parser.push(chunk);\n"
              "console.log(JSON.stringify(events));")
    done = subprocess.run([node, "--input-type=module", "-e", script], capture_output=True, text=True, timeout=30)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)


def test_events_split_anywhere_come_out_whole():
    stream = 'event: notification\nid: 7\ndata: {"seq":7}\n\n: keep-alive\n\nevent: state\ndata: {"move":3}\n\n'
    whole = parse([stream])
    assert whole == [{"type": "notification", "data": '{"seq":7}', "id": "7"},
                     {"type": "state", "data": '{"move":3}', "id": "7"}]   # the id stays the last one set
    assert parse([stream[i:i + 5] for i in range(0, len(stream), 5)]) == whole
    assert parse(list(stream)) == whole


def test_the_standards_field_rules():
    events = parse(["data:no space\r\n", "data:  two\n\n",           # one optional space, \r\n endings
                    "retry: 10\nunknown: x\ndata\n\n",               # unknown fields ignored; a bare field name
                    "event: chat\n\n",                               # no data: nothing dispatched
                    "data: last\n"])                                 # unfinished at the end: not dispatched
    assert events == [{"type": "message", "data": "no space\n two", "id": ""},
                      {"type": "message", "data": "", "id": ""}]
