// Dragon and Phoenix: the table renderer (plain ES module, cards drawn with HTML/CSS).
// Everything from the server goes through h()/textContent: never innerHTML.
// The rules stay in Python: what a selection makes and why it cannot be played come from the server
// (POST .../describe/playCards), which cards are playable from the state's args.
import { actingAs, request } from "/static/js/api.js";
import { fill, h, seatColour } from "/static/js/dom.js";

const SUITS = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };
const SPECIALS = { herald: "Herald", fox: "Fox", phoenix: "Phoenix", dragon: "Dragon" };
const SPECIAL_MARK = { herald: "2", fox: "✦", phoenix: "✸", dragon: "✹" };
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANK_WORDS = { J: "Jack", Q: "Queen", K: "King", A: "Ace" };
const RANK_VALUE = Object.fromEntries(RANKS.map((r, i) => [r, i + 3]));
const SUIT_ORDER = ["C", "D", "H", "S"];
const SLOTS = [["left", "Left"], ["partner", "Partner"], ["right", "Right"]];
const CALL_NAMES = { highFlight: "High Flight", takeOff: "Take-off" };
const PLACES = ["1st", "2nd", "3rd", "4th"];
const POSITIONS = ["bottom", "left", "top", "right"];   // by seat offset from the viewer: you, left, partner, right
const ROLES = ["You", "Left opponent", "Partner", "Right opponent"];
const ROUND_WON_MS = 1500;    // a finished round stays on the table this long
const HAND_END_MS = 8000;     // the hand-end summary, unless "Next hand" is pressed first
const SLIDE_MS = 350;
const CONFIRM_KEY = "dp.confirm-plays";

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

/** "7 of hearts", "Queen of spades", "Dragon": what a screen reader says for a card. */
function cardLabel(code) {
  if (SPECIALS[code]) return SPECIALS[code];
  const rank = rankOf(code);
  return `${RANK_WORDS[rank] || rank} of ${SUITS[suitOf(code)][1]}`;
}

function faceParts(code) {
  return SPECIALS[code]
    ? [h("span.dp-rank", { "aria-hidden": "true" }, SPECIAL_MARK[code]), h("span.dp-name", { "aria-hidden": "true" }, SPECIALS[code])]
    : [h("span.dp-rank", { "aria-hidden": "true" }, rankOf(code)), h("span.dp-suit", { "aria-hidden": "true" }, SUITS[suitOf(code)][0])];
}

function faceClass(code) {
  return SPECIALS[code] ? `dp-special dp-${code}` : `dp-suit-${suitOf(code)}`;
}

/** A card face: the rank and the suit's sign (never colour alone), or the special's mark and name. */
function cardFace(code, { small = false, tag = "span", props = {} } = {}) {
  const cls = `dp-card${small ? " dp-small" : ""} ${faceClass(code)}${props.class ? ` ${props.class}` : ""}`;
  const named = tag === "button" ? {} : { role: "img" };
  return h(tag, { ...named, ...props, class: cls, dataset: { card: code }, title: cardLabel(code),
    "aria-label": props["aria-label"] || cardLabel(code) }, faceParts(code));
}

function cardRow(cards, small = true) {
  return h("span.dp-cards", sortCards(cards).map((c) => cardFace(c, { small })));
}

/** A card inside a line of text (the log, the summary): "7♥" with its name for screen readers. */
function miniCard(code) {
  const text = SPECIALS[code] ? SPECIALS[code] : `${rankOf(code)}${SUITS[suitOf(code)][0]}`;
  return h("span.dp-mini", { class: `dp-mini ${faceClass(code)}`, role: "img", "aria-label": cardLabel(code),
    title: cardLabel(code), dataset: { card: code } }, text);
}

function capital(text) { return text ? text.charAt(0).toUpperCase() + text.slice(1) : text; }
function plural(n, word) { return `${n} ${word}${n === 1 ? "" : "s"}`; }

/** The table's id: BGA's gamegui gives `table_id`; our page's address names it (#/table/12). */
function tableIdOf(game) {
  if (game.table_id) return game.table_id;
  const match = /^#\/table\/(\d+)/.exec(window.location.hash);
  return match ? Number(match[1]) : null;
}

