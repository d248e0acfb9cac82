// What every page shows of a table's players: their boards and, at the end, the scores. Used by the table page, the
// replay viewer and "my games" (timeLeft).
import { h, seatColour } from "./dom.js";
import { formatValue, humanize, playerName } from "./format.js";

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
