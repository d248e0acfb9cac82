// The generic renderer: a game without a client module still plays. Its view is shown as readable data and each
// action the player may send now gets a form built from the action's argument schema (GET /api/games), its quick
// picks the values of the player's legal moves (GET .../legal-actions).
import { h } from "./dom.js";
import { humanize, renderData } from "./format.js";

export function renderGenericArea(data, players, state = null) {
  const args = state && state.args && typeof state.args === "object" ? state.args : {};
  return h("section.generic-data", { "aria-label": "Game data" }, h("h2.visually-hidden", "Game data"),
    renderData(data, players),
    state ? h("div.generic-state", h("h3", `State: ${humanize(state.name || "")}`),
      Object.keys(args).length ? renderData(args, players) : null) : null);
}

let uid = 0;

/**
 * One form for one action. spec = {arguments: {field: {type, required, choices?, min?, max?, items?, default?}}}.
 * draft: an object holding what the player typed (kept across re-renders and 409s), mutated on input.
 * values: {field: [the values it takes in the player's legal moves]} (GET .../legal-actions): a field's choices are
 * narrowed to them, and a text field offers them as suggestions and, up to 24, as quick picks.
 * onSubmit(args) returns a promise; the form disables itself meanwhile.
 */
export function actionForm(name, spec, { draft = {}, values = {}, onSubmit, outOfTurn = false }) {
  const fields = Object.entries((spec && spec.arguments) || {});
  const label = humanize(name);
  const form = h("form.action-form", { dataset: { action: name }, novalidate: true });
  const readers = [];
  for (const [field, declared] of fields) {
    const legal = (values[field] || []).map(String);
    const schema = narrowed(declared, values[field]);
    const listId = legal.length ? `sugg-${++uid}` : null;
    if (listId) form.append(h("datalist", { id: listId }, legal.map((v) => h("option", { value: v }))));
    const { node, read, pick } = fieldInput(name, field, schema, draft, listId);
    form.append(node);
    if (pick && legal.length && legal.length <= 24) form.append(quickPicks(legal, pick));
    readers.push([field, schema, read]);
  }
  const button = h("button.action-button", { type: "submit", dataset: { action: name, key: `${name}.submit` } }, label);
  if (outOfTurn) button.classList.add("out-of-turn");
  form.append(button);
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const args = {};
    for (const [field, schema, read] of readers) {
      const value = read();
      if (value === undefined) {
        if (schema.required) return complain(form, `${humanize(field)}: please fill this in.`);
        continue;
      }
      if (value instanceof Error) return complain(form, `${humanize(field)}: ${value.message}`);
      args[field] = value;
    }
    complain(form, null);
    button.disabled = true;
    try {
      await onSubmit(args);
    } finally {
      button.disabled = false;
    }
  });
  return form;
}

/** A field whose declared choices (its items', for a list) are cut to the values its legal moves take. */
function narrowed(schema, legal) {
  if (!Array.isArray(legal) || !legal.length) return schema;
  const keep = (choices) => (choices.some((c) => legal.includes(c)) ? choices.filter((c) => legal.includes(c)) : choices);
  if (Array.isArray(schema.choices)) return { ...schema, choices: keep(schema.choices) };
  if (schema.items && Array.isArray(schema.items.choices)) {
    return { ...schema, items: { ...schema.items, choices: keep(schema.items.choices) } };
  }
  return schema;
}

/** Small buttons that put a value of the player's legal moves into the field (a list field gets it added). */
function quickPicks(values, pick) {
  return h("div.quick-picks", { role: "group", "aria-label": "Suggested values" },
    values.map((value) => h("button.small.pick", { type: "button", title: `Fill in ${value}`, on: { click: () => pick(value) } },
      value)));
}

function complain(form, message) {
  let box = form.querySelector(".field-error");
  if (!message) {
    if (box) box.remove();
    return;
  }
  if (!box) {
    box = h("p.field-error", { role: "alert" });
    form.append(box);
  }
  box.textContent = message;
}

