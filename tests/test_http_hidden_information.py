"""The hidden-information audit over HTTP. Seeded games of every registered game and of
the tests' Climb are played through the API; at sampled moves every seat's player and a spectator
(a stranger, at a private table) fetch the view, their legal actions, notifications, the push stream,
`/log`, `/replay` and `/export`, and nothing they get may show a card hidden from them
(tests/http_audit.py says what is checked).
The engine's own audit (tests/test_hidden_information.py) covers views and notifications of many
more games; this one covers what the server adds on top."""
import pytest

from framework.store import NotificationRecord, queries
from tests.audit import GAMES, MIN_MOVES
from tests.http_audit import HttpAudit, audit_over_http

pytestmark = pytest.mark.slow  # whole games played over HTTP: the full suite
AUDITED = ["climb", *GAMES]
EVERY = {"climb": 3}  # Climb's first scoring comes at move 20: sample it more often


@pytest.mark.parametrize("name", AUDITED)
def test_no_route_shows_a_viewer_what_is_hidden_from_them(tmp_path, name):
    report = audit_over_http(tmp_path, name, f"http-audit-{name}-0001", HttpAudit(), every=EVERY.get(name, 10))
    assert report.leaks == []
    assert report.games == 1 and report.moves >= MIN_MOVES and report.positions >= 5


def test_a_private_table_is_audited_and_every_route_is_a_404_to_a_stranger(tmp_path):
    report = audit_over_http(tmp_path, "climb", "http-audit-private-0001", HttpAudit(), every=4, private=True,
                             seats=3)
    assert report.leaks == [] and report.positions >= 5


def test_a_whole_game_is_audited_after_its_end_too(tmp_path):
    """Climb with one card each ends before its first scoring rule stops it: after the end, anyone
    replays any seat (as that seat saw it), the log is whole, and a spectator gets the export too."""
    report = audit_over_http(tmp_path, "climb", "http-audit-ended-0001", HttpAudit(), every=2, seats=2,
                             options={"hand_size": 1})
    assert report.leaks == [] and report.ended == 1


@pytest.mark.parametrize("name", AUDITED)
def test_more_seeds_sampled_more_often(tmp_path, name):
    report = HttpAudit()
    for number in range(2, 5):
        audit_over_http(tmp_path, name, f"http-audit-{name}-{number:04d}", report, every=3)
    assert report.leaks == [] and report.games == 3


def test_the_http_audit_catches_a_log_that_names_silent_moves(tmp_path, monkeypatch):
    """The audit is not blind: a log that shows every move to everyone (Climb's `confirm` tells
    nobody anything) is caught."""
    monkeypatch.setattr(queries, "moves_announced", lambda table_id, first=0, last=None: set(range(1, 1000)))
    report = audit_over_http(tmp_path, "climb", "http-audit-leaky-log", HttpAudit(), every=3)
    assert report.leaks and all("/log" in leak and "told them nothing" in leak for leak in report.leaks)


def test_the_http_audit_catches_statistics_before_the_end_and_limited_ones(tmp_path, monkeypatch):
    """...and a view with the statistics while the game runs, the limited ones among them (Climb's
    points dealt, what each hand held)."""
    from framework.engine import Table
    from framework.engine import table as engine_table
    from framework.engine.results import shown_statistics

    def every_statistic(table):
        unlimited = {kind: {name: {**spec, "display": None} for name, spec in declared.items()}
                     for kind, declared in table.game_cls.statistics.items()}
        return shown_statistics(unlimited, table.state.stats, [p["id"] for p in table.players])

    view = engine_table.table_view
    monkeypatch.setattr(Table, "statistics", every_statistic)
    monkeypatch.setattr(engine_table, "table_view", lambda table, viewer: {**view(table, viewer),
                                                                           "statistics": table.statistics()})
    report = audit_over_http(tmp_path, "climb", "http-audit-leaky-stats", HttpAudit(), every=3)
    assert any("the view" in leak and "before the end" in leak for leak in report.leaks)
    assert any("limited statistics ['points_dealt']" in leak for leak in report.leaks)


def test_the_http_audit_catches_notifications_sent_to_everyone(tmp_path, monkeypatch):
    """...and so are private notifications (each player's dealt hand) served to every viewer."""
    monkeypatch.setattr(NotificationRecord, "visible_to", classmethod(lambda cls, viewer: cls.id.is_not(None)))
    report = audit_over_http(tmp_path, "climb", "http-audit-leaky-notes", HttpAudit(), every=3)
    assert any("/notifications" in leak and "shows hidden" in leak for leak in report.leaks)


def test_the_http_audit_catches_a_description_that_shows_other_hands(tmp_path, monkeypatch):
    """...and so is a move described with what the player may not see (every hand of the table)."""
    from framework.engine import Table

    # Through a field the answer states (one the description does not state never leaves the server).
    monkeypatch.setattr(Table, "describe", lambda self, player_id, action, args=None: {
        "action": action, "label": None, "legal": None, "reason": None,
        "variants": [{"label": "every hand", "args": {"hands": self.state.data}}]})
    report = audit_over_http(tmp_path, "climb", "http-audit-leaky-describe", HttpAudit(), every=3)
    assert any("/describe" in leak and "shows hidden" in leak for leak in report.leaks)
