"""gunicorn's settings for every server here (`make serve`, the bench, the soak): gunicorn reads
./gunicorn.conf.py by itself. Only what a command line cannot say lives here."""
import gc
import ipaddress

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


def when_ready(server):
    # A client that sends half a request holds one of these threads until it finishes: a few such clients
    # stop the server. Bound where the internet can reach it, say so (README, "Deployment": nginx in front).
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
