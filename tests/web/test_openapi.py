"""The OpenAPI description, and schemathesis against it: no 5xx, every answer as documented."""
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings

from tests.conftest import Api, make_app

_folder = Path(tempfile.mkdtemp(prefix="bga-openapi-"))
APP = make_app(f"sqlite:///{_folder / 'fuzz.sqlite'}")
_api = Api(APP.test_client())
_api.register("fuzzer")
_api.register("other")
TABLE = _api.new_table("fuzzer", joiners=["other"], players=2, seed="fuzz")
_api.new_table("fuzzer", players=3)
HEADERS = {"Authorization": f"Bearer {_api.tokens['fuzzer']}"}

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


def test_openapi_document_lists_every_route():
    documented = set(schema.raw_schema["paths"])
    routes = {rule.rule.replace("<int:table_id>", "{table_id}").replace("<action>", "{action}")
              .replace("<name>", "{name}")
              for rule in APP.url_map.iter_rules() if rule.rule.startswith("/api/")}
    assert routes - {"/api/openapi.json"} == documented


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_api_answers_as_documented(case):
    case.call_and_validate(headers=HEADERS)
