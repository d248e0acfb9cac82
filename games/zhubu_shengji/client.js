// Zhubu Shengji: the table renderer (BGA's Game, static/README.md). Two seats across a felt, each with its latest play
// before it; the hand in the shell's bar. The notif_ handlers move the table on step by step (the shell's queue waits
// for them), the view that follows confirms it. Every text goes through h()/textContent.
import { append, fill, h, seatColour } from "/static/js/dom.js";
import { cardClasses, cardFace, cardName, cardPoints, miniCards, points, tableCard } from "./client_cards.js";
import { comboName, playableReadings, readings, wildWords } from "./client_readings.js";

const MAX_BID = 17;
const TRICK_SHOWN_MS = 1500;   // a finished trick stays on the table this long before it is gathered
const SLIDE_MS = 350;
const plural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

export class Game {
  // The log reads by trick: a pass ends one (a bomb's taker is said after it), and a scored hand.
  logGroupEnds = ["pass", "trickWon", "handScored"];

  setup(gamedatas) {
    this.data = gamedatas;
    this.selected = new Set();
    this.readingIndex = 0;
    this.busy = false;
    this.sent = false;          // our action is on its way: the view it brings says what is next
    this.lastHandScores = null;
    this.notes = {};            // player id -> what they did besides playing ("passes"), shown at their seat
    this.trickWinner = null;    // the trickWon args while the finished trick stays on the table
    const els = this.els = {
      info: h("div.zs-info"),
      felt: h("div.zs-felt"),
      auction: h("section.zs-auction", { "aria-label": "Bidding" }),
      hand: h("section.zs-hand", { "aria-label": "Your hand" }),
      summary: h("section.zs-summary", { "aria-label": "Hand summary" }),
      history: h("section.zs-history", { "aria-label": "Hands played" }),
    };
    fill(this.getGameAreaElement(), h("div.zs-root", els.info, els.felt, els.auction, els.summary, els.history));
    fill(this.getHandBarElement(), els.hand);   // after the area: on BGA the export puts the slot at its end
    this.render();
    this.setupNotifications();
  }

  /** Our shell's hook: the view after every move. */
  onGamedatasUpdate(gamedatas) {
    this.data = gamedatas;
    this.sent = false;
    this.render();
  }

  onEnteringState() {}

  onUpdateActionButtons() { this.renderButtons(); }

  setupNotifications() { this.bgaSetupPromiseNotifications(); }

  /** Log lines: a play's or a deal's cards as mini-cards (the server's card_list is text, for e-mails). */
  bgaFormatText(log, args) {
    if (args && Array.isArray(args.cards) && typeof args.card_list === "string") {
      return { log, args: { ...args, card_list: miniCards(args.cards) } };
    }
    return { log, args };
  }

  // ----- notifications
  notif_newHand(args) {
    const ids = this.data.playerorder.map(String);
    Object.assign(this.data, { hand_number: args.hand_number, dealer: args.player_id, wilds: args.wilds,
      hand_sizes: args.hand_sizes, trick: [], last_trick: null, reveal: null, contract: null,
      won_counts: Object.fromEntries(ids.map((id) => [id, 0])) });
    this.lastHandScores = null;
    this.notes = {};
    this.render();
  }

  notif_hand(args) {
    this.data.hand = args.cards;
    this.selected = new Set();
    this.render();
  }

  notif_bid(args) {
    this.data.auction = { ...(this.data.auction || {}), bid: args.bid, bidder: args.player_id };
    this.note(args.player_id, `bids ${plural(args.bid, "card")}`);
  }

  notif_passBid(args) {
    const auction = this.data.auction;
    if (auction && auction.bid == null) auction.dealer_passed = true;
    this.note(args.player_id, "passes in the bidding");
  }

  notif_contract(args) {
    this.data.contract = { bidder: String(args.player_id), bid: args.bid };
    this.render();
  }

