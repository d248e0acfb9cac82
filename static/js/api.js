// The JSON API, with the token kept in localStorage. Every failure becomes an ApiError with a readable message.

const TOKEN_KEY = "bga.token";
const USER_KEY = "bga.user";

export class ApiError extends Error {
  constructor(status, code, message, details = {}) {
    super(message);
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export const session = {
  get token() { return localStorage.getItem(TOKEN_KEY); },
  get user() {
    try { return JSON.parse(localStorage.getItem(USER_KEY) || "null"); } catch { return null; }
  },
  save({ id, name, token }) {
    localStorage.setItem(TOKEN_KEY, token);
    localStorage.setItem(USER_KEY, JSON.stringify({ id, name }));
  },
  clear() {
    localStorage.removeItem(TOKEN_KEY);
    localStorage.removeItem(USER_KEY);
  },
};

/** request("GET", "/api/games") -> parsed JSON; throws ApiError. */
export async function request(method, path, body) {
  const headers = { Accept: "application/json" };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  let response;
  try {
    response = await (takeEarly(method, path)
      || fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) }));
  } catch {
    throw new ApiError(0, "network", "The server cannot be reached: check your connection; retrying.");
  }
  let payload = null;
  try { payload = await response.json(); } catch { payload = null; }
  if (!response.ok) {
    const err = payload && payload.error ? payload.error : {};
    const { code = "http_" + response.status, message = `The server answered ${response.status}.`, ...details } = err;
    if (response.status === 401 && session.token && code === "unauthorized") {
      session.clear();
      window.dispatchEvent(new CustomEvent("bga:logged-out"));
    }
    throw new ApiError(response.status, code, message, details);
  }
  return payload;
}

/** A GET that index.html's inline script already sent with the same token, once: the page's first requests start before the modules load. */
function takeEarly(method, path) {
  const early = window.earlyRequests;
  const key = `${session.token} ${path}`;
  if (method !== "GET" || !early || !early.has(key)) return null;
  const response = early.get(key);
  early.delete(key);
  return response;
}

/** On a hotseat table (development) the creator acts for the seat chosen here, per browser tab. */
export function actingAs(tableId) {
  const value = sessionStorage.getItem(`bga.as.${tableId}`);
  return value ? Number(value) : null;
}

export function setActingAs(tableId, playerId) {
  if (playerId) sessionStorage.setItem(`bga.as.${tableId}`, String(playerId));
  else sessionStorage.removeItem(`bga.as.${tableId}`);
}

function withAs(tableId, path) {
  const who = actingAs(tableId);
  if (!who) return path;
  return path + (path.includes("?") ? "&" : "?") + `as=${who}`;
}

/** The table's event stream (push), as a fetch() response whose body push.js reads; an ApiError when refused. */
export async function openEvents(id, after, chatAfter, signal) {
  const headers = { Accept: "text/event-stream" };
  if (session.token) headers.Authorization = `Bearer ${session.token}`;
  const path = withAs(id, `/api/tables/${id}/events?after=${after}&chat_after=${chatAfter}`);
  const response = await fetch(path, { headers, signal, cache: "no-store" });
  if (!response.ok || !response.body) {
    throw new ApiError(response.status, `http_${response.status}`, `The event stream answered ${response.status}.`);
  }
  return response;
}

