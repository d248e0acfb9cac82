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
# Operations that end sessions run as an account of their own, with a new token each time: with the
# fuzzer's token they would leave every operation after them nothing to answer but 401.
_api.register("ender")
ENDS_SESSIONS = {("POST", "/api/logout"), ("DELETE", "/api/me/sessions"), ("DELETE", "/api/me/sessions/{session_id}"),
                 ("POST", "/api/me/password")}


# Not checked: that every schema-valid request is accepted. Many refusals are documented 400s for
# rules no JSON schema states (a table's player counts and free seats, a fork's move within the
# table's, the name and password rules, webhook addresses, the lobby's open tables only).
RULES_BEYOND_THE_SCHEMA = [positive_data_acceptance]


def headers_for(case) -> dict:
    if (case.method.upper(), case.path) not in ENDS_SESSIONS:
        return HEADERS
    from framework.store.users import get_user, issue_token

    with APP.app_context():
        return {"Authorization": f"Bearer {issue_token(get_user(_api.ids['ender']))}"}


schema = schemathesis.openapi.from_wsgi("/api/openapi.json", APP)


def test_openapi_document_lists_every_route():
    documented = set(schema.raw_schema["paths"])
    routes = {re.sub(r"<(?:\w+:)?(\w+)>", r"{\1}", rule.rule)
              for rule in APP.url_map.iter_rules() if rule.rule.startswith("/api/")}
    assert routes - {"/api/openapi.json"} == documented


@schema.parametrize()
@settings(max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_api_answers_as_documented(case):
    case.call_and_validate(headers=headers_for(case), excluded_checks=RULES_BEYOND_THE_SCHEMA)


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