  notif_letDealerLead(args) { this.note(args.player_id, "lets the dealer lead"); }

  notif_pass(args) { this.note(args.player_id, "passes"); }

  async notif_playCards(args) {
    const d = this.data, pid = String(args.player_id), gone = new Set(args.cards);
    d.trick = [...(d.trick || []), { player_id: args.player_id, cards: args.cards, combo: args.combo,
      combo_name: args.combo_name }];
    d.hand_sizes = { ...d.hand_sizes, [pid]: args.cards_left };
    d.wilds = { ...d.wilds, [pid]: ((d.wilds || {})[pid] || []).filter((c) => !gone.has(c)) };
    if (pid === String(this.player_id)) d.hand = (d.hand || []).filter((c) => !gone.has(c));
    this.notes = {};
    this.render();
    const cards = this.els.felt.querySelector(`.zs-seat-play[data-player="${pid}"] .zs-cards`);
    const from = pid === String(this.player_id) && this.els.hand.isConnected ? this.els.hand
      : this.els.felt.querySelector(`.zs-seat[data-player="${pid}"] .zs-seat-head`);
    await this.bgaSlideFrom(cards, from, SLIDE_MS);
  }

  /** The finished trick stays where it was played, its winner named, then goes to the taker's pile. */
  async notif_trickWon(args) {
    const d = this.data, taker = String(args.taker);
    this.trickWinner = args;
    this.render();
    await this.wait(TRICK_SHOWN_MS);
    d.last_trick = { plays: d.trick || [], winner: args.player_id, taker: args.taker };
    d.trick = [];
    d.won_counts = { ...d.won_counts, [taker]: ((d.won_counts || {})[taker] || 0) + args.card_count };
    this.trickWinner = null;
    this.notes = {};
    this.render();
  }

  /** The hand-end pause (RULES.md P1): the summary stays until both players go on. */
  notif_handScored(args) {
    const d = this.data, result = args.result, wentOut = String(args.player_id);
    const other = d.playerorder.map(String).find((id) => id !== wentOut);
    d.reveal = { undealt: args.undealt, hands: { [other]: args.remaining }, result };
    d.history = [...(d.history || []), { went_out: result.went_out, cards_left: result.cards_left,
      total: result.total, bid: result.bid }];
    this.lastHandScores = args.scores || null;
    for (const [pid, score] of Object.entries(args.scores || {})) if (d.players[pid]) d.players[pid].score = score;
    this.render();
    this.els.summary.scrollIntoView({ block: "nearest" });
  }

  note(playerId, text) {
    this.notes[String(playerId)] = text;
    this.render();
  }

  // ----- helpers
  state() { return this.data.gamestate; }
  nameNode(id) {
    const p = this.data.players[id];
    if (!p) return h("span.zs-name", "?");
    return h("span.zs-name", { style: `color:${seatColour(p.seat)}` }, p.id === this.player_id ? `${p.name} (you)` : p.name);
  }
  possible(name) {
    return !this.sent && this.isCurrentPlayerActive() && this.state().possibleactions.includes(name);
  }
  currentCombo() {
    const trick = this.data.trick || [];
    return trick.length ? trick[trick.length - 1].combo : null;
  }
  /** The selection's readings that may be played now, the server's default first. */
  selectionReadings() {
    const cards = (this.data.hand || []).filter((c) => this.selected.has(c));
    return playableReadings(cards, this.state().name === "playerTurn" ? this.currentCombo() : null);
  }

  // ----- drawing
  render() {
    const hand = this.data.hand || [];
    this.selected = new Set([...this.selected].filter((c) => hand.includes(c)));
    this.renderInfo();
    this.renderFelt();
    this.renderAuction();
    this.renderHand(false);
    this.renderSummary();
    this.renderHistory();
  }

