// Summon the Dragon: the table drawn with HTML/CSS (no images). Server data only ever goes through h() / textContent.
import { fill, h, seatColour } from "/static/js/dom.js";
import { playerName } from "/static/js/format.js";

const SUITS = ["earth", "wind", "fire", "water"];
const RANKS = ["1", "2", "3", "4", "5", "6", "7", "8", "mage", "warrior", "queen", "king", "elemental"];
const RANK_SHORT = { mage: "M", warrior: "W", queen: "Q", king: "K", elemental: "E" };
const RANK_NAMES = { mage: "Mage", warrior: "Warrior", queen: "Queen", king: "King", elemental: "Elemental" };
const SUIT_SYMBOL = { earth: "▲", wind: "✧", fire: "✹", water: "≈" };
const DESIGNATIONS = [...SUITS, "high-no-trump", "low-no-trump"];
const DESIGNATION_NAMES = { earth: "Earth", wind: "Wind", fire: "Fire", water: "Water",
  "high-no-trump": "High no-trump", "low-no-trump": "Low no-trump" };
const OPTION_LABELS = { summon: "Summon the Dragon", kitty: "Take the kitty", "no-help": "No help (+25)" };
const OPTION_HELP = {
  summon: "The Dragon's holder gives it to you and takes the kitty; you discard 1, they discard 4.",
  kitty: "Take the 5 kitty cards and discard 5.",
  "no-help": "No exchange; +25 if the contract is made.",
};

// ----- cards -------------------------------------------------------------------------------------
function sortKey(code) {
  if (code === "dragon") return -1;
  const [rank, suit] = code.split("-");
  return SUITS.indexOf(suit) * 13 + RANKS.indexOf(rank);
}
function sortHand(cards) { return [...cards].sort((a, b) => sortKey(a) - sortKey(b)); }

function cardLabel(code, declare, suit) {
  if (code === "dragon") return declare ? `Dragon (${declare} ${suit})` : "Dragon";
  const [rank, s] = code.split("-");
  return `${RANK_NAMES[rank] || rank} of ${s}`;
}

function cardFace(code, { declare = null, suit = null, small = false } = {}) {
  if (code === "dragon") {
    return h(`div.sd-card.sd-dragon${small ? ".sd-small" : ""}`, { dataset: { card: code }, title: cardLabel(code, declare, suit) },
      h("span.sd-rank", "D"), h("span.sd-suit", "✶"), h("span.sd-name", declare ? `${declare} ${suit}` : "Dragon"));
  }
  const [rank, s] = code.split("-");
  return h(`div.sd-card.sd-${s}${small ? ".sd-small" : ""}`, { dataset: { card: code }, title: cardLabel(code) },
    h("span.sd-rank", RANK_SHORT[rank] || rank), h("span.sd-suit", SUIT_SYMBOL[s]), h("span.sd-name", s));
}

function trumpOf(designation) { return SUITS.includes(designation) ? designation : null; }

// ----- the table -----------------------------------------------------------------------------------
// The module's interface is BGA's (static/README.md): the shell makes this Game and gives it player_id, gamedatas,
// statusBar, bgaPerformAction, isCurrentPlayerActive and the rest, as BGA's gamegui gives them.
export class Game {
  setup(gamedatas) {
    this.ui = {
      selected: new Set(),
      bidTricks: null,
      bidDesignation: "earth",
      dragonSuit: "earth",
      dragonDeclare: null,
      seenTrick: [],        // plays of the trick in progress, from notifications (the last trick of a hand)
      finalTrick: null,     // {plays, winner}: the last completed trick seen through notifications
    };
    this.use(gamedatas);
    this.root = this.getGameAreaElement();
    this.root.classList.add("sd-root");
    this.render();
    this.setupNotifications();
  }

  /** Our shell's extra hook: the view read after every move (on BGA, the notifications bring the changes). */
  onGamedatasUpdate(gamedatas) {
    this.use(gamedatas);
    this.render();
  }

  onEnteringState(stateName, state) {
    this.state = state;
    this.ui.selected.clear();
    if (stateName === "bidding") this.ui.bidTricks = null;
    if (stateName === "playerTurn") this.ui.dragonDeclare = null;
    this.render();
  }

  onLeavingState() { this.ui.selected.clear(); }

  onUpdateActionButtons() { this.addButtons(); }

  setupNotifications() { this.bgaSetupPromiseNotifications(); }

  notif_playCard(args) {
    this.ui.seenTrick.push({ player_id: args.player_id, card: args.card, suit: args.suit, declare: args.declare });
  }