// ----- the table --------------------------------------------------------------------------------
// The module's interface is BGA's (static/README.md): the shell makes this Game and gives it player_id, gamedatas,
// statusBar, bgaPerformAction, isCurrentPlayerActive and the rest, as BGA's gamegui gives them.
export class Game {
  setup(gamedatas) {
    this.selected = new Set();           // card codes selected for a play
    this.passing = { left: null, partner: null, right: null };
    this.phoenixAs = "";                 // "" = the highest reading
    this.described = null;               // {key, label, legal, reason, variants} of the selection
    this.describing = 0;                 // the latest description asked for: older answers are dropped
    this.askingWish = false;             // the Herald is being played: which wish?
    this.confirming = false;             // "confirm my plays": the Play button was pressed once
    this.bubbles = new Map();            // player id -> what they just did ("passes"), shown at their seat
    this.summary = null;                 // the hand-end summary on screen: {result, plays, lastPoints, gameOver}
    this.use(gamedatas);
    const e = this.els = {
      info: h("div.dp-info"),
      felt: h("div.dp-felt", { role: "region", "aria-label": "The table" }),
      rounds: h("div.dp-rounds"),
      exchange: h("div.dp-exchange"),
      passPanel: h("section.dp-pass-panel", { "aria-label": "Passing cards", hidden: true }),
      summary: h("section.dp-summary", { "aria-label": "End of the hand", hidden: true }),
      hand: h("div.dp-hand", { role: "group", "aria-label": "Your hand" }),
      selection: h("p.dp-selection", { id: "dp-selection", role: "status", "aria-live": "polite" }),
      choices: h("div.dp-choices"),
      handKey: null,
    };
    e.handWrap = h("section.dp-hand-wrap", { "aria-label": "Your hand" }, e.hand, e.selection, e.choices);
    fill(this.getGameAreaElement(), h("div.dp-table", e.info, e.summary, e.passPanel, e.felt, e.rounds, e.exchange));
    const bar = typeof this.getHandBarElement === "function" ? this.getHandBarElement() : null;
    if (bar) {
      fill(bar, e.handWrap);   // the shell's slot in the bottom bar (the replay viewer sets a new Game up each move)
    } else {
      this.getGameAreaElement().firstChild.append(e.handWrap);
    }
    if (this.data.last_hand && this.isOver()) this.summary = this.finalSummary();
    this.render();
    this.setupNotifications();
  }

  /** Our shell's extra hook: the view read after every move (on BGA, the notifications bring the changes). */
  onGamedatasUpdate(gamedatas) {
    this.use(gamedatas);
    const hand = new Set(this.data.hand || []);
    const kept = [...this.selected].filter((c) => hand.has(c));
    if (kept.length !== this.selected.size) this.setSelection(kept);
    for (const [slot] of SLOTS) if (this.passing[slot] && !hand.has(this.passing[slot])) this.passing[slot] = null;
    if (this.isOver() && this.data.last_hand) this.summary = { ...this.finalSummary(), ...(this.summary || {}), gameOver: true };
    this.render();
  }

  /** The game is over: the last hand's summary stays, with its final plays as the view has them. */
  finalSummary() {
    const d = this.data;
    const plays = (d.trick || []).length ? d.trick : (d.last_round && d.last_round.plays) || [];
    return { result: d.last_hand, plays, gameOver: true };
  }

  onEnteringState(stateName, state) {
    this.state = state;
    if (stateName === "passCards") this.passing = { left: null, partner: null, right: null };
    if (stateName !== "playerTurn") { this.askingWish = false; this.confirming = false; }
    if (stateName === "highFlight") this.setSelection([]);
    if (this.selected.size) this.describeSelection();   // the table changed: the same cards may now beat it, or not
    this.render();
  }

  onLeavingState() {}

  onUpdateActionButtons(stateName, args) {
    const possible = this.state.possibleactions || [];
    const active = this.isCurrentPlayerActive();
    const bar = this.statusBar;
    this.playButton = null;
    if (stateName === "highFlight" && active && possible.includes("highFlight")) {
      bar.addActionButton("Call High Flight (±200)", () => this.bgaPerformAction("highFlight", { call: true }),
        { classes: "dp-call" });
      bar.addActionButton("No High Flight", () => this.bgaPerformAction("highFlight", { call: false }), { color: "secondary" });
    }
    if (stateName === "passCards" && active && possible.includes("passCards")) {
      const ready = SLOTS.every(([slot]) => this.passing[slot]);
      bar.addActionButton("Pass the cards", () => this.sendPasses(),
        { classes: "dp-pass-cards", disabled: !ready, title: ready ? undefined : "Choose one card for each other player" });
    }
    if (stateName === "passCards" && possible.includes("undoPassCards")) {
      bar.addActionButton("Change my cards", () => this.bgaPerformAction("undoPassCards"),
        { color: "secondary", classes: "out-of-turn dp-undo-pass" });
    }
    if (stateName === "playerTurn" && active && this.askingWish) {
      this.wishButtons();
    } else if (stateName === "playerTurn" && active && possible.includes("playCards")) {
      this.playButtons("Play", "dp-play");
      if (possible.includes("pass") && !this.confirming) {
        bar.addActionButton("Pass", () => this.bgaPerformAction("pass"), { color: "secondary", classes: "dp-pass" });
      }
    } else if (possible.includes("playCards")) {
      // out of turn the server offers playCards only when a bomb in hand may be played now
      this.playButtons("Bomb!", "out-of-turn dp-bomb");
    }
    if (stateName === "giveDragon" && active && possible.includes("giveDragon")) {
      for (const to of args.opponents || []) {
        bar.addActionButton(`Give the Dragon's round to ${this.nameOf(to)}`, () => this.bgaPerformAction("giveDragon", { to }),
          { classes: "dp-give" });
      }
    }
    if (possible.includes("autoPass") && !this.askingWish && !this.confirming) {
      const on = !this.data.auto_pass;
      bar.addActionButton(on ? "Pass until the round ends" : "Stop passing automatically",
        () => this.bgaPerformAction("autoPass", { on }), { classes: "out-of-turn dp-autopass" });
    }
    if (possible.includes("takeOff") && !this.askingWish && !this.confirming) {
      bar.addActionButton("Call Take-off (±100)", () => this.bgaPerformAction("takeOff"), { classes: "out-of-turn dp-takeoff" });
    }
  }