  renderInfo() {
    const data = this.data;
    const parts = [h("span.zs-fact", `Hand ${data.hand_number} of ${data.hand_limit}`),
      h("span.zs-fact", `Target ${data.target}`)];
    if (data.bidding) parts.push(h("span.zs-fact", "Bidding variant"));
    if (data.contract) {
      parts.push(h("span.zs-fact.zs-contract", "Contract: ", this.nameNode(data.contract.bidder),
        ` bids ${plural(data.contract.bid, "card")} (out first, the opponent holding ${data.contract.bid}+)`));
    }
    fill(this.els.info, parts);
  }

  /** The viewer's seat at the bottom, the opponent's across (a spectator's: seat 1 at the bottom). */
  renderFelt() {
    const ids = this.data.playerorder.map(String), me = String(this.player_id);
    const [top, bottom] = ids.includes(me) ? [ids.find((id) => id !== me), me] : [ids[1], ids[0]];
    fill(this.els.felt, this.seat(top, "top"), this.centre(), this.seat(bottom, "bottom"));
  }

  seat(pid, side) {
    const d = this.data;
    const size = (d.hand_sizes || {})[pid] ?? 0, wilds = (d.wilds || {})[pid] || [];
    const hidden = Math.max(0, size - wilds.length), mine = pid === String(this.player_id);
    const turn = String(this.state().active_player) === pid;   // null in the multiple_active hand end
    const p = d.players[pid] || {};
    const head = h("div.zs-seat-head", this.nameNode(pid),
      String(d.dealer) === pid ? h("span.zs-badge", "dealer") : null,
      turn ? h("span.zs-turn", "▶ to play") : null,
      h("span.zs-fact-line", h("span.zs-count", { dataset: { count: size } }, `${plural(size, "card")} left`),
        ` · won ${plural((d.won_counts || {})[pid] ?? 0, "card")} · score ${p.score ?? 0}`));
    const held = mine ? null : h("div.zs-seat-cards", wilds.map((c) => tableCard(c)),
      hidden ? h("span.zs-backs", { role: "img", "aria-label": `${hidden} hidden cards` },
        Array.from({ length: Math.min(hidden, 17) }, () => h("span.zs-back")),
        h("span.zs-backs-n", { "aria-hidden": "true" }, `+${hidden}`)) : null);
    const plate = h("div.zs-seat-plate", { style: `border-color:${seatColour(p.seat)}` }, head, held);
    const play = this.seatPlay(pid);
    return h("section", { class: `zs-seat zs-seat-${side}${turn ? " zs-active" : ""}`, dataset: { player: pid },
      "aria-label": `${p.name || "?"}'s seat` }, side === "top" ? [plate, play] : [play, plate]);
  }

  /** Before a seat: its latest play of the trick (the newest and bombs stand out), and what it just did. */
  seatPlay(pid) {
    const trick = this.data.trick || [];
    const at = trick.map((play) => String(play.player_id)).lastIndexOf(pid);
    const box = h("div.zs-seat-play", { dataset: { player: pid } });
    if (at >= 0) {
      const play = trick[at], newest = at === trick.length - 1, bomb = play.combo.kind === "bomb";
      const won = newest && this.trickWinner;
      box.classList.add(newest ? "zs-newest" : "zs-beaten");
      if (bomb) box.classList.add("zs-bomb");
      append(box, [h("div.zs-cards", play.cards.map((c) => tableCard(c))),
        h("p.zs-play-name", bomb ? h("strong.zs-bomb-tag", "Bomb!") : null, ` ${this.playName(play)} `,
          h("span.zs-play-tag", won ? "wins the trick" : newest ? "latest" : "beaten"))]);
    }
    if (this.notes[pid]) box.append(h("p.zs-note", this.notes[pid]));
    return box;
  }

  playName(play) {
    return (play.combo_name || comboName(play.combo)) + wildWords(play.combo);
  }

