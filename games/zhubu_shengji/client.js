// Zhubu Shengji (Escalation): the table renderer. Plain ES module; every text goes through h()/textContent.
import { fill, h, seatColour } from "/static/js/dom.js";

// ----- cards and combinations (a port of cards.py / rules.py, for showing readings and marking plays) -----
const RANK_NAMES = ["6", "7", "8", "9", "10", "J", "Q", "K", "A", "2", "X"];
const RANK_VALUE = Object.fromEntries(RANK_NAMES.map((n, i) => [n, i + 6]));
const RANK_NAME = Object.fromEntries(RANK_NAMES.map((n, i) => [i + 6, n]));
const TWO = 15, JOKER = 16, LOWEST = 6, ACE = 14;
const SUITS = ["C", "D", "H", "S"];
const SUIT_SYMBOL = { C: "♣", D: "♦", H: "♥", S: "♠" };
const SUIT_NAME = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
const BOMB_TITLES = { 1: "a Hand bomb", 2: "a Two bomb", 3: "a Joker bomb", 4: "a Wild bomb" };
const SET_WORDS = { 2: "pair", 3: "trio", 4: "quartet" };
const COUNT_WORDS = { 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven" };
const POINTS = { 7: 2, 9: 2, 11: 2, 13: 2, 15: 6, 16: 12 };
const MAX_SET = 7, MAX_BID = 17;

const rank = (c) => RANK_VALUE[String(c).slice(0, -1)] || 0;
const suit = (c) => (isWild(c) ? null : String(c).slice(-1));
const isWild = (c) => rank(c) >= TWO;
const points = (c) => POINTS[rank(c)] || 0;
const cardPoints = (cards) => (cards || []).reduce((s, c) => s + points(c), 0);
const combo = (kind, width, length, top, wilds = {}) => ({ kind, width, length, top, wilds });

function cardLabel(c) {
  if (rank(c) === JOKER) return `Joker ${String(c).slice(1)}`;
  if (rank(c) === TWO) return `2 of ${SUIT_NAME[String(c).slice(-1)]} (wild)`;
  return `${RANK_NAME[rank(c)]} of ${SUIT_NAME[suit(c)]}`;
}

function bombOf(cards) {
  if (cards.length === 4 && !cards.some(isWild)
      && cards.map(rank).sort((a, b) => a - b).join() === "7,9,11,13") return combo("bomb", 4, 1, 1);
  if (cards.length < 2 || !cards.every(isWild)) return null;
  const twos = cards.filter((c) => rank(c) === TWO).length, jokers = cards.length - twos;
  const level = { "2,0": 2, "1,1": 3, "2,1": 4 }[`${twos},${jokers}`];
  return level ? combo("bomb", cards.length, 1, level) : null;
}

function assignWilds(wildCards, slots) {
  const jokers = wildCards.filter((c) => rank(c) === JOKER), twos = wildCards.filter((c) => rank(c) === TWO);
  const sorted = [...slots].sort((a, b) => b - a);
  const onTop = sorted.filter((s) => s === JOKER).length;
  if (onTop > jokers.length || sorted.length !== wildCards.length) return null;
  const order = [...jokers.slice(0, onTop), ...twos, ...jokers.slice(onTop)];
  return Object.fromEntries(order.map((c, i) => [c, RANK_NAME[sorted[i]]]));
}

/** Every combination these cards can be read as (rules.readings). */
function readings(cards) {
  const n = cards.length;
  const naturals = cards.filter((c) => !isWild(c)), wilds = cards.filter(isWild);
  const bomb = bombOf(cards);
  if (bomb) return [bomb];
  if (!naturals.length) return n === 1 ? [combo("set", 1, 1, rank(cards[0]))] : [];
  const ranks = naturals.map(rank);
  const found = [];
  if (new Set(ranks).size === 1 && n <= MAX_SET) {
    found.push(combo("set", n, 1, ranks[0], Object.fromEntries(wilds.map((w) => [w, RANK_NAME[ranks[0]]]))));
  }
  const counts = {};
  ranks.forEach((r) => { counts[r] = (counts[r] || 0) + 1; });
  const suits = new Set(naturals.map(suit));
  const low = Math.min(...ranks), high = Math.max(...ranks);
  for (const width of [1, 2, 3, 4]) {
    const length = Math.floor(n / width);
    if (n % width || length < (width === 1 ? 3 : 2)) continue;
    if (Math.max(...Object.values(counts)) > width || suits.size > width) continue;
    for (let top = Math.max(high, LOWEST + length - 1); top <= Math.min(low + length - 1, JOKER); top += 1) {
      const slots = [];
      for (let r = top - length + 1; r <= top; r += 1) for (let k = counts[r] || 0; k < width; k += 1) slots.push(r);
      const placed = assignWilds(wilds, slots);
      if (placed) found.push(combo("run", width, length, top, placed));
    }
  }
  return found;
}

function beats(nw, old) {
  if (!old) return true;
  if (nw.kind === "bomb") return old.kind !== "bomb" || nw.top > old.top;
  return old.kind !== "bomb" && nw.width === old.width && nw.length === old.length && nw.top > old.top;
}

const stronger = (a, b) => {   // rules.strength: bombs, then top, then width
  const sa = [a.kind === "bomb" ? 1 : 0, a.top, a.width], sb = [b.kind === "bomb" ? 1 : 0, b.top, b.width];
  for (let i = 0; i < 3; i += 1) if (sa[i] !== sb[i]) return sa[i] > sb[i];
  return false;
};

function comboName(c) {
  if (!c) return "";
  const { top, width, length } = c;
  if (c.kind === "bomb") return BOMB_TITLES[top];
  if (c.kind === "set") {
    if (width === 1) return `a single ${RANK_NAME[top]}`;
    return width === 2 ? `a pair of ${RANK_NAME[top]}s` : `${COUNT_WORDS[width]} ${RANK_NAME[top]}s`;
  }
  const ranks = [];
  for (let r = top - length + 1; r <= top; r += 1) ranks.push(RANK_NAME[r]);
  return width === 1 ? `a run ${ranks.join("-")}` : `a run of ${SET_WORDS[width]}s ${ranks.join("-")}`;
}

function wildWords(c) {
  if (!c || c.kind === "bomb") return "";
  const ranks = Object.values(c.wilds || {}).sort((a, b) => RANK_VALUE[a] - RANK_VALUE[b]);
  return ranks.length ? ` (wilds as ${ranks.join(", ")})` : "";
}

/** The readings of a selection that may be played now; the default (what the server picks) first. */
function playableReadings(cards, current) {
  const good = readings(cards).filter((r) => beats(r, current));
  if (!good.length) return [];
  let best = good[0];
  good.forEach((r) => { if (stronger(r, best)) best = r; });
  const seen = new Set();
  return [best, ...good.filter((r) => r !== best)].filter((r) => {
    const key = comboName(r) + wildWords(r);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** A cheap legal play (no bombs) for the hint marks: the lowest set or run that leads or beats `current`. */
function suggestPlay(hand, current) {
  const naturals = hand.filter((c) => !isWild(c));
  const twos = hand.filter((c) => rank(c) === TWO), jokers = hand.filter((c) => rank(c) === JOKER);
  const wildPool = [...twos, ...jokers];
  const valid = (cards) => cards.length && playableReadings(cards, current).length > 0;
  if (!current) {
    if (!naturals.length) return wildPool.length ? [wildPool[0]] : [];
    const low = rank(naturals[0]);
    return naturals.filter((c) => rank(c) === low);
  }
  if (current.kind === "bomb") return null;
  const { width, length, top } = current;
  if (current.kind === "set") {
    for (let r = top + 1; r <= JOKER; r += 1) {
      const nat = naturals.filter((c) => rank(c) === r).slice(0, width);
      if (!nat.length) {
        if (width === 1 && r >= TWO) {
          const w = wildPool.find((c) => rank(c) === r);
          if (w) return [w];
        }
        continue;
      }
      const need = width - nat.length;
      if (need > wildPool.length) continue;
      const cards = [...nat, ...wildPool.slice(0, need)];
      if (valid(cards)) return cards;
    }
    return null;
  }
  const suitSets = [];
  const pick = (start, chosen) => {
    if (chosen.length === width) { suitSets.push(chosen); return; }
    for (let i = start; i < SUITS.length; i += 1) pick(i + 1, [...chosen, SUITS[i]]);
  };
  pick(0, []);
  for (let t = top + 1; t <= JOKER; t += 1) {
    for (const ss of suitSets) {
      const cards = [];
      let missing = 0;
      for (let r = t - length + 1; r <= t; r += 1) {
        const nat = naturals.filter((c) => rank(c) === r && ss.includes(suit(c))).slice(0, width);
        cards.push(...nat);
        missing += width - nat.length;
      }
      if (!cards.length || missing > wildPool.length) continue;
      for (let twoCount = Math.min(missing, twos.length); twoCount >= 0; twoCount -= 1) {
        const jokerCount = missing - twoCount;
        if (jokerCount > jokers.length) continue;
        const attempt = [...cards, ...twos.slice(0, twoCount), ...jokers.slice(0, jokerCount)];
        if (valid(attempt)) return attempt;
      }
    }
  }
  return null;
}

// ----- the table -----------------------------------------------------------------------------------
// The module's interface is BGA's (static/README.md): the shell makes this Game and gives it player_id, gamedatas,
// statusBar, bgaPerformAction, isCurrentPlayerActive and the rest, as BGA's gamegui gives them.
export class Game {
  setup(gamedatas) {
    this.data = gamedatas;
    this.selected = new Set();
    this.readingIndex = 0;
    this.busy = false;
    this.auctionHistory = [];
    this.lastHandScores = null;
    const els = this.els = {
      info: h("div.zs-info"),
      opponent: h("section.zs-opponent", { "aria-label": "Opponent" }),
      auction: h("section.zs-auction", { "aria-label": "Bidding" }),
      trick: h("section.zs-trick", { "aria-label": "Current trick" }),
      last: h("section.zs-last", { "aria-label": "Last trick" }),
      hand: h("section.zs-hand", { "aria-label": "Your hand" }),
      summary: h("section.zs-summary", { "aria-label": "Hand summary" }),
      history: h("section.zs-history", { "aria-label": "Hands played" }),
    };
    fill(this.getGameAreaElement(), h("div.zs-root", els.info, els.opponent, els.auction, els.trick, els.last, els.hand,
      els.summary, els.history));
    this.render();
    this.setupNotifications();
  }

  /** Our shell's extra hook: the view read after every move (on BGA, the notifications bring the changes). */
  onGamedatasUpdate(gamedatas) {
    this.data = gamedatas;
    this.render();
  }

  onEnteringState() {}

  onUpdateActionButtons() { this.renderButtons(); }

  setupNotifications() { this.bgaSetupPromiseNotifications(); }

  notif_newHand() { this.auctionHistory = []; this.lastHandScores = null; }
  notif_bid(args) { this.auctionHistory.push({ player: args.player_id, bid: args.bid }); }
  notif_passBid(args) { this.auctionHistory.push({ player: args.player_id, bid: null }); }
  notif_handScored(args) { this.lastHandScores = args.scores || null; }

  // ----- helpers -------------------------------------------------------------------------------------
  state() { return this.data.gamestate; }
  players() { return this.data.playerorder.map((id) => this.data.players[id]); }
  opponentId() {
    const other = this.players().find((p) => p.id !== this.player_id);
    return other ? other.id : null;
  }
  nameNode(id) {
    const p = this.data.players[id];
    if (!p) return h("span.zs-name", "?");
    return h("span.zs-name", { style: `color:${seatColour(p.seat)}` }, p.id === this.player_id ? `${p.name} (you)` : p.name);
  }
  possible(name) { return this.isCurrentPlayerActive() && this.state().possibleactions.includes(name); }
  currentCombo() {
    const trick = this.data.trick || [];
    return trick.length ? trick[trick.length - 1].combo : null;
  }

  cardEl(code, { small = false, selectable = false, hint = false } = {}) {
    const r = rank(code), s = suit(code);
    const classes = ["zs-card"];
    if (small) classes.push("zs-small");
    if (s === "D" || s === "H") classes.push("zs-red");
    if (r === TWO) classes.push("zs-two");
    if (r === JOKER) classes.push("zs-joker");
    if (isWild(code)) classes.push("zs-wild");
    if (points(code)) classes.push("zs-points");
    const face = r === JOKER
      ? [h("span.zs-rank", "★"), h("span.zs-suit", "JKR")]
      : r === TWO
        ? [h("span.zs-rank", "2"), h("span.zs-suit", SUIT_SYMBOL[String(code).slice(-1)]), h("span.zs-tag", "wild")]
        : [h("span.zs-rank", RANK_NAME[r]), h("span.zs-suit", SUIT_SYMBOL[s])];
    if (!selectable) {
      return h("span", { class: classes.join(" "), title: cardLabel(code), dataset: { card: code } }, face,
        h("span.visually-hidden", cardLabel(code)));
    }
    const on = this.selected.has(code);
    if (on) classes.push("zs-selected");
    if (hint) classes.push("zs-hint");
    return h("div", {
      class: classes.join(" "), tabindex: "0", role: "checkbox", "aria-checked": on ? "true" : "false",
      "aria-label": `${cardLabel(code)}${hint ? ", suggested" : ""}`, title: cardLabel(code),
      dataset: { card: code, hint: hint ? "1" : "0" },
      on: {
        click: () => this.toggle(code),
        keydown: (event) => {
          if (event.key === " " || event.key === "Spacebar") { event.preventDefault(); this.toggle(code); }
          else if (event.key === "Enter") { event.preventDefault(); this.playSelected(); }
        },
      },
    }, face);
  }

  toggle(code) {
    if (this.selected.has(code)) this.selected.delete(code); else this.selected.add(code);
    this.readingIndex = 0;
    this.renderHand(true);
    this.renderButtons();
  }

  // ----- drawing -------------------------------------------------------------------------------------
  render() {
    const hand = this.data.hand || [];
    this.selected = new Set([...this.selected].filter((c) => hand.includes(c)));
    this.renderInfo();
    this.renderOpponent();
    this.renderAuction();
    this.renderTrick();
    this.renderLast();
    this.renderHand(false);
    this.renderSummary();
    this.renderHistory();
  }

  renderInfo() {
    const data = this.data;
    const parts = [h("span.zs-fact", `Hand ${data.hand_number} of ${data.hand_limit}`),
      h("span.zs-fact", `Target ${data.target}`),
      h("span.zs-fact", "Dealer: ", this.nameNode(data.dealer))];
    if (data.bidding) parts.push(h("span.zs-fact", "Bidding variant"));
    if (data.contract) {
      parts.push(h("span.zs-fact.zs-contract", "Contract: ", this.nameNode(data.contract.bidder),
        ` bids ${data.contract.bid} card${data.contract.bid === 1 ? "" : "s"}`));
    }
    fill(this.els.info, parts);
  }

  renderOpponent() {
    const data = this.data;
    if (this.opponentId() === null) { fill(this.els.opponent); return; }
    const rows = this.data.playerorder.map(String).map((pid) => {
      const size = (data.hand_sizes || {})[pid] ?? 0;
      const wilds = (data.wilds || {})[pid] || [];
      const mine = String(this.player_id) === pid;
      const hidden = Math.max(0, size - wilds.length);
      const dealer = String(data.dealer) === pid;
      return h("div.zs-player", { dataset: { player: pid } },
        h("div.zs-player-head", this.nameNode(pid), dealer ? h("span.zs-badge", "dealer") : null,
          h("span.zs-count", { dataset: { count: size } }, `${size} card${size === 1 ? "" : "s"} in hand`),
          h("span.zs-won", `won pile: ${(data.won_counts || {})[pid] ?? 0}`)),
        h("div.zs-row", h("span.zs-label", mine ? "Your face-up wilds:" : "Face-up wilds:"),
          wilds.length ? wilds.map((c) => this.cardEl(c, { small: true })) : h("span.muted", "none"),
          !mine && hidden ? h("span.zs-backs", { title: `${hidden} hidden cards` },
            Array.from({ length: Math.min(hidden, 17) }, () => h("span.zs-back")), h("span.zs-backs-n", `+${hidden} hidden`)) : null));
    });
    fill(this.els.opponent, h("h3", "Hands"), rows);
  }

  renderAuction() {
    const data = this.data;
    const auction = data.auction;
    if (!data.bidding || (!auction && !data.contract)) { fill(this.els.auction); return; }
    const lines = [];
    if (auction) {
      lines.push(h("p.zs-bid-now", auction.bid === null || auction.bid === undefined
        ? (auction.dealer_passed ? "The dealer passed: the non-dealer may make one bid." : "No bid yet.")
        : ["Current bid: ", h("strong", String(auction.bid)), " by ", this.nameNode(auction.bidder)]));
    }
    if (data.contract) {
      lines.push(h("p", "Contract: ", this.nameNode(data.contract.bidder),
        ` must go out with the opponent holding ${data.contract.bid}+ cards.`));
    }
    if (this.auctionHistory.length) {
      lines.push(h("ol.zs-bids", this.auctionHistory.map((b) => h("li", this.nameNode(b.player), b.bid ? ` bids ${b.bid}` : " passes"))));
    }
    const s = this.state();
    if (s.name === "auction" && this.possible("bid")) {
      const lowest = (s.args && s.args.lowest) || 1;
      const select = h("select.zs-bid-select", { "aria-label": "Number of cards to bid" });
      for (let n = lowest; n <= MAX_BID; n += 1) select.append(h("option", { value: String(n) }, String(n)));
      lines.push(h("div.zs-bid-form", h("label", "Bid ", select, " cards"),
        h("button.action-button", { type: "button", on: { click: () => this.act("bid", { cards: Number(select.value) }) } }, "Bid"),
        h("span.muted", ` (at least ${lowest})`)));
    }
    fill(this.els.auction, h("h3", "Bidding"), lines);
  }

  playRow(play) {
    const c = play.combo;
    return h("li.zs-play", { dataset: { player: play.player_id } },
      h("div.zs-play-who", this.nameNode(play.player_id), ": ", h("span.zs-combo", (play.combo_name || comboName(c)) + wildWords(c))),
      h("div.zs-cards", play.cards.map((code) => this.cardEl(code, { small: true }))));
  }

  renderTrick() {
    const trick = this.data.trick || [];
    const s = this.state();
    let note = null;
    if (!trick.length) {
      const leader = ["playerTurn", "leadChoice"].includes(s.name) ? this.getActivePlayerId() : null;
      note = h("p.muted", leader !== null
        ? ["No cards on the table: ", this.nameNode(leader), s.name === "leadChoice" ? " may lead or let the dealer lead." : " leads."]
        : "No cards on the table.");
    } else {
      const top = trick[trick.length - 1].combo;
      note = h("p.zs-to-beat", "To beat: ", h("strong", comboName(top)),
        top.kind === "bomb" ? " (only a higher bomb)" : " (same type, higher top, or a bomb; one pass ends the trick)");
    }
    fill(this.els.trick, h("h3", "Trick"), note, trick.length ? h("ol.zs-plays", trick.map((play) => this.playRow(play))) : null);
  }

  renderLast() {
    const last = this.data.last_trick;
    if (!last || !last.plays) { fill(this.els.last); return; }
    const bomb = last.winner !== last.taker;
    fill(this.els.last, h("details.zs-last-details", h("summary", "Last trick: won by ", this.nameNode(last.winner),
      bomb ? [" with a bomb; its cards went to ", this.nameNode(last.taker)] : null),
    h("ol.zs-plays", last.plays.map((play) => this.playRow(play)))));
  }

  renderHand(keepFocus) {
    const els = this.els;
    const focusedCode = keepFocus || (document.activeElement && els.hand.contains(document.activeElement))
      ? document.activeElement && document.activeElement.dataset && document.activeElement.dataset.card : null;
    const hand = this.data.hand || [];
    const s = this.state();
    const myPlay = this.possible("playCards");
    const hint = myPlay ? new Set(suggestPlay(hand, this.currentCombo()) || []) : new Set();
    const selection = [...this.selected];
    const parts = [h("h3", "Your hand ", h("span.zs-count", `(${hand.length} cards, ${cardPoints(hand)} points)`))];
    parts.push(h("div.zs-cards.zs-hand-cards", { role: "group", "aria-label": "Your cards: Space selects, Enter plays" },
      hand.map((c) => this.cardEl(c, { selectable: !this.isSpectator, hint: hint.has(c) }))));
    parts.push(h("p.zs-hint-note.muted", hint.size && myPlay ? [h("span.zs-dot-hint", "●"), " a play you can make now; "] : null,
      h("span.zs-dot-points", "●"), " a card worth points (7 9 J K: 2, a 2: 6, a joker: 12)."));
    if (selection.length) {
      const current = s.name === "playerTurn" ? this.currentCombo() : null;
      const options = playableReadings(selection, current);
      if (!options.length) {
        const any = readings(selection);
        parts.push(h("p.zs-reading.zs-bad", any.length
          ? `Selected: ${comboName(any[0])}, which does not beat ${comboName(this.currentCombo())}.`
          : "Selected cards are not a set, a run or a bomb."));
      } else if (options.length === 1) {
        parts.push(h("p.zs-reading", "Selected: ", h("strong", comboName(options[0]) + wildWords(options[0]))));
      } else {
        if (this.readingIndex >= options.length) this.readingIndex = 0;
        parts.push(h("fieldset.zs-readings", h("legend", "What the wilds stand for:"),
          options.map((r, i) => h("label.zs-choice", h("input", { type: "radio", name: "zs-reading", value: String(i),
            checked: i === this.readingIndex, on: { change: () => { this.readingIndex = i; this.renderButtons(); } } }),
          ` ${comboName(r)}${wildWords(r)}${i === 0 ? " (default)" : ""}`))));
      }
    }
    fill(els.hand, parts);
    if (focusedCode) {
      const again = els.hand.querySelector(`[data-card="${CSS.escape(focusedCode)}"]`);
      if (again) again.focus();
    }
  }

  resultRows(result) {
    const ids = this.data.playerorder.map(String);
    const wentOut = String(result.went_out);
    const row = (label, values) => h("tr", h("th", { scope: "row" }, label), ids.map((pid) => h("td", values(pid))));
    const rows = [
      row("Going out", (pid) => (pid === wentOut ? `${result.going_out} (S(${result.cards_left}))` : "0")),
      row("Trick card points", (pid) => String((result.trick_points || {})[pid] ?? 0)),
      row("Opponent's hand + undealt points", (pid) => (pid === wentOut ? String(result.leftover_points) : "0")),
    ];
    if (result.bid) {
      const bid = result.bid;
      const getter = bid.success ? String(bid.bidder) : ids.find((pid) => pid !== String(bid.bidder));
      rows.push(row(`Bid of ${bid.bid} ${bid.success ? "made" : "failed"}`, (pid) => (pid === getter ? `+${bid.amount}` : "0")));
    }
    rows.push(h("tr.zs-total", h("th", { scope: "row" }, "This hand"),
      ids.map((pid) => h("td", { dataset: { player: pid } }, String((result.total || {})[pid] ?? 0)))));
    if (this.lastHandScores) rows.push(row("Score after the hand", (pid) => String(this.lastHandScores[pid] ?? "")));
    return h("table.zs-result", h("thead", h("tr", h("th", { scope: "col" }, ""),
      ids.map((pid) => h("th", { scope: "col" }, this.nameNode(pid))))), h("tbody", rows));
  }

  renderSummary() {
    const reveal = this.data.reveal;
    if (!reveal || !reveal.result) { fill(this.els.summary); return; }
    const result = reveal.result;
    const remaining = Object.entries(reveal.hands || {});
    const n = result.cards_left;
    fill(this.els.summary, h("h3", `Hand ${this.data.hand_number} summary`),
      h("p.zs-went-out", this.nameNode(result.went_out), ` went out with ${n} card${n === 1 ? "" : "s"} left in the opponent's hand: `,
        h("strong", `S(${n}) = 17×${n} − ${n}×${n - 1}/2 = ${result.going_out}`)),
      this.resultRows(result),
      remaining.map(([pid, cards]) => h("div.zs-row", h("span.zs-label", "Left in ", this.nameNode(pid), "'s hand:"),
        cards.length ? cards.map((c) => this.cardEl(c, { small: true })) : h("span.muted", "none"))),
      h("div.zs-row", h("span.zs-label", `Undealt (${cardPoints(reveal.undealt)} points):`),
        (reveal.undealt || []).map((c) => this.cardEl(c, { small: true }))));
  }

  renderHistory() {
    const history = this.data.history || [];
    if (!history.length) { fill(this.els.history); return; }
    const ids = this.data.playerorder.map(String);
    fill(this.els.history, h("details.zs-history-details", h("summary", `Hands played: ${history.length}`),
      h("table.zs-result", h("thead", h("tr", h("th", { scope: "col" }, "Hand"), h("th", { scope: "col" }, "Went out"),
        ids.map((pid) => h("th", { scope: "col" }, this.nameNode(pid))))),
      h("tbody", history.map((r, i) => h("tr", h("td", String(i + 1)),
        h("td", this.nameNode(r.went_out), ` (${r.cards_left} left)`),
        ids.map((pid) => h("td", String((r.total || {})[pid] ?? 0)))))))));
  }

  // ----- actions -------------------------------------------------------------------------------------
  async act(name, args = {}) {
    if (this.busy) return;
    this.busy = true;
    try {
      await this.bgaPerformAction(name, args);
      if (name === "playCards") { this.selected = new Set(); this.readingIndex = 0; this.render(); }
    } catch {
      // refused: the shell says why, the selection stays
    } finally {
      this.busy = false;
      this.renderButtons();
    }
  }

  playSelected() {
    if (!this.possible("playCards") || !this.selected.size) return;
    const cards = (this.data.hand || []).filter((c) => this.selected.has(c));
    const s = this.state();
    const options = playableReadings(cards, s.name === "playerTurn" ? this.currentCombo() : null);
    const args = { cards };
    if (options.length > 1 && this.readingIndex > 0 && options[this.readingIndex]) {
      const wilds = options[this.readingIndex].wilds || {};
      if (Object.keys(wilds).length) args.wilds = wilds;
    }
    this.act("playCards", args);
  }

  renderButtons() {
    const bar = this.statusBar;
    bar.removeActionButtons();
    if (this.possible("playCards")) {
      const n = this.selected.size;
      bar.addActionButton(n ? `Play ${n} card${n === 1 ? "" : "s"}` : "Play", () => this.playSelected(),
        { id: "zs-play", disabled: !n || this.busy });
      if (n) {
        bar.addActionButton("Clear selection", () => {
          this.selected = new Set(); this.readingIndex = 0; this.renderHand(false); this.renderButtons();
        }, { color: "secondary" });
      }
    }
    if (this.possible("pass")) bar.addActionButton("Pass", () => this.act("pass"), { id: "zs-pass", color: "secondary" });
    if (this.possible("letDealerLead")) bar.addActionButton("Let the dealer lead", () => this.act("letDealerLead"), { color: "secondary" });
    if (this.possible("passBid")) bar.addActionButton("Pass (no bid)", () => this.act("passBid"), { color: "secondary" });
    if (this.possible("nextHand")) bar.addActionButton("Next hand", () => this.act("nextHand"), { id: "zs-next" });
  }
}
