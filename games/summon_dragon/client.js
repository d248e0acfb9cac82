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

let ctx = null;
let root = null;
let data = null;
let state = null;
const ui = {
  selected: new Set(),
  bidTricks: null,
  bidDesignation: "earth",
  dragonSuit: "earth",
  dragonDeclare: null,
  seenTrick: [],        // plays of the trick in progress, from notifications (the last trick of a hand)
  finalTrick: null,     // {plays, winner}: the last completed trick seen through notifications
  buttons: {},
};

// ----- cards -------------------------------------------------------------------------------------
function sortKey(code) {
  if (code === "dragon") return -1;
  const [rank, suit] = code.split("-");
  return SUITS.indexOf(suit) * 13 + RANKS.indexOf(rank);
}
export function sortHand(cards) { return [...cards].sort((a, b) => sortKey(a) - sortKey(b)); }

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

// ----- helpers -----------------------------------------------------------------------------------
function players() { return (ctx && ctx.players) || []; }
function player(id) { return players().find((p) => String(p.id) === String(id)); }
function nameOf(id) { return playerName(player(id)); }
function mySeat() { const me = player(ctx.me); return me ? me.seat : 0; }
function teamOf(id) { const p = player(id); return p ? p.seat % 2 : 0; }
function iAmActive() {
  return Boolean(!ctx.replay && state && ctx.view && ctx.view.table.status === "playing"
    && (state.active_players || []).includes(ctx.me));
}
function trumpOf(designation) { return SUITS.includes(designation) ? designation : null; }
function teamLabel(team) {
  const ids = (data.teams && data.teams[team]) || [];
  return ids.map((id, i) => [i ? " & " : "", nameOf(id)]);
}
function playable() { return new Set(state && state.name === "playerTurn" && iAmActive() ? state.args.playable || [] : []); }

// ----- module interface --------------------------------------------------------------------------
export function setup(rootEl, d, c) {
  ctx = c;
  root = rootEl;
  data = d;
  state = c.view.state;
  root.classList.add("sd-root");
  render();
}

export function update(d, view) {
  data = d;
  state = view.state;
  render();
}

export function onEnteringState(s, d) {
  state = s;
  data = d;
  ui.selected.clear();
  if (s.name === "bidding") ui.bidTricks = null;
  if (s.name === "playerTurn") ui.dragonDeclare = null;
  render();
}

export function onLeavingState() { ui.selected.clear(); }

export function onUpdateActionButtons(s, d) {
  state = s;
  data = d;
  addButtons();
}

export const notifications = {
  playCard(n) { ui.seenTrick.push({ player_id: n.args.player_id, card: n.args.card, suit: n.args.suit, declare: n.args.declare }); },
  trickWin(n) { ui.finalTrick = { plays: ui.seenTrick, winner: n.args.player_id }; ui.seenTrick = []; },
  newDeal() { ui.seenTrick = []; },
};

// ----- actions -----------------------------------------------------------------------------------
async function perform(name, args) {
  const ok = await ctx.perform(name, args);
  if (ok) ui.selected.clear();
  return ok;
}

function selectedCards() { return [...ui.selected].filter((c) => (data.hand || []).includes(c)); }

function bidChoice() {
  const min = (state.args && state.args.min_bid) || 3;
  if (!ui.bidTricks || ui.bidTricks < min) ui.bidTricks = min;
  return { tricks: ui.bidTricks, designation: ui.bidDesignation };
}

function dragonArgs() {
  const contract = data.contract || {};
  if (trumpOf(contract.designation)) return {};
  const led = state.args && state.args.led;
  const declare = ui.dragonDeclare || (contract.designation === "low-no-trump" ? "lowest" : "highest");
  return led ? { declare } : { suit: ui.dragonSuit, declare };
}

function playSelected(code) {
  const card = code || (selectedCards().length === 1 ? selectedCards()[0] : null);
  if (!card || !iAmActive() || state.name !== "playerTurn") return;
  perform("playCard", { card, ...(card === "dragon" ? dragonArgs() : {}) });
}

