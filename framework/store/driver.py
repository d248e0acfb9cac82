"""Prebuilt statements run on the database driver's own cursor: the write path of every move.

`Connection.execute` costs about 100 µs of Python per statement here (execution context, parameter
and result bookkeeping), more than SQLite takes to run one of these statements, and a move runs
nine. A `Prebuilt` statement is compiled by SQLAlchemy once per dialect and per set of parameter
names, and converts values with the column types' own processors (JSON, dates, booleans: exactly
what SQLAlchemy would send and return); only the per-call machinery is skipped. It runs in the
session's current transaction, on the same connection (`pipeline`: several at once on PostgreSQL).
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import AbstractContextManager, contextmanager
from typing import Any
from weakref import WeakKeyDictionary

from sqlalchemy import Table, bindparam, case, exc, insert, update
from sqlalchemy.engine import Dialect
from sqlalchemy.sql import ClauseElement

from .models import db


class Compiled:
    """One statement compiled for one dialect and one set of parameter names."""

    def __init__(self, statement: ClauseElement, dialect: Dialect, keys: tuple[str, ...]):
        compiled = statement.compile(dialect=dialect, column_keys=list(keys))
        missing = set(compiled.binds) - set(keys)
        if missing:  # a column default or a bind nobody gives: Connection.execute would fill it, this cannot
            raise ValueError(f"parameters missing for {sorted(missing)} in {compiled}")
        self.sql = str(compiled)
        processors = {name: dialect.type_descriptor(bind.type).bind_processor(dialect)
                      for name, bind in compiled.binds.items()}
        self.order = [(name, processors[name]) for name in compiled.positiontup] if dialect.positional else None
        self.processors = list(processors.items())
        self.columns = list(getattr(statement, "selected_columns", ()))
        self.readers: list[tuple[str, Callable | None]] | None = None

    def parameters(self, values: dict) -> tuple | dict:
        if self.order is not None:
            return tuple(values[name] if proc is None else proc(values[name]) for name, proc in self.order)
        return {name: values[name] if proc is None else proc(values[name]) for name, proc in self.processors}

    def row_readers(self, dialect: Dialect, cursor) -> list[tuple[str, Callable | None]]:
        """Each result column's name and conversion, fixed once the driver has described them (asked
        once: psycopg builds a description anew, tens of objects, each time it is read)."""
        if self.readers is None:
            self.readers = [(column.key, dialect.type_descriptor(column.type).result_processor(dialect, d[1]))
                            for column, d in zip(self.columns, cursor.description, strict=True)]
        return self.readers


class Prebuilt:
    """A Core statement (select, insert, update) to run many times with different values."""

    def __init__(self, statement: ClauseElement):
        self.statement = statement
        # Per dialect object, not per name: its processors carry the engine's own settings (its JSON
        # serializer, say). Weak: an engine disposed of (tests make many) takes its entries with it.
        self._compiled: WeakKeyDictionary[Dialect, dict[tuple[str, ...], Compiled]] = WeakKeyDictionary()

    def _for(self, dialect: Dialect, keys: Iterable[str]) -> Compiled:
        names = tuple(keys)
        by_names = self._compiled.get(dialect)
        if by_names is None:
            by_names = self._compiled[dialect] = {}
        found = by_names.get(names)
        if found is None:
            found = by_names[names] = Compiled(self.statement, dialect, names)
        return found

    def execute(self, values: dict | list[dict]) -> None:
        """Run it once (a dict) or for each of several rows with the same names (a list)."""
        rows = values if isinstance(values, list) else [values]
        if not rows:
            return
        dialect, compiled, cursor = self._prepare(rows[0])
        parameters = [compiled.parameters(row) for row in rows]
        with as_sqlalchemy_errors(dialect, compiled.sql, parameters):
            if len(parameters) == 1:
                cursor.execute(compiled.sql, parameters[0])
            else:
                cursor.executemany(compiled.sql, parameters)
        cursor.close()

    def send(self, values: dict) -> Sent:
        """Run a select now, read its rows later: in a `pipelined()` block several reads sent one
        after the other wait for their answers together."""
        dialect, compiled, cursor = self._prepare(values)
        parameters = compiled.parameters(values)
        sent = Sent(dialect, compiled, cursor, parameters)
        with as_sqlalchemy_errors(dialect, compiled.sql, parameters):
            cursor.execute(compiled.sql, parameters)
            if cursor.connection not in pipelines:  # read now: SQLite steps lazily, would see later writes
                sent.fetched = cursor.fetchall()
        return sent

    def rows(self, values: dict) -> list[dict]:
        """A select's rows as dicts, each value converted as SQLAlchemy would return it."""
        return self.send(values).rows()

    def first(self, values: dict) -> dict | None:
        found = self.rows(values)
        return found[0] if found else None

    def scalar(self, values: dict) -> Any:
        row = self.first(values)
        return None if row is None else next(iter(row.values()))

    def _prepare(self, values: dict) -> tuple[Dialect, Compiled, Any]:
        dialect, driver_connection = current_connection()
        # A cursor per statement, closed by its own thread: a cursor kept for later and collected in
        # another thread would reset its statement on a connection that thread may be using.
        return dialect, self._for(dialect, values), driver_connection.cursor()