function fieldInput(action, field, schema, draft, listId) {
  const id = `f-${action}-${field}-${++uid}`;
  const label = humanize(field) + (schema.required ? "" : " (optional)");
  const key = `${action}.${field}`;
  const type = schema.type || "any";
  const remember = (value) => { draft[field] = value; };
  const initial = field in draft ? draft[field] : schema.default;

  if (type === "boolean") {
    const input = h("input", { type: "checkbox", id, name: field, checked: Boolean(initial), dataset: { key } });
    input.addEventListener("change", () => remember(input.checked));
    return { node: h("div.field.field-checkbox", input, h("label", { for: id }, label)), read: () => input.checked };
  }

  if (Array.isArray(schema.choices)) {
    const select = h("select", { id, name: field, dataset: { key } },
      schema.required && initial === undefined ? h("option", { value: "" }, "— choose —") : null,
      !schema.required ? h("option", { value: "" }, "(none)") : null,
      schema.choices.map((c, i) => h("option", { value: String(i), selected: initial !== undefined && c === initial },
        String(c))));
    select.addEventListener("change", () => remember(select.value === "" ? undefined : schema.choices[+select.value]));
    return {
      node: h("div.field", h("label", { for: id }, label), select),
      read: () => (select.value === "" ? undefined : schema.choices[+select.value]),
    };
  }

  if (type === "array") return arrayInput(id, field, label, schema, draft, key, listId);

  if (type === "object" || type === "any") {
    const area = h("textarea", { id, name: field, rows: 2, dataset: { key }, placeholder: "JSON, e.g. {\"a\": 1}",
      value: initial === undefined ? "" : (typeof initial === "string" ? initial : JSON.stringify(initial)) });
    area.addEventListener("input", () => remember(area.value));
    return {
      node: h("div.field", h("label", { for: id }, label + " (JSON)"), area),
      read: () => {
        if (area.value.trim() === "") return undefined;
        try { return JSON.parse(area.value); } catch { return type === "any" ? area.value : new Error("not valid JSON."); }
      },
    };
  }

  const numeric = type === "integer" || type === "number";
  const input = h("input", {
    id, name: field, dataset: { key }, type: numeric ? "number" : "text", autocomplete: "off",
    min: schema.min, max: schema.max, step: type === "integer" ? 1 : (numeric ? "any" : undefined),
    list: numeric ? undefined : listId, value: initial === undefined ? "" : String(initial),
  });
  input.addEventListener("input", () => remember(input.value));
  const pick = (value) => { input.value = value; remember(value); input.focus(); };
  return { node: h("div.field", h("label", { for: id }, label), input), read: () => parseScalar(input.value, type),
    pick: numeric ? null : pick };
}

function parseScalar(raw, type) {
  const text = String(raw).trim();
  if (text === "") return undefined;
  if (type === "integer") {
    if (!/^-?\d+$/.test(text)) return new Error("a whole number, please.");
    return parseInt(text, 10);
  }
  if (type === "number") {
    const n = Number(text);
    return Number.isFinite(n) ? n : new Error("a number, please.");
  }
  return raw;
}

/** A list input: checkboxes when the items have choices, else rows of inputs with Add / Remove. */
function arrayInput(id, field, label, schema, draft, key, listId) {
  const items = schema.items || { type: "string" };
  const fieldset = h("fieldset.field.field-list", { dataset: { key } }, h("legend", label));
  if (Array.isArray(items.choices)) {
    const chosen = new Set(Array.isArray(draft[field]) ? draft[field] : []);
    const boxes = items.choices.map((choice, i) => {
      const box = h("input", { type: "checkbox", id: `${id}-${i}`, checked: chosen.has(choice) });
      box.addEventListener("change", () => {
        draft[field] = items.choices.filter((_, j) => boxes[j].checked);
      });
      fieldset.append(h("span.choice", box, h("label", { for: `${id}-${i}` }, String(choice))));
      return box;
    });
    return {
      node: fieldset,
      read: () => {
        const value = items.choices.filter((_, j) => boxes[j].checked);
        return value.length || !schema.required ? value : undefined;
      },
    };
  }
  const rows = h("div.list-rows");
  const values = Array.isArray(draft[field]) ? [...draft[field]] : [];
  const numeric = items.type === "integer" || items.type === "number";
  const sync = () => {
    draft[field] = [...rows.querySelectorAll("input")].map((i) => i.value);
    [...rows.children].forEach((row, i) => {          // keep "item n" labels in order after a removal
      row.querySelector("input").setAttribute("aria-label", `${label} item ${i + 1}`);
      row.querySelector("button").setAttribute("aria-label", `Remove ${label} item ${i + 1}`);
    });
  };
  const addRow = (value = "") => {
    const n = rows.children.length + 1;
    const input = h("input", { type: numeric ? "number" : "text", value, list: numeric ? undefined : listId,
      "aria-label": `${label} item ${n}`, autocomplete: "off" });
    input.addEventListener("input", sync);
    const remove = h("button.small", { type: "button", "aria-label": `Remove ${label} item ${n}` }, "×");
    const row = h("div.list-row", input, remove);
    remove.addEventListener("click", () => { row.remove(); sync(); });
    rows.append(row);
    return input;
  };
  values.forEach((v) => addRow(v));
  const add = h("button.small", { type: "button", id }, `Add ${label.toLowerCase()}`);
  add.addEventListener("click", () => { addRow().focus(); sync(); });
  fieldset.append(rows, add);
  const pick = (value) => {            // into the first empty row, else a new one; a value listed already stays once
    const inputs = [...rows.querySelectorAll("input")];
    if (inputs.some((i) => i.value === value)) return;
    const empty = inputs.find((i) => i.value.trim() === "");
    if (empty) empty.value = value;
    else addRow(value);
    sync();
  };
  return {
    pick: numeric ? null : pick,
    node: fieldset,
    read: () => {
      const raw = [...rows.querySelectorAll("input")].map((i) => i.value).filter((v) => String(v).trim() !== "");
      const parsed = raw.map((v) => parseScalar(v, items.type || "string"));
      const bad = parsed.find((v) => v instanceof Error);
      if (bad) return bad;
      return parsed.length || !schema.required ? parsed : undefined;
    },
  };
}