function discardSelected() {
  const count = state.args && state.args.count;
  const cards = selectedCards();
  if (!iAmActive() || state.name !== "discard" || cards.length !== count) return;
  perform("discard", { cards });
}

function addButtons() {
  if (!ctx || ctx.replay) return;
  ctx.clearActionButtons();
  ui.buttons = {};
  if (!iAmActive()) return;
  const possible = state.possible_actions || [];
  if (state.name === "bidding") {
    if (possible.includes("bid")) {
      const { tricks, designation } = bidChoice();
      ui.buttons.bid = ctx.addActionButton(`Bid ${tricks} ${DESIGNATION_NAMES[designation]}`,
        () => perform("bid", bidChoice()), { className: "sd-bid-button" });
    }
    if (possible.includes("pass") && state.args.can_pass !== false) {
      ctx.addActionButton("Pass", () => perform("pass", {}), { className: "secondary sd-pass-button" });
    }
  } else if (state.name === "chooseOption") {
    for (const option of state.args.options || []) {
      ctx.addActionButton(OPTION_LABELS[option] || option, () => perform("chooseOption", { option }),
        { className: `sd-option-${option}` });
    }
  } else if (state.name === "discard") {
    const count = state.args.count || 0;
    const n = selectedCards().length;
    const b = ctx.addActionButton(`Discard ${n} of ${count}`, discardSelected, { className: "sd-discard-button" });
    b.disabled = n !== count;
  } else if (state.name === "playerTurn") {
    const cards = selectedCards();
    const card = cards.length === 1 ? cards[0] : null;
    const ok = card && playable().has(card);
    const b = ctx.addActionButton(card ? `Play ${cardLabel(card)}` : "Play (select a card)", () => playSelected(),
      { className: "sd-play-button" });
    b.disabled = !ok;
  }
}

// ----- selection and keyboard --------------------------------------------------------------------
function toggle(code) {
  if (ctx.replay) return;
  const name = state && state.name;
  if (name === "playerTurn") {
    const had = ui.selected.has(code);
    ui.selected.clear();
    if (!had) ui.selected.add(code);
  } else if (name === "discard" && iAmActive()) {
    if (ui.selected.has(code)) ui.selected.delete(code);
    else if (ui.selected.size < (state.args.count || 0)) ui.selected.add(code);
  } else {
    return;
  }
  render(code);
  addButtons();
}

function onCardKey(event, code) {
  if (event.key === " " || event.key === "Spacebar") {
    event.preventDefault();
    toggle(code);
  } else if (event.key === "Enter") {
    event.preventDefault();
    if (state && state.name === "playerTurn") playSelected(code);
    else if (state && state.name === "discard") discardSelected();
  } else if (event.key === "ArrowRight" || event.key === "ArrowLeft") {
    const cards = [...root.querySelectorAll(".sd-hand .sd-card")];
    const i = cards.indexOf(event.currentTarget) + (event.key === "ArrowRight" ? 1 : -1);
    if (cards[i]) cards[i].focus();
  }
}

// ----- drawing -----------------------------------------------------------------------------------
function render(focusCode) {
  if (!root || !data) return;
  const focused = document.activeElement;
  const keep = focusCode || (focused && root.contains(focused) && focused.dataset ? focused.dataset.card : null);
  for (const c of [...ui.selected]) if (!(data.hand || []).includes(c)) ui.selected.delete(c);
  fill(root,
    renderInfo(),
    (state && state.name === "bidding") || (data.bids || []).length ? renderAuction() : null,
    state && state.name === "chooseOption" ? renderOptionPanel() : null,
    state && state.name === "discard" ? renderDiscardPanel() : null,
    data.contract ? renderTable() : null,
    renderHand(),
    renderSummary());
  if (keep) {
    const el = root.querySelector(`.sd-hand .sd-card[data-card="${CSS.escape(keep)}"]`);
    if (el) el.focus();
  }
}

