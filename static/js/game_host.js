// The game's client module on a page (static/README.md): its Game made once the table has started, setup, the state
// hooks around each new view, its notification handlers; the generic renderer when there is no module or setup fails.
import { fill } from "./dom.js";
import { gamedatasOf, gameguiMembers, makeGame } from "./gamegui.js";
import { PACE_MS } from "./pace.js";

let generic = null;   // generic.js, loaded when first needed: a game with its own module never needs it
export async function loadGeneric() {
  generic = generic || await import("./generic.js");
  return generic;
}

export class GameHost {
  /** page: what the Game's members are built on (gamegui.js, gameguiMembers: its `hand` slot and `pace` included),
   * but the area, the player and `subscribe`. */
  constructor(module, area, page, gameName) {
    this.module = module;
    this.area = area;
    this.page = page;
    this.gameName = gameName;
    this.game = null;           // made on the first view with a state: the player it is for is known then
    this.subscription = null;   // {prefix, handlers, minDuration, ...}: what bgaSetupPromiseNotifications asked for
    this.ready = false;         // setup ran
  }

  /** A new view. Nothing of the module runs before the table has started (an open table has no state to show). */
  show(view, previous) {
    const { table, state, data } = view;
    if (!state) {
      this.clear();
      return;
    }
    if (!this.ready && !this.game && this.module) this.game = this.make(view);
    if (!this.game) {
      this.clear();
      this.shown = view;
      if (generic) fill(this.area, generic.renderGenericArea(data, table.players, state));
      else loadGeneric().then(() => { if (this.shown === view) this.show(view, previous); });
      return;
    }
    const gamedatas = gamedatasOf(view);
    this.game.gamedatas = gamedatas;
    if (!this.ready) {
      this.clear();
      try {
        this.game.setup(gamedatas);
      } catch (err) {                       // a broken renderer must not lock the player out
        console.error("the game module's setup failed; using the generic renderer", err);
        this.game = this.module = null;
        this.show(view, previous);
        return;
      }
      this.ready = true;
      this.warnIfNotSubscribed();
      this.call("onEnteringState", state.name, gamedatas.gamestate);
      return;
    }
    this.call("onGamedatasUpdate", gamedatas);
    // Another state, or another player's turn in it (where BGA would have passed a game state in between); the
    // answers of a multiple_active state are no new turn.
    const before = previous && previous.state;
    const nextTurn = state.type !== "multiple_active"
      && String(before && before.active_players) !== String(state.active_players);
    if (!before || before.id !== state.id || before.name !== state.name || nextTurn) {
      if (before) this.call("onLeavingState", before.name);
      this.call("onEnteringState", state.name, gamedatas.gamestate);
    }
  }

  /** The game area and the hand slot, empty. */
  clear() {
    fill(this.area);
    if (this.page.hand) fill(this.page.hand);
  }

  /** The module's Game for the viewer of this view (null: the module has none). */
  make(view) {
    const playerId = view.you ?? null;
    const members = gameguiMembers({ ...this.page, area: this.area, playerId,
      subscribe: (subscription) => { this.subscription = subscription; } });
    const game = makeGame(this.module, members, this.gameName);
    if (!game) this.module = null;
    else warnAboutOtherHandlerForms(this.module, this.gameName);
    return game;
  }

  /** The module's buttons for this view; false when it draws none (the generic forms are then the actions). */
  drawButtons(view) {
    if (!this.ready || typeof this.game.onUpdateActionButtons !== "function") return false;
    this.call("onUpdateActionButtons", view.state.name, view.state.args || {});
    return true;
  }

  /** One notification to its notif_<type> handler with the notification's args, awaited: an animation may hold the
   * queue. Before setup there is nothing to update: the view that follows is setup's. */
  async dispatch(notif) {
    if (!this.ready || !this.subscription) return;
    const { prefix, handlers, ignoreNotifications } = this.subscription;
    if ((ignoreNotifications || []).includes(notif.type)) return;
    const owner = handlers.find((handler) => handler && typeof handler[prefix + notif.type] === "function");
    if (!owner) return;
    try {
      await owner[prefix + notif.type](notif.args || {});
    } catch (err) {
      console.error(`${prefix}${notif.type} failed`, err);
    }
  }

  /** The least time (ms, at the normal pace) a notification of another player's move holds the queue: the module's
   * minDuration / minDurationNoText (BGA's), else the pace's 0.7 s for one with a log line, none without. */
  hold(notif) {
    const { minDuration, minDurationNoText } = this.subscription || {};
    return notif.log ? minDuration ?? PACE_MS : minDurationNoText ?? 0;
  }

  /** The module's bgaFormatText(log, args), which the log renderer calls on every line, or null. */
  formatter() {
    const game = this.ready && this.game;
    return game && typeof game.bgaFormatText === "function" ? (log, args) => game.bgaFormatText(log, args) : null;
  }

  /** The module's Game draws the table (the generic renderer does not). */
  drawsSeats() {
    return Boolean(this.module && this.game);
  }

  /** The notification closes a group of log lines: its type is in the Game's `logGroupEnds`. */
  endsLogGroup(notif) {
    const ends = this.game && this.game.logGroupEnds;
    return Array.isArray(ends) && ends.includes(notif.type);
  }

  call(hook, ...args) {
    if (!this.game || typeof this.game[hook] !== "function") return;
    try {
      this.game[hook](...args);
    } catch (err) {
      console.error(`${hook} failed`, err);
    }
  }

  /** As on BGA, handlers run once setup (through setupNotifications) asked for them: a module that did not is told. */
  warnIfNotSubscribed() {
    if (this.subscription) return;
    const handlers = methodNames(this.game).filter((name) => name.startsWith("notif_"));
    if (handlers.length) {
      console.warn(`${this.gameName}'s ${handlers.join(", ")} will not be called: call this.bgaSetupPromiseNotifications() `
        + "in setupNotifications(), and that from setup(), as on BGA");
    }
  }
}

function methodNames(game) {
  const names = new Set(Object.keys(game));
  for (let proto = Object.getPrototypeOf(game); proto && proto !== Object.prototype; proto = Object.getPrototypeOf(proto)) {
    Object.getOwnPropertyNames(proto).forEach((name) => names.add(name));
  }
  return [...names].sort();
}

/** Handlers are methods of the Game. A module written for the shell's former interface, or another framework's
 * (`notifications` or `handlers` maps), is told why nothing fires rather than left silent. */
function warnAboutOtherHandlerForms(module, game) {
  const ignored = Object.keys(module).filter((name) => name === "notifications" || name === "handlers"
    || name.startsWith("notif_"));
  if (ignored.length) {
    console.warn(`${game}'s client module: the exports ${ignored.join(", ")} are ignored; notification handlers are `
      + "notif_<type>(args) methods of the Game class");
  }
}
