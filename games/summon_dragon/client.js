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
const POSITIONS = ["bottom", "left", "top", "right"];
const TRICK_PAUSE_MS = 1500;   // a finished trick stays on the felt this long
const HAND_END_S = 8;          // the hand-end summary holds the table this long, unless the player moves on first
const SLIDE_MS = 350;

// ----- cards -------------------------------------------------------------------------------------
function sortKey(code) {
  if (code === "dragon") return -1;
  const [rank, suit] = code.split("-");
  return SUITS.indexOf(suit) * 13 + RANKS.indexOf(rank);
}
function sortHand(cards) { return [...cards].sort((a, b) => sortKey(a) - sortKey(b)); }

/** "Play 7 of water": the Play button, and what a confirmation names. */
const playLabel = (code) => `Play ${cardLabel(code)}`;

function cardLabel(code, declare, suit) {
  if (code === "dragon") return declare ? `Dragon (${declare} ${suit})` : "Dragon";
  const [rank, s] = code.split("-");
  return `${RANK_NAMES[rank] || rank} of ${s}`;
}

function designationText(d) { return SUIT_SYMBOL[d] ? `${SUIT_SYMBOL[d]} ${DESIGNATION_NAMES[d]}` : DESIGNATION_NAMES[d]; }

function cardFace(code, { declare = null, suit = null, small = false } = {}) {
  if (code === "dragon") {
    return h(`div.sd-card.sd-dragon${small ? ".sd-small" : ""}`, { dataset: { card: code }, title: cardLabel(code, declare, suit) },
      h("span.sd-rank", "D"), h("span.sd-suit", "✶"), h("span.sd-name", declare ? `${declare} ${suit}` : "Dragon"));
  }
  const [rank, s] = code.split("-");
  return h(`div.sd-card.sd-${s}${small ? ".sd-small" : ""}`, { dataset: { card: code }, title: cardLabel(code) },
    h("span.sd-rank", RANK_SHORT[rank] || rank), h("span.sd-suit", SUIT_SYMBOL[s]), h("span.sd-name", s));
}

/** A card inside a log line: rank and suit symbol, its full name for screen readers and as a tooltip. */
function miniCard(code, { declare = null, suit = null } = {}) {
  const name = code === "dragon" ? (declare ? `the Dragon as the ${declare} ${suit}` : "the Dragon") : `the ${cardLabel(code)}`;
  const [rank, s] = code.split("-");
  const text = code === "dragon" ? `Dragon${declare ? ` ${declare} ${SUIT_SYMBOL[suit]}` : ""}`
    : `${RANK_SHORT[rank] || rank}${SUIT_SYMBOL[s]}`;
  return h(`span.sd-mini.sd-${code === "dragon" ? "dragon" : s}`, { role: "img", "aria-label": name, title: name }, text);
}

function trumpOf(designation) { return SUITS.includes(designation) ? designation : null; }

// ----- the table -----------------------------------------------------------------------------------
// The module's interface is BGA's (static/README.md): the shell makes this Game and gives it player_id, gamedatas,
// statusBar, bgaPerformAction, isCurrentPlayerActive and the rest, as BGA's gamegui gives them. The notif_ handlers
// bring the page up to date move by move, paced (the view read after them is applied once they have played).
export class Game {
  logGroupEnds = ["trickWin", "handScore"];   // the log reads by trick: a won trick, a scored hand

  setup(gamedatas) {
    this.ui = {
      selected: new Set(),
      bidTricks: null,
      bidDesignation: "earth",
      dragonSuit: "earth",
      dragonDeclare: null,
      acted: false,         // the player's own move has come back: no choice until the next view
      turn: null,           // whose turn the notifications played so far make it (null: the view's)
      winner: null,         // the trick just won, while it stays on the felt
      summary: null,        // {result, trick, countdown, next}: the hand-end summary (next: its button's resolve)
      gameOver: null,       // the gameWon notification's args
      fresh: new Set(),     // cards just received (the kitty, the Dragon), marked until the discard
      unfolded: new Set(),  // the folded boxes (last trick, scores by hand) the player opened: drawn open again
    };
    this.use(gamedatas);
    this.root = this.getGameAreaElement();
    this.root.classList.add("sd-root");
    this.handBar = this.getHandBarElement();
    this.handBar.classList.add("sd-bar");
    this.render();
    this.setupNotifications();
  }

  /** Our shell's extra hook: the view read after the notifications of a move have played. */
  onGamedatasUpdate(gamedatas) {
    this.use(gamedatas);
    this.ui.acted = false;
    this.ui.turn = null;
    this.render();
  }