export const api = {
  get: (path) => request("GET", path),
  post: (path, body = {}) => request("POST", path, body),
  register: (name, password) => request("POST", "/api/users", { name, password }),
  login: (name, password) => request("POST", "/api/login", { name, password }),
  logout: () => request("POST", "/api/logout", {}),
  games: () => request("GET", "/api/games"),
  lobby: () => request("GET", "/api/tables?status=open"),
  myTables: () => request("GET", "/api/me/tables"),
  createTable: (body) => request("POST", "/api/tables", body),
  join: (id) => request("POST", `/api/tables/${id}/join`, {}),
  joinByCode: (code) => request("POST", "/api/join", { code }),
  leave: (id) => request("POST", `/api/tables/${id}/leave`, {}),
  comeBack: (id) => request("POST", `/api/tables/${id}/return`, {}),
  addBots: (id, count, level = "heuristic") => request("POST", `/api/tables/${id}/bots`, { count, level }),
  view: (id) => request("GET", withAs(id, `/api/tables/${id}`)),
  act: (id, action, args, move) => request("POST", withAs(id, `/api/tables/${id}/actions/${encodeURIComponent(action)}?view=true`),
    move === undefined || move === null ? { ...args } : { ...args, move }),
  continueAutomatic: (id) => request("POST", `/api/tables/${id}/continue`, {}),
  chat: (id, after) => request("GET", `/api/tables/${id}/chat?after=${after}`),
  say: (id, text) => request("POST", `/api/tables/${id}/chat`, { text }),
  mutes: () => request("GET", "/api/me/mutes"),
  mute: (userId) => request("PUT", `/api/me/mutes/${userId}`),
  unmute: (userId) => request("DELETE", `/api/me/mutes/${userId}`),
  notifications: (id, after) => request("GET", withAs(id, `/api/tables/${id}/notifications?after=${after}`)),
  describe: (id, action, args) => request("POST",
    withAs(id, `/api/tables/${id}/describe/${encodeURIComponent(action)}`), { ...args }),
  legalActions: (id) => request("GET", withAs(id, `/api/tables/${id}/legal-actions`)),
  replay: (id, move, seat) => {
    const query = new URLSearchParams();
    if (move !== null && move !== undefined) query.set("move", move);
    if (seat !== null && seat !== undefined) query.set("seat", seat);
    return request("GET", `/api/tables/${id}/replay?${query}`);
  },
};

let gamesCache = null;
/** The game list from /api/games, fetched once per page. */
function gameList() {
  if (!gamesCache) gamesCache = api.games().catch((err) => { gamesCache = null; throw err; });
  return gamesCache;
}

/** The games served: {name: game}. */
export async function gameCatalog() {
  return Object.fromEntries((await gameList()).games.map((g) => [g.name, g]));
}

/** The server runs in development mode: hotseat tables, chosen seeds and fixed deals. */
export async function developmentMode() {
  return Boolean((await gameList()).development);
}

const routeProbes = new Map();
/** Whether the server has a route (features other engineers add): OPTIONS answers 404 while it does not exist. */
export function hasRoute(path) {
  if (!routeProbes.has(path)) {
    routeProbes.set(path, fetch(path, { method: "OPTIONS" })
      .then((r) => r.status !== 404 && r.status !== 405)
      .catch(() => false));
  }
  return routeProbes.get(path);
}

/** POST /api/tables/<id>/bots (hidden while the server lacks it). */
export const botsAvailable = () => hasRoute("/api/tables/0/bots");
/** Private tables with invitation codes: POST /api/join came with them. */
export const privateTablesAvailable = () => hasRoute("/api/join");
/** Leaving a table (a zombie takes the seat) and coming back. */
export const leavingAvailable = () => hasRoute("/api/tables/0/leave");

const clientModules = new Map();
/** The game's own client module, as the catalog names it (`client.module`), or null: the generic
 * renderer. Its stylesheet (`client.css`) is added to the page with it. */
export function gameModule(name) {
  if (!clientModules.has(name)) {
    clientModules.set(name, gameCatalog().then((catalog) => {
      const client = (catalog[name] && catalog[name].client) || {};
      if (client.css) addStylesheet(name, client.css);
      return client.module ? import(client.module) : null;
    }).catch((err) => {
      console.error("game module failed to load; using the generic renderer", err);
      return null;
    }));
  }
  return clientModules.get(name);
}

function addStylesheet(name, href) {
  if (document.querySelector(`link[data-game="${CSS.escape(name)}"]`)) return;
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.game = name;
  document.head.append(link);
}