  /** Play (or Bomb!) says what the selection is, and is disabled with the reason when it cannot be played. */
  playButtons(verb, classes) {
    const bar = this.statusBar;
    if (this.confirming) {
      bar.addActionButton(`Confirm: ${this.selectionWords()}`, () => this.playSelected(true), { classes: `${classes} dp-confirm` });
      bar.addActionButton("Cancel", () => { this.confirming = false; this.refreshButtons(); }, { color: "secondary" });
      return;
    }
    const { label, disabled, why } = this.playState(verb);
    this.playButton = bar.addActionButton(label, () => this.playSelected(), { classes, disabled, title: why || undefined });
    this.playButton.setAttribute("aria-describedby", "dp-selection");
  }

  /** The Play button's words: "Play: Full house, 3s over Ks"; disabled with why when it cannot be played. */
  playState(verb) {
    const count = this.selected.size;
    if (!count) return { label: verb, disabled: true, why: "Select the cards to play." };
    const known = this.described && this.described.key === this.selectionKey() ? this.described : null;
    const words = known && known.label ? known.label : plural(count, "card");
    const label = `${verb}: ${words}`;
    if (known && known.legal === false) return { label, disabled: true, why: known.reason };
    return { label, disabled: false, why: null };
  }

  selectionWords() {
    const known = this.described && this.described.key === this.selectionKey() ? this.described : null;
    return known && known.label ? known.label : plural(this.selected.size, "card");
  }

  /** The Herald is being played: the wish is asked now, each rank a button. */
  wishButtons() {
    const bar = this.statusBar;
    bar.addActionButton("No wish", () => this.playSelected(true, ""), { color: "secondary", classes: "dp-wish-none" });
    for (const rank of RANKS) {
      bar.addActionButton(`Wish: ${rank}`, () => this.playSelected(true, rank), { classes: "dp-wish-rank" });
    }
    bar.addActionButton("Cancel", () => { this.askingWish = false; this.refreshButtons(); this.renderSelection(); },
      { color: "secondary", classes: "dp-wish-cancel" });
  }

  setupNotifications() {
    this.bgaSetupPromiseNotifications({ minDurationNoText: 0 });   // a silent notification (a round collected) holds nothing
  }

  use(gamedatas) {
    this.data = structuredClone(gamedatas);   // the notif_ handlers change it as the table changes
    this.state = this.data.gamestate;
  }

  // ----- pacing hooks (the shell's; none in an older shell) ------------------------------------------
  pause(ms) { return typeof this.wait === "function" ? this.wait(ms) : Promise.resolve(); }

  slide(element, from) {
    if (typeof this.bgaSlideFrom !== "function" || !element || !from) return Promise.resolve();
    return Promise.resolve(this.bgaSlideFrom(element, from, SLIDE_MS));
  }

  // ----- notifications: the table moves as they arrive, paced by the shell -------------------------------
  notif_newHand(args) {
    Object.assign(this.data, { hand_number: args.hand_number, hand: [], trick: [], last_round: null, passed: [],
      out: [], wish: null, wish_by: null, calls: {}, round_won: false, received: [], my_passes: null, top: null,
      won_points: {}, won_counts: {}, rounds_won: {}, first_card_played: [], high_flight_answered: [] });
    this.bubbles.clear();
    this.render();
  }

  notif_dealCards(args) {
    this.data.hand = sortCards([...(this.data.hand || []), ...(args.cards || [])]);
    this.render();
  }

  notif_handSizes(args) {
    this.data.hand_sizes = { ...args.hand_sizes };
    this.renderFelt();
  }

  notif_call(args) {
    this.data.calls = { ...(this.data.calls || {}), [args.player_id]: args.call };
    this.bubble(args.player_id, `calls ${CALL_NAMES[args.call] || args.call}!`);
  }

  notif_noHighFlight(args) {
    this.data.high_flight_answered = [...(this.data.high_flight_answered || []), args.player_id];
    this.renderFelt();
  }

  notif_cardsChosen(args) {
    this.data.my_passes = { left: args.left, partner: args.partner, right: args.right };
    this.renderPassPanel();
  }

  notif_passUndone(args) {
    if (args.player_id === this.player_id) this.data.my_passes = null;
    this.renderPassPanel();
  }

  notif_cardsReceived(args) {
    const gave = new Set(Object.values(this.data.my_passes || {}));
    this.data.hand = sortCards([...(this.data.hand || []).filter((c) => !gave.has(c)), ...(args.cards || [])]);
    this.data.received = args.received || [];
    this.render();
  }

  async notif_playCards(args) {
    const d = this.data;
    const who = args.player_id;
    d.trick = [...(d.trick || []), { player: who, cards: args.cards, name: args.combo_name }];
    Object.assign(d, { last_player: who, passed: [], round_won: false, top: args.combo });
    d.hand_sizes = { ...(d.hand_sizes || {}), [who]: args.hand_size };
    if (!(d.first_card_played || []).includes(who)) d.first_card_played = [...(d.first_card_played || []), who];
    const mine = who === this.player_id;
    const from = mine ? this.els.hand : this.seatHead(who);
    if (mine) {
      const gone = new Set(args.cards);
      d.hand = (d.hand || []).filter((c) => !gone.has(c));
      this.setSelection([]);
    }
    this.bubbles.delete(who);
    this.render();
    await this.slide(this.seatPlay(who), from);
  }

  notif_pass(args) {
    this.data.passed = [...(this.data.passed || []), args.player_id];
    this.bubbles.delete(args.player_id);
    this.renderFelt();   // "Pass" at the seat
  }