  notif_trickWin(args) {
    this.ui.finalTrick = { plays: this.ui.seenTrick, winner: args.player_id };
    this.ui.seenTrick = [];
  }

  notif_newDeal() { this.ui.seenTrick = []; }

  use(gamedatas) {
    this.data = gamedatas;
    this.state = gamedatas.gamestate;
  }

  // ----- helpers -----------------------------------------------------------------------------------
  players() { return Object.values(this.data.players); }
  nameOf(id) { return playerName(this.data.players[id]); }
  mySeat() { const me = this.data.players[this.player_id]; return me ? me.seat : 0; }
  teamOf(id) { const p = this.data.players[id]; return p ? p.seat % 2 : 0; }
  teamLabel(team) {
    const ids = (this.data.teams && this.data.teams[team]) || [];
    return ids.map((id, i) => [i ? " & " : "", this.nameOf(id)]);
  }
  args() { return this.state.args || {}; }
  myPlay() { return this.state.name === "playerTurn" && this.isCurrentPlayerActive(); }
  playable() { return new Set(this.myPlay() ? this.args().playable || [] : []); }
  selectedCards() { return [...this.ui.selected].filter((c) => (this.data.hand || []).includes(c)); }

  // ----- actions -----------------------------------------------------------------------------------
  async perform(name, args) {
    try {
      await this.bgaPerformAction(name, args);
    } catch {
      return;   // refused: the shell says why
    }
    this.ui.selected.clear();
  }

  bidChoice() {
    const min = this.args().min_bid || 3;
    if (!this.ui.bidTricks || this.ui.bidTricks < min) this.ui.bidTricks = min;
    return { tricks: this.ui.bidTricks, designation: this.ui.bidDesignation };
  }

  dragonArgs() {
    const contract = this.data.contract || {};
    if (trumpOf(contract.designation)) return {};
    const led = this.args().led;
    const declare = this.ui.dragonDeclare || (contract.designation === "low-no-trump" ? "lowest" : "highest");
    return led ? { declare } : { suit: this.ui.dragonSuit, declare };
  }

  playSelected(code) {
    const chosen = this.selectedCards();
    const card = code || (chosen.length === 1 ? chosen[0] : null);
    if (!card || !this.myPlay()) return;
    this.perform("playCard", { card, ...(card === "dragon" ? this.dragonArgs() : {}) });
  }

  discardSelected() {
    const cards = this.selectedCards();
    if (!this.isCurrentPlayerActive() || this.state.name !== "discard" || cards.length !== this.args().count) return;
    this.perform("discard", { cards });
  }

  addButtons() {
    const bar = this.statusBar;
    bar.removeActionButtons();
    if (!this.isCurrentPlayerActive()) return;
    const possible = this.state.possibleactions;
    const args = this.args();
    if (this.state.name === "bidding") {
      if (possible.includes("bid")) {
        const { tricks, designation } = this.bidChoice();
        bar.addActionButton(`Bid ${tricks} ${DESIGNATION_NAMES[designation]}`, () => this.perform("bid", this.bidChoice()),
          { classes: "sd-bid-button" });
      }
      if (possible.includes("pass") && args.can_pass !== false) {
        bar.addActionButton("Pass", () => this.perform("pass", {}), { color: "secondary", classes: "sd-pass-button" });
      }
    } else if (this.state.name === "chooseOption") {
      for (const option of args.options || []) {
        bar.addActionButton(OPTION_LABELS[option] || option, () => this.perform("chooseOption", { option }),
          { classes: `sd-option-${option}` });
      }
    } else if (this.state.name === "discard") {
      const count = args.count || 0;
      const n = this.selectedCards().length;
      bar.addActionButton(`Discard ${n} of ${count}`, () => this.discardSelected(),
        { classes: "sd-discard-button", disabled: n !== count });
    } else if (this.state.name === "playerTurn") {
      const cards = this.selectedCards();
      const card = cards.length === 1 ? cards[0] : null;
      bar.addActionButton(card ? `Play ${cardLabel(card)}` : "Play (select a card)", () => this.playSelected(),
        { classes: "sd-play-button", disabled: !(card && this.playable().has(card)) });
    }
  }

  // ----- selection and keyboard --------------------------------------------------------------------
  toggle(code) {
    const selected = this.ui.selected;
    if (this.state.name === "playerTurn") {
      const had = selected.has(code);
      selected.clear();
      if (!had) selected.add(code);
    } else if (this.state.name === "discard" && this.isCurrentPlayerActive()) {
      if (selected.has(code)) selected.delete(code);
      else if (selected.size < (this.args().count || 0)) selected.add(code);
    } else {
      return;
    }
    this.render(code);
    this.addButtons();
  }

