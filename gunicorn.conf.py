"""gunicorn's settings for every server here (`make serve`, the bench, the soak): gunicorn reads
./gunicorn.conf.py by itself. Only what a command line cannot say lives here."""
import gc
import ipaddress

# The JSON API runs on gthread's worker: a few threads per process. Push streams (GET .../events) are
# served by a process of their own with gevent's worker (deploy/bga-push.service: `gunicorn -k gevent
# --worker-connections 2000 ...`, the command line winning over this file), to which nginx sends them.
# Why two: a greenlet per connection holds thousands of open pages (1,000 cost 1% of a core and 135 MB),
# but moves under gevent cost more. Measured back to back (D&P moves over HTTP, 8 clients, PostgreSQL,
# 2 workers, same code): gthread 2 threads 238-264 moves/s, p99 56-59 ms, 5.4-6.3 ms of worker CPU per
# move; gevent 181-195/s, p99 85-91 ms, 7.4-8.5 ms; gevent with at most 2 requests at a time per worker
# 209-244/s. gthread with 4 threads: 238-272/s.
worker_class = "gthread"
threads = 4
STREAM_FREE_THREADS = 2  # threads a worker keeps for requests, however many pages hold streams on it


def post_worker_init(worker):
    # The worker's loaded code and app (about 100,000 objects) live as long as it does. Frozen, they are
    # no longer walked by each full collection: measured in-process, one full collection went from about
    # 200 ms to about 1 ms, a pause every request waiting on this worker used to sit through.
    gc.freeze()
    # A thread per request, streams included: streams may take only the threads beyond STREAM_FREE_THREADS
    # (the app answers more with 503 and those pages poll). gevent's worker (the push process) has no bound.
    if worker.cfg.worker_class_str in ("gthread", "sync"):
        worker.wsgi.config["EVENTS_MAX_STREAMS"] = max(0, worker.cfg.threads - STREAM_FREE_THREADS)


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
