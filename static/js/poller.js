// Keeping the table page current. Push first: the table's event stream (GET .../events, read by fetch) hands over
// notifications as they are committed, chat messages, and a `state` event when the table moved; the page then reads its
// view, and hands the notifications over in seq order before it. When the stream cannot be opened or breaks, the page
// polls as before and tries the stream again with growing pauses; a new stream starts after the last seq handed over,
// so nothing is missed or shown twice. Polling: one poll reads the chat and the view and, when the view's
// last_notification grew, the new notifications. (The view is read, not only notifications, because some moves change
// the state without any.) The answer to the player's own move is applied the same way without a request: it carries
// the notifications since the move and the view after it. When a view says bot or zombie turns are pending, a seated
// player's page asks the server to play them (POST .../continue).
import { api, openEvents } from "./api.js";
import { h } from "./dom.js";
import { readEvents } from "./sse.js";

export const POLL_VISIBLE_MS = 2000;
export const POLL_HIDDEN_MS = 15000;
const POLL_MAX_BACKOFF_MS = 30000;
const PUSH_RETRY_MS = 2000;        // the first pause before the stream is tried again, doubling ...
const PUSH_MAX_RETRY_MS = 60000;   // ... up to a minute

/** About every 2 s; `localStorage["bga.poll-ms"]` (at least 200) overrides it, for tests and slow links. */
function visibleInterval() {
  const wanted = Number(localStorage.getItem("bga.poll-ms"));
  return Number.isFinite(wanted) && wanted >= 200 ? wanted : POLL_VISIBLE_MS;
}

export class Poller {
  /** hooks: before() first in each poll (the chat); onNotification(notif, view, ownMove), awaited (ownMove: the
   * number of the player's own move whose answer brought it, else undefined); onView(view);
   * finished(): true once polling may slow down as when the page is hidden; pushed chat: onChat(message) and
   * chatAfter() (the last message id shown); shown(): the view on screen. */
  constructor(tableId, hooks) {
    this.tableId = tableId;
    this.hooks = hooks;
    this.lastSeq = 0;        // the last notification handed over (the log's history sets it first)
    this.failures = 0;
    this.timer = null;
    this.running = null;
    this.again = false;
    this.stopped = false;
    this.pushing = false;    // a stream is open: no polls
    this.pushed = [];        // notifications streamed, waiting for the view that follows them
    this.abort = null;
    this.acting = null;      // the player's move is being sent: what is pushed meanwhile waits for its answer
    this.notice = h("p.connection", { hidden: true, role: "status" });
    this.onVisibility = () => { if (!document.hidden) this.schedule(0); };
  }