  onCardKey(event, code) {
    if (event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      this.toggle(code);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (this.state.name === "playerTurn") this.playSelected(code);
      else if (this.state.name === "discard") this.discardSelected();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const cards = [...this.getHandBarElement().querySelectorAll(".sd-hand .sd-card")];
      const i = cards.indexOf(event.currentTarget) + (event.key === "ArrowRight" ? 1 : -1);
      if (cards[i]) cards[i].focus();
    }
  }

  // ----- drawing -----------------------------------------------------------------------------------
  render(focusCode) {
    const { root, data, state } = this;
    const focused = document.activeElement;
    const bar = this.getHandBarElement();
    const keep = focusCode || (focused && bar.contains(focused) && focused.dataset ? focused.dataset.card : null);
    for (const c of [...this.ui.selected]) if (!(data.hand || []).includes(c)) this.ui.selected.delete(c);
    fill(root,
      this.renderInfo(),
      state.name === "bidding" || (data.bids || []).length ? this.renderAuction() : null,
      state.name === "chooseOption" ? this.renderOptionPanel() : null,
      state.name === "discard" ? this.renderDiscardPanel() : null,
      data.contract ? this.renderTable() : null,
      this.renderSummary());
    fill(bar, h("div.sd-root", this.renderHand()));
    if (keep) {
      const el = bar.querySelector(`.sd-hand .sd-card[data-card="${CSS.escape(keep)}"]`);
      if (el) el.focus();
    }
  }

  renderInfo() {
    const data = this.data;
    const c = data.contract;
    const scores = data.team_scores || [0, 0];
    return h("div.sd-info",
      h("div.sd-chip", `Hand ${data.hand_number}`),
      h("div.sd-chip", "Dealer: ", this.nameOf(data.dealer)),
      c ? h("div.sd-chip.sd-contract", "Contract: ", this.nameOf(c.player_id), ` ${c.tricks} ${DESIGNATION_NAMES[c.designation]}`,
        c.option ? ` · ${OPTION_LABELS[c.option] || c.option}` : "",
        c.giver ? [" from ", this.nameOf(c.giver)] : "") : null,
      c ? h(`div.sd-chip.sd-trump${trumpOf(c.designation) ? `.sd-t-${c.designation}` : ""}`,
        trumpOf(c.designation) ? `Trump: ${SUIT_SYMBOL[c.designation]} ${DESIGNATION_NAMES[c.designation]} (Dragon highest)`
          : `No trump: ${c.designation === "low-no-trump" ? "lowest wins" : "highest wins"}`) : null,
      h("div.sd-chip.sd-scores", "Scores: ", this.teamLabel(0), ` ${scores[0]} · `, this.teamLabel(1), ` ${scores[1]}`,
        ` (target ${data.target})`));
  }

  renderAuction() {
    const bids = this.data.bids || [];
    const args = this.args();
    const high = args.high;
    const panel = h("section.sd-panel.sd-auction", { "aria-label": "Auction" }, h("h3", "Auction"),
      h("ol.sd-bids", bids.length ? bids.map((b) => h("li", { class: b.pass ? "sd-bid-pass" : "sd-bid-bid" }, this.nameOf(b.player_id),
        b.pass ? " passes" : ` bids ${b.tricks} ${DESIGNATION_NAMES[b.designation]}`)) : h("li.muted", "No bids yet.")),
      high ? h("p.sd-high", "Standing bid: ", this.nameOf(high.player_id), ` ${high.tricks} ${DESIGNATION_NAMES[high.designation]}`) : null);
    if (this.state.name === "bidding" && this.isCurrentPlayerActive() && this.state.possibleactions.includes("bid")) {
      const { tricks } = this.bidChoice();
      const min = args.min_bid || 3;
      const numbers = [];
      for (let n = min; n <= 13; n += 1) numbers.push(n);
      const select = h("select.sd-bid-number", { "aria-label": "Tricks to bid",
        on: { change: (e) => { this.ui.bidTricks = Number(e.target.value); this.addButtons(); } } },
      numbers.map((n) => h("option", { value: String(n), selected: n === tricks ? true : undefined }, String(n))));
      select.value = String(tricks);
      const designations = h("div.sd-designations", { role: "radiogroup", "aria-label": "Designation" },
        DESIGNATIONS.map((d) => h("button.sd-desig", {
          type: "button", role: "radio", "aria-checked": String(this.ui.bidDesignation === d),
          class: `sd-desig${this.ui.bidDesignation === d ? " sd-on" : ""}`, dataset: { designation: d },
          on: { click: () => { this.ui.bidDesignation = d; this.render(); this.addButtons(); } },
        }, SUIT_SYMBOL[d] ? `${SUIT_SYMBOL[d]} ${DESIGNATION_NAMES[d]}` : DESIGNATION_NAMES[d])));
      panel.append(h("div.sd-bid-form", h("label", "Tricks ", select), designations));
      if (args.can_pass === false) panel.append(h("p.sd-note", "The other three passed: you must bid."));
    }
    return panel;
  }

