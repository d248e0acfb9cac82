"""The OpenAPI description, and schemathesis against it with every check: no 5xx, every answer as
documented, every request the description allows accepted and every one it forbids refused."""
import re
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from schemathesis.specs.openapi.checks import positive_data_acceptance

from framework.store.users import get_user, issue_token
from framework.web.schemas import MAX_ID
from tests.conftest import Api, make_app

_folder = Path(tempfile.mkdtemp(prefix="bga-openapi-"))
# An event stream: one read, then ends. The per-account flood limits lifted: hundreds of calls from one
# account would meet them part-way, and an answer that changes with what earlier examples did (a table
# made, then 429) makes the stateful phase's data generation inconsistent, which hypothesis refuses.
APP = make_app(f"sqlite:///{_folder / 'fuzz.sqlite'}", EVENTS_STREAM_SECONDS=0, TABLES_PER_ACCOUNT=10**6,
               MAX_OPEN_TABLES=10**6, CHAT_LINES=10**6, CHAT_LINES_PER_DAY=10**6)
_api = Api(APP.test_client())
_api.register("fuzzer")
_api.register("other")
_api.register("revoker")
TABLE = _api.new_table("fuzzer", joiners=["other"], players=2, seed="fuzz")  # playing
_api.new_table("fuzzer", players=3)                                          # open, in the lobby
PRIVATE = _api.post("/api/tables", "other", json={"game": "climb", "players": 2, "private": True}).json["id"]
MISSING = PRIVATE + 1000
# Every route of a table is called with a table the fuzzer plays at, one that does not exist and one it
# cannot see (private, someone else's): the last two must get a 404 the route documents.
TABLE_IDS = (TABLE, MISSING, PRIVATE)
# The name, password and chat text rules are more than a JSON schema can say (look-alike names, common
# passwords, a password holding the name, invisible characters by Unicode category, stacked marks): a
# schema-valid body may get a documented 400 there.
RULES_BEYOND_THE_SCHEMA = {("POST", "/api/users"), ("POST", "/api/me/password"),
                           ("POST", "/api/tables/{table_id}/chat")}

# Operations that may revoke the token they are sent with (log out, log out everywhere, a new password):
# each call gets a token of its own, of a user no other call uses, so the run's token stays good.
REVOKING = re.compile(r"/(logout|sessions|password)(/|$)")
CONFIG = schemathesis.Config.from_dict({
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


def flatmap_path_parameters(context, path_parameters):
    table_id = (path_parameters or {}).get("table_id")
    if type(table_id) is not int or not 1 <= table_id <= MAX_ID:
        return st.just(path_parameters)  # no table id, or one the schema refuses: a negative case stays one
    return st.sampled_from(TABLE_IDS).map(lambda table_id: {**path_parameters, "table_id": table_id})


@schema.hooks.apply(flatmap_path_parameters)
@schema.parametrize()  # the examples, coverage and fuzzing phases, every check
@settings(deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_api_answers_as_documented(case):
    beyond = (case.method.upper(), case.path) in RULES_BEYOND_THE_SCHEMA
    case.call_and_validate(excluded_checks=[positive_data_acceptance] if beyond else None)


class Workflows(schema.as_state_machine()):
    """The stateful phase: chains of calls linked by what one answer gives the next (a new table's id, a
    session's id), every check on every answer."""

    def validate_response(self, response, case, additional_checks=None, **kwargs):
        beyond = (case.method.upper(), case.path) in RULES_BEYOND_THE_SCHEMA
        case.validate_response(response, additional_checks=additional_checks,
                               excluded_checks=[positive_data_acceptance] if beyond else None)


TestStatefulWorkflows = Workflows.TestCase
TestStatefulWorkflows.settings = settings(max_examples=25, stateful_step_count=6, deadline=None,
                                          suppress_health_check=list(HealthCheck), database=None)


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


def test_the_password_rules_are_in_the_document():
    """A password the server refuses for its length is not schema-valid (the rest of the policy is said)."""
    from framework.store.passwords import MAX_LENGTH, MIN_LENGTH

    components = schema.raw_schema["components"]["schemas"]
    for component, field in (("Registration", "password"), ("PasswordChange", "new_password")):
        password = components[component]["properties"][field]
        assert (password["minLength"], password["maxLength"]) == (MIN_LENGTH, MAX_LENGTH), component
        assert "most common" in password["description"] and "name" in password["description"]
    answer = APP.test_client().post("/api/users", json={"name": "shorty", "password": "x" * (MIN_LENGTH - 1)})
    assert answer.status_code == 400 and answer.json["error"]["fields"]["password"]


def test_the_deployments_own_answers_are_documented_as_such():
    events = schema.raw_schema["paths"]["/api/tables/{table_id}/events"]["get"]["responses"]
    assert "event streams" in events["503"]["description"]
    assert "limit_request_line" in schema.raw_schema["paths"]["/api/games"]["get"]["responses"]["414"]["description"]
