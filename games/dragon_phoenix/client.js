// Dragon and Phoenix: the table renderer (plain ES module, cards drawn with HTML/CSS).
// Everything from the server goes through h()/textContent: never innerHTML.
import { fill, h, seatColour } from "/static/js/dom.js";

const SUITS = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };
const SPECIALS = { herald: "Herald", fox: "Fox", phoenix: "Phoenix", dragon: "Dragon" };
const SPECIAL_MARK = { herald: "2", fox: "✦", phoenix: "✸", dragon: "✹" };
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANK_VALUE = Object.fromEntries(RANKS.map((r, i) => [r, i + 3]));
const SUIT_ORDER = ["C", "D", "H", "S"];
const SLOTS = [["left", "Left"], ["partner", "Partner"], ["right", "Right"]];
const CALL_NAMES = { highFlight: "High Flight", takeOff: "Take-off" };
const PLACES = ["1st", "2nd", "3rd", "4th"];

// ----- cards ---------------------------------------------------------------------------------
function rankOf(code) { return SPECIALS[code] ? null : code.slice(0, -1); }
function suitOf(code) { return SPECIALS[code] ? null : code.slice(-1); }

function sortKey(code) {
  if (code === "herald") return 20;
  if (code === "fox") return 21;
  if (code === "phoenix") return 22;
  if (code === "dragon") return 1000;
  return RANK_VALUE[rankOf(code)] * 10 + SUIT_ORDER.indexOf(suitOf(code)) + 30;
}
function sortCards(cards) { return [...cards].sort((a, b) => sortKey(a) - sortKey(b)); }

function cardLabel(code) {
  if (SPECIALS[code]) return SPECIALS[code];
  return `${rankOf(code)} of ${SUITS[suitOf(code)][1]}`;
}

/** A card face: <div class="dp-card"> with the rank and the suit sign, or the special's name. */
function cardFace(code, { small = false, tag = "div", props = {} } = {}) {
  const special = SPECIALS[code];
  const cls = `dp-card${small ? " dp-small" : ""}${special ? ` dp-special dp-${code}` : ` dp-suit-${suitOf(code)}`}`;
  const children = special
    ? [h("span.dp-rank", SPECIAL_MARK[code]), h("span.dp-name", special)]
    : [h("span.dp-rank", rankOf(code)), h("span.dp-suit", { "aria-hidden": "true" }, SUITS[suitOf(code)][0])];
  return h(tag, { ...props, class: `${cls}${props.class ? ` ${props.class}` : ""}`, dataset: { card: code },
    title: cardLabel(code), "aria-label": props["aria-label"] || cardLabel(code) }, children);
}

function cardRow(cards, small = true) {
  return h("span.dp-cards", sortCards(cards).map((c) => cardFace(c, { small })));
}

// ----- the table --------------------------------------------------------------------------------
// The module's interface is BGA's (static/README.md): the shell makes this Game and gives it player_id, gamedatas,
// statusBar, bgaPerformAction, isCurrentPlayerActive and the rest, as BGA's gamegui gives them.
export class Game {
  setup(gamedatas) {
    this.selected = new Set();           // card codes selected for a play
    this.passing = { left: null, partner: null, right: null };
    this.phoenixAs = "";                 // "" = the highest reading
    this.wish = "";                      // "" = no wish
    this.use(gamedatas);
    this.els = {
      info: h("div.dp-info"),
      seats: h("ul.dp-seats", { "aria-label": "Seats" }),
      round: h("section.dp-round", { "aria-label": "The open round" }),
      lastRound: h("div.dp-last-round"),
      passPanel: h("section.dp-pass-panel", { "aria-label": "Passing cards", hidden: true }),
      choices: h("div.dp-choices"),
      hand: h("div.dp-hand", { role: "group", "aria-label": "Your hand" }),
      summary: h("section.dp-summary", { "aria-label": "Last hand" }),
      handKey: null,
    };
    const e = this.els;
    fill(this.getGameAreaElement(), h("div.dp-table", e.info, e.seats, e.round, e.lastRound, e.passPanel, e.summary));
    fill(this.getHandBarElement(), h("section.dp-hand-wrap", h("h3.dp-h", "Your hand"), e.hand, e.choices));
    this.render();
    this.setupNotifications();
  }

  /** Our shell's extra hook: the view read after every move (on BGA, the notifications bring the changes). */
  onGamedatasUpdate(gamedatas) {
    this.use(gamedatas);
    const hand = new Set(this.data.hand || []);
    this.selected = new Set([...this.selected].filter((c) => hand.has(c)));
    for (const [slot] of SLOTS) if (this.passing[slot] && !hand.has(this.passing[slot])) this.passing[slot] = null;
    this.render();
  }

