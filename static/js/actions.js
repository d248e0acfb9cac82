// The actions panel: the game module's buttons (its statusBar), a generic form per action the player may send now,
// the error line, and sending an action with the move on screen. What the player typed survives redraws and refusals:
// drafts are kept per action and the focus and caret are put back.
import { api, ApiError } from "./api.js";
import { fill, h } from "./dom.js";
import { humanize } from "./format.js";
import { loadGeneric } from "./game_host.js";
import { setting } from "./settings.js";

const COLOURS = { primary: "", secondary: "secondary", alert: "alert" };   // statusBar.addActionButton's `color`

export class ActionPanel {
  /** page: {view() (the view on screen), designer() (the designer tools are shown), refreshNow(), sending(request)
   * (a move on its way), applyAnswer(answer) (a move's notifications, then its view)}. */
  constructor(tableId, game, page) {
    this.tableId = tableId;
    this.game = game;
    this.page = page;
    this.drafts = {};        // action -> {field: what was typed}: survives re-renders and 409s
    this.legal = null;       // {move, status, answer}: the player's legal actions, once asked for this move
    this.error = h("p.action-error", { role: "alert", hidden: true });
    this.buttons = h("div.action-buttons");
    this.forms = h("div.generic-forms");
    this.folded = h("details.generic-details", { on: { toggle: () => { if (this.folded.open) this.showForms(); } } },
      h("summary", "All actions (generic forms)"));
    this.panel = h("section.actions", { "aria-label": "Actions" }, this.error, this.buttons, this.forms);
    this.tools = h("div.designer-tools");   // the folded forms, outside the bar, for designers only
    this.pressed = null;     // the label of the module's button being pressed (its click handler runs)
    this.asking = null;      // "confirm my moves": the question's answer, while Confirm and Cancel are shown
  }

  /** drawModuleButtons(): the module's onUpdateActionButtons, true when it has one (the forms then fold away, and are
   * made only when unfolded). */
  render(view, drawModuleButtons) {
    this.view = view;
    if (this.asking) this.asking(false);   // the table moved on under the question: the move is not sent
    fill(this.buttons);
    this.handled = drawModuleButtons();
    if (!this.possible().length) {
      fill(this.tools);
      fill(this.forms, view.table.status === "playing" && !this.handled ? h("p.muted", "Nothing to do for now.") : null);
      return;
    }
    if (this.handled) {
      fill(this.forms);
      if (!this.page.designer()) {
        fill(this.tools);
        return;
      }
      if (this.folded.parentNode !== this.tools) fill(this.tools, this.folded);
      if (this.folded.open) this.showForms();
    } else {
      fill(this.tools);
      this.showForms();
    }
  }

  possible() {
    const { state, table } = this.view;
    return table.status === "playing" && state ? state.possible_actions || [] : [];
  }

  /** A form for each possible action the player has a legal move for (every possible one when the game lists none),
   * its quick picks the values its fields take in those moves. Asked of the server once per move. */
  async showForms() {
    const view = this.view;
    const [legal, { actionForm }] = await Promise.all([this.legalActions(view), loadGeneric()]);
    if (view !== this.view) return;                 // a newer view is being shown
    const possible = this.possible();
    const names = legal && legal.listed ? possible.filter((name) => name in legal.actions) : possible;
    const forms = names.map((name) => {
      const spec = (this.game.actions || {})[name] || { arguments: {} };
      this.drafts[name] = this.drafts[name] || {};
      return actionForm(name, spec, {
        draft: this.drafts[name], values: (legal && legal.actions[name] && legal.actions[name].arguments) || {},
        outOfTurn: Boolean(spec.out_of_turn), onSubmit: (args) => this.perform(name, args),
      });
    });
    const shown = forms.length ? forms : [h("p.muted", "Nothing to do for now.")];
    const target = this.handled ? this.folded : this.forms;
    const focus = focusIn(target);
    if (this.handled) fill(this.folded, this.folded.querySelector("summary"), shown);
    else fill(this.forms, shown);
    focus.restore(target);
  }

