// The table page (BGA's gamegui for our API): lays out the status bar, game area, actions, player boards, log and
// chat, and puts together what runs it: the poller, the game host, the actions panel, the seat controls, the chat.
import { ActionPanel } from "./actions.js";
import { actingAs, api, developmentMode, gameCatalog, gameModule, session } from "./api.js";
import { playerBoards, progressionBar, scoreTable, statisticsTable } from "./boards.js";
import { Chat } from "./chat.js";
import { fill, h } from "./dom.js";
import { colourNames, logLine, playerName, renderLog } from "./format.js";
import { GameHost, loadGeneric } from "./game_host.js";
import { Pace } from "./pace.js";
import { Poller } from "./poller.js";
import { seatControls } from "./seats.js";
import { settingsPanel } from "./settings.js";
import { announceTurn, showTurn } from "./signals.js";

const HURRY_CARRIES_MS = 5000;   // a hurry asked while others' moves play reaches a batch with the turn this soon

export class TablePage {
  constructor(root, tableId) {
    this.root = root;
    this.id = tableId;
    this.me = actingAs(tableId) || (session.user && session.user.id);
    this.view = null;
    this.viewKey = "";
    this.stopped = false;
    this.pace = new Pace();
    this.shownAt = 0;      // when the last notification was shown (performance.now())
    this.coming = null;    // the view the notifications being played lead to
    this.hurriedAt = -Infinity;   // when the player last reached for the bar while the queue played
    this.poller = new Poller(tableId, {
      before: () => this.chat.load(),
      onNotification: (notif, view, ownMove) => this.play(notif, view, ownMove),
      onView: (view) => this.apply(view),
      finished: () => Boolean(this.view && this.view.table.status === "finished"),
      onChat: (message) => this.chat.show([message]),
      chatAfter: () => this.chat.lastId,
      shown: () => this.view,
    });
  }

  async start() {
    fill(this.root, h("p.loading", "Loading the table…"));
    let catalog, view;
    // The log's history is asked for with the view, not after it: one round trip less before the table shows.
    const history = api.notifications(this.id, 0).catch((err) => ({ error: err }));
    try {
      [catalog, view] = await Promise.all([gameCatalog(), api.view(this.id)]);
    } catch (err) {
      if (!this.stopped) {
        fill(this.root, h("p.error", { role: "alert" }, err.message), h("a", { href: "#/lobby" }, "Back to the lobby"));
      }
      return;
    }
    if (this.stopped) return;   // left the page while it loaded
    this.game = catalog[view.table.game] || { actions: {}, title: view.table.game };
    const [module, development] = await Promise.all([gameModule(view.table.game), developmentMode()]);
    this.development = development;
    if (!module) await loadGeneric();   // the generic renderer draws this game
    if (this.stopped) return;
    this.build(module);
    this.apply(view, true);
    // After the Game's setup: its bgaFormatText draws the history's lines too.
    this.loadHistory(await history, view.table.players);
    if (this.stopped) return;
    this.poller.start();
  }

  stop() {
    this.stopped = true;
    this.poller.stop();
    this.pace.stop();
    if (this.barSize) this.barSize.disconnect();
    document.documentElement.style.removeProperty("--bar-h");
    showTurn("Card tables", false);
  }

  build(module) {
    this.actions = new ActionPanel(this.id, this.game, {
      view: () => this.view,
      designer: () => this.designer(),
      refreshNow: () => this.poller.now(),
      sending: (request) => this.poller.sending(request),
      applyAnswer: (answer) => this.poller.applyAnswer(answer),
    });
    this.chat = new Chat(this.id, { players: () => this.players(), showError: (message) => this.showError(message) });
    this.els = {
      title: h("h1.table-title"),
      progression: h("span.progression-wrap"),
      status: h("div.status-bar", { role: "status", "aria-live": "polite" }),
      area: h("div.game-area"),
      boards: h("div.boards-wrap"),
      scores: h("div.scores-wrap"),
      log: h("ol.log-lines", { "aria-label": "Game log", tabindex: "0" }),   // scrolls: reachable by keyboard
      extra: h("div.table-extra"),
      hand: h("div.hand-slot"),
    };
    const e = this.els;
    this.host = new GameHost(module, e.area, this.gamePage(), this.game.name || this.game.title);
    // The bar fixed at the bottom of the screen: the status, the buttons and the player's hand, always in view.
    this.bar = h("div.bottom-bar", { role: "region", "aria-label": "Status and actions",
      on: { pointerdown: () => this.hurry(), keydown: () => this.hurry() } },
    h("div.bar-inner", h("div.bar-top", e.status, this.actions.panel), e.hand));
    this.section = h("section.table-page", { dataset: { table: this.id } },
      h("div.table-header", h("div.table-heading", e.title, e.progression, this.poller.notice, settingsPanel()),
        e.boards),
      h("div.table-layout",
        h("div.table-main", e.area, this.actions.tools, e.extra),
        h("aside.table-side", e.scores, h("section.log", h("h2", "Log"), e.log), this.chat.panel)),
      this.bar);
    fill(this.root, this.section);
    // The page keeps room below its content for the bar, whatever its height (a hand of 17 cards on a phone).
    // (on the root: it also keeps an element reached by Tab from being scrolled behind the bar)
    this.barSize = new ResizeObserver(() => document.documentElement.style.setProperty("--bar-h",
      `${this.bar.offsetHeight}px`));
    this.barSize.observe(this.bar);
  }