class ManyRows:
    """Several rows written by one statement, not one per row: an INSERT with a VALUES list, or an
    UPDATE by id whose new values are a CASE on the id. Built once per column set and number of rows
    (at most `most` rows a statement: longer lists take several)."""

    def __init__(self, table: Table, most: int = 16):
        self.table, self.most = table, most
        self._built: dict[tuple, Prebuilt] = {}

    def insert(self, rows: list[dict]) -> None:
        self._run("insert", rows)

    def update(self, rows: list[dict]) -> None:
        """`rows`: the column values to set, each with its row's `id`."""
        self._run("update", rows)

    def _run(self, kind: str, rows: list[dict]) -> None:
        for start in range(0, len(rows), self.most):
            chunk = rows[start:start + self.most]
            names = tuple(chunk[0])
            key = (kind, names, len(chunk))
            built = self._built.get(key)
            if built is None:
                built = self._built[key] = Prebuilt(self._statement(kind, names, len(chunk)))
            built.execute({f"{name}_{i}": row[name] for i, row in enumerate(chunk) for name in names})

    def _statement(self, kind: str, names: tuple[str, ...], count: int):
        columns = self.table.c

        def value(name: str, i: int):
            return bindparam(f"{name}_{i}", type_=columns[name].type)

        if kind == "insert":
            return insert(self.table).values([{name: value(name, i) for name in names} for i in range(count)])
        if count == 1:
            return update(self.table).where(columns.id == value("id", 0)).values(
                {name: value(name, 0) for name in names if name != "id"})
        ids = [value("id", i) for i in range(count)]
        return update(self.table).where(columns.id.in_(ids)).values({
            name: case(*((columns.id == ids[i], value(name, i)) for i in range(count)))
            for name in names if name != "id"})


class Sent:
    """A select run and not read yet (`Prebuilt.send`)."""

    def __init__(self, dialect: Dialect, compiled: Compiled, cursor, parameters):
        self.dialect, self.compiled, self.cursor, self.parameters = dialect, compiled, cursor, parameters
        self.fetched: list | None = None

    def rows(self) -> list[dict]:
        fetched = self.fetched
        if fetched is None:
            with as_sqlalchemy_errors(self.dialect, self.compiled.sql, self.parameters):
                fetched = self.cursor.fetchall()
        readers = self.compiled.row_readers(self.dialect, self.cursor)
        self.cursor.close()
        return [{name: value if read is None else read(value) for (name, read), value in zip(readers, row, strict=True)}
                for row in fetched]

    def first(self) -> dict | None:
        found = self.rows()
        return found[0] if found else None


def current_connection() -> tuple[Dialect, Any]:
    """The dialect and driver connection of the session's transaction, beginning one if none is open.

    Looked up once per transaction: `Session.connection()` costs tens of microseconds, and a move
    runs seven statements. The answer is kept with the transaction it belongs to, so a commit or
    rollback in between (a new transaction, maybe another pooled connection) is never missed.
    """
    session = db.session()
    transaction = session.get_transaction()
    pinned = session.info.get(_PINNED)
    if transaction is None or pinned is None or pinned[0] is not transaction:
        connection = session.connection()
        pinned = session.info[_PINNED] = (session.get_transaction(), connection.dialect,
                                          connection.connection.driver_connection)
    return pinned[1], pinned[2]


_PINNED = "prebuilt.connection"


@contextmanager
def as_sqlalchemy_errors(dialect: Dialect, sql: str, parameters: Any) -> Iterator[None]:
    """Driver errors raised as SQLAlchemy's own (IntegrityError, OperationalError...), as execute does."""
    dbapi_error = dialect.loaded_dbapi.Error
    try:
        yield
    except dbapi_error as error:
        raise exc.DBAPIError.instance(sql, parameters, error, dbapi_error, dialect=dialect) from error


# psycopg connection -> its open pipeline (the context manager that ends it): see `pipeline`
pipelines: WeakKeyDictionary[Any, AbstractContextManager] = WeakKeyDictionary()
