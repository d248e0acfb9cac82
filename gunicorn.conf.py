"""gunicorn's settings for every server here (`make serve`, the bench, the soak): gunicorn reads
./gunicorn.conf.py by itself. Only what a command line cannot say lives here."""
import gc
import ipaddress

# gevent's worker: an open table page holds a push stream (GET .../events) for minutes. A greenlet per
# connection holds thousands; gthread's worker needs a thread per stream, and with its former 2 threads
# the fifth open page left no thread for anyone's moves. Measured on this 2-core machine (SQLite):
# - idle streams (tools/bench_push.py, one worker): 1,000 cost 1.1% of a core and 135 MB (master and
#   worker); a move reached all 1,000 in 410 ms median, 990 ms p95 (200 streams: 27 / 144 ms). gthread
#   with 300 threads held 200 streams for the same memory and CPU.
# - moves over HTTP (tools/bench.py's moves_http, 8 clients, 6 s): one worker 315-338 moves/s, p99
#   28-36 ms (gthread, 2 threads: 201/s, p99 62 ms; 100 threads: 233/s, p99 173 ms); two workers
#   309-422/s, p50 5 ms, p99 200-235 ms (gthread, 2 threads: 306/s, p50 21 ms, p99 78 ms; 100 threads:
#   255/s, p99 132 ms). That two-worker tail is not explained yet (uneven accepts between the workers,
#   or the SQLite writer lock changing hands between processes): to look into.
# - PostgreSQL moves (same load): not settled. `make bench` gave 203 / 216 moves/s for 1 / 2 workers
#   (gthread's two threads: 183 / 322), but back-to-back runs on this shared, busy machine (load 5-7)
#   disagreed either way (gevent 147 / 135 then gthread 105 / 205; earlier the reverse): to measure
#   again on a quiet machine before relying on it.
# Requests run one at a time per worker between their waits, with no GIL contention; psycopg (>= 3.1.14)
# and the SQLite writer lock's sleeps wait cooperatively under gevent's patches.
worker_class = "gevent"
worker_connections = 2000  # open pages (one stream each) and requests, per worker


def post_worker_init(worker):
    # The worker's loaded code and app (about 100,000 objects) live as long as it does. Frozen, they are
    # no longer walked by each full collection: measured in-process, one full collection went from about
    # 200 ms to about 1 ms, a pause every request waiting on this worker used to sit through.
    gc.freeze()


def when_ready(server):
    # A client that sends half a request holds one of a worker's connections until it finishes: a few
    # thousand such clients stop the server. Bound where the internet can reach it, say so (README,
    # "Deployment": nginx in front).
    exposed = [address for address in server.cfg.address if not _loopback(address)]
    if exposed:
        server.log.warning("listening on %s: gunicorn is not meant to face the internet directly; put nginx "
                           "in front (deploy/nginx.conf, README \"Deployment\")",
                           ", ".join(f"{host}:{port}" for host, port in exposed))


def _loopback(address) -> bool:
    if not isinstance(address, tuple):  # a unix socket (only this machine, nginx, reaches it) or a file descriptor
        return True
    host = address[0]
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:  # a host name: it may resolve to anything
        return False
