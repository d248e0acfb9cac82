// The controls under the actions: what a player does with their seat (join, fill it with bots, share the invitation,
// leave and come back, act for another seat on a hotseat table), between the state diagram and replay links.
import { api, botsAvailable, gameCatalog, leavingAvailable, setActingAs } from "./api.js";
import { fill, h } from "./dom.js";

const BOT_LEVELS = { random: "Random", heuristic: "Heuristic", expert: "Expert" };

/** The bot level menu: the game's `bot_levels` (GET /api/games). */
export function botLevelSelect(levels = ["random", "heuristic"], label = "Bot level") {
  const select = h("select.bot-level", { "aria-label": label });
  setBotLevels(select, levels);
  return select;
}

export function setBotLevels(select, levels) {
  fill(select, ...levels.map((l) => h("option", { value: l, selected: l === "heuristic" ? "" : undefined }, BOT_LEVELS[l])));
}

/** The controls for this view; after a change the poller reads the table again. designer: the state diagram's link. */
export function seatControls(view, me, poller, showError, designer = false) {
  const { table } = view;
  const seated = table.players.some((p) => p.id === me);
  const attempt = async (call, then) => {
    try {
      await call();
      await then();
    } catch (err) { showError(err.message); }
  };
  const parts = designer ? [h("a.diagram-link", { href: `/api/games/${encodeURIComponent(table.game)}/diagram`,
    target: "_blank", rel: "noopener" }, "State diagram")] : [];
  if (view.hotseat) {
    const select = h("select.hotseat-seat", { "aria-label": "Act as",
      on: { change: (event) => { setActingAs(table.id, Number(event.target.value)); window.location.reload(); } } },
      ...table.players.map((p) => h("option", { value: String(p.id), selected: p.id === me ? "" : undefined },
        `Seat ${p.seat + 1}: ${p.name}`)));
    parts.push(h("label.hotseat", "Hotseat: act as ", select));
  }
  if (table.status === "open" && !seated) {
    parts.push(h("button", { type: "button", on: { click: () => attempt(() => api.join(table.id), () => poller.schedule(0)) } },
      "Join this table"));
  }
  if (table.status === "open" && seated && table.creator === me) {
    const count = table.seats - table.players.length - (table.reserved || []).length;
    const level = botLevelSelect();
    const bots = h("span.bots", { hidden: true }, h("button.bots-button", { type: "button",
      on: { click: () => attempt(() => api.addBots(table.id, count, level.value), () => poller.schedule(0)) } },
    "Fill empty seats with bots"), " ", level);
    botsAvailable().then((ok) => { bots.hidden = !ok; });
    gameCatalog().then((catalog) => { if (catalog[table.game]) setBotLevels(level, catalog[table.game].bot_levels); })
      .catch(() => {});
    parts.push(bots);
  }
  const code = sessionStorage.getItem(`bga.invite.${table.id}`);
  if (code && table.status === "open") {
    parts.push(h("p.invite", "Private table: share the invitation code ", h("strong.invite-code", code), "."));
  }
  if (view.you_are_zombie && table.status === "playing") {
    parts.push(h("p.muted", "A zombie plays your seat since you left or ran out of time."),
      h("button", { type: "button", on: { click: () => attempt(() => api.comeBack(table.id), () => poller.now()) } },
        "Take my seat back"));
  } else if (seated && table.status === "playing") {
    const leave = h("button.secondary.leave-button", { type: "button", hidden: true, on: { click: () => {
      if (window.confirm("Leave this game? A zombie will play your seat until you come back.")) {
        attempt(() => api.leave(table.id), () => poller.now());
      }
    } } }, "Leave the game");
    leavingAvailable().then((ok) => { leave.hidden = !ok; });
    parts.push(leave);
  }
  if (["finished", "abandoned"].includes(table.status)) parts.push(h("a.button", { href: `#/replay/${table.id}` }, "Watch the replay"));
  return parts;
}