  onEnteringState(stateName, state) {
    this.state = state;
    this.ui.selected.clear();
    this.ui.acted = false;
    if (stateName === "bidding") this.ui.bidTricks = null;
    if (stateName === "playerTurn") this.ui.dragonDeclare = null;
    if (stateName !== "discard") this.ui.fresh.clear();
    this.render();
  }

  onLeavingState() { this.ui.selected.clear(); }

  onUpdateActionButtons() { this.addButtons(); }

  setupNotifications() { this.bgaSetupPromiseNotifications(); }

  /** Log lines (the shell's hook, BGA's name): cards as mini-cards, not their names in words; a suit's symbol. */
  bgaFormatText(log, args) {
    const shown = { ...args };
    if (typeof args.card === "string" && "card_name" in args) {
      // The Dragon carries a declaration only in no-trump (in a suit contract it is simply the top trump, D13).
      const declared = args.card === "dragon" && / as the /.test(String(args.card_name));
      shown.card_name = miniCard(args.card, declared ? args : {});
    }
    if (Array.isArray(args.cards)) {
      const minis = () => h("span.sd-minis", args.cards.map((c) => miniCard(String(c))));
      if ("card_names" in args) shown.card_names = minis();
      if (String(log).includes("${cards}")) shown.cards = minis();   // lines logged before card_names existed
    }
    if (SUIT_SYMBOL[args.designation] && typeof args.designation_name === "string") {
      shown.designation_name = `${SUIT_SYMBOL[args.designation]} ${args.designation_name}`;
    }
    return { log, args: shown };
  }

  // ----- notifications: each brings the table one step on (the view that follows them confirms it) -----------
  notif_newDeal(args) {
    const sizes = Object.fromEntries(this.players().map((p) => [String(p.id), 12]));
    Object.assign(this.data, { hand_number: args.hand_number, dealer: args.player_id, bids: [], contract: null, trick: [],
      last_trick: null, tricks_taken: [0, 0], hand_sizes: sizes, kitty_size: 5, my_discards: [] });
    this.ui.summary = null;
    this.ui.winner = null;
    this.ui.turn = this.seatAfter(args.player_id);
    this.render();
  }

  notif_newHand(args) {
    this.data.hand = sortHand(args.cards);
    this.render();
  }

  notif_bid(args) { this.auctionStep(args, { player_id: args.player_id, tricks: args.tricks, designation: args.designation }); }

  notif_pass(args) { this.auctionStep(args, { player_id: args.player_id, pass: true }); }

  auctionStep(args, bid) {
    this.data.bids = [...(this.data.bids || []), bid];
    this.mine(args);
    const out = new Set(this.data.bids.filter((b) => b.pass).map((b) => String(b.player_id)));
    this.ui.turn = this.seatAfter(bid.player_id, (id) => out.has(String(id)));
    this.render();
  }

  notif_contract(args) {
    this.data.contract = { player_id: args.player_id, tricks: args.tricks, designation: args.designation, option: null, giver: null };
    this.ui.turn = args.player_id;
    this.render();
  }

  notif_option(args) {
    const c = this.data.contract;
    if (!c) return;
    this.mine(args);
    this.data.contract = { ...c, option: args.option, giver: args.giver_id ?? null };
    if (args.option !== "no-help") {
      const sizes = { ...this.data.hand_sizes };
      const add = (id, n) => { sizes[String(id)] = (sizes[String(id)] || 0) + n; };
      if (args.giver_id !== undefined && args.giver_id !== null) {
        add(args.player_id, 1);
        add(args.giver_id, this.data.kitty_size - 1);
      } else {
        add(args.player_id, this.data.kitty_size);
      }
      Object.assign(this.data, { hand_sizes: sizes, kitty_size: 0 });
    }
    this.ui.turn = null;
    this.render();
  }

  notif_cardsReceived(args) {
    this.data.hand = sortHand([...(this.data.hand || []), ...args.cards]);
    this.ui.fresh = new Set(args.cards);
    this.render();
  }

  notif_discarded(args) {
    this.data.hand = (this.data.hand || []).filter((c) => !args.cards.includes(c));
    this.data.my_discards = args.cards;
    this.ui.fresh.clear();
    this.render();
  }

  notif_discard(args) {
    this.mine(args);
    const sizes = { ...this.data.hand_sizes };
    sizes[String(args.player_id)] = (sizes[String(args.player_id)] || 0) - args.count;
    this.data.hand_sizes = sizes;
    this.render();
  }

