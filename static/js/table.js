// The table page (BGA's gamegui for our API): status bar, player boards, game area, actions, log, polling.
import { actingAs, api, ApiError, botsAvailable, gameCatalog, gameModule, leavingAvailable, session, setActingAs } from "./api.js";
import { fill, h, seatColour } from "./dom.js";
import { colourNames, formatValue, humanize, playerName, renderLog } from "./format.js";
import { actionForm, renderGenericArea, suggestionsFrom } from "./generic.js";

export const POLL_VISIBLE_MS = 2000;
export const POLL_HIDDEN_MS = 15000;
const POLL_MAX_BACKOFF_MS = 30000;

/** About every 2 s; `localStorage["bga.poll-ms"]` (at least 200) overrides it, for tests and slow links. */
function visibleInterval() {
  const wanted = Number(localStorage.getItem("bga.poll-ms"));
  return Number.isFinite(wanted) && wanted >= 200 ? wanted : POLL_VISIBLE_MS;
}

/** Things of the view every page shows: the boards, the scores. Shared with the replay viewer. */
export function playerBoards(table, state, data, me) {
  const active = new Set((state && state.active_players) || []);
  const perPlayer = perPlayerFacts(data, table.players);
  return h("ul.boards", { "aria-label": "Players" }, table.players.map((p) => {
    const marks = [];
    if (table.status === "playing" && active.has(p.id)) marks.push(h("span.mark.mark-turn", { title: "Their turn" }, "▶ turn"));
    if (p.id === me) marks.push(h("span.mark.mark-you", "you"));
    if (p.is_bot) marks.push(h("span.mark.mark-bot", "bot"));
    if (p.zombie) marks.push(h("span.mark.mark-zombie", "zombie"));
    if (p.deadline) marks.push(h("span.mark.mark-deadline", timeLeft(p.deadline)));
    return h("li.board", {
      class: `board${active.has(p.id) && table.status === "playing" ? " active" : ""}`,
      style: `border-left-color:${seatColour(p.seat)}`,
      dataset: { player: p.id, seat: p.seat },
    },
    h("div.board-head", playerName(p), h("span.seat", `seat ${p.seat + 1}`)),
    h("div.board-score", h("span.label", "Score "), h("strong.score", String(p.score))),
    marks.length ? h("div.marks", marks) : null,
    perPlayer.map(([label, values]) => (String(p.id) in values
      ? h("div.board-fact", `${label}: ${formatValue(values[String(p.id)], table.players)}`) : null)));
  }));
}

/** Top-level entries of the game's data keyed by every player id with plain values (e.g. hand_sizes). */
function perPlayerFacts(data, players) {
  if (!data || typeof data !== "object") return [];
  const ids = players.map((p) => String(p.id));
  return Object.entries(data).filter(([, v]) => v && typeof v === "object" && !Array.isArray(v)
    && Object.keys(v).length > 0 && Object.keys(v).every((k) => ids.includes(k))
    && Object.values(v).every((x) => x === null || typeof x !== "object"))
    .map(([k, v]) => [humanize(k), v]);
}

