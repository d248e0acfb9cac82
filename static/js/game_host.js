// The game's own client module on the table page (static/README.md): its setup and state hooks around each new view,
// its notification handlers, and the generic renderer when there is no module or its setup fails.
import { fill } from "./dom.js";
import { renderGenericArea } from "./generic.js";

export class GameHost {
  /** module: the game's client module or null; area: the game area; ctx: what setup and the handlers are given. */
  constructor(module, area, ctx) {
    this.module = module;
    this.area = area;
    this.ctx = ctx;
    this.ready = false;     // setup ran
    if (module) warnAboutOtherHandlerForms(module, ctx.game.name || ctx.game.title);
  }

  /** A new view: setup the first time, then update; onLeavingState/onEnteringState when the state changed. */
  show(view, previous, first) {
    const { table, state, data } = view;
    if (!this.module || typeof this.module.setup !== "function" || !state) {
      fill(this.area, state ? renderGenericArea(data, table.players, state) : null);
      return;
    }
    if (!this.ready) {
      fill(this.area);
      try {
        this.module.setup(this.area, data, this.ctx);
        this.ready = true;
      } catch (err) {                       // a broken renderer must not lock the player out
        console.error("the game module's setup failed; using the generic renderer", err);
        this.module = null;
        this.show(view, previous, true);
        return;
      }
    } else {
      this.call("update", data, view);
    }
    const before = previous && previous.state;
    if (!first && before && (before.id !== state.id || before.name !== state.name)) {
      this.call("onLeavingState", before);
    }
    if (first || !before || before.id !== state.id || before.name !== state.name) {
      this.call("onEnteringState", state, data);
    }
  }

  /** The module's buttons for this state; false when it draws none (the generic forms are the actions). */
  drawButtons(state, data) {
    if (!this.module || typeof this.module.onUpdateActionButtons !== "function") return false;
    this.call("onUpdateActionButtons", state, data);
    return true;
  }

  /** One notification to `notifications[notif.type]`, awaited: an animation may hold the queue. */
  async dispatch(notif) {
    const handler = this.module && this.module.notifications && this.module.notifications[notif.type];
    if (typeof handler !== "function") return;
    try {
      await handler(notif, this.ctx);
    } catch (err) {
      console.error(`notifications.${notif.type} failed`, err);
    }
  }

  call(hook, ...args) {
    if (!this.module || typeof this.module[hook] !== "function") return;
    try {
      this.module[hook](...args);
    } catch (err) {
      console.error(`${hook} failed`, err);
    }
  }
}

/** Handlers are declared one way only. A module written another way (`notif_<type>` exports, a `handlers` map, as
 * other frameworks have it) is told why nothing fires rather than left silent. */
function warnAboutOtherHandlerForms(module, game) {
  const ignored = Object.keys(module).filter((name) => name.startsWith("notif_") || name === "handlers");
  if (ignored.length) {
    console.warn(`${game}'s client module: ${ignored.join(", ")} ignored; notification handlers go in `
      + "`export const notifications = { type(notif, ctx) {...} }`");
  }
}