  notif_playCard(args) {
    const { data, ui } = this;
    const id = args.player_id;
    const mine = this.mine(args);
    if (mine) data.hand = (data.hand || []).filter((c) => c !== args.card);
    data.hand_sizes = { ...data.hand_sizes, [String(id)]: Math.max(0, (data.hand_sizes[String(id)] || 1) - 1) };
    data.trick = [...(data.trick || []), { player_id: id, card: args.card, suit: args.suit, declare: args.declare }];
    ui.turn = data.trick.length < 4 ? this.seatAfter(id) : null;
    this.render();
    const seat = this.seatElement(id);     // the player's own card comes up from the hand, the others' from their seat
    if (seat) this.bgaSlideFrom(seat.querySelector(".sd-played"), mine ? this.handBar : seat.querySelector(".sd-who"), SLIDE_MS);
  }

  /** The finished trick stays on the felt, its winner marked, for 1.5 s; the twelfth stays until the next deal. */
  async notif_trickWin(args) {
    const { data, ui } = this;
    data.tricks_taken = args.taken;
    const number = args.trick_number || (data.last_trick ? data.last_trick.number + 1 : 1);
    data.last_trick = { plays: data.trick || [], winner: args.player_id, number };
    ui.winner = args.player_id;
    ui.turn = null;
    this.render();
    if (number >= 12) return;
    await this.wait(TRICK_PAUSE_MS);
    if (ui.winner === args.player_id && data.last_trick.number === number) this.clearTrick();
  }

  clearTrick() {
    this.data.trick = [];
    this.ui.winner = null;
    this.render();
  }

  /** The hand-end pause: the final trick on the felt, made or set and the score breakdown, until the player moves on
   * or a few seconds pass; then the next hand's notifications deal it. */
  async notif_handScore(args) {
    const { data, ui } = this;
    const result = args.result;
    data.team_scores = args.team_scores;
    if (result) {
      data.past_hands = [...(data.past_hands || []).filter((r) => r.hand_number !== result.hand_number), result];
      data.last_hand = result;
    }
    const summary = { result: result || data.last_hand, trick: data.last_trick, countdown: HAND_END_S, next: null };
    const pausing = this.bgaAnimationsActive() && !args.game_over;
    const clicked = new Promise((resolve) => { if (pausing) summary.next = resolve; });
    ui.summary = summary;
    this.render();
    if (pausing && summary.result) {   // the status line said whose turn it was: it is nobody's while the table waits
      this.statusBar.setTitle("Hand ${number} is over: the next one is dealt after the result",
        { number: summary.result.hand_number });
    }
    // Second by second (each scaled by the player's pace), so the countdown shows what is left; a click, or the
    // shell cutting the waits (the player hurries on, the tab is hidden), ends it at once.
    let moved = false;
    clicked.then(() => { moved = true; });
    for (; pausing && summary.countdown > 0 && !moved && this.bgaAnimationsActive(); summary.countdown -= 1) {
      const shown = this.root.querySelector(".sd-countdown");
      if (shown) shown.textContent = this.countdownText();
      await Promise.race([this.wait(1000), clicked]);
    }
    summary.next = null;
  }

  notif_gameWon(args) {
    this.ui.gameOver = args;
    this.render();
  }

  /** The player's own move came back: their choices wait for the view that follows it. */
  mine(args) {
    const me = String(args.player_id) === String(this.player_id);
    if (me && !this.ui.acted) {
      this.ui.acted = true;
      this.ui.selected.clear();
      this.statusBar.removeActionButtons();
    }
    return me;
  }

  use(gamedatas) {
    this.data = gamedatas;
    this.state = gamedatas.gamestate;
  }