export function timeLeft(deadline) {
  const ms = new Date(deadline).getTime() - Date.now();
  if (!Number.isFinite(ms)) return "";
  if (ms <= 0) return "time is up";
  const hours = Math.floor(ms / 3600000);
  const minutes = Math.floor((ms % 3600000) / 60000);
  return hours >= 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h left` : `${hours} h ${minutes} min left`;
}

export function scoreTable(players) {
  const ranked = [...players].sort((a, b) => b.score - a.score);
  return h("table.scores", h("caption", "Scores"),
    h("thead", h("tr", h("th", { scope: "col" }, "Player"), h("th", { scope: "col" }, "Score"))),
    h("tbody", ranked.map((p) => h("tr", { dataset: { player: p.id } }, h("th", { scope: "row" }, playerName(p)),
      h("td.score", String(p.score))))));
}

export class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    this.me = actingAs(tableId) || (session.user && session.user.id);
    this.view = null;
    this.viewKey = "";
    this.lastSeq = 0;
    this.drafts = {};        // action -> {field: what was typed}: survives re-renders and 409s
    this.module = null;
    this.moduleReady = false;
    this.moduleButtons = [];
    this.stopped = false;
    this.timer = null;
    this.failures = 0;
    this.running = null;
    this.again = false;
    this.onVisibility = () => { if (!document.hidden) this.refreshSoon(0); };
  }

  async start() {
    fill(this.root, h("p.loading", "Loading the table…"));
    let view;
    // The log's history is asked for with the view, not after it: one round trip less before the table shows.
    const history = api.notifications(this.id, 0).catch((err) => ({ error: err }));
    try {
      [this.catalog, view] = await Promise.all([gameCatalog(), api.view(this.id)]);
    } catch (err) {
      if (!this.stopped) {
        fill(this.root, h("p.error", { role: "alert" }, err.message), h("a", { href: "#/lobby" }, "Back to the lobby"));
      }
      return;
    }
    if (this.stopped) return;   // left the page while it loaded
    this.game = this.catalog[view.table.game] || { actions: {}, title: view.table.game };
    this.module = await gameModule(view.table.game);
    if (this.stopped) return;
    this.build();
    this.pendingPlayers = view.table.players;   // names and colours for the log before the view is applied
    this.loadHistory(await history);
    if (this.stopped) return;
    this.apply(view, true);
    document.addEventListener("visibilitychange", this.onVisibility);
    this.schedule();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.timer);
    document.removeEventListener("visibilitychange", this.onVisibility);
  }

  build() {
    this.els = {
      title: h("h1.table-title"),
      status: h("div.status-bar", { role: "status", "aria-live": "polite" }),
      area: h("div.game-area"),
      error: h("p.action-error", { role: "alert", hidden: true }),
      buttons: h("div.action-buttons"),
      forms: h("div.generic-forms"),
      boards: h("div.boards-wrap"),
      scores: h("div.scores-wrap"),
      log: h("ol.log-lines", { "aria-label": "Game log" }),
      connection: h("p.connection", { hidden: true, role: "status" }),
      chat: h("ol.chat-lines", { "aria-label": "Chat messages" }),
      chatInput: h("input", { type: "text", maxlength: "500", "aria-label": "Chat message", placeholder: "Say something" }),
      extra: h("div.table-extra"),
    };
    const e = this.els;
    fill(this.root, h("section.table-page", { dataset: { table: this.id } },
      h("div.table-header", e.title, e.connection),
      e.status,
      h("div.table-layout",
        h("div.table-main",
          e.area,
          h("section.actions", { "aria-label": "Actions" }, e.error, e.buttons, e.forms),
          e.extra),
        h("aside.table-side",
          h("section", { "aria-label": "Players" }, h("h2", "Players"), e.boards),
          e.scores,
          h("section.log", h("h2", "Log"), e.log),
          h("section.chat", { "aria-label": "Chat" }, h("h2", "Chat"), e.chat,
            h("form.chat-form", { on: { submit: (event) => { event.preventDefault(); this.say(); } } },
              e.chatInput, h("button", { type: "submit" }, "Send")))))));
  }

  loadHistory({ notifications, error }) {
    if (error) {
      this.showError(error.message);
      return;
    }
    for (const n of notifications) this.addLogLine(n);
    if (notifications.length) this.lastSeq = notifications[notifications.length - 1].seq;
  }

  players() {
    return this.view ? this.view.table.players : [];
  }

  addLogLine(notif) {
    if (!notif.log) return;
    const players = this.pendingPlayers || (this.view ? this.view.table.players : []);
    const line = h("li.log-line", { dataset: { seq: notif.seq, move: notif.move, type: notif.type } },
      renderLog(notif.log, notif.args || {}, players));
    if (notif.private) line.classList.add("private");
    this.els.log.prepend(line);       // newest first, as on BGA
  }

  // ----- the view --------------------------------------------------------------------------
  apply(view, first = false) {
    const key = JSON.stringify(view);
    if (!first && key === this.viewKey) return;
    const previous = this.view;
    this.viewKey = key;
    this.view = view;
    const { table, state, data } = view;
    const e = this.els;
    e.title.textContent = `${this.game.title || table.game} · table ${table.id}`;
    this.renderStatus();
    fill(e.boards, playerBoards(table, state, data, this.me));
    fill(e.scores, table.status === "finished" ? scoreTable(table.players) : null);
    this.renderExtra();

    if (this.module && typeof this.module.setup === "function" && state) {
      if (!this.moduleReady) {
        fill(e.area);
        try {
          this.module.setup(e.area, data, this.context());
          this.moduleReady = true;
        } catch (err) {                       // a broken renderer must not lock the player out
          console.error("the game module's setup failed; using the generic renderer", err);
          this.module = null;
          return this.apply(view, true);
        }
      } else {
        this.callModule("update", data, view);
      }
      const before = previous && previous.state;
      if (!first && before && (before.id !== state.id || before.name !== state.name)) {
        this.callModule("onLeavingState", before);
      }
      if (first || !before || before.id !== state.id || before.name !== state.name) {
        this.callModule("onEnteringState", state, data);
      }
    } else {
      fill(e.area, state ? renderGenericArea(data, table.players, state) : null);
    }
    this.renderActions();
  }

  callModule(hook, ...args) {
    if (!this.module || typeof this.module[hook] !== "function") return undefined;
    try {
      return this.module[hook](...args);
    } catch (err) {
      console.error(`${hook} failed`, err);
      return undefined;
    }
  }

  renderStatus() {
    const { table, state } = this.view;
    const players = table.players;
    const status = this.els.status;
    status.classList.toggle("my-turn", this.isMyTurn());
    if (table.status === "open") {
      fill(status, `Waiting for players: ${players.length} of ${table.seats} seats taken.`);
    } else if (table.status === "finished") {
      const best = Math.max(...players.map((p) => p.score));
      const winners = players.filter((p) => p.score === best);
      fill(status, "Game over. ", winners.length === 1 ? "Winner: " : "Winners: ",
        winners.map((w, i) => [i ? ", " : "", playerName(w)]), ` (${best}).`);
    } else if (state) {
      fill(status, this.isMyTurn() ? h("span.turn-flag", "Your turn: ") : null,
        colourNames(state.description || state.name, players));
    } else {
      fill(status, table.status);
    }
  }

  isMyTurn() {
    const v = this.view;
    return Boolean(v && v.table.status === "playing" && v.state && (v.state.active_players || []).includes(this.me));
  }

  renderExtra() {
    const { table } = this.view;
    const seated = table.players.some((p) => p.id === this.me);
    const parts = [h("a.diagram-link", { href: `/api/games/${encodeURIComponent(table.game)}/diagram`,
      target: "_blank", rel: "noopener" }, "State diagram")];
    if (this.view.hotseat) {
      const select = h("select.hotseat-seat", { "aria-label": "Act as",
        on: { change: (event) => { setActingAs(this.id, Number(event.target.value)); window.location.reload(); } } },
        ...table.players.map((p) => h("option", { value: String(p.id), selected: p.id === this.me ? "" : undefined },
          `Seat ${p.seat + 1}: ${p.name}`)));
      parts.push(h("label.hotseat", "Hotseat: act as ", select));
    }
    if (table.status === "open" && !seated) {
      parts.push(h("button", { type: "button", on: { click: () => this.join() } }, "Join this table"));
    }
    if (table.status === "open" && seated && table.creator === this.me) {
      const bots = h("button.bots-button", { type: "button", hidden: true,
        on: { click: () => this.addBots(table.seats - table.players.length - (table.reserved || []).length) } }, "Fill empty seats with bots");
      botsAvailable().then((ok) => { bots.hidden = !ok; });
      parts.push(bots);
    }
    const code = sessionStorage.getItem(`bga.invite.${table.id}`);
    if (code && table.status === "open") {
      parts.push(h("p.invite", "Private table: share the invitation code ", h("strong.invite-code", code), "."));
    }
    if (this.view.you_are_zombie && table.status === "playing") {
      parts.push(h("p.muted", "A zombie plays your seat since you left or ran out of time."),
        h("button", { type: "button", on: { click: () => this.seatAction(() => api.comeBack(this.id)) } },
          "Take my seat back"));
    } else if (seated && table.status === "playing") {
      const leave = h("button.secondary.leave-button", { type: "button", hidden: true, on: { click: () => {
        if (window.confirm("Leave this game? A zombie will play your seat until you come back.")) {
          this.seatAction(() => api.leave(this.id));
        }
      } } }, "Leave the game");
      leavingAvailable().then((ok) => { leave.hidden = !ok; });
      parts.push(leave);
    }
    if (table.status === "finished") parts.push(h("a.button", { href: `#/replay/${table.id}` }, "Watch the replay"));
    fill(this.els.extra, parts);
  }

  async seatAction(call) {
    try {
      await call();
      await this.refreshNow();
    } catch (err) { this.showError(err.message); }
  }

  async join() {
    try {
      await api.join(this.id);
      this.refreshSoon(0);
    } catch (err) { this.showError(err.message); }
  }

  async addBots(count) {
    try {
      await api.addBots(this.id, count);
      this.refreshSoon(0);
    } catch (err) { this.showError(err.message); }
  }

  renderActions() {
    const { state, data, table } = this.view;
    const e = this.els;
    const possible = table.status === "playing" && state ? state.possible_actions || [] : [];
    // Keep the focus and caret on re-render: what the player is typing is never lost.
    const focused = document.activeElement;
    const focusKey = focused && e.forms.contains(focused) ? focused.dataset.key || focused.id : null;
    const caret = focusKey && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;

    fill(e.buttons);
    this.moduleButtons = [];
    const handled = this.module && typeof this.module.onUpdateActionButtons === "function";
    if (handled) this.callModule("onUpdateActionButtons", state, data);

    const suggestions = suggestionsFrom(state);
    const forms = possible.map((name) => {
      const spec = (this.game.actions || {})[name] || { arguments: {} };
      this.drafts[name] = this.drafts[name] || {};
      return actionForm(name, spec, {
        draft: this.drafts[name], suggestions, outOfTurn: Boolean(spec.out_of_turn),
        onSubmit: (args) => this.perform(name, args),
      });
    });
    if (handled) {
      fill(e.forms, forms.length ? h("details.generic-details", h("summary", "All actions (generic forms)"), forms) : null);
    } else {
      fill(e.forms, forms.length ? forms : (table.status === "playing" ? h("p.muted", "Nothing to do for now.") : null));
    }
    if (focusKey) {
      const again = [...e.forms.querySelectorAll("[data-key], [id]")]
        .find((el) => (el.dataset.key || el.id) === focusKey)
        || e.forms.querySelector("input, select, textarea, button");   // keyboard users stay in the actions
      if (again) {
        again.focus();
        if (caret && "setSelectionRange" in again) {
          try { again.setSelectionRange(caret[0], caret[1]); } catch { /* not a text input */ }
        }
      }
    }
  }

  /** Send an action with the move last seen. On 409 the view is refreshed and the drafts stay. */
  async perform(name, args) {
    this.showError(null);
    try {
      await api.act(this.id, name, args, this.view.table.move);
      delete this.drafts[name];
      await this.refreshNow();
      return true;
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        await this.refreshNow();
        this.showError(err.code === "stale_move"
          ? "The table moved on before your action arrived: the view is up to date now, please try again."
          : err.message);
      } else {
        this.showError(err.message);
      }
      return false;
    }
  }

  showError(message) {
    const box = this.els && this.els.error;
    if (!box) return;
    box.hidden = !message;
    box.textContent = message || "";
  }

  context() {
    const page = this;
    return {
      tableId: this.id,
      me: this.me,
      game: this.game,
      replay: false,
      get view() { return page.view; },
      get players() { return page.players(); },
      perform: (name, args = {}) => page.perform(name, args),
      addActionButton(label, callback, { id, className } = {}) {
        const button = h("button.action-button", { type: "button", id, class: className ? `action-button ${className}` : undefined },
          label);
        button.addEventListener("click", callback);
        page.els.buttons.append(button);
        page.moduleButtons.push(button);
        return button;
      },
      clearActionButtons() { fill(page.els.buttons); page.moduleButtons = []; },
      showMessage: (text, kind = "error") => (kind === "error" ? page.showError(text) : page.flash(text)),
      renderLog: (log, args) => renderLog(log, args, page.players()),
      isMyTurn: () => page.isMyTurn(),
    };
  }

  flash(text) {
    const note = h("p.flash", { role: "status" }, text);
    this.els.error.after(note);
    setTimeout(() => note.remove(), 4000);
  }

  // ----- polling ---------------------------------------------------------------------------
  schedule(delay) {
    clearTimeout(this.timer);
    if (this.stopped) return;
    const over = this.view && this.view.table.status === "finished";
    const base = document.hidden || over ? POLL_HIDDEN_MS : visibleInterval();
    const wait = delay ?? (this.failures ? Math.min(POLL_MAX_BACKOFF_MS, base * 2 ** this.failures) : base);
    this.timer = setTimeout(() => this.refreshNow().finally(() => this.schedule()), wait);
  }

  refreshSoon(delay) {
    this.schedule(delay);
  }

  /** One poll: the view, then any notifications after the last seen, handed to the module in order. */
  refreshNow() {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.poll();
      } while (this.again && !this.stopped);
    })().finally(() => { this.running = null; });
    return this.running;
  }

  /** Chat: messages are text (textContent only), polled with the view. */
  async loadChat() {
    const { messages } = await api.chat(this.id, this.lastChat || 0);
    for (const m of messages) {
      this.lastChat = m.id;
      const who = h("strong", m.name);
      const player = this.players().find((p) => p.id === m.player);
      if (player) who.style.color = seatColour(player.seat);
      this.els.chat.append(h("li", who, ": ", m.text));
    }
  }

  async say() {
    const text = this.els.chatInput.value.trim();
    if (!text) return;
    try {
      await api.say(this.id, text);
      this.els.chatInput.value = "";
      await this.loadChat();
    } catch (err) {
      this.showError(err.message);
    }
  }

  async poll() {
    try {
      await this.loadChat();
      const view = await api.view(this.id);
      if (this.stopped) return;
      if ((view.last_notification || 0) > this.lastSeq) {
        const { notifications } = await api.notifications(this.id, this.lastSeq);
        this.pendingPlayers = view.table.players;
        for (const notif of notifications) {
          if (notif.seq <= this.lastSeq) continue;
          this.lastSeq = notif.seq;
          this.addLogLine(notif);
          await this.dispatch(notif);
        }
      }
      this.apply(view);
      this.failures = 0;
      this.els.connection.hidden = true;
    } catch (err) {
      this.failures += 1;
      this.els.connection.hidden = false;
      this.els.connection.textContent = `Connection trouble (${err.message}); retrying.`;
    }
  }

  async dispatch(notif) {
    const mod = this.module;
    if (!mod) return;
    const handlers = mod.notifications || mod.handlers || {};
    const fn = typeof mod[`notif_${notif.type}`] === "function" ? mod[`notif_${notif.type}`] : handlers[notif.type];
    if (typeof fn !== "function") return;
    try {
      await fn(notif, this.context());
    } catch (err) {
      console.error(`notif_${notif.type} failed`, err);
    }
  }
}