  onEnteringState(stateName, state) {
    this.state = state;
    if (stateName === "passCards") this.passing = { left: null, partner: null, right: null };
    if (stateName === "highFlight") this.selected = new Set();
    this.render();
  }

  onLeavingState() {}

  onUpdateActionButtons(stateName, args) {
    const possible = this.state.possibleactions;
    const active = this.isCurrentPlayerActive();
    const bar = this.statusBar;
    if (stateName === "highFlight" && active && possible.includes("highFlight")) {
      bar.addActionButton("Call High Flight (±200)", () => this.bgaPerformAction("highFlight", { call: true }),
        { classes: "dp-call" });
      bar.addActionButton("No High Flight", () => this.bgaPerformAction("highFlight", { call: false }), { color: "secondary" });
    }
    if (stateName === "passCards" && active && possible.includes("passCards")) {
      bar.addActionButton("Pass the cards", () => this.sendPasses(),
        { classes: "dp-pass-cards", disabled: !SLOTS.every(([slot]) => this.passing[slot]) });
    }
    const count = this.selected.size;
    if (stateName === "playerTurn" && active && possible.includes("playCards")) {
      bar.addActionButton(count ? `Play ${count} card${count > 1 ? "s" : ""}` : "Play", () => this.playSelected(),
        { classes: "dp-play", disabled: count === 0 });
    }
    if (stateName === "playerTurn" && active && possible.includes("pass")) {
      bar.addActionButton("Pass", () => this.bgaPerformAction("pass"), { color: "secondary", classes: "dp-pass" });
    }
    if (!(stateName === "playerTurn" && active) && possible.includes("playCards")) {
      // out of turn the server offers playCards only when a bomb in hand may be played now
      bar.addActionButton(count ? "Bomb! (play the selected bomb)" : "Bomb! (select your bomb)",
        () => this.playSelected(), { classes: "out-of-turn dp-bomb", disabled: count < 4 });
    }
    if (stateName === "giveDragon" && active && possible.includes("giveDragon")) {
      for (const to of args.opponents || []) {
        bar.addActionButton(`Give the Dragon's round to ${this.nameOf(to)}`, () => this.bgaPerformAction("giveDragon", { to }),
          { classes: "dp-give" });
      }
    }
    if (possible.includes("autoPass")) {
      const on = !this.data.auto_pass;
      bar.addActionButton(on ? "Pass until the round ends" : "Stop passing automatically",
        () => this.bgaPerformAction("autoPass", { on }), { classes: "out-of-turn dp-autopass" });
    }
    if (possible.includes("takeOff")) {
      bar.addActionButton("Call Take-off (±100)", () => this.bgaPerformAction("takeOff"), { classes: "out-of-turn dp-takeoff" });
    }
  }

  setupNotifications() {
    this.bgaSetupPromiseNotifications();
  }

  // Short flashes for what a glance at the table would miss.
  notif_wish(args) { this.showMessage(`Wish: ${args.rank}`, "info"); }
  notif_doubleVictory(args) { this.showMessage(`Double victory for ${args.team}!`, "info"); }

  use(gamedatas) {
    this.data = gamedatas;
    this.state = gamedatas.gamestate;
  }

  // ----- players --------------------------------------------------------------------------------
  players() { return Object.values(this.data.players); }
  nameOf(id) { const p = this.data.players[id]; return p ? p.name : `player ${id}`; }
  nameEl(id) {
    const p = this.data.players[id];
    return h("span.dp-player", { style: `color:${seatColour(p ? p.seat : 0)}` }, p ? p.name : `player ${id}`);
  }
  mySeat() { const p = this.data.players[this.player_id]; return p ? p.seat : null; }
  bySeat(seat) { return this.players().find((p) => p.seat === ((seat % 4) + 4) % 4); }

  // ----- what may be played (a hint: the server decides) -----------------------------------------
  myTurn() { return this.isCurrentPlayerActive() && this.state.name === "playerTurn"; }

  /** Cards that may be played alone now: any card when leading, higher singles on a single. */
  playableSingles() {
    const hand = this.data.hand || [];
    if (!this.myTurn()) return new Set();
    const args = this.state.args || {};
    if (args.lead) return new Set(hand);
    const top = args.top && args.top.type === "single" ? args.top.rank : null;
    if (top === null) return new Set();
    return new Set(hand.filter((c) => {
      if (c === "dragon" || c === "phoenix") return top < 15;
      if (c === "herald" || c === "fox") return false;
      return RANK_VALUE[rankOf(c)] > top;
    }));
  }