  renderOptionPanel() {
    if (!this.isCurrentPlayerActive()) {
      return h("section.sd-panel", h("p", this.nameOf(this.getActivePlayerId()), " chooses the option."));
    }
    return h("section.sd-panel.sd-options", { "aria-label": "Option" }, h("h3", "Choose the option"),
      h("ul", (this.args().options || []).map((o) => h("li", h("strong", OPTION_LABELS[o] || o), ": ", OPTION_HELP[o] || ""))));
  }

  renderDiscardPanel() {
    const args = this.args();
    const counts = args.counts || {};
    const waiting = Object.entries(counts).filter(([, n]) => n).map(([id, n]) => h("li", this.nameOf(id), ` discards ${n}`));
    const mine = this.isCurrentPlayerActive() ? h("p.sd-note", `Select ${args.count} card${args.count === 1 ? "" : "s"} to discard face down`,
      ` (${this.selectedCards().length} selected).`) : null;
    return h("section.sd-panel.sd-discard", { "aria-label": "Discards" }, h("h3", "Discards"), mine, h("ul", waiting));
  }

  seatOrder() {
    const base = this.mySeat();
    return [0, 1, 2, 3].map((k) => this.players().find((p) => p.seat === (base + k) % 4)).filter(Boolean);
  }

  renderTable() {
    const { data, ui } = this;
    const c = data.contract;
    const trick = data.trick || [];
    const led = trick.length ? trick[0].suit : null;
    const positions = ["bottom", "left", "top", "right"];
    const active = new Set(this.getActivePlayers());
    const taken = data.tricks_taken || [0, 0];
    const bidTeam = this.teamOf(c.player_id);
    const seats = this.seatOrder().map((p, k) => {
      const play = trick.find((t) => String(t.player_id) === String(p.id));
      return h(`div.sd-seat.sd-${positions[k]}`, { dataset: { player: p.id },
        class: `sd-seat sd-${positions[k]}${active.has(p.id) ? " sd-active" : ""}`, style: `--seat:${seatColour(p.seat)}` },
      h("div.sd-who", playerName(p), p.id === c.player_id ? h("span.sd-tag", "bidder") : null,
        p.id === data.dealer ? h("span.sd-tag", "dealer") : null),
      h("div.sd-count", `${(data.hand_sizes || {})[String(p.id)] ?? "?"} cards`),
      play ? cardFace(play.card, play) : h("div.sd-slot", active.has(p.id) ? "…" : ""));
    });
    const last = data.last_trick || (ui.finalTrick && !trick.length ? ui.finalTrick : null);
    const number = this.args().trick_number || Math.min(12, (data.last_trick ? data.last_trick.number : 0) + 1);
    return h("section.sd-panel.sd-table", { "aria-label": "The trick" },
      h("div.sd-trick-head",
        h("span.sd-chip", `Trick ${number} of 12`),
        h("span.sd-chip.sd-led", led ? `Led: ${SUIT_SYMBOL[led]} ${led}` : "Led: —"),
        h("span.sd-chip.sd-taken", "Tricks (units): ", this.teamLabel(bidTeam), ` ${taken[bidTeam]} of ${c.tricks} bid · `,
          this.teamLabel(1 - bidTeam), ` ${taken[1 - bidTeam]}`)),
      h("div.sd-felt", seats),
      last && last.plays && last.plays.length ? this.lastTrick("Last trick: ", last) : null,
      this.renderDragonChoice());
  }

  lastTrick(title, last) {
    return h("div.sd-last", h("span.sd-last-title", title, this.nameOf(last.winner), " won"),
      h("div.sd-last-cards", last.plays.map((p) => h("div.sd-last-play", cardFace(p.card, { ...p, small: true }),
        this.nameOf(p.player_id)))));
  }

