// Dragon and Phoenix: the table renderer (plain ES module, cards drawn with HTML/CSS, text only: never innerHTML).
// The rules stay in Python: the server says what a selection makes and why it cannot be played
// (POST .../describe/playCards), and which cards are playable (the state's args).
import { fill, h, seatColour } from "/static/js/dom.js";

const SUITS = { C: ["♣", "clubs"], D: ["♦", "diamonds"], H: ["♥", "hearts"], S: ["♠", "spades"] };
const SPECIALS = { herald: ["2", "Herald"], fox: ["✦", "Fox"], phoenix: ["✸", "Phoenix"], dragon: ["✹", "Dragon"] };
const RANKS = ["3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
const RANK_WORDS = { J: "Jack", Q: "Queen", K: "King", A: "Ace" };
const ORDER = ["herald", "fox", "phoenix", ...RANKS, "dragon"];
const SLOTS = [["left", "Left"], ["partner", "Partner"], ["right", "Right"]];
const CALLS = { highFlight: "High Flight", takeOff: "Take-off" };
const PLACES = ["1st", "2nd", "3rd", "4th"];
const POSITIONS = ["bottom", "left", "top", "right"];   // by seat from the viewer's: you, left, partner, right
const ROLES = ["You", "Left opponent", "Partner", "Right opponent"];
const ROUND_WON_MS = 1500;    // a won round stays on the table this long
const HAND_END_MS = 8000;     // the hand-end summary, unless "Next hand" is pressed first

// ----- cards ---------------------------------------------------------------------------------
const special = (code) => SPECIALS[code];
const rankOf = (code) => code.slice(0, -1);
const suitOf = (code) => code.slice(-1);
const sortKey = (code) => (special(code) ? ORDER.indexOf(code) * 4 : ORDER.indexOf(rankOf(code)) * 4 + "CDHS".indexOf(suitOf(code)));
const sortCards = (cards) => [...cards].sort((a, b) => sortKey(a) - sortKey(b));
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;
const faceClass = (code) => (special(code) ? `dp-special dp-${code}` : `dp-suit-${suitOf(code)}`);

/** "7 of hearts", "Queen of spades", "Dragon": a card's name for screen readers. */
function cardLabel(code) {
  return special(code) ? special(code)[1] : `${RANK_WORDS[rankOf(code)] || rankOf(code)} of ${SUITS[suitOf(code)][1]}`;
}

/** A card face: rank and suit sign (never colour alone), or the special's mark and name. */
function cardFace(code, { small = false, tag = "span", props = {} } = {}) {
  const [mark, word] = special(code) || [rankOf(code), SUITS[suitOf(code)][0]];
  return h(tag, { role: tag === "button" ? undefined : "img", ...props, dataset: { card: code }, title: cardLabel(code),
    class: `dp-card${small ? " dp-small" : ""} ${faceClass(code)} ${props.class || ""}`,
    "aria-label": props["aria-label"] || cardLabel(code) },
  h("span.dp-rank", { "aria-hidden": "true" }, mark), h(special(code) ? "span.dp-name" : "span.dp-suit", { "aria-hidden": "true" }, word));
}

const cardRow = (cards) => h("span.dp-cards", sortCards(cards).map((c) => cardFace(c, { small: true })));

/** A card in a line of text (the log, the summary): "7♥", named for screen readers. */
function miniCard(code) {
  return h("span", { class: `dp-mini ${faceClass(code)}`, role: "img", "aria-label": cardLabel(code), dataset: { card: code } },
    special(code) ? special(code)[1] : `${rankOf(code)}${SUITS[suitOf(code)][0]}`);
}

// ----- the table ------------------------------------------------------------------------------
// The module's interface is BGA's (static/README.md): the shell makes this Game and gives it player_id, gamedatas,
// statusBar, bgaPerformAction, isCurrentPlayerActive and the rest, as BGA's gamegui does.
export class Game {
  logGroupEnds = ["roundWon", "handScore"];   // the log reads by trick: a won round, a scored hand

  setup(gamedatas) {
    this.selected = new Set();           // cards selected for a play
    this.passing = { left: null, partner: null, right: null };
    this.phoenixAs = "";                 // the Phoenix's reading chosen ("": the highest)
    this.described = null;               // the server's words for the selection: {key, label, legal, reason, variants}
    this.asked = 0;                      // the latest description asked for: older answers are dropped
    this.askingWish = false;             // the Herald is being played: which wish?
    this.roundPoints = null;             // {player, points} of the round just won, said at the winner's seat
    this.summary = null;                 // the hand-end summary on screen: {result, plays, lastPoints, gameOver}
    this.use(gamedatas);
    const e = this.els = { info: h("div.dp-info"), felt: h("div.dp-felt", { role: "region", "aria-label": "The table" }),
      rounds: h("div.dp-rounds"), exchange: h("div.dp-exchange"),
      passPanel: h("section.dp-pass-panel", { "aria-label": "Passing cards", hidden: true }),
      summary: h("section.dp-summary", { "aria-label": "End of the hand", hidden: true }),
      hand: h("div.dp-hand", { role: "group", "aria-label": "Your hand" }),
      selection: h("p.dp-selection", { id: "dp-selection", role: "status", "aria-live": "polite" }),
      choices: h("div.dp-choices"), handKey: null };
    e.handWrap = h("div.dp-hand-wrap", e.hand, e.selection, e.choices);
    const table = h("div.dp-table", e.info, e.summary, e.passPanel, e.felt, e.rounds, e.exchange);
    fill(this.getGameAreaElement(), table);
    fill(this.getHandBarElement(), e.handWrap);   // the hand in the shell's bottom bar, by the action buttons
    if (this.isOver() && this.data.last_hand) this.summary = this.finalSummary();
    this.render();
    this.setupNotifications();
  }

  /** Our shell's extra hook: the view read after every move (on BGA, the notifications bring the changes). */
  onGamedatasUpdate(gamedatas) {
    this.use(gamedatas);
    const hand = new Set(this.data.hand || []);
    if ([...this.selected].some((c) => !hand.has(c))) this.setSelection([...this.selected].filter((c) => hand.has(c)));
    for (const [slot] of SLOTS) if (!hand.has(this.passing[slot])) this.passing[slot] = null;
    if (this.isOver() && this.data.last_hand) this.summary = { ...this.finalSummary(), ...this.summary, gameOver: true };
    this.render();
  }

  /** The game is over: the last hand's summary stays, with its final plays as the view has them. */
  finalSummary() {
    const d = this.data;
    return { result: d.last_hand, plays: (d.trick || []).length ? d.trick : (d.last_round || {}).plays || [], gameOver: true };
  }

  onEnteringState(stateName, state) {
    this.state = state;
    if (stateName === "passCards") this.passing = { left: null, partner: null, right: null };
    if (stateName !== "playerTurn") this.askingWish = false;
    if (stateName === "highFlight") this.setSelection([]);
    if (this.selected.size) this.describeSelection();   // the table changed: the same cards may beat it now, or not
    this.render();
  }

  onLeavingState() {}

  onUpdateActionButtons(stateName, args) {
    const possible = this.state.possibleactions || [];
    const active = this.isCurrentPlayerActive();
    const add = (label, act, options) => this.statusBar.addActionButton(label, act, options);
    const perform = (action, data) => () => this.bgaPerformAction(action, data);
    if (stateName === "highFlight" && active && possible.includes("highFlight")) {
      add("Call High Flight (±200)", perform("highFlight", { call: true }), { classes: "dp-call" });
      add("No High Flight", perform("highFlight", { call: false }), { color: "secondary" });
    }
    if (stateName === "passCards" && active && possible.includes("passCards")) {
      const ready = SLOTS.every(([slot]) => this.passing[slot]);
      add("Pass the cards", () => this.sendPasses(), { classes: "dp-pass-cards", disabled: !ready,
        title: ready ? undefined : "Choose one card for each other player" });
    }
    if (possible.includes("undoPassCards")) {
      add("Change my cards", () => this.bgaPerformAction("undoPassCards", {}, { confirm: false }),   // takes nothing back
        { color: "secondary", classes: "out-of-turn dp-undo-pass" });
    }
    const turn = stateName === "playerTurn" && active;
    if (turn && this.askingWish) {
      add("No wish", () => this.playSelected(""), { color: "secondary", classes: "dp-wish-none" });
      for (const rank of RANKS) add(`Wish: ${rank}`, () => this.playSelected(rank), { classes: "dp-wish-rank" });
      add("Cancel", () => { this.askingWish = false; this.refresh(); }, { color: "secondary" });
      return;
    }
    if (possible.includes("playCards")) {
      // out of turn the server offers playCards only when a bomb in hand may be played now
      this.playButtons(turn ? "Play" : "Bomb now", turn ? "dp-play" : "out-of-turn dp-bomb");
    }
    if (turn && possible.includes("pass")) add("Pass", perform("pass"), { color: "secondary", classes: "dp-pass" });
    if (stateName === "giveDragon" && active) {
      for (const to of args.opponents || []) {
        add(`Give the Dragon's round to ${this.nameOf(to)}`, perform("giveDragon", { to }), { classes: "dp-give" });
      }
    }
    if (possible.includes("autoPass")) {
      const on = !this.data.auto_pass;
      add(on ? "Pass until the round ends" : "Stop passing automatically", perform("autoPass", { on }),
        { classes: "out-of-turn dp-autopass" });
    }
    if (possible.includes("takeOff")) add("Call Take-off (±100)", perform("takeOff"), { classes: "out-of-turn dp-takeoff" });
  }

  /** "Play: Full house, 3s over Ks" ("Bomb now: four 9s" out of turn), disabled with the reason when it cannot be
   * played. */
  playButtons(verb, classes) {
    const known = this.known();
    const why = !this.selected.size ? "Select the cards to play." : known && known.legal === false ? known.reason : null;
    const button = this.statusBar.addActionButton(this.selected.size ? `${verb}: ${this.selectionWords(verb)}` : verb,
      () => this.playSelected(), { classes, disabled: Boolean(why), title: why || undefined });
    button.setAttribute("aria-describedby", "dp-selection");
  }

  /** The selection in the server's words ("Full house, 3s over Ks"), else its size. */
  selectionWords(verb = "Play") {
    const known = this.known();
    return known && known.label ? known.label.replace(/^Bomb: /, verb === "Play" ? "Bomb: " : "") : plural(this.selected.size, "card");
  }

  setupNotifications() {
    this.bgaSetupPromiseNotifications({ minDurationNoText: 0 });   // a silent one (a round collected) holds nothing
  }

  use(gamedatas) {
    this.data = structuredClone(gamedatas);   // the notif_ handlers change it as the table changes
    this.state = this.data.gamestate;
  }

  // ----- notifications: the table moves as they arrive, as the shell paces them ------------------------
  /** Change the table's data, then draw it again. */
  change(values) {
    Object.assign(this.data, values);
    this.render();
  }

  list(key, value) { return [...(this.data[key] || []), value]; }

  count(key, player, n) { return { ...this.data[key], [player]: ((this.data[key] || {})[player] || 0) + n }; }

  notif_newHand(args) {
    this.roundPoints = null;
    this.change({ hand_number: args.hand_number, hand: [], trick: [], last_round: null, passed: [], out: [], wish: null,
      calls: {}, round_won: false, received: [], my_passes: null, won_points: {}, won_counts: {}, rounds_won: {},
      first_card_played: [], high_flight_answered: [] });
  }

  notif_dealCards(args) { this.change({ hand: sortCards([...this.data.hand || [], ...args.cards]) }); }
  notif_handSizes(args) { this.change({ hand_sizes: args.hand_sizes }); }
  notif_call(args) { this.change({ calls: { ...this.data.calls, [args.player_id]: args.call } }); }
  notif_noHighFlight(args) { this.change({ high_flight_answered: this.list("high_flight_answered", args.player_id) }); }
  notif_cardsChosen(args) { this.change({ my_passes: { left: args.left, partner: args.partner, right: args.right } }); }
  notif_passUndone(args) { if (args.player_id === this.player_id) this.change({ my_passes: null }); }
  notif_autoPass(args) { this.change({ auto_pass: args.on }); }
  notif_wish(args) { this.change({ wish: args.rank, wish_by: args.player_id }); }
  notif_wishFulfilled() { this.change({ wish: null, wish_by: null }); }
  notif_pass(args) { this.change({ passed: this.list("passed", args.player_id) }); }   // "Pass" at the seat
  notif_playerOut(args) { this.change({ out: this.list("out", args.player_id) }); }

  notif_cardsReceived(args) {
    const gave = new Set(Object.values(this.data.my_passes || {}));
    this.change({ received: args.received, hand: sortCards([...this.data.hand.filter((c) => !gave.has(c)), ...args.cards]) });
  }

  /** The cards slide to the seat from the player's name (from the hand for one's own). */
  async notif_playCards(args) {
    const who = args.player_id;
    const from = who === this.player_id ? this.els.hand : this.seatPart(who, ".dp-seat-head");
    if (who === this.player_id) {
      this.data.hand = this.data.hand.filter((c) => !args.cards.includes(c));
      this.setSelection([]);
    }
    this.change({ trick: this.list("trick", { player: who, cards: args.cards, name: args.combo_name }), last_player: who,
      passed: [], round_won: false, top: args.combo, hand_sizes: { ...this.data.hand_sizes, [who]: args.hand_size },
      first_card_played: this.list("first_card_played", who) });
    const to = this.seatPart(who, ".dp-seat-play .dp-cards");
    if (to && from) await this.bgaSlideFrom(to, from, 350);
  }

  async notif_roundWon(args) {
    this.roundPoints = { player: args.player_id, points: args.points };
    this.change({ round_won: true });
    await this.wait(ROUND_WON_MS);
  }

  notif_collect(args) {
    const d = this.data;
    const to = args.player_id;
    this.change({ last_round: { winner: d.last_player, to, plays: d.trick || [] }, trick: [], top: null, last_player: null,
      passed: [], round_won: false, won_points: this.count("won_points", to, args.points),
      rounds_won: this.count("rounds_won", to, 1),
      won_counts: this.count("won_counts", to, (d.trick || []).flatMap((play) => play.cards).length) });
  }

  notif_foxLead() {
    this.change({ last_round: { winner: null, to: null, plays: this.data.trick || [] }, trick: [], top: null,
      last_player: null, passed: [], round_won: false });
  }

  /** The hand-end pause: the final plays, who went out, the score breakdown; then the next hand. */
  async notif_handScore(args) {
    const d = this.data;
    const shown = this.summary = { result: args.result, lastPoints: args.last_hand_points, gameOver: args.game_over,
      plays: (d.trick || []).length ? d.trick : (d.last_round || {}).plays || [] };
    this.change({ last_hand: args.result, totals: args.result.totals,
      past_hands: [...(d.past_hands || []).filter((line) => line.hand_number !== args.result.hand_number), args.result] });
    if (args.game_over) return;   // the summary stays: the game is over
    const next = new Promise((resolve) => { this.nextHand = resolve; });
    const close = () => this.closeSummary(shown);
    if (this.bgaAnimationsActive()) {   // the status line said whose turn it was: it is nobody's while the table waits
      this.statusBar.setTitle("Hand ${number} is over: the next one is dealt after the scores",
        { number: args.result.hand_number });
      await Promise.race([this.wait(HAND_END_MS), next]);   // the table waits (acting in the next hand cuts it short)
      close();
    } else {   // instant pace: the table moves on, the summary stays a while on its own clock
      Promise.race([new Promise((resolve) => setTimeout(resolve, HAND_END_MS)), next]).then(close);
    }
  }

  notif_gameWon() {
    if (this.summary) this.summary.gameOver = true;
    this.render();
  }

  /** The summary makes way for the next hand (if it is still `shown`). */
  closeSummary(shown) {
    if (!this.summary || this.summary !== shown || this.summary.gameOver) return;
    this.summary = this.nextHand = null;
    this.render();
  }

  /** The log's arguments as cards and names, never codes (the shell draws each log line through it). */
  bgaFormatText(log, args) {
    if (!args || typeof log !== "string") return { log, args };
    const shown = { ...args };
    const cards = (list) => h("span.dp-log-cards", list.map(([card, words], i) => [i ? ", " : "", miniCard(card), words]));
    if (log.includes("${combo_name}") && Array.isArray(args.cards)) {
      shown.combo_name = h("span.dp-log-cards", `${args.combo_name} `, args.cards.map(miniCard));
    }
    if (log.includes("${card_names}") && Array.isArray(args.received)) {
      shown.card_names = cards(args.received.map((r) => [r.card, ` from ${this.nameOf(r.from)}`]));
    }
    if (log.includes("${passes}") && args.to) {
      shown.passes = cards(SLOTS.map(([slot]) => [args[slot], ` to ${this.nameOf(args.to[slot])}`]));
    }
    return { log, args: shown };
  }

  // ----- players --------------------------------------------------------------------------------
  players() { return Object.values(this.data.players || {}); }
  nameOf(id) {
    const p = ((this.data || this.gamedatas || {}).players || {})[id];   // the log may be drawn before setup
    return p ? p.name : `player ${id}`;
  }
  /** A name in dark text underlined with the seat's colour: readable on any background. */
  nameEl(id) {
    const p = this.data.players[id];
    return h("span.dp-player", { style: `--seat:${seatColour(p ? p.seat : 0)}` }, this.nameOf(id));
  }
  teamName(team) { return (team || []).map((id, j) => [j ? " & " : "", this.nameEl(id)]); }
  mySeat() { const p = this.data.players[this.player_id]; return p ? p.seat : null; }
  bySeat(seat) { return this.players().find((p) => p.seat === seat % 4); }
  isOver() { return this.state && this.state.name === "gameEnd"; }
  seatPart(id, selector) { return this.els.felt.querySelector(`.dp-seat[data-player="${CSS.escape(String(id))}"] ${selector}`); }

  // ----- the selection: the server says what it is and whether it may be played ---------------------------
  myTurn() { return this.isCurrentPlayerActive() && this.state.name === "playerTurn"; }

  /** Cards in some play allowed now (the state's args, for the player in turn); null: no marks (or leading). */
  playable() {
    const args = this.state.args || {};
    return this.myTurn() && Array.isArray(args.playable) && !args.lead ? new Set(args.playable) : null;
  }

  selectionKey() { return JSON.stringify([sortCards([...this.selected]), this.phoenixAs]); }
  known() { return this.described && this.described.key === this.selectionKey() ? this.described : null; }

  setSelection(cards) {
    this.selected = new Set(cards);
    this.askingWish = false;
    if (!this.selected.has("phoenix")) this.phoenixAs = "";
  }

  async describeSelection() {
    const key = this.selectionKey();
    const asked = ++this.asked;
    if (!this.selected.size || this.isSpectator) return;
    const body = { cards: sortCards([...this.selected]), ...(this.phoenixAs ? { phoenix: this.phoenixAs } : {}) };
    try {
      const answer = await this.describeAction("playCards", body);
      if (asked !== this.asked) return;
      this.described = { key, ...answer };
      this.refresh();
    } catch {
      // not described (an older server, the network): the button says "Play: 2 cards" and the server judges
    }
  }

  // ----- actions --------------------------------------------------------------------------------
  /** Play the selection; the Herald asks the wish first (wish: its rank, "" for none). With the player's "confirm my
   * moves" setting on, the shell asks before it is sent, naming the play. */
  async playSelected(wish = null) {
    if (!this.selected.size) return;
    const cards = sortCards([...this.selected]);
    if (wish === null && this.myTurn() && cards.includes("herald") && this.data.wish_option !== false) {
      this.askingWish = true;
      this.refresh();
      return;
    }
    const args = { cards, ...(cards.length > 1 && this.phoenixAs ? { phoenix: this.phoenixAs } : {}), ...(wish ? { wish } : {}) };
    const verb = this.myTurn() ? "Play" : "Bomb now";
    const label = `${verb === "Play" ? "" : `${verb}: `}${this.selectionWords(verb)}${wish ? `, wishing for ${wish}` : ""}`;
    this.askingWish = false;
    try {
      await this.bgaPerformAction("playCards", args, { label });
      this.setSelection([]);
      this.render();
    } catch {
      this.refresh();   // refused: the shell says why, the selection stays
    }
  }

  sendPasses() {
    if (SLOTS.every(([slot]) => this.passing[slot])) this.bgaPerformAction("passCards", { ...this.passing });
  }

  /** The buttons and the words under the hand follow the selection between views. */
  refresh() {
    this.renderSelection();
    if (!this.state) return;
    this.statusBar.removeActionButtons();
    this.onUpdateActionButtons(this.state.name, this.state.args || {});
  }

  toggle(code) {
    const passing = this.passing;
    if (this.state.name === "passCards" && this.isCurrentPlayerActive()) {
      const slot = SLOTS.find(([s]) => passing[s] === code) || SLOTS.find(([s]) => !passing[s]);
      if (!slot) { this.showMessage("Three cards are chosen: click one to take it back.", "error"); return; }
      passing[slot[0]] = passing[slot[0]] === code ? null : code;
    } else {
      const next = new Set(this.selected);
      if (!next.delete(code)) next.add(code);
      this.setSelection(next);
      this.describeSelection();
    }
    this.render(code);
    this.refresh();
  }

  // ----- drawing --------------------------------------------------------------------------------
  render(focusCode) {
    const active = document.activeElement;
    const focused = focusCode || (active && this.els.hand.contains(active) ? active.dataset.card : null);
    for (const part of ["Info", "Summary", "PassPanel", "Felt", "Rounds", "Exchange", "Hand", "Selection"]) this[`render${part}`]();
    const again = focused && this.els.hand.querySelector(`[data-card="${CSS.escape(focused)}"]`);
    if (again && again !== document.activeElement) again.focus();
  }

  renderInfo() {
    const d = this.data;
    const bits = [h("span.dp-chip", `Hand ${d.hand_number || 0}`), h("span.dp-chip", `Target ${d.target || ""}`)];
    (d.teams || []).forEach((team, i) => {
      const mine = team.includes(this.player_id);
      bits.push(h("span", { class: `dp-chip dp-team${mine ? " dp-my-team" : ""}` }, this.teamName(team),
        h("b", `: ${(d.totals || [0, 0])[i]}`), mine ? " (us)" : null));
    });
    if (d.wish) bits.push(h("span.dp-chip.dp-wish", `Wish: ${d.wish}`, d.wish_by != null ? [", by ", this.nameEl(d.wish_by)] : null));
    if (d.wish_option === false) bits.push(h("span.dp-chip", "No-wish variant"));
    if (d.auto_pass) bits.push(h("span.dp-chip.dp-auto", "Passing until the round ends"));
    const past = d.past_hands || [];
    if (past.length) {   // the hands played, one click away
      const open = this.els.info.querySelector("details");
      bits.push(h("details.dp-scores", { open: Boolean(open && open.open) }, h("summary", `Scores (${plural(past.length, "hand")})`),
        h("table.dp-score-history", h("thead", h("tr", h("th", { scope: "col" }, "Hand"),
          (d.teams || []).map((team) => h("th", { scope: "col" }, this.teamName(team))))),
        h("tbody", past.map((line) => h("tr", h("th", { scope: "row" }, String(line.hand_number)),
          line.total.map((n, i) => h("td", `${n > 0 ? "+" : ""}${n} → ${line.totals[i]}`))))))));
    }
    fill(this.els.info, bits);
  }

  /** Four seats round a felt, each with its latest play of the round in front of it. */
  renderFelt() {
    const d = this.data;
    const me = this.mySeat();
    const active = new Set(this.getActivePlayers());
    const trick = d.trick || [];
    const seats = [0, 1, 2, 3].map((offset) => {
      const p = this.bySeat((me ?? 0) + offset);
      if (!p) return null;
      const key = String(p.id);
      const at = trick.map((play) => play.player).lastIndexOf(p.id);
      const top = at >= 0 && at === trick.length - 1;
      const facts = [key in (d.hand_sizes || {}) ? plural(d.hand_sizes[key], "card") : null,
        key in (d.won_points || {}) ? `won ${plural(d.won_points[key], "pt")} · ${plural((d.rounds_won || {})[key] || 0, "round")}` : null,
        CALLS[(d.calls || {})[key]], (d.out || []).includes(p.id) ? `out ${PLACES[d.out.indexOf(p.id)]}` : null,
        this.state.name === "highFlight" && (d.high_flight_answered || []).includes(p.id) ? "answered" : null,
        this.state.name === "passCards" && !active.has(p.id) ? "cards chosen" : null];
      const won = top && d.round_won;
      const points = won && this.roundPoints && this.roundPoints.player === p.id ? ` · ${plural(this.roundPoints.points, "point")}` : "";
      return h("div", { class: `dp-seat dp-pos-${POSITIONS[offset]}${active.has(p.id) ? " dp-active" : ""}`,
        dataset: { player: p.id }, style: `--seat:${seatColour(p.seat)}` },
      h("div.dp-seat-head", active.has(p.id) ? h("span.dp-turn", { "aria-label": "their turn" }, "▶") : null, this.nameEl(p.id),
        h("span.dp-role", me === null ? `Team ${(p.seat % 2) + 1}` : ROLES[offset])),
      h("div.dp-facts", facts.filter(Boolean).map((fact) => h("span.dp-fact", fact))),
      h("div", { class: `dp-seat-play${top ? " dp-top" : ""}` }, at >= 0 ? [cardRow(trick[at].cards),
        h("span.dp-combo", trick[at].name), top ? h("span.dp-topmark", won ? `wins the round${points}` : "on top") : null] : null,
      (d.passed || []).includes(p.id) && trick.length ? h("span.dp-passmark", "Pass") : null));
    });
    const leader = this.state.name === "playerTurn" ? this.getActivePlayerId() : null;
    const centre = [];
    if (trick.length && !d.round_won) centre.push(h("p", "To beat: ", h("b", trick[trick.length - 1].name)));
    else if (!trick.length && leader !== null) centre.push(h("p", this.nameEl(leader), leader === this.player_id ? ": your lead" : " leads"));
    if (d.wish) centre.push(h("p.dp-centre-wish", `Wish: ${d.wish}`));
    fill(this.els.felt, seats, h("div.dp-centre", centre));
    this.els.felt.hidden = Boolean(this.summary);
  }

  /** The round so far and the last round: folded, one click away. */
  renderRounds() {
    const d = this.data;
    const was = (name) => Boolean(this.els.rounds.querySelector(`details.${name}[open]`));
    const trick = d.trick || [];
    const last = d.last_round;
    fill(this.els.rounds, trick.length ? h("details.dp-history", { open: was("dp-history") },
      h("summary", `This round: ${plural(trick.length, "play")}`), this.playList(trick)) : null,
    last && last.plays && last.plays.length ? h("details.dp-last", { open: was("dp-last") }, h("summary", "Last round: ",
      last.to != null ? ["taken by ", this.nameEl(last.to)] : "the Fox's round"), this.playList(last.plays)) : null);
  }

  playList(plays) {
    return h("ol.dp-plays", plays.map((play, i) => h("li", { class: `dp-play-line${i === plays.length - 1 ? " dp-top" : ""}`,
      dataset: { player: play.player } }, this.nameEl(play.player), h("span.dp-combo", play.name), cardRow(play.cards))));
  }

  /** The cards passed and received this hand, and with whom. */
  renderExchange() {
    const d = this.data;
    const me = this.mySeat();
    const received = d.received || [];
    fill(this.els.exchange, d.my_passes && received.length && me !== null ? h("p.dp-passed-line", "Passed: ",
      SLOTS.map(([slot], i) => [i ? ", " : "", miniCard(d.my_passes[slot]), " to ", this.nameEl(this.bySeat(me + i + 1).id)])) : null,
    received.length ? h("p.dp-received-line", "Received: ",
      received.map((r, i) => [i ? ", " : "", miniCard(r.card), " from ", this.nameEl(r.from)])) : null);
  }

  renderPassPanel() {
    const panel = this.els.passPanel;
    panel.hidden = this.state.name !== "passCards" || this.isSpectator;
    if (panel.hidden) { fill(panel); return; }
    const me = this.mySeat();
    const mine = this.data.my_passes;
    fill(panel, h("h3.dp-h", "Passing: one card to each other player"), h("div.dp-slots", SLOTS.map(([slot, label], i) => {
      const card = mine ? mine[slot] : this.passing[slot];
      return h("div.dp-slot", { dataset: { slot } }, h("div", `${label}: `, this.nameEl(this.bySeat(me + i + 1).id)),
        !card ? h("div.dp-slot-empty", "choose a card") : mine ? cardFace(card, { small: true })
          : cardFace(card, { tag: "button", small: true, props: { type: "button", "aria-label": `Take back ${cardLabel(card)} (${label})`,
            on: { click: () => this.toggle(card) } } }));
    })), h("p.muted", mine ? "Your cards are chosen; waiting for the others (you may change them until everyone has chosen)."
      : "Select cards in your hand to fill Left, Partner, Right in order."));
  }

  /** The hand: each card a button; selected = raised and ticked; not playable now = greyed and dashed. */
  renderHand() {
    const { data, els } = this;
    const hand = sortCards(data.hand || []);
    const playable = this.playable();
    const passMode = this.state.name === "passCards" && this.isCurrentPlayerActive();
    const fresh = this.state.name === "playerTurn" && !(data.first_card_played || []).includes(this.player_id);
    const received = new Set(fresh ? (data.received || []).map((r) => r.card) : []);
    const assigned = Object.fromEntries(SLOTS.filter(([slot]) => this.passing[slot]).map(([slot, label]) => [this.passing[slot], label]));
    const key = JSON.stringify([hand, playable && [...playable], passMode, assigned, [...this.selected], [...received]]);
    els.handWrap.hidden = this.isSpectator;
    if (key === els.handKey) return;   // unchanged: keep the elements (clicks in flight, focus)
    els.handKey = key;
    if (!hand.length) {
      fill(els.hand, h("p.muted", (data.out || []).includes(this.player_id) ? "You are out of this hand." : "No cards."));
      return;
    }
    fill(els.hand, hand.map((code) => {
      const picked = passMode ? Boolean(assigned[code]) : this.selected.has(code);
      const blocked = playable && !playable.has(code) && !picked;
      const notes = [passMode && assigned[code] ? `to ${assigned[code]}` : "", received.has(code) ? "received" : "",
        blocked ? "cannot be played now" : ""].filter(Boolean);
      const el = cardFace(code, { tag: "button", props: { type: "button", "aria-pressed": String(picked),
        class: `${picked ? "dp-selected" : ""} ${blocked ? "dp-blocked" : ""}`,
        "aria-label": `${cardLabel(code)}${notes.length ? ` (${notes.join(", ")})` : ""}`,
        on: { click: () => this.toggle(code), keydown: (event) => this.onCardKey(event, code, passMode) } } });
      el.append(picked ? h("span.dp-check", { "aria-hidden": "true" }, "✓") : "",
        passMode && assigned[code] ? h("span.dp-tag", { "aria-hidden": "true" }, assigned[code]) : "",
        received.has(code) ? h("span.dp-new", { "aria-hidden": "true" }, "new") : "");
      return el;
    }));
  }

  /** Space (the button's own) selects; Enter plays the selection (or the card alone); arrows move along the hand. */
  onCardKey(event, code, passMode) {
    if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
      const cards = [...this.els.hand.querySelectorAll("button.dp-card")];
      const next = cards[cards.findIndex((el) => el.dataset.card === code) + (event.key === "ArrowRight" ? 1 : -1)];
      if (next) { event.preventDefault(); next.focus(); }
    } else if (event.key === "Enter") {
      event.preventDefault();
      if (passMode) {
        if (!Object.values(this.passing).includes(code)) this.toggle(code);
        this.sendPasses();
      } else {
        if (!this.selected.size) this.toggle(code);
        this.playSelected();
      }
    }
  }

  /** Under the hand: what the selection makes, or why it cannot be played; the Phoenix's readings. */
  renderSelection() {
    const known = this.known();
    const acting = !this.isSpectator && ["playerTurn", "giveDragon"].includes(this.state.name) && this.selected.size;
    let words = null;
    if (this.askingWish) words = "You play the Herald: make a wish? The next player holding that rank must play it when they can.";
    else if (acting && known && known.legal === false) words = [known.label ? [h("b", known.label), " — "] : null, h("span.dp-why", "✗ ", known.reason)];
    else if (acting && known && known.label) words = [h("b", known.label), known.legal ? h("span.dp-ok", " ✓ may be played") : null];
    else if (acting) words = `${plural(this.selected.size, "card")} selected`;
    fill(this.els.selection, words);
    this.els.selection.hidden = !words;
    const variants = acting && known && known.variants.length > 1 ? known.variants : [];
    const chosen = this.phoenixAs || (variants[0] && variants[0].args.phoenix);
    fill(this.els.choices, variants.length ? h("span.dp-variants", { role: "group", "aria-label": "What the Phoenix stands for" },
      "The Phoenix as: ", variants.map((v) => h("button.bgabutton.bgabutton_gray", { type: "button", title: v.label,
        "aria-pressed": String(chosen === v.args.phoenix), on: { click: () => { this.phoenixAs = v.args.phoenix; this.describeSelection(); } } },
      `${v.args.phoenix}${chosen === v.args.phoenix ? " ✓" : ""}`))) : null,
    acting ? h("button.bgabutton.bgabutton_gray.dp-clear", { type: "button",
      on: { click: () => { this.setSelection([]); this.render(); this.refresh(); } } }, "Clear selection") : null);
  }

  /** The hand-end pause (and the final result once the game is over). */
  renderSummary() {
    const s = this.summary;
    const panel = this.els.summary;
    panel.hidden = !s;
    if (!s) { fill(panel); return; }
    const last = s.result;
    const teams = this.data.teams || [[], []];
    const out = last.out || [];
    const left = this.players().filter((p) => !out.includes(p.id));
    const calls = Object.entries(last.calls_made || {}).filter(([, call]) => call);
    const th = (text) => h("th", { scope: "col" }, text);
    fill(panel, h("h3.dp-h", `${s.gameOver ? "Game over — end" : "End"} of hand ${last.hand_number}`),
      last.double != null ? h("p", "Double victory for ", this.teamName(teams[last.double]), "!") : null,
      s.plays && s.plays.length ? h("div.dp-final", h("p.dp-final-head", "Final plays"), this.playList(s.plays)) : null,
      h("p.dp-out-order", "Went out: ", out.map((id, i) => [i ? ", " : "", `${PLACES[i]} `, this.nameEl(id)]),
        left.length === 1 && last.double == null && s.lastPoints != null
          ? ["; ", this.nameEl(left[0].id), ` kept ${plural(s.lastPoints, "point")} in hand (to the other team)`] : null),
      h("p", "Calls: ", calls.length ? calls.map(([id, call], i) => [i ? ", " : "", this.nameEl(id),
        ` ${CALLS[call]} ${String(out[0]) === id ? "won" : "lost"}`]) : "none"),
      h("div.dp-table-wrap", h("table.dp-score", h("thead", h("tr", th("Team"), th("Card points"), th("Calls"), th("Hand"), th("Total"))),
        h("tbody", [0, 1].map((i) => h("tr", h("th", { scope: "row" }, this.teamName(teams[i])), h("td", String(last.cards[i])),
          h("td", String(last.calls[i])), h("td.dp-hand-total", String(last.total[i])), h("td", String(last.totals[i]))))))),
      s.gameOver ? null : h("button.bgabutton.dp-next-hand", { type: "button",
        on: { click: () => (this.nextHand ? this.nextHand() : this.closeSummary(s)) } }, "Next hand"));
  }
}
