// The player's table settings, kept in this browser: the pace at which the others' moves are shown, the
// "your turn" sound and vibration, and whether a move waits for Confirm. A details box, so it is one Tab and Enter away and takes no room when closed.
// The muted players are the account's, kept by the server (GET /api/me/mutes): listed when the box opens.
import { api } from "./api.js";
import { fill, h } from "./dom.js";

const KEY = "bga.settings";
const DEFAULTS = { pace: "normal", sound: false, vibrate: true, confirm: false };
/** Each pace: its label and how it scales the pauses (0.7 s between two other players' moves at "normal"). */
export const PACES = { slow: ["Slow (1.2 s)", 1.7], normal: ["Normal (0.7 s)", 1], fast: ["Fast (0.35 s)", 0.5],
  instant: ["Instant", 0] };

export function setting(name) {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY)) || {}; } catch { /* unreadable: the defaults */ }
  const value = saved[name];
  return value === undefined || (name === "pace" && !(value in PACES)) ? DEFAULTS[name] : value;
}

export function saveSetting(name, value) {
  let saved = {};
  try { saved = JSON.parse(localStorage.getItem(KEY)) || {}; } catch { /* replaced */ }
  localStorage.setItem(KEY, JSON.stringify({ ...saved, [name]: value }));
}

/** The settings box; `signals` false leaves out the turn signals and the confirmation (the replay viewer). */
export function settingsPanel({ signals = true } = {}) {
  const pace = h("select#set-pace", { on: { change: () => saveSetting("pace", pace.value) } },
    Object.entries(PACES).map(([key, [label]]) => h("option", { value: key, selected: setting("pace") === key }, label)));
  const box = (name, label) => h("label.choice", h("input", { type: "checkbox", checked: setting(name),
    on: { change: (event) => saveSetting(name, event.target.checked) } }), label);
  const muted = signals ? h("ul.muted-list", { "aria-label": "Muted players" }) : null;
  return h("details.settings", { on: { toggle: (event) => { if (muted && event.target.open) listMutes(muted); } } },
    h("summary", "⚙ Settings"),
    h("div.settings-body",
      h("label", { for: "set-pace" }, "Others' moves shown"), pace,
      signals ? [box("sound", "Sound on my turn"), box("vibrate", "Vibrate on my turn"),
        box("confirm", "Confirm my moves before they are sent"), h("span", "Muted in chat"), muted] : null));
}

/** The accounts whose chat lines this player does not see, each with an Unmute button. */
async function listMutes(list) {
  try {
    const { mutes } = await api.mutes();
    fill(list, mutes.length ? mutes.map((m) => h("li", m.name, " ", h("button", { type: "button",
      on: { click: async () => { await api.unmute(m.id); listMutes(list); } } }, "Unmute"))) : h("li", "Nobody"));
  } catch (err) {
    fill(list, h("li", err.message));
  }
}
