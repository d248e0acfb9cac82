"""A move's statements, counted on SQLite (the same ones PostgreSQL runs, there in two round trips):
one more per move shows here before it shows as a slower server."""
from sqlalchemy import event

from framework.store import db

# BEGIN, the token, the table's lock, its seats, the move, its notifications (one INSERT however many),
# the table, the seats (one UPDATE for the seats that changed the same columns), COMMIT.
MOST = 9


def test_a_move_takes_a_handful_of_statements(app, api):
    api.register("anna")
    api.register("ben")
    table_id = api.new_table("anna", joiners=["ben"], players=2)
    statements: list[str] = []
    with app.app_context():
        db.engine.dispose()  # the connections made from here on are traced
        event.listen(db.engine, "connect", lambda dbapi, _record: dbapi.set_trace_callback(statements.append))
    answer = api.act(table_id, "anna", "pickCharm", charm="amber")  # a private and a public notification
    assert answer.status_code == 200, answer.json
    assert len(answer.json["notifications"]) == 2
    moved = [s for s in statements if not s.startswith("PRAGMA")]
    assert moved[0] == "BEGIN IMMEDIATE" and moved[-1] == "COMMIT" and len(moved) <= MOST, "\n".join(moved)