  // ----- helpers -----------------------------------------------------------------------------------
  players() { return Object.values(this.data.players); }
  player(id) { return this.data.players[id]; }
  mySeat() { const me = this.player(this.player_id); return me ? me.seat : 0; }
  teamOf(id) { const p = this.player(id); return p ? p.seat % 2 : 0; }
  /** A player's name, in the seat's colour on the dark felt; elsewhere dark text underlined in that colour. */
  nameOf(id) {
    const p = this.player(id);
    const node = playerName(p);
    if (p) node.style.setProperty("--seat", seatColour(p.seat));
    return node;
  }
  teamLabel(team) {
    const ids = (this.data.teams && this.data.teams[team]) || [];
    return ids.map((id, i) => [i ? " & " : "", this.nameOf(id)]);
  }
  seatAfter(id, skip = () => false) {
    const p = this.player(id);
    if (!p) return null;
    for (let k = 1; k <= 4; k += 1) {
      const next = this.players().find((q) => q.seat === (p.seat + k) % 4);
      if (next && !skip(next.id)) return next.id;
    }
    return null;
  }
  args() { return (this.state && this.state.args) || {}; }
  stateName() { return this.state ? this.state.name : ""; }
  myTurnIn(name) { return !this.ui.acted && this.stateName() === name && this.isCurrentPlayerActive(); }
  myPlay() { return this.myTurnIn("playerTurn"); }
  playable() { return new Set(this.myPlay() ? this.args().playable || [] : []); }
  /** Why a card of the hand may not be played now: the server's sentence (the rules stay in Python). */
  whyNot(code) { return this.myPlay() ? (this.args().unplayable || {})[code] || null : null; }
  /** How a played card is drawn: the Dragon with its declaration in no-trump only (in a suit contract it is the top
   * trump, D13). */
  declared(play) {
    const c = this.data.contract;
    return play.card === "dragon" && c && !trumpOf(c.designation) ? play : {};
  }
  selectedCards() { return [...this.ui.selected].filter((c) => (this.data.hand || []).includes(c)); }
  activeSeats() {
    if (this.ui.turn !== null && this.ui.turn !== undefined) return new Set([String(this.ui.turn)]);
    return new Set(this.ui.acted ? [] : this.getActivePlayers().map(String));
  }
  seatElement(id) { return this.root.querySelector(`.sd-seat[data-player="${CSS.escape(String(id))}"]`); }

  // ----- actions -----------------------------------------------------------------------------------
  async perform(name, args, options) {
    try {
      await this.bgaPerformAction(name, args, options);
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
    if (!this.playable().has(card)) {         // held back: say why rather than send it to be refused
      this.ui.selected = new Set([card]);
      this.render(card);
      this.addButtons();
      return;
    }
    this.perform("playCard", { card, ...(card === "dragon" ? this.dragonArgs() : {}) }, { label: playLabel(card) });
  }

  discardSelected() {
    const cards = this.selectedCards();
    if (!this.myTurnIn("discard") || cards.length !== this.args().count) return;
    this.perform("discard", { cards });
  }

  addButtons() {
    const bar = this.statusBar;
    bar.removeActionButtons();
    if (this.ui.acted || !this.isCurrentPlayerActive()) return;
    const possible = this.state.possibleactions;
    const args = this.args();
    const name = this.stateName();
    if (name === "bidding") {
      if (possible.includes("bid")) {
        const { tricks, designation } = this.bidChoice();
        bar.addActionButton(`Bid ${tricks} ${DESIGNATION_NAMES[designation]}`, () => this.perform("bid", this.bidChoice()),
          { classes: "sd-bid-button" });
      }
      if (possible.includes("pass") && args.can_pass !== false) {
        bar.addActionButton("Pass", () => this.perform("pass", {}), { color: "secondary", classes: "sd-pass-button" });
      }
    } else if (name === "chooseOption") {
      for (const option of args.options || []) {
        bar.addActionButton(OPTION_LABELS[option] || option, () => this.perform("chooseOption", { option }),
          { classes: `sd-option-${option}` });
      }
    } else if (name === "discard") {
      const count = args.count || 0;
      const n = this.selectedCards().length;
      bar.addActionButton(`Discard ${n} of ${count}`, () => this.discardSelected(),
        { classes: "sd-discard-button", disabled: n !== count });
    } else if (name === "playerTurn") {
      const cards = this.selectedCards();
      const card = cards.length === 1 ? cards[0] : null;
      const why = card && this.whyNot(card);
      bar.addActionButton(card ? playLabel(card) : "Play (select a card)", () => this.playSelected(),
        { classes: "sd-play-button", disabled: !(card && this.playable().has(card)), title: why || undefined });
    }
  }

  // ----- selection and keyboard --------------------------------------------------------------------
  toggle(code) {
    const selected = this.ui.selected;
    if (this.myPlay()) {
      const had = selected.has(code);
      selected.clear();
      if (!had) selected.add(code);
    } else if (this.myTurnIn("discard")) {
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
      if (this.myPlay()) this.playSelected(code);
      else if (this.myTurnIn("discard")) this.discardSelected();
    } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      event.preventDefault();
      const cards = [...this.handBar.querySelectorAll(".sd-hand .sd-card")];
      const i = cards.indexOf(event.currentTarget) + (event.key === "ArrowRight" ? 1 : -1);
      if (cards[i]) cards[i].focus();
    }
  }

  // ----- drawing -----------------------------------------------------------------------------------
  /** A details box's props: open as the player left it, whatever is drawn in between. */
  folded(name) {
    const unfolded = this.ui.unfolded;
    return { open: unfolded.has(name), on: { toggle: (e) => { if (e.target.open) unfolded.add(name); else unfolded.delete(name); } } };
  }

