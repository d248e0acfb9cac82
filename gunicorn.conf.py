"""gunicorn's settings for every server here (`make serve`, the bench, the soak): gunicorn reads
./gunicorn.conf.py by itself. Only what a command line cannot say lives here."""
import gc

# Threads in each worker (gunicorn's gthread worker): a browser opening a table page asks for a dozen
# files and answers at once over six kept-alive connections, which one-request-at-a-time workers queue.
# Measured in `make bench` (3 runs each): the page interactive in 390-480 ms with two threads, 440-560
# with none; four made the page no faster for sure but moves under load slower (the GIL, the SQLite lock).
threads = 2


def post_worker_init(worker):
    # The worker's loaded code and app (about 100,000 objects) live as long as it does. Frozen, they are
    # no longer walked by each full collection: measured in-process, one full collection went from about
    # 200 ms to about 1 ms, a pause every request waiting on this worker used to sit through.
    gc.freeze()