function renderInfo() {
  const c = data.contract;
  const scores = data.team_scores || [0, 0];
  return h("div.sd-info",
    h("div.sd-chip", `Hand ${data.hand_number}`),
    h("div.sd-chip", "Dealer: ", nameOf(data.dealer)),
    c ? h("div.sd-chip.sd-contract", "Contract: ", nameOf(c.player_id), ` ${c.tricks} ${DESIGNATION_NAMES[c.designation]}`,
      c.option ? ` · ${OPTION_LABELS[c.option] || c.option}` : "",
      c.giver ? [" from ", nameOf(c.giver)] : "") : null,
    c ? h(`div.sd-chip.sd-trump${trumpOf(c.designation) ? `.sd-t-${c.designation}` : ""}`,
      trumpOf(c.designation) ? `Trump: ${SUIT_SYMBOL[c.designation]} ${DESIGNATION_NAMES[c.designation]} (Dragon highest)`
        : `No trump: ${c.designation === "low-no-trump" ? "lowest wins" : "highest wins"}`) : null,
    h("div.sd-chip.sd-scores", "Scores: ", teamLabel(0), ` ${scores[0]} · `, teamLabel(1), ` ${scores[1]}`,
      ` (target ${data.target})`));
}

function renderAuction() {
  const bids = data.bids || [];
  const high = state && state.args && state.args.high;
  const panel = h("section.sd-panel.sd-auction", { "aria-label": "Auction" }, h("h3", "Auction"),
    h("ol.sd-bids", bids.length ? bids.map((b) => h("li", { class: b.pass ? "sd-bid-pass" : "sd-bid-bid" }, nameOf(b.player_id),
      b.pass ? " passes" : ` bids ${b.tricks} ${DESIGNATION_NAMES[b.designation]}`)) : h("li.muted", "No bids yet.")),
    high ? h("p.sd-high", "Standing bid: ", nameOf(high.player_id), ` ${high.tricks} ${DESIGNATION_NAMES[high.designation]}`) : null);
  if (state && state.name === "bidding" && iAmActive() && (state.possible_actions || []).includes("bid")) {
    const { tricks } = bidChoice();
    const min = state.args.min_bid || 3;
    const numbers = [];
    for (let n = min; n <= 13; n += 1) numbers.push(n);
    const select = h("select.sd-bid-number", { "aria-label": "Tricks to bid",
      on: { change: (e) => { ui.bidTricks = Number(e.target.value); addButtons(); } } },
    numbers.map((n) => h("option", { value: String(n), selected: n === tricks ? true : undefined }, String(n))));
    select.value = String(tricks);
    const designations = h("div.sd-designations", { role: "radiogroup", "aria-label": "Designation" },
      DESIGNATIONS.map((d) => h("button.sd-desig", {
        type: "button", role: "radio", "aria-checked": String(ui.bidDesignation === d),
        class: `sd-desig${ui.bidDesignation === d ? " sd-on" : ""}`, dataset: { designation: d },
        on: { click: () => { ui.bidDesignation = d; render(); addButtons(); } },
      }, SUIT_SYMBOL[d] ? `${SUIT_SYMBOL[d]} ${DESIGNATION_NAMES[d]}` : DESIGNATION_NAMES[d])));
    panel.append(h("div.sd-bid-form", h("label", "Tricks ", select), designations));
    if (state.args.can_pass === false) panel.append(h("p.sd-note", "The other three passed: you must bid."));
  }
  return panel;
}

function renderOptionPanel() {
  if (!iAmActive()) return h("section.sd-panel", h("p", nameOf(state.active_players[0]), " chooses the option."));
  return h("section.sd-panel.sd-options", { "aria-label": "Option" }, h("h3", "Choose the option"),
    h("ul", (state.args.options || []).map((o) => h("li", h("strong", OPTION_LABELS[o] || o), ": ", OPTION_HELP[o] || ""))));
}

