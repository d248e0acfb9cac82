"""The OpenAPI description, and schemathesis against it: no 5xx, every answer as documented."""
import re
import tempfile
from pathlib import Path

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from tests.conftest import Api, make_app

_folder = Path(tempfile.mkdtemp(prefix="bga-openapi-"))
APP = make_app(f"sqlite:///{_folder / 'fuzz.sqlite'}")
_api = Api(APP.test_client())
_api.register("fuzzer")
_api.register("other")
TABLE = _api.new_table("fuzzer", joiners=["other"], players=2, seed="fuzz")
_api.new_table("fuzzer", players=3)
HEADERS = {"Authorization": f"Bearer {_api.tokens['fuzzer']}"}
# The name and password rules are more than a JSON schema can say (look-alike names, common passwords,
# a password holding the name): a schema-valid body may get a documented 400 there.
RULES_BEYOND_THE_SCHEMA = {("POST", "/api/users"), ("POST", "/api/me/password")}

schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


def test_openapi_document_lists_every_route():
    documented = set(schema.raw_schema["paths"])
    routes = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
              for rule in APP.url_map.iter_rules() if rule.rule.startswith("/api/")}
    assert routes - {"/api/openapi.json"} == documented


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_api_answers_as_documented(case):
    beyond = (case.method.upper(), case.path) in RULES_BEYOND_THE_SCHEMA
    case.call_and_validate(headers=HEADERS, excluded_checks=[positive_data_acceptance] if beyond else None)


def test_a_route_without_its_description_is_refused_by_name():
    """The description is made from the routes: a new /api/ route must say what it takes and answers."""
    import pytest
    from flask import Blueprint

    from framework.web.openapi import build_spec

    app = make_app(f"sqlite:///{_folder / 'undocumented.sqlite'}")
    extra = Blueprint("extra", __name__, url_prefix="/api")
    extra.add_url_rule("/tables/<int:table_id>/shout", "shout", lambda table_id: "", methods=["POST"])
    app.register_blueprint(extra)
    with pytest.raises(LookupError, match="/api/tables/<int:table_id>/shout"):
        build_spec(app)


def test_each_operation_says_its_answers_and_who_may_call_it():
    paths = schema.raw_schema["paths"]
    act = paths["/api/tables/{table_id}/actions/{action}"]["post"]
    assert {"200", "403", "409", "422"} <= set(act["responses"]) and act["security"] == [{"bearer": []}]
    assert [p["name"] for p in act["parameters"] if p["in"] == "path"] == ["table_id", "action"]
    assert "security" not in paths["/api/users"]["post"] and "201" in paths["/api/users"]["post"]["responses"]