  notif_autoPass(args) {
    this.data.auto_pass = Boolean(args.on);
    this.renderInfo();
  }

  notif_wish(args) {
    Object.assign(this.data, { wish: args.rank, wish_by: args.player_id });
    this.renderInfo();
    this.renderFelt();
  }

  notif_wishFulfilled() {
    Object.assign(this.data, { wish: null, wish_by: null });
    this.renderInfo();
    this.renderFelt();
  }

  notif_playerOut(args) {
    this.data.out = [...(this.data.out || []), args.player_id];
    this.bubble(args.player_id, `is out (${PLACES[this.data.out.length - 1]})`);
  }

  async notif_roundWon(args) {
    this.data.round_won = true;
    this.bubble(args.player_id, `wins the round (${plural(args.points, "point")})`);
    await this.pause(ROUND_WON_MS);
  }

  notif_collect(args) {
    const d = this.data;
    const to = args.player_id;
    const taken = (d.trick || []).flatMap((play) => play.cards).length;
    d.last_round = { winner: d.last_player, to, plays: d.trick || [] };
    Object.assign(d, { trick: [], top: null, last_player: null, passed: [], round_won: false });
    d.won_points = { ...(d.won_points || {}), [to]: ((d.won_points || {})[to] || 0) + (args.points || 0) };
    d.rounds_won = { ...(d.rounds_won || {}), [to]: ((d.rounds_won || {})[to] || 0) + 1 };
    d.won_counts = { ...(d.won_counts || {}), [to]: ((d.won_counts || {})[to] || 0) + taken };
    this.bubbles.clear();
    this.render();
  }

  notif_foxLead(args) {
    const d = this.data;
    d.last_round = { winner: null, to: null, plays: d.trick || [] };
    Object.assign(d, { trick: [], top: null, last_player: null, passed: [], round_won: false });
    this.bubbles.clear();
    this.bubble(args.player_id, "leads (the Fox)");
  }

  notif_dragonGiven(args) {
    this.bubble(args.player_id, `gives the Dragon's round to ${this.nameOf(args.to)}`);
  }

  /** The hand-end pause: the final plays, who went out, the score breakdown; then the next hand. */
  async notif_handScore(args) {
    const d = this.data;
    const plays = (d.trick || []).length ? d.trick : (d.last_round && d.last_round.plays) || [];
    this.summary = { result: args.result, plays, lastPoints: args.last_hand_points, gameOver: Boolean(args.game_over) };
    d.past_hands = [...(d.past_hands || []).filter((line) => line.hand_number !== args.result.hand_number), args.result];
    d.last_hand = args.result;
    d.totals = args.result.totals;
    this.render();
    if (args.game_over) return;   // the summary stays: the game is over
    const shown = this.summary;
    const next = new Promise((resolve) => { this.nextHand = resolve; });
    const paced = typeof this.wait === "function" && (typeof this.bgaAnimationsActive !== "function" || this.bgaAnimationsActive());
    if (paced) {   // the table waits on the summary (acting in the next hand cuts the wait short)
      await Promise.race([this.pause(HAND_END_MS), next]);
      this.closeSummary(shown);
    } else {       // instant pace (or no pacing): the table moves on, the summary stays a while on its own clock
      Promise.race([new Promise((resolve) => setTimeout(resolve, HAND_END_MS)), next]).then(() => this.closeSummary(shown));
    }
  }

  notif_gameWon() {
    if (this.summary) this.summary.gameOver = true;
    this.renderSummary();
  }

  /** The summary makes way for the next hand (`shown`: only if it is still that one). */
  closeSummary(shown = this.summary) {
    if (!this.summary || this.summary !== shown || this.summary.gameOver) return;
    this.summary = null;
    this.nextHand = null;
    this.render();
  }

  /** What a player just did, shown at their seat until the table moves on. */
  bubble(playerId, text) {
    this.bubbles.set(playerId, text);
    this.renderFelt();
  }

  /** The log's arguments as cards and names, never codes (the shell renders the log through it). */
  bgaFormatText(log, args) {
    if (!args || typeof log !== "string") return { log, args };
    const shown = { ...args };
    if (log.includes("${combo_name}") && Array.isArray(args.cards)) {
      shown.combo_name = h("span.dp-log-play", `${args.combo_name} `, args.cards.map(miniCard));
    }
    if (log.includes("${card_names}") && Array.isArray(args.received)) {
      shown.card_names = h("span.dp-log-cards", args.received.map((r, i) => [i ? ", " : "", miniCard(r.card),
        ` from ${this.nameOf(r.from)}`]));
    }
    if (log.includes("${passes}") && args.to) {
      shown.passes = h("span.dp-log-cards", SLOTS.map(([slot], i) => [i ? ", " : "", miniCard(args[slot]),
        ` to ${this.nameOf(args.to[slot])}`]));
    }
    return { log, args: shown };
  }

