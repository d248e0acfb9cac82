// The table's chat panel. Messages are text (textContent only); new ones are pushed, or fetched with every poll.
// Each other author's name has a mute button: the server then leaves their lines out for this player (unmute
// in the settings); the lines already shown go at once.
import { api, session } from "./api.js";
import { h, seatColour } from "./dom.js";

export class Chat {
  /** players(): the table's players, to colour names by seat; showError(message): where failures to send go. */
  constructor(tableId, { players, showError }) {
    this.tableId = tableId;
    this.players = players;
    this.showError = showError;
    this.lastId = 0;
    this.lines = h("ol.chat-lines", { "aria-label": "Chat messages", tabindex: "0" });   // scrolls: reachable by keyboard
    this.input = h("input", { type: "text", maxlength: "500", "aria-label": "Chat message", placeholder: "Say something" });
    this.panel = h("section.chat", { "aria-label": "Chat" }, h("h2", "Chat"), this.lines,
      h("form.chat-form", { on: { submit: (event) => { event.preventDefault(); this.say(); } } },
        this.input, h("button", { type: "submit" }, "Send")));
  }

  /** The messages after the last shown; a failure is the poll's (connection trouble). */
  async load() {
    const { messages } = await api.chat(this.tableId, this.lastId);
    this.show(messages);
  }

  /** New messages (polled or pushed), each once. */
  show(messages) {
    const me = session.user && session.user.id;
    for (const m of messages) {
      if (m.id <= this.lastId) continue;
      this.lastId = m.id;
      const who = h("strong", m.name);
      const player = this.players().find((p) => p.id === m.player);
      if (player) who.style.color = seatColour(player.seat);
      const mute = m.player === me ? null : h("button.chat-mute", { type: "button", title: `Mute ${m.name}`,
        "aria-label": `Mute ${m.name}`, on: { click: () => this.mute(m.player) } }, "🔇");
      this.lines.append(h("li", { dataset: { player: String(m.player) } }, who, ": ", m.text, " ", mute));
    }
  }

  async mute(userId) {
    try {
      await api.mute(userId);
      for (const line of this.lines.querySelectorAll(`li[data-player="${userId}"]`)) line.remove();
    } catch (err) {
      this.showError(err.message);
    }
  }

  async say() {
    const text = this.input.value.trim();
    if (!text) return;
    try {
      await api.say(this.tableId, text);
      this.input.value = "";
      await this.load();
    } catch (err) {
      this.showError(err.message);
    }
  }
}
