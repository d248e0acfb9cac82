// BGA log templates ("${player_name} plays ${card}") rendered as DOM nodes: text only, player names coloured.
import { h, seatColour } from "./dom.js";

/** One line of the log, its notification's seq, move and type on it. A line that closes a group of lines (endsGroup:
 * a won trick, a scored hand) stands out with a rule above it, so the log reads trick by trick; of closers in a row
 * from one move (a pass that ends the trick, then who takes it), the newest. older: the line shown just before. */
export function logLine(notif, players, format, endsGroup = false, older = null) {
  const line = h("li.log-line", { dataset: { seq: notif.seq, move: notif.move, type: notif.type } },
    renderLog(notif.log, notif.args || {}, players, format));
  if (notif.private) line.classList.add("private");
  if (endsGroup) {
    line.classList.add("log-group-end");
    if (older && older.classList.contains("log-group-end") && older.dataset.move === line.dataset.move) {
      older.classList.remove("log-group-end");
    }
  }
  return line;
}

/**
 * players: [{id, name, seat}] of the table. Returns a DocumentFragment.
 * A value that is itself {log, args} is rendered recursively (BGA's format_string_recursive).
 * format: the game's bgaFormatText(log, args) -> {log, args}, applied first at every level; an arg value it gives may
 * be a DOM Node (a mini-card), put in as it is.
 */
export function renderLog(template, args = {}, players = [], format = null) {
  if (format) {
    try {
      ({ log: template, args } = format(template, { ...args }));
    } catch (err) {
      console.error("bgaFormatText failed", err);
    }
  }
  const frag = document.createDocumentFragment();
  const text = typeof template === "string" ? template : "";
  const pattern = /\$\{([A-Za-z0-9_]+)\}/g;
  let last = 0;
  let match;
  while ((match = pattern.exec(text)) !== null) {
    if (match.index > last) frag.append(document.createTextNode(text.slice(last, match.index)));
    frag.append(renderArg(match[1], args || {}, players, format));
    last = pattern.lastIndex;
  }
  if (last < text.length) frag.append(document.createTextNode(text.slice(last)));
  return frag;
}

function playerById(players, id) {
  return players.find((p) => String(p.id) === String(id));
}

function playerByName(players, name) {
  return players.find((p) => p.name === name);
}

export function playerName(player, fallback = "?") {
  if (!player) return h("span.player-name", fallback);
  return h("span.player-name", { style: `color:${seatColour(player.seat)}`, dataset: { seat: player.seat } },
    player.name);
}

function renderArg(key, args, players, format) {
  if (!(key in args)) {
    if (key === "you") return h("span.player-name.you", "You");
    return document.createTextNode("${" + key + "}");
  }
  const value = args[key];
  const node = (v) => (v.parentNode ? v.cloneNode(true) : v);   // a node used twice is copied
  if (value instanceof Node) return node(value);
  if (Array.isArray(value) && value.some((v) => v instanceof Node)) {
    return h("span.arg", value.map((v, i) => [i ? " " : "", v instanceof Node ? node(v) : String(v)]));
  }
  if (key === "you") return h("span.player-name.you", "You");
  if (/name|player/.test(key) && (typeof value === "string" || typeof value === "number")) {
    // player_name, player_name2, target_player_name, actplayer...: the id next to it, else the name itself.
    const idKey = key.replace("name", "id");
    const player = (idKey !== key && playerById(players, args[idKey])) || playerByName(players, value);
    if (player) return playerName(player, String(value));
  }
  if (value && typeof value === "object" && !Array.isArray(value) && typeof value.log === "string") {
    return h("span", renderLog(value.log, value.args || {}, players, format));
  }
  return h("span.arg", formatValue(value, players));
}

/** A value as short readable text; objects keyed by player ids show the players' names. */
export function formatValue(value, players = []) {
  if (value === null || value === undefined) return "—";
  if (Array.isArray(value)) return value.map((v) => formatValue(v, players)).join(", ");
  if (typeof value === "object") {
    return Object.entries(value).map(([k, v]) => {
      const player = playerById(players, k);
      return `${player ? player.name : k}: ${formatValue(v, players)}`;
    }).join("; ");
  }
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** The view's data as a readable tree: nested description lists, player-id keys shown by name. */
export function renderData(value, players = [], depth = 0) {
  if (value === null || value === undefined) return h("span.muted", "—");
  if (Array.isArray(value)) {
    if (value.length === 0) return h("span.muted", "(none)");
    if (value.every((v) => v === null || typeof v !== "object")) {
      return h("ul.chips", value.map((v) => h("li.chip", formatValue(v, players))));
    }
    return h("ol.data-list", value.map((v) => h("li", renderData(v, players, depth + 1))));
  }
  if (typeof value === "object") {
    const entries = Object.entries(value);
    if (entries.length === 0) return h("span.muted", "(empty)");
    return h("dl.data-tree", entries.map(([k, v]) => {
      const player = playerById(players, k);
      const label = player ? playerName(player) : humanize(k);
      return [h("dt", label), h("dd", renderData(v, players, depth + 1))];
    }));
  }
  return h("span.value", formatValue(value, players));
}

/** "hand_sizes" -> "Hand sizes", "pickCharm" -> "Pick charm". */
export function humanize(name) {
  const words = String(name).replace(/_/g, " ").replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase().trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** Plain text with every player's name in it coloured (the status bar's resolved description). */
export function colourNames(text, players = []) {
  const frag = document.createDocumentFragment();
  const names = players.filter((p) => p.name).sort((a, b) => b.name.length - a.name.length);
  let rest = String(text ?? "");
  while (rest) {
    let best = null;
    for (const p of names) {
      let at = rest.indexOf(p.name);
      while (at !== -1) {
        const before = at === 0 ? " " : rest[at - 1];
        const after = rest[at + p.name.length] ?? " ";
        if (!/[\p{L}\p{N}_]/u.test(before) && !/[\p{L}\p{N}_]/u.test(after)) break;
        at = rest.indexOf(p.name, at + 1);
      }
      if (at !== -1 && (!best || at < best.at)) best = { at, p };
    }
    if (!best) {
      frag.append(document.createTextNode(rest));
      break;
    }
    if (best.at) frag.append(document.createTextNode(rest.slice(0, best.at)));
    frag.append(playerName(best.p));
    rest = rest.slice(best.at + best.p.name.length);
  }
  return frag;
}