  /** One notification of the queue. Another player's move waits until what was shown before it has stood for its
   * hold (the pace, or the module's minDuration); the player's own is shown at once. Then its log line (names and
   * colours of the view that came with it) and its handler, awaited. */
  async play(notif, view, ownMove) {
    this.coming = view;
    if (isActive(view, this.me) && performance.now() - this.hurriedAt < HURRY_CARRIES_MS) this.pace.hurry();
    if (notif.move !== ownMove) {
      await this.pace.pause(this.shownAt + this.host.hold(notif) * this.pace.factor() - performance.now());
    }
    this.shownAt = performance.now();
    this.addLogLine(notif, view.table.players);
    await this.host.dispatch(notif);
  }

  /** The player reaches for the bar while the queue plays: what leads up to their turn plays without pauses, in this
   * batch or in one that follows soon (the others' moves still arriving). With nothing playing, a click is a move. */
  hurry() {
    if (!this.coming) return;
    this.hurriedAt = performance.now();
    if (isActive(this.coming, this.me)) this.pace.hurry();
  }

  loadHistory({ notifications, error }, players) {
    if (error) {
      this.showError(error.message);
      return;
    }
    for (const n of notifications) this.addLogLine(n, players);
    if (notifications.length) this.poller.lastSeq = notifications[notifications.length - 1].seq;
  }

  addLogLine(notif, players) {
    if (!notif.log) return;
    const log = this.els.log;
    // newest first, as on BGA
    log.prepend(logLine(notif, players, this.host.formatter(), this.host.endsLogGroup(notif), log.firstElementChild));
  }

  players() {
    return this.view ? this.view.table.players : [];
  }

  /** A view on screen, unless it is the one already there. */
  apply(view, first = false) {
    this.coming = null;
    this.pace.calm();
    if (isActive(view, this.me)) this.hurriedAt = -Infinity;   // the turn came: the hurry is spent
    const key = JSON.stringify(view);
    if (!first && key === this.viewKey) return;
    const previous = this.view;
    this.viewKey = key;
    this.view = view;
    const { table, state, data } = view;
    const e = this.els;
    e.title.textContent = `${this.game.title || table.game} · table ${table.id}`;
    const wasMyTurn = isActive(previous, this.me);
    showTurn(`${e.title.textContent} · Card tables`, this.isMyTurn());
    if (this.isMyTurn() && !wasMyTurn && !first) announceTurn();
    this.renderStatus();
    fill(e.progression, table.status === "playing" ? progressionBar(view.progression) : null);
    fill(e.scores, table.status === "finished"
      ? [scoreTable(table.players, this.game.tie_breaker), statisticsTable(view.statistics, table.players)] : null);
    fill(e.extra, seatControls(view, this.me, this.poller, (message) => this.showError(message), this.designer()));
    this.host.show(view, previous);
    // A game module draws its own seats (cards held, tricks won): the strip keeps names, scores and marks.
    fill(e.boards, playerBoards(table, state, this.host.drawsSeats() ? null : data, this.me));
    this.actions.render(view, () => this.host.drawButtons(view));
    this.section.dataset.move = table.move;   // the move on screen, once all of it is: for tests and benchmarks
  }

  renderStatus() {
    const { table, state } = this.view;
    const players = table.players;
    const status = this.els.status;
    status.classList.toggle("my-turn", this.isMyTurn());
    if (table.status === "open") {
      fill(status, `Waiting for players: ${players.length} of ${table.seats} seats taken.`);
    } else if (table.status === "finished") {
      const winners = players.filter((p) => p.rank === 1);   // by score, then the tie-breaker
      fill(status, "Game over. ", winners.length === 1 ? "Winner: " : "Winners: ",
        winners.map((w, i) => [i ? ", " : "", playerName(w)]), winners.length ? ` (${winners[0].score}).` : ".");
    } else if (table.status === "abandoned") {   // nobody left to play, or past the site's moves per game
      fill(status, "Abandoned: this game ended unfinished. Its replay is kept.");
    } else if (state) {
      fill(status, this.isMyTurn() ? h("span.turn-flag", "Your turn: ") : null,
        colourNames(state.description || state.name, players));
    } else {
      fill(status, table.status);
    }
  }

  /** The designer's tools (all actions as generic forms, the state diagram): in development mode or at a hotseat
   * table only, never in a player's way. */
  designer() {
    return Boolean(this.development || (this.view && this.view.hotseat));
  }

  isMyTurn() {
    return isActive(this.view, this.me);
  }

  showError(message) {
    if (this.actions) this.actions.showError(message);
  }

  /** What the game module's members are built on (gamegui.js): the view on screen, the action bar, the actions. */
  gamePage() {
    const actions = this.actions;
    return {
      replay: false,
      tableId: this.id,
      hand: this.els.hand,
      pace: this.pace,
      view: () => this.view,
      perform: (name, args, options) => actions.perform(name, args, options),
      pressed: () => actions.pressed,
      describe: (name, args) => api.describe(this.id, name, args),
      setTitle: (title, args) => fill(this.els.status, renderLog(title, args, this.players(), this.host.formatter())),
      addButton: (label, callback, options) => actions.addButton(label, callback, options),
      clearButtons: () => actions.clearButtons(),
      showMessage: (text, type) => (type === "error" ? actions.showError(text) : actions.flash(text)),
    };
  }
}

function isActive(view, player) {
  return Boolean(view && view.table.status === "playing" && view.state && (view.state.active_players || []).includes(player));
}
