// What every page shows of a table's players: their boards, the game's progression and, at the end, the scores ranked
// by score then tie-breaker, and the statistics. Used by the table page, the replay viewer and "my games".
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
    // A bot runner searches for this seat's move
    if (p.thinking && table.status === "playing") marks.push(h("span.mark.mark-thinking", { role: "status" }, "thinking…"));
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

/** The players best first, by the place the server gives them (score, then the tie-breaker, score_aux). */
export function ranked(players) {
  const place = (p) => (p.rank === null || p.rank === undefined ? Infinity : p.rank);
  return [...players].sort((a, b) => place(a) - place(b) || a.seat - b.seat);
}

/** "1. ben 6 · 2. anna 6": a finished table's places, in the list of my games. */
export function resultLine(players) {
  return h("span.result", { title: "Result" },
    ranked(players).map((p, i) => [i ? " · " : "", `${p.rank}. `, playerName(p), ` ${p.score}`]));
}

/** The end screen's scores: place, player, score, and the tie-breaker where the game has one. */
export function scoreTable(players, tieBreaker = "") {
  const withAux = Boolean(tieBreaker) || players.some((p) => p.score_aux);
  const col = (label, props = {}) => h("th", { scope: "col", ...props }, label);
  return h("table.scores", h("caption", "Scores"),
    h("thead", h("tr", col("#"), col("Player"), col("Score"),
      withAux ? col("Tie-breaker", { title: tieBreaker || "score_aux" }) : null)),
    h("tbody", ranked(players).map((p) => h("tr", { dataset: { player: p.id, rank: p.rank } },
      h("td.rank", String(p.rank ?? "")), h("th", { scope: "row" }, playerName(p)), h("td.score", String(p.score)),
      withAux ? h("td.score-aux", String(p.score_aux)) : null))),
    tieBreaker ? h("tfoot", h("tr", h("td.tie-breaker", { colspan: 4 }, `Ties are broken by: ${tieBreaker}`))) : null);
}

/** The game's statistics (BGA's end-of-game statistics): the table's, then one column per player. */
export function statisticsTable(statistics, players) {
  if (!statistics || (!statistics.table.length && !statistics.player.length)) return null;
  const label = (s) => h("th", { scope: "row" }, s.label);
  return h("section.statistics", { "aria-label": "Statistics" }, h("h2", "Statistics"),
    statistics.table.length ? h("table.stats.table-stats", h("caption", "Game"),
      h("tbody", statistics.table.map((s) => h("tr", { dataset: { stat: s.name } }, label(s),
        h("td", formatValue(s.value)))))) : null,
    statistics.player.length ? h("table.stats.player-stats", h("caption", "Players"),
      h("thead", h("tr", h("td"), players.map((p) => h("th", { scope: "col", dataset: { player: p.id } }, playerName(p))))),
      h("tbody", statistics.player.map((s) => h("tr", { dataset: { stat: s.name } }, label(s),
        players.map((p) => h("td", { dataset: { player: p.id } }, formatValue(s.values[String(p.id)]))))))) : null);
}

/** How far the game has gone (BGA's game progression), while it is played. */
export function progressionBar(percent) {
  const value = Math.max(0, Math.min(100, Number(percent) || 0));
  return h("span.progression", { title: "Game progression" },
    h("progress", { max: 100, value, "aria-label": "Game progression" }), ` ${value}%`);
}