function renderDiscardPanel() {
  const counts = state.args.counts || {};
  const waiting = Object.entries(counts).filter(([, n]) => n).map(([id, n]) => h("li", nameOf(id), ` discards ${n}`));
  const mine = iAmActive() ? h("p.sd-note", `Select ${state.args.count} card${state.args.count === 1 ? "" : "s"} to discard face down`,
    ` (${selectedCards().length} selected).`) : null;
  return h("section.sd-panel.sd-discard", { "aria-label": "Discards" }, h("h3", "Discards"), mine, h("ul", waiting));
}

function seatOrder() {
  const base = mySeat();
  return [0, 1, 2, 3].map((k) => players().find((p) => p.seat === (base + k) % 4)).filter(Boolean);
}

function renderTable() {
  const c = data.contract;
  const trick = data.trick || [];
  const led = trick.length ? trick[0].suit : null;
  const positions = ["bottom", "left", "top", "right"];
  const active = new Set((state && state.active_players) || []);
  const taken = data.tricks_taken || [0, 0];
  const bidTeam = teamOf(c.player_id);
  const seats = seatOrder().map((p, k) => {
    const play = trick.find((t) => String(t.player_id) === String(p.id));
    return h(`div.sd-seat.sd-${positions[k]}`, { dataset: { player: p.id },
      class: `sd-seat sd-${positions[k]}${active.has(p.id) ? " sd-active" : ""}`, style: `--seat:${seatColour(p.seat)}` },
    h("div.sd-who", playerName(p), p.id === c.player_id ? h("span.sd-tag", "bidder") : null,
      p.id === data.dealer ? h("span.sd-tag", "dealer") : null),
    h("div.sd-count", `${(data.hand_sizes || {})[String(p.id)] ?? "?"} cards`),
    play ? cardFace(play.card, play) : h("div.sd-slot", active.has(p.id) ? "…" : ""));
  });
  const last = data.last_trick || (ui.finalTrick && !trick.length ? ui.finalTrick : null);
  return h("section.sd-panel.sd-table", { "aria-label": "The trick" },
    h("div.sd-trick-head",
      h("span.sd-chip", `Trick ${state && state.args && state.args.trick_number ? state.args.trick_number : Math.min(12, (data.last_trick ? data.last_trick.number : 0) + 1)} of 12`),
      h("span.sd-chip.sd-led", led ? `Led: ${SUIT_SYMBOL[led]} ${led}` : "Led: —"),
      h("span.sd-chip.sd-taken", "Tricks (units): ", teamLabel(bidTeam), ` ${taken[bidTeam]} of ${c.tricks} bid · `,
        teamLabel(1 - bidTeam), ` ${taken[1 - bidTeam]}`)),
    h("div.sd-felt", seats),
    last && last.plays && last.plays.length ? h("div.sd-last", h("span.sd-last-title", "Last trick: ", nameOf(last.winner), " won"),
      h("div.sd-last-cards", last.plays.map((p) => h("div.sd-last-play", cardFace(p.card, { ...p, small: true }), nameOf(p.player_id)))))
      : null,
    renderDragonChoice());
}

function renderDragonChoice() {
  const c = data.contract;
  if (!c || trumpOf(c.designation) || !iAmActive() || state.name !== "playerTurn" || !ui.selected.has("dragon")) return null;
  const led = state.args.led;
  const declare = ui.dragonDeclare || (c.designation === "low-no-trump" ? "lowest" : "highest");
  const choice = (values, current, set, label) => h("div.sd-choice", { role: "radiogroup", "aria-label": label },
    values.map((v) => h("button", { type: "button", role: "radio", "aria-checked": String(v === current),
      class: `sd-desig${v === current ? " sd-on" : ""}`, on: { click: () => { set(v); render(); addButtons(); } } }, v)));
  return h("div.sd-dragon-choice", h("strong", "The Dragon's declaration: "),
    led ? h("span", `played as ${led}, `) : choice(SUITS, ui.dragonSuit, (v) => { ui.dragonSuit = v; }, "Dragon suit"),
    choice(["highest", "lowest"], declare, (v) => { ui.dragonDeclare = v; }, "Dragon declaration"));
}

