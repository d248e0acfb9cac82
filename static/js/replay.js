// The replay viewer: a finished table, move by move, from any seat.
import { api, gameCatalog, gameModule, session } from "./api.js";
import { playerBoards, scoreTable, statisticsTable } from "./boards.js";
import { fill, h } from "./dom.js";
import { colourNames, logLine } from "./format.js";
import { GameHost, loadGeneric } from "./game_host.js";
import { PACE_MS, Pace } from "./pace.js";
import { settingsPanel } from "./settings.js";

export class ReplayPage {
  constructor(root, tableId, params) {
    this.root = root;
    this.id = tableId;
    this.me = session.user && session.user.id;
    this.move = params.has("move") ? parseInt(params.get("move"), 10) : null;
    this.seat = params.has("seat") ? parseInt(params.get("seat"), 10) : null;
    this.total = null;
    this.notifications = [];
    this.loading = null;
    this.wanted = null;   // the move being loaded, while one is
    this.pace = new Pace(0);   // each move is a view: nothing to pace or animate
  }

  async start() {
    fill(this.root, h("p.loading", "Loading the replay…"));
    let first;
    try {
      first = await api.replay(this.id, this.move, this.seat);
    } catch (err) {
      if (!this.stopped) {
        fill(this.root, h("p.error", { role: "alert" }, err.message),
          h("a", { href: `#/table/${this.id}` }, "Back to the table"));
      }
      return;
    }
    const history = api.notifications(this.id, 0).then((body) => body.notifications).catch(() => []);
    const catalog = await gameCatalog().catch(() => ({}));
    this.game = catalog[first.table.game] || { title: first.table.game };
    [this.module, this.notifications] = await Promise.all([gameModule(first.table.game), history]);
    if (!this.module) await loadGeneric();
    if (this.stopped) return;   // left the page while it loaded
    this.build(first);
    this.show(first);
    // Arrow keys step through the moves (unless typing in a field).
    this.onKey = (event) => {
      if (event.target.closest && event.target.closest("input, select, textarea")) return;
      if (event.key === "ArrowLeft") this.step(-1);
      else if (event.key === "ArrowRight") this.step(1);
      else return;
      event.preventDefault();
    };
    document.addEventListener("keydown", this.onKey);
  }

  stop() {
    this.stopped = true;
    document.removeEventListener("keydown", this.onKey);
    this.pace.stop();
    this.playing = false;
  }

  /** What a Game's members are built on in the replay (gamegui.js): it draws, but offers and sends nothing. */
  gamePage(view) {
    return {
      replay: true,
      hand: this.els.hand,
      pace: this.pace,
      view: () => view,
      perform: async () => new Error("A replay sends no moves."),
      pressed: () => null,
      describe: async () => { throw new Error("A replay describes no moves."); },
      setTitle: () => {},
      addButton: (label) => h("button", { type: "button" }, label),   // drawn nowhere
      clearButtons: () => {},
      showMessage: () => {},
    };
  }

  build(first) {
    const table = first.table;
    this.total = table.move;
    const e = this.els = {
      status: h("div.status-bar", { role: "status", "aria-live": "polite" }),
      counter: h("span.replay-counter"),
      area: h("div.game-area"),
      hand: h("div.hand-slot"),
      boards: h("div.boards-wrap"),
      statistics: h("div.statistics-wrap"),
      log: h("ol.log-lines", { "aria-label": "Log up to this move", tabindex: "0" }),
      error: h("p.action-error", { role: "alert", hidden: true }),
      jump: h("input#replay-move", { type: "number", min: 0, max: this.total, value: String(first.move) }),
      seat: h("select#replay-seat", table.players.map((p) => h("option", { value: String(p.seat) },
        `Seat ${p.seat + 1}: ${p.name}`))),
    };
    const button = (label, title, fn) => h("button", { type: "button", title, "aria-label": title, on: { click: fn } },
      label);
    e.first = button("« First", "First move", () => this.go(0));
    e.back = button("◀ Back", "One move back", () => this.step(-1));
    e.forward = button("Forward ▶", "One move forward", () => this.step(1));
    e.last = button("Last »", "Last move", () => this.go(this.total));
    e.play = h("button", { type: "button", title: "Play the moves at my pace", on: { click: () => this.autoplay() } },
      "▶ Play");
    e.seat.addEventListener("change", () => { this.seat = parseInt(e.seat.value, 10); this.go(this.move); });
    const jumpForm = h("form.replay-jump", { on: { submit: (ev) => { ev.preventDefault(); this.go(parseInt(e.jump.value, 10)); } } },
      h("label", { for: "replay-move" }, "Move"), e.jump, h("button", { type: "submit" }, "Go"));
    fill(this.root, h("section.replay-page", { dataset: { table: this.id } },
      h("div.table-header", h("h1.table-title", `Replay: ${this.game.title || table.game} · table ${table.id}`),
        h("a", { href: `#/table/${table.id}` }, "Back to the table")),
      h("div.replay-controls", { role: "group", "aria-label": "Replay controls" },
        e.first, e.back, e.counter, e.forward, e.last, e.play, jumpForm,
        h("span.field", h("label", { for: "replay-seat" }, "See as"), e.seat), settingsPanel({ signals: false })),
      e.error,
      e.status,
      h("div.table-layout",
        h("div.table-main", e.area, e.hand),
        h("aside.table-side", h("section", h("h2", "Players"), e.boards), e.statistics,
          h("section.log", h("h2", "Log"), e.log)))));
  }