  centre() {
    const d = this.data, trick = d.trick || [], s = this.state();
    const parts = [];
    if (this.trickWinner) {
      const w = this.trickWinner, bomb = String(w.taker) !== String(w.player_id);
      parts.push(h("p.zs-trick-won", this.nameNode(w.player_id), " wins the trick",
        bomb ? [" with a bomb: its cards go to ", this.nameNode(w.taker)] : null));
    } else if (trick.length) {
      const top = trick[trick.length - 1].combo;
      parts.push(h("p.zs-to-beat", "To beat: ", h("strong", this.playName(trick[trick.length - 1])),
        top.kind === "bomb" ? " (only a higher bomb)" : " (same type, higher top, or a bomb; one pass ends the trick)"));
    } else if (d.reveal) {
      parts.push(h("p.zs-lead", "Hand over: the summary is below."));
    } else {
      const leader = ["playerTurn", "leadChoice"].includes(s.name) ? this.getActivePlayerId() : null;
      parts.push(h("p.zs-lead", leader !== null
        ? ["No cards on the table: ", this.nameNode(leader), s.name === "leadChoice" ? " may lead or let the dealer lead."
          : " leads."] : "No cards on the table."));
    }
    const latest = new Set(d.playerorder.map((id) => trick.map((p) => String(p.player_id)).lastIndexOf(String(id))));
    const earlier = trick.filter((_, i) => !latest.has(i));
    if (earlier.length) {
      parts.push(h("details.zs-earlier", h("summary", `Earlier plays in this trick (${earlier.length})`),
        h("ol.zs-plays", earlier.map((play) => this.playRow(play)))));
    }
    const last = d.last_trick;
    if (last && last.plays && !this.trickWinner) {
      parts.push(h("details.zs-last", h("summary", "Last trick: won by ", this.nameNode(last.winner),
        last.winner !== last.taker ? [" with a bomb; its cards went to ", this.nameNode(last.taker)] : null),
      h("ol.zs-plays", last.plays.map((play) => this.playRow(play)))));
    }
    return h("div.zs-centre", parts);
  }

  playRow(play) {
    return h("li.zs-play", { dataset: { player: play.player_id } },
      h("span.zs-play-who", this.nameNode(play.player_id), ": ", h("span.zs-combo", this.playName(play))),
      h("span.zs-cards", play.cards.map((c) => tableCard(c))));
  }

  /** While the auction runs (the contract then stands among the facts above the table). */
  renderAuction() {
    const auction = this.data.auction, s = this.state();
    if (s.name !== "auction" || !auction) { fill(this.els.auction); return; }
    const lines = [h("p", auction.bid == null
      ? (auction.dealer_passed ? "The dealer passed: the non-dealer may make one bid." : "No bid yet.")
      : ["Current bid: ", h("strong", plural(auction.bid, "card")), " by ", this.nameNode(auction.bidder)])];
    if (this.possible("bid")) {
      const lowest = (s.args && s.args.lowest) || 1;
      const select = h("select.zs-bid-select", { "aria-label": "Number of cards to bid" });
      for (let n = lowest; n <= MAX_BID; n += 1) select.append(h("option", { value: String(n) }, String(n)));
      lines.push(h("div.zs-bid-form", h("label", "Bid ", select, " cards"),
        h("button.action-button", { type: "button", on: { click: () => this.act("bid", { cards: Number(select.value) }) } }, "Bid"),
        h("span.muted", ` (at least ${lowest})`)));
    }
    fill(this.els.auction, h("h2", "Bidding"), lines);
  }

