"""Small leaks and bypasses (issue 28, finding 7): no existence oracle through `?as`, ids in ASCII
digits only, bodies in JSON only, nginx's TLS headers, and development switches announced at start."""
import logging
import re

import pytest

from framework.web import create_app
from tools.servers import ROOT


def test_acting_as_someone_at_a_private_table_is_the_404_of_a_missing_one(api):
    """A 403 for a private table and a 404 for a missing one told an outsider which ids hold private tables."""
    for name in ("anna", "ben", "eve"):
        api.register(name)
    private = api.post("/api/tables", "anna", json={"game": "climb", "players": 2, "private": True,
                                                    "reserved": ["ben"]}).json["id"]
    for table_id in (private, private + 1000):
        answer = api.post(f"/api/tables/{table_id}/actions/pickCharm?as=1", "eve", json={"charm": "jade"})
        assert answer.status_code == 404, (table_id, answer.json)
        assert answer.json["error"]["message"] == f"There is no table {table_id}."


@pytest.mark.parametrize("spelling", ["%D9%A3", "%EF%BC%93", "%E0%A5%A9"])  # Arabic-Indic, fullwidth, Devanagari 3
def test_an_id_in_other_digits_names_no_table(api, spelling):
    api.register("anna")
    table_id = api.new_table("anna", players=2)
    assert table_id == 1 and api.get("/api/tables/1", "anna").status_code == 200
    one = {"%D9%A3": "%D9%A1", "%EF%BC%93": "%EF%BC%91", "%E0%A5%A9": "%E0%A5%A7"}[spelling]  # the same script's 1
    for path in (f"/api/tables/{one}", f"/api/tables/{one}/chat", f"/api/tables/{one}/legal-actions"):
        answer = api.get(path, "anna")
        assert answer.status_code == 404, (path, answer.status_code)
    assert api.post(f"/api/tables/{one}/join", "anna").status_code == 404


@pytest.mark.parametrize("path, body", [
    ("/api/users", '{"name": "victim", "password": "secret-pass"}'),
    ("/api/login", '{"name": "anna", "password": "secret-pass"}')])
def test_a_cross_site_text_plain_post_is_415_and_changes_nothing(client, api, path, body):
    api.register("anna")
    for kind in ("text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", None):
        headers = {"Content-Type": kind} if kind else {}
        answer = client.post(path, data=body, headers=headers)
        assert answer.status_code == 415, (kind, answer.status_code)
        assert "application/json" in answer.json["error"]["message"]
    assert client.post("/api/login", json={"name": "victim", "password": "secret-pass"}).status_code == 401
    assert client.post(path, data=body, headers={"Content-Type": "application/json; charset=utf-8"}).status_code \
        in (200, 201)


def test_every_body_taking_operation_documents_its_415(client):
    spec = client.get("/api/openapi.json").json
    taking = [(path, method) for path, operations in spec["paths"].items()
              for method, operation in operations.items() if "requestBody" in operation]
    assert len(taking) >= 10
    assert all("415" in spec["paths"][path][method]["responses"] for path, method in taking)



def test_the_nginx_site_hides_its_version_and_sends_hsts():
    for site in ("nginx.conf", "nginx-hosts.conf"):
        directives = [line.split("#")[0].strip() for line in (ROOT / "deploy" / site).read_text().splitlines()]
        assert "server_tokens off;" in directives, site
        hsts = [d for d in directives if d.startswith("add_header Strict-Transport-Security")]
        assert hsts and re.search(r"max-age=(\d+)", hsts[0]) and int(re.search(r"max-age=(\d+)", hsts[0])[1]) >= \
            180 * 86400 and hsts[0].endswith("always;"), site


def test_testing_mode_is_announced_at_start(tmp_path, caplog, monkeypatch):
    monkeypatch.setenv("BGA_TESTING", "true")
    with caplog.at_level(logging.WARNING):
        create_app({"SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'dev.sqlite'}", "GAMES": []})
    assert any("development mode is on (BGA_TESTING)" in record.getMessage() for record in caplog.records)
