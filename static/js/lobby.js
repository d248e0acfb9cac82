// The lobby (open tables, a new table, joining by code) and "my games": loaded by the router when shown.
import { api, botsAvailable, developmentMode, gameCatalog, privateTablesAvailable, session } from "./api.js";
import { resultLine, timeLeft } from "./boards.js";
import { fill, h } from "./dom.js";
import { formatValue, humanize, playerName } from "./format.js";
import { botLevelSelect } from "./seats.js";
import { showTurn } from "./signals.js";

function optionsText(options) {
  const entries = Object.entries(options || {});
  return entries.length ? entries.map(([k, v]) => `${humanize(k)}: ${formatValue(v)}`).join(", ") : "default options";
}

function tableRow(t, catalog, me, actions) {
  const game = catalog[t.game];
  return h("li.table-row", { dataset: { table: t.id } },
    h("div.table-row-head", h("strong", game ? game.title : t.game), h("span.muted", ` · table ${t.id}`)),
    h("div.table-row-options", optionsText(t.options)),
    h("div.table-row-seats", `Seats: ${t.players.length} of ${t.seats} · `,
      t.players.map((p, i) => [i ? ", " : "", playerName(p), p.id === me ? [" ", h("span.mark.mark-you", "you")] : null])),
    h("div.table-row-actions", actions));
}

/** main: the page's element; ctl: the router's timers for this page; go(hash): to another page. */
export async function showLobby(main, ctl, go) {
  const list = h("ul.tables", { "aria-label": "Open tables" }, h("li.muted", "Loading the tables…"));
  const error = h("p.form-error", { role: "alert", hidden: true });
  const createBox = h("section.card-box.create-table", h("h2", "New table"), h("p.muted", "Loading the games…"));
  fill(main, h("div.lobby", h("h1", "Lobby"), error,
    h("div.lobby-columns", h("section", { "aria-label": "Open tables" }, h("h2", "Open tables"), list), createBox)));
  const me = session.user.id;
  let catalog;
  try {
    catalog = await gameCatalog();
  } catch (err) {
    error.hidden = false;
    error.textContent = err.message;
    return;
  }
  const [bots, privateTables, development] = await Promise.all([botsAvailable(), privateTablesAvailable(),
    developmentMode()]);
  if (ctl.stopped) return;   // left the page while it loaded
  const refresh = async () => {
    try {
      const { tables } = await api.lobby();
      if (ctl.stopped) return;
      fill(list, tables.length ? tables.map((t) => {
        const seated = t.players.some((p) => p.id === me);
        const actions = [];
        if (!seated) {
          actions.push(h("button", { type: "button", "aria-label": `Join table ${t.id}`, on: { click: async () => {
            try { await api.join(t.id); go(`#/table/${t.id}`); } catch (err) { error.hidden = false; error.textContent = err.message; }
          } } }, "Join"));
        } else {
          actions.push(h("a.button", { href: `#/table/${t.id}` }, "Open"));
          if (bots && t.creator === me) {
            const level = botLevelSelect((catalog[t.game] || {}).bot_levels, `Bot level for table ${t.id}`);
            actions.push(h("button.bots-button", { type: "button", on: { click: async () => {
              try {
                await api.addBots(t.id, t.seats - t.players.length - (t.reserved || []).length, level.value);
                go(`#/table/${t.id}`);
              } catch (err) {
                error.hidden = false; error.textContent = err.message;
              }
            } } }, "Fill with bots"), level);
          }
        }
        return tableRow(t, catalog, me, actions);
      }) : h("li.muted", "No open table: create one."));
    } catch (err) {
      error.hidden = false;
      error.textContent = err.message;
    }
  };
  fill(createBox, h("h2", "New table"), createForm(catalog, error, privateTables, development, go),
    privateTables ? joinByCodeForm(error, go) : null);
  await refresh();
  ctl.every(5000, refresh);
}

function joinByCodeForm(error, go) {
  const code = h("input#join-code", { autocomplete: "off", maxlength: 32 });
  return h("form.join-code", { on: { submit: async (e) => {
    e.preventDefault();
    if (!code.value.trim()) return;
    try {
      const table = await api.joinByCode(code.value.trim());
      go(`#/table/${table.id}`);
    } catch (err) {
      error.hidden = false;
      error.textContent = err.message;
    }
  } } },
  h("h2", "Private table"),
  h("div.field", h("label", { for: "join-code" }, "Invitation code"), code),
  h("button.secondary", { type: "submit" }, "Join with the code"));
}