  start() {
    document.addEventListener("visibilitychange", this.onVisibility);
    if (typeof TextDecoderStream === "function") this.stream();
    this.schedule();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    if (this.abort) this.abort.abort();
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  /** The next poll: 2 s while visible, 15 s when hidden or finished, doubling up to 30 s after errors. */
  schedule(delay) {
    clearTimeout(this.timer);
    if (this.stopped || this.pushing) return;
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

  /** The player's move is on its way (request: its promise): the moves pushed meanwhile, the player's own among them,
   * wait for its answer, which carries them and says which move is the player's (it is shown without a pause). */
  sending(request) {
    const acting = new Promise((resolve) => { this.release = resolve; });
    this.acting = acting;
    acting.then(() => { if (this.acting === acting) this.acting = null; });
    request.catch(() => this.release());
  }

  /** The answer to a move (catch_up and view), applied after any poll under way, with no request of its own. A page
   * that had not handed over every notification up to the move (lastSeq short of catch_up.after) polls instead. */
  async applyAnswer(answer) {
    while (this.running) await this.running;
    if (this.release) this.release();   // after this.run below has begun: pushed moves queue behind it
    return this.run(async () => {
      const { catch_up: catchUp, view } = answer;
      if (!catchUp || !view || this.lastSeq < catchUp.after || (view.last_notification || 0) < this.lastSeq) {
        await this.poll();
        return;
      }
      try {
        await this.handOver(catchUp.notifications, view, answer.move);
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
  async handOver(notifications, view, ownMove) {
    for (const notif of notifications) {
      if (notif.seq <= this.lastSeq) continue;
      this.lastSeq = notif.seq;
      await this.hooks.onNotification(notif, view, ownMove);
    }
  }

  /** Bot or zombie turns pending: a seated player's page has them played (bounded), then looks again. */
  async continuePending(view) {
    if (!view.automatic_pending || view.you === undefined || view.you === null || this.stopped) return;
    try {
      await api.continueAutomatic(this.tableId);
      if (!this.pushing) this.again = true;   // pushed, the moves played come back on the stream
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
      await this.settled(view);
    } catch (err) {
      this.trouble(err);
    }
  }

  /** A view read after the notifications before it: shown, the connection trouble forgotten, bots asked for. */
  async settled(view) {
    this.hooks.onView(view);
    this.failures = 0;
    this.notice.hidden = true;
    await this.continuePending(view);
  }

  /** The event stream, again and again: each ends after a few minutes (the server recycles it) and is opened anew
   * after the last seq handed over; while it cannot be opened, polls keep the page current. */
  async stream() {
    let failures = 0;
    while (!this.stopped) {
      this.abort = new AbortController();
      try {
        const response = await openEvents(this.tableId, this.lastSeq, this.hooks.chatAfter(), this.abort.signal);
        this.pushing = true;
        clearTimeout(this.timer);
        failures = 0;
        const opened = Date.now();
        await readEvents(response, (event) => this.pushedEvent(event));
        if (Date.now() - opened < 1000) failures += 1;   // one that ends at once is no stream: back off
      } catch (err) {
        if (this.stopped) return;
        failures += 1;
      }
      if (this.pushing) {
        this.pushing = false;
        this.pushed = [];
      }
      if (failures) {
        this.schedule(0);   // polling until the stream is back
        await new Promise((resolve) => { setTimeout(resolve, Math.min(PUSH_MAX_RETRY_MS, PUSH_RETRY_MS * 2 ** (failures - 1))); });
      }
    }
  }

  pushedEvent({ type, data }) {
    const body = JSON.parse(data);
    if (type === "notification") this.pushed.push(body);
    else if (type === "chat") this.hooks.onChat(body);
    else if (type === "state") this.pushedState(body);
  }

  /** The table moved (or the stream just opened): the view, unless the one on screen already shows this state and no
   * notification waits, then the notifications streamed before it, in order; one at a time with polls and move answers. */
  pushedState(state) {
    const shown = this.hooks.shown();
    const current = shown && JSON.stringify([shown.table.move, shown.table.status,
      shown.table.players.map((p) => [p.id, p.zombie]), shown.table.players.filter((p) => p.thinking).map((p) => p.id)]);
    if (!this.pushed.some((n) => n.seq > this.lastSeq)
        && current === JSON.stringify([state.move, state.status, state.seated, state.thinking || []])) {
      return;
    }
    this.applyPushed();
  }

  async applyPushed() {
    while (this.running || this.acting) await (this.running || this.acting);
    return this.run(async () => {
      try {
        const view = await api.view(this.tableId);
        if (this.stopped) return;
        const last = view.last_notification || 0;
        const streamed = this.pushed.filter((n) => n.seq <= last);
        const newest = streamed.length ? streamed[streamed.length - 1].seq : 0;
        // A view newer than the notifications streamed so far (moves in quick succession): they are on their way,
        // and a state event after them; the view is applied then, after them, never before.
        if (Math.max(newest, this.lastSeq) < last) return;
        this.pushed = this.pushed.filter((n) => n.seq > last);
        await this.handOver(streamed, view);
        await this.settled(view);
      } catch (err) {
        this.trouble(err);
        clearTimeout(this.timer);   // streamed notifications stay waiting: the view is asked for again
        if (this.pushing) this.timer = setTimeout(() => this.applyPushed(), Math.min(POLL_MAX_BACKOFF_MS, 1000 * 2 ** this.failures));
      }
    });
  }
}
