"""What a refused request must leave as it was: a table's stored row, its seats' rows and the rows of the
users sitting there, whole, and how many moves, notifications, chat lines, outbox messages, users and seats
there are (a refused join or bot must not leave a seat or an account behind)."""
from sqlalchemy import func, select

from framework.store import MoveRecord, NotificationRecord, TableRecord, db
from framework.store.models import ChatMessage, OutboxMessage, Seat, User


def table_rows(app, table_id: int) -> tuple:
    with app.app_context():
        read = db.session.execute
        table = tuple(read(select(TableRecord.__table__).where(TableRecord.id == table_id)).one())
        seats = [tuple(row) for row in read(select(Seat.__table__).where(Seat.table_id == table_id)
                                            .order_by(Seat.seat))]
        user_ids = [row.user_id for row in read(select(Seat.user_id).where(Seat.table_id == table_id))]
        users = [tuple(row) for row in read(select(User.__table__).where(User.id.in_(user_ids)).order_by(User.id))]
        counts = tuple(db.session.scalar(select(func.count()).select_from(model))
                       for model in (MoveRecord, NotificationRecord, ChatMessage, OutboxMessage, User, Seat))
        db.session.remove()
    return table, seats, users, counts