  /** The player's legal actions at this view's move (null when the server could not say: every possible action). */
  async legalActions(view) {
    const key = `${view.table.move}:${view.table.status}`;
    if (!this.legal || this.legal.key !== key) {
      this.legal = { key, answer: api.legalActions(this.tableId).catch(() => null) };
    }
    return this.legal.answer;
  }

  /** Send an action with the move last seen; the answer's notifications and view are applied without another
   * request. On 409 the view is refreshed and the drafts stay. True when accepted, else the refusal (an Error).
   * With the player's "confirm my moves" on, the move first waits for Confirm (named `label`), unless `confirm` is
   * false; Cancel sends nothing and gives an Error whose `cancelled` is true. */
  async perform(name, args, { confirm = true, label = null } = {}) {
    this.showError(null);
    if (confirm && setting("confirm") && !(await this.confirm(label || humanize(name)))) {
      return Object.assign(new Error("The move was not sent."), { cancelled: true });
    }
    let answer;
    try {
      const request = api.act(this.tableId, name, args, this.page.view().table.move);
      this.page.sending(request);
      answer = await request;
      delete this.drafts[name];
      this.clearButtons();   // the move is made: no second click while its answer (the others' replies) plays
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        await this.page.refreshNow();
        this.showError(err.code === "stale_move"
          ? "The table moved on before your action arrived: the view is up to date now, please try again."
          : err.message);
      } else {
        this.showError(err.message);
      }
      return err;
    }
    await this.page.applyAnswer(answer);
    return true;
  }

  showError(message) {
    this.error.hidden = !message;
    this.error.textContent = message || "";
  }

  flash(text) {
    const note = h("p.flash", { role: "status" }, text);
    this.error.after(note);
    setTimeout(() => note.remove(), 4000);
  }

  /** BGA's statusBar.addActionButton(label, callback, {id, color, classes, disabled, title}). */
  addButton(label, callback, { id, color = "primary", classes = [], disabled = false, title } = {}) {
    const extra = Array.isArray(classes) ? classes : String(classes).split(/\s+/);
    const names = ["action-button", COLOURS[color] ?? "", ...extra].filter(Boolean).join(" ");
    const button = h("button", { type: "button", id, class: names, disabled, title }, label);
    button.addEventListener("click", (event) => {
      this.pressed = button.textContent;   // what a confirmation names, if the callback sends a move
      try { callback(event); } finally { this.pressed = null; }
    });
    this.buttons.append(button);
    return button;
  }

  /** "Confirm my moves" (a setting): the buttons give way to "Confirm: <label>" and Cancel until one is pressed or
   * the view changes; true when confirmed. Cancel puts the buttons back as they were. */
  confirm(label) {
    if (this.asking) this.asking(false);
    const before = [...this.buttons.childNodes];
    return new Promise((resolve) => {
      const answer = (yes) => {
        this.asking = null;
        fill(this.buttons, yes ? null : before);
        resolve(yes);
      };
      this.asking = answer;
      fill(this.buttons,
        h("button.action-button.confirm-move", { type: "button", on: { click: () => answer(true) } },
          `Confirm: ${label}`),
        h("button.action-button.secondary", { type: "button", on: { click: () => answer(false) } }, "Cancel"));
      this.buttons.firstChild.focus();
    });
  }

  clearButtons() {
    fill(this.buttons);
  }
}

/** Where the focus and caret were inside `root` (forms are rebuilt under the player's fingers): put back after. */
function focusIn(root) {
  const focused = document.activeElement;
  const key = focused && root.contains(focused) ? focused.dataset.key || focused.id : null;
  const caret = key && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;
  return {
    restore(again) {
      if (!key) return;
      const el = [...again.querySelectorAll("[data-key], [id]")].find((e) => (e.dataset.key || e.id) === key)
        || again.querySelector("input, select, textarea, button");   // keyboard users stay in the actions
      if (!el) return;
      el.focus();
      if (caret && "setSelectionRange" in el) {
        try { el.setSelectionRange(caret[0], caret[1]); } catch { /* not a text input */ }
      }
    },
  };
}