  /** Draws the table anew; the control that had the focus (a card, a choice) keeps it, or for a card just played,
   * the card now in its place. */
  render(focusCode) {
    const { root, data } = this;
    const focused = document.activeElement;
    const inside = focused && (root.contains(focused) || this.handBar.contains(focused));
    const keep = focusCode ? `card:${focusCode}` : inside && focused.dataset ? focused.dataset.key : null;
    const place = inside ? [...this.handBar.querySelectorAll(".sd-hand .sd-card")].indexOf(focused) : -1;
    for (const c of [...this.ui.selected]) if (!(data.hand || []).includes(c)) this.ui.selected.delete(c);
    const name = this.stateName();
    fill(root,
      this.renderInfo(),
      name === "bidding" ? this.renderBidForm() : null,
      name === "chooseOption" ? this.renderOptionPanel() : null,
      name === "discard" && !this.ui.summary ? this.renderDiscardPanel() : null,
      this.renderSummary(),
      this.renderTable(),
      this.renderMyDiscards(),
      this.renderHistory());
    fill(this.handBar, this.renderHand());
    if (keep) {
      const selector = `[data-key="${CSS.escape(keep)}"]`;
      const cards = [...this.handBar.querySelectorAll(".sd-hand .sd-card")];
      const el = root.querySelector(selector) || this.handBar.querySelector(selector)
        || (place >= 0 && cards.length ? cards[Math.min(place, cards.length - 1)] : null);
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

  renderBidForm() {
    if (!this.myTurnIn("bidding") || !this.state.possibleactions.includes("bid")) return null;
    const args = this.args();
    const high = args.high;
    const { tricks } = this.bidChoice();
    const min = args.min_bid || 3;
    const numbers = [];
    for (let n = min; n <= 13; n += 1) numbers.push(n);
    const select = h("select.sd-bid-number", { "aria-label": "Tricks to bid", dataset: { key: "bid-number" },
      on: { change: (e) => { this.ui.bidTricks = Number(e.target.value); this.addButtons(); } } },
    numbers.map((n) => h("option", { value: String(n), selected: n === tricks ? true : undefined }, String(n))));
    select.value = String(tricks);
    const designations = h("div.sd-designations", { role: "radiogroup", "aria-label": "Designation" },
      DESIGNATIONS.map((d) => h("button.sd-desig", {
        type: "button", role: "radio", "aria-checked": String(this.ui.bidDesignation === d),
        class: `sd-desig${this.ui.bidDesignation === d ? " sd-on" : ""}`, dataset: { designation: d, key: `desig:${d}` },
        on: { click: () => { this.ui.bidDesignation = d; this.render(); this.addButtons(); } },
      }, designationText(d))));
    return h("section.sd-panel.sd-auction", { "aria-label": "Your bid" }, h("h3", "Your bid"),
      high ? h("p.sd-high", "Standing bid: ", this.nameOf(high.player_id), ` ${high.tricks} ${designationText(high.designation)}`)
        : h("p.sd-high", "No bid yet: open at 3 or more."),
      h("div.sd-bid-form", h("label", "Tricks ", select), designations),
      args.can_pass === false ? h("p.sd-note", "The other three passed: you must bid.") : null);
  }

  renderOptionPanel() {
    if (!this.myTurnIn("chooseOption")) return null;
    return h("section.sd-panel.sd-options", { "aria-label": "Option" }, h("h3", "Choose the option"),
      h("ul", (this.args().options || []).map((o) => h("li", h("strong", OPTION_LABELS[o] || o), ": ", OPTION_HELP[o] || ""))));
  }

  /** Who still discards (the player's own count is said above their hand). */
  renderDiscardPanel() {
    const waiting = Object.entries(this.args().counts || {}).filter(([, n]) => n).map(([id, n]) => h("li", this.nameOf(id),
      ` discards ${n} card${n === 1 ? "" : "s"} face down`));
    return h("section.sd-panel.sd-discard", { "aria-label": "Discards" }, h("h3", "Discards"), h("ul", waiting));
  }

  seatOrder() {
    const base = this.mySeat();
    return [0, 1, 2, 3].map((k) => this.players().find((p) => p.seat === (base + k) % 4)).filter(Boolean);
  }

  /** What lies in front of a seat: its card in the trick, else its latest word in the auction. */
  seatContent(p, active) {
    const { data, ui } = this;
    const play = (data.trick || []).find((t) => String(t.player_id) === String(p.id));
    if (play) {
      const won = ui.winner !== null && String(ui.winner) === String(p.id);
      const card = cardFace(play.card, this.declared(play));
      card.classList.add("sd-played");
      if (won) card.classList.add("sd-winning");
      return [card, won ? h("span.sd-won", "★ wins the trick") : null];
    }
    if (!data.contract || !data.contract.option) {        // the auction's last words stay until the option is taken
      const said = (data.bids || []).filter((b) => String(b.player_id) === String(p.id)).pop();
      if (said) {
        return h(`div.sd-bubble${said.pass ? ".sd-bubble-pass" : ""}`, said.pass ? "Pass" : `${said.tricks} ${designationText(said.designation)}`);
      }
    }
    return h("div.sd-slot", active ? "…" : "");
  }

  renderTable() {
    const { data } = this;
    const c = data.contract;
    const active = this.activeSeats();
    const partner = this.player(this.player_id) ? (this.mySeat() + 2) % 4 : null;
    const seats = this.seatOrder().map((p, k) => {
      const on = active.has(String(p.id));
      return h(`div.sd-seat.sd-${POSITIONS[k]}`, { dataset: { player: p.id },
        class: `sd-seat sd-${POSITIONS[k]}${on ? " sd-active" : ""}`, style: `--seat:${seatColour(p.seat)}` },
      h("div.sd-who", on ? h("span.sd-turn", { title: "to play" }, "▶") : null, playerName(p),
        c && p.id === c.player_id ? h("span.sd-tag", "bidder") : null,
        p.id === data.dealer ? h("span.sd-tag", "dealer") : null,
        p.seat === partner ? h("span.sd-tag", "partner") : null,
        h("span.sd-count", `${(data.hand_sizes || {})[String(p.id)] ?? "?"} cards`)),
      this.seatContent(p, on));
    });
    return h("section.sd-panel.sd-table", { "aria-label": "The table" },
      h("div.sd-felt", seats, h("div.sd-centre", this.renderCentre())),
      c && c.option ? this.renderProgress() : null,
      this.renderLastTrick());
  }

  renderCentre() {
    const { data } = this;
    const high = (data.bids || []).filter((b) => !b.pass).pop();
    if (!data.contract) {
      return [h("div.sd-centre-title", "Auction"),
        high ? h("div", "Standing bid: ", this.nameOf(high.player_id), ` ${high.tricks} ${designationText(high.designation)}`)
          : h("div", "No bid yet")];
    }
    const c = data.contract;
    if (!c.option) {
      return [h("div.sd-centre-title", "Contract"),
        h("div", this.nameOf(c.player_id), ` ${c.tricks} ${designationText(c.designation)}`)];
    }
    const trick = data.trick || [];
    const led = trick.length ? trick[0].suit : null;
    const played = data.last_trick ? data.last_trick.number : 0;
    const number = this.ui.winner !== null ? played : played + 1;     // the trick won stays on the felt a moment
    return [h("div.sd-centre-title.sd-trick-number", `Trick ${Math.min(12, number)} of 12`),
      h("div.sd-led", led ? `Led: ${SUIT_SYMBOL[led]} ${led}` : "Led: —")];
  }

  /** Units taken against the contract, and what each side still needs (D4, D17). */
  renderProgress() {
    const c = this.data.contract;
    const taken = this.data.tricks_taken || [0, 0];
    const bidders = this.teamOf(c.player_id);
    const mine = taken[bidders];
    const theirs = taken[1 - bidders];
    const toMake = c.tricks - mine;
    const toSet = 14 - c.tricks - theirs;       // the defenders set the contract at 13 - B + 1 units
    const made = toMake <= 0;
    const set = toSet <= 0;
    return h("div.sd-progress", { role: "group", "aria-label": "Units taken (13 in a hand, the last trick worth two)" },
      h("div.sd-chip.sd-taken", h("span.sd-side", "Bidders"), this.teamLabel(bidders), ` ${mine} of ${c.tricks}`,
        h("span.sd-need", made ? "✓ made" : set ? "✗ set" : `${toMake} to go`)),
      h("div.sd-chip.sd-taken", h("span.sd-side", "Defenders"), this.teamLabel(1 - bidders), ` ${theirs}`,
        h("span.sd-need", set ? "✓ set it" : made ? "cannot set it" : `${toSet} more sets it`)));
  }

  /** The last finished trick (the only one that may be looked at, D16), folded: its winner and winning card. */
  renderLastTrick() {
    const last = this.data.last_trick;
    if (!last || !last.plays || !last.plays.length || this.ui.winner !== null || this.ui.summary) return null;
    const best = last.plays.find((p) => String(p.player_id) === String(last.winner));
    return h("details.sd-last", this.folded("last"), h("summary.sd-last-title", `Last trick (${last.number}): `, this.nameOf(last.winner), " won",
      best ? [" with ", miniCard(best.card, this.declared(best))] : null),
    h("div.sd-last-cards", last.plays.map((p) => h("div.sd-last-play", cardFace(p.card, { ...this.declared(p), small: true }),
      this.nameOf(p.player_id)))));
  }

  /** The Dragon selected to play in no-trump: its suit (when it leads) and highest or lowest are to choose (D14). */
  declaringDragon() {
    const c = this.data.contract;
    return Boolean(c && !trumpOf(c.designation) && this.myPlay() && this.ui.selected.has("dragon"));
  }

  renderDragonChoice() {
    if (!this.declaringDragon()) return null;
    const c = this.data.contract;
    const led = this.args().led;
    const declare = this.ui.dragonDeclare || (c.designation === "low-no-trump" ? "lowest" : "highest");
    const choice = (values, current, set, label) => h("div.sd-choice", { role: "radiogroup", "aria-label": label },
      values.map((v) => h("button", { type: "button", role: "radio", "aria-checked": String(v === current),
        class: `sd-desig${v === current ? " sd-on" : ""}`, dataset: { key: `dragon:${v}` },
        on: { click: () => { set(v); this.render(); this.addButtons(); } } }, SUIT_SYMBOL[v] ? `${SUIT_SYMBOL[v]} ${v}` : v)));
    return h("div.sd-dragon-choice", h("strong", "Dragon:"),
      led ? h("span", `played as ${led}, `) : choice(SUITS, this.ui.dragonSuit, (v) => { this.ui.dragonSuit = v; }, "Dragon suit"),
      choice(["highest", "lowest"], declare, (v) => { this.ui.dragonDeclare = v; }, "Dragon declaration"));
  }

  /** The line above the hand: what to do, or why the selected card cannot be played. */
  handHint(myTurn, discarding) {
    const chosen = this.selectedCards();
    const why = myTurn && chosen.length === 1 ? this.whyNot(chosen[0]) : null;
    if (why) return h("p.sd-why", h("strong", `${cardLabel(chosen[0])}: `), why);
    if (this.declaringDragon()) return null;                 // the Dragon's declaration takes the line
    if (myTurn) return h("p.sd-hint", "Your turn: select a card, then Play (Space selects, Enter plays).");
    if (discarding) {
      const count = this.args().count || 0;
      return h("p.sd-hint", `Select ${count} card${count === 1 ? "" : "s"} to discard face down (${chosen.length} selected).`);
    }
    return null;
  }

  renderHand() {
    const hand = sortHand(this.data.hand || []);
    if (!hand.length) return null;
    const ok = this.playable();
    const discarding = this.myTurnIn("discard");
    const myTurn = this.myPlay();
    const cards = hand.map((code) => {
      const el = cardFace(code);
      const chosen = this.ui.selected.has(code);
      const why = myTurn ? this.whyNot(code) : null;
      el.classList.add("sd-in-hand");
      el.dataset.key = `card:${code}`;
      if (chosen) el.classList.add("sd-selected");
      if (this.ui.fresh.has(code)) el.classList.add("sd-fresh");
      if (myTurn) el.classList.add(ok.has(code) ? "sd-playable" : "sd-unplayable");
      el.tabIndex = 0;
      el.setAttribute("role", "button");
      el.setAttribute("aria-pressed", String(chosen));
      el.setAttribute("aria-label", [cardLabel(code), this.ui.fresh.has(code) ? "new" : null,
        myTurn && !ok.has(code) ? `not playable: ${why || "not now"}` : null].filter(Boolean).join(", "));
      if (why) el.title = `${cardLabel(code)}: ${why}`;
      el.addEventListener("click", () => this.toggle(code));
      el.addEventListener("dblclick", () => { if (myTurn) this.playSelected(code); });
      el.addEventListener("keydown", (e) => this.onCardKey(e, code));
      return el;
    });
    return h("section.sd-hand-wrap", { "aria-label": `Your hand, ${hand.length} cards` },
      h("div.sd-hand-line", { "aria-live": "polite" }, this.handHint(myTurn, discarding)),
      this.renderDragonChoice(),
      h(`div.sd-hand${discarding ? ".sd-discarding" : ""}`, { role: "group", "aria-label": "Your cards" }, cards));
  }

  renderMyDiscards() {
    const discards = this.data.my_discards || [];
    if (!discards.length) return null;
    return h("div.sd-my-discards", h("span", "Your discards (face down): "), discards.map((c) => cardFace(c, { small: true })));
  }

  /** The hand-end summary: while it holds the table after the last trick, and for good once the game is over. */
  renderSummary() {
    const { data, ui } = this;
    const over = this.stateName() === "gameEnd";
    const r = ui.summary ? ui.summary.result : over ? data.last_hand : null;
    if (!r) return null;
    const B = r.tricks;
    const team = this.teamOf(r.bidder);
    const T = r.taken[team];
    const made = T >= B;
    const noHelp = r.option === "no-help";
    const formula = made
      ? `10×${B} + 5×(${T}−${B})${noHelp ? " + 25 (no help)" : ""} = ${r.delta[team]}`
      : `−(10×${B} + 5×(${B}−${T})) = ${r.delta[team]}`;
    const trick = ui.summary && ui.summary.trick;    // its cards stay on the felt meanwhile
    const won = ui.gameOver || (over ? this.finalWinner() : null);
    return h("section.sd-panel.sd-summary", { "aria-label": `Hand ${r.hand_number} result` },
      h("h3", `Hand ${r.hand_number}: the contract is `, h("span.sd-verdict", made ? "✓ made" : "✗ set")),
      h("p", this.nameOf(r.bidder), ` bid ${B} ${designationText(r.designation)} (${OPTION_LABELS[r.option] || r.option}); `,
        this.teamLabel(team), ` took ${T} of the 13 units.`),
      h("table.sd-score-table",
        h("thead", h("tr", h("th", "Team"), h("th", "Units"), h("th", "Formula"), h("th", "Points"), h("th", "Total"))),
        h("tbody", [team, 1 - team].map((t) => h("tr", { dataset: { team: t } },
          h("th", h("span.sd-side", t === team ? "Bidders" : "Defenders"), h("span.sd-team-names", " (", this.teamLabel(t), ")")),
          h("td", String(r.taken[t])),
          h("td", t === team ? formula : `5×(13−${T}) = ${r.delta[t]}`),
          h("td.sd-points", (r.delta[t] > 0 ? "+" : "") + r.delta[t]),
          h("td.sd-total", String(r.scores[t])))))),
      trick && trick.plays && trick.plays.length
        ? h("p.sd-final", `Final trick (worth two): `, this.nameOf(trick.winner), " won") : null,
      won ? h("p.sd-game-over", h("strong", "Game over: "), this.teamLabel(this.teamOf(won.player_id)),
        ` win, ${won.score} to ${won.other}.`) : null,
      ui.summary && ui.summary.next && !won ? h("div.sd-next",
        h("button.bgabutton.sd-next-button", { type: "button", on: { click: () => ui.summary && ui.summary.next && ui.summary.next() } },
          "Next hand"),
        h("span.sd-countdown", { "aria-live": "off" }, this.countdownText())) : null);
  }

  countdownText() { return this.ui.summary ? `dealt in ${this.ui.summary.countdown} s` : ""; }

  /** The winners of a finished game from the scores (a reload after the end has no gameWon notification). */
  finalWinner() {
    const scores = this.data.team_scores || [0, 0];
    if (scores[0] === scores[1]) return null;
    const team = scores[0] > scores[1] ? 0 : 1;
    const ids = (this.data.teams && this.data.teams[team]) || [];
    return ids.length ? { player_id: ids[0], score: scores[team], other: scores[1 - team] } : null;
  }

  /** Every hand's result, one click away: the scores table. */
  renderHistory() {
    const past = this.data.past_hands || [];
    if (!past.length) return null;
    const cell = (r, t) => h("td", h("span.sd-delta", (r.delta[t] > 0 ? "+" : "") + r.delta[t]), ` → ${r.scores[t]}`);
    return h("details.sd-panel.sd-history", this.folded("history"),
      h("summary", `Scores by hand (${past.length})`),
      h("table.sd-score-table.sd-history-table",
        h("thead", h("tr", h("th", "Hand"), h("th", "Contract"), h("th", "Units"), h("th", this.teamLabel(0)), h("th", this.teamLabel(1)))),
        h("tbody", past.map((r) => {
          const team = this.teamOf(r.bidder);
          const made = r.taken[team] >= r.tricks;
          return h("tr", h("td", String(r.hand_number)),
            h("td", this.nameOf(r.bidder), ` ${r.tricks} ${DESIGNATION_NAMES[r.designation]}`,
              r.option === "no-help" ? " (no help)" : ""),
            h("td", `${r.taken[team]} ${made ? "✓ made" : "✗ set"}`),
            cell(r, 0), cell(r, 1));
        }))));
  }
}
