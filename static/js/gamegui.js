// What the shell gives a game's client module, in BGA Studio's words (static/README.md has the table: our name,
// BGA's, what differs). The module exports `class Game`; the shell makes one and gives it the members BGA's gamegui
// gives `this` (player_id, gamedatas, statusBar, bgaPerformAction, isCurrentPlayerActive, ...), here, for the table
// page and the replay viewer alike.
import { seatColour } from "./dom.js";

/** BGA's gamedatas from our view: the game's own view data, plus `players` by id, `playerorder` and `gamestate`. */
export function gamedatasOf(view) {
  const { table, state, data } = view;
  const seated = [...table.players].sort((a, b) => a.seat - b.seat);
  const players = Object.fromEntries(seated.map((p) => [p.id, {
    id: p.id, name: p.name, seat: p.seat, no: p.seat + 1, color: seatColour(p.seat).slice(1), score: p.score,
    zombie: Boolean(p.zombie), is_ai: Boolean(p.is_bot),
  }]));
  const active = (state && state.active_players) || [];
  const gamestate = state && {
    id: state.id, name: state.name, type: state.type, description: state.description, args: state.args || {},
    active_player: state.type === "multiple_active" ? null : active[0] ?? null,
    multiactive: state.type === "multiple_active" ? active : [],
    possibleactions: state.possible_actions || [],
  };
  return { ...(data || {}), players, playerorder: seated.map((p) => p.id), gamestate };
}

/**
 * The members a Game instance is given. page: {playerId, area, hand (the bottom bar's hand slot), pace (pace.js),
 * replay, view() (the view on screen), perform(action, args, {confirm, label}) (true, or the refusal as an Error),
 * pressed() (the label of the button being pressed, or null),
 * addButton(label, callback, options), clearButtons(), showMessage(text, type), subscribe(options)}.
 */
export function gameguiMembers(page) {
  const state = () => (page.view() || {}).state || null;
  const playing = () => !page.replay && (page.view() || {}).table?.status === "playing";
  return {
    player_id: page.playerId ?? null,
    table_id: page.tableId ?? null,
    isSpectator: page.playerId === null || page.playerId === undefined,
    statusBar: {
      addActionButton: (label, callback, options = {}) => page.addButton(label, callback, options),
      removeActionButtons: () => page.clearButtons(),
      /** The status line says this (${name} args filled in as in the log) until the next view is shown. */
      setTitle: (title, args = {}) => page.setTitle(title, args),
    },
    /** What the server says a move would be and why it would be refused now ({label, legal, reason, ...} from the
     * game's describe_move), nothing applied; rejects when it cannot be asked (the replay, the network). */
    describeAction: (action, args = {}) => page.describe(action, args),
    /** Resolves once the move is accepted (and its view applied); rejects with the refusal, which the shell shows.
     * With the player's "confirm my moves" setting on, the move waits for Confirm (named `label`, else the button
     * pressed) unless `confirm` is false (a harmless move); Cancel rejects with an Error whose `cancelled` is true. */
    bgaPerformAction(action, args = {}, { checkAction = true, confirm = true, label = null } = {}) {
      const pressed = page.pressed();   // read now: the button's click handler is still running
      const sent = (async () => {
        if (checkAction && !(playing() && (state().possible_actions || []).includes(action))) {
          const refusal = new Error("This move is not authorized now.");
          page.showMessage(refusal.message, "error");
          throw refusal;
        }
        const result = await page.perform(action, args, { confirm, label: label || pressed });
        if (result !== true) throw result;
      })();
      sent.catch(() => {});   // a caller that does not wait for it leaves no unhandled rejection: the shell said why
      return sent;
    },
    isCurrentPlayerActive: () => playing() && (state().active_players || []).includes(page.playerId),
    getActivePlayerId: () => (state() && state().type !== "multiple_active" ? state().active_players[0] ?? null : null),
    getActivePlayers: () => [...((state() && state().active_players) || [])],
    /** minDuration: the least time a notification with a log line from another player's move holds the queue
     * (default: the pace setting's 0.7 s); minDurationNoText: the same without a log line (default 0). */
    bgaSetupPromiseNotifications({ prefix = "notif_", handlers = null, minDuration, minDurationNoText,
      ignoreNotifications = [] } = {}) {
      page.subscribe({ prefix, handlers: handlers || [this], minDuration, minDurationNoText, ignoreNotifications });
    },
    wait: (ms) => page.pace.wait(ms),
    bgaAnimationsActive: () => page.pace.active(),
    bgaSlideFrom: (element, fromElement, ms) => page.pace.slideFrom(element, fromElement, ms),
    getGameAreaElement: () => page.area,
    getHandBarElement: () => page.hand,
    showMessage: (text, type = "info") => page.showMessage(text, type),
  };
}

/** The module's Game class made and given the members; null (and the console says why) when it has none. */
export function makeGame(module, members, gameName) {
  const Game = module && module.Game;
  if (typeof Game !== "function") {
    if (module) {
      console.warn(`${gameName}'s client module exports no \`class Game\`; the generic renderer plays it. A module `
        + "is `export class Game { setup(gamedatas) {...} ... }`, as BGA's modules/js/Game.js (static/README.md).");
    }
    return null;
  }
  const game = new Game();
  for (const [name, value] of Object.entries(members)) {
    if (name in game) console.warn(`${gameName}'s Game defines ${name}, which the shell provides: its own is kept`);
    else game[name] = value;
  }
  return game;
}