  // ----- actions --------------------------------------------------------------------------------
  async playSelected() {
    if (!this.selected.size) { this.showMessage("Select the cards to play first.", "error"); return; }
    const cards = sortCards([...this.selected]);
    const args = { cards };
    if (cards.includes("phoenix") && cards.length > 1 && this.phoenixAs) args.phoenix = this.phoenixAs;
    if (cards.includes("herald") && this.wish && this.data.wish_option !== false) args.wish = this.wish;
    try {
      await this.bgaPerformAction("playCards", args);
    } catch {
      return;   // refused: the shell says why, the selection stays
    }
    this.selected = new Set();
    this.phoenixAs = "";
    this.wish = "";
    this.render();
  }

  sendPasses() {
    if (!SLOTS.every(([slot]) => this.passing[slot])) {
      this.showMessage("Choose one card for each of the three other players.", "error");
      return;
    }
    this.bgaPerformAction("passCards", { ...this.passing });
  }

  /** Between views the buttons follow the selection (the Play button's label). */
  refreshButtons() {
    this.statusBar.removeActionButtons();
    this.onUpdateActionButtons(this.state.name, this.state.args || {});
  }

  toggle(code) {
    const passing = this.passing;
    if (this.state.name === "passCards" && this.isCurrentPlayerActive()) {
      const has = SLOTS.find(([slot]) => passing[slot] === code);
      if (has) passing[has[0]] = null;
      else {
        const free = SLOTS.find(([slot]) => !passing[slot]);
        if (!free) { this.showMessage("Three cards are chosen: click one to take it back.", "error"); return; }
        passing[free[0]] = code;
      }
    } else if (this.selected.has(code)) this.selected.delete(code);
    else this.selected.add(code);
    this.render(code);
    this.refreshButtons();
  }

