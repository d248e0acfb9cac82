// The generic renderer: a game without a client module still plays. Its view is shown as readable data and each
// possible action gets a form built from the action's argument schema (GET /api/games).
import { h } from "./dom.js";
import { humanize, renderData } from "./format.js";

export function renderGenericArea(data, players, state = null) {
  const args = state && state.args && typeof state.args === "object" ? state.args : {};
  return h("section.generic-data", { "aria-label": "Game data" }, h("h2.visually-hidden", "Game data"),
    renderData(data, players),
    state ? h("div.generic-state", h("h3", `State: ${humanize(state.name || "")}`),
      Object.keys(args).length ? renderData(args, players) : null) : null);
}

/** Strings and numbers found in the state's args (e.g. the playable cards): suggestions for text inputs. */
export function suggestionsFrom(state) {
  const found = new Set();
  const collect = (value, depth) => {
    if (depth > 3 || value === null || value === undefined) return;
    if (Array.isArray(value)) {
      value.forEach((v) => ((typeof v === "string" || typeof v === "number") ? found.add(String(v)) : collect(v, depth + 1)));
    } else if (typeof value === "object") {
      Object.values(value).forEach((v) => collect(v, depth + 1));
    }
  };
  collect(state && state.args, 0);
  return [...found];
}

let uid = 0;

/**
 * One form for one action. spec = {arguments: {field: {type, required, choices?, min?, max?, items?, default?}}}.
 * draft: an object holding what the player typed (kept across re-renders and 409s), mutated on input.
 * onSubmit(args) returns a promise; the form disables itself meanwhile.
 */
export function actionForm(name, spec, { draft = {}, suggestions = [], onSubmit, outOfTurn = false }) {
  const fields = Object.entries((spec && spec.arguments) || {});
  const label = humanize(name);
  const form = h("form.action-form", { dataset: { action: name }, novalidate: true });
  const readers = [];
  const listId = `sugg-${++uid}`;
  if (fields.length && suggestions.length) {
    form.append(h("datalist", { id: listId }, suggestions.map((s) => h("option", { value: s }))));
  }
  for (const [field, schema] of fields) {
    const { node, read, input } = fieldInput(name, field, schema, draft, suggestions.length ? listId : null);
    form.append(node);
    if (input && suggestions.length && suggestions.length <= 24) form.append(quickPicks(field, input, suggestions, draft));
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

/** Small buttons that fill a text field with a value the state's args offer (e.g. the playable cards). */
function quickPicks(field, input, suggestions, draft) {
  return h("div.quick-picks", { role: "group", "aria-label": "Suggested values" },
    suggestions.map((value) => h("button.small.pick", { type: "button", title: `Fill in ${value}`,
      on: { click: () => { input.value = value; draft[field] = value; input.focus(); } } }, value)));
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
  return { node: h("div.field", h("label", { for: id }, label), input), read: () => parseScalar(input.value, type),
    input: numeric ? null : input };
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
  return {
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