  /** Cards are buttons named for screen readers; playable and selected show by a mark, not colour alone. */
  renderHand(keepFocus) {
    const els = this.els;
    if (this.isSpectator || !(this.data.hand || []).length) { fill(els.hand); return; }
    const focused = keepFocus || els.hand.contains(document.activeElement) ? document.activeElement.dataset.card : null;
    const hand = this.data.hand || [];
    const myPlay = this.possible("playCards");
    const playable = new Set(myPlay ? this.state().args.playable || [] : []);
    const parts = [h("h2.zs-hand-title", "Your hand ", h("span.zs-count", `(${plural(hand.length, "card")}, ${cardPoints(hand)} points)`))];
    parts.push(h("div", { role: "group", "aria-label": "Your cards: Space selects, Enter plays",
      class: `zs-cards zs-hand-cards${myPlay ? " zs-choosing" : ""}` }, hand.map((c) => this.handCard(c, playable.has(c)))));
    parts.push(h("p.zs-legend.muted", myPlay ? [h("span.zs-dot-playable", { "aria-hidden": "true" }, "●"), " playable now · "] : null,
      h("span.zs-dot-points", { "aria-hidden": "true" }, "◆"), " worth points (7 9 J K: 2, a 2: 6, a joker: 12)"));
    if (this.selected.size) parts.push(this.selectionLine());
    fill(els.hand, parts);
    if (focused) {
      const again = els.hand.querySelector(`[data-card="${CSS.escape(focused)}"]`);
      if (again) again.focus();
    }
  }

  handCard(code, playable) {
    const on = this.selected.has(code);
    const classes = [...cardClasses(code), on ? "zs-selected" : null, playable ? "zs-playable" : null];
    const label = [cardName(code), points(code) ? `${points(code)} points` : null, playable ? "playable" : null]
      .filter(Boolean).join(", ");
    return h("button", {
      type: "button", class: classes.filter(Boolean).join(" "), "aria-pressed": on ? "true" : "false",
      "aria-label": label, title: label, dataset: { card: code, playable: playable ? "1" : "0" },
      on: {
        click: () => this.toggle(code),
        keydown: (event) => {
          if (event.key === "Enter") { event.preventDefault(); this.playSelected(); return; }
          const step = { ArrowRight: "nextElementSibling", ArrowLeft: "previousElementSibling" }[event.key];
          if (step && event.currentTarget[step]) { event.preventDefault(); event.currentTarget[step].focus(); }
        },
      },
    }, cardFace(code), on ? h("span.zs-check", { "aria-hidden": "true" }, "✓") : null);
  }

  /** What the selection is or why it cannot be played; a choice when the wilds can be read several ways. */
  selectionLine() {
    const options = this.selectionReadings();
    if (!options.length) {
      const any = readings([...this.selected]);
      return h("p.zs-reading.zs-bad", any.length
        ? `Selected: ${comboName(any[0])}, which does not beat ${comboName(this.currentCombo())}.`
        : "Selected cards are not a set, a run or a bomb.");
    }
    if (options.length === 1) return h("p.zs-reading", "Selected: ", h("strong", comboName(options[0]) + wildWords(options[0])));
    if (this.readingIndex >= options.length) this.readingIndex = 0;
    return h("fieldset.zs-readings", h("legend", "What the wilds stand for:"),
      options.map((r, i) => h("label.zs-choice", h("input", { type: "radio", name: "zs-reading", value: String(i),
        checked: i === this.readingIndex, on: { change: () => { this.readingIndex = i; this.renderButtons(); } } }),
      ` ${comboName(r)}${wildWords(r)}${i === 0 ? " (default)" : ""}`)));
  }

