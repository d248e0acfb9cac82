"""The link in an address's confirmation opens a page that confirms it and says so (or why not)."""
from __future__ import annotations

try:
    from playwright.sync_api import expect
except ImportError:  # the fixtures skip (or fail under REQUIRE_E2E=1) with the reason
    expect = None

from tests.confirmations import confirmation_token


def test_the_confirmation_link_confirms_the_address_and_a_wrong_one_says_why(new_context, api, live_app):
    api.register("confirmer")
    assert api.client.patch("/api/me", headers=api.headers("confirmer"),
                            json={"email": "confirmer@example.org"}).status_code == 200
    token = confirmation_token(live_app, api.ids["confirmer"])
    page = new_context(user=("confirmer", api))
    page.goto(f"/#/confirm-email/{token[:-2]}xx")
    expect(page.get_by_role("alert")).to_contain_text("no confirmation of your current address")
    assert api.get("/api/me", "confirmer").json["email_confirmed"] is False
    page.goto(f"/#/confirm-email/{token}")
    expect(page.locator(".confirmed")).to_contain_text("confirmer@example.org")
    assert api.get("/api/me", "confirmer").json["email_confirmed"] is True
    assert page.errors == []
