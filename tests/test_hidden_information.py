"""Hidden information: 200 random games of every registered game (each to its first
scoring: tests/audit.py), each checked after every move for every player and a spectator: no card
of another hand, no passed card before it arrives, no discard, kitty or undealt card, no seed, no
other player's private args (`Game.hidden_from` names what each viewer may not see; the view and
every notification they may fetch are searched).
`make soak` runs the same audit on 1,000 games per game."""
import pytest

from tests.audit import GAMES, MIN_MOVES, audit

AUDIT_GAMES = 200


@pytest.mark.slow
@pytest.mark.parametrize("name", GAMES)
def test_no_view_or_notification_shows_what_is_hidden(name):
    report = audit(name, AUDIT_GAMES)
    assert report.leaks == []
    assert report.games == report.scored + report.ended == AUDIT_GAMES  # whole hands (to a scoring) or games
    assert report.moves >= MIN_MOVES * report.scored + report.ended
    assert report.notifications > report.games


def test_the_audit_reports_a_leak():
    """The audit is not blind: a game whose view shows every hand to everyone is caught."""
    from games.zhubu_shengji.game import ZhubuShengji

    class Leaky(ZhubuShengji):
        name = "leaky_zhubu"

        def get_all_datas(self, player_id):
            return {**super().get_all_datas(player_id), "all_hands": self.data["hands"]}

    from framework.testing import audit_hidden_information
    report = audit_hidden_information(Leaky, 2, stop=lambda table: table.move > 3)
    assert len(report.leaks) == 2 and "can see hidden" in report.leaks[0]
