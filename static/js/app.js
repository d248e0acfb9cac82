// The shell: routing by URL hash, the header and login. The lobby and "my games" (lobby.js), the table page
// (table.js) and the replay viewer (replay.js) live in modules of their own; a page loads only the ones it shows.
import { api, session } from "./api.js";
import { fill, h } from "./dom.js";
import { showTurn } from "./signals.js";
import { TablePage } from "./table.js";

const main = document.getElementById("main");
const nav = document.getElementById("nav");
let page = null;   // the current page object (stopped when leaving it)

function parseHash() {
  const raw = location.hash.replace(/^#\/?/, "");
  const [path, query = ""] = raw.split("?");
  const parts = path.split("/").filter(Boolean);
  return { parts, params: new URLSearchParams(query) };
}

export function go(hash) {
  if (location.hash === hash) route();
  else location.hash = hash;
}

async function route() {
  if (page && page.stop) page.stop();
  page = null;
  showTurn("Card tables", false);   // no page's turn mark outlives it
  renderNav();
  const { parts, params } = parseHash();
  if (!session.token) {
    if (parts[0] !== "login") sessionStorage.setItem("bga.after-login", location.hash || "#/lobby");
    return showLogin();
  }
  const [name, arg] = parts;
  const id = parseInt(arg, 10);
  if (name === "table" && id > 0) {
    page = new TablePage(main, id);
    document.title = `Table ${id} · Card tables`;
    return page.start();
  }
  if (name === "replay" && id > 0) {
    const asked = location.hash;
    const { ReplayPage } = await import("./replay.js");   // only when asked for: the table page does without it
    if (location.hash !== asked) return;                   // gone elsewhere meanwhile
    page = new ReplayPage(main, id, params);
    document.title = `Replay ${id} · Card tables`;
    return page.start();
  }
  if (name === "confirm-email" && arg) return confirmEmail(arg);
  if (name !== "games" && name !== "lobby") {
    history.replaceState(null, "", "#/lobby");
  }
  const asked = location.hash;
  const lists = await import("./lobby.js");   // the lobby and my games: a table page does without them
  if (location.hash !== asked) return;
  if (name === "games") {
    document.title = "My games · Card tables";
    return lists.showMyGames(main, pageControl(), go);
  }
  document.title = "Lobby · Card tables";
  return lists.showLobby(main, pageControl(), go);
}

/** The page the link in a confirmation message opens: the token sent back, and what came of it. */
async function confirmEmail(token) {
  document.title = "Confirm e-mail · Card tables";
  fill(main, h("p", "Confirming your e-mail address…"));
  try {
    const me = await api.post("/api/me/email/confirm", { token });
    fill(main, h("p.confirmed", `Confirmed: "your turn" messages now go to ${me.email}.`),
      h("p", h("a", { href: "#/lobby" }, "To the lobby")));
  } catch (error) {
    fill(main, h("p.error", { role: "alert" }, error.message), h("p", h("a", { href: "#/lobby" }, "To the lobby")));
  }
}

function renderNav() {
  const user = session.user;
  if (!session.token || !user) {
    fill(nav);
    return;
  }
  const here = parseHash().parts[0];
  const link = (hash, label, key) => h("a", { href: hash, "aria-current": here === key ? "page" : undefined }, label);
  fill(nav, link("#/lobby", "Lobby", "lobby"), link("#/games", "My games", "games"),
    h("span.whoami", "Signed in as ", h("strong", user.name)),
    h("button.link", { type: "button", on: { click: logout } }, "Log out"));
}

async function logout() {
  try { await api.logout(); } catch { /* the token is dropped anyway */ }
  session.clear();
  go("#/login");
}

window.addEventListener("bga:logged-out", () => go("#/login"));

// ----- login / register ---------------------------------------------------------------------
function showLogin() {
  document.title = "Log in · Card tables";
  const error = h("p.form-error", { role: "alert", hidden: true });
  const name = h("input#login-name", { name: "name", autocomplete: "username", required: true, maxlength: 40 });
  // No minimum length here: accounts made before the 8-character rule still log in with theirs.
  const password = h("input#login-password", { name: "password", type: "password", autocomplete: "current-password",
    required: true });
  const submit = async (mode) => {
    error.hidden = true;
    if (!name.value.trim() || !password.value) {
      error.hidden = false;
      error.textContent = "Give a name and a password.";
      return;
    }
    // The server says what a new name or password lacks (the rules are its own): shown as it says it.
    try {
      const who = mode === "register" ? await api.register(name.value, password.value) : await api.login(name.value, password.value);
      session.save(who);
      const next = sessionStorage.getItem("bga.after-login") || "#/lobby";
      sessionStorage.removeItem("bga.after-login");
      go(next.startsWith("#/login") ? "#/lobby" : next);
    } catch (err) {
      error.hidden = false;
      error.textContent = err.message;
    }
  };
  const form = h("form.card-box.login", { on: { submit: (e) => { e.preventDefault(); submit(e.submitter?.value || "login"); } } },
    h("h1", "Card tables"),
    h("p", "Log in, or register a new account with the same form: a name of up to 32 characters, "
      + "and a password of at least 8 that is not your name or a common one."),
    h("div.field", h("label", { for: "login-name" }, "Name"), name),
    h("div.field", h("label", { for: "login-password" }, "Password"), password),
    error,
    h("div.buttons",
      h("button", { type: "submit", value: "login" }, "Log in"),
      h("button.secondary", { type: "submit", value: "register" }, "Register")));
  fill(main, form);
  name.focus();
}

/** The current page's timers, stopped by the router when the page is left (even mid-load). */
function pageControl() {
  const ctl = {
    timer: null, stopped: false,
    every(ms, fn) { if (!ctl.stopped) ctl.timer = setInterval(() => { if (!document.hidden) fn(); }, ms); },
    stop() { ctl.stopped = true; clearInterval(ctl.timer); },
  };
  page = ctl;
  return ctl;
}

window.addEventListener("hashchange", route);
route();
