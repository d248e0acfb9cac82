// Keeping the table page current: one poll reads the chat and the view and, when the view's last_notification grew,
// the new notifications, handed over in seq order before the view that follows them. (The view is polled, not only
// notifications, because some moves change the state without any.) The answer to the player's own move is applied the
// same way without a poll: it carries the notifications since the move and the view after it. When a view says bot or
// zombie turns are pending, a seated player's page asks the server to play them (POST .../continue) and looks again.
import { api } from "./api.js";
import { h } from "./dom.js";

export const POLL_VISIBLE_MS = 2000;
export const POLL_HIDDEN_MS = 15000;
const POLL_MAX_BACKOFF_MS = 30000;

/** About every 2 s; `localStorage["bga.poll-ms"]` (at least 200) overrides it, for tests and slow links. */
function visibleInterval() {
  const wanted = Number(localStorage.getItem("bga.poll-ms"));
  return Number.isFinite(wanted) && wanted >= 200 ? wanted : POLL_VISIBLE_MS;
}

export class Poller {
  /** hooks: before() first in each poll (the chat); onNotification(notif, view), awaited; onView(view);
   * finished(): true once polling may slow down as when the page is hidden. */
  constructor(tableId, hooks) {
    this.tableId = tableId;
    this.hooks = hooks;
    this.lastSeq = 0;        // the last notification handed over (the log's history sets it first)
    this.failures = 0;
    this.timer = null;
    this.running = null;
    this.again = false;
    this.stopped = false;
    this.notice = h("p.connection", { hidden: true, role: "status" });
    this.onVisibility = () => { if (!document.hidden) this.schedule(0); };
  }

  start() {
    document.addEventListener("visibilitychange", this.onVisibility);
    this.schedule();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  /** The next poll: 2 s while visible, 15 s when hidden or finished, doubling up to 30 s after errors. */
  schedule(delay) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const base = document.hidden || this.hooks.finished() ? POLL_HIDDEN_MS : visibleInterval();
    const wait = delay ?? (this.failures ? Math.min(POLL_MAX_BACKOFF_MS, base * 2 ** this.failures) : base);
    this.timer = setTimeout(() => this.now().finally(() => this.schedule()), wait);
  }

  /** Poll now. One poll at a time: asked during one, another runs after it (the move may be newer than what it read). */
  now() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.again = false;
    return this.run(() => this.poll());
  }

  /** The answer to a move (catch_up and view), applied after any poll under way, with no request of its own. A page
   * that had not handed over every notification up to the move (lastSeq short of catch_up.after) polls instead. */
  async applyAnswer(answer) {
    while (this.running) await this.running;
    return this.run(async () => {
      const { catch_up: catchUp, view } = answer;
      if (!catchUp || !view || this.lastSeq < catchUp.after || (view.last_notification || 0) < this.lastSeq) {
        await this.poll();
        return;
      }
      try {
        await this.handOver(catchUp.notifications, view);
        this.hooks.onView(view);
        await this.continuePending(view);
      } catch (err) {
        this.trouble(err);
      }
    });
  }

  run(first) {
    this.running = (async () => {
      await first();
      while (this.again && !this.stopped) {
        this.again = false;
        await this.poll();
      }
    })().finally(() => { this.running = null; });
    return this.running;
  }

  /** Notifications in seq order, each once (lastSeq moves past it). */
  async handOver(notifications, view) {
    for (const notif of notifications) {
      if (notif.seq <= this.lastSeq) continue;
      this.lastSeq = notif.seq;
      await this.hooks.onNotification(notif, view);
    }
  }

  /** Bot or zombie turns pending: a seated player's page has them played (bounded), then looks again. */
  async continuePending(view) {
    if (!view.automatic_pending || view.you === undefined || view.you === null || this.stopped) return;
    try {
      await api.continueAutomatic(this.tableId);
      this.again = true;
    } catch {
      // Another page played them first (409), or the connection failed: the next poll looks again.
    }
  }

  trouble(err) {
    this.failures += 1;
    this.notice.hidden = false;
    this.notice.textContent = `Connection trouble (${err.message}); retrying.`;
  }

  async poll() {
    try {
      await this.hooks.before();
      const view = await api.view(this.tableId);
      if (this.stopped) return;
      if ((view.last_notification || 0) > this.lastSeq) {
        const { notifications } = await api.notifications(this.tableId, this.lastSeq);
        await this.handOver(notifications, view);
      }
      this.hooks.onView(view);
      this.failures = 0;
      this.notice.hidden = true;
      await this.continuePending(view);
    } catch (err) {
      this.trouble(err);
    }
  }
}
