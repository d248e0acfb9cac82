"""The baseline for `make bench`: a bare Flask + flask-sqlalchemy endpoint that reads a row, updates
it and commits, on the same database setup as the real server: the ceiling for a move over HTTP."""
from __future__ import annotations

import random

from flask import Flask, jsonify
from sqlalchemy.orm import Mapped, mapped_column

from framework.store import db, init_database, write_transaction

ROWS = 64


class Counter(db.Model):
    __tablename__ = "bench_counters"
    id: Mapped[int] = mapped_column(primary_key=True)
    value: Mapped[int] = mapped_column(default=0)


def prepare(url: str) -> None:
    """The table and its rows, made once before the server starts (not by each worker)."""
    app = Flask(__name__)
    app.config["SQLALCHEMY_DATABASE_URI"] = url
    init_database(app)
    with app.app_context():
        db.create_all()
        if db.session.get(Counter, 1) is None:
            db.session.add_all(Counter(id=i) for i in range(1, ROWS + 1))
            db.session.commit()
        db.engine.dispose()


def create_app() -> Flask:
    app = Flask(__name__)
    app.config.from_prefixed_env("BGA")
    init_database(app)

    @app.post("/bump")
    def bump():
        with write_transaction():
            row = db.session.get(Counter, random.randint(1, ROWS), with_for_update=True)
            row.value += 1
            value = row.value
        return jsonify({"value": value})

    return app
