"""A whole Dragon and Phoenix game over simulated days, as asynchronous play goes.

Four seats: Anna and Cleo play one turn a day each (Cleo an hour into the day, Anna two hours in);
from day 9 Anna stays away until she is out of time, is played by the zombie, and takes her seat
back the next day; Ben never shows up (out of time on day one, then the zombie plays all his turns); a bot holds
the fourth seat. Each day starts with `flask tick --now <that day>`, and the app's CLOCK follows
the same simulated time. Anna gets "your turn" by e-mail, Ben by webhook.
"""
import random
from datetime import datetime, timedelta

import pytest
from sqlalchemy import func, select

from framework.store import MoveRecord, db
from framework.store.models import OutboxMessage
from tests.confirmations import set_confirmed_email
from tests.conftest import Api, make_app
from tests.http_play import choose_move

AWAY_DAY = 9


def outbox_rows(app, user_id):
    with app.app_context():
        rows = db.session.execute(select(OutboxMessage.channel, OutboxMessage.turn, OutboxMessage.status)
                                  .where(OutboxMessage.user_id == user_id, OutboxMessage.table_id.is_not(None))).all()
        db.session.remove()
    return rows


def zombie_moves(app, player_id):
    with app.app_context():
        count = db.session.scalar(select(func.count()).select_from(MoveRecord)
                                  .where(MoveRecord.actor == "zombie", MoveRecord.player_id == player_id))
        db.session.remove()
    return count


def play_one_turn(app, api, table_id, name, chooser):
    """Look at the table and, if it is this player's turn, play one move. Returns the view."""
    view = api.view(table_id, name)
    player = api.ids[name]
    if view["table"]["status"] == "playing" and player in view["state"]["active_players"]:
        action, args = choose_move(app, table_id, player, chooser, heuristic=True)
        response = api.act(table_id, name, action, **args, move=view["table"]["move"])
        assert response.status_code == 200, response.json
    return view


@pytest.mark.slow
def test_a_game_over_days_with_a_late_player_a_returning_player_and_a_bot(tmp_path, smtp, webhook):
    port, inbox = smtp
    url, hook_calls, _ = webhook
    start = datetime(2026, 12, 1, 8, 0)
    clock = [start]
    app = make_app(f"sqlite:///{tmp_path / 'days.sqlite'}", GAMES=["dragon_phoenix"], MAIL_SERVER="127.0.0.1",
                   MAIL_PORT=port, CLOCK=lambda: clock[0], WEBHOOK_PRIVATE_TARGETS=True)  # the hook is local
    api = Api(app.test_client())
    for name in ("anna", "ben", "cleo"):
        api.register(name)
    set_confirmed_email(app, api, "anna", "anna@example.org")
    api.client.patch("/api/me", headers=api.headers("ben"), json={"webhook_url": url})
    table_id = api.post("/api/tables", "anna", json={"game": "dragon_phoenix", "players": 4, "turn_hours": 24,
                                                     "options": {"target": 500}, "seed": "days"}).json["id"]
    api.post(f"/api/tables/{table_id}/join", "ben")
    api.post(f"/api/tables/{table_id}/join", "cleo")
    api.post(f"/api/tables/{table_id}/bots", "anna", json={"count": 1, "level": "heuristic"})
    anna, ben = api.ids["anna"], api.ids["ben"]
    chooser, zombie_while_away = random.Random("days"), 0

    for day in range(600):
        clock[0] = start + timedelta(days=day)
        if day:
            for command in ("tick", "deliver"):
                assert app.test_cli_runner().invoke(args=[command, "--now", clock[0].isoformat()]).exit_code == 0
        clock[0] += timedelta(hours=1)
        if play_one_turn(app, api, table_id, "cleo", chooser)["table"]["status"] == "finished":
            break
        clock[0] += timedelta(hours=1)
        if day >= AWAY_DAY and not zombie_while_away:
            if not api.view(table_id, "anna")["you_are_zombie"]:
                continue  # Anna stays away until a tick finds her out of time
            zombie_while_away = zombie_moves(app, anna)
            assert zombie_while_away > 0  # her turns were played meanwhile
            assert api.post(f"/api/tables/{table_id}/return", "anna").status_code == 200
        mails_before = len(outbox_rows(app, anna))
        play_one_turn(app, api, table_id, "anna", chooser)
        assert len(outbox_rows(app, anna)) == mails_before  # she is on the page: no mail for her
    else:
        raise AssertionError("the game did not end in 600 days")

    final = api.view(table_id, "anna")
    players = final["table"]["players"]
    assert final["state"]["name"] == "gameEnd" and max(p["score"] for p in players) >= 500
    assert [p["zombie"] for p in players] == [False, True, False, False]
    assert zombie_moves(app, anna) == zombie_while_away  # the zombie played for her only while she was away
    assert zombie_moves(app, ben) > 20

    anna_mails = outbox_rows(app, anna)
    assert len(anna_mails) > 5 and all(channel == "email" and status == "sent" for channel, _, status in anna_mails)
    assert len({turn for _, turn, _ in anna_mails}) == len(anna_mails)  # one per turn
    assert len(inbox.messages) == len(anna_mails)
    assert all(recipients == ["anna@example.org"] for recipients, _ in inbox.messages)
    ben_hooks = outbox_rows(app, ben)
    assert ben_hooks and len(hook_calls) == len(ben_hooks)  # every message arrived, each once
    assert {turn for _, turn, _ in ben_hooks} <= {0}  # only before he ran out of time on day one