  // ----- drawing --------------------------------------------------------------------------------
  render(focusCode) {
    const els = this.els;
    const focused = focusCode || (document.activeElement && document.activeElement.dataset
      && els.hand.contains(document.activeElement) ? document.activeElement.dataset.card : null);
    this.renderInfo();
    this.renderSeats();
    this.renderRound();
    this.renderPassPanel();
    this.renderHand();
    this.renderChoices();
    this.renderSummary();
    if (focused) {
      const again = els.hand.querySelector(`[data-card="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  renderInfo() {
    const data = this.data;
    const bits = [h("span.dp-chip", `Hand ${data.hand_number || 0}`), h("span.dp-chip", `Target ${data.target || ""}`)];
    const totals = data.totals || [0, 0];
    (data.teams || []).forEach((team, i) => {
      bits.push(h("span.dp-chip.dp-team", team.map((id, j) => [j ? " & " : "", this.nameEl(id)]), `: ${totals[i]}`));
    });
    if (data.wish) bits.push(h("span.dp-chip.dp-wish", `Wish: ${data.wish}`));
    if (data.wish_option === false) bits.push(h("span.dp-chip", "No-wish variant"));
    if (data.auto_pass) bits.push(h("span.dp-chip.dp-auto", "Passing until the round ends"));
    fill(this.els.info, bits);
  }

  renderSeats() {
    const data = this.data;
    const me = this.mySeat();
    const base = me === null ? 0 : me;
    const active = new Set(this.getActivePlayers());
    const where = ["You", "Left", "Partner", "Right"];
    const out = data.out || [];
    const calls = data.calls || {};
    const sizes = data.hand_sizes || {};
    const won = data.won_counts || {};
    const passed = new Set(data.passed || []);
    const rows = [0, 1, 2, 3].map((offset) => {
      const p = this.bySeat(base + offset);
      if (!p) return null;
      const id = p.id;
      const facts = [];
      if (String(id) in sizes) facts.push(h("span.dp-fact.dp-size", `${sizes[String(id)]} cards`));
      if (String(id) in won) facts.push(h("span.dp-fact", `won ${won[String(id)]}`));
      if (calls[String(id)]) facts.push(h("span.dp-fact.dp-callmark", CALL_NAMES[calls[String(id)]] || calls[String(id)]));
      if (out.includes(id)) facts.push(h("span.dp-fact.dp-outmark", `out ${PLACES[out.indexOf(id)]}`));
      if (passed.has(id) && (data.trick || []).length) facts.push(h("span.dp-fact", "passed"));
      if (data.last_player === id && (data.trick || []).length) facts.push(h("span.dp-fact.dp-topmark", "on top"));
      if (this.state.name === "highFlight" && (data.high_flight_answered || []).includes(id)) facts.push(h("span.dp-fact", "answered"));
      return h("li.dp-seat", { class: `dp-seat${active.has(id) ? " dp-active" : ""}`, dataset: { player: id },
        style: `border-color:${seatColour(p.seat)}` },
      h("div.dp-seat-head", active.has(id) ? h("span.dp-turn", { title: "their turn" }, "▶ ") : null, this.nameEl(id),
        h("span.dp-where", me === null ? `seat ${p.seat + 1}` : where[offset])),
      h("div.dp-facts", facts));
    });
    fill(this.els.seats, rows);
  }

  playList(plays, topIndex) {
    return h("ol.dp-plays", plays.map((play, i) => h("li.dp-play-line", { class: `dp-play-line${i === topIndex ? " dp-top" : ""}`,
      dataset: { player: play.player } },
    this.nameEl(play.player), h("span.dp-combo", play.name), cardRow(play.cards))));
  }

  renderRound() {
    const data = this.data;
    const trick = data.trick || [];
    const head = [h("h3.dp-h", "The round")];
    const leader = this.state.name === "playerTurn" ? this.getActivePlayerId() : null;
    if (!trick.length) {
      head.push(h("p.dp-empty.muted", leader !== null ? ["Waiting for ", this.nameEl(leader), " to lead."] : "Nothing on the table."));
    } else {
      head.push(this.playList(trick, trick.length - 1));
      if (data.round_won) head.push(h("p.dp-won", this.nameEl(data.last_player), " wins this round (collected at the next lead)."));
    }
    fill(this.els.round, head);
    const last = data.last_round;
    if (last && last.plays && last.plays.length) {
      fill(this.els.lastRound, h("details.dp-last", h("summary", "Last round: ",
        last.to !== null && last.to !== undefined ? ["taken by ", this.nameEl(last.to)] : "the Fox's round"),
      this.playList(last.plays, last.plays.length - 1)));
    } else fill(this.els.lastRound);
  }

  renderPassPanel() {
    const panel = this.els.passPanel;
    const show = this.state.name === "passCards";
    panel.hidden = !show;
    if (!show) { fill(panel); return; }
    const me = this.mySeat();
    const mine = this.data.my_passes;
    const slots = SLOTS.map(([slot, label], i) => {
      const target = me === null ? null : this.bySeat(me + i + 1);
      const card = mine ? mine[slot] : this.passing[slot];
      return h("div.dp-slot", { dataset: { slot } },
        h("div.dp-slot-label", `${label}: `, target ? this.nameEl(target.id) : ""),
        card ? cardFace(card, mine ? { small: true } : { tag: "button", small: true, props: { type: "button",
          "aria-label": `Take back ${cardLabel(card)} (${label})`, on: { click: () => this.toggle(card) } } })
          : h("div.dp-slot-empty", "choose a card"));
    });
    fill(panel, h("h3.dp-h", "Passing: one card to each other player"),
      h("div.dp-slots", slots),
      mine ? h("p.muted", "Your cards are chosen; waiting for the others.")
        : h("p.muted", "Click cards in your hand to fill Left, Partner, Right in order."));
  }

  renderHand() {
    const { data, els, state } = this;
    const me = this.player_id;
    const hand = sortCards(data.hand || []);
    const playable = this.playableSingles();
    const passMode = state.name === "passCards" && this.isCurrentPlayerActive();
    const received = new Set((data.received || []).map((r) => r.card));
    const assigned = Object.fromEntries(SLOTS.filter(([slot]) => this.passing[slot])
      .map(([slot, label]) => [this.passing[slot], label]));
    const key = JSON.stringify([hand, [...playable], passMode, assigned, [...this.selected], [...received],
      state.name, data.first_card_played, (data.out || []).includes(me)]);
    if (key === els.handKey) return;   // unchanged: keep the elements (and clicks in flight, focus)
    els.handKey = key;
    if (!hand.length) {
      fill(els.hand, h("p.muted", (data.out || []).includes(me) ? "You are out of this hand." : "No cards."));
      return;
    }
    const fresh = state.name === "playerTurn" && !(data.first_card_played || []).includes(me);
    fill(els.hand, hand.map((code) => {
      const isSel = passMode ? Boolean(assigned[code]) : this.selected.has(code);
      const classes = [isSel ? "dp-selected" : "", playable.has(code) ? "dp-playable" : "",
        received.has(code) && fresh ? "dp-received" : ""].filter(Boolean).join(" ");
      const el = cardFace(code, { props: {
        class: classes, tabindex: "0", role: "button", "aria-pressed": isSel ? "true" : "false",
        "aria-label": `${cardLabel(code)}${assigned[code] && passMode ? ` (to ${assigned[code]})` : ""}`,
        on: { click: () => this.toggle(code), keydown: (event) => this.onCardKey(event, code, passMode, assigned) },
      } });
      if (passMode && assigned[code]) el.append(h("span.dp-tag", assigned[code]));
      return el;
    }));
  }

  onCardKey(event, code, passMode, assigned) {
    if (event.key === " " || event.key === "Spacebar") {
      event.preventDefault();
      this.toggle(code);
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (passMode) {
        if (!assigned[code]) this.toggle(code);
        if (SLOTS.every(([s]) => this.passing[s])) this.sendPasses();
        return;
      }
      if (!this.selected.has(code) && !this.selected.size) { this.selected.add(code); this.render(code); }
      this.playSelected();
    }
  }

  renderChoices() {
    const { data, state } = this;
    const parts = [];
    const cards = [...this.selected];
    const canAct = !this.isSpectator && ["playerTurn", "giveDragon"].includes(state.name);
    const ranks = (current) => RANKS.map((r) => h("option", { value: r, selected: current === r ? "" : undefined }, r));
    if (canAct && cards.includes("phoenix") && cards.length > 1) {
      parts.push(h("label.dp-choice", "The Phoenix stands for ",
        h("select.dp-phoenix", { on: { change: (e) => { this.phoenixAs = e.target.value; } } },
          h("option", { value: "", selected: !this.phoenixAs ? "" : undefined }, "the highest reading"), ranks(this.phoenixAs))));
    }
    if (canAct && cards.includes("herald") && data.wish_option !== false) {
      parts.push(h("label.dp-choice", "Wish for ",
        h("select.dp-wish", { on: { change: (e) => { this.wish = e.target.value; } } },
          h("option", { value: "", selected: !this.wish ? "" : undefined }, "no wish"), ranks(this.wish))));
    }
    if (this.selected.size && canAct) {
      parts.push(h("button.bgabutton.bgabutton_gray.dp-clear", { type: "button",
        on: { click: () => { this.selected = new Set(); this.render(); this.refreshButtons(); } } }, "Clear selection"));
    }
    if (data.received && data.received.length && state.name !== "passCards") {
      parts.push(h("p.dp-received-line", "Received: ", data.received.map((r, i) => [i ? ", " : "",
        cardFace(r.card, { small: true, tag: "span" }), " from ", this.nameEl(r.from)])));
    }
    fill(this.els.choices, parts);
  }

  renderSummary() {
    const data = this.data;
    const last = data.last_hand;
    if (!last) { fill(this.els.summary); return; }
    const teams = data.teams || [[], []];
    const teamName = (i) => (teams[i] || []).map((id, j) => [j ? " & " : "", this.nameEl(id)]);
    const out = last.out || [];
    const callsMade = Object.entries(last.calls_made || {}).filter(([, c]) => c);
    const rows = [0, 1].map((i) => h("tr", { dataset: { team: i } },
      h("th", { scope: "row" }, teamName(i)),
      h("td", String(last.cards[i])), h("td", String(last.calls[i])), h("td.dp-hand-total", String(last.total[i])),
      h("td.dp-game-total", String(last.totals[i]))));
    fill(this.els.summary, h("h3.dp-h", `End of hand ${last.hand_number}`),
      last.double !== null && last.double !== undefined ? h("p.dp-double", "Double victory for ", teamName(last.double), "!") : null,
      h("p.dp-out-order", "Went out: ", out.length ? out.map((id, i) => [i ? ", " : "", `${PLACES[i]} `, this.nameEl(id)]) : "nobody"),
      h("p.dp-calls", "Calls: ", callsMade.length ? callsMade.map(([id, c], i) => [i ? ", " : "", this.nameEl(Number(id)),
        ` ${CALL_NAMES[c] || c} ${out[0] === Number(id) ? "won" : "lost"}`]) : "none"),
      h("div.dp-table-wrap", h("table.dp-score", h("thead", h("tr", h("th", { scope: "col" }, "Team"),
        h("th", { scope: "col" }, "Card points"), h("th", { scope: "col" }, "Calls"),
        h("th", { scope: "col" }, "Hand"), h("th", { scope: "col" }, "Total"))), h("tbody", rows))));
  }
}
