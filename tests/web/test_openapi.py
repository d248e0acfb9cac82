"""The OpenAPI description, and schemathesis against it with every check: no 5xx, every answer as
documented, every request the description allows accepted and every one it forbids refused."""
import re
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.specs.openapi.checks import positive_data_acceptance

from framework.store.users import get_user, issue_token
from tests.conftest import Api, make_app

_folder = Path(tempfile.mkdtemp(prefix="bga-openapi-"))
APP = make_app(f"sqlite:///{_folder / 'fuzz.sqlite'}", EVENTS_STREAM_SECONDS=0)  # an event stream: one read, then ends
_api = Api(APP.test_client())
_api.register("fuzzer")
_api.register("other")
_api.register("revoker")
TABLE = _api.new_table("fuzzer", joiners=["other"], players=2, seed="fuzz")  # playing
_api.new_table("fuzzer", players=3)                                          # open, in the lobby
# The name and password rules are more than a JSON schema can say (look-alike names, common passwords,
# a password holding the name): a schema-valid body may get a documented 400 there.
RULES_BEYOND_THE_SCHEMA = {("POST", "/api/users"), ("POST", "/api/me/password")}

# Operations that may revoke the token they are sent with (log out, log out everywhere, a new password):
# each call gets a token of its own, of a user no other call uses, so the run's token stays good.
REVOKING = re.compile(r"/(logout|sessions|password)(/|$)")
CONFIG = schemathesis.Config.from_dict({
    "parameters": {"path.table_id": TABLE},  # a real table: the routes past the 404 are tested
    "generation": {"max-examples": 25, "database": "none"},
    "phases": {"stateful": {"max-steps": 6}},
    "suppress-health-check": ["all"],
})
schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP, config=CONFIG)


def token_for(operation) -> str:
    if not REVOKING.search(operation.path):
        return _api.tokens["fuzzer"]
    with APP.app_context():
        return issue_token(get_user(_api.ids["revoker"]))


@schema.auth(refresh_interval=None)  # asked on every call: a revoking operation gets a new token each time
class RunToken:
    def get(self, case, context):
        return token_for(case.operation)

    def set(self, case, data, context):
        case.headers = {**(case.headers or {}), "Authorization": f"Bearer {data}"}


def test_openapi_document_lists_every_route():
    documented = set(schema.raw_schema["paths"])
    routes = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
              for rule in APP.url_map.iter_rules() if rule.rule.startswith("/api/")}
    assert routes - {"/api/openapi.json"} == documented


@schema.parametrize()  # the examples, coverage and fuzzing phases, every check
@settings(deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_api_answers_as_documented(case):
    beyond = (case.method.upper(), case.path) in RULES_BEYOND_THE_SCHEMA
    case.call_and_validate(excluded_checks=[positive_data_acceptance] if beyond else None)


def test_a_route_without_its_description_is_refused_by_name():
    """The description is made from the routes: a new /api/ route must say what it takes and answers."""
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
