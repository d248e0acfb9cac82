"""The files under deploy/ are what an operator copies: every nginx site passes `nginx -t` as the
distribution would include it, and the systemd units run what the README says."""
from __future__ import annotations

import re

import pytest

from tests.nginx import config_test, site_for_test
from tools.servers import PUSH_WORKER_ARGS, ROOT

DEPLOY = ROOT / "deploy"
SITES = sorted(DEPLOY.glob("nginx*.conf"))


def upstream_servers(site) -> int:
    return len(re.findall(r"(?m)^\s*server [\w.-]+:\d+", site.read_text()))


@pytest.mark.parametrize("site", SITES, ids=[s.name for s in SITES])
def test_every_nginx_site_passes_nginx_t(site):
    ports = list(range(18001, 18001 + upstream_servers(site)))  # written, never listened on: -t binds nothing
    result = config_test(site_for_test(18000, ports, site))
    assert result.returncode == 0, result.stderr
    assert "test is successful" in result.stderr


def test_the_multi_host_site_never_sends_a_post_twice():
    text = (DEPLOY / "nginx-hosts.conf").read_text()
    assert upstream_servers(DEPLOY / "nginx-hosts.conf") >= 2
    directives = [line.split("#")[0] for line in text.splitlines()]
    assert any("proxy_next_upstream " in line for line in directives)
    # non_idempotent would resend a POST that a host may already have committed
    assert not any("non_idempotent" in line for line in directives)
    assert not any(re.search(r"\b(ip_hash|hash|sticky)\b", line) for line in directives)


def test_the_tick_runs_every_minute_from_a_timer_with_the_hosts_settings():
    timer = (DEPLOY / "bga-tick.timer").read_text()
    service = (DEPLOY / "bga-tick.service").read_text()
    app = (DEPLOY / "bga.service").read_text()
    assert "OnCalendar=*-*-* *:*:00" in timer
    assert "flask --app framework.web tick" in service and "Type=oneshot" in service
    for unit in (service, app):
        assert "EnvironmentFile=/etc/bga/bga.env" in unit
    assert "gunicorn" in app and "${BGA_BIND}" in app
    env = (DEPLOY / "bga.env").read_text()
    assert re.search(r"(?m)^DATABASE_URL=postgresql", env) and re.search(r"(?m)^BGA_TRUSTED_PROXIES=1$", env)


def test_messages_are_delivered_by_a_timer_of_their_own_apart_from_the_tick():
    timer = (DEPLOY / "bga-deliver.timer").read_text()
    service = (DEPLOY / "bga-deliver.service").read_text()
    assert "OnCalendar=*-*-* *:*:30" in timer and "WantedBy=timers.target" in timer
    assert "flask --app framework.web deliver" in service and "Type=oneshot" in service
    assert "EnvironmentFile=/etc/bga/bga.env" in service
    assert "deliver" not in next(line for line in (DEPLOY / "bga-tick.service").read_text().splitlines()
                                 if line.startswith("ExecStart="))


def test_the_push_unit_runs_the_push_worker_the_tools_measure_on_its_own_port():
    """bga-push.service runs what `make bench` and the multi-host test run as the push process."""
    push = (DEPLOY / "bga-push.service").read_text()
    command = next(line for line in push.splitlines() if line.startswith("ExecStart="))
    assert " ".join(PUSH_WORKER_ARGS) in command and "${BGA_PUSH_BIND}" in command
    assert "EnvironmentFile=/etc/bga/bga.env" in push
    env = (DEPLOY / "bga.env").read_text()
    bind, push_bind = (re.search(rf"(?m)^{key}=(\S+)$", env)[1] for key in ("BGA_BIND", "BGA_PUSH_BIND"))
    assert bind != push_bind


def test_every_site_sends_event_streams_to_the_push_upstream_unbuffered():
    for site in SITES:
        text = site.read_text()
        block = text[text.index("location ~ ^/api/tables/[0-9]+/events$"):]
        block = block[:block.index("}")]
        assert "proxy_pass http://bga_push" in block and "proxy_buffering off;" in block, site.name


def test_every_site_bounds_streams_per_address_above_the_apps_own_bound_and_the_push_unit_sizes_its_pool():
    """nginx refuses an address's streams past its limit_conn (429) before the push process sees them; the
    app's own per-address bound is lower, so pages meet its JSON answer first. The push process's pool and
    open files are set in its unit (docs/deploying.md, "Event streams")."""
    from framework.web import create_app

    app_bound = create_app({"TESTING": True, "SQLALCHEMY_DATABASE_URI": "sqlite://", "GAMES": []}).config[
        "EVENTS_STREAMS_PER_ADDRESS"]
    for site in SITES:
        text = site.read_text()
        zone = re.search(r"limit_conn_zone \$binary_remote_addr zone=(\w+):\d+m;", text)[1]
        block = text[text.index("location ~ ^/api/tables/[0-9]+/events$"):]
        block = block[:block.index("}")]
        bound = int(re.search(rf"limit_conn {zone} (\d+);", block)[1])
        assert bound > app_bound and "limit_conn_status 429;" in block, site.name
    push = (DEPLOY / "bga-push.service").read_text()
    assert re.search(r"(?m)^Environment='BGA_SQLALCHEMY_ENGINE_OPTIONS=\{\"pool_size\": \d+", push)
    assert re.search(r"(?m)^LimitNOFILE=\d+$", push)


def test_the_bot_runner_is_a_long_running_service_with_the_hosts_settings_and_make_starts_one():
    service = (DEPLOY / "bga-bots.service").read_text()
    start = next(line for line in service.splitlines() if line.startswith("ExecStart="))
    assert start.endswith("flask --app framework.web bots") and "Type=simple" in service
    assert "Restart=always" in service and "EnvironmentFile=/etc/bga/bga.env" in service
    env = (DEPLOY / "bga.env").read_text()
    assert "#BGA_ZOMBIE_LEVEL=heuristic" in env and "bga-bots.service" in env
    makefile = (ROOT / "Makefile").read_text()
    for target in ("run", "serve"):
        recipe = makefile.split(f"\n{target}: install\n", 1)[1].split("\n\n", 1)[0]
        assert "$(FLASK) bots &" in recipe, target