  toggle(code) {
    if (this.selected.has(code)) this.selected.delete(code); else this.selected.add(code);
    this.readingIndex = 0;
    this.renderHand(true);
    this.renderButtons();
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
      rows.push(row(`Bid of ${plural(bid.bid, "card")} ${bid.success ? "made" : "failed"}`,
        (pid) => (pid === getter ? `+${bid.amount}` : "0")));
    }
    rows.push(h("tr.zs-total", h("th", { scope: "row" }, "This hand"),
      ids.map((pid) => h("td", { dataset: { player: pid } }, String((result.total || {})[pid] ?? 0)))));
    if (this.lastHandScores) rows.push(row("Score after the hand", (pid) => String(this.lastHandScores[pid] ?? "")));
    return h("table.zs-result", h("thead", h("tr", h("th", { scope: "col" }, "Points"),
      ids.map((pid) => h("th", { scope: "col" }, this.nameNode(pid))))), h("tbody", rows));
  }

  renderSummary() {
    const reveal = this.data.reveal;
    if (!reveal || !reveal.result) { fill(this.els.summary); return; }
    const result = reveal.result;
    const n = result.cards_left;
    fill(this.els.summary, h("h2", `Hand ${this.data.hand_number} summary`),
      h("p.zs-went-out", this.nameNode(result.went_out), ` went out with ${plural(n, "card")} left in the opponent's hand: `,
        h("strong", `S(${n}) = 17×${n} − ${n}×${n - 1}/2 = ${result.going_out}`)),
      this.resultRows(result),
      Object.entries(reveal.hands || {}).map(([pid, cards]) => h("div.zs-row", h("span.zs-label", "Left in ",
        this.nameNode(pid), "'s hand:"), cards.length ? cards.map((c) => tableCard(c)) : h("span.muted", "none"))),
      h("div.zs-row", h("span.zs-label", `Undealt (${cardPoints(reveal.undealt)} points):`),
        (reveal.undealt || []).map((c) => tableCard(c))));
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

  // ----- actions
  async act(name, args = {}, options = {}) {
    if (this.busy) return;
    this.busy = true;
    try {
      this.sent = true;
      await this.bgaPerformAction(name, args, options);
      if (name === "playCards") { this.selected = new Set(); this.readingIndex = 0; }
    } catch {
      this.sent = false;   // refused: the shell says why, the selection stays
    } finally {
      this.busy = false;
      this.render();
      this.renderButtons();
    }
  }

  playSelected() {
    if (!this.possible("playCards") || !this.selected.size) return;
    const cards = (this.data.hand || []).filter((c) => this.selected.has(c));
    const options = this.selectionReadings();
    const args = { cards };
    if (options.length > 1 && this.readingIndex > 0 && options[this.readingIndex]) {
      const wilds = options[this.readingIndex].wilds || {};
      if (Object.keys(wilds).length) args.wilds = wilds;
    }
    this.act("playCards", args, { label: this.playLabel(options) });
  }

  /** "Play a pair of 6s" (the reading chosen), else "Play 3 cards": the Play button, and what a confirmation names. */
  playLabel(options) {
    const chosen = options[this.readingIndex] || options[0];
    return chosen ? `Play ${comboName(chosen)}` : `Play ${plural(this.selected.size, "card")}`;
  }

  renderButtons() {
    const bar = this.statusBar;
    bar.removeActionButtons();
    if (this.possible("playCards")) {
      const n = this.selected.size;
      // Cards the port reads no legal play in are still sent: the server's refusal names the rule they break.
      bar.addActionButton(n ? this.playLabel(this.selectionReadings()) : "Play",
        () => this.playSelected(), { id: "zs-play", disabled: !n || this.busy, title: n ? null : "Select cards to play" });
      if (n) {
        bar.addActionButton("Clear selection", () => {
          this.selected = new Set(); this.readingIndex = 0; this.renderHand(false); this.renderButtons();
        }, { color: "secondary" });
      }
    }
    if (this.possible("pass")) bar.addActionButton("Pass", () => this.act("pass"), { id: "zs-pass", color: "secondary" });
    if (this.possible("letDealerLead")) bar.addActionButton("Let the dealer lead", () => this.act("letDealerLead"), { color: "secondary" });
    if (this.possible("passBid")) bar.addActionButton("Pass (no bid)", () => this.act("passBid"), { color: "secondary" });
    if (this.possible("nextHand")) {   // nothing to take back: no confirmation asked
      bar.addActionButton("Next hand", () => this.act("nextHand", {}, { confirm: false }), { id: "zs-next" });
    }
  }
}