function createForm(catalog, error, privateTables, development, go) {
  const games = Object.values(catalog);
  const select = h("select#new-game", { name: "game" }, games.map((g) => h("option", { value: g.name }, g.title)));
  const players = h("select#new-players", { name: "players" });
  const optionsBox = h("div.new-options");
  const inputs = {};
  const renderOptions = () => {
    const game = catalog[select.value];
    fill(players, Array.from({ length: game.players.max - game.players.min + 1 }, (_, i) => game.players.min + i)
      .map((n) => h("option", { value: String(n) }, String(n))));
    for (const key of Object.keys(inputs)) delete inputs[key];
    fill(optionsBox, Object.entries(game.options || {}).map(([name, spec]) => {
      const id = `opt-${name}`;
      let input;
      if (Array.isArray(spec.choices)) {
        input = h("select", { id }, spec.choices.map((c, i) => h("option", { value: String(i), selected: c === spec.default },
          String(c))));
        inputs[name] = () => spec.choices[+input.value];
      } else if (spec.type === "boolean") {
        input = h("input", { id, type: "checkbox", checked: Boolean(spec.default) });
        inputs[name] = () => input.checked;
      } else if (spec.type === "integer" || spec.type === "number") {
        input = h("input", { id, type: "number", min: spec.min, max: spec.max, step: spec.type === "integer" ? 1 : "any",
          value: spec.default !== undefined ? String(spec.default) : "" });
        inputs[name] = () => (input.value === "" ? undefined : Number(input.value));
      } else {
        input = h("input", { id, type: "text", value: spec.default !== undefined ? String(spec.default) : "" });
        inputs[name] = () => (input.value === "" ? undefined : input.value);
      }
      const range = spec.min !== undefined || spec.max !== undefined ? ` (${spec.min ?? ""}–${spec.max ?? ""})` : "";
      const label = h("label", { for: id }, humanize(name) + range);
      return spec.type === "boolean" ? h("div.field.field-checkbox", input, label) : h("div.field", label, input);
    }));
  };
  select.addEventListener("change", renderOptions);
  renderOptions();
  // The time per move, a setting of every table whatever its game; private tables, when the server offers them.
  const turnHours = h("input#new-turn-hours", { type: "number", min: 0, max: 720, step: 1, value: "0" });
  const isPrivate = h("input#new-private", { type: "checkbox" });
  const extras = [h("div.field", h("label", { for: "new-turn-hours" }, "Hours per turn (0: no limit)"), turnHours)];
  if (privateTables) {
    extras.push(h("div.field.field-checkbox", isPrivate,
      h("label", { for: "new-private" }, "Private (join by invitation code)")));
  }
  // Spectators read a table's chat; they post in it only where its creator allows it.
  const spectatorChat = h("input#new-spectator-chat", { type: "checkbox" });
  extras.push(h("div.field.field-checkbox", spectatorChat,
    h("label", { for: "new-spectator-chat" }, "Spectators may chat")));
  // Development mode: one browser plays every seat (the table starts at once; the page switches seats).
  const hotseat = h("input#new-hotseat", { type: "checkbox" });
  if (development) {
    extras.push(h("div.field.field-checkbox", hotseat,
      h("label", { for: "new-hotseat" }, "Hotseat: play every seat from this browser (development)")));
  }
  return h("form", { on: { submit: async (e) => {
    e.preventDefault();
    const options = {};
    for (const [name, read] of Object.entries(inputs)) {
      const value = read();
      if (value !== undefined) options[name] = value;
    }
    const body = { game: select.value, players: parseInt(players.value, 10), options };
    if (hotseat.checked) body.hotseat = true;
    if (spectatorChat.checked) body.spectator_chat = true;
    if (turnHours.value !== "") body.turn_hours = parseInt(turnHours.value, 10);
    if (privateTables) body.private = isPrivate.checked;
    try {
      const table = await api.createTable(body);
      if (table.invite_code) sessionStorage.setItem(`bga.invite.${table.id}`, table.invite_code);
      go(`#/table/${table.id}`);
    } catch (err) {
      error.hidden = false;
      error.textContent = err.message;
    }
  } } },
  h("div.field", h("label", { for: "new-game" }, "Game"), select),
  h("div.field", h("label", { for: "new-players" }, "Players"), players),
  optionsBox,
  extras,
  h("button", { type: "submit" }, "Create table"));
}

// ----- my games ----------------------------------------------------------------------------------
export async function showMyGames(main, ctl, go) {
  const list = h("ul.tables", { "aria-label": "My tables" }, h("li.muted", "Loading your tables…"));
  fill(main, h("div.my-games", h("h1", "My games"), list));
  const me = session.user.id;
  const refresh = async () => {
    try {
      const [catalog, { tables }] = await Promise.all([gameCatalog(), api.myTables()]);
      if (ctl.stopped) return;
      showTurn("My games · Card tables", tables.some((t) => t.your_turn));
      fill(list, tables.length ? tables.map((t) => {
        const mine = t.players.find((p) => p.id === me);
        const row = tableRow(t, catalog, me, [
          t.your_turn ? h("span.badge.your-turn", "Your turn") : h("span.badge", humanize(t.status)),
          mine && mine.deadline ? h("span.mark.mark-deadline", timeLeft(mine.deadline)) : null,
          h("a.button", { href: `#/table/${t.id}` }, t.your_turn ? "Play" : "Open"),
          ["finished", "abandoned"].includes(t.status) ? h("a.button.secondary", { href: `#/replay/${t.id}` }, "Replay") : null,
          t.status === "finished" ? resultLine(t.players) : null,
        ]);
        if (t.your_turn) row.classList.add("your-turn");
        return row;
      }) : h("li.muted", "You sit at no table yet: join one in the lobby."));
    } catch (err) {
      fill(list, h("li.form-error", { role: "alert" }, err.message));
    }
  };
  await refresh();
  ctl.every(10000, refresh);
}