  /** Steps count from the move asked for last, not the one shown: two quick clicks while a move loads go two moves. */
  step(delta) {
    this.go((this.wanted ?? this.move) + delta);
  }

  /** The moves one after another at the player's pace (the settings); at the instant pace, straight to the last. */
  async autoplay() {
    const e = this.els;
    this.playing = !this.playing;
    if (!this.playing) return;
    fill(e.play, "❚❚ Pause");
    const pace = new Pace();
    while (this.playing && !this.stopped && this.move < this.total) {
      const before = this.move;
      await this.go(pace.factor() ? this.move + 1 : this.total);
      if (this.move === before) break;   // the move could not be loaded (the error is shown)
      await pace.pause(PACE_MS * pace.factor());
    }
    pace.stop();
    this.playing = false;
    fill(e.play, "▶ Play");
  }

  async go(move) {
    if (!Number.isFinite(move)) return;
    const target = Math.max(0, Math.min(this.total, move));
    const ticket = Symbol("load");
    this.loading = ticket;
    this.wanted = target;
    try {
      const view = await api.replay(this.id, target, this.seat);
      if (this.loading !== ticket || this.stopped) return;
      this.wanted = null;
      this.show(view);
    } catch (err) {
      if (this.loading === ticket) this.wanted = null;
      this.els.error.hidden = false;
      this.els.error.textContent = err.message;
    }
  }

  show(view) {
    const e = this.els;
    e.error.hidden = true;
    this.move = view.move;
    this.seat = view.seat;
    this.total = view.table.move;
    const query = new URLSearchParams({ move: view.move });
    if (view.seat !== null && view.seat !== undefined) query.set("seat", view.seat);
    history.replaceState(null, "", `#/replay/${this.id}?${query}`);
    e.counter.textContent = `Move ${view.move} of ${this.total}`;
    e.jump.value = String(view.move);
    e.jump.max = String(this.total);
    if (view.seat !== null && view.seat !== undefined) e.seat.value = String(view.seat);
    e.first.disabled = e.back.disabled = view.move <= 0;
    e.forward.disabled = e.last.disabled = view.move >= this.total;
    const state = view.state;
    fill(e.status, state ? colourNames(state.description || state.name, view.table.players) : "");
    const viewer = view.table.players.find((p) => p.seat === view.seat);
    const table = { ...view.table, status: view.move >= this.total ? view.table.status : "playing" };
    fill(e.boards, playerBoards(table, state, view.data, this.me),
      view.move >= this.total ? scoreTable(view.table.players, this.game.tie_breaker) : null);
    fill(e.statistics, statisticsTable(view.statistics, view.table.players));   // as they stood at this move
    // A Game of its own for each move shown, set up from that move's view, as a page loaded there would be.
    const shown = { ...view, table, you: viewer ? viewer.id : null };
    const host = new GameHost(this.module, e.area, this.gamePage(shown), this.game.name || this.game.title);
    host.show(shown, null);
    const format = host.formatter();
    // The log up to this move: public lines, and private ones only when they were this viewer's own.
    const mine = viewer && viewer.id === this.me;
    const lines = [];
    for (const n of this.notifications.filter((x) => x.log && x.move <= view.move && (!x.private || mine))) {
      lines.push(logLine(n, view.table.players, format, host.endsLogGroup(n), lines[lines.length - 1]));
    }
    fill(e.log, lines.reverse());
  }
}