  // ----- players --------------------------------------------------------------------------------
  players() { return Object.values(this.data.players || {}); }
  nameOf(id) {
    const players = (this.data || this.gamedatas || {}).players || {};   // the log may be drawn before setup
    return players[id] ? players[id].name : `player ${id}`;
  }
  /** A name in dark text with the seat's colour as a mark beside it: readable on any background. */
  nameEl(id) {
    const p = (this.data.players || {})[id];
    return h("span.dp-player", { style: `--seat:${seatColour(p ? p.seat : 0)}`, dataset: { player: id } },
      p ? p.name : `player ${id}`);
  }
  mySeat() { const p = (this.data.players || {})[this.player_id]; return p ? p.seat : null; }
  bySeat(seat) { return this.players().find((p) => p.seat === ((seat % 4) + 4) % 4); }
  isOver() { return this.state && this.state.name === "gameEnd"; }
  seatEl(id) { return this.els.felt.querySelector(`.dp-seat[data-player="${CSS.escape(String(id))}"]`); }
  seatHead(id) { const seat = this.seatEl(id); return seat && seat.querySelector(".dp-seat-head"); }
  seatPlay(id) { const seat = this.seatEl(id); return seat && seat.querySelector(".dp-seat-play .dp-cards"); }

  // ----- what may be played: the server says ------------------------------------------------------
  myTurn() { return this.isCurrentPlayerActive() && this.state.name === "playerTurn"; }

  /** Cards in some play allowed now (the state's args, for the player in turn); null: no marks. */
  playable() {
    const args = (this.state && this.state.args) || {};
    if (!this.myTurn() || !Array.isArray(args.playable) || args.lead) return null;
    return new Set(args.playable);
  }

  selectionKey() { return JSON.stringify([sortCards([...this.selected]), this.phoenixAs]); }

  setSelection(cards) {
    this.selected = new Set(cards);
    this.askingWish = false;
    this.confirming = false;
    if (!this.selected.has("phoenix")) this.phoenixAs = "";
    this.described = null;
  }

  /** Ask the server what the selection is and whether it may be played now; the Play button follows. */
  async describeSelection() {
    const cards = sortCards([...this.selected]);
    const key = this.selectionKey();
    const asked = ++this.describing;
    const table = tableIdOf(this);
    if (!cards.length || table === null || this.isSpectator) return;
    const body = { cards };
    if (this.phoenixAs) body.phoenix = this.phoenixAs;
    const as = actingAs(table);
    let answer;
    try {
      answer = await request("POST", `/api/tables/${table}/describe/playCards${as ? `?as=${as}` : ""}`, body);
    } catch {
      return;   // no description (an older server, the network): the button says "Play: 2 cards" and the server judges
    }
    if (asked !== this.describing || key !== this.selectionKey()) return;
    this.described = { key, ...answer };
    this.renderSelection();
    this.refreshButtons();
  }

  // ----- actions --------------------------------------------------------------------------------
  /** Play the selection; with "confirm my plays" on, the first press asks to confirm; the Herald asks the wish. */
  async playSelected(confirmed = false, wish = null) {
    if (!this.selected.size) { this.showMessage("Select the cards to play first.", "error"); return; }
    const cards = sortCards([...this.selected]);
    const wishing = this.myTurn() && cards.includes("herald") && this.data.wish_option !== false;
    if (wishing && wish === null) {
      this.askingWish = true;
      this.refreshButtons();
      this.renderSelection();
      return;
    }
    if (!confirmed && this.confirmPlays()) {
      this.confirming = true;
      this.refreshButtons();
      return;
    }
    const args = { cards };
    if (cards.includes("phoenix") && cards.length > 1 && this.phoenixAs) args.phoenix = this.phoenixAs;
    if (wish) args.wish = wish;
    this.askingWish = false;
    this.confirming = false;
    try {
      await this.bgaPerformAction("playCards", args);
    } catch {
      this.refreshButtons();
      return;   // refused: the shell says why, the selection stays
    }
    this.setSelection([]);
    this.render();
  }