  renderDragonChoice() {
    const c = this.data.contract;
    if (!c || trumpOf(c.designation) || !this.myPlay() || !this.ui.selected.has("dragon")) return null;
    const led = this.args().led;
    const declare = this.ui.dragonDeclare || (c.designation === "low-no-trump" ? "lowest" : "highest");
    const choice = (values, current, set, label) => h("div.sd-choice", { role: "radiogroup", "aria-label": label },
      values.map((v) => h("button", { type: "button", role: "radio", "aria-checked": String(v === current),
        class: `sd-desig${v === current ? " sd-on" : ""}`,
        on: { click: () => { set(v); this.render(); this.addButtons(); } } }, v)));
    return h("div.sd-dragon-choice", h("strong", "The Dragon's declaration: "),
      led ? h("span", `played as ${led}, `) : choice(SUITS, this.ui.dragonSuit, (v) => { this.ui.dragonSuit = v; }, "Dragon suit"),
      choice(["highest", "lowest"], declare, (v) => { this.ui.dragonDeclare = v; }, "Dragon declaration"));
  }

  renderHand() {
    const hand = sortHand(this.data.hand || []);
    if (!hand.length && this.isSpectator) return null;
    const ok = this.playable();
    const discarding = this.state.name === "discard" && this.isCurrentPlayerActive();
    const myTurn = this.myPlay();
    const cards = hand.map((code) => {
      const el = cardFace(code);
      const chosen = this.ui.selected.has(code);
      el.classList.add("sd-in-hand");
      if (chosen) el.classList.add("sd-selected");
      if (myTurn) el.classList.add(ok.has(code) ? "sd-playable" : "sd-unplayable");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-pressed", String(chosen));
      el.setAttribute("aria-label", `${cardLabel(code)}${myTurn && !ok.has(code) ? " (not playable)" : ""}`);
      el.addEventListener("click", () => this.toggle(code));
      el.addEventListener("dblclick", () => { if (myTurn) this.playSelected(code); });
      el.addEventListener("keydown", (e) => this.onCardKey(e, code));
      return el;
    });
    const discards = this.data.my_discards || [];
    return h("section.sd-panel.sd-hand-wrap", { "aria-label": "Your hand" },
      h("h3", `Your hand (${hand.length})`, myTurn ? h("span.sd-hint", " click or Space to select, Enter to play") : null,
        discarding ? h("span.sd-hint", " click or Space to select, Enter to discard") : null),
      h(`div.sd-hand${discarding ? ".sd-discarding" : ""}`, cards),
      discards.length ? h("div.sd-my-discards", h("span", "Your discards (face down): "),
        discards.map((c) => cardFace(c, { small: true }))) : null);
  }

  renderSummary() {
    const { data, ui } = this;
    const r = data.last_hand;
    if (!r) return null;
    const B = r.tricks;
    const team = this.teamOf(r.bidder);
    const T = r.taken[team];
    const made = T >= B;
    const noHelp = r.option === "no-help";
    const formula = made
      ? `10×${B} + 5×(${T}−${B})${noHelp ? " + 25 (no help)" : ""} = ${r.delta[team]}`
      : `−(10×${B} + 5×(${B}−${T})) = ${r.delta[team]}`;
    const last = ui.finalTrick && !(data.trick || []).length && !data.last_trick ? ui.finalTrick : null;
    return h("section.sd-panel.sd-summary", { "aria-label": "Last hand" },
      h("h3", `Hand ${r.hand_number} result`),
      h("p", this.nameOf(r.bidder), ` bid ${B} ${DESIGNATION_NAMES[r.designation]} (${OPTION_LABELS[r.option] || r.option}); `,
        `the bidders took ${T} of 13 units: `, h("strong", made ? "made" : "set"), "."),
      h("table.sd-score-table",
        h("thead", h("tr", h("th", "Team"), h("th", "Units"), h("th", "Formula"), h("th", "Points"), h("th", "Total"))),
        h("tbody", [team, 1 - team].map((t) => h("tr", { dataset: { team: t } },
          h("th", this.teamLabel(t), t === team ? " (bidders)" : " (defenders)"),
          h("td", String(r.taken[t])),
          h("td", t === team ? formula : `5×(13−${T}) = ${r.delta[t]}`),
          h("td.sd-points", (r.delta[t] > 0 ? "+" : "") + r.delta[t]),
          h("td.sd-total", String(r.scores[t])))))),
      last ? this.lastTrick("Final trick (worth two): ", last) : null);
  }
}
