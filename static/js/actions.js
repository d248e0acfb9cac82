// The actions panel: the game module's buttons, a generic form per possible action, the error line, and sending an
// action with the move on screen. What the player typed survives redraws and refusals: drafts are kept per action
// and the focus and caret are put back.
import { api, ApiError } from "./api.js";
import { fill, h } from "./dom.js";
import { actionForm, suggestionsFrom } from "./generic.js";

export class ActionPanel {
  /** page: {view() (the view on screen), refreshNow(), applyAnswer(answer) (a move's notifications, then its view)}. */
  constructor(tableId, game, page) {
    this.tableId = tableId;
    this.game = game;
    this.page = page;
    this.drafts = {};        // action -> {field: what was typed}: survives re-renders and 409s
    this.error = h("p.action-error", { role: "alert", hidden: true });
    this.buttons = h("div.action-buttons");
    this.forms = h("div.generic-forms");
    this.panel = h("section.actions", { "aria-label": "Actions" }, this.error, this.buttons, this.forms);
  }

  /** drawModuleButtons(): the module's onUpdateActionButtons, true when it has one (the forms then fold away). */
  render(view, drawModuleButtons) {
    const { state, table } = view;
    const possible = table.status === "playing" && state ? state.possible_actions || [] : [];
    const focused = document.activeElement;
    const focusKey = focused && this.forms.contains(focused) ? focused.dataset.key || focused.id : null;
    const caret = focusKey && "selectionStart" in focused ? [focused.selectionStart, focused.selectionEnd] : null;

    fill(this.buttons);
    const handled = drawModuleButtons();

    const suggestions = suggestionsFrom(state);
    const forms = possible.map((name) => {
      const spec = (this.game.actions || {})[name] || { arguments: {} };
      this.drafts[name] = this.drafts[name] || {};
      return actionForm(name, spec, {
        draft: this.drafts[name], suggestions, outOfTurn: Boolean(spec.out_of_turn),
        onSubmit: (args) => this.perform(name, args),
      });
    });
    if (handled) {
      fill(this.forms, forms.length ? h("details.generic-details", h("summary", "All actions (generic forms)"), forms) : null);
    } else {
      fill(this.forms, forms.length ? forms : (table.status === "playing" ? h("p.muted", "Nothing to do for now.") : null));
    }
    if (focusKey) {
      const again = [...this.forms.querySelectorAll("[data-key], [id]")]
        .find((el) => (el.dataset.key || el.id) === focusKey)
        || this.forms.querySelector("input, select, textarea, button");   // keyboard users stay in the actions
      if (again) {
        again.focus();
        if (caret && "setSelectionRange" in again) {
          try { again.setSelectionRange(caret[0], caret[1]); } catch { /* not a text input */ }
        }
      }
    }
  }

  /** Send an action with the move last seen; the answer's notifications and view are applied without another
   * request. On 409 the view is refreshed and the drafts stay. */
  async perform(name, args) {
    this.showError(null);
    let answer;
    try {
      answer = await api.act(this.tableId, name, args, this.page.view().table.move);
      delete this.drafts[name];
    } catch (err) {
      if (err instanceof ApiError && err.status === 409) {
        await this.page.refreshNow();
        this.showError(err.code === "stale_move"
          ? "The table moved on before your action arrived: the view is up to date now, please try again."
          : err.message);
      } else {
        this.showError(err.message);
      }
      return false;
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

  addButton(label, callback, { id, className } = {}) {
    const button = h("button.action-button", { type: "button", id, class: className ? `action-button ${className}` : undefined },
      label);
    button.addEventListener("click", callback);
    this.buttons.append(button);
    return button;
  }

  clearButtons() {
    fill(this.buttons);
  }
}