function renderHand() {
  const hand = sortHand(data.hand || []);
  if (!hand.length && !ctx.me) return null;
  const ok = playable();
  const discarding = state && state.name === "discard" && iAmActive();
  const myTurn = state && state.name === "playerTurn" && iAmActive();
  const cards = hand.map((code) => {
    const el = cardFace(code);
    el.classList.add("sd-in-hand");
    if (ui.selected.has(code)) el.classList.add("sd-selected");
    if (myTurn) el.classList.add(ok.has(code) ? "sd-playable" : "sd-unplayable");
    el.tabIndex = 0;
    el.setAttribute("role", "button");
    el.setAttribute("aria-pressed", String(ui.selected.has(code)));
    el.setAttribute("aria-label", `${cardLabel(code)}${myTurn && !ok.has(code) ? " (not playable)" : ""}`);
    el.addEventListener("click", () => toggle(code));
    el.addEventListener("dblclick", () => { if (myTurn) playSelected(code); });
    el.addEventListener("keydown", (e) => onCardKey(e, code));
    return el;
  });
  const discards = data.my_discards || [];
  return h("section.sd-panel.sd-hand-wrap", { "aria-label": "Your hand" },
    h("h3", `Your hand (${hand.length})`, myTurn ? h("span.sd-hint", " click or Space to select, Enter to play") : null,
      discarding ? h("span.sd-hint", " click or Space to select, Enter to discard") : null),
    h(`div.sd-hand${discarding ? ".sd-discarding" : ""}`, cards),
    discards.length ? h("div.sd-my-discards", h("span", "Your discards (face down): "),
      discards.map((c) => cardFace(c, { small: true }))) : null);
}

function renderSummary() {
  const r = data.last_hand;
  if (!r) return null;
  const B = r.tricks;
  const team = teamOf(r.bidder);
  const T = r.taken[team];
  const made = T >= B;
  const noHelp = r.option === "no-help";
  const formula = made
    ? `10×${B} + 5×(${T}−${B})${noHelp ? " + 25 (no help)" : ""} = ${r.delta[team]}`
    : `−(10×${B} + 5×(${B}−${T})) = ${r.delta[team]}`;
  const last = ui.finalTrick && !(data.trick || []).length && !data.last_trick ? ui.finalTrick : null;
  return h("section.sd-panel.sd-summary", { "aria-label": "Last hand" },
    h("h3", `Hand ${r.hand_number} result`),
    h("p", nameOf(r.bidder), ` bid ${B} ${DESIGNATION_NAMES[r.designation]} (${OPTION_LABELS[r.option] || r.option}); `,
      `the bidders took ${T} of 13 units: `, h("strong", made ? "made" : "set"), "."),
    h("table.sd-score-table",
      h("thead", h("tr", h("th", "Team"), h("th", "Units"), h("th", "Formula"), h("th", "Points"), h("th", "Total"))),
      h("tbody", [team, 1 - team].map((t) => h("tr", { dataset: { team: t } },
        h("th", teamLabel(t), t === team ? " (bidders)" : " (defenders)"),
        h("td", String(r.taken[t])),
        h("td", t === team ? formula : `5×(13−${T}) = ${r.delta[t]}`),
        h("td.sd-points", (r.delta[t] > 0 ? "+" : "") + r.delta[t]),
        h("td.sd-total", String(r.scores[t])))))),
    last ? h("div.sd-last", h("span.sd-last-title", "Final trick (worth two): ", nameOf(last.winner), " won"),
      h("div.sd-last-cards", last.plays.map((p) => h("div.sd-last-play", cardFace(p.card, { ...p, small: true }), nameOf(p.player_id)))))
      : null);
}