  confirmPlays() {
    try { return localStorage.getItem(CONFIRM_KEY) === "1"; } catch { return false; }
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
    if (!this.state) return;
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
    } else {
      const next = new Set(this.selected);
      if (next.has(code)) next.delete(code);
      else next.add(code);
      this.setSelection([...next]);
      this.describeSelection();
    }
    this.render(code);
    this.refreshButtons();
  }

  // ----- drawing --------------------------------------------------------------------------------
  render(focusCode) {
    const els = this.els;
    const focused = focusCode || (document.activeElement && document.activeElement.dataset
      && els.hand.contains(document.activeElement) ? document.activeElement.dataset.card : null);
    this.renderInfo();
    this.renderSummary();
    this.renderPassPanel();
    this.renderFelt();
    this.renderRounds();
    this.renderExchange();
    this.renderHand();
    this.renderSelection();
    if (focused) {
      const again = els.hand.querySelector(`[data-card="${CSS.escape(focused)}"]`);
      if (again && again !== document.activeElement) again.focus();
    }
  }

  teamName(team) {
    return (team || []).map((id, j) => [j ? " & " : "", this.nameEl(id)]);
  }

  renderInfo() {
    const data = this.data;
    const bits = [h("span.dp-chip", `Hand ${data.hand_number || 0}`), h("span.dp-chip", `Target ${data.target || ""}`)];
    const totals = data.totals || [0, 0];
    (data.teams || []).forEach((team, i) => {
      const mine = team.includes(this.player_id);
      bits.push(h("span.dp-chip.dp-team", { class: `dp-chip dp-team${mine ? " dp-my-team" : ""}` },
        this.teamName(team), h("b", `: ${totals[i]}`), mine ? h("span.dp-us", " (us)") : null));
    });
    if (data.wish) {
      bits.push(h("span.dp-chip.dp-wish", { role: "status" }, `Wish: ${data.wish}`,
        data.wish_by !== null && data.wish_by !== undefined ? [", by ", this.nameEl(data.wish_by)] : null));
    }
    if (data.wish_option === false) bits.push(h("span.dp-chip", "No-wish variant"));
    if (data.auto_pass) bits.push(h("span.dp-chip.dp-auto", "Passing until the round ends"));
    bits.push(this.scoresTable());
    if (!this.isSpectator) {
      bits.push(h("label.dp-setting", h("input", { type: "checkbox", checked: this.confirmPlays(),
        on: { change: (e) => { try { localStorage.setItem(CONFIRM_KEY, e.target.checked ? "1" : "0"); } catch { /* private mode */ } } } }),
      " Confirm my plays"));
    }
    fill(this.els.info, bits);
  }

  /** Past hands in a table one click away, not in the main column. */
  scoresTable() {
    const past = this.data.past_hands || [];
    if (!past.length) return null;
    const teams = this.data.teams || [[], []];
    const open = this.els.info.querySelector("details.dp-scores");
    return h("details.dp-scores", { open: Boolean(open && open.open) },
      h("summary", `Scores (${plural(past.length, "hand")})`),
      h("div.dp-table-wrap", h("table.dp-score-history",
        h("thead", h("tr", h("th", { scope: "col" }, "Hand"), h("th", { scope: "col" }, this.teamName(teams[0])),
          h("th", { scope: "col" }, this.teamName(teams[1])))),
        h("tbody", past.map((line) => h("tr", h("th", { scope: "row" }, String(line.hand_number)),
          [0, 1].map((i) => h("td", `${line.total[i] > 0 ? "+" : ""}${line.total[i]} → ${line.totals[i]}`))))))));
  }

  /** Four seats round a felt, each with its latest play of the round in front of it. */
  renderFelt() {
    const data = this.data;
    const me = this.mySeat();
    const base = me === null ? 0 : me;
    const active = new Set(this.getActivePlayers());
    const trick = data.trick || [];
    const latest = new Map();
    trick.forEach((play, i) => latest.set(play.player, { play, top: i === trick.length - 1 }));
    const seats = [0, 1, 2, 3].map((offset) => {
      const p = this.bySeat(base + offset);
      return p ? this.seat(p, offset, me === null, active.has(p.id), latest.get(p.id)) : null;
    });
    fill(this.els.felt, seats, this.feltCentre());
    this.els.felt.hidden = Boolean(this.summary);
  }

  seat(p, offset, spectator, isActive, latest) {
    const data = this.data;
    const id = p.id;
    const key = String(id);
    const facts = [];
    const sizes = data.hand_sizes || {};
    if (key in sizes) facts.push(h("span.dp-fact.dp-size", plural(sizes[key], "card")));
    if (data.won_points && key in data.won_points) {
      const rounds = (data.rounds_won || {})[key] || 0;
      facts.push(h("span.dp-fact.dp-won", `won ${plural(data.won_points[key], "pt")} · ${plural(rounds, "round")}`));
    }
    const call = (data.calls || {})[key];
    if (call) facts.push(h("span.dp-fact.dp-callmark", CALL_NAMES[call] || call));
    const out = data.out || [];
    if (out.includes(id)) facts.push(h("span.dp-fact.dp-outmark", `out ${PLACES[out.indexOf(id)]}`));
    const state = this.state ? this.state.name : "";
    if (state === "highFlight" && (data.high_flight_answered || []).includes(id)) facts.push(h("span.dp-fact", "answered"));
    if (state === "passCards" && !isActive) facts.push(h("span.dp-fact", "cards chosen"));
    const role = spectator ? `Team ${(p.seat % 2) + 1}` : ROLES[offset];
    const passed = (data.passed || []).includes(id) && (data.trick || []).length;
    const play = latest ? latest.play : null;
    const bubble = this.bubbles.get(id);
    return h("div.dp-seat", { class: `dp-seat dp-pos-${POSITIONS[offset]}${isActive ? " dp-active" : ""}${offset === 2 && !spectator ? " dp-partner" : ""}`,
      dataset: { player: id }, style: `--seat:${seatColour(p.seat)}` },
    h("div.dp-seat-head", isActive ? h("span.dp-turn", { "aria-label": "their turn" }, "▶") : null, this.nameEl(id),
      h("span.dp-role", role)),
    h("div.dp-facts", facts),
    h("div.dp-seat-play", { class: `dp-seat-play${latest && latest.top ? " dp-top" : ""}` },
      play ? [cardRow(play.cards), h("span.dp-combo", capital(play.name)), latest.top ? h("span.dp-topmark", data.round_won ? "wins" : "on top") : null]
        : null,
      passed ? h("span.dp-passmark", "Pass") : null),
    bubble ? h("p.dp-bubble", { role: "status" }, this.nameOf(id), ` ${bubble}`) : null);
  }

  feltCentre() {
    const data = this.data;
    const trick = data.trick || [];
    const lines = [];
    const leader = this.state && this.state.name === "playerTurn" ? this.getActivePlayerId() : null;
    if (trick.length) {
      // a won round says so at its winner's seat
      if (!data.round_won) lines.push(h("p.dp-to-beat", "To beat: ", h("b", trick[trick.length - 1].name)));
    } else if (leader !== null) {
      lines.push(h("p.dp-empty", this.nameEl(leader), leader === this.player_id ? " — your lead" : " leads"));
    } else if (this.state && this.state.name === "passCards") {
      lines.push(h("p.dp-empty", "Passing cards"));
    } else if (this.state && this.state.name === "highFlight") {
      lines.push(h("p.dp-empty", "High Flight?"));
    }
    if (data.wish) lines.push(h("p.dp-centre-wish", `Wish: ${data.wish}`));
    return h("div.dp-centre", lines);
  }

  /** The round so far and the last round: folded, one click away. */
  renderRounds() {
    const data = this.data;
    const trick = data.trick || [];
    const parts = [];
    const openBefore = (name) => {
      const el = this.els.rounds.querySelector(`details.${name}`);
      return Boolean(el && el.open);
    };
    if (trick.length) {
      parts.push(h("details.dp-history", { open: openBefore("dp-history") },
        h("summary", `This round: ${plural(trick.length, "play")}`), this.playList(trick, trick.length - 1)));
    }
    const last = data.last_round;
    if (last && last.plays && last.plays.length) {
      parts.push(h("details.dp-last", { open: openBefore("dp-last") }, h("summary", "Last round: ",
        last.to !== null && last.to !== undefined ? ["taken by ", this.nameEl(last.to)] : "the Fox's round"),
      this.playList(last.plays, last.plays.length - 1)));
    }
    fill(this.els.rounds, parts);
  }

  playList(plays, topIndex) {
    return h("ol.dp-plays", plays.map((play, i) => h("li.dp-play-line", { class: `dp-play-line${i === topIndex ? " dp-top" : ""}`,
      dataset: { player: play.player } },
    this.nameEl(play.player), h("span.dp-combo", play.name), cardRow(play.cards))));
  }

  /** The cards passed and received this hand, and with whom. */
  renderExchange() {
    const data = this.data;
    const parts = [];
    const me = this.mySeat();
    if (data.my_passes && (data.received || []).length && me !== null) {
      parts.push(h("p.dp-passed-line", "Passed: ", SLOTS.map(([slot], i) => {
        const to = this.bySeat(me + i + 1);
        return [i ? ", " : "", miniCard(data.my_passes[slot]), " to ", to ? this.nameEl(to.id) : slot];
      })));
    }
    if ((data.received || []).length) {
      parts.push(h("p.dp-received-line", "Received: ", data.received.map((r, i) => [i ? ", " : "",
        miniCard(r.card), " from ", this.nameEl(r.from)])));
    }
    fill(this.els.exchange, parts);
  }

  renderPassPanel() {
    const panel = this.els.passPanel;
    const show = this.state && this.state.name === "passCards" && !this.isSpectator;
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
      mine ? h("p.muted", "Your cards are chosen; waiting for the others (you may change them until everyone has chosen).")
        : h("p.muted", "Select cards in your hand to fill Left, Partner, Right in order."));
  }

  renderHand() {
    const { data, els, state } = this;
    const me = this.player_id;
    const hand = sortCards(data.hand || []);
    const playable = this.playable();
    const passMode = state.name === "passCards" && this.isCurrentPlayerActive();
    const received = new Set((data.received || []).map((r) => r.card));
    const assigned = Object.fromEntries(SLOTS.filter(([slot]) => this.passing[slot])
      .map(([slot, label]) => [this.passing[slot], label]));
    const key = JSON.stringify([hand, playable && [...playable], passMode, assigned, [...this.selected], [...received],
      state.name, data.first_card_played, (data.out || []).includes(me)]);
    if (key === els.handKey) return;   // unchanged: keep the elements (and clicks in flight, focus)
    els.handKey = key;
    els.handWrap.hidden = this.isSpectator;
    if (!hand.length) {
      fill(els.hand, h("p.muted", (data.out || []).includes(me) ? "You are out of this hand." : "No cards."));
      return;
    }
    const fresh = state.name === "playerTurn" && !(data.first_card_played || []).includes(me);
    fill(els.hand, hand.map((code) => {
      const isSel = passMode ? Boolean(assigned[code]) : this.selected.has(code);
      const blocked = playable && !playable.has(code) && !isSel;
      const isNew = received.has(code) && fresh;
      const classes = [isSel ? "dp-selected" : "", blocked ? "dp-blocked" : "", isNew ? "dp-received" : ""]
        .filter(Boolean).join(" ");
      const notes = [passMode && assigned[code] ? `to ${assigned[code]}` : "", isNew ? "received" : "",
        blocked ? "cannot be played now" : ""].filter(Boolean);
      const el = cardFace(code, { tag: "button", props: {
        type: "button", class: classes, "aria-pressed": isSel ? "true" : "false",
        "aria-label": `${cardLabel(code)}${notes.length ? ` (${notes.join(", ")})` : ""}`,
        on: { click: () => this.toggle(code), keydown: (event) => this.onCardKey(event, code, passMode, assigned) },
      } });
      if (isSel) el.append(h("span.dp-check", { "aria-hidden": "true" }, "✓"));
      if (passMode && assigned[code]) el.append(h("span.dp-tag", { "aria-hidden": "true" }, assigned[code]));
      if (isNew) el.append(h("span.dp-new", { "aria-hidden": "true" }, "new"));
      return el;
    }));
  }

  /** Space (a button's own) selects; Enter plays the selection (or the card alone); arrows move along the hand. */
  onCardKey(event, code, passMode, assigned) {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const cards = [...this.els.hand.querySelectorAll("button.dp-card")];
      const at = cards.findIndex((el) => el.dataset.card === code);
      const next = cards[at + (event.key === "ArrowRight" ? 1 : -1)];
      if (next) { event.preventDefault(); next.focus(); }
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (passMode) {
        if (!assigned[code]) this.toggle(code);
        if (SLOTS.every(([s]) => this.passing[s])) this.sendPasses();
        return;
      }
      if (!this.selected.has(code) && !this.selected.size) {
        this.setSelection([code]);
        this.describeSelection();
        this.render(code);
      }
      this.playSelected();
    }
  }

  /** Under the hand: what the selection makes, or why it cannot be played; the Phoenix's readings. */
  renderSelection() {
    const parts = [];
    const choices = [];
    const count = this.selected.size;
    const acting = !this.isSpectator && this.state && ["playerTurn", "giveDragon"].includes(this.state.name);
    const known = this.described && this.described.key === this.selectionKey() ? this.described : null;
    if (this.askingWish) {
      parts.push(h("span.dp-ask", "You play the Herald: make a wish? The next player holding that rank must play it when they can."));
    } else if (count && acting) {
      if (known && known.legal === false) {
        if (known.label) parts.push(h("b.dp-sel-label", known.label), " — ");
        parts.push(h("span.dp-why", "✗ ", known.reason));
      } else if (known && known.label) {
        parts.push(h("b.dp-sel-label", known.label), known.legal ? h("span.dp-ok", " ✓ may be played") : null);
      } else {
        parts.push(plural(count, "card"), " selected");
      }
    }
    if (known && known.variants && known.variants.length > 1 && acting) {
      choices.push(h("span.dp-variants", { role: "group", "aria-label": "What the Phoenix stands for" },
        "The Phoenix as: ", known.variants.map((v) => {
          const rank = v.args.phoenix;
          const on = (this.phoenixAs || known.variants[0].args.phoenix) === rank;
          return h("button.bgabutton.bgabutton_gray.dp-variant", { type: "button", "aria-pressed": on ? "true" : "false",
            title: v.label, on: { click: () => { this.phoenixAs = rank; this.describeSelection(); this.renderSelection(); } } },
          `${rank}${on ? " ✓" : ""}`);
        })));
    }
    if (count && acting) {
      choices.push(h("button.bgabutton.bgabutton_gray.dp-clear", { type: "button",
        on: { click: () => { this.setSelection([]); this.render(); this.refreshButtons(); } } }, "Clear selection"));
    }
    fill(this.els.selection, parts);
    this.els.selection.hidden = !parts.length;
    fill(this.els.choices, choices);
  }

  /** The hand-end pause (and the final result once the game is over). */
  renderSummary() {
    const panel = this.els.summary;
    const s = this.summary;
    panel.hidden = !s;
    this.els.felt.hidden = Boolean(s);
    if (!s) { fill(panel); return; }
    const last = s.result;
    const teams = this.data.teams || [[], []];
    const out = last.out || [];
    const callsMade = Object.entries(last.calls_made || {}).filter(([, c]) => c);
    const left = this.players().map((p) => p.id).filter((id) => !out.includes(id));
    const rows = [0, 1].map((i) => h("tr", { dataset: { team: i } },
      h("th", { scope: "row" }, this.teamName(teams[i])),
      h("td", String(last.cards[i])), h("td", String(last.calls[i])), h("td.dp-hand-total", String(last.total[i])),
      h("td.dp-game-total", String(last.totals[i]))));
    const plays = s.plays || [];
    fill(panel, h("h3.dp-h", s.gameOver ? `Game over — end of hand ${last.hand_number}` : `End of hand ${last.hand_number}`),
      last.double !== null && last.double !== undefined ? h("p.dp-double", "Double victory for ", this.teamName(teams[last.double]), "!") : null,
      plays.length ? h("div.dp-final", h("p.dp-final-head", "Final plays"), this.playList(plays, plays.length - 1)) : null,
      h("p.dp-out-order", "Went out: ", out.length ? out.map((id, i) => [i ? ", " : "", `${PLACES[i]} `, this.nameEl(id)]) : "nobody",
        left.length === 1 && last.double === null && s.lastPoints !== undefined
          ? ["; ", this.nameEl(left[0]), ` kept ${plural(s.lastPoints, "point")} in hand (to the other team)`] : null),
      h("p.dp-calls", "Calls: ", callsMade.length ? callsMade.map(([id, c], i) => [i ? ", " : "", this.nameEl(Number(id)),
        ` ${CALL_NAMES[c] || c} ${out[0] === Number(id) ? "won" : "lost"}`]) : "none"),
      h("div.dp-table-wrap", h("table.dp-score", h("thead", h("tr", h("th", { scope: "col" }, "Team"),
        h("th", { scope: "col" }, "Card points"), h("th", { scope: "col" }, "Calls"),
        h("th", { scope: "col" }, "Hand"), h("th", { scope: "col" }, "Total"))), h("tbody", rows))),
      s.gameOver ? null : h("button.bgabutton.dp-next-hand", { type: "button",
        on: { click: () => (this.nextHand ? this.nextHand() : this.closeSummary()) } }, "Next hand"));
  }
}
