"""The SQLite writers' file lock: one holder at a time across descriptors, re-entrant in a thread."""
import threading

from framework.store.database import WriterLock


def test_a_second_writer_waits_until_the_first_lets_go(tmp_path):
    lock = WriterLock(str(tmp_path / "bga.sqlite.lock"))
    entered = threading.Event()

    def other_writer():  # its own descriptor, as another worker process would have
        with lock.held():
            entered.set()

    thread = threading.Thread(target=other_writer)
    with lock.held():
        with lock.held():  # nested in the same thread: no deadlock, and leaving it keeps the lock
            pass
        thread.start()
        assert not entered.wait(0.3)
    assert entered.wait(5)
    thread.join()


def test_the_app_locks_writers_only_on_a_sqlite_file(app):
    assert isinstance(app.extensions["sqlite_writer_lock"], WriterLock)
    assert app.extensions["sqlite_writer_lock"].path.endswith("test.sqlite.lock")


def test_a_writer_gives_up_when_the_holder_never_lets_go(tmp_path):
    """As SQLite's own wait does: a stuck holder makes the others fail, not hang."""
    holder, waiter = WriterLock(str(tmp_path / "x.lock")), WriterLock(str(tmp_path / "x.lock"), timeout=0.2)
    failed = []

    def other_writer():
        try:
            with waiter.held():
                pass
        except TimeoutError as err:
            failed.append(str(err))

    with holder.held():
        thread = threading.Thread(target=other_writer)
        thread.start()
        thread.join(5)
    assert failed and "held the database" in failed[0]
